"""Run a generated parser on one packet and turn any failure into a ParseError.

Generated classes raise Kaitai's own errors (EOFError, ValidationNotEqualError ...) and
plain Python ones (UnicodeDecodeError, struct.error, ZeroDivisionError in a bad
expression ...). :func:`parse` catches all of them for exactly one packet and reports the
field path where the parse stopped (from the traceback of the generated code) and the
byte offset in the packet's own byte string.
"""
from __future__ import annotations

import linecache
from io import BytesIO
import re
from typing import Any, Optional, Type, TypeVar

from kaitaistruct import KaitaiStream, KaitaiStruct

from .errors import ParseError, WirestructError

T = TypeVar("T", bound=KaitaiStruct)

_ASSIGN = re.compile(r"^\s*self\.([A-Za-z_][A-Za-z0-9_]*)(?:\s*=|\.append\()")


def parse(cls: Type[T], data: bytes, *args: Any, packet_name: Optional[str] = None,
          packet_id: Optional[int] = None, offset_base: int = 0) -> T:
    """Parse ``data`` with generated class ``cls`` (extra ``args`` are its params).

    Returns the parsed object. Every failure becomes a :class:`ParseError` carrying the
    field path and absolute byte offset (``offset_base`` + offset within ``data``).
    """
    io = KaitaiStream(BytesIO(data))
    try:
        return cls(*args, io) if args else cls(io)
    except WirestructError:
        raise
    except RecursionError:
        raise ParseError("nesting too deep", packet_name=packet_name, packet_id=packet_id)
    except Exception as exc:  # noqa: BLE001 - everything from bad input is wrapped
        raise wrap_exception(exc, packet_name=packet_name, packet_id=packet_id,
                             offset_base=offset_base) from exc


def check_consumed(obj: KaitaiStruct, size: int, path: Optional[str] = None) -> None:
    """Every one of the ``size`` bytes ``obj`` was parsed from must have been read (bit
    streams end with their padding bits, so a byte count is enough); bytes left over are a
    ParseError at the first of them."""
    pos = obj._io.pos()
    if pos != size:
        raise ParseError(f"{size - pos} bytes left over after the structure", offset=pos,
                         field_path=path, expected=f"exactly {pos} bytes")


def wrap_exception(exc: BaseException, *, packet_name: Optional[str] = None,
                   packet_id: Optional[int] = None, offset_base: int = 0) -> ParseError:
    """Build a ParseError from an exception raised inside generated code."""
    path, offset = _locate(exc)
    message, expected = _message(exc)
    return ParseError(message, expected=expected, packet_name=packet_name, packet_id=packet_id,
                      offset=None if offset is None else offset_base + offset,
                      field_path=path or None)


def _message(exc: BaseException):
    name = type(exc).__name__
    text = str(exc)
    expected = None
    if name == "EOFError" or isinstance(exc, EOFError):
        return f"unexpected end of data: {text}", "more bytes"
    if name.startswith("Validation"):
        actual = getattr(exc, "actual", None)
        if name == "ValidationNotEqualError":
            expected = _show(exc.expected)
        elif name == "ValidationLessThanError":
            expected = f">= {_show(exc.min)}"
        elif name == "ValidationGreaterThanError":
            expected = f"<= {_show(exc.max)}"
        elif name == "ValidationNotAnyOfError":
            expected = "one of the values the spec lists"
        elif name == "ValidationNotInEnumError":
            expected = "a value of the field's enum"
        elif name == "ValidationExprError":
            expected = "a value passing the spec's valid expression"
        if actual is None:
            return f"validation failed: {text}", expected
        return f"invalid value {_show(actual)}", expected
    return f"{name}: {text}", expected


def _show(value: Any) -> str:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex(" ")
    return repr(value)


def _locate(exc: BaseException):
    """Field path and byte offset where generated code stopped, from the traceback.

    The path names the outermost type, then each field on the way down, with the element
    index of repeated fields: ``Packet.body.sub_updates[3].data``.
    """
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        obj = frame.f_locals.get("self")
        if isinstance(obj, KaitaiStruct):
            frames.append((obj, frame, tb.tb_lineno))
        tb = tb.tb_next
    if not frames:
        return None, None
    parts = [type(frames[0][0]).__name__]
    base = 0
    io = None
    for obj, frame, lineno in frames:
        obj_io = getattr(obj, "_io", None)
        if io is None:
            io = obj_io
        elif obj_io is not io and obj_io is not None:
            # A sized substream: the parent has just read its bytes, so it starts `size`
            # bytes before the parent's position.
            try:
                base = base + io.pos() - obj_io.size()
            except Exception:  # noqa: BLE001
                pass
            io = obj_io
        field = _field_at(frame.f_code.co_filename, lineno)
        if field:
            name, repeated = field
            index = frame.f_locals.get("i") if repeated else None
            parts.append(f"{name}[{index}]" if isinstance(index, int) else name)
    offset = None
    try:
        offset = base + io.pos()
        # A short read leaves the stream at its end; point at where the field began.
        available = getattr(exc, "bytes_available", None)
        if isinstance(available, int):
            offset -= available
    except Exception:  # noqa: BLE001
        offset = None
    return ".".join(parts), offset


def _field_at(filename: str, lineno: int):
    """The field a generated line assigns: (name, is_repeat_append), or None.

    A ``raise`` line (a failed ``valid:`` check) belongs to the assignment just above it.
    """
    line = linecache.getline(filename, lineno)
    if line.lstrip().startswith("raise "):
        for back in range(1, 4):
            prev = linecache.getline(filename, lineno - back)
            if _ASSIGN.match(prev):
                line = prev
                break
    match = _ASSIGN.match(line)
    if not match:
        return None
    name = match.group(1)
    for prefix in ("_m_", "_raw_"):
        if name.startswith(prefix):
            name = name[len(prefix):]
    if name.startswith("_"):
        return None
    return name, ".append(" in line
