"""Progress on stderr for long runs: a bar when stderr is a terminal, a line every few
seconds otherwise. Output proper goes to stdout, so it pipes into ``jq`` untouched."""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


class Progress:
    def __init__(self, total_bytes: int | None, position: Callable[[], int],
                 stream=None, every: float | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.every = every if every is not None else (0.2 if self.tty else 5.0)
        self.total = total_bytes
        self.position = position
        self.start = time.monotonic()
        self.last = self.start
        self.count = 0
        self.shown = False

    def wrap(self, items: Iterable[T]) -> Iterator[T]:
        for item in items:
            self.count += 1
            if not self.count & 0xFF:
                now = time.monotonic()
                if now - self.last >= self.every:
                    self.last = now
                    self._show(now)
            yield item
        self.finish()

    def _show(self, now: float) -> None:
        try:
            pos = self.position()
        except (OSError, ValueError):
            pos = None
        elapsed = now - self.start
        text = f"{self.count} records, {elapsed:.0f}s"
        if self.total and pos is not None:
            frac = min(1.0, pos / self.total)
            if self.tty:
                width = 30
                filled = int(frac * width)
                text = f"[{'#' * filled}{'.' * (width - filled)}] {frac * 100:5.1f}%  " + text
            else:
                text = f"{frac * 100:5.1f}%  " + text
        if self.tty:
            self.stream.write("\r" + text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\n")
            self.stream.flush()


def for_capture(capture) -> Progress:
    try:
        total = os.fstat(capture.stream.fileno()).st_size
    except (OSError, AttributeError, ValueError):
        total = None
    return Progress(total, capture.stream.tell)
