"""Build packets from field values with the read-write classes of the specs.

:func:`build` turns the JSON-able fields a decoder prints (``to_jsonable`` of a parsed
object: sequence fields by name, enums by name, bytes as hex) into a read-write object of
``wirestruct.generated_rw``; :func:`to_bytes` writes it. The layout comes from the spec
alone: the ``.ksy`` says which fields a type has, which type a switch picks and which
parameters a child type gets; the generated ``_check()`` and ``_write()`` do the rest.

* A field whose ``if:`` was false is absent from the fields (or null) and is left unset.
* ``repeat`` fields take the list as given. A length or count that a ``size:`` or
  ``repeat-expr:`` refers to is set from the value it frames when the given one does not
  match (:func:`_derive_lengths`, solving the compiler's translation of the expression:
  :mod:`wirestruct.encode.lengths`); each one set is reported, and one that cannot be set
  is an :class:`EncodeError` naming the field.
* Switch types and parameters are evaluated from fields already set, in spec order, by
  the compiler's own translation of the spec's expressions: the functions
  ``wirestruct regen`` writes to ``generated_rw/<folder>/_expressions.py`` (a switch-on
  compared with each case key as the compiler's switch does, a type's arguments, with
  ``_index`` the item's index in a repeated field), which use the read-write classes and
  enums themselves.
* Instances are not set: value instances are computed from the fields.

Each type's fields are worked out once (:class:`FieldPlan`: how a value is converted and
its type found), and objects are made by copying what their class's constructor sets
(:meth:`TypeInfo.new`); ``tests/write/test_encoder_plans.py`` proves both, and the quick
write streams, equal to what they stand in for.

Bad fields raise :class:`EncodeError` (a ``WirestructError``) naming the field path.
"""
from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Callable, Mapping
from functools import cache
from io import BytesIO
from typing import Any, NamedTuple

import kaitaistruct
import yaml
from kaitaistruct import KaitaiStream, ReadWriteKaitaiStruct
from wirestruct.core.errors import EncodeError
from wirestruct.encode import lengths
from wirestruct.encode.primitives import INT_TYPE as _INT_TYPE
from wirestruct.encode.primitives import Convert, converter, is_primitive
from wirestruct.plugin.protocol import Specs


def camel(name: str) -> str:
    """Kaitai's class name for a type or enum id: ``vec3f_xyz`` -> ``Vec3fXyz``."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def specs_of(where: Specs | str) -> Specs:
    """A protocol's specs, or one of wirestruct's own folders of ``ksy/`` by its name."""
    return where if isinstance(where, Specs) else Specs.of_folder(where)


@cache
def _spec(specs: Specs, stem: str) -> dict[str, Any]:
    with open(specs.folder / f"{stem}.ksy", encoding="utf-8") as f:
        return yaml.safe_load(f)


#: A field's user type: the generated function that finds it with its arguments (of the
#: object and the item's index), the type itself when it has no switch and no arguments,
#: or None for a primitive field.
Rule = Callable[[Any, int | None], Any] | tuple[Any, tuple[()]] | None


@cache
def _expressions(specs: Specs) -> dict[tuple[str, str], dict[tuple[str, str], Callable]]:
    """(spec, type path) -> (field, role) -> the function ``wirestruct regen`` generated for
    that expression of the specs (``generated_rw/<folder>/_expressions.py``)."""
    module = importlib.import_module(f"{specs.rw_package}._expressions")
    out: dict[tuple[str, str], dict[tuple[str, str], Callable]] = {}
    for (spec, path, field, role), function in module.EXPRESSIONS.items():
        out.setdefault((spec, path), {})[(field, role)] = function
    return out


class TypeInfo:
    """A spec type with its read-write class, the scope its names resolve in, and the
    generated functions of its expressions."""

    __slots__ = ("specs", "stem", "cls", "spec", "outer", "path", "expressions", "_nested",
                 "_types", "_rules", "_plan", "_plans", "_instances", "_blank", "_framed",
                 "_derived")

    def __init__(self, specs: Specs, stem: str, cls: type, spec: dict[str, Any],
                 outer: TypeInfo | None, path: str = "") -> None:
        self.specs, self.stem, self.cls, self.spec, self.outer = specs, stem, cls, spec, outer
        self.path = path                                  # type names below the spec's root
        #: (field, role) -> function of (object, index): see wirestruct regen
        self.expressions = _expressions(specs).get((stem, path), {})
        self._nested: dict[str, TypeInfo | None] = {}
        self._types: dict[str, TypeInfo] = {}
        self._rules: dict[str, Rule] = {}
        self._plan: tuple[FieldPlan, ...] | None = None
        self._plans: dict[int, FieldPlan] = {}
        self._instances: tuple[tuple[str, FieldPlan | None], ...] | None = None
        self._blank: _Blank | None = None
        self._framed: tuple[Framed, ...] | None = None
        self._derived: frozenset[str] | None = None

    @property
    def framed(self) -> tuple[Framed, ...]:
        """The fields whose ``size:`` or ``repeat-expr:`` is an expression (see
        :func:`_derive_lengths`)."""
        found = self._framed
        if found is None:
            found = self._framed = tuple(
                Framed(plan, role, function) for plan in self.plan
                for role in ("size", "count")
                if (function := self.expressions.get((plan.name, role))
                    or _fixed(plan.attr.get("size" if role == "size" else ""))) is not None
                and not (role == "size" and (plan.repeat or "process" in plan.attr
                                             or "terminator" in plan.attr)))
        return found

    @property
    def derived(self) -> frozenset[str]:
        """The integer fields of this type that a ``size:`` or ``repeat-expr:`` of it
        names alone (``len_name``, ``len_x - 4``): they may be left out, and are set from
        the value they frame."""
        if self._derived is not None:
            return self._derived
        found = set()
        for framed in self.framed:
            fixed = framed.role == "size" and framed.plan.attr.get("size").__class__ is int
            solve = None if fixed else lengths.solver(framed.function)
            if solve is not None:
                try:
                    solution = solve(0)
                except lengths.Unsolvable:
                    continue
                if not solution.steps:
                    found.add(solution.name)
        self._derived = frozenset(found)
        return self._derived

    @property
    def plan(self) -> tuple[FieldPlan, ...]:
        """How each sequence field is converted and built, worked out once."""
        plan = self._plan
        if plan is None:
            plan = self._plan = tuple(FieldPlan(self, attr) for attr in self.seq)
        return plan

    def plan_of(self, attr: dict[str, Any]) -> FieldPlan:
        """The plan of field ``attr`` (one of :attr:`seq`, or any other field spec)."""
        found = self._plans.get(id(attr))
        if found is None:
            found = next((plan for plan in self.plan if plan.attr is attr), None)
            if found is None:
                found = FieldPlan(self, attr)
                if not any(attr is item for item in self.seq):
                    return found                          # not kept: its id may be reused
            self._plans[id(attr)] = found
        return found

    @property
    def parse_instances(self) -> tuple[tuple[str, FieldPlan | None], ...]:
        """The parse instances (not value instances): name, and the plan of one at a
        ``pos`` (None for one that cannot be given)."""
        found = self._instances
        if found is None:
            found = self._instances = tuple(
                (name, FieldPlan(self, {**inst, "id": name}) if "pos" in inst else None)
                for name, inst in (self.spec.get("instances") or {}).items()
                if "value" not in inst)
        return found

    @property
    def value_instances(self) -> tuple[str, ...]:
        """The names of the value instances (computed, never set)."""
        return tuple(name for name, inst in (self.spec.get("instances") or {}).items()
                     if "value" in inst)

    def new(self, params: tuple[Any, ...], parent: Any, root: Any) -> Any:
        """An object of the read-write class holding only what its constructor sets
        (``_root`` is the object itself when ``root`` is None), made without running the
        constructor: the attributes it sets are copied from one made once."""
        blank = self._blank
        if blank is None:
            blank = self._blank = _Blank(self.cls, len(self.spec.get("params") or ()))
        return blank.new(params, parent, root)

    @property
    def seq(self) -> list[dict[str, Any]]:
        return self.spec.get("seq") or []

    def nested(self, name: str) -> TypeInfo | None:
        if name not in self._nested:
            spec = (self.spec.get("types") or {}).get(name)
            self._nested[name] = None if spec is None else TypeInfo(
                self.specs, self.stem, getattr(self.cls, camel(name)), spec, self,
                f"{self.path}::{name}" if self.path else name)
        return self._nested[name]

    def rule(self, attr: dict[str, Any]) -> Rule:
        """How the user type of field ``attr`` (a seq field or a parse instance, by its
        ``id``) is found: see :data:`Rule`."""
        name = attr["id"]
        found = self._rules.get(name, _UNSET)
        if found is _UNSET:
            kind = attr.get("type")
            found = self.expressions.get((name, "type"))
            if found is None and (kind.__class__ is dict or "(" in str(kind)):
                raise EncodeError(f"no generated function for the type of {name} in "
                                  f"{self.stem}: run `wirestruct regen`",
                                  expected="generated_rw/ made from the specs")
            if found is None and isinstance(kind, str) and not is_primitive(kind):
                found = (self.resolve_type(kind), ())
            self._rules[name] = found
        return found

    def resolve_type(self, ref: str) -> TypeInfo:
        found = self._types.get(ref)
        if found is None:
            found = self._types[ref] = self._resolve_type(ref)
        return found

    def _resolve_type(self, ref: str) -> TypeInfo:
        parts = ref.split("::")
        scope: TypeInfo | None = self
        found: TypeInfo | None = None
        while scope is not None and found is None:       # innermost scope outwards
            found = scope.nested(parts[0])
            if found is None and scope.outer is None and scope.spec["meta"]["id"] == parts[0]:
                found = scope
            scope = scope.outer
        if found is None:                                 # an imported spec
            found = root_info(self.specs, parts[0])
        for part in parts[1:]:
            inner = found.nested(part)
            if inner is None:
                raise EncodeError(f"unknown type {ref!r}", expected="a type of the specs")
            found = inner
        return found

    def resolve_enum(self, ref: str) -> type[enum.IntEnum]:
        parts = ref.split("::")
        name, path = parts[-1], parts[:-1]
        if path:
            holder = self.resolve_type("::".join(path))
            return getattr(holder.cls, camel(name))
        scope: TypeInfo | None = self
        while scope is not None:
            if name in (scope.spec.get("enums") or {}):
                return getattr(scope.cls, camel(name))
            scope = scope.outer
        raise EncodeError(f"unknown enum {ref!r}", expected="an enum of the specs")


def root_info(where: Specs | str, stem: str) -> TypeInfo:
    """The root type of spec ``stem`` (``<folder>/<stem>.ksy`` of a protocol's specs, or of
    one of wirestruct's own ``ksy/`` folders) and its read-write class."""
    return _root_info(specs_of(where), stem)


@cache
def _root_info(specs: Specs, stem: str) -> TypeInfo:
    if specs.rw_package is None:
        raise EncodeError(f"the specs of {specs.package} have no read-write classes",
                          expected="a protocol with an encoder")
    module = importlib.import_module(f"{specs.rw_package}.{stem}")
    return TypeInfo(specs, stem, getattr(module, camel(stem)), _spec(specs, stem), None)


def type_info(where: Specs | str, ref: str) -> TypeInfo:
    """A type by its path from a spec's root: ``"mme_players::move_player"``."""
    stem, _, rest = ref.partition("::")
    info = root_info(where, stem)
    return info.resolve_type(rest) if rest else info


# -- expressions -------------------------------------------------------------------------
_UNSET: Any = object()
_IMMUTABLE = (type(None), bool, int, float, str, bytes)


class _Blank:
    """What a read-write class's constructor sets (``_io``, ``_dirty``, the switches of
    its instances), taken from one object it made, so that objects are made by copying
    it; its parameters are found by the values passed in. A class whose constructor sets
    anything mutable is always constructed."""

    __slots__ = ("cls", "count", "attrs", "params", "construct")

    def __init__(self, cls: type, count: int) -> None:
        self.cls, self.count = cls, count
        marks = tuple(object() for _ in range(count))
        made = cls(*marks, None, None, None).__dict__
        where = {id(value): name for name, value in made.items()}
        self.params = tuple(where.get(id(mark)) for mark in marks)
        self.attrs = {name: value for name, value in made.items()
                      if name not in ("_parent", "_root") and name not in self.params}
        self.construct = None in self.params or not all(
            value.__class__ in _IMMUTABLE for value in self.attrs.values())

    def new(self, params: tuple[Any, ...], parent: Any, root: Any) -> Any:
        if not params and not self.count and not self.construct:
            obj: Any = object.__new__(self.cls)
            d = obj.__dict__
            d.update(self.attrs)
            d["_parent"] = parent
            d["_root"] = obj if root is None else root
            return obj
        if self.construct or len(params) != self.count:
            obj = self.cls(*params, None, parent, root)
            if root is None:
                _set(obj, "_root", obj)
            return obj
        obj = object.__new__(self.cls)
        d = obj.__dict__
        d.update(self.attrs)
        for name, value in zip(self.params, params):
            d[name] = value
        d["_parent"] = parent
        d["_root"] = obj if root is None else root
        return obj


class FieldPlan:
    """One field of a type (a seq field or a parse instance), worked out once: whether it
    must be given, whether it repeats, how its user type is found (:data:`Rule`) and how a
    primitive value is converted (a switch none of whose cases matches: as bytes)."""

    __slots__ = ("info", "attr", "name", "required", "repeat", "rule", "convert", "size_check",
                 "is_bytes", "is_int", "has_enum")

    def __init__(self, info: TypeInfo, attr: dict[str, Any]) -> None:
        self.info, self.attr, self.name = info, attr, attr["id"]
        kind = attr.get("type")
        switch = kind.__class__ is dict
        self.required = "if" not in attr and not switch
        self.repeat: str | None = attr.get("repeat")
        try:
            self.rule: Rule | Callable[..., Any] = info.rule(attr)
        except EncodeError as exc:
            failure = exc

            def unusable(obj: Any, index: int | None) -> Any:
                raise EncodeError(failure.message, expected=failure.expected,
                                  where=failure.where)      # a new one: each gets its context
            self.rule = unusable
        primitive = {k: v for k, v in attr.items() if k != "type"} if switch else attr
        self.convert: Convert = converter(primitive, info.resolve_enum)
        self.size_check = info.expressions.get((self.name, "if"))  # an `if: _io.size ...`
        self.has_enum = "enum" in attr
        kind = primitive.get("type")
        self.is_bytes = kind is None
        self.is_int = isinstance(kind, str) and bool(_INT_TYPE.match(kind))

    def child(self, obj: Any, index: int | None = None) -> tuple[TypeInfo, tuple[Any, ...]] | None:
        """The user type of the field (its switch evaluated on the fields of ``obj`` set so
        far; ``index``: the item's, in a repeated field) and its parameter values; None for
        a primitive field and for a switch none of whose cases matches (bytes)."""
        rule = self.rule
        if rule is None or rule.__class__ is tuple:
            return rule
        try:
            found = rule(obj, index)    # type: ignore[operator]  # not a tuple: a function
        except EncodeError:
            raise
        except Exception as exc:  # noqa: BLE001 - any field the expression cannot use
            kind = self.attr.get("type")
            text = kind.get("switch-on") if isinstance(kind, dict) else kind
            raise EncodeError(f"cannot evaluate the type of field {self.name} ({text}): "
                              f"{type(exc).__name__}: {exc}",
                              expected="the fields the expression names") from exc
        if found is None:
            return None
        ref, args = found
        return self.info.resolve_type(ref), args


Hooks = Mapping[type, Callable[[Mapping[str, Any], tuple[Any, ...]], Mapping[str, Any]]]


# -- building ----------------------------------------------------------------------------
def _path(path: str, name: Any) -> str:
    return f"{path}/{name}" if path else str(name)


def _child_type(attr: dict[str, Any], obj: Any, info: TypeInfo,
                index: int | None = None) -> tuple[TypeInfo, tuple[Any, ...]] | None:
    """The user type of field ``attr`` of ``info`` (see :meth:`FieldPlan.child`)."""
    return info.plan_of(attr).child(obj, index)


#: Sets a field without the read-write classes' change tracking (``_check()`` follows).
_set = object.__setattr__


def build(info: TypeInfo, fields: Mapping[str, Any], params: tuple[Any, ...] = (), *,
          parent: Any = None, root: Any = None, path: str = "",
          hooks: Hooks | None = None) -> ReadWriteKaitaiStruct:
    """A checked read-write object of ``info``'s type holding ``fields``.

    ``hooks`` maps a read-write class to a function ``(fields, params) -> fields`` that
    derives wire fields from the values a caller gives (e.g. a varint's bytes from its
    ``value``); it runs before the type's fields are set."""
    if hooks:
        hook = hooks.get(info.cls)
        if hook is not None and isinstance(fields, Mapping):
            try:
                fields = hook(fields, params)
            except EncodeError as exc:
                # Re-raise the same error with its place added; a bare raise keeps the
                # cause it already carries (``from`` would overwrite it).
                exc.at(field_path=path or None)
                raise
    if fields.__class__ is not dict and not isinstance(fields, Mapping):
        raise EncodeError(f"field {path or '/'} must be an object, not {type(fields).__name__}",
                          field_path=path or None, expected="a JSON object of fields")
    obj = info.new(params, parent, root)
    d = obj.__dict__
    d["_spec_type"] = info
    if root is None:
        io_checks: list[Any] = []
        d["_size_conditions"] = io_checks
    else:
        io_checks = root._size_conditions
    get = fields.get
    for plan in info.plan:
        name = plan.name
        value = get(name)
        if value is None:
            if plan.required and name in info.derived:
                d[name] = None            # left to the writer: set from what it frames
                continue
            if plan.required:
                raise EncodeError(f"field {_path(path, name)} is missing",
                                  field_path=_path(path, name), expected="a value (it has no if:)")
            continue                      # absent: its if: was false, or its switch has no case
        here = f"{path}/{name}" if path else name
        if plan.size_check is not None:
            io_checks.append((obj, plan.size_check, plan.attr["if"], here))
        if plan.repeat is not None:
            if value.__class__ is not list and not isinstance(value, list):
                raise EncodeError(f"field {here} must be a list", field_path=here,
                                  expected="a JSON array")
            items: list[Any] = []
            d[name] = items                               # earlier items are visible to params
            for i, item in enumerate(value):
                items.append(_value(plan, item, obj, f"{here}[{i}]", i, hooks))
        else:
            d[name] = _value(plan, value, obj, here, None, hooks)
    for name, instance in info.parse_instances:
        value = get(name)                                 # a parse instance: written too
        if instance is not None and isinstance(value, Mapping):
            setattr(obj, name, _value(instance, value, obj, _path(path, name), None, hooks))
        else:
            setattr(obj, f"{name}__enabled", False)
    if info.framed:
        _derive_lengths(obj, info, path, hooks)
    try:
        obj._check()
    except Exception as exc:  # noqa: BLE001 - any inconsistency of the spec's checks
        raise EncodeError(f"fields of {path or info.cls.__name__} are inconsistent: "
                          f"{type(exc).__name__}: {exc}", field_path=path or None,
                          expected="values the spec accepts") from exc
    return obj


def _value(plan: FieldPlan, value: Any, obj: Any, path: str, index: int | None,
           hooks: Hooks | None) -> Any:
    rule = plan.rule
    if rule is None:
        return plan.convert(value, path)
    if rule.__class__ is tuple:
        child_info, args = rule
    else:
        child = plan.child(obj, index)
        if child is None:
            return plan.convert(value, path)              # unmatched switch: bytes
        child_info, args = child
    return build(child_info, value, args, parent=obj, root=obj._root, path=path, hooks=hooks)


# -- lengths -----------------------------------------------------------------------------
class Framed(NamedTuple):
    """A field whose ``size:`` (role ``"size"``) or ``repeat-expr:`` (``"count"``) is an
    expression, and the generated function of that expression."""

    plan: FieldPlan
    role: str
    function: Callable[..., Any]


#: Sizes tried beyond the least one for a structure whose fields depend on its stream's
#: size (a payload whose length picks its variant), when its given length does not fit.
SIZE_SEARCH = 64


def _fixed(size: Any) -> Callable[..., Any] | None:
    """The function of a constant ``size:`` (a plain number: nothing to set)."""
    if size.__class__ is not int:
        return None
    return lambda obj, index: size


def _derive_lengths(obj: Any, info: TypeInfo, path: str, hooks: Hooks | None) -> None:
    """Set each length or count that frames a value of ``obj`` from that value, where the
    given one does not match (:mod:`wirestruct.encode.lengths`); children are built, so
    their sizes are known."""
    d = obj.__dict__
    for framed in info.framed:
        plan = framed.plan
        value = d.get(plan.name)
        if value is None:
            continue
        try:
            given = framed.function(obj, None)
        except TypeError:                 # a length left out (None): set from the value
            given = None
        except Exception:  # noqa: BLE001 - e.g. `_io` before writing: the writer checks it
            continue
        if given is None:
            given = -1
        elif given.__class__ is not int:
            continue
        if framed.role == "count":
            if value.__class__ is not list:
                continue
            want: int | None = len(value)
        else:
            want = _size_needed(plan, value, given, _path(path, plan.name))
        if want is not None and want != given:
            _set_length(obj, framed, given, want, _path(path, plan.name), path, hooks)
    for name in info.derived:
        if name in d and d[name] is None:
            raise EncodeError(f"field {_path(path, name)} is missing, and nothing it frames "
                              "is given to set it from", field_path=_path(path, name),
                              expected="a value, or the field whose length it is")


def _size_needed(plan: FieldPlan, value: Any, given: int, here: str) -> int | None:
    """The size ``value`` of field ``plan`` needs (``given`` when it fits in it); None
    when it cannot be told (the writer then checks it)."""
    if isinstance(value, (bytes, bytearray)):
        return len(value)
    if isinstance(value, str):
        attr = plan.attr
        try:
            n = len(value.encode(attr.get("encoding") or _encoding(plan.info)))
        except (LookupError, UnicodeError):
            return None
        if attr.get("type") == "strz" or "pad-right" in attr:
            return given if n <= given else n + (attr.get("type") == "strz")
        return n
    if isinstance(value, ReadWriteKaitaiStruct):
        return _structure_size(value, given, here)
    return None


def _encoding(info: TypeInfo) -> str:
    root = info
    while root.outer is not None:
        root = root.outer
    return str((root.spec.get("meta") or {}).get("encoding") or "UTF-8")


def _structure_size(child: Any, given: int, here: str) -> int | None:
    """Bytes a built structure is written in: its one size, or for one whose fields depend
    on its stream's size, ``given`` when it fits, else the least size that holds exactly
    its fields."""
    child_info = child.__dict__.get("_spec_type")
    if child_info is None:
        return None
    if not _depends_on_stream(child_info.specs, child_info.stem):
        try:
            return len(to_bytes(child))
        except EncodeError:
            return None                                   # the writer says what is wrong
    padded = _ends_with_text(child_info, child)
    if given >= 0 and not padded and _misfit(child, given) is None:
        return given
    try:
        start = least_size(child)
    except Exception:  # noqa: BLE001 - no lower bound: the writer says what is wrong
        return None
    first = None
    for n in range(start, start + SIZE_SEARCH + 1):
        misfit = _misfit(child, n)
        if misfit is None:
            # A text to the end keeps the length given when that is at most one NUL more.
            return given if padded and n <= given <= n + 1 and \
                _misfit(child, given) is None else n
        first = first or misfit
    raise EncodeError(f"no size of {here} from {start} to {start + SIZE_SEARCH} bytes holds "
                      f"exactly its fields ({first})", field_path=here,
                      expected="fields one size of it holds")


def _forget_values(obj: Any, *, deep: bool = False) -> None:
    """Drop what value instances of ``obj`` (and with ``deep``, of the objects below it)
    computed: a size or a length they read has changed since."""
    todo = [obj]
    while todo:
        item = todo.pop()
        d = item.__dict__
        info = d.get("_spec_type")
        if isinstance(info, TypeInfo):
            for name in info.value_instances:
                d.pop(f"_m_{name}", None)
        if deep:
            for key, value in d.items():
                if key in ("_parent", "_root", "_io") or key.startswith("_m_"):
                    continue
                if isinstance(value, ReadWriteKaitaiStruct):
                    todo.append(value)
                elif value.__class__ is list:
                    todo += [v for v in value if isinstance(v, ReadWriteKaitaiStruct)]


def _ends_with_text(info: TypeInfo, obj: Any) -> bool:
    """Whether ``obj`` holds a ``strz`` that takes the rest of its stream (whose length is
    then the text's own, with or without its NUL, not any length it fits in)."""
    return any(attr.get("size-eos") and attr.get("type") == "strz"
               and obj.__dict__.get(attr["id"]) is not None for attr in info.seq)


def _misfit(child: Any, size: int) -> str | None:
    """Why ``child`` is not written exactly in ``size`` bytes with every field given under
    an ``if: _io.size`` condition kept; None when it is."""
    _forget_values(child, deep=True)                      # computed in another size
    try:
        to_bytes(child, size)
    except EncodeError as exc:
        return exc.message
    for obj, size_check, condition, where in getattr(child._root, "_size_conditions", ()):
        inner = obj
        while inner is not None and inner is not child:
            inner = inner.__dict__.get("_parent")
        if inner is child and not size_check(obj, None):
            return f"{where} is given but {size} bytes leave it out ({condition})"
    return None


def _set_length(obj: Any, framed: Framed, given: int, want: int, here: str, path: str,
                hooks: Hooks | None) -> None:
    """Solve ``framed``'s expression for ``want`` and set the field it names (or, for a
    value a hook derives wire fields from, such as a varint's ``value``, rebuild the
    object holding it)."""
    what = f"{want} {'items' if framed.role == 'count' else 'bytes'}"
    if framed.plan.attr.get("size").__class__ is int:
        raise EncodeError(f"field {here} is {what} but its size is fixed at {given} bytes",
                          field_path=here, expected=f"a value of {given} bytes")
    text = lengths.expression_text(framed.function)
    solve = lengths.solver(framed.function)
    if solve is None:
        raise EncodeError(f"field {here} is {what} but its {text} gives {given}, and the "
                          f"writer cannot set the fields of that expression from it",
                          field_path=here, expected=f"fields that make {text} give {want}")
    try:
        solution = solve(want)
    except lengths.Unsolvable as exc:
        raise EncodeError(f"field {here} is {what}, which its {text} cannot give ({exc})",
                          field_path=here, expected=f"a value {text} can give") from None
    holder, parts = obj, path.split("/") if path else []
    for step in solution.steps:
        holder = getattr(holder, step, None)
        if step == "_parent":
            parts = parts[:-1]
        elif step == "_root":
            parts = []
        else:
            parts.append(step)
    target = ".".join([*parts, solution.name])
    holder_info = getattr(holder, "_spec_type", None)
    attr = next((a for a in holder_info.seq if a["id"] == solution.name), None) \
        if isinstance(holder_info, TypeInfo) else None
    plan = None if attr is None else holder_info.plan_of(attr)   # type: ignore[union-attr]
    hook = hooks.get(type(holder)) if hooks and solution.steps else None
    if plan is None and hook is not None and isinstance(holder_info, TypeInfo):
        outer = holder.__dict__.get("_parent")
        rebuilt = build(holder_info, {solution.name: solution.value}, parent=outer,
                        root=obj._root, path=target, hooks=hooks)
        if outer is None or outer.__dict__.get(solution.steps[-1]) is not holder:
            raise EncodeError(f"field {here} is {what} but its {text} gives {given}, and "
                              f"{target} is not a value the writer can set",
                              field_path=here, expected=f"fields that make {text} give {want}")
        _set(outer, solution.steps[-1], rebuilt)
        _report(obj, target, solution.value, getattr(holder, solution.name, None), here)
        return
    if plan is None or not plan.is_int or plan.repeat or plan.has_enum:
        raise EncodeError(f"field {here} is {what} but its {text} gives {given}, and "
                          f"{target} is not an integer field the writer can set",
                          field_path=here, expected=f"fields that make {text} give {want}")
    try:
        value = plan.convert(solution.value, target)
    except EncodeError as exc:
        raise EncodeError(f"field {here} is {what}, so {target} would be {solution.value}: "
                          f"{exc.message}", field_path=target, expected=exc.expected) from None
    was = holder.__dict__.get(solution.name)
    _set(holder, solution.name, value)
    _forget_values(holder)
    if was is not None:                   # one left out was left to the writer: no news
        _report(obj, target, value, was, here)


def _report(obj: Any, target: str, value: int, was: Any, here: str) -> None:
    root_info = obj._root.__dict__.get("_spec_type")
    spec = root_info.stem + (f"::{root_info.path}" if root_info.path else "") \
        if isinstance(root_info, TypeInfo) else type(obj._root).__name__
    lengths.report(lengths.LengthSet(spec, target, value, was, here.replace("/", ".")))


# -- writing -----------------------------------------------------------------------------
class _QuickStream(KaitaiStream):
    """A write stream whose byte and number writes go straight to the buffer once bits
    are aligned (what ``KaitaiStream`` does in five calls a field, in one); the bound of
    a stream of fixed size is checked by :meth:`_room`."""

    def _room(self, n: int) -> None:
        return None

    def write_bytes(self, buf: bytes) -> None:
        if self.bits_left:
            self.write_align_to_byte()
        self._room(len(buf))
        self._io.write(buf)


def _quick_write(packer: Any) -> Callable[[_QuickStream, Any], None]:
    pack, size = packer.pack, packer.size

    def write(self: _QuickStream, v: Any) -> None:
        if self.bits_left:
            self.write_align_to_byte()
        self._room(size)
        self._io.write(pack(v))
    return write


for _name, _packer in vars(KaitaiStream).items():
    if _name.startswith("packer_"):
        setattr(_QuickStream, "write_" + _name[len("packer_"):], _quick_write(_packer))


class _SizedStream(_QuickStream):
    """A write stream of ``size`` bytes."""

    def __init__(self, size: int) -> None:
        super().__init__(BytesIO(bytearray(size)))

    def _room(self, n: int) -> None:
        if self._io.tell() + n > self._size:
            self._ensure_bytes_left_to_write(n, self._io.tell())   # raises the stream's error


class _GrowingStream(_QuickStream):
    """A write stream with no fixed end, to find how many bytes an object writes.

    ``at_end`` is what it answers to ``is_eof()``: False lets fields under
    ``if: not _io.eof`` be written and makes the closing check of a ``size-eos`` or
    ``repeat: eos`` field raise (with 0 bytes left: the end of the object); True skips
    them."""

    def __init__(self, at_end: bool) -> None:
        super().__init__(BytesIO())
        self.at_end = at_end

    def _ensure_bytes_left_to_write(self, n: int, pos: int) -> None:
        return None

    def size(self) -> int:
        return len(self._io.getbuffer())

    def is_eof(self) -> bool:
        return self.at_end


def measure(obj: ReadWriteKaitaiStruct) -> int:
    """Bytes ``obj`` writes when its own stream ends where it ends."""
    return _measured(obj)[0]


def _measured(obj: ReadWriteKaitaiStruct) -> tuple[int, bytes | None]:
    """:func:`measure`, and the bytes when the first write (every ``_io.eof`` answered
    "not yet") went through to the end without a closing check failing: then they are
    the bytes a stream of that size gets, for a spec whose only use of its stream is
    ``_io.eof`` (see :func:`to_bytes`)."""
    for at_end in (False, True):
        stream = _GrowingStream(at_end)
        clean = not at_end
        try:
            obj._write(stream)
        except kaitaistruct.ConsistencyError as exc:
            if at_end or exc.actual != 0:
                raise
            clean = False
        except (AttributeError, TypeError):
            if at_end:
                raise
            continue                                      # an absent field under `not _io.eof`
        stream.write_align_to_byte()
        size = stream._io.tell()
        return size, stream._io.getvalue()[:size] if clean else None
    raise AssertionError("unreachable")


_NO_ROOM = re.compile(r"^writing 0 bytes, but (\d+) bytes were given$")


def least_size(obj: ReadWriteKaitaiStruct) -> int:
    """A lower bound of the size ``obj`` is written in, for types whose ``if: _io.size``
    fields pick a size variant (a payload whose length decides its fields): written into a
    stream whose size is what was written so far, so every size-dependent field is left
    out and padding is empty; a field the bytes so far do not reach stops it there (a
    ``size-eos`` string counts its own length)."""
    stream = _GrowingStream(False)
    extra = 0
    try:
        obj._write(stream)
    except (kaitaistruct.ConsistencyError, AttributeError, TypeError):
        pass
    except AssertionError as exc:                 # a size-eos string with no room yet
        given = _NO_ROOM.search(str(exc))
        if given is None:
            raise
        extra = int(given.group(1))
    stream.write_align_to_byte()
    return stream._io.tell() + extra


def _check_size_conditions(root: ReadWriteKaitaiStruct) -> None:
    """Fields given under ``if: _io.size ...`` must be ones the written size keeps: a
    field the size leaves out would be dropped without a word."""
    for obj, size_check, condition, path in getattr(root, "_size_conditions", ()):
        if not size_check(obj, None):
            raise EncodeError(f"field {path} is given but a {obj._io.size()}-byte "
                              f"{type(obj).__name__} has no room for it ({condition})",
                              field_path=path, expected="a length that includes the field")


_STREAM_USE = re.compile(r"_io(?:\.(\w+))?")


@cache
def _stream_uses(specs: Specs, stem: str) -> frozenset[str]:
    """What a spec (or one it imports) asks of ``_io`` in a field's presence, size or type
    (``size``, ``eof`` ...; ``_io`` itself, passed on, as ""); value instances, which are
    not written, do not count."""
    spec = _spec(specs, stem)
    found: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key not in ("doc", "doc-ref", "value"):
                    visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)
        elif isinstance(node, str):
            found.update(match.group(1) or "" for match in _STREAM_USE.finditer(node))

    visit(spec)
    for name in (spec.get("meta") or {}).get("imports") or []:
        found |= _stream_uses(specs, name)
    return frozenset(found)


def _depends_on_stream(specs: Specs, stem: str) -> bool:
    """Whether a spec (or one it imports) has a field whose presence, size or type refers
    to ``_io`` (``_io.size``, ``_io.eof`` ...)."""
    return bool(_stream_uses(specs, stem))


def _write_once(obj: ReadWriteKaitaiStruct) -> bytes | None:
    """The bytes of ``obj`` from a single write, when its spec's layout does not depend
    on its stream's size: a stream without an end gives the same bytes as one of the exact
    size (``size-eos`` fields end where they were written). None when it cannot be told
    this way (a ``repeat: eos`` or ``not _io.eof`` at the end): measure, then write."""
    info = getattr(obj, "_spec_type", None)
    if info is None or _depends_on_stream(info.specs, info.stem):
        return None
    stream = _GrowingStream(False)
    try:
        obj._write(stream)
    except kaitaistruct.ConsistencyError as exc:
        if exc.actual != 0:
            raise
        return None                                       # repeat: eos at the end
    stream.write_align_to_byte()
    return stream._io.getvalue()[:stream._io.tell()]


def to_bytes(obj: ReadWriteKaitaiStruct, size: int | None = None) -> bytes:
    """Write ``obj`` into a stream of ``size`` bytes (measured when not given; one write
    when the layout does not depend on the stream's size)."""
    try:
        if size is None:
            once = _write_once(obj)
            if once is not None:
                return once
            size, measured = _measured(obj)
            info = getattr(obj, "_spec_type", None)
            if measured is not None and info is not None and \
                    _stream_uses(info.specs, info.stem) == {"eof"}:
                _check_size_conditions(obj)
                return measured
        out = _SizedStream(size)
        obj._write(out)
        out.write_align_to_byte()
        if out.pos() != size:
            raise EncodeError(f"{type(obj).__name__} wrote {out.pos()} of {size} bytes",
                              expected="fields that fill the packet")
        _check_size_conditions(obj)
        return out.to_byte_array()
    except EncodeError:
        raise
    except AttributeError as exc:
        raise EncodeError(f"cannot write {type(obj).__name__}: a field the other fields call "
                          f"for is missing ({exc})",
                          expected="the fields that flags, types and sizes make present") from exc
    except Exception as exc:  # noqa: BLE001 - the write path's own consistency errors
        raise EncodeError(f"cannot write {type(obj).__name__}: {type(exc).__name__}: {exc}",
                          expected="fields consistent with each other") from exc
