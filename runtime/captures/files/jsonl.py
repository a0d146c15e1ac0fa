"""JSON Lines captures: one ``{"t": <seconds>, "dir": "s2c"|"c2s", "data": "<hex>"}`` a line.

The interchange format hook loggers write. An optional ``"stream"`` (connection number)
separates several TCP connections in one file. Read line by line (never the whole file);
a bad line becomes a :class:`~wirestruct.core.errors.CaptureError` naming the line, and reading
goes on with the next.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, TextIO

import orjson
from wirestruct.core.errors import CaptureError, LimitExceededError, bounded
from wirestruct.core.limits import MAX_RECORD
from wirestruct.core.records import CaptureRecord, Direction


def read_jsonl(stream: BinaryIO, *, max_record: int = MAX_RECORD
               ) -> Iterator[CaptureRecord | CaptureError]:
    """Yield records (or errors for bad lines) from a binary JSON Lines stream."""
    line_limit = 2 * max_record + 4096
    index = 0
    line_no = 0
    while True:
        line = stream.readline(line_limit + 1)
        if not line:
            return
        line_no += 1
        if len(line) > line_limit and not line.endswith(b"\n"):
            # Skip the rest of an over-long line without holding it.
            while line and not line.endswith(b"\n"):
                line = stream.readline(1 << 20)
            yield LimitExceededError(f"line {line_no} is longer than the record limit",
                                     expected=f"at most {max_record} bytes of data",
                                     record=index)
            index += 1
            continue
        if not line.strip():
            continue
        try:
            record = parse_line(line, index)
        except CaptureError as exc:
            exc.message = bounded(f"line {line_no}: {exc.message}")
            if exc.dropped is None:            # the line's record is not read: say how much
                exc.dropped, exc.dropped_unit = len(line), "bytes"
            yield exc
        else:
            if len(record.data) > max_record:
                yield LimitExceededError(f"line {line_no}: record of {len(record.data)} bytes",
                                         expected=f"at most {max_record} bytes (max_record)",
                                         record=index, dropped=len(record.data))
            else:
                yield record
        index += 1


def parse_line(line: bytes | str, index: int) -> CaptureRecord:
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError:
        # What orjson refuses (NaN, integers beyond 64 bits, UTF-16, lone surrogates, deep
        # nesting) is read as the standard library reads it, and judged the same way.
        obj = _standard_loads(line, index)
    if not isinstance(obj, dict):
        raise CaptureError("not a JSON object", expected='{"t", "dir", "data"}', record=index)
    t = obj.get("t")
    if isinstance(t, int) and not isinstance(t, bool) and abs(t) > 1 << 53:
        t = math.inf      # an integer too large to be a time: rejected below
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t):
        raise CaptureError(f"bad timestamp {_shown(t)}", expected='"t": a finite number of seconds',
                           record=index)
    try:
        direction = Direction.parse(obj.get("dir") if isinstance(obj.get("dir"), str) else "")
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
    return CaptureRecord(index=index, t=float(t), direction=direction, data=payload, stream=stream)


def _shown(value: Any) -> str:
    """A JSON value for an error message: a scalar as its repr, an array or object by
    its kind (it may be nested deeper than repr can go)."""
    if isinstance(value, list):
        return f"(an array of {len(value)})"
    if isinstance(value, dict):
        return f"(an object of {len(value)} keys)"
    return repr(value)


def _standard_loads(line: bytes | str, index: int) -> Any:
    try:
        return json.loads(line)
    except (ValueError, UnicodeDecodeError) as exc:
        raise CaptureError(f"not JSON: {exc}", expected='{"t", "dir", "data"}',
                           record=index) from None
    except RecursionError:
        raise CaptureError("JSON nested too deep", expected='{"t", "dir", "data"}',
                           record=index) from None


def format_line(record: CaptureRecord) -> str:
    obj = {"t": record.t, "dir": record.direction.label, "data": record.data.hex()}
    if record.stream:
        obj["stream"] = record.stream
    return json.dumps(obj)


def write_jsonl(out: TextIO, records: Iterable[CaptureRecord]) -> int:
    count = 0
    for record in records:
        out.write(format_line(record))
        out.write("\n")
        count += 1
    return count
