"""Plans specialized to the types a generated class's fields hold.

A generic plan (:mod:`wirestruct.output.serialize`) asks, for every field of every object, what
kind of value it holds: a plain number, a wrapper shown as its value, an enum, a struct
with a plan of its own. A :class:`SpecializedPlan` asks once per class: it writes a Python
function for the class, with one branch per field and per type that field has been seen
to hold (``if type(item) is Vu: ...``), each converting straight to what the generic plan
would give. A value of any other type goes to the generic conversion, and its type is
added to the field's branches (at most :data:`MAX_TYPES` per field): a field whose type
depends on a switch (a field table's ``value``) gets a branch for each type met.

The function is rebuilt in place (its code object replaced), so plans that call it
directly keep calling the newest version. Its source is built only from the class's own
field names (``repr`` literals) and from names bound to objects in its scope.
"""
from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from typing import Any, Protocol

from kaitaistruct import KaitaiStruct

#: Types a field gets a branch for; values of further types take the generic conversion.
MAX_TYPES = 12


class ValueFunction(Protocol):
    """A serializer's conversion of any value (``field``: the name it is shown under)."""

    def __call__(self, v: Any, field: str | None = None, /) -> Any: ...


class PlanTables(Protocol):
    """What a serializer gives a specialized plan (see
    :class:`wirestruct.output.serialize.Serializer`)."""

    raw: bool
    big_strings: bool
    _plans: dict[type, Any]
    _unwrap: dict[type, Callable[[Any], Any]]
    _value: ValueFunction

    def _shown(self, t: type[enum.Enum]) -> dict[Any, Any]: ...


class SpecializedPlan:
    """The specialized plan of one class. ``fields``: ``(key, name)`` pairs read from the
    object's ``__dict__`` in this order (an instance: ``_m_<name>``); ``slow(item, name)``
    is the generic conversion of one value."""

    def __init__(self, tables: PlanTables, *, fields: tuple[tuple[str, str], ...],
                 slow: Callable[[Any, str], Any], missing: Any, hide: Any,
                 derived: dict[str, Callable[[dict[str, Any]], Any]] | None = None,
                 computed: frozenset[str] = frozenset(),
                 closing: Callable[[Any, dict[str, Any]], Any] | None = None,
                 zero: frozenset[str] = frozenset(),
                 custom: dict[str, Callable[[Any], Any]] | None = None,
                 components: bool = False, mapping: bool = False, safe: int,
                 label: str = "") -> None:
        self.tables = tables
        self.label = label               # what the function's code is named after
        self.safe = safe                 # integers beyond this are strings, if asked
        self.fields = fields
        self.derived = derived or {}     # instance -> its shown value from the dict
        self.computed = computed         # instances computed when not kept yet
        self.closing = closing           # true for a table's closing entry: hidden
        self.zero = zero                 # fields left out while zero (padding)
        self.custom = custom or {}       # fields shown as a function's value of them
        self.components = components     # a vector: every component, read or computed
        self.mapping = mapping           # the objects are dicts of these keys, not structs
        #: per field: the types seen -> the list element type seen (None for the others)
        self.seen: dict[str, dict[type, type | None]] = {name: {} for _, name in fields}
        self.scope: dict[str, Any] = {"missing": missing, "hide": hide, "slow": slow,
                                      "miss": self._miss, "value": tables._value,
                                      "getattr": getattr, "str": str, "is_zero": is_zero}
        self._names: dict[int, str] = {}
        self.cls: type | None = None     # the class converted (known from its first object)
        #: held while branches are added and the function is written (threads may share a
        #: serializer); never while a value is converted
        self.lock = threading.RLock()
        self.function: Any = None

    def observe(self, v: Any) -> None:
        """Take the types of ``v``'s fields as the first branches."""
        self.cls = type(v)
        d = v if self.mapping else v.__dict__
        missing, plans = self.scope["missing"], self.tables._plans
        for key, name in self.fields:
            item = d.get(key, missing)
            t = type(item)
            if item is not missing and (t in plans or not issubclass(t, KaitaiStruct)):
                self.seen[name].setdefault(t, _element(item))

    def build(self) -> Any:
        """Write the function from what has been seen (again, in place, after the first)."""
        lines = ["def plan(v, field):", " d = v" if self.mapping else " d = v.__dict__"]
        if self.closing is not None:
            lines.append(f" if {self._name(self.closing)}(v, d): return hide")
        lines.append(" out = {}")
        for key, name in self.fields:
            k = repr(name)
            if self.components:
                lines.append(f" item = d[{k}] if {k} in d else getattr(v, {k})")
            else:
                lines.append(f" item = d.get({key!r}, missing)")
            if name in self.derived:        # shown straight from the values it is of
                lines += [" if item is missing:",
                          f"  s = {self._name(self.derived[name])}(d)",
                          "  if s is missing:",
                          *self._compute("   ", name),
                          f"  else: out[{k}] = s"]
            elif name in self.computed:
                lines += [" if item is missing:", *self._compute("  ", name)]
            if name in self.custom:         # shown as another value: nothing else to do
                lines += [" if item is not missing:",
                          f"  out[{k}] = {self._name(self.custom[name])}(item)",
                          "  item = missing"]
            if name in self.zero:           # padding: shown only when not zero
                lines.append(" if item is not missing and is_zero(item): item = missing")
            lines.append(" t = type(item)")
            first = True
            for t, element in self.seen[name].items():
                body = self._branch(t, element, k)
                lines.append(f" {'if' if first else 'elif'} t is {self._name(t)}:")
                lines += ["  " + line for line in body]
                first = False
            lines.append(f" {'if' if first else 'elif'} item is not missing:")
            lines.append(f"  r = miss(item, {k})")
            lines.append(f"  {self._store(k)}")
        lines.append(" return out")
        name = f"<wirestruct plan of {self.label}>" if self.label else "<wirestruct plan>"
        exec(compile("\n".join(lines), name, "exec"), self.scope)  # noqa: S102
        built = self.scope.pop("plan")
        if self.function is None:
            self.function = built
        else:
            self.function.__code__ = built.__code__
        return self.function

    # -- branches -----------------------------------------------------------------------
    def _branch(self, t: type, element: type | None, k: str) -> list[str]:
        """The lines converting ``item``, of type ``t``, into ``out[k]`` (``element``: the
        type of the first item of the list seen, for a list)."""
        tables = self.tables
        if t is int:
            if not tables.big_strings:
                return [f"out[{k}] = item"]
            return [f"out[{k}] = item if {-self.safe} <= item <= {self.safe} else str(item)"]
        if t is str or t is bool or t is type(None):
            return [f"out[{k}] = item"]
        if t is float:
            return [f"out[{k}] = item if item - item == 0.0 else value(item, {k})"]
        if t in tables._unwrap:
            plain = "t is str or t is bool" + ("" if tables.big_strings else " or t is int")
            return [f"r = {self._name(tables._unwrap[t])}(item)",
                    "t = type(r)",
                    f"if {plain} or (t is float and r - r == 0.0): out[{k}] = r",
                    "else:",
                    f" r = value(r, {k})",
                    f" {self._store(k)}"]
        if issubclass(t, enum.Enum):
            return [f"out[{k}] = {self._name(tables._shown(t))}[item]"]
        plan = tables._plans.get(t)
        if plan is not None and issubclass(t, KaitaiStruct):
            return [f"r = {self._name(plan)}(item, {k})", self._store(k)]
        if t is list and element is not None and issubclass(element, KaitaiStruct) \
                and element not in tables._unwrap and tables._plans.get(element) is not None:
            lines = [f"r = [{self._name(tables._plans[element])}(x, {k}) if type(x) is "
                     f"{self._name(element)} else value(x, {k}) for x in item]"]
            if not tables.raw:
                lines.append("if hide in r: r = [x for x in r if x is not hide]")
            return lines + [f"out[{k}] = r"]
        return [f"r = slow(item, {k})", self._store(k)]

    def _compute(self, indent: str, name: str) -> list[str]:
        """Lines computing instance ``name`` into ``item`` (``missing`` when it cannot be):
        its property's getter, called straight (a plan converts one class only)."""
        prop = vars(self.cls).get(name) if self.cls is not None else None
        if not isinstance(prop, property) or prop.fget is None:
            return [f"{indent}item = {self._name(computed)}(v, {name!r}, missing)"]
        return [f"{indent}try: item = {self._name(prop.fget)}(v)",
                f"{indent}except Exception: item = missing"]

    def _store(self, k: str) -> str:
        if self.components:         # a vector holds every component
            return f"out[{k}] = r"
        return f"if r is not hide: out[{k}] = r"

    def _miss(self, item: Any, name: str) -> Any:
        """A value of a type its field has no branch for: converted the generic way; the
        function gets a branch for that type."""
        out = self.scope["slow"](item, name)
        seen = self.seen[name]
        if type(item) not in seen and len(seen) < MAX_TYPES:
            with self.lock:
                if type(item) not in seen and len(seen) < MAX_TYPES:
                    seen[type(item)] = _element(item)
                    self.build()
        return out

    def _name(self, obj: Any) -> str:
        """A name the source uses for ``obj`` (bound in the function's scope)."""
        found = self._names.get(id(obj))
        if found is None:
            found = self._names[id(obj)] = f"_{len(self._names)}"
            self.scope[found] = obj
        return found


def _element(item: Any) -> type | None:
    """What a branch is built from besides the type: a list's first item's type (the
    values themselves are not kept: a sample could hold a whole packet alive)."""
    return type(item[0]) if type(item) is list and item else None


def computed(v: Any, name: str, missing: Any) -> Any:
    """Instance ``name`` of ``v`` computed; ``missing`` when it cannot be (an instance
    that cannot be computed is left out of the output)."""
    try:
        return getattr(v, name)
    except Exception:  # noqa: BLE001 - an instance that cannot be computed is left out
        return missing


def is_zero(item: Any) -> bool:
    """Whether a padding field's value is zero: 0, false, or a list of those."""
    if type(item) is list:
        return not any(item)
    return item is False or (type(item) is int and item == 0)
