"""The expressions the encoder evaluates (``generated_rw/<folder>/_expressions.py``) and the
class facts the serializer reads (each ``generated*/<folder>/__init__.py``), both written by
``wirestruct regen`` from the compiler's output, against the compiler's own code and real
data.

1. Every switch, type with arguments and ``if: _io.size`` condition of every spec of ksy/
   is the same code as the compiler's ``_read`` of the read-write class holding the field:
   the same switch-on, the same case keys, each case's class and arguments, the same
   default, the same condition (compared as Python syntax trees), and nothing is missing.
2. Every structure of the samples and test captures, parsed with the read-write classes:
   on every object, each function gives what the parse chose (the switch case's class, or
   bytes when no case matched; the child's parameter values, item by item in repeated
   fields; whether a field under ``if: _io.size`` is there). Cases the data never meets
   are covered by 1.
3. The class facts: the fields of every class in the order its ``_read`` assigns them, its
   parameters; the instances shown from their source give the instance's own value on
   every object of the real data.
"""
from __future__ import annotations

import ast
import builtins
import importlib
import inspect
from collections import Counter, defaultdict
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
import write_roundtrip as roundtrip
import yaml
from encode_helpers import FOLDERS, every_type
from kaitaistruct import KaitaiStream, KaitaiStruct
from wirestruct.encode.building import TypeInfo
from wirestruct.output import serialize
from wirestruct.output.presentation import class_key
from wirestruct.protocols.diep.rebuild import table_flags as _table_flags

ROOT = Path(__file__).resolve().parents[2]
KSY = ROOT / "ksy"


def _infos() -> dict[type, TypeInfo]:
    """Every type of every spec, by its read-write class."""
    return {info.cls: info for info in every_type()}


INFOS = _infos()


def _expressions(folder: str) -> Any:
    return importlib.import_module(f"wirestruct.generated_rw.{folder}._expressions")


def _functions(folder: str) -> dict[str, ast.FunctionDef]:
    module = _expressions(folder)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def _dump(node: ast.AST | None) -> str | None:
    return None if node is None else ast.dump(node)


# -- 1. the compiler's own _read ----------------------------------------------------------
def _class_call(node: ast.expr) -> ast.Call | None:
    """A constructor call of a generated class (not a read of bytes)."""
    if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
        root = node.func
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id not in ("self", "KaitaiStream") \
                and not hasattr(builtins, root.id):
            return node
    return None


def _arguments(call: ast.Call) -> list[ast.expr]:
    """A constructor call's arguments without the stream (and the parent and root links
    of a type of the same spec)."""
    args = call.args
    tail = [ast.dump(a) for a in args[-2:]]
    if tail == [ast.dump(ast.parse(t, mode="eval").body) for t in ("self", "self._root")]:
        return args[:-3]
    return args[:-1]


def _field_of(statement: ast.stmt, instance: str | None = None
              ) -> tuple[str, ast.expr] | None:
    """``self.<field> = ...`` or ``_t_<field> = ...`` (an item of a repeated field); in an
    instance's getter, ``self._m_<instance> = ...``."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                and target.value.id == "self":
            if instance is not None:
                return (instance, statement.value) if target.attr == f"_m_{instance}" else None
            if not target.attr.startswith("_"):
                return target.attr, statement.value
        if isinstance(target, ast.Name) and target.id.startswith("_t_"):
            return target.id[3:], statement.value
    return None


def _is_on(test: ast.expr) -> bool:
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "_on" and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq))


def compiler_reads(cls_node: ast.ClassDef) -> dict[str, dict[str, Any]]:
    """Per field, how the compiler's ``_read`` (or ``_read_le`` and ``_read_be``, which
    must agree) reads it: the conditions around it, its switch (switch-on, [(key, class
    call or None for bytes)], default) or the class it constructs."""
    methods = [_method_reads(method) for method in cls_node.body
               if isinstance(method, ast.FunctionDef)
               and method.name in ("_read", "_read_le", "_read_be")]
    # Parse instances are read by their getters, into self._m_<name>.
    methods += [{name: {**read, "instance": True}
                 for name, read in _method_reads(method, instance=method.name).items()}
                for method in cls_node.body
                if isinstance(method, ast.FunctionDef) and _is_property(method)]
    out: dict[str, dict[str, Any]] = {}
    for reads in methods:
        for field, read in reads.items():
            if field in out:
                assert _describe(out[field]) == _describe(read), (cls_node.name, field)
            out[field] = read
    return out


def _describe(read: dict[str, Any]) -> Any:
    def dump(value: Any) -> Any:
        if isinstance(value, ast.AST):
            return ast.dump(value)
        if isinstance(value, (list, tuple)):
            return [dump(v) for v in value]
        if isinstance(value, dict):
            return {k: dump(v) for k, v in value.items()}
        return value
    return dump(read)


def _is_property(method: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "property" for d in method.decorator_list)


def _method_reads(method: ast.FunctionDef, instance: str | None = None
                  ) -> dict[str, dict[str, Any]]:
    """How a method reads fields (``instance``: the getter of that parse instance, which
    stores it in ``self._m_<instance>``)."""
    out: dict[str, dict[str, Any]] = defaultdict(dict)

    def record(statements: list[ast.stmt], conditions: list[ast.expr], case=None) -> None:
        for statement in statements:
            found = _field_of(statement, instance)
            if found is None:
                continue
            name, value = found
            field = out[name]
            field.setdefault("conditions", list(conditions))
            call = _class_call(value)
            if case is not None:
                on, key = case
                switch = field.setdefault("switch", {"on": on, "cases": [], "default": None})
                if key is None:
                    switch["default"] = call
                else:
                    switch["cases"].append((key, call))
            elif call is not None:
                field["call"] = call

    def visit(statements: list[ast.stmt], conditions: list[ast.expr]) -> None:
        on = None
        for statement in statements:
            if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name) \
                    and statement.targets[0].id == "_on":
                on = statement.value
            elif isinstance(statement, ast.If) and _is_on(statement.test):
                node = statement
                while True:
                    record(node.body, conditions, (on, node.test.comparators[0]))
                    if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If) \
                            and _is_on(node.orelse[0].test):
                        node = node.orelse[0]
                        continue
                    record(node.orelse, conditions, (on, None))
                    break
            elif isinstance(statement, ast.If):
                if not all(isinstance(s, ast.Raise) for s in statement.body):   # not a valid:
                    visit(statement.body, [*conditions, statement.test])
                    visit(statement.orelse, conditions)
            elif isinstance(statement, (ast.While, ast.For)):
                visit(statement.body, conditions)
            elif isinstance(statement, ast.Try):
                visit(statement.body, conditions)
                visit(statement.finalbody, conditions)
            else:
                record([statement], conditions)

    visit(method.body, [])
    return out


def _classes(tree: ast.Module, prefix: str = "") -> list[tuple[str, ast.ClassDef]]:
    out = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Name) and b.id == "ReadWriteKaitaiStruct" for b in node.bases):
            out.append((prefix + node.name, node))
            out += _classes(node, prefix + node.name + ".")  # type: ignore[arg-type]
    return out


def _resolve(node: ast.expr, namespace: dict[str, Any]) -> Any:
    return eval(compile(ast.Expression(node), "<class>", "eval"), namespace)  # noqa: S307


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_expression_is_the_compilers_own_read_code(folder):
    functions = _functions(folder)
    table = _expressions(folder).EXPRESSIONS
    names = {key: function.__name__ for key, function in table.items()}
    checked: set[tuple[str, str, str, str]] = set()
    cases = 0
    for spec in sorted((ROOT / "generated_rw" / folder).glob("[a-z]*.py")):
        module = importlib.import_module(f"wirestruct.generated_rw.{folder}.{spec.stem}")
        tree = ast.parse(spec.read_text(encoding="utf-8"))
        for qualname, cls_node in _classes(tree):
            cls: Any = module
            for part in qualname.split("."):
                cls = getattr(cls, part)
            info = INFOS[cls]
            for field, read in compiler_reads(cls_node).items():
                key = (info.stem, info.path, field)
                call = read.get("call")
                if "switch" in read or (call is not None and _arguments(call)):
                    assert (*key, "type") in names, f"{key}: no generated function"
                    checked.add((*key, "type"))
                    ours = functions[names[(*key, "type")]].body
                    cases += _same_type(read, ours, info, module.__dict__, key)
                own = read["conditions"][-1] if read["conditions"] and \
                    not read.get("instance") else None
                if own is not None and "_io.size" in ast.unparse(own):
                    assert (*key, "if") in names, f"{key}: no generated function for its if"
                    checked.add((*key, "if"))
                    ours = functions[names[(*key, "if")]].body
                    assert [_dump(s.value) for s in ours if isinstance(s, ast.Return)] == \
                        [_dump(own)], key
                if own is not None and (*key, "when") in names:
                    checked.add((*key, "when"))
                    ours = functions[names[(*key, "when")]].body
                    assert [_dump(s.value) for s in ours if isinstance(s, ast.Return)] == \
                        [_dump(own)], key
            read_code = _read_expressions(cls_node)
            for role in ("size", "count"):
                for key in [k for k in names if k[:2] == (info.stem, info.path) and k[3] == role]:
                    ours = functions[names[key]].body
                    returned = [_dump(s.value) for s in ours if isinstance(s, ast.Return)]
                    assert len(returned) == 1 and returned[0] in read_code, key
                    checked.add(key)
    assert checked == set(table), set(table) ^ checked
    # every case of every type switch in the folder's specs was compared: the specs' own
    # count (keys of `cases`, `_` being the default), read from the YAML
    assert cases == _switch_cases(folder) > 0


def _switch_cases(folder: str) -> int:
    """The cases (not counting `_`) of every `switch-on` type in ``ksy/<folder>/*.ksy``."""
    def count(node: object) -> int:
        if isinstance(node, dict):
            kind = node.get("type")
            own = (sum(1 for key in kind["cases"] if str(key) != "_")
                   if isinstance(kind, dict) and "switch-on" in kind else 0)
            return own + sum(count(value) for value in node.values())
        if isinstance(node, list):
            return sum(count(value) for value in node)
        return 0
    return sum(count(yaml.safe_load(path.read_text(encoding="utf-8")))
               for path in sorted((KSY / folder).glob("*.ksy")))


def _read_expressions(cls_node: ast.ClassDef) -> set[str]:
    """Every expression of the compiler's read methods of a class (a size or a count
    the encoder evaluates must be one of them, as the compiler wrote it)."""
    return {_dump(node) for method in cls_node.body if isinstance(method, ast.FunctionDef)
            and (method.name in ("_read", "_read_le", "_read_be") or _is_property(method))
            for node in ast.walk(method) if isinstance(node, ast.expr)}


def _same_type(read: dict, ours: list[ast.stmt], info: TypeInfo, namespace: dict,
               key: tuple) -> int:
    """Our function of a field against the compiler's read of it; the number of cases."""
    code = [s for s in ours if not isinstance(s, ast.Expr)]

    def returned(statement: ast.stmt) -> tuple[type, list[str]] | None:
        assert isinstance(statement, ast.Return), key
        if _dump(statement.value) == _dump(ast.Constant(None)):
            return None
        ref, args = statement.value.elts                     # type: ignore[union-attr]
        return info.resolve_type(ref.value).cls, [ast.dump(a) for a in args.elts]

    def compilers(call: ast.Call | None) -> tuple[type, list[str]] | None:
        if call is None:
            return None
        return _resolve(call.func, namespace), [ast.dump(a) for a in _arguments(call)]

    if "switch" not in read:
        assert len(code) == 1 and returned(code[0]) == compilers(read["call"]), key
        return 0
    switch = read["switch"]
    assert isinstance(code[0], ast.Assign) and ast.dump(code[0].value) == ast.dump(switch["on"])
    ours_cases = {}
    for statement in code[1:-1]:
        assert isinstance(statement, ast.If) and _is_on(statement.test), key
        ours_cases[ast.dump(statement.test.comparators[0])] = returned(statement.body[0])
    theirs = {ast.dump(k): compilers(call) for k, call in switch["cases"]}
    assert ours_cases == theirs, key
    assert len(ours_cases) == len(switch["cases"]), key        # no key given twice
    assert returned(code[-1]) == compilers(switch["default"]), key
    return len(theirs)


# -- 2. real data ---------------------------------------------------------------------------
def _objects(root: KaitaiStruct):
    """Every structure under ``root`` (fields, list items, fetched instances)."""
    stack, seen = [root], set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        for name, value in vars(obj).items():
            if name in ("_io", "_parent", "_root"):
                continue
            for item in value if isinstance(value, list) else (value,):
                if isinstance(item, KaitaiStruct):
                    stack.append(item)


@pytest.fixture(scope="module")
def parsed():
    """Every structure of the samples and test captures, read with the read-write
    classes (parse instances fetched)."""
    out = []
    for sample in roundtrip.real_structures():
        obj = roundtrip.rw_class(sample.cls)(*sample.params, KaitaiStream(BytesIO(sample.data)))
        obj._read()
        obj._fetch_instances()
        assert obj._io.pos() == len(sample.data)
        out.append(obj)
    return out


def test_every_function_gives_what_the_parse_chose(parsed):
    evaluated: Counter = Counter()
    for root in parsed:
        for obj in _objects(root):
            info = INFOS[type(obj)]
            seq = {attr["id"]: attr for attr in info.seq}
            instances = info.spec.get("instances") or {}
            for (field, role), function in info.expressions.items():
                if field not in seq:      # a parse instance: stored as _m_<name> once read
                    attr, stored = instances[field], f"_m_{field}"
                else:
                    attr, stored = seq[field], field
                present = stored in vars(obj)
                if role == "when" and any(f"_io.{name}" in str(attr.get("if"))
                                          for name in ("eof", "pos")):
                    continue                      # the stream has moved on since
                if role in ("if", "when"):
                    assert bool(function(obj, None)) is present, (info.cls, field)
                    evaluated[function] += 1
                    continue
                if not present:
                    continue
                value = vars(obj)[stored]
                if role in ("size", "count"):
                    _check_measure(obj, field, role, function(obj, None), value, attr)
                    evaluated[function] += 1
                    continue
                items = enumerate(value) if "repeat" in attr else ((None, value),)
                for index, item in items:
                    found = function(obj, index)
                    evaluated[function] += 1
                    if found is None:
                        assert isinstance(item, bytes), (info.cls, field, index)
                        continue
                    ref, args = found
                    child = info.resolve_type(ref)
                    assert type(item) is child.cls, (info.cls, field, index)
                    params = tuple(getattr(item, p["id"]) for p in child.spec.get("params") or ())
                    assert params == args, (info.cls, field, index)
    every = {function for folder in FOLDERS for function in _expressions(folder).EXPRESSIONS.values()}
    # The data meets most of them (the capture specs' rarer encapsulations are not in it).
    assert len(set(evaluated)) >= 0.8 * len(every)
    assert sum(evaluated.values()) > 50_000


def _check_measure(obj: Any, field: str, role: str, found: Any, value: Any,
                   attr: dict) -> None:
    """A size or count function against what the parse read: a list's length, the bytes
    (or the bytes of a sub-object: ``_raw_<field>``) of one field."""
    assert isinstance(found, int) and found >= 0, (type(obj), field, found)
    if role == "count":
        assert found == len(value), (type(obj), field)
        return
    raw = vars(obj).get(f"_raw_{field}")
    if "repeat" in attr:
        raw = None                            # one size for each item: checked by type
    if isinstance(raw, bytes):
        assert found == len(raw), (type(obj), field)
    elif isinstance(value, bytes):
        assert found == len(value), (type(obj), field)


def test_index_table_flags_are_the_bits_the_instances_test(parsed):
    """unpresent rebuilds a creation's field-group table from its ``has_*`` flags: the bit
    of each flag, found by computing the read-write class's own instances, is the bit the
    flag has on every creation of the data."""
    creations = [obj for root in parsed for obj in _objects(root)
                 if type(obj).__name__ == "Creation"]
    assert len(creations) > 50
    info = INFOS[type(creations[0])]
    flags = _table_flags(info, "groups")
    assert len(flags) == 15 and sorted(flags.values()) == list(range(15))
    for obj in creations:
        for name, bit in flags.items():
            assert getattr(obj, name) is bool(obj.groups.mask >> bit & 1)


# -- 3. the serializer's class facts --------------------------------------------------------
def _read_order(cls: type) -> tuple[str, ...]:
    """The fields ``_read`` (then ``_read_le``, ``_read_be``) assigns, in source order,
    each the first time."""
    assigned = []
    for number, method in enumerate(("_read", "_read_le", "_read_be")):
        if method not in vars(cls):
            continue
        tree = ast.parse(inspect.cleandoc("\n" + inspect.getsource(vars(cls)[method])))
        for node in ast.walk(tree):
            found = _field_of(node) if isinstance(node, ast.stmt) else None
            if found is not None and isinstance(node.targets[0], ast.Attribute):
                assigned.append((number, node.lineno, found[0]))
    return tuple(dict.fromkeys(name for _, _, name in sorted(assigned)))


@pytest.mark.parametrize("tree", ["generated", "generated_rw"])
def test_class_facts_list_every_class_in_its_read_order(tree):
    count = 0
    for folder in FOLDERS:
        facts = importlib.import_module(f"wirestruct.{tree}.{folder}")
        seen = set()
        for path in sorted((ROOT / tree / folder).glob("[a-z]*.py")):
            module = importlib.import_module(f"wirestruct.{tree}.{folder}.{path.stem}")
            stack = [v for v in vars(module).values() if isinstance(v, type)
                     and issubclass(v, KaitaiStruct) and v.__module__ == module.__name__]
            while stack:
                cls = stack.pop()
                stack += [v for v in vars(cls).values()
                          if isinstance(v, type) and issubclass(v, KaitaiStruct)]
                params, seq = facts.FIELDS[class_key(cls)]
                signature = list(inspect.signature(cls.__init__).parameters)[1:]
                assert params == tuple(signature[:signature.index("_io")])
                assert seq == _read_order(cls), cls
                assert serialize.seq_names(cls) == params + seq
                seen.add(class_key(cls))
                count += 1
        assert seen == set(facts.FIELDS)
    assert count > 150


@pytest.fixture(scope="module")
def parsed_read_only():
    """The same structures read with the read-only classes, as the decoders read them."""
    return [sample.cls(*sample.params, KaitaiStream(BytesIO(sample.data)))
            for sample in roundtrip.real_structures()]


def test_instances_shown_from_their_source_are_the_instances_values(parsed, parsed_read_only):
    """Every ENUM_OF and EQUALS fact, on every object of the real data read with either
    kind of class: what the serializer derives from the source is the instance's value."""
    checked: Counter = Counter()
    facts: dict[type, list] = {}
    for root in [*parsed, *parsed_read_only]:
        for obj in _objects(root):
            cls = type(obj)
            if cls not in facts:
                assert serialize._class_facts(cls) is not None
                facts[cls] = [(name, serialize.enum_instance(cls, name),
                               serialize.equals_instance(cls, name))
                              for name in serialize.instance_names(cls)]
            for name, found_enum, found in facts[cls]:
                if found_enum is not None:
                    members, source = found_enum
                    raw = getattr(obj, source)
                    shown = members(raw) if raw in members._value2member_map_ else raw
                    assert shown == getattr(obj, name)
                    checked["ENUM_OF", class_key(cls), name] += 1
                elif found is not None:
                    source, through_value, number = found
                    item = getattr(obj, source)
                    assert ((item.value if through_value else item) == number) \
                        is getattr(obj, name)
                    checked["EQUALS", class_key(cls), name] += 1
    every = {(table, *key) for tree in ("generated", "generated_rw") for folder in FOLDERS
             for table in ("ENUM_OF", "EQUALS") for key in getattr(importlib.import_module(
                 f"wirestruct.{tree}.{folder}"), table)}
    # PPP frames are not in the data.
    # PPP frames and L2TP are not in the data (L2TP is in the case captures of the capture
    # layer's tests).
    assert set(checked) == every - {("EQUALS", "ppp_frame:PppFrame", "has_address_control"),
                                    ("EQUALS", "l2tp_packet:L2tpPacket", "is_version_2")}
