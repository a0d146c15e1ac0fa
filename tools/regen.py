"""``wirestruct regen``: ksy/ -> generated/ and generated_rw/, with the pinned compiler.

1. Render Jinja2-templated specs: every ``ksy/<folder>/templates/<name>.ksy.j2`` is
   rendered once per data file ``ksy/<folder>/data/<key>.json`` into
   ``ksy/<folder>/<name>_<key>.ksy`` (the template sees the JSON's keys plus ``key``).
2. Compile every ``.ksy`` under ``ksy/`` to Python, to Python read-write classes, to
   JavaScript and to Lua in one Node process (``tools/ksc.js``, npm
   ``kaitai-struct-compiler`` pinned in package-lock.json; read-write is enabled in that
   build as docs/serialization.md describes). Any error in any of them fails; the
   JavaScript output is only a check (the Web IDE uses that build of the compiler) and is
   not kept. The Lua output must load on Lua 5.2 (Wireshark 4.0 embeds it) as well as on
   5.3 and 5.4: a spec expression that compiles to an operator 5.2 cannot parse (``>>``,
   ``<<``, ``&``, ``|``, binary ``~``, ``//``) is an error naming the spec and the line
   (:func:`lua52_problems`); the spec writes it with ``/``, ``%`` and ``?:`` instead.
   One mechanical rewrite is made to the Lua (:func:`rewrite_lua`): the compiler checks
   ``valid: in-enum`` as ``if self.x == nil``, but an enum value the spec does not list
   is an entry without a label in wirestruct's Lua runtime (so that such values switch
   and show as numbers, as in Python), so the check also tests ``self.x.label == nil``.
3. Make cross-spec imports package-relative. The compiler's JavaScript build has no
   Python-package option, so a spec importing ``vec3`` comes out with a top-level
   ``import vec3``. Each such line, for a name the spec's ``meta.imports`` lists, is
   rewritten to ``from . import vec3``: the specs of one ksy/ folder are siblings, and so
   are their modules in ``wirestruct.generated.<folder>``. Nothing else is touched.
4. Write ``generated/<folder>/<id>.py`` (read-only classes, the decode path),
   ``generated_rw/<folder>/<id>.py`` (read-write classes, ``wirestruct.generated_rw``),
   with an ``__init__.py`` per folder, and ``generated/<folder>/<id>.lua`` (the Lua
   classes, as the compiler writes them: a sibling spec is ``require("<id>")`` and the
   Kaitai runtime ``require("kaitaistruct")`` ..., which wirestruct's Lua runtime resolves,
   see ``wirestruct.wireshark``).
5. Write what the runtime needs to know about the specs, taken from the compiler's own
   output with :mod:`ast` (never from a second translation of the specs):

   - ``generated_rw/<folder>/_expressions.py``: the expressions the encoder evaluates
     (``wirestruct.encode.building``), as the compiler translates them. Each spec is compiled a
     second time, derived (``tools/ksc.js``, language ``expressions``): every switch-on,
     case key, type reference with arguments and ``if: _io.size ...`` condition, and every
     field's ``if``, ``size`` and ``repeat-expr`` expression, becomes an extra instance of
     its type, and each translation is taken out of that instance's
     getter. They are put together into one Python function per field (a switch as the
     compiler writes one: ``_on = ...``, then ``_on == key`` case by case), keyed by
     ``(spec, type path, field, role)``, whose names are the read-write modules' own.
   - in each folder's ``__init__.py`` (both trees): per class, its parameters and
     sequence fields in spec order, and the instances computed as the enum of one value or
     as one value compared with an integer (``wirestruct.output.serialize``); in the
     read-only tree also the type the compiler gives each value instance
     (``INSTANCE_TYPES``, the Wireshark fields of computed values), read from its Go
     output (a statically typed target) for the specs that have value instances.

   The module's name begins with ``_``, which no spec id can; the package ``__init__``
   keeps the folders' lists of modules (``show --spec``) to the specs.

``--check`` writes nothing: it lists every rendered spec or generated file that differs
from what the templates and the pinned compiler make now, and exits 1 if there is any.
"""
from __future__ import annotations

import argparse
import ast
import builtins
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from wirestruct.core.errors import SpecError
from wirestruct.core.resources import ksy_root, source_checkout
from wirestruct.encode.building import camel
from wirestruct.tools import compiler as pinned

#: The specs (a source checkout's ksy/, or the installed copy, which regen refuses to touch).
KSY = ksy_root()
ROOT = KSY.parent
GENERATED = ROOT / "generated"
GENERATED_RW = ROOT / "generated_rw"
#: compiler target -> which tree its modules go to
LANGUAGES = ("python", "javascript", "python-rw", "expressions", "lua")
#: file name patterns of the generated trees (what --check compares and removes when stale)
GENERATED_PATTERNS = ("*.py", "*.lua")
KSC = ROOT / "tools" / "ksc.js"

RENDER_HEADER = ("# Rendered by `wirestruct regen` from templates/{template} with data/{data}.\n"
                 "# Edit those files, not this one.\n")
PACKAGE_INIT = '"""Generated by `wirestruct regen` from ksy/{folder}/: do not edit."""\n'
ROOT_INIT = ('"""Python compiled from ksy/ by the pinned Kaitai Struct compiler.\n\n'
             'Do not edit: run `wirestruct regen`. One subpackage per ksy/ folder."""\n')
ROOT_INIT_RW = ('"""Read-write Python classes (`_check()`, `_write()`) compiled from ksy/ by the\n'
                'pinned Kaitai Struct compiler; see docs/serialization.md.\n\n'
                'Do not edit: run `wirestruct regen`. One subpackage per ksy/ folder."""\n')

#: The compiler's second line of every Python module, and what regen writes instead.
_IGNORE_LINE = re.compile(r"^# type: ignore$", re.MULTILINE)
MYPY_IGNORE = "# mypy: ignore-errors"
_IMPORT_LINE = re.compile(r"^import ([A-Za-z_][A-Za-z0-9_]*)$", re.MULTILINE)


def render_templates(ksy: Path = KSY, folder: str | None = None) -> dict[Path, str]:
    """Rendered spec path -> text, for every template x data file (of one folder if given)."""
    import jinja2

    out: dict[Path, str] = {}
    for template_dir in sorted(ksy.glob(f"{folder or '*'}/templates")):
        spec_dir = template_dir.parent
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_dir)),
                                 undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                                 trim_blocks=True, lstrip_blocks=True, autoescape=False)
        env.filters["tojson"] = lambda value: json.dumps(value)
        data_files = sorted((spec_dir / "data").glob("*.json"))
        for template_path in sorted(template_dir.glob("*.ksy.j2")):
            name = template_path.name[: -len(".ksy.j2")]
            template = env.get_template(template_path.name)
            for data_path in data_files:
                data = json.loads(data_path.read_text(encoding="utf-8"))
                key = data_path.stem
                text = template.render(**data, key=key)
                header = RENDER_HEADER.format(template=template_path.name, data=data_path.name)
                out[spec_dir / f"{name}_{key}.ksy"] = header + text
    return out


def spec_files(ksy: Path = KSY, extra: tuple[Path, ...] = ()) -> list[Path]:
    files = {p for p in ksy.rglob("*.ksy") if "templates" not in p.relative_to(ksy).parts}
    files.update(extra)
    specs = sorted(files)
    seen: dict[str, Path] = {}
    for path in specs:
        if path.name in seen:
            raise SpecError(f"spec file names must be unique across ksy/ (the Web IDE stores "
                             f"files flat): {seen[path.name]} and {path}")
        seen[path.name] = path
    return specs


def in_folder(path: Path, folder: str, bases: tuple[Path, ...] = (KSY, GENERATED)) -> bool:
    """Is ``path`` (under ksy/ or generated/) part of ksy folder ``folder``?"""
    for base in bases:
        try:
            return path.relative_to(base).parts[0] == folder
        except ValueError:
            continue
    return False


def rw_tree(generated: Path) -> Path:
    """Where the read-write modules of ``generated`` go: its sibling ``<name>_rw``."""
    return generated.with_name(generated.name + "_rw")


def compile_specs(specs: list[Path], languages=LANGUAGES, compiler: Path | None = None,
                  typed: bool = False) -> dict:
    """Compile ``specs`` in one Node process; ``compiler`` names another build of the
    compiler's JavaScript file than the pinned one (tests of the read-write step);
    ``typed`` also compiles the specs that have value instances to Go (their types)."""
    modules = pinned.node_modules()       # the checkout's, else the user's cache
    request: dict[str, Any] = {"specs": [str(p) for p in specs], "languages": list(languages)}
    if typed:
        request["extra"] = {"go": [str(p) for p in specs if _has_value_instances(p)]}
    if compiler is not None:
        request["compiler"] = str(compiler)
    proc = subprocess.run([pinned.node(), str(KSC)], input=json.dumps(request),
                          capture_output=True, text=True, cwd=ROOT,
                          env=pinned.node_env(modules))
    if proc.returncode != 0:
        raise SpecError(f"compiler process failed: {proc.stderr.strip()}")
    return json.loads(proc.stdout)


#: Lua source tokens that matter for the 5.2 check: comments and strings (skipped), and
#: the operators Lua 5.3 added (integer division, shifts, bitwise and/or/xor/not).
_LUA_TOKEN = re.compile(r"""
    --\[(?P<lc>=*)\[.*?\](?P=lc)\]      # long comment
  | --[^\n]*                           # line comment
  | \[(?P<ls>=*)\[.*?\](?P=ls)\]        # long string
  | "(?:\\.|[^"\\\n])*"                # short strings
  | '(?:\\.|[^'\\\n])*'
  | (?P<op>//|>>|<<|~=|&|\||~)           # `~=` is matched to be told apart from `~`
""", re.S | re.X)


#: the compiler's `valid: in-enum` check: the value is nil when the enum lacks it
_LUA_IN_ENUM = re.compile(
    r"^(?P<indent>[ \t]*)if (?P<value>self\.[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]\n]*\])?) == nil then"
    r"(?P<between>\n[ \t]*)error\(\"ValidationNotInEnumError\"\)", re.M)


def rewrite_lua(source: str) -> str:
    """The compiler's Lua with ``valid: in-enum`` checks that fail for an enum entry
    without a label (a value the enum does not list), as wirestruct's Lua runtime gives
    such values; nothing else is touched."""
    return _LUA_IN_ENUM.sub(
        lambda m: (f"{m['indent']}if {m['value']} == nil or {m['value']}.label == nil then"
                   f"{m['between']}error(\"ValidationNotInEnumError\")"), source)


def lua52_problems(source: str) -> list[str]:
    """Where Lua ``source`` uses an operator Lua 5.2 cannot parse (5.3's ``//``, ``>>``,
    ``<<``, ``&``, ``|``, ``~``), one message per line, with the line."""
    problems: list[str] = []
    lines = source.splitlines()
    seen: set[int] = set()
    for m in _LUA_TOKEN.finditer(source):
        op = m.group("op")
        if op is None or op == "~=":
            continue
        line = source.count("\n", 0, m.start()) + 1
        if line in seen:
            continue
        seen.add(line)
        problems.append(f"line {line} uses `{op}`, which Lua 5.2 (Wireshark 4.0) cannot "
                        f"parse; write the spec expression with /, % and ?: instead: "
                        f"{lines[line - 1].strip()}")
    return problems


def rewrite_imports(source: str, imports: list[str]) -> str:
    """Turn the compiler's top-level ``import name`` for sibling specs into relative
    imports, and its ``# type: ignore`` header line into ``# mypy: ignore-errors``: a type
    checker then still skips the generated code's own errors but sees its classes, so code
    importing them type-checks (with ``# type: ignore`` a module exports nothing to it)."""
    names = set(imports)
    source = _IGNORE_LINE.sub(MYPY_IGNORE, source, count=1)
    return _IMPORT_LINE.sub(
        lambda m: f"from . import {m.group(1)}" if m.group(1) in names else m.group(0), source)


def expected_outputs(ksy: Path = KSY, generated: Path = GENERATED,
                     folder: str | None = None) -> tuple[dict[Path, str], list[str]]:
    """Every file regen would write (rendered specs and generated modules) and all errors.

    Read-only modules go to ``generated``, read-write ones to ``rw_tree(generated)``."""
    generated_rw = rw_tree(generated)
    rendered = render_templates(ksy, folder)
    specs = spec_files(ksy, tuple(rendered))
    if folder is not None:
        specs = [p for p in specs if p.relative_to(ksy).parts[0] == folder]
    out: dict[Path, str] = dict(rendered)
    errors: list[str] = []
    pending = {p: t for p, t in rendered.items()
               if not p.exists() or p.read_text(encoding="utf-8") != t}
    if pending:
        # The compiler reads specs from disk; rendering is part of regeneration, so the
        # rendered text is compiled from a scratch folder that mirrors ksy/.
        import shutil
        import tempfile
        with tempfile.TemporaryDirectory() as scratch:
            scratch_ksy = Path(scratch) / "ksy"
            shutil.copytree(ksy, scratch_ksy)
            for path, text in pending.items():
                (scratch_ksy / path.relative_to(ksy)).write_text(text, encoding="utf-8")
            scratch_specs = [scratch_ksy / p.relative_to(ksy) for p in specs]
            answer = compile_specs(scratch_specs, typed=True)
            results = {Path(k): v for k, v in answer["results"].items()}
            results = {ksy / p.relative_to(scratch_ksy): v for p, v in results.items()}
    else:
        answer = compile_specs(specs, typed=True)
        results = {Path(k): v for k, v in answer["results"].items()}
    folders = set()
    for spec in specs:
        result = results[spec]
        rel = spec.relative_to(ksy)
        for err in result["errors"]:
            errors.append(f"{rel}: {err}")
        if len(rel.parts) != 2:
            errors.append(f"{rel}: specs live one folder deep, in ksy/<protocol>/")
            continue
        folders.add(rel.parts[0])
        module = f"{result['id']}.py"
        for language, tree in (("python", generated), ("python-rw", generated_rw)):
            python = result["outputs"].get(language) or {}
            if module in python:
                out[tree / rel.parts[0] / module] = rewrite_imports(python[module],
                                                                    result["imports"])
        lua_module = f"{result['id']}.lua"
        lua = result["outputs"].get("lua") or {}
        if lua_module in lua:
            for problem in lua52_problems(lua[lua_module]):
                errors.append(f"{rel}: lua: {problem}")
            out[generated / rel.parts[0] / lua_module] = rewrite_lua(lua[lua_module])
    out[generated / "__init__.py"] = ROOT_INIT
    out[generated_rw / "__init__.py"] = ROOT_INIT_RW
    for name in sorted(folders):
        out[generated / name / "__init__.py"] = PACKAGE_INIT.format(folder=name)
        out[generated_rw / name / "__init__.py"] = PACKAGE_INIT.format(folder=name)
        compiled = [results[spec] for spec in specs if spec.relative_to(ksy).parts[0] == name
                    and len(spec.relative_to(ksy).parts) == 2]
        if any(result["errors"] for result in compiled):
            continue                                  # reported above
        try:
            out[generated_rw / name / EXPRESSIONS_MODULE] = expressions_module(name, compiled)
            for language, tree in (("python", generated), ("python-rw", generated_rw)):
                out[tree / name / "__init__.py"] = package_init(name, compiled, language)
        except SpecError as exc:
            errors.append(f"ksy/{name}: {exc}")
    if folder is not None:
        out = {p: t for p, t in out.items()
               if in_folder(p, folder, (ksy, generated, generated_rw))}
    return out, errors


# -- what the runtime needs to know, from the compiler's output ----------------------------
EXPRESSIONS_MODULE = "_expressions.py"
EXPRESSIONS_DOC = '''"""The expressions of the ksy/{folder}/ specs that wirestruct.encode.building
evaluates, as the pinned compiler translates them: generated by `wirestruct regen`, do not
edit.

Each spec was compiled once more with every such expression as an extra instance of its
type (tools/ksc.js, `deriveExpressions`); the translations are those instances' code.
One function per field, of the object being built and the index of the item in a
repeated field (None for other fields), keyed by (spec, type path, field, role):

- "type": the type the field's switch picks (``_on`` compared with each case key in turn,
  as the compiler's own switch does) or its type with arguments, as ``(type reference,
  arguments)``; None when no case matches and there is no default (the field is bytes);
- "if": the field's ``if:`` condition that refers to ``_io.size`` (checked after writing);
- "when", "size", "count": every field's ``if:``, ``size:`` and ``repeat-expr:`` given as an
  expression (``wirestruct.encode.direct``, which writes without read-write objects).
"""
'''
CLASSES_DOC = '''"""Generated by `wirestruct regen` from ksy/{folder}/: do not edit.

One module per spec; here, what wirestruct.output.serialize reads about their classes, from the
specs (as the compiler parsed them) and the compiler's {language} output.
"""
'''


class _Module:
    """A module of the compiler's Python output, parsed with :mod:`ast`."""

    def __init__(self, source: str, spec_id: str, imports: list[str]) -> None:
        self.source = source
        self.id = spec_id
        self.imports = imports
        self.tree = ast.parse(source)
        #: instance -> its getter (None: more than one, ambiguous)
        self._getters: dict[str, ast.FunctionDef | None] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.FunctionDef) and _is_property(node):
                if node.name in self._getters:
                    self._getters[node.name] = None
                else:
                    self._getters[node.name] = node

    def assigned(self, name: str) -> ast.expr:
        """The expression the getter of instance ``name`` stores (the same on every path:
        a type whose byte order is decided while parsing has two)."""
        getter = self._getters.get(name)
        if getter is None:
            raise SpecError(f"{self.id}: no single getter of instance {name!r} in the "
                             "compiler's output")
        key = "_m_" + name
        values = [node.value for node in ast.walk(getter) if isinstance(node, ast.Assign)
                  and len(node.targets) == 1 and _is_self(node.targets[0], key)]
        if not values or len({ast.dump(v) for v in values}) != 1:
            raise SpecError(f"{self.id}: instance {name!r} does not store one expression")
        return values[0]

    def text(self, node: ast.expr) -> str:
        """The compiler's own text of ``node``, in parentheses unless it binds at least as
        tightly as arithmetic (so that it can be an operand of ``==`` or a tuple's item)."""
        text = ast.get_source_segment(self.source, node)
        if text is None or ast.dump(ast.parse(text, mode="eval").body) != ast.dump(node):
            raise SpecError(f"{self.id}: cannot take the text of an expression at line "
                             f"{node.lineno} of the compiler's output")
        tight = isinstance(node, _OPERANDS) or (isinstance(node, ast.UnaryOp)
                                                and not isinstance(node.op, ast.Not))
        return text if tight and "\n" not in text else f"({text})"

    def arguments(self, name: str) -> list[ast.expr]:
        """The arguments the compiler passes to the type of parse instance ``name`` (the
        constructor call without the stream and the parent and root links it adds)."""
        call = self.assigned(name)
        if isinstance(call, ast.Call) and not call.keywords:
            args = call.args
            if len(args) >= 3 and _is_self(args[-3], "_io") and _is_self(args[-2]) \
                    and _is_self(args[-1], "_root"):
                return args[:-3]
            if args and _is_self(args[-1], "_io"):   # a type of another spec
                return args[:-1]
        raise SpecError(f"{self.id}: instance {name!r} is not a constructor call")

    def global_imports(self) -> dict[str, str]:
        """Top-level name -> the import that binds it in a sibling module of the folder."""
        out: dict[str, str] = {}
        for node in self.tree.body:
            if isinstance(node, ast.ClassDef):
                out[node.name] = f"from .{self.id} import {node.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    sibling = alias.name in self.imports
                    out[alias.asname or alias.name] = (f"from . import {alias.name}" if sibling
                                                       else f"import {alias.name}")
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                for alias in node.names:
                    out[alias.asname or alias.name] = f"from {node.module} import {alias.name}"
        return out

    def struct_classes(self) -> dict[str, ast.ClassDef]:
        """Qualified name -> class, for the classes of the spec's types (not its enums)."""
        out: dict[str, ast.ClassDef] = {}

        def walk(body: list[ast.stmt], prefix: str) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef):
                    bases = {base.id for base in node.bases if isinstance(base, ast.Name)}
                    if bases & {"KaitaiStruct", "ReadWriteKaitaiStruct"}:
                        out[prefix + node.name] = node
                        walk(node.body, prefix + node.name + ".")

        walk(self.tree.body, "")
        return out


#: Expressions that bind at least as tightly as arithmetic.
_OPERANDS = (ast.Name, ast.Attribute, ast.Constant, ast.Call, ast.Subscript, ast.BinOp,
             ast.List, ast.Dict, ast.Set)


def _is_property(node: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list)


def _is_self(node: ast.expr, attr: str | None = None) -> bool:
    """``self`` (``attr`` None) or ``self.<attr>``."""
    if attr is None:
        return isinstance(node, ast.Name) and node.id == "self"
    return isinstance(node, ast.Attribute) and node.attr == attr and _is_self(node.value)


def _free_names(text: str) -> set[str]:
    return {node.id for node in ast.walk(ast.parse(text, mode="eval"))
            if isinstance(node, ast.Name)}


class _Translations:
    """The translated expressions of one spec's derived module, as Python source for the
    functions of ``_expressions.py``; ``imports`` gathers the imports they need (shared by
    the specs of a folder)."""

    def __init__(self, result: dict, imports: dict[str, str], folder: str) -> None:
        self.id = result["id"]
        self.derived = result["expressions"]
        self.module = _Module(result["outputs"]["expressions"][f"{self.id}.py"], self.id,
                              result["imports"])
        self.imports, self.folder = imports, folder
        self.globals = self.module.global_imports()
        index = self.module.assigned(self.derived["index"])
        if not isinstance(index, ast.Name):
            raise SpecError(f"{self.id}: _index is not translated as a name")
        self.index = index.id

    def value(self, instance: str) -> str:
        """The translation of the value instance ``instance``."""
        return self._used(self.module.text(self.module.assigned(instance)))

    def typed(self, ref: str, instance: str | None) -> str:
        """``return <type>, (<arguments>)``: the arguments of parse instance ``instance``."""
        args = [self._used(self.module.text(arg)) for arg in self.module.arguments(instance)] \
            if instance else []
        return f"return {ref!r}, ({', '.join(args)}{',' if len(args) == 1 else ''})"

    def _used(self, text: str) -> str:
        """``text``, once every name it refers to is known to be bound in the folder's
        ``_expressions.py`` as in the spec's own module."""
        for name in _free_names(text) - {"self", self.index}:
            line = self.globals.get(name)
            if line is None:
                if hasattr(builtins, name):
                    continue
                raise SpecError(f"{self.id}: translated expression {text!r} refers to "
                                 f"{name!r}, which its module does not define")
            if self.imports.setdefault(name, line) != line:
                raise SpecError(f"{name!r} means {line!r} in {self.id} and "
                                 f"{self.imports[name]!r} elsewhere in ksy/{self.folder}")
        return text

    def functions(self) -> list[tuple[tuple[str, str, str, str], list[str]]]:
        """Per field and role, the key and the body of its function."""
        out = []
        for entry in self.derived["fields"]:
            key = (self.id, "::".join(entry["path"]), entry["field"])
            where = "::".join([self.id, *entry["path"], entry["field"]])
            if "switch" in entry:
                switch = entry["switch"]
                body = [f"# {where}: switch-on {_one_line(switch['text'])}",
                        f"_on = {self.value(switch['on'])}"]
                default = "return None"
                for case in switch["cases"]:
                    if case["key"] is None:
                        default = self.typed(case["ref"], case["args"])
                    else:
                        body += [f"if _on == {self.value(case['key'])}:",
                                 "    " + self.typed(case["ref"], case["args"])]
                out.append(((*key, "type"), [*body, default]))
            elif "type" in entry:
                kind = entry["type"]
                out.append(((*key, "type"), [f"# {where}: {_one_line(kind['text'])}",
                                             self.typed(kind["ref"], kind["args"])]))
            if "if" in entry:
                condition = entry["if"]
                out.append(((*key, "if"), [f"# {where}: if {_one_line(condition['text'])}",
                                           f"return {self.value(condition['name'])}"]))
            for role, label in (("when", "if"), ("size", "size"), ("count", "repeat-expr")):
                if role in entry:
                    found = entry[role]
                    out.append(((*key, role), [f"# {where}: {label} {_one_line(found['text'])}",
                                               f"return {self.value(found['name'])}"]))
        return out


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def expressions_module(folder: str, compiled: list[dict]) -> str:
    """``_expressions.py`` of a ksy folder, from the ``expressions`` outputs of its specs."""
    imports: dict[str, str] = {}
    functions: list[str] = []
    table: list[str] = []
    names: set[str] = set()
    for result in compiled:
        spec = _Translations(result, imports, folder)
        for key, body in spec.functions():
            name = "__".join(part for part in (key[0], *key[1].split("::"), *key[2:]) if part)
            if name in names:
                raise SpecError(f"two expressions would be named {name}")
            names.add(name)
            functions.append(f"def {name}(self, {spec.index}):\n"
                             + "".join(f"    {line}\n" for line in body))
            table.append(f"    {key!r}: {name},\n")
    lines = sorted(set(imports.values()), key=lambda line: (line.startswith("from ."), line))
    return (EXPRESSIONS_DOC.format(folder=folder)
            + ("\n" + "".join(line + "\n" for line in lines) if lines else "")
            + "".join("\n\n" + function for function in functions)
            + "\n\n#: (spec, type path, field, role) -> function of (object, index)\n"
            + "EXPRESSIONS = {\n" + "".join(table) + "}\n")


def _spec_types(spec: dict, path: tuple[str, ...] = ()):
    """(path, type) of a spec's top-level type and every type nested in it."""
    yield path, spec
    for name, sub in (spec.get("types") or {}).items():
        yield from _spec_types(sub, (*path, name))


def _single_expression(getter: ast.FunctionDef) -> ast.expr | None:
    """The expression an instance getter computes, when it is that and nothing else:
    ``if hasattr(self, '_m_x'): return self._m_x``, ``self._m_x = <expression>``,
    ``return getattr(self, '_m_x', None)``, after its docstring."""
    body = getter.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    key = "_m_" + getter.name
    expected = ast.parse(f"if hasattr(self, {key!r}):\n    return self.{key}\n"
                         f"self.{key} = None\nreturn getattr(self, {key!r}, None)\n").body
    if len(body) != 3 or any(ast.dump(a) != ast.dump(b) for a, b in
                             ((body[0], expected[0]), (body[2], expected[2]))):
        return None
    store = body[1]
    if not (isinstance(store, ast.Assign) and len(store.targets) == 1
            and _is_self(store.targets[0], key)):
        return None
    return store.value


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def _integer(node: ast.expr) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _integer(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _instance_facts(expr: ast.expr) -> tuple[str, tuple] | None:
    """("enum_of", (enum path, source)) for ``KaitaiStream.resolve_enum(<enum>, self.<source>)``;
    ("equals", (source, through value, integer)) for ``self.<source>[.value] == <integer>``."""
    if isinstance(expr, ast.Call) and _dotted(expr.func) == "KaitaiStream.resolve_enum" \
            and len(expr.args) == 2 and not expr.keywords:
        path, source = _dotted(expr.args[0]), expr.args[1]
        if path is not None and isinstance(source, ast.Attribute) and _is_self(source.value):
            return "enum_of", (path, source.attr)
    if isinstance(expr, ast.Compare) and len(expr.ops) == 1 and isinstance(expr.ops[0], ast.Eq):
        number, left = _integer(expr.comparators[0]), expr.left
        if number is not None and isinstance(left, ast.Attribute):
            if _is_self(left.value):
                return "equals", (left.attr, False, number)
            if left.attr == "value" and isinstance(left.value, ast.Attribute) \
                    and _is_self(left.value.value):
                return "equals", (left.value.attr, True, number)
    return None


def package_init(folder: str, compiled: list[dict], language: str) -> str:
    """``__init__.py`` of a ksy folder's package: per class of the ``language`` output its
    parameters and sequence fields (from the spec, as the compiler parsed it) and the
    instances the serializer shows from the value they are computed from (from the class's
    code)."""
    fields: list[str] = []
    facts: dict[str, list[str]] = {"enum_of": [], "equals": []}
    for result in compiled:
        spec_id = result["id"]
        module = _Module(result["outputs"][language][f"{spec_id}.py"], spec_id,
                         result["imports"])
        classes = module.struct_classes()
        named = set()
        for path, spec_type in _spec_types(result["ksy"]):
            qualname = ".".join(camel(name) for name in (spec_id, *path))
            if qualname not in classes:
                raise SpecError(f"{spec_id}: no class {qualname} for type "
                                 f"{'::'.join((spec_id, *path))} in the compiler's output")
            named.add(qualname)
            params = tuple(p["id"] for p in spec_type.get("params") or [])
            seq = tuple(a["id"] for a in spec_type.get("seq") or [] if a.get("id"))
            fields.append(f"    {spec_id + ':' + qualname!r}: ({params!r}, {seq!r}),\n")
            for node in classes[qualname].body:
                if isinstance(node, ast.FunctionDef) and _is_property(node):
                    expr = _single_expression(node)
                    found = _instance_facts(expr) if expr is not None else None
                    if found is not None:
                        key = (f"{spec_id}:{qualname}", node.name)
                        facts[found[0]].append(f"    {key!r}: {found[1]!r},\n")
        if set(classes) != named:
            raise SpecError(f"{spec_id}: classes without a type in the spec: "
                             f"{sorted(set(classes) - named)}")
    typed = ""
    if language == "python":
        rows = "".join(f"    {key!r}: {dict(sorted(names.items()))!r},\n"
                       for key, names in sorted(instance_types(compiled).items()))
        typed = ("\n#: class (``module:Qual.Name``) -> value instance -> the compiler's type of it:"
                 "\n#: bool, int, u8 (unsigned 64-bit), f4, f8, str, bytes, enum, struct, list\n"
                 "INSTANCE_TYPES = {\n" + rows + "}\n")
    return (CLASSES_DOC.format(folder=folder, language=language)
            + "\n#: class (``module:Qual.Name``) -> (parameters, sequence fields in spec order)\n"
            "FIELDS = {\n" + "".join(fields) + "}\n"
            "\n#: instance (class, name) computed as ``KaitaiStream.resolve_enum(<enum>, "
            "self.<source>)``\n#: -> (the enum class by its path in the class's module, source)\n"
            "ENUM_OF = {\n" + "".join(facts["enum_of"]) + "}\n"
            "\n#: instance (class, name) computed as ``self.<source>[.value] == <integer>``\n"
            "#: -> (source, whether compared through its ``value``, integer)\n"
            "EQUALS = {\n" + "".join(facts["equals"]) + "}\n" + typed)


def _has_value_instances(path: Path) -> bool:
    import yaml

    def walk(node: Any) -> bool:
        if not isinstance(node, dict):
            return False
        if any(isinstance(v, dict) and "value" in v
               for v in (node.get("instances") or {}).values()):
            return True
        return any(walk(sub) for sub in (node.get("types") or {}).values())

    with open(path, encoding="utf-8") as f:
        return walk(yaml.safe_load(f))


#: Go types of the compiler's output -> the type names of ``INSTANCE_TYPES``.
_GO_TYPES = {"bool": "bool", "int": "int", "int8": "int", "int16": "int", "int32": "int",
             "int64": "int", "uint8": "int", "uint16": "int", "uint32": "int", "uint64": "u8",
             "float32": "f4", "float64": "f8", "string": "str", "[]byte": "bytes"}
_GO_GETTER = re.compile(r"^func \(this \*(\w+)\) (\w+)\(\) \(v ([^,]+), err error\)", re.M)


def instance_types(compiled: list[dict]) -> dict[str, dict[str, str]]:
    """``spec:Qual.Name`` -> value instance -> its type, as the compiler types the
    expression in its Go output (``bool``, ``int``, ``u8``, ``f4``, ``f8``, ``str``,
    ``bytes``, ``enum``, ``struct``, ``list``)."""
    out: dict[str, dict[str, str]] = {}
    for result in compiled:
        go = result["outputs"].get("go")
        if not go:
            continue
        getters = {(m.group(1), m.group(2)): m.group(3).strip()
                   for text in go.values() for m in _GO_GETTER.finditer(text)}
        spec_id = result["id"]
        for path, spec_type in _spec_types(result["ksy"]):
            qualname = ".".join(camel(name) for name in (spec_id, *path))
            struct = "_".join(camel(name) for name in (spec_id, *path))
            for name, inst in sorted((spec_type.get("instances") or {}).items()):
                if not isinstance(inst, dict) or "value" not in inst:
                    continue
                go_type = getters.get((struct, camel(name)))
                if go_type is None:
                    raise SpecError(f"{spec_id}: no Go getter {struct}.{camel(name)} for the "
                                    f"instance {'::'.join((spec_id, *path, name))}")
                out.setdefault(f"{spec_id}:{qualname}", {})[name] = _go_kind(go_type)
    return out


def _go_kind(go_type: str) -> str:
    if go_type in _GO_TYPES:
        return _GO_TYPES[go_type]
    if go_type.startswith("[]"):
        return "list"
    if go_type.startswith("*") or go_type in ("kaitai.Struct", "interface{}"):
        return "struct"
    return "enum"


def differing_files(expected: dict[Path, str]) -> list[Path]:
    """Files whose text on disk is not what regen would write."""
    return [p for p, text in sorted(expected.items())
            if not p.exists() or p.read_text(encoding="utf-8") != text]


def stale_files(expected: dict[Path, str], generated: Path = GENERATED,
                folder: str | None = None) -> list[Path]:
    """Files in generated/ and generated_rw/ that regen would not write (left over from
    removed specs)."""
    keep = set(expected)
    trees = (generated, rw_tree(generated))
    return sorted(p for tree in trees for pattern in GENERATED_PATTERNS
                  for p in tree.rglob(pattern)
                  if p not in keep and "__pycache__" not in p.parts
                  and (folder is None or in_folder(p, folder, trees)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="wirestruct regen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 listing every file that differs")
    parser.add_argument("--folder", metavar="NAME",
                        help="only this ksy/ folder; the others are left alone")
    parser.add_argument("--ksy", metavar="DIR", type=Path,
                        help="another package's specs (a protocol plug-in's ksy/ folder, one "
                             "folder per protocol inside); default: wirestruct's own")
    parser.add_argument("--generated", metavar="DIR", type=Path,
                        help="with --ksy: where its Python goes (the read-write classes go "
                             "to the sibling DIR_rw)")
    args = parser.parse_args(argv)
    if (args.ksy is None) != (args.generated is None):
        parser.error("--ksy and --generated go together")
    if source_checkout() is None and args.ksy is None:
        print("regen: needs a source checkout (git clone, then `npm ci` and "
              "`pip install -e .`): this wirestruct is installed from a wheel, whose "
              f"specs in {KSY} and generated code are read-only copies", file=sys.stderr)
        return 2
    ksy = args.ksy.resolve() if args.ksy else KSY
    generated = args.generated.resolve() if args.generated else GENERATED
    try:
        expected, errors = expected_outputs(ksy, generated, folder=args.folder)
    except SpecError as exc:
        print(f"regen: {exc}", file=sys.stderr)
        return 2
    if errors:
        print("regen: the specs do not compile:", file=sys.stderr)
        for err in errors:
            print(f"  {err}", file=sys.stderr)
        return 1
    return _apply(expected, stale_files(expected, generated, folder=args.folder), args.check)


def _apply(expected: dict[Path, str], stale: list[Path], check: bool) -> int:
    """Write what differs and remove what is stale; with ``check``, only say so."""
    differing = differing_files(expected)
    if check:
        if differing or stale:
            print("regen --check: out of date (run `wirestruct regen`):", file=sys.stderr)
            for p in differing:
                print(f"  differs: {_shown(p)}", file=sys.stderr)
            for p in stale:
                print(f"  stale:   {_shown(p)}", file=sys.stderr)
            return 1
        print(f"regen --check: {len(expected)} files up to date")
        return 0
    for path in differing:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(expected[path], encoding="utf-8")
    for path in stale:
        path.unlink()
    print(f"regen: {len(differing)} written, {len(stale)} removed, "
          f"{len(expected) - len(differing)} unchanged")
    return 0


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


if __name__ == "__main__":
    sys.exit(main())
