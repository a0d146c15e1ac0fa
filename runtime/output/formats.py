"""The output formats of ``wirestruct decode`` and ``show``, after tshark's.

- ``jsonl``: one JSON object per event (:func:`wirestruct.output.serialize.event_json`).
- ``summary``: one line per packet, like tshark's default: the capture frame that
  carried the packet's first byte (first, as tshark's frame number, when the capture
  has frames: pcap and pcapng), index, seconds since the first packet, direction, name
  and a short info column (a protocol's own, rendered from its ``Presentation.summaries``
  description by :mod:`wirestruct.output.summary_rules`, or the packet's first scalar
  fields).
- ``tree``: the field tree with each field's byte offset and size, then a hex dump of the
  packet, like ``tshark -V -x``. Offsets come from recording the parse
  (:mod:`wirestruct.output.spans`); fields of expansions count from the start of the
  expanded buffer they were parsed from (marked ``+``).
- ``fields``: tab-separated columns of the ``-e NAME`` values, like ``tshark -T fields``;
  NAME is an event key (``index``, ``t``, ``dir``, ``frame``, ``src``, ``dst``, ``name``
  ...) or a dotted path into
  ``fields`` (then ``expansions``), e.g. ``body.tick``; a path through lists gives every
  value, joined with ``,``. ``header``, ``separator`` and ``quote`` are tshark's
  ``-E header=y|separator=...|quote=d|s|n``. An error event's row has the event keys it
  has (``index``, ``t``, ``dir`` ...) in their columns, its kind in ``name``, and
  ``KIND: message`` in the first column naming a packet field (never a blank row).
- ``json``: ``tshark -T json``'s layout: one JSON array, a packet an element
  ``{"_index", "_type", "_score", "_source": {"layers": {"frame": {...}, PROTO: event}}}``
  (PROTO the protocol's Wireshark name; an error event's layer has ``_ws.expert``).
- ``ek``: ``tshark -T ek``'s Elasticsearch bulk layout: a line ``{"index": {...}}``, then a
  line ``{"timestamp", "layers": {...}}``, per event.
- ``tree`` with ``details`` off is ``tshark -x`` alone: the hex dump of each packet; with
  ``hexdump`` off, ``tshark -V`` alone: the field tree.

Error events are always written (a line each in ``summary``/``tree``/``fields``, an
element each in ``json``/``ek``).
"""
from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from kaitaistruct import KaitaiStruct
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import seconds_text
from wirestruct.output import spans, summary_rules
from wirestruct.output.serialize import HIDDEN, Serializer, dumps, serializer

FORMATS = ("summary", "tree", "jsonl", "fields", "json", "ek")
#: tshark's -E quote=: d double, s single, n none
QUOTES = {"d": '"', "s": "'", "n": ""}
#: Characters a terminal acts on (C0, DEL, C1): written escaped in the text formats, so a
#: string from a packet cannot move the cursor, recolor or retitle the terminal.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
INFO_WIDTH = 100
TREE_VALUE_WIDTH = 64
INLINE_KEYS = 4
INLINE_WIDTH = 72


@dataclass
class OutputOptions:
    format: str = "jsonl"
    raw: bool = False
    big_ints: str = "number"
    only: frozenset | None = None      #: packet names to keep (errors always kept)
    fields: Sequence[str] = field(default_factory=tuple)  #: -e NAME columns of ``fields``
    #: packet name -> the template of its info column (the protocol's
    #: ``Presentation.summaries``, see :mod:`wirestruct.output.summary_rules`)
    info: Mapping[str, Any] = field(default_factory=dict)
    header: bool = False               #: ``fields``: a first row naming the columns
    separator: str = "\t"              #: ``fields``: between two columns
    quote: str = ""                    #: ``fields``: around every value ('"', "'" or none)
    details: bool = True               #: ``tree``: the field tree (tshark -V)
    hexdump: bool = True               #: ``tree``: the packet's hex dump (tshark -x)
    layer: str = "wirestruct"          #: ``json``/``ek``: the protocol's layer name


class EventWriter:
    """Formats events as :class:`OutputOptions` say and writes them to a binary stream."""

    def __init__(self, out: Any, options: OutputOptions) -> None:
        if options.format not in FORMATS:
            raise ValueError(f"unknown format {options.format!r}; known: {', '.join(FORMATS)}")
        if options.format == "fields" and not options.fields:
            raise ValueError("--format fields needs at least one -e NAME")
        self.out = out
        self.options = options
        self.serializer: Serializer = serializer(raw=options.raw, big_ints=options.big_ints)
        self.t0: float | None = None
        self.frames = False     #: whether events have shown a frame (summary's first column)
        self._format: Callable[[Any], bytes] = getattr(self, "_" + options.format)
        self.written = 0        #: events written

    def close(self) -> None:
        """End the output: what follows the last event (``json``'s closing bracket; the
        ``fields`` header, for a run without events)."""
        if self.options.format == "json":
            self.out.write(b"[]\n" if not self.written else b"\n]\n")
        elif self.options.format == "fields" and self.options.header and not self.written:
            self.out.write(self._header())

    def recording(self) -> AbstractContextManager[Any]:
        """Wrap the decode run in this: the tree format records field offsets."""
        return spans.recording() if self.options.format == "tree" else nullcontext()

    def write(self, event: Any) -> bool:
        """Write ``event`` unless ``only`` leaves it out; True when written."""
        if self.t0 is None and event.t is not None:
            self.t0 = event.t
        if event.frame is not None:
            self.frames = True
        only = self.options.only
        if only is not None and isinstance(event, PacketEvent) and event.name not in only:
            return False
        text = self._format(event)
        if not self.written:
            if self.options.format == "json":
                text = b"[\n" + text
            elif self.options.format == "fields" and self.options.header:
                text = self._header() + text
        elif self.options.format == "json":
            text = b",\n" + text
        self.written += 1
        self.out.write(text)
        return True

    # -- formats --------------------------------------------------------------------------
    def _jsonl(self, event: Any) -> bytes:
        return self.serializer.dumps(event, line=True)

    def _summary(self, event: Any) -> bytes:
        return (summary_line(event, self.serializer.event(event), self.t0 or 0.0,
                             self.options.info, self.frames) + "\n").encode()

    def _fields(self, event: Any) -> bytes:
        data = self.serializer.event(event)
        if event.t_ns is not None:
            data["t"] = seconds_text(event.t_ns)     # exact, as the JSON writes it
        if isinstance(event, ErrorEvent):
            cells = _error_cells(data, self.options.fields)
        else:
            cells = [_column(data, name) for name in self.options.fields]
        return self._row(cells)

    def _row(self, cells: Sequence[str]) -> bytes:
        q = self.options.quote
        return (self.options.separator.join(f"{q}{c}{q}" for c in cells) + "\n").encode()

    def _header(self) -> bytes:
        return self._row(self.options.fields)

    def _tree(self, event: Any) -> bytes:
        if not self.options.details:            # tshark -x: the bytes alone
            if isinstance(event, ErrorEvent):
                return (summary_line(event, self.serializer.event(event), self.t0 or 0.0)
                        + "\n\n").encode()
            return ("\n".join(hexdump(event.raw)) + "\n\n").encode()
        lines = tree_lines(event, self.serializer, self.t0 or 0.0)
        if not self.options.hexdump and isinstance(event, PacketEvent):
            lines = lines[:len(lines) - len(hexdump(event.raw)) - 1]    # tshark -V alone
        text = "\n".join(lines) + "\n\n"
        spans.clear_bases()
        return text.encode()

    def _json(self, event: Any) -> bytes:
        doc = {"_index": _index_name(event), "_type": "doc", "_score": None,
               "_source": {"layers": self._layers(event, ".")}}
        text = json.dumps(doc, indent=2, ensure_ascii=False, default=str)
        return "\n".join("  " + line for line in text.splitlines()).encode()

    def _ek(self, event: Any) -> bytes:
        head = {"index": {"_index": _index_name(event), "_type": "doc"}}
        doc: dict[str, Any] = {}
        if event.t_ns is not None:
            doc["timestamp"] = str(event.t_ns // 1_000_000)
        doc["layers"] = self._layers(event, "_")
        return (json.dumps(head, separators=(",", ":")) + "\n"
                + json.dumps(doc, separators=(",", ":"), ensure_ascii=False, default=str)
                + "\n").encode()

    def _layers(self, event: Any, dot: str) -> dict[str, Any]:
        """tshark's layers of one event: ``frame`` (its number, when the capture has
        frames, time since the epoch and protocols, strings as tshark's) and the
        protocol's, the event's JSON. ``dot`` is ``.`` in -T json (``frame.number``) and
        ``_`` in -T ek (``frame_frame_number``, as tshark names them there)."""
        def key(name: str) -> str:
            return f"frame.{name}" if dot == "." else f"frame_frame_{name}"
        frame: dict[str, str] = {}
        if event.frame is not None:
            frame[key("number")] = str(event.frame)
        if event.t_ns is not None:
            frame[key("time_epoch")] = seconds_text(event.t_ns)
        frame[key("protocols")] = self.options.layer
        data = self.serializer.event(event)
        if isinstance(event, ErrorEvent):
            expert = "_ws.expert" if dot == "." else "_ws_expert"
            text = f"{data.get('error')}: {data.get('message')}"
            data[expert] = {f"{expert}{dot}message": text,
                            f"{expert}{dot}severity": "8388608"}   # tshark's PI_ERROR
        return {"frame": frame, self.options.layer: data}


# -- summary -----------------------------------------------------------------------------
def summary_line(event: Any, data: dict[str, Any], t0: float,
                 info: Mapping[str, Any] | None = None, frames: bool = False) -> str:
    """One summary line; with ``frames`` (or when the event has a frame) the capture frame
    of the packet's first byte comes first, as in tshark (blank when not known)."""
    line = _summary_line(event, data, t0, info)
    if frames or event.frame is not None:
        return f"{'' if event.frame is None else event.frame!s:>6} {line}"
    return line


def _summary_line(event: Any, data: dict[str, Any], t0: float,
                  info: Mapping[str, Any] | None) -> str:
    when = f"{event.t - t0:11.6f}" if event.t is not None else " " * 11
    direction = data.get("dir") or "   "
    index = "" if event.index is None else event.index
    if isinstance(event, ErrorEvent):
        text = f"{data['error']}: {data['message']}"
        if data.get("dropped"):              # a notice dropping nothing says nothing
            text += f" ({data['dropped']} {data.get('dropped_unit') or 'bytes'} dropped)"
        return printable(f"{index!s:>6} {when} {direction} {'ERROR':<28} {text}")
    text = info_text(event, data, info or {})
    if event.parent is not None:
        text = f"[in #{event.parent}] {text}"
    return printable(f"{index!s:>6} {when} {direction} {event.name:<28} {_cut(text, INFO_WIDTH)}")


def info_text(event: Any, data: dict[str, Any], info: Mapping[str, Any]) -> str:
    """The info column: the protocol's summary of the packet (``info``, its description),
    or the generic one, the packet's first scalar fields."""
    text = summary_rules.summary(info, event.name, data)
    if text is not None:
        return text
    source: Any = _inner(data.get("fields"))
    if source is data.get("fields") and isinstance((data.get("expansions") or {}).get("body"),
                                                   dict):
        source = data["expansions"]["body"]
    parts = [f"len={len(event.raw)}"] if event.raw else []
    if isinstance(source, dict):
        for key, value in source.items():
            if _bookkeeping(key, source):
                continue
            shown = _short(value)
            if shown is not None:
                parts.append(f"{key}={shown}")
            if sum(len(p) + 1 for p in parts) > INFO_WIDTH:
                break
    return " ".join(parts)


def _bookkeeping(key: str, fields: dict[str, Any]) -> bool:
    """A field the info column leaves out: the packet's id, or the count or length of
    another field beside it."""
    return key in ("packet_id", "packet_type") or (
        key.startswith(("num_", "len_")) and key[4:] in fields)


def _inner(fields: Any) -> Any:
    """The object holding a packet's own fields: the one object-valued field beside its id
    and lengths (a ``body``, a ``payload``), else the fields themselves."""
    if not isinstance(fields, dict):
        return fields
    rest = [v for k, v in fields.items() if not _bookkeeping(k, fields)]
    if len(rest) == 1 and isinstance(rest[0], dict) and set(rest[0]) != {"hex"}:
        return rest[0]
    return fields


def _short(value: Any) -> str | None:
    if isinstance(value, str):
        return json.dumps(_cut(value, 24), ensure_ascii=False)
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, list):
        return f"[{len(value)}]"
    if isinstance(value, dict):
        if set(value) == {"hex"}:
            return f"<{len(value['hex']) // 2} bytes>" if value["hex"] else None
        if set(value) <= {"x", "y", "z", "w"}:
            return "(" + ", ".join(_short(v) or "?" for v in value.values()) + ")"
    return None


def printable(text: str) -> str:
    """``text`` with terminal control characters as ``\\xNN`` escapes."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


# -- fields ------------------------------------------------------------------------------
def _column(data: dict[str, Any], name: str) -> str:
    if name in data and not isinstance(data[name], (dict, list)):
        return _cell(data[name])
    parts = name.split(".")
    for root in (data.get("fields"), data.get("expansions"), data):
        if root is None:
            continue
        found = _resolve(root, parts)
        if found:
            return ",".join(_cell(v) for v in found)
    return ""


def _error_cells(data: dict[str, Any], names: Sequence[str]) -> list[str]:
    """An error event's ``fields`` row: the event keys it has in their columns, its kind
    under ``name``, and ``KIND: message`` in the first column that names a packet field
    (the row says what it is even when every column is a packet field)."""
    cells, told = [], False
    for name in names:
        if name == "name":
            cells.append(_cell(data.get("error")))
        elif name in data and not isinstance(data[name], (dict, list)):
            cells.append(_cell(data[name]))
        elif not told and name not in _EVENT_ONLY:
            cells.append(printable(f"{data.get('error')}: {data.get('message')}"))
            told = True
        else:
            cells.append("")
    return cells


#: Event keys a packet event has and an error event may lack: blank in an error's row.
_EVENT_ONLY = frozenset({"id", "parent", "frame", "src", "dst", "stream", "record"})


def _index_name(event: Any) -> str:
    """tshark's ``_index``: ``packets-`` and the packet's date (UTC)."""
    if event.t is None:
        return "packets"
    return "packets-" + time.strftime("%Y-%m-%d", time.gmtime(event.t))


def _resolve(value: Any, parts: list[str]) -> list[Any]:
    if isinstance(value, list):
        return [leaf for item in value for leaf in _resolve(item, parts)]
    if not parts:
        return [value]
    if isinstance(value, dict) and parts[0] in value:
        return _resolve(value[parts[0]], parts[1:])
    return []


def _cell(value: Any) -> str:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict) and set(value) == {"hex"}:
        return value["hex"]
    if value is None:
        return ""
    return printable(dumps(value).decode())


# -- tree --------------------------------------------------------------------------------
def tree_lines(event: Any, ser: Serializer, t0: float = 0.0) -> list[str]:
    if isinstance(event, ErrorEvent):
        return [summary_line(event, ser.event(event), t0)]
    head = (f"Packet #{event.index}: {event.name} (id {event.packet_id}), {len(event.raw)} bytes, "
            f"{event.direction.label}, t={event.t:.6f}, stream {event.stream}"
            + (f", frame {event.frame}" if event.frame is not None else "")
            + (f", {event.src} -> {event.dst}" if event.ends is not None else "")
            + (f", in #{event.parent}" if event.parent is not None else ""))
    lines = [head, "offset size"]
    _walk(lines, ser, event.packet, ser.value(event.packet), "fields", None, 0, relative=False)
    if event.expansions:
        for key, value in event.expansions.items():
            _walk(lines, ser, value, ser.value(value, key), f"expansions.{key}", None, 0,
                  relative=True)
    lines.append("")
    lines.extend(hexdump(event.raw))
    return lines


def _walk(lines: list[str], ser: Serializer, obj: Any, shown: Any, label: str,
          span: tuple | None, depth: int, relative: bool, shift: int | None = 0) -> None:
    """One field of the tree and what it holds. ``shift`` is added to the offsets of a part
    parsed from bytes of its own that stand at that offset of the expanded buffer (None:
    bytes reconstructed, not in the buffer: offsets within them, marked ``*``)."""
    column = _column_of(span, relative, shift)
    base = getattr(obj, "span_base", _NO_BASE) if not isinstance(obj, KaitaiStruct) else _NO_BASE
    if base is not _NO_BASE:
        shift = base
    pad = "  " * depth
    if isinstance(shown, dict) and not (set(shown) == {"hex"}):
        inline = _inline(shown)
        if inline is not None:
            lines.append(f"{column}  {pad}{printable(label)}: {inline}")
            return
        lines.append(f"{column}  {pad}{printable(label)}")
        for key, value in shown.items():
            child = getattr(obj, key, None) if isinstance(obj, KaitaiStruct) else (
                obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None))
            bits = spans.field_bits(obj, key)
            _walk(lines, ser, child, value, key,
                  spans.field_span(obj, key) if bits is None else ("bits", *bits), depth + 1,
                  relative, shift)
        return
    if isinstance(shown, list):
        lines.append(f"{column}  {pad}{label}: [{len(shown)}]")
        element = getattr(obj, "_spans", None) if isinstance(obj, list) else None
        kept = list(range(len(shown)))
        if isinstance(obj, list) and len(obj) != len(shown):  # readable output left some out
            kept = [i for i, item in enumerate(obj) if ser.value(item) is not HIDDEN]
        if not isinstance(obj, list) or len(kept) != len(shown):
            kept, element = [], None
        for n, value in enumerate(shown):
            i = kept[n] if kept else None
            item_span = element[i] if element is not None and i is not None \
                and i < len(element) else None
            _walk(lines, ser, obj[i] if i is not None else None, value, f"[{n}]", item_span,
                  depth + 1, relative, shift)
        return
    lines.append(f"{column}  {pad}{label}: {_tree_value(shown)}")


_NO_BASE: Any = object()


def _column_of(span: tuple | None, relative: bool, shift: int | None = 0) -> str:
    """The offset and size column: ``00043    4`` (bytes), ``00043:1 7b`` for a field that
    does not start and end on a byte (byte:bit, size in bits); marked ``+`` in an expanded
    buffer, ``*`` in reconstructed bytes (offsets within them)."""
    mark = "*" if shift is None else ("+" if relative else " ")
    if span is None:
        return "           "
    if span[0] == "bits":
        offset, size = span[1] + 8 * (shift or 0), span[2]
        return f"{mark}{offset // 8:05x}:{offset % 8}{size:>2}b"
    return f"{mark}{span[0] + (shift or 0):05x} {span[1]:4d}"


def _inline(shown: dict[str, Any]) -> str | None:
    """A small struct of scalars (a vector, an entity id, a table entry) on one line."""
    if not shown or len(shown) > INLINE_KEYS or any(
            isinstance(v, (dict, list)) for v in shown.values()):
        return None
    text = "{" + ", ".join(f"{k}: {_tree_value(v)}" for k, v in shown.items()) + "}"
    return printable(text) if len(text) <= INLINE_WIDTH else None


def _tree_value(value: Any) -> str:
    if isinstance(value, dict) and set(value) == {"hex"}:
        n = len(value["hex"]) // 2
        text = value["hex"]
        return f"<{n} bytes> {_cut(text, TREE_VALUE_WIDTH)}" if n else "<0 bytes>"
    if isinstance(value, str):
        return printable(_cut(json.dumps(value, ensure_ascii=False), TREE_VALUE_WIDTH))
    return printable(dumps(value).decode())


def hexdump(data: bytes) -> list[str]:
    """``tshark -x`` style: offset, 16 bytes in hex (two groups of eight), printable ASCII."""
    lines = []
    for at in range(0, len(data), 16):
        chunk = data[at:at + 16]
        left = " ".join(f"{b:02x}" for b in chunk[:8])
        right = " ".join(f"{b:02x}" for b in chunk[8:])
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{at:04x}  {left:<23}  {right:<23}   {text}")
    return lines


def binary_stdout() -> Any:
    import sys
    return getattr(sys.stdout, "buffer", None) or _TextOut(sys.stdout)


class _TextOut:
    def __init__(self, out: Any) -> None:
        self.out = out

    def write(self, data: bytes) -> None:
        self.out.write(data.decode())

    def flush(self) -> None:
        self.out.flush()
