"""Events from JSON Lines (what ``wirestruct decode`` prints), for the encoders."""
from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, BinaryIO

from wirestruct.core import json_input
from wirestruct.core.encoder import Encoder
from wirestruct.core.errors import EncodeError, LimitExceededError, WirestructError, bounded
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, nanoseconds, time_text
from wirestruct.core.session import collected_between


def read_events(lines: BinaryIO, *, limits: Limits = DEFAULT_LIMITS
                ) -> Iterator[dict[str, Any] | WirestructError]:
    """The events of JSON Lines bytes (what ``wirestruct decode`` prints), each line read
    within the JSON budgets (:mod:`wirestruct.core.json_input`). A line that is not
    UTF-8 JSON, or over a budget (a longer line is never held whole), becomes an error
    naming its line number and counting it as dropped, and reading goes on."""
    for number, line, size in json_input.read_lines(lines, limits.max_json_bytes):
        if line is None:
            yield LimitExceededError(
                f"line {number} of {size} bytes",
                expected=f"at most {limits.max_json_bytes} bytes (limit max_json_bytes)",
                dropped=1, dropped_unit="lines")
            continue
        if line.isspace():
            continue
        try:
            event = json_input.parse(line, limits)
        except LimitExceededError as exc:
            exc.message = bounded(f"line {number}: {exc.message}")
            exc.dropped, exc.dropped_unit = 1, "lines"
            yield exc
        except ValueError as exc:
            yield EncodeError(f"line {number} is not JSON: {exc}",
                              expected="one UTF-8 JSON object a line", dropped=1,
                              dropped_unit="lines")
        else:
            yield timed(event, line)


class TimedEvent(dict):
    """An event read from a line, with its time exactly as the line's text has it:
    ``t_ns``, integer nanoseconds (None when ``"t"`` is not a finite number)."""

    __slots__ = ("t_ns",)
    t_ns: int | None


def timed(event: Any, line: bytes) -> Any:
    """``event`` (parsed from ``line``) as a :class:`TimedEvent` when it is an object."""
    if type(event) is not dict:
        return event
    out = TimedEvent(event)
    t = event.get("t")
    out.t_ns = None
    if (type(t) is int or type(t) is float) and math.isfinite(t) and abs(t) <= 1 << 53:
        out.t_ns = nanoseconds(float(t), time_text(line))
    return out


def encoded(lines: BinaryIO, encoder: Encoder) -> Iterator[CaptureRecord | WirestructError]:
    """What ``wirestruct encode`` makes of JSON Lines events: a record per packet encoded,
    and an error (with its dropped count) for each line or event that is not, in order
    (the collector run between them, as :meth:`Encoder.encode_events` does)."""
    return collected_between(_encoded(lines, encoder))


def _encoded(lines: BinaryIO, encoder: Encoder) -> Iterator[CaptureRecord | WirestructError]:
    for event in read_events(lines, limits=encoder.limits):
        if isinstance(event, WirestructError):
            yield event
        else:
            yield from encoder.feed(event)
    yield from encoder.close()
