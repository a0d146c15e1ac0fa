"""The one serializer: events and parsed objects to JSON, for the command line and the API.

    from wirestruct.output.serialize import event_json, dumps_event

    event_json(event)                    # the dict `wirestruct decode` prints for the event
    dumps_event(event)                   # the same, as one line of UTF-8 JSON bytes (orjson)
    dumps_event(event, raw=True, big_ints="string")

An event becomes ``{"index", "record", "t", "dir", "stream", ["frame", "src", "dst"],
"id", "name", ["parent"], "fields", ["expansions"]}`` (a packet) or ``{"index", "record",
"t", "dir", "stream", ["frame", "src", "dst"], "error", "message", ...}`` (an error, with
``expected``, ``dropped``/``dropped_unit`` and where it happened when known).
``wirestruct.to_jsonable(event)`` returns the same dict. ``frame`` (the capture frame
that carried the packet's first byte, numbered from 1 as tshark numbers them) and
``src``/``dst`` ("address:port", IPv6 addresses in brackets) are there when the capture
gives them (pcap and pcapng). ``t`` is seconds; in the dict it is a float, in the JSON
text it is written exactly when the capture gives the time exactly (every digit of
the integer nanoseconds, :func:`wirestruct.core.records.seconds_text`).

Readable output (the default) shows values, not encodings (:mod:`wirestruct.output.presentation`):

- enum values by their names (unknown values as integers);
- wire encodings of one value (varints, fixed point, null-terminated strings, floats
  read as bits) as that value; jump tables and their bookkeeping fields left out;
- vectors (a type whose fields are ``x``, ``y``, ``z`` [, ``w``]) as ``{"x", "y", "z"[, "w"]}``
  in that order, whatever the wire order;
- UUIDs as canonical ``8-4-4-4-12`` text, by the byte order each field is
  documented with (`le u128` or `be u128`), also where a bit stream reads one as 16
  bit fields (a protocol's ``field_values``);
- padding bits left out while they are zero (a protocol's ``zero_fields``), and the bit
  counts they follow from (``hidden_fields``);
- bytes as ``{"hex": "<lowercase hex>"}``, so they never look like text; a string whose
  bytes are not valid in its encoding as ``{"text": ..., "hex": ...}`` (U+FFFD for the bad
  bytes, and the bytes as they were: :mod:`wirestruct.core.lossy`), in raw output too;
- non-finite floats as the strings ``"NaN"``, ``"Infinity"``, ``"-Infinity"`` (strict JSON).

``raw=True`` gives the parse as the specs define it, close to the Web IDE's JSON export:
every sequence field then every instance (internals ``_io``, ``_parent``, ``_root``,
``_raw_*``, ``_m_*`` skipped), bytes as plain lowercase hex, wrappers and jump tables kept.

``big_ints="string"`` writes integers beyond 2^53 - 1 in magnitude (JavaScript's
``Number.MAX_SAFE_INTEGER``; jq 1.6 rounds them too) as decimal strings; the default
writes every integer as an exact JSON number.

How an object is shown is worked out once per class (its fields and instances, whether
it is a vector, a wrapper, hidden) and cached in the serializer; from a class's second
object on, it is converted by code specialized to the types its fields hold
(:mod:`wirestruct.output.specialize`), with the same output. A generated class's
parameters and fields in spec order, and which of its instances are the enum of one value
or one value compared with an integer, come from its package's ``__init__``, which
``wirestruct regen`` writes; a class of any other package is converted by reflection.
"""
from __future__ import annotations

import enum
import json
import math
import sys
from collections.abc import Callable
from typing import Any

import orjson
from kaitaistruct import KaitaiStruct
from wirestruct.core.events import PacketEvent, Unparsed, packet_slot, readable_fields
from wirestruct.core.lossy import LossyStr
from wirestruct.core.records import seconds_text
from wirestruct.output import presentation
from wirestruct.output.specialize import SpecializedPlan, ValueFunction, computed, is_zero

#: Largest integer every JSON reader holds exactly (JavaScript's Number.MAX_SAFE_INTEGER).
MAX_SAFE_INTEGER = 2**53 - 1
BIG_INTS = ("number", "string")

_HIDE: Any = object()  # a value readable output leaves out
_MISSING: Any = object()
HIDDEN = _HIDE  #: what Serializer.value returns for a value readable output leaves out
_INSTANCES: dict[type, tuple[str, ...]] = {}

Plan = Callable[[Any, str | None], Any]


def instance_names(cls: type) -> tuple[str, ...]:
    """Public instances (properties) a generated class declares, in declaration order."""
    names = _INSTANCES.get(cls)
    if names is None:
        names = tuple(name for name, value in vars(cls).items()
                      if isinstance(value, property) and not name.startswith("_"))
        _INSTANCES[cls] = names
    return names


#: generated package -> the package (None: not one ``wirestruct regen`` wrote)
_CLASS_FACTS: dict[str, Any] = {}


def _class_facts(cls: type) -> Any:
    """The package of a generated class, whose ``__init__`` ``wirestruct regen`` writes
    with what the serializer reads about its classes: ``FIELDS`` (per class its parameters
    and sequence fields), ``ENUM_OF`` and ``EQUALS`` (instances computed from one value),
    taken from the specs and the compiler's output at regeneration."""
    package = cls.__module__.rpartition(".")[0]
    facts = _CLASS_FACTS.get(package, _MISSING)
    if facts is _MISSING:
        found = sys.modules.get(package) if issubclass(cls, KaitaiStruct) else None
        tables = [getattr(found, name, None) for name in ("FIELDS", "ENUM_OF", "EQUALS")]
        facts = _CLASS_FACTS[package] = found if all(type(t) is dict for t in tables) \
            else None
    return facts


def _fields(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    facts = _class_facts(cls)
    found = facts.FIELDS.get(presentation.class_key(cls)) if facts is not None else None
    return found if found is not None else ((), ())


def seq_names(cls: type) -> tuple[str, ...]:
    """The parameters and then the sequence fields of a generated class, in spec order
    (a type read in either byte order lists them once); empty for a class that
    ``wirestruct regen`` did not generate."""
    params, seq = _fields(cls)
    return params + seq


def param_names(cls: type) -> tuple[str, ...]:
    """The parameters of a generated class."""
    return _fields(cls)[0]


def enum_instance(cls: type, name: str) -> tuple[type[enum.Enum], str] | None:
    """``(enum class, source name)`` when instance ``name`` of generated class ``cls`` is
    the enum of another of its values (a field or instance) and nothing else; None for
    every other instance, and for classes ``wirestruct regen`` did not generate."""
    facts = _class_facts(cls)
    found = facts.ENUM_OF.get((presentation.class_key(cls), name)) if facts else None
    if found is None:
        return None
    path, source = found
    target: Any = sys.modules.get(cls.__module__)
    for part in path.split("."):
        target = getattr(target, part, None)
    if not (isinstance(target, type) and issubclass(target, enum.Enum)):
        return None
    return target, source


def equals_instance(cls: type, name: str) -> tuple[str, bool, int] | None:
    """``(source name, through its value, integer)`` when instance ``name`` of generated
    class ``cls`` is one value (or that value's ``value``) compared with an integer."""
    facts = _class_facts(cls)
    return facts.EQUALS.get((presentation.class_key(cls), name)) if facts else None


class Serializer:
    """Converts events and parsed objects to JSON-able data with one set of options;
    per-class plans are built on first use and kept."""

    def __init__(self, *, raw: bool = False, big_ints: str = "number",
                 enum_names: bool = True, instances: bool = True) -> None:
        if big_ints not in BIG_INTS:
            raise ValueError(f"big_ints must be one of {', '.join(BIG_INTS)}, not {big_ints!r}")
        self.raw = raw
        self.big_strings = big_ints == "string"
        self.enum_names = enum_names
        self.instances = instances
        self._plans: dict[type, Plan] = {}
        #: classes shown as their `value` instance -> what reads it
        self._unwrap: dict[type, Callable[[Any], Any]] = {}
        self._enum_shown: dict[type, dict[Any, Any]] = {}  # enum class -> member -> shown
        self._value: ValueFunction = self._make_value()
        #: readable output with every default: a packet's fields may come as its decoder
        #: read them (:class:`wirestruct.core.events.Unparsed`)
        self._default = not raw and not self.big_strings and enum_names and instances
        #: raw output with every other default: its fields may come from the decoder's
        #: raw reader (``Unparsed.read_raw``)
        self._raw_default = raw and not self.big_strings and enum_names and instances

    # -- values ---------------------------------------------------------------------------
    def value(self, v: Any, field: str | None = None) -> Any:
        """``v`` (a parsed object, or any value inside one) as JSON-able data."""
        return self._value(v, field)

    def _make_value(self) -> ValueFunction:
        big = self.big_strings
        raw = self.raw
        plans = self._plans
        make = self._plan
        hide = _HIDE
        limit = MAX_SAFE_INTEGER

        def value(v: Any, field: str | None = None) -> Any:
            t = type(v)
            if t is int:
                if big and (v > limit or v < -limit):
                    return str(v)
                return v
            if t is str or t is bool or v is None:
                return v
            if t is float:
                return v if v - v == 0.0 else nonfinite_text(v)
            if t is list:
                out: list[Any] = []
                append = out.append
                for item in v:
                    plan = plans.get(type(item))  # structs: straight to their plan
                    append(plan(item, field) if plan is not None else value(item, field))
                return out if raw or hide not in out else [x for x in out if x is not hide]
            plan = plans.get(t)
            if plan is None:
                plan = plans[t] = make(t)
            return plan(v, field)

        return value

    def event(self, event: Any) -> dict[str, Any]:
        """The JSON object of a PacketEvent or ErrorEvent."""
        if isinstance(event, PacketEvent):
            out = {"index": event.index, "record": event.record, "t": event.t,
                   "dir": event.direction.label, "stream": event.stream}
            if event.frame is not None:
                out["frame"] = event.frame
            if event.ends is not None:
                out["src"], out["dst"] = event.ends
            out["id"], out["name"] = event.packet_id, event.name
            if event.parent is not None:
                out["parent"] = event.parent
            packet = packet_slot(event)
            if packet.__class__ is not Unparsed:
                out["fields"] = self._value(packet)
            elif self._default:
                out["fields"] = readable_fields(packet)
            else:
                fields = packet.read_raw(packet.data) \
                    if self._raw_default and packet.read_raw is not None else None
                out["fields"] = self._value(event.packet) if fields is None else fields
            if event.expansions:
                out["expansions"] = self._value(dict(event.expansions))
            return out
        out = {"index": event.index, "record": event.record, "t": event.t,
               "dir": event.direction.label if event.direction is not None else None,
               "stream": event.stream}
        if event.frame is not None:
            out["frame"] = event.frame
        if event.ends is not None:
            out["src"], out["dst"] = event.ends
        out.update(self._value(event.error.to_json()))
        return out

    def dumps(self, event: Any, *, line: bool = False) -> bytes:
        """One event as compact UTF-8 JSON (``line``: with its newline), its time exact."""
        return exact_time(event, dumps(self.event(event), line=line))

    # -- plans ----------------------------------------------------------------------------
    def _plan(self, t: type) -> Plan:
        if issubclass(t, KaitaiStruct):
            return self._struct_plan(t)
        if issubclass(t, enum.Enum):
            shown = self._shown(t)
            return lambda v, f: shown[v]
        if issubclass(t, bool):
            return lambda v, f: bool(v)
        if issubclass(t, int):
            return lambda v, f: self._value(int(v), f)
        if issubclass(t, float):
            return lambda v, f: self._value(float(v), f)
        if issubclass(t, LossyStr):     # not valid in its encoding: its text and bytes
            return lambda v, f: {"text": str(v), "hex": v.raw.hex()}
        if issubclass(t, str):
            return lambda v, f: str(v)
        if issubclass(t, (bytes, bytearray, memoryview)):
            if self.raw:
                return lambda v, f: bytes(v).hex()
            return lambda v, f: {"hex": bytes(v).hex()}
        if issubclass(t, (list, tuple)):
            return lambda v, f: self._value(list(v), f)
        if issubclass(t, dict):
            return self._dict_plan
        if issubclass(t, (set, frozenset)):
            return lambda v, f: sorted(self._value(item) for item in v)
        if not self.raw:
            view = presentation.object_view(t)
            if view is not None:
                return self._view_plan(view)
        if hasattr(t, "to_json"):
            return lambda v, f: self._value(v.to_json(), f)
        if hasattr(t, "__dataclass_fields__"):
            names = tuple(t.__dataclass_fields__)
            return lambda v, f: {name: self._value(getattr(v, name), name) for name in names}
        if hasattr(t, "tolist"):  # numpy scalars and arrays
            return lambda v, f: self._value(v.tolist(), f)
        return lambda v, f: str(v)

    def _derivation(self, cls: type, name: str) -> Callable[[dict[str, Any]], Any] | None:
        """How instance ``name`` of ``cls`` is shown straight from the values it is computed
        from (the object's ``__dict__`` in, the shown value or ``_MISSING`` out), for the
        instances the compiler writes as one simple expression; None for the others, which
        are computed. Enums of one value: a dict lookup, the member's name (or value), the
        value itself when no member has it (as resolve_enum leaves it). One value, or the
        ``value`` of a wrapper this serializer reads, compared with an integer."""
        value, unwrap, missing = self._value, self._unwrap, _MISSING
        found_enum = enum_instance(cls, name)
        if found_enum is not None:
            members, source = found_enum
            source_key = "_m_" + source
            by_value = {member.value: text for member, text in self._shown(members).items()}

            def enum_of(d: dict[str, Any]) -> Any:
                raw = d.get(source, missing)
                if raw is missing:
                    raw = d.get(source_key, missing)
                    if raw is missing:
                        return missing
                item = by_value.get(raw, raw)
                return item if type(item) is str else value(item, name)

            return enum_of
        found = equals_instance(cls, name)
        if found is None:
            return None
        source, through_value, number = found
        if not through_value:
            def equals(d: dict[str, Any]) -> Any:
                item = d.get(source, missing)
                return missing if item is missing else item == number

            return equals

        def value_equals(d: dict[str, Any]) -> Any:
            item = d.get(source, missing)
            getter = unwrap.get(type(item))
            return missing if getter is None else getter(item) == number

        return value_equals

    def _view_plan(self, view: Callable[[Any], dict[str, Any]]) -> Plan:
        """The plan of a runtime object shown as its view, a dict of the same keys every
        time: specialized as a class's fields are, from the first view's values (a view
        of another size is converted as any dict is)."""
        dict_plan = self._dict_plan

        def first(v: Any, field: str | None) -> Any:
            d = view(v)
            specialized = SpecializedPlan(
                self, fields=tuple((k, k) for k in d), slow=self._value, missing=_MISSING,
                hide=_HIDE, mapping=True, safe=MAX_SAFE_INTEGER,
                label=presentation.class_key(type(v)))
            out = dict_plan(d, field)
            specialized.observe(d)
            keys, plan = len(d), specialized.build()
            self._plans[type(v)] = lambda v, f: plan(d, f) if len(d := view(v)) == keys \
                else dict_plan(d, f)
            return out

        return first

    def _shown(self, t: type[enum.Enum]) -> dict[Any, Any]:
        """Enum member -> what output shows for it (its name, or its value)."""
        shown = self._enum_shown.get(t)
        if shown is None:
            shown = self._enum_shown[t] = {
                member: member.name if self.enum_names else self._value(member.value)
                for member in t}
        return shown

    def _dict_plan(self, v: Any, field: str | None) -> dict[str, Any]:
        out = {}
        value = self._value
        for key, item in v.items():
            if type(key) is str:    # the common case: a name, as it is
                converted = value(item, key)
                if converted is not _HIDE:
                    out[key] = converted
                continue
            converted = value(item, key if isinstance(key, str) else field)
            if converted is not _HIDE:
                out[str(value(key))] = converted
        return out

    def _struct_plan(self, cls: type) -> Plan:
        instances = instance_names(cls) if self.instances else ()
        hidden: frozenset = frozenset()
        if not self.raw:
            custom = presentation.value_of(cls)
            getter = presentation.value_instance(cls)
            if getter is not None:
                self._unwrap[cls] = getter
            if custom is not None:
                value_of = self._value

                def shown(v: Any, f: str | None) -> Any:
                    item = custom(v, f)
                    t = type(item)
                    if t is str or (t is float and item - item == 0.0):
                        return item             # a UUID's text, a float read from bits
                    return value_of(item, f)

                return shown
            if presentation.is_hidden(cls):
                return lambda v, f: _HIDE
            # A vector holds its components and nothing else it reads (parameters, such
            # as the bits a float is made from, and computed instances may come along).
            fields = tuple(n for n in seq_names(cls) if n not in param_names(cls))
            order = presentation.vector_order(
                tuple(n for n in fields + instances if len(n) == 1))
            if order is not None and all(len(n) == 1 for n in fields):
                return self._vector_plan(cls, order)
            hidden = presentation.hidden_fields(cls)
            return self._struct_fields(cls, instances, hidden, presentation.end_marker(cls),
                                       presentation.zero_fields(cls),
                                       presentation.field_values(cls))
        return self._struct_fields(cls, instances, hidden)

    def _vector_plan(self, cls: type, order: tuple[str, ...]) -> Plan:
        value = self._value
        plans = self._plans
        unwrap = self._unwrap

        def component(item: Any, name: str) -> Any:
            t = type(item)
            getter = unwrap.get(t)
            if getter is not None:      # a component read from bits: its float
                item = getter(item)
                t = type(item)
            if t is float and item - item == 0.0:
                return item
            plan_of = plans.get(t)
            return plan_of(item, name) if plan_of is not None else value(item, name)

        def vector(v: Any, field: str | None) -> dict[str, Any]:
            d = v.__dict__
            return {name: component(d[name] if name in d else getattr(v, name), name)
                    for name in order}

        return self._specializing(vector, SpecializedPlan(
            self, fields=tuple((name, name) for name in order), slow=component,
            missing=_MISSING, hide=_HIDE, components=True, safe=MAX_SAFE_INTEGER,
            label=presentation.class_key(cls)))

    def _struct_fields(self, cls: type, instances: tuple[str, ...], hidden: frozenset,
                       end: str | None = None, zero: frozenset = frozenset(),
                       shown_as: dict[str, Any] | None = None) -> Plan:
        """The plan of a generated class: its fields, then its instances (each read from
        the value the class keeps once computed, ``_m_<name>``, else computed: what the
        instance's property does itself), converted; hidden when its ``end`` instance,
        the closing entry of a table, is true. Fields named in ``zero`` are left out
        while zero (:func:`is_zero`); those in ``shown_as`` are shown as its ``show``
        function's value of them."""
        hide = _HIDE
        missing = _MISSING
        names = tuple(n for n in seq_names(cls) if n not in hidden)
        instances = tuple(n for n in instances if n not in hidden and n not in names)
        zero = frozenset(n for n in names if n in zero)
        custom = {n: rule[0] for n, rule in (shown_as or {}).items() if n in names}
        convert = self._converter()

        derive = {name: self._derivation(cls, name) for name in instances}
        instance_keys = tuple((name, "_m_" + name, derive[name]) for name in instances)
        closing = self._closing(cls, end) if end is not None else None

        def plan(v: Any, field: str | None) -> dict[str, Any]:
            """The generic plan: a class's first object (and the reference the specialized
            plans are tested against)."""
            d = v.__dict__
            if closing is not None and closing(v, d):
                return hide
            out: dict[str, Any] = {}
            for name in names:
                item = d.get(name, missing)
                if item is not missing and name in custom:
                    out[name] = custom[name](item)
                elif item is not missing and not (name in zero and is_zero(item)):
                    converted = convert(item, name)
                    if converted is not hide:
                        out[name] = converted
            for name, key, derived in instance_keys:
                item = d.get(key, missing)
                if item is missing and derived is not None:
                    shown = derived(d)
                    if shown is not missing:
                        out[name] = shown
                        continue
                if item is missing:
                    item = computed(v, name, missing)
                    if item is missing:
                        continue
                converted = convert(item, name)
                if converted is not hide:
                    out[name] = converted
            return out

        if not names:
            return _reflect_plan(convert, hidden, instances)

        derived = {name: found for name, found in derive.items() if found is not None}
        return self._specializing(plan, SpecializedPlan(
            self, fields=tuple((n, n) for n in names) + tuple((key, n) for n, key, _ in
                                                               instance_keys),
            slow=convert, missing=missing, hide=hide, derived=derived,
            computed=frozenset(instances) - frozenset(derived),
            closing=closing, zero=zero, custom=custom, safe=MAX_SAFE_INTEGER,
            label=presentation.class_key(cls)))

    def _closing(self, cls: type, end: str) -> Callable[[Any, dict[str, Any]], Any]:
        """Whether an object of ``cls`` is the closing entry of its table: its ``end``
        instance, as kept (``_m_<end>``), derived from its values, or computed."""
        missing = _MISSING
        end_key = "_m_" + end
        end_derive = self._derivation(cls, end)

        def closing(v: Any, d: dict[str, Any]) -> Any:
            found = d.get(end_key, missing)
            if found is missing and end_derive is not None:
                found = end_derive(d)
            return getattr(v, end) if found is missing else found

        return closing

    def _converter(self) -> Callable[[Any, str], Any]:
        """How a field's value is converted: plain values as they are, wrappers unwrapped,
        enums by their shown form, anything else by its plan."""
        value = self._value
        unwrap = self._unwrap
        enums = self._enum_shown
        plain = (str, bool) if self.big_strings else (int, str, bool)

        def convert(item: Any, name: str) -> Any:
            t = type(item)
            getter = unwrap.get(t)
            if getter is not None:
                item = getter(item)
                t = type(item)
            if t in plain or (t is float and item - item == 0.0):
                return item
            shown = enums.get(t)
            if shown is not None:
                return shown[item]
            return value(item, name)

        return convert

    def _specializing(self, generic: Plan, specialized: SpecializedPlan) -> Plan:
        """A plan that converts the first object of its class with ``generic`` (making
        the plans of the types its fields hold), then is replaced by ``specialized``
        built from that object's field types (:mod:`wirestruct.output.specialize`)."""
        plans = self._plans

        def first(v: Any, field: str | None) -> Any:
            if specialized.function is not None:
                return specialized.function(v, field)
            out = generic(v, field)
            with specialized.lock:          # one thread builds it
                if specialized.function is None:
                    specialized.observe(v)
                    plans[type(v)] = specialized.build()
            return out

        return first


def nonfinite_text(v: float) -> str:
    """How readable output writes a float that is not finite (strict JSON has none)."""
    return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")


def dumps(data: Any, *, line: bool = False) -> bytes:
    """JSON-able ``data`` as compact UTF-8 JSON (``line``: with a newline after it, written
    by orjson, not concatenated); integers beyond 64 bits stay exact."""
    try:
        return orjson.dumps(data, option=orjson.OPT_APPEND_NEWLINE) if line \
            else orjson.dumps(data)
    except TypeError:  # orjson holds at most 64-bit integers
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return (text + "\n" if line else text).encode()


def exact_time(event: Any, text: bytes) -> bytes:
    """``text``, the JSON of ``event``, with its ``t`` written from the event's integer
    nanoseconds, every digit exact (orjson writes a float's shortest form, which a
    nanosecond time since the epoch does not fit)."""
    t_ns = event.t_ns
    if t_ns is None:
        return text
    # "t" follows "index" and "record", whose values are integers or null.
    start = text.find(b',"t":') + 5
    end = text.find(b",", start)
    if start < 5 or end < 0:
        return text
    return b"%s%s%s" % (text[:start], seconds_text(t_ns).encode(), text[end:])


def dumps_document(value: Any, *, raw: bool = False, big_ints: str = "number",
                   indent: bool = True) -> bytes:
    """Any value - a tracker's snapshot, a dict of parsed objects - as one JSON document
    with its newline, shown by the same rules as events (readable unless ``raw``);
    ``indent``: two spaces a level, else one line."""
    data = serializer(raw=raw, big_ints=big_ints).value(value)
    if data is HIDDEN:
        data = None
    option = orjson.OPT_APPEND_NEWLINE | (orjson.OPT_INDENT_2 if indent else 0)
    try:
        return orjson.dumps(data, option=option)
    except TypeError:  # orjson holds at most 64-bit integers
        return (json.dumps(data, ensure_ascii=False, indent=2 if indent else None,
                           separators=None if indent else (",", ":")) + "\n").encode()


_SERIALIZERS: dict[tuple, Serializer] = {}


def serializer(*, raw: bool = False, big_ints: str = "number", enum_names: bool = True,
               instances: bool = True) -> Serializer:
    """The shared serializer for these options (plans are kept across calls)."""
    key = (raw, big_ints, enum_names, instances)
    found = _SERIALIZERS.get(key)
    if found is None:
        found = _SERIALIZERS[key] = Serializer(raw=raw, big_ints=big_ints,
                                               enum_names=enum_names, instances=instances)
    return found


def event_json(event: Any, *, raw: bool = False, big_ints: str = "number") -> dict[str, Any]:
    """The JSON object `wirestruct decode` prints for ``event`` (see the module doc)."""
    return serializer(raw=raw, big_ints=big_ints).event(event)


def dumps_event(event: Any, *, raw: bool = False, big_ints: str = "number",
                line: bool = False) -> bytes:
    """:func:`event_json` as compact UTF-8 JSON bytes (``line``: with its newline), its
    time exact (see the module doc)."""
    return serializer(raw=raw, big_ints=big_ints).dumps(event, line=line)


def _reflect_plan(convert: Callable[[Any, str], Any], hidden: frozenset,
                  instances: tuple[str, ...]) -> Plan:
    """The plan of a class of no package ``wirestruct regen`` describes: its attributes as
    they are set, then its instances."""
    hide, missing = _HIDE, _MISSING

    def reflect(v: Any, field: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, item in v.__dict__.items():
            if name[0] == "_" or name in hidden:
                continue
            converted = convert(item, name)
            if converted is not hide:
                out[name] = converted
        for name in instances:
            if name in out:
                continue
            item = computed(v, name, missing)
            if item is missing:
                continue
            converted = convert(item, name)
            if converted is not hide:
                out[name] = converted
        return out

    return reflect
