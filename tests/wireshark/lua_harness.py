"""Runs the generated Lua parsers on wirestruct's Lua runtime under real Lua interpreters
and compares what they find with the Python parse (tests/wireshark).

One Lua process runs a whole task file (``harness.lua``): a parse of bytes with a spec, an
LZ4 block decompression, or a sequence of stream reads. The Python side builds the same
view of a parsed object (:func:`python_view`): every field, parameter and instance by name
as ``wirestruct decode --raw`` has them, with tagged leaves, and every field's byte range
as the Python ``tree`` format records it (:mod:`wirestruct.output.spans`).
"""
from __future__ import annotations

import enum
import json
import math
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaitaistruct import KaitaiStruct
from wirestruct.core.parse import parse
from wirestruct.output import presentation, spans
from wirestruct.output.serialize import instance_names
from wirestruct.output.serialize import seq_names as _seq_names
from wirestruct.wireshark import generated_lua_dirs, lua_dir

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
HARNESS = HERE / "harness.lua"
INTERPRETERS = ("lua5.4", "lua5.3", "lua5.2")
TWO53 = 2**53


_SEQ: dict[type, tuple[str, ...]] = {}


def seq_names(cls: type) -> tuple[str, ...]:
    found = _SEQ.get(cls)
    if found is None:
        found = _SEQ[cls] = _seq_names(cls)
    return found


def interpreter(name: str) -> str | None:
    return shutil.which(name)


def spec_class(spec: str) -> type:
    """The generated Python class of spec id ``spec`` (any ksy folder)."""
    import importlib

    for folder in generated_lua_dirs():
        try:
            module = importlib.import_module(f"wirestruct.generated.{folder}.{spec}")
        except ModuleNotFoundError:
            continue
        return getattr(module, "".join(p[:1].upper() + p[1:] for p in spec.split("_")))
    raise LookupError(spec)


# -- the Python side -------------------------------------------------------------------------
@dataclass
class Rules:
    """The readable output's presentation rules the Wireshark dissector follows (None: the
    parse as it is, as ``--raw`` has it)."""

    presented: bool = False


RAW = Rules()
PRESENTED = Rules(presented=True)


def _leaf(value: Any, path: str, out_spans: dict, depth: int, rules: Rules) -> Any:
    if isinstance(value, KaitaiStruct):
        if rules.presented:
            getter = presentation.value_instance(type(value))
            if getter is not None:
                return _leaf(value.value, path, out_spans, depth, RAW)
        return _struct(value, path, out_spans, depth + 1, rules)
    if isinstance(value, bool):
        return value
    if isinstance(value, enum.Enum):
        return {"$enum": value.name, "$v": value.value}
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return {"$f": "NaN"}
        if math.isinf(value):
            return {"$f": "Infinity" if value > 0 else "-Infinity"}
        return value
    if isinstance(value, (bytes, bytearray)):
        return {"$h": bytes(value).hex()}
    if isinstance(value, str):
        # the text as shown (a string kept with bad bytes, wirestruct.core.lossy, shows
        # U+FFFD for them; its encode() would give back the bytes)
        return {"$h": str.encode(value, "utf-8").hex()}
    if isinstance(value, list):
        if rules.presented:
            value = [v for v in value if not _left_out(v)]
        return [_leaf(v, f"{path}[{i}]", out_spans, depth, rules) for i, v in enumerate(value)]
    raise TypeError(f"{path}: unexpected {type(value).__name__}")


def _left_out(value: Any) -> bool:
    """A value the readable output leaves out: of a hidden class, or a table's closing
    entry."""
    if not isinstance(value, KaitaiStruct):
        return False
    cls = type(value)
    if presentation.is_hidden(cls):
        return True
    marker = presentation.end_marker(cls)
    return marker is not None and getattr(value, marker) is True


def _struct(obj: KaitaiStruct, path: str, out_spans: dict, depth: int,
            rules: Rules = RAW) -> Any:
    if depth > 64:
        return "<too deep>"
    d = obj.__dict__
    cls = type(obj)
    prefix = f"{path}." if path else ""
    recorded = d.get("_ws_spans") or {}
    hidden = presentation.hidden_fields(cls) if rules.presented else frozenset()
    out: dict[str, Any] = {}
    names = list(seq_names(cls)) + [n for n in d if n[0] != "_" and n not in seq_names(cls)]
    for name in names:
        value = d.get(name)
        if value is None or name in out or name in hidden:
            continue
        if rules.presented and _left_out(value):
            continue
        here = prefix + name
        span = recorded.get(name)
        if isinstance(span, list):
            kept = range(len(span))
            if rules.presented and isinstance(value, list):
                kept = [i for i, v in enumerate(value) if not _left_out(v)]
            for i, k in enumerate(kept):
                out_spans[f"{here}[{i}]"] = list(span[k])
        elif span is not None:
            out_spans[here] = list(span)
        out[name] = _leaf(value, here, out_spans, depth, rules)
    for name in instance_names(cls):
        if name in out or name in hidden:
            continue
        try:
            value = getattr(obj, name)
        except Exception:  # noqa: BLE001 - an instance that cannot be computed is left out
            continue
        if value is not None and not (rules.presented and _left_out(value)):
            out[name] = _leaf(value, prefix + name, out_spans, depth, rules)
    return out


def python_view(obj: KaitaiStruct, rules: Rules = RAW) -> tuple[dict, dict]:
    """(view, spans) of a parsed object; call inside :func:`spans.recording` (instances
    are computed here, so positioned reads record their fields too). With ``PRESENTED``,
    the readable output's rules: wrappers as their value, hidden classes and fields and
    closing entries left out."""
    out_spans: dict[str, list[int]] = {}
    return _struct(obj, "", out_spans, 0, rules), out_spans


def python_parse(spec: str, data: bytes, rules: Rules = RAW, params: tuple = ()) -> dict:
    """What harness.lua prints for a parse task, from the Python classes (``params``: the
    root type's parameters)."""
    with spans.recording():
        try:
            obj = parse(spec_class(spec), data, *params)
        except Exception as exc:  # noqa: BLE001 - every failure is compared by kind
            return {"error": {"kind": type(exc).__name__, "message": str(exc),
                              "offset": getattr(getattr(exc, "where", None), "offset", None)}}
        view, found = python_view(obj, rules)
    return {"view": view, "spans": found}


# -- comparing -------------------------------------------------------------------------------
def _number_differs(py: Any, lua: Any, lua52: bool) -> bool:
    if isinstance(lua, bool) or not isinstance(lua, (int, float)):
        return True
    if isinstance(py, int):
        if isinstance(lua, float) and not lua52:
            return True  # an integer came back as a float
        if lua52 and abs(py) > TWO53:
            return float(py) != float(lua)  # Lua 5.2 numbers are doubles: rounded once
        return py != lua
    # py is a float
    if isinstance(lua, int) and not lua52:
        return True  # a float came back as an integer
    return py != lua or math.copysign(1.0, py) != math.copysign(1.0, float(lua))


def first_difference(py: Any, lua: Any, path: str = "", lua52: bool = False) -> str | None:
    """Where a Python view and a Lua view first differ (None when they agree)."""
    if isinstance(py, dict) and isinstance(lua, dict):
        for key in sorted(set(py) | set(lua)):
            if key not in py or key not in lua:
                return f"{path}.{key}: only in {'python' if key in py else 'lua'}"
            found = first_difference(py[key], lua[key], f"{path}.{key}", lua52)
            if found:
                return found
        return None
    if isinstance(py, list) and isinstance(lua, list):
        if len(py) != len(lua):
            return f"{path}: {len(py)} vs {len(lua)} items"
        for i, (a, b) in enumerate(zip(py, lua)):
            found = first_difference(a, b, f"{path}[{i}]", lua52)
            if found:
                return found
        return None
    if isinstance(py, bool) or isinstance(lua, bool):
        same = type(py) is type(lua) and py == lua
    elif isinstance(py, (int, float)):
        same = not _number_differs(py, lua, lua52)
    else:
        same = py == lua
    return None if same else f"{path}: python {py!r} vs lua {lua!r}"


# -- running Lua -----------------------------------------------------------------------------
@dataclass
class Tasks:
    """Task lines for harness.lua, deduplicated, with a label each."""

    lines: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    _seen: dict[str, int] = field(default_factory=dict)

    def add(self, line: str, label: str) -> int:
        found = self._seen.get(line)
        if found is None:
            found = self._seen[line] = len(self.lines)
            self.lines.append(line)
            self.labels.append(label)
        return found

    def parse(self, spec: str, data: bytes, label: str) -> int:
        return self.add(f"parse\t{spec}\t{data.hex()}", label)

    def lz4(self, block: bytes, cap: int, expected: int | None, label: str) -> int:
        return self.add(f"lz4\t{cap}\t{'-' if expected is None else expected}\t{block.hex()}",
                        label)

    def inflate(self, data: bytes, size: int, label: str) -> int:
        return self.add(f"inflate\t{size}\t{data.hex()}", label)

    def feed(self, pieces: list[bytes], cap: int, per_feed: int, label: str) -> int:
        return self.add(f"feed\t{cap}\t{per_feed}\t{','.join(p.hex() for p in pieces)}", label)

    def reads(self, ops: str, data: bytes, label: str) -> int:
        return self.add(f"reads\t{ops}\t{data.hex()}", label)


#: The limits of wirestruct's Lua runtime, passed to harness.lua as Python has them.
RUNTIME_LIMITS = ("max_parse_objects_per_byte", "parse_objects_allowance")


def limit_args(limits: Any = None) -> list[str]:
    """harness.lua's ``name=value`` arguments for ``limits`` (default: the defaults)."""
    from wirestruct.core.limits import DEFAULT_LIMITS

    limits = DEFAULT_LIMITS if limits is None else limits
    return [f"{name}={getattr(limits, name)}" for name in RUNTIME_LIMITS]


def run_lua(lua: str, tasks: Tasks, timeout: float = 600) -> list[dict]:
    """Run every task in one ``lua`` process; one result per task line."""
    dirs = [str(p) for p in generated_lua_dirs().values()]
    with tempfile.NamedTemporaryFile("w", suffix=".tasks", delete=False) as f:
        f.write("\n".join(tasks.lines) + "\n")
        name = f.name
    try:
        proc = subprocess.run([lua, str(HARNESS), str(lua_dir()), name, *limit_args(), *dirs],
                              capture_output=True, text=True, timeout=timeout)
    finally:
        Path(name).unlink()
    if proc.returncode != 0:
        raise AssertionError(f"{lua} harness failed: {proc.stderr[-2000:]}")
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == len(tasks.lines), (len(results), len(tasks.lines), proc.stderr[-500:])
    return results


# -- packets of captures ---------------------------------------------------------------------
CAPTURES = {
    "samples/diep.jsonl": "diep",
    "samples/mme.jsonl": "mme",
    "samples/scrap_mechanic.jsonl": "scrap-mechanic",
    "tests/data/mme/session.jsonl": "mme",
    "tests/data/mme/session.pcap": "mme",
    "tests/data/mme/session.pcapng": "mme",
}


@dataclass
class Item:
    """One thing to parse: ``data`` with spec ``spec``, from ``label``."""

    spec: str
    data: bytes
    label: str


@dataclass
class Block:
    """An LZ4 block of a capture and what Python decompressed it to."""

    block: bytes
    expected_size: int | None
    output: bytes
    label: str


def capture_items(path: str, protocol_name: str) -> tuple[list[Item], list[Block]]:
    """Every file the Web IDE export would write for the capture's packets (the packet,
    and its expanded bodies with their specs), and its LZ4 blocks."""
    from wirestruct import decode_records, get_protocol, open_capture
    from wirestruct.core.events import PacketEvent
    from wirestruct.core.lz4block import decompress_block

    protocol = get_protocol(protocol_name)
    items: list[Item] = []
    blocks: list[Block] = []
    with open_capture(ROOT / path) as capture:
        for event in decode_records(capture.records(protocol), protocol.decoder()):
            if not isinstance(event, PacketEvent):
                continue
            where = f"{path} #{event.index} {event.name}"
            for item in protocol.export_items(event):
                items.append(Item(item.spec, bytes(item.data), f"{where} ({item.label})"))
            blocks.extend(_blocks(protocol_name, event, where, decompress_block))
    return items, blocks


def _blocks(protocol_name: str, event: Any, where: str, decompress_block) -> Iterator[Block]:
    if protocol_name == "scrap-mechanic" and event.parent is None:
        from wirestruct.protocols.scrap_mechanic import packets
        if event.packet_id in packets.COMPRESSED:
            body = bytes(event.raw[1:])
            yield Block(body, None, decompress_block(body), where)
    elif protocol_name == "diep" and "decompressed" in (event.expansions or {}):
        body = event.packet.body
        yield Block(bytes(body.lz4_block), body.len_decompressed,
                    bytes(event.expansions["decompressed"]), where)


def capture_files() -> Iterable[tuple[str, bytes]]:
    """The capture files themselves, for the capture specs (pcap, pcapng)."""
    for path in sorted((ROOT / "tests" / "data").rglob("*.pcap*")):
        data = path.read_bytes()
        spec = "pcapng" if data[:4] == b"\x0a\x0d\x0d\x0a" else "pcap"
        yield spec, data, str(path.relative_to(ROOT))
