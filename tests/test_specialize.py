"""Specialized plans (wirestruct.output.specialize) against the generic plans they replace: the same
JSON for every event of every sample and for fields whose types change from object to
object, in every output mode."""
import enum
import gc
import math
import weakref
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plan_structs.structs import Color, Leaf, Node, Vector
from test_jsonify import SAMPLES, events
from wirestruct.core.events import PacketEvent
from wirestruct.output.serialize import MAX_SAFE_INTEGER, Serializer, dumps
from wirestruct.output.specialize import MAX_TYPES

MODES = [{}, {"raw": True}, {"big_ints": "string"}, {"enum_names": False},
         {"raw": True, "big_ints": "string", "instances": False}]


class Generic(Serializer):
    """The serializer with its generic plans only."""

    def _specializing(self, generic, specialized):
        return generic

    def _view_plan(self, view):
        return lambda v, f: self._value(view(v), f)


def same(a, b):
    """Equal JSON data, NaN included (compared through its text)."""
    return dumps(a) == dumps(b)


@pytest.mark.parametrize("mode", MODES, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items())
                         or "readable")
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_event_is_what_the_generic_plans_give(name, mode):
    specialized, generic = Serializer(**mode), Generic(**mode)
    packets = [e for e in events(name) if isinstance(e, PacketEvent)]
    for event in packets:
        assert specialized.dumps(event) == generic.dumps(event)
    # Every class met is converted by its specialized plan now.
    assert all(getattr(plan, "__name__", "") != "first" for plan in specialized._plans.values())


# -- fields whose types change ----------------------------------------------------------
class Shade(enum.Enum):
    DARK = 0


numbers = st.one_of(st.integers(-2**70, 2**70), st.sampled_from([MAX_SAFE_INTEGER,
                    MAX_SAFE_INTEGER + 1, -MAX_SAFE_INTEGER - 1]),
                    st.floats(allow_nan=True, allow_infinity=True), st.booleans())
scalars = st.one_of(numbers, st.none(), st.text(max_size=4), st.binary(max_size=4),
                    st.sampled_from([Color.RED, Color.GREEN, Shade.DARK]))
leaves = st.builds(lambda a, b: Leaf([a, b]), scalars, scalars)
vectors = st.builds(Vector, st.lists(st.one_of(numbers, leaves), min_size=3, max_size=3))
values = st.one_of(scalars, leaves, vectors, st.lists(st.one_of(leaves, scalars), max_size=3),
                   st.dictionaries(st.text(max_size=2), scalars, max_size=2))
nodes = st.recursive(st.builds(lambda v, i: Node([v, i, None]), values, st.lists(leaves, max_size=3)),
                     lambda inner: st.builds(lambda v, i, c: Node([v, i, c]), values,
                                             st.lists(leaves, max_size=3), inner), max_leaves=4)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(nodes, min_size=1, max_size=12), st.sampled_from(MODES))
def test_fields_of_changing_types_convert_as_the_generic_plans_do(objects, mode):
    specialized, generic = Serializer(**mode), Generic(**mode)
    for obj in objects:
        assert same(specialized.value(obj), generic.value(obj))


def test_a_field_gets_a_branch_per_type_up_to_the_limit():
    kinds = [1, 1.5, "a", True, None, b"x", Color.RED, Shade.DARK, [1], {"k": 1},
             Leaf([1, None]), Vector([1.0, 2.0, 3.0]), math.inf, 2**80, bytearray(b"y"),
             (1, 2), frozenset({3})]
    objects = [Node([kind, [], None]) for kind in kinds * 2]
    specialized, generic = Serializer(), Generic()
    for obj in objects:
        assert same(specialized.value(obj), generic.value(obj))
    plan = specialized._plans[Node]
    types = {type(k) for k in kinds}
    assert len(types) > MAX_TYPES
    assert len(plan.__globals__["miss"].__self__.seen["value"]) == MAX_TYPES
    assert plan.__code__.co_filename == "<wirestruct plan of structs:Node>"


def test_a_plan_called_by_another_sees_the_child_rebuilt():
    specialized, generic = Serializer(), Generic()
    first = Node([1, [Leaf([1, 2])], Node([2, [], None])])
    later = Node([1, [Leaf(["text", 2.5])], Node([Color.RED, [Leaf([float("nan"), None])], None])])
    for obj in (first, first, later, later):
        assert same(specialized.value(obj), generic.value(obj))
    assert specialized.value(later)["items"][0] == {"first": "text", "second": 2.5,
                                                    "twice": "texttext", "color": "text"}


def test_threads_sharing_a_serializer_get_the_generic_plans_output():
    """Branches are added under a lock: threads converting objects whose field types keep
    changing, through one serializer, all get what the generic plans give."""
    kinds = [1, 1.5, "a", True, None, b"x", Color.RED, Leaf([1, None]), [Leaf([2, 3])],
             Vector([1.0, 2.0, 3.0]), 2**80, {"k": 1}]
    objects = [Node([kinds[(i * 7 + j) % len(kinds)], [Leaf([kinds[j % len(kinds)], None])],
                     None]) for i in range(40) for j in range(3)]
    expected = [dumps(Generic().value(obj)) for obj in objects]
    for _ in range(5):
        shared = Serializer()
        with ThreadPoolExecutor(4) as pool:
            got = list(pool.map(lambda obj: dumps(shared.value(obj)), objects))
        assert got == expected


def test_a_plan_keeps_no_value_it_has_seen():
    """Branches are built from types: a field's value (a packet's bytes, a struct and the
    packet it belongs to) is not kept alive by the plan that saw it."""
    serializer = Serializer()
    leaf, data = Leaf([1, None]), Leaf([b"\x00" * 1000, None])
    first = Node([leaf, [leaf], None])
    later = Node([data, [], Node([1.5, [data], None])])     # met by the specialized plan
    for obj in (first, later, Node([2, [], None])):
        serializer.value(obj)
    refs = [weakref.ref(obj) for obj in (leaf, data, first, later)]
    del leaf, data, first, later, obj
    gc.collect()
    assert [ref() for ref in refs] == [None] * 4
