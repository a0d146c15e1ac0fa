"""Progress on stderr for long runs: a bar (tqdm) with rate and ETA on a terminal, a line
every few seconds otherwise. Output proper goes to stdout, so it pipes into ``jq``
untouched; when stdout is the same terminal (``--format summary`` lines flowing), no bar
is drawn, so the two never interleave. The bar is cleared when the run ends, before the
summary is printed."""
from __future__ import annotations

import os
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, TypeVar

from tqdm import tqdm

T = TypeVar("T")
#: records between two looks at the file position
_EVERY_RECORDS = 0xFF


class Progress:
    """Counts the records passing through :meth:`wrap` and shows how far the capture is
    read (``position()`` of ``total_bytes``; no total: a rate without an ETA)."""

    def __init__(self, total_bytes: int | None, position: Callable[[], int],
                 stream: IO[str] | None = None, every: float | None = None,
                 bar: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = _isatty(self.stream)
        #: a bar on a terminal whose stdout is not the same terminal
        self.bar = self.tty and not _isatty(sys.stdout) if bar is None else bar
        self.every = every if every is not None else 5.0
        self.total = total_bytes
        self.position = position
        self.start = time.monotonic()
        self.last = self.start
        self.count = 0
        self._tqdm: Any = None

    def wrap(self, items: Iterable[T]) -> Iterator[T]:
        try:
            for item in items:
                self.count += 1
                if not self.count & _EVERY_RECORDS:
                    self._show(time.monotonic())
                yield item
        finally:
            self.finish()

    def _position(self) -> int | None:
        try:
            return self.position()
        except (OSError, ValueError):
            return None

    def _show(self, now: float) -> None:
        if self.bar:
            self._draw()
        elif not self.tty and now - self.last >= self.every:
            self.last = now
            self._line(now)

    def _draw(self) -> None:
        if self._tqdm is None:
            self._tqdm = tqdm(total=self.total, unit="B", unit_scale=True, unit_divisor=1024,
                              file=self.stream, leave=False, dynamic_ncols=True,
                              mininterval=0.2, desc="reading")
        pos = self._position()
        if pos is not None and pos > self._tqdm.n:
            self._tqdm.update(pos - self._tqdm.n)
        self._tqdm.set_postfix_str(f"{self.count} records", refresh=False)

    def _line(self, now: float) -> None:
        pos = self._position()
        elapsed = now - self.start
        text = f"{self.count} records, {elapsed:.0f}s"
        if self.total and pos is not None:
            text = f"{min(1.0, pos / self.total) * 100:5.1f}%  " + text
        self.stream.write(text + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """Clear the bar (the summary follows on a clean line)."""
        if self._tqdm is not None:
            self._tqdm.close()
            self._tqdm = None


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def for_capture(capture: Any) -> Progress:
    try:
        info = os.fstat(capture.stream.fileno())
        total: int | None = info.st_size if stat.S_ISREG(info.st_mode) else None
    except (OSError, AttributeError, ValueError):
        total = None
    return Progress(total, capture.stream.tell)
