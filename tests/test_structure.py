"""The structure, drawn from the imports: layers that only import downwards, no import
circles, no shared module that names a protocol, no function over 80 lines.

Layers, lowest first (a module may import its own layer and the ones below):

    0  wirestruct.core          records, events, errors, limits, decoder/tracker/encoder bases
    1  wirestruct.captures      capture files, frames, flows, writers
    2  wirestruct.plugin        the Protocol object and the registry of plug-ins
    3  wirestruct.output, .encode, .tables   serializer and formats, building packets, tables
    4  wirestruct.protocols.*   one package per protocol (none imports another)
    5  wirestruct.detect, .parallel, wirestruct itself (its public names)
    6  wirestruct.tools         the command line and maintenance tools

The generated packages are below all of them.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"runtime": "wirestruct", "tools": "wirestruct.tools"}
LAYERS = (
    ("wirestruct.generated", -1), ("wirestruct.generated_rw", -1),
    ("wirestruct.core", 0), ("wirestruct.captures", 1), ("wirestruct.plugin", 2),
    ("wirestruct.output", 3), ("wirestruct.encode", 3), ("wirestruct.tables", 3),
    ("wirestruct.protocols", 4), ("wirestruct.detect", 5), ("wirestruct.parallel", 5),
    ("wirestruct.proxy", 5),
    ("wirestruct.tools", 6), ("wirestruct", 5),
)
#: Words that name a protocol wirestruct ships (a shared module names none).
PROTOCOL_WORDS = re.compile(r"scrap[ _-]?mechanic|\bmme\b|multiplayer map editor|\bdiep\b",
                            re.IGNORECASE)
MAX_FUNCTION_LINES = 80


def _modules() -> dict[str, Path]:
    found = {}
    for folder, package in FOLDERS.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join([package, *parts])] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in MODULES and not target.startswith(
                    ("wirestruct.generated", "wirestruct.generated_rw")):
                target = target.rpartition(".")[0]
            # A module's own packages are imported with it: not an edge of the graph.
            if target and target != name and target.startswith("wirestruct") \
                    and not name.startswith(target + "."):
                out.add(target)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def layer(name: str) -> int:
    for prefix, level in LAYERS:
        if name == prefix or name.startswith(prefix + "."):
            return level
    raise AssertionError(f"{name} is in no layer")


def _protocol_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if parts[:2] == ["wirestruct", "protocols"] and len(parts) > 2 else None


def test_no_import_goes_up_a_layer():
    upward = [f"{name} (layer {layer(name)}) imports {target} (layer {layer(target)})"
              for name, targets in GRAPH.items() for target in sorted(targets)
              if layer(target) > layer(name)]
    assert upward == []


def test_no_protocol_imports_another():
    crossing = [f"{name} imports {target}" for name, targets in GRAPH.items()
                for target in sorted(targets)
                if _protocol_of(name) and _protocol_of(target)
                and _protocol_of(name) != _protocol_of(target)]
    assert crossing == []


def test_no_import_circles():
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:               # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH.get(v, ()):
            if w not in GRAPH:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in GRAPH:
        if v not in index:
            visit(v)
    assert circles == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not _protocol_of(n)))
def test_shared_modules_name_no_protocol(name):
    text = MODULES[name].read_text(encoding="utf-8")
    found = sorted({m.group(0) for m in PROTOCOL_WORDS.finditer(text)})
    assert found == [], f"{MODULES[name].relative_to(ROOT)} names {', '.join(found)}"


def test_no_function_is_over_80_lines():
    long = []
    for path in MODULES.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} "
                                f"({lines} lines)")
    assert long == []


def test_every_module_is_in_a_layer():
    for name in MODULES:
        layer(name)
