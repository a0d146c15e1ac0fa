"""JSON Lines captures: one ``{"t": <seconds>, "dir": "s2c"|"c2s", "data": "<hex>"}`` a line.

The interchange format hook loggers write. An optional ``"stream"`` (connection number)
separates several TCP connections in one file. The time is read exactly: the record's
``t_ns`` comes from the decimal text of ``"t"`` (to the nanosecond, rounded half to even
past it), not from the float it reads as; records are written back with every digit.
Read line by line (never the whole file); a bad line becomes a
:class:`~wirestruct.core.errors.CaptureError` naming the line, and reading goes on with
the next.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from wirestruct.core import json_input
from wirestruct.core.errors import CaptureError, LimitExceededError, bounded
from wirestruct.core.json_input import read_lines
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import (
    CaptureRecord,
    Direction,
    nanoseconds,
    seconds_text,
    time_text,
)

if TYPE_CHECKING:
    from wirestruct.captures.files.sources import CaptureStream


def read_jsonl(stream: CaptureStream, *, limits: Limits = DEFAULT_LIMITS
               ) -> Iterator[CaptureRecord | CaptureError | LimitExceededError]:
    """Yield records (or errors for bad lines) from a binary JSON Lines stream. A line is
    read within the JSON budgets (:mod:`wirestruct.core.json_input`) and, as its data is
    hex, no longer than two characters a byte of ``max_record`` (and 4 KiB more)."""
    most = min(limits.max_json_bytes, 2 * limits.max_record + 4096)
    limit = "max_json_bytes" if most == limits.max_json_bytes else "max_record"
    index = 0
    for number, line, size in read_lines(stream, most):
        if line is None:
            yield LimitExceededError(f"line {number} of {size} bytes", record=index,
                                     expected=f"at most {most} bytes (limit {limit})",
                                     dropped=size)
            index += 1
            continue
        if line.isspace():
            continue
        try:
            obj = _loads(line, index, limits)
            t_text = time_text(line)
            line = None                       # the text goes before its data is made
            record = record_of(obj, index, t_text)
        except (CaptureError, LimitExceededError) as exc:
            exc.message = bounded(f"line {number}: {exc.message}")
            if exc.dropped is None:            # the line's record is not read: say how much
                exc.dropped, exc.dropped_unit = size, "bytes"
            yield exc
        else:
            obj = None
            if len(record.data) > limits.max_record:
                yield LimitExceededError(f"line {number}: record of {len(record.data)} bytes",
                                         expected=f"at most {limits.max_record} bytes (max_record)",
                                         record=index, dropped=len(record.data))
            else:
                yield record
        index += 1


def parse_line(line: bytes | str, index: int, limits: Limits = DEFAULT_LIMITS) -> CaptureRecord:
    """One JSON Lines record (index ``index``); a CaptureError says what is wrong with it."""
    text = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    return record_of(_loads(line, index, limits), index, time_text(text))


def _loads(line: bytes | str, index: int, limits: Limits) -> Any:
    try:
        return json_input.parse(line, limits)
    except LimitExceededError as exc:
        raise exc.at(record=index) from None
    except ValueError as exc:
        raise CaptureError(f"not JSON: {exc}", expected='{"t", "dir", "data"}',
                           record=index) from None


def record_of(obj: Any, index: int, t_text: bytes | None = None) -> CaptureRecord:
    """The record a parsed JSON Lines object stands for; ``t_text``: the text of its
    ``"t"`` number, for the exact time (else the float's shortest decimal form)."""
    if not isinstance(obj, dict):
        raise CaptureError("not a JSON object", expected='{"t", "dir", "data"}', record=index)
    t = obj.get("t")
    if isinstance(t, int) and not isinstance(t, bool) and abs(t) > 1 << 53:
        t = math.inf      # an integer too large to be a time: rejected below
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t):
        raise CaptureError(f"bad timestamp {_shown(t)}", expected='"t": a finite number of seconds',
                           record=index)
    dir_value = obj.get("dir")
    try:
        direction = Direction.parse(dir_value if isinstance(dir_value, str) else "")
    except ValueError:
        raise CaptureError(f"bad direction {_shown(obj.get('dir'))}",
                           expected='"dir": "c2s" or "s2c"', record=index) from None
    data = obj.get("data")
    try:
        if not isinstance(data, str):
            raise ValueError
        payload = bytes.fromhex(data)
    except ValueError:
        raise CaptureError("bad data", expected='"data": a string of hex digit pairs',
                           record=index) from None
    stream = obj.get("stream", 0)
    if isinstance(stream, bool) or not isinstance(stream, int) or not 0 <= stream <= 0xFFFF:
        raise CaptureError(f"bad stream {_shown(stream)}", expected='"stream": an integer 0..65535',
                           record=index)
    t = float(t)
    return CaptureRecord(index, t, direction, payload, stream, None, nanoseconds(t, t_text))


def _shown(value: Any) -> str:
    """A JSON value for an error message: a scalar as its repr, an array or object by
    its kind (it may be nested deeper than repr can go)."""
    if isinstance(value, list):
        return f"(an array of {len(value)})"
    if isinstance(value, dict):
        return f"(an object of {len(value)} keys)"
    return repr(value)


def format_line(record: CaptureRecord) -> str:
    """One JSON Lines record; its time exact when the record has it in nanoseconds."""
    t = json.dumps(record.t) if record.t_ns is None else seconds_text(record.t_ns)
    stream = f', "stream": {record.stream}' if record.stream else ""
    return (f'{{"t": {t}, "dir": "{record.direction.label}", '
            f'"data": "{record.data.hex()}"{stream}}}')


def write_jsonl(out: TextIO, records: Iterable[CaptureRecord]) -> int:
    count = 0
    for record in records:
        out.write(format_line(record))
        out.write("\n")
        count += 1
    return count
