"""The Python source of one type's writer, made from its plan in
:mod:`wirestruct.encode.direct`.

The direct writer works a type's plan out once from its spec; interpreting that plan
field by field costs a loop and a dozen checks per field, which is most of an encode for
types of a few numbers. So each plan is also turned into a function, as the compiler turns
a spec into reading code: one statement per field, with only the checks that field needs
(its condition, what readable output changed in it, the range of a plain number, an enum
member, its bit width), and a user type called straight through its own function (by
name, switch or arguments, in a substream of its size, repeated). Whatever a field's fast
path does not take (another type of value, a number out of range, bytes, a string,
``size-eos``) goes to the plan's general code for one field, so what is written and what
is given up on stay the plan's. A run of bit fields keeps its bits in locals and writes
their whole bytes where it ends; fields in a row with the same ``if`` evaluate it once
while none of them is what it reads.

:func:`source` gives the text and the constants it names; :mod:`wirestruct.encode.direct`
runs it with its helpers:

``GiveUp``, ``given(plan, fields, params, hooks, readable, name)``, ``one(field, value,
ctx, out, hooks, readable)``, ``plan_of(info)``, ``Io(out)``, ``new(cls)``, ``zero(attr)``,
``Mapping``, ``StructError``, ``Out(limit)`` and ``leaf(field, value, size, out,
readable)``.
"""
from __future__ import annotations

import re
from typing import Any, Protocol


class _Field(Protocol):
    name: str
    contents: bytes | None
    when: Any
    repeat: Any
    size: Any
    eos: bool
    kind: str
    count: Any
    bits_le: bool
    simple: Any
    real: Any
    flag: int
    bits: int
    enum: Any
    code: Any
    user: bool
    plan: Any


class _Plan(Protocol):
    fields: tuple[Any, ...]
    params: tuple[str, ...]
    instances: tuple[str, ...]
    packed: Any
    shape: Any
    ctx: type
    info: Any


def source(plan: _Plan) -> tuple[str, dict[str, Any]]:
    """``def write(fields, params, out, parent, root, hooks, readable, name)``: the
    fields' bytes added to ``out``, the object expressions see returned; and the
    constants it names."""
    consts: dict[str, Any] = {"PLAN": plan, "CTX": plan.ctx, "CLS": plan.info.cls}
    shape = plan.shape
    lines = ["def write(fields, params, out, parent, root, hooks, readable, name):",
             "    if fields.__class__ is not dict" + (" or readable:" if shape.objects
                                                      else ":"),
             "        fields = given(PLAN, fields, params, hooks, readable, name)",
             "    elif hooks and CLS in hooks:",
             "        fields = given(PLAN, fields, params, hooks, readable, name)",
             f"    if len(params) != {len(plan.params)}:",
             "        raise GiveUp",
             "    get = fields.get"]
    for name in plan.instances:
        lines += [f"    if isinstance(get({name!r}), Mapping):",
                  "        raise GiveUp                        # a parse instance to write"]
    if plan.packed is not None:
        lines += _packed(plan, consts)
    lines += ["    ctx = new(CTX)",
              "    held = ctx.__dict__"]
    lines += [f"    held[{param!r}] = params[{i}]" for i, param in enumerate(plan.params)]
    lines += ["    held['_parent'] = parent"] + _tie("    ", "root_ = ")
    lines += [
              "    limit = out.limit",
              "    if limit is not None:",
              "        held['_io'] = Io(out)",
              "    buf = out.buf"]
    run = None                              # the bit order of the run of bit fields open
    conditions = _Conditions(plan)
    for i, field in enumerate(plan.fields):
        order = _bit_order(field)
        if run is not None and (order != run or conditions.reads_stream(field)):
            lines += ["    " + line for line in _end_run()]
            run = None
        if order is not None and run is None:
            lines += ["    " + line for line in _start_run(order)]
            run = order
        lines += _field(i, field, shape, consts, conditions.test(i, field, consts), run)
    if run is not None:
        lines += ["    " + line for line in _end_run()]
    lines.append("    return ctx")
    return "\n".join(lines) + "\n", consts


class _Conditions:
    """The ``if`` of each field as the writer tests it: a run of fields with the same
    condition, none of whose names (nor an instance, nor ``_io``) the condition reads,
    evaluates it once, for the first of them."""

    def __init__(self, plan: _Plan) -> None:
        self.unstable = set(plan.instances) | set(
            plan.info.spec.get("instances") or {}) | {"_io"}
        self.text: str | None = None        # the condition of the group open
        self.var = ""
        self.written: set[str] = set()      # fields written since it was evaluated

    def reads_stream(self, field: _Field) -> bool:
        """Whether the field's condition asks the stream (its position, its end)."""
        text = field.plan.attr.get("if")
        return isinstance(text, str) and "_io" in _NAME.findall(text)

    def test(self, i: int, field: _Field, consts: dict[str, Any]) -> tuple[str, str]:
        """(the statement evaluating field ``i``'s condition, or "", the expression
        testing it); ("", "") for a field with no condition to evaluate."""
        when, text = field.when, field.plan.attr.get("if")
        first = ""
        if when is not None and not isinstance(when, (bool, int)):
            stable = isinstance(text, str) and "'" not in text and '"' not in text
            if not (stable and text == self.text
                    and not set(_NAME.findall(text)) & (self.unstable | self.written)):
                consts[f"WHEN{i}"] = when
                self.text, self.var, self.written = (text if stable else None), f"w{i}", set()
                first = f"{self.var} = WHEN{i}(ctx, None)"
            self.written.add(field.name)
            return first, self.var
        self.written.add(field.name)
        return "", ""


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _bit_order(field: _Field) -> str | None:
    """'le' or 'be' for a field the writer puts in the bits it holds in locals (a
    single bit field, plain or enum), else None."""
    if field.repeat is not None or field.simple is not None or field.real is not None:
        return None
    if field.flag or field.enum is not None and field.bits:
        return "le" if field.bits_le else "be"
    return None


def _start_run(order: str) -> list[str]:
    """A run of bit fields of one order begins: the stream's bits taken into locals."""
    return [f"if {'not ' if order == 'le' else ''}out.le:",
            "    if out.nbits:",
            "        raise GiveUp                # both bit orders in one byte",
            f"    out.le = {order == 'le'}",
            "acc = out.bits",
            "nb = out.nbits"]


def _end_run() -> list[str]:
    """The run ends: the bits held given back to the stream (``_Out.take``: whole bytes
    written), its size checked."""
    return ["out.take(acc, nb)",
            "if limit is not None and len(buf) + (1 if out.nbits else 0) > limit:",
            "    raise GiveUp"]


def _packed(plan: _Plan, consts: dict[str, Any]) -> list[str]:
    """A type of plain numbers: one pack when every value is a number of its kind in
    range (else the field by field code below takes it)."""
    pack, names, ranges = plan.packed
    consts["PACK"] = pack
    values = [f"v{i}" for i in range(len(names))]
    checks = []
    for value, bounds in zip(values, ranges):
        checks.append(f"{value}.__class__ is float" if bounds is None else
                      f"{value}.__class__ is int and {bounds[0]} <= {value} <= {bounds[1]}")
    lines = ["    if not out.nbits:"]
    lines += [f"        {value} = get({name!r})" for value, name in zip(values, names)]
    lines += ["        if " + " and ".join(checks) + ":",
              "            try:",
              f"                data = PACK({', '.join(values)})",
              "            except (OverflowError, StructError):",
              "                data = None",
              "            if data is not None:",
              "                if out.limit is not None and "
              "len(out.buf) + len(data) > out.limit:",
              "                    raise GiveUp",
              "                out.buf += data",
              "                ctx = new(CTX)",
              "                held = ctx.__dict__"]
    lines += [f"                held[{name!r}] = {value}" for value, name in zip(values, names)]
    lines += ["                held['_parent'] = parent"] + _tie(" " * 16, "")
    return lines + ["                return ctx"]


def _tie(indent: str, root_: str) -> list[str]:
    """The object's ``_root``, and its place in the root's list of every object made
    (``_made``), by which :func:`wirestruct.encode.direct.write` unties them once written."""
    return [indent + line for line in (
        "if root is None:",
        f"    {root_}held['_root'] = ctx",
        "    held['_made'] = [ctx]",
        "else:",
        f"    {root_}held['_root'] = root",
        "    root.__dict__['_made'].append(ctx)")]


def _field(i: int, field: _Field, shape: Any, consts: dict[str, Any],
           test: tuple[str, str], run: str | None) -> list[str]:
    """The statements writing field ``i`` (its condition evaluated as ``test`` says; in
    the bits held in locals when ``run`` is their order)."""
    name = field.name
    consts[f"F{i}"] = field
    body: list[str] = []
    if name in shape.zero:                  # left out while zero
        consts[f"ATTR{i}"] = field.plan.attr
        body += ["if readable and v is None:",
                 f"    v = zero(ATTR{i})"]
    if name in shape.backs:                 # shown as one value
        consts[f"BACK{i}"] = shape.backs[name][1]
        body += [("elif" if name in shape.zero else "if") + " readable and v is not None:",
                 f"    v = BACK{i}(v)"]
    body += _value(i, field, consts, run)
    body.append(f"held[{name!r}] = v")
    if field.kind != "number":              # may have ended the stream (see _Out.end)
        body.append("limit = out.limit")
    lines = [f"    v = get({name!r})"]
    when = field.when
    if isinstance(when, int):               # a constant (true, false or a number)
        when = bool(when)
    if when is None or when is True:
        return lines + ["    " + line for line in body]
    if when is False:
        return lines + ["    if v is not None:",
                        "        raise GiveUp                    # given, but not written"]
    first, var = test
    return lines + ([f"    {first}"] if first else []) + [f"    if {var}:"] + [
        "        " + line for line in body] + [
        "    elif v is not None:",
        "        raise GiveUp                        # given, but not written"]


def _value(i: int, field: _Field, consts: dict[str, Any], run: str | None) -> list[str]:
    """The statements writing value ``v`` of field ``i``: its fast path, else the plan's
    general code for one field (in a run of bits, with the bits held given to it and
    taken back)."""
    general = [f"v = one(F{i}, v, ctx, out, hooks, readable)"]
    if run is not None:
        general = ["out.take(acc, nb)"] + general + ["acc = out.bits", "nb = out.nbits"]
    if field.repeat is not None:
        return _items(i, field, consts) or general
    if field.simple is not None:
        pack, low, high = field.simple
        consts[f"PACK{i}"] = pack
        return [f"if v.__class__ is int and {low} <= v <= {high}:",
                "    if out.nbits:",
                "        out.align()",
                f"    buf += PACK{i}(v)",
                "    if limit is not None and len(buf) > limit:",
                "        raise GiveUp",
                "else:",
                "    " + general[0]]
    if field.real is not None:
        consts[f"PACK{i}"] = field.real
        return ["if v.__class__ is float:",
                "    if out.nbits:",
                "        out.align()",
                f"    buf += PACK{i}(v)                 # too large for f4: given up on",
                "    if limit is not None and len(buf) > limit:",
                "        raise GiveUp",
                "else:",
                "    " + general[0]]
    if field.flag:
        n = field.flag
        test = "v.__class__ is bool" if n == 1 else f"v.__class__ is int and not v >> {n}"
        return [f"if {test}:"] + ["    " + line for line in _bits(n, "v", field.bits_le)] + [
            "else:"] + ["    " + line for line in general]
    if field.enum is not None:
        return _enum(i, field, general, consts)
    if field.user and not field.eos:
        return _user(i, field, consts)
    if field.kind == "bytes" and not field.user and (
            field.size is not None or field.contents is not None or field.eos):
        return _bytes(i, field, consts) + ["else:"] + ["    " + line for line in general]
    return general


def _bytes(i: int, field: _Field, consts: dict[str, Any]) -> list[str]:
    """A byte string given as ``bytes`` or hex text, of its ``size`` and its ``contents``,
    or to the end of its stream (what ``direct._leaf`` does with them, and what the field's
    converter does with text: ``bytes.fromhex``, whose error gives up)."""
    lines = ["if v.__class__ is str:",
             "    v = bytes.fromhex(v)",
             "if v.__class__ is bytes:",
             "    if out.nbits:",
             "        out.align()"]
    if field.size is not None:
        lines += [f"    if len(v) != {_size(i, field, consts)}:",
                  "        raise GiveUp"]
    if field.contents is not None:
        consts[f"CONTENTS{i}"] = field.contents
        lines += [f"    if v != CONTENTS{i}:",
                  "        raise GiveUp"]
    lines.append("    buf += v")
    if field.eos:
        return lines + ["    if limit is not None and len(buf) != limit:",
                        "        raise GiveUp",
                        "    out.end()"]
    return lines + ["    if limit is not None and len(buf) > limit:",
                    "        raise GiveUp"]


def _bits(n: int, value: str, le: bool) -> list[str]:
    """``value`` in the next ``n`` bits held (``acc``, ``nb``: what ``_Out.put_bits``
    does, inline); whole bytes are written out where the run ends (:func:`_end_run`)."""
    if le:
        return [f"acc |= {value} << nb", f"nb += {n}"]
    return [f"acc = (acc << {n}) | {value}", f"nb += {n}"]


def _enum(i: int, field: _Field, general: list[str], consts: dict[str, Any]) -> list[str]:
    """An enum field given as a member's name or number: the member, worked out once."""
    consts[f"ENUM{i}"] = field.enum
    lines = ["hit = ENUM{i}.get(v) if v.__class__ is str or v.__class__ is int else None"
             .replace("{i}", str(i)),
             "if hit is None:"] + ["    " + line for line in general] + ["else:"]
    if field.bits:
        return lines + ["    " + line for line in _bits(field.bits, "hit[1]", field.bits_le)] + [
            "    v = hit[0]"]
    consts[f"PACK{i}"] = field.code
    return lines + ["    if out.nbits:",
                    "        out.align()",
                    f"    buf += PACK{i}(hit[1])",
                    "    if limit is not None and len(buf) > limit:",
                    "        raise GiveUp",
                    "    v = hit[0]"]


def _user(i: int, field: _Field, consts: dict[str, Any]) -> list[str]:
    """A field of a user type (by name, by arguments or by switch), in the stream or in
    a substream of its ``size``."""
    name = field.name
    rule = field.plan.rule
    lines = ["if v is None:",
             "    raise GiveUp",
             "if out.nbits:",
             "    out.align()"]
    if rule.__class__ is tuple:
        consts[f"TYPE{i}"] = rule[0]
        lines += [f"p = F{i}.fixed",
                  "if p is None:",
                  f"    p = F{i}.fixed = plan_of(TYPE{i})"]
        args, indent = "()", ""
    else:                                   # the compiler's expression: (type, arguments)
        consts[f"RULE{i}"], consts[f"PLANS{i}"] = rule, {}
        consts[f"INFO{i}"] = field.plan.info
        lines += [f"found = RULE{i}(ctx, None)",
                  f"n = {_size(i, field, consts)}",
                  "if found is None:                   # no case matches: bytes",
                  f"    v = leaf(F{i}, v, n, out, readable)",
                  "else:",
                  f"    p = PLANS{i}.get(found[0])",
                  "    if p is None:",
                  f"        p = PLANS{i}[found[0]] = plan_of(INFO{i}.resolve_type(found[0]))"]
        args, indent = "tuple(found[1])", "    "
    call = f"p.write(v, {args}, {{out}}, ctx, root_, hooks, readable, {name!r})"
    if field.size is None:
        return lines + [indent + "v = " + call.format(out="out")]
    if indent == "":
        lines.append(f"n = {_size(i, field, consts)}")
    return lines + [indent + line for line in (
        "sub = Out(n)",
        "v = " + call.format(out="sub"),
        "sub.align()",
        "if len(sub.buf) != n:",
        "    raise GiveUp",
        "buf += sub.buf",
        "if limit is not None and len(buf) > limit:",
        "    raise GiveUp")]


def _items(i: int, field: _Field, consts: dict[str, Any]) -> list[str]:
    """A repeated field of a user type by name, without a size (else [], the plan's
    general code)."""
    rule = field.plan.rule
    if not field.user or field.size is not None or field.eos or rule.__class__ is not tuple:
        return []
    consts[f"TYPE{i}"] = rule[0]
    lines = ["if v.__class__ is not list:",
             "    raise GiveUp"]
    count = field.count
    if count is not None:
        if count.__class__ is int:
            test = f"len(v) != {count}"
        else:
            consts[f"COUNT{i}"] = count
            test = f"COUNT{i}(ctx, None) != len(v)"
        lines += [f"if {test}:",
                  "    raise GiveUp"]
    lines += [f"p = F{i}.fixed",
              "if p is None:",
              f"    p = F{i}.fixed = plan_of(TYPE{i})",
              "items = []",
              f"held[{field.name!r}] = items",
              "for item in v:",
              "    if out.nbits:",
              "        out.align()",
              f"    items.append(p.write(item, (), out, ctx, root_, hooks, readable, "
              f"{field.name!r}))"]
    if field.repeat == "eos":
        lines += ["out.end()",
                  "if out.pos() != out.limit:",
                  "    raise GiveUp"]
    return lines + ["v = items"]


def _size(i: int, field: _Field, consts: dict[str, Any]) -> str:
    """The expression of field ``i``'s size (None when it has none)."""
    size = field.size
    if size is None or size.__class__ is int:
        return str(size)
    consts[f"SIZE{i}"] = size
    return f"SIZE{i}(ctx, None)"


__all__ = ["source"]
