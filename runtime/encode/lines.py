"""Events from JSON Lines text (what ``wirestruct decode`` prints), for the encoders."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

from wirestruct.core.errors import EncodeError
from wirestruct.core.limits import DEFAULT_LIMITS


def read_events(lines: TextIO, *, max_line: int = DEFAULT_LIMITS.max_record
                ) -> Iterator[dict[str, Any] | EncodeError]:
    """The events of JSON Lines text (what ``wirestruct decode`` prints). A line that is
    not JSON, or longer than ``max_line`` characters (never held whole), becomes an
    :class:`EncodeError` naming its line number, and reading goes on."""
    number = 0
    while True:
        line = lines.readline(max_line + 1)
        if not line:
            return
        number += 1
        if len(line) > max_line and not line.endswith("\n"):
            skipped = len(line)
            while line and not line.endswith("\n"):        # the rest, a chunk at a time
                line = lines.readline(1 << 20)
                skipped += len(line)
            yield EncodeError(f"line {number} of more than {max_line} characters",
                              expected=f"at most {max_line} (limit max_record)",
                              dropped=1, dropped_unit="lines")
            continue
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except ValueError as exc:
            yield EncodeError(f"line {number} is not JSON: {exc}",
                              expected="one JSON object a line", dropped=1, dropped_unit="lines")
