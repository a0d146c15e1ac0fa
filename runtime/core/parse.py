"""Run a generated parser on one packet and turn any failure into a ParseError.

Generated classes raise Kaitai's own errors (EOFError, ValidationNotEqualError ...) and
plain Python ones (UnicodeDecodeError, struct.error, ZeroDivisionError in a bad
expression ...). :func:`parse` catches all of them for exactly one packet and reports the
field path where the parse stopped and the byte offset in the packet's own byte string.

The field path comes from the traceback of the generated code: the types on the way down
and, for repeated fields, the element index. The failing field itself is taken first from
the error's ``src_path`` (Kaitai's pointer into the spec, e.g. ``/types/map_setup/seq/1``)
when it names the type that was being read, and otherwise from the generated line that
raised.
"""
from __future__ import annotations

import linecache
import re
import sys
from functools import lru_cache
from typing import Any, TypeVar

from kaitaistruct import KaitaiStruct
from wirestruct.core.errors import LimitExceededError, ParseError, WirestructError
from wirestruct.core.stream import ObjectBudgetSpent, counted, parse_stream

T = TypeVar("T", bound=KaitaiStruct)

_ASSIGN = re.compile(r"^\s*self\.([A-Za-z_][A-Za-z0-9_]*)(?:\s*=|\.append\()")
# A spec location as Kaitai's errors carry it: nested types, then a seq index or an
# instance name.
_SRC_PATH = re.compile(r"^((?:/types/[a-z][a-z0-9_]*)*)/(seq|instances)/([a-z0-9_]+)$")
# The spec location a generated line raises with (the last string argument).
# Every Validation*Error takes the checked value just before the stream: `self.size_x,
# self._io` or `self.tags[i], self._io` (an expected value or bound may come first).
_ACTUAL = re.compile(r"\bself\.([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?,\s*self\._io\b")
_RAISE_SRC = re.compile(r"raise kaitaistruct\.\w+\(.*u?\"(/[^\"]*)\"\)\s*$")


def parse(cls: type[T], data: bytes, *args: Any, packet_name: str | None = None,
          packet_id: int | None = None, offset_base: int = 0,
          max_objects: int | None = None) -> T:
    """Parse ``data`` with generated class ``cls`` (extra ``args`` are its params).

    Returns the parsed object. Every failure becomes a :class:`ParseError` carrying the
    field path and absolute byte offset (``offset_base`` + offset within ``data``).
    ``max_objects``: the most objects the parse may build (the generated package must be
    bound, :func:`wirestruct.core.stream.bind`); one more is a
    :class:`~wirestruct.core.errors.LimitExceededError` raised before it is built.
    """
    io = parse_stream(data)
    try:
        with counted(max_objects):
            return cls(*args, io) if args else cls(io)
    except WirestructError:
        raise
    except UnicodeDecodeError:
        # A string not valid in its encoding: parsed again, keeping it (core.lossy).
        return _parse_tolerant(cls, data, args, packet_name, packet_id, offset_base,
                               max_objects)
    except ObjectBudgetSpent as exc:
        found = wrap_exception(exc, packet_name=packet_name, packet_id=packet_id,
                               offset_base=offset_base)
        raise LimitExceededError(
            f"more than {exc.budget} structures in one record", packet_name=packet_name,
            packet_id=packet_id, offset=found.where.offset, field_path=found.where.field_path,
            expected=f"at most {exc.budget} structures") from None
    except RecursionError:
        raise ParseError("nesting too deep", packet_name=packet_name,
                         packet_id=packet_id) from None
    except Exception as exc:  # noqa: BLE001 - everything from bad input is wrapped
        raise wrap_exception(exc, packet_name=packet_name, packet_id=packet_id,
                             offset_base=offset_base) from exc


def _parse_tolerant(cls: type[T], data: bytes, args: tuple[Any, ...],
                    packet_name: str | None, packet_id: int | None, offset_base: int,
                    max_objects: int | None) -> T:
    """:func:`parse` with strings not valid in their encoding kept (wirestruct.core.lossy);
    any other failure as :func:`parse` reports it."""
    from wirestruct.core import lossy
    io = parse_stream(data)
    try:
        with counted(max_objects), lossy.tolerant():
            obj = cls(*args, io) if args else cls(io)
    except WirestructError:
        raise
    except ObjectBudgetSpent as exc:
        raise LimitExceededError(
            f"more than {exc.budget} structures in one record", packet_name=packet_name,
            packet_id=packet_id, expected=f"at most {exc.budget} structures") from None
    except RecursionError:
        raise ParseError("nesting too deep", packet_name=packet_name,
                         packet_id=packet_id) from None
    except Exception as exc:  # noqa: BLE001 - everything from bad input is wrapped
        raise wrap_exception(exc, packet_name=packet_name, packet_id=packet_id,
                             offset_base=offset_base) from exc
    lossy.settle(obj, offset_base, packet_name, packet_id)
    return obj


def check_consumed(obj: KaitaiStruct, size: int, path: str | None = None) -> None:
    """Every one of the ``size`` bytes ``obj`` was parsed from must have been read (bit
    streams end with their padding bits, so a byte count is enough); bytes left over are a
    ParseError at the first of them."""
    pos = obj._io.pos()
    if pos != size:
        raise ParseError(f"{size - pos} bytes left over after the structure", offset=pos,
                         field_path=path, expected=f"exactly {pos} bytes")


def wrap_exception(exc: BaseException, *, packet_name: str | None = None,
                   packet_id: int | None = None, offset_base: int = 0) -> ParseError:
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
        # Kaitai's validation errors, known by name, carry the bounds they checked
        validation: Any = exc
        if name == "ValidationNotEqualError":
            expected = _show(validation.expected)
        elif name == "ValidationLessThanError":
            expected = f">= {_show(validation.min)}"
        elif name == "ValidationGreaterThanError":
            expected = f"<= {_show(validation.max)}"
        elif name == "ValidationNotAnyOfError":
            expected = "one of the values the spec lists"
        elif name == "ValidationNotInEnumError":
            expected = "a value of the field's enum"
        elif name == "ValidationExprError":
            expected = _valid_expression(exc)
        if actual is None:
            return f"validation failed: {text}", expected
        return f"invalid value {_show(actual)}", expected
    return f"{name}: {text}", expected


def _valid_expression(exc: BaseException) -> str:
    """The generated condition a ``valid: expr`` check failed (``_`` is the value), from
    the line before the raise; a general phrase when it cannot be found."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is not None:
        line = linecache.getline(tb.tb_frame.f_code.co_filename, tb.tb_lineno - 1).strip()
        if line.startswith("if not") and line.endswith(":"):
            condition = line[len("if not"):-1].strip().replace("self.", "")
            return f"a value for which {condition} (_ is the value)"
    return "a value passing the spec's valid expression"


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
    owners: list[KaitaiStruct] = []  # the object each field part after the first belongs to
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
            owners.append(obj)
    innermost = frames[-1][0]
    src_field = field_from_src_path(type(innermost), getattr(exc, "src_path", None))
    if src_field is not None:
        # Kaitai's own pointer names the failing field; the traceback keeps the parents
        # and the element index when it agrees on the field.
        if owners and owners[-1] is innermost:
            if parts[-1].split("[")[0] != src_field:
                parts[-1] = src_field
        else:
            parts.append(src_field)
    offset = None
    if io is not None:
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


def field_from_src_path(cls: type, src_path: object) -> str | None:
    """The field a Kaitai ``src_path`` names, if it points into generated class ``cls``.

    ``/seq/N`` and ``/types/a/types/b/seq/N`` are the N-th attribute of the top-level type
    and of nested type ``a.b``; ``.../instances/name`` is an instance. The path must name
    ``cls`` itself (its nested-class names, UpperCamelCase of the spec's type names), so a
    pointer into another type is never pinned on the wrong object. Sequence indices are
    resolved through the generated module, whose check for that path raises with the
    attribute's value. None when the path is missing or cannot be resolved.
    """
    if not isinstance(src_path, str):
        return None
    match = _SRC_PATH.match(src_path)
    if not match:
        return None
    types, kind, key = match.groups()
    nested = [_camel(t) for t in types.split("/types/")[1:]]
    if cls.__qualname__.split(".")[1:] != nested:
        return None
    if kind == "instances":
        return key
    module = sys.modules.get(cls.__module__)
    filename = getattr(module, "__file__", None)
    return _seq_fields(filename).get(src_path) if filename else None


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


@lru_cache(maxsize=64)
def _seq_fields(filename: str) -> dict[str, str]:
    """src_path -> attribute name for every raising line of one generated module."""
    fields: dict[str, str] = {}
    lines = linecache.getlines(filename)
    for line in lines:
        match = _RAISE_SRC.search(line)
        if not match or "/seq/" not in match.group(1):
            continue
        actual = _ACTUAL.search(line)
        if actual:
            name = actual.group(1)
            fields.setdefault(match.group(1), name[3:] if name.startswith("_m_") else name)
    return fields
