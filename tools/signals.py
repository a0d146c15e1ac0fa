"""How a run of the command line stops on a signal. Ctrl-C (SIGINT) raises
``KeyboardInterrupt`` in the main thread; SIGTERM raises :class:`Terminated`, a kind of
it, so both stop a run the same way: what was read so far is summed up, worker processes
are ended with it, and the exit status says which (130 interrupted, 143 terminated, as
in :mod:`wirestruct.core.errors`). A second SIGTERM while the run winds down ends it at
once."""
from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from wirestruct.core.errors import EXIT_INTERRUPTED, EXIT_TERMINATED


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread as Ctrl-C's KeyboardInterrupt is."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)      # a second one is not caught
    raise Terminated()


def install() -> None:
    """Make SIGTERM raise :class:`Terminated` in the main thread (from now on)."""
    signal.signal(signal.SIGTERM, _terminate)


def status(stop: BaseException) -> int:
    """The exit status of a run stopped by ``stop``."""
    return EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED


def word(stop: BaseException | None) -> str:
    """How the summary says the run stopped: "" when it ran to its end."""
    if stop is None:
        return ""
    return "terminated" if isinstance(stop, Terminated) else "interrupted"


@contextmanager
def held() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back (blocked, not lost) while worker processes start:
    the processes started meanwhile keep them blocked (they end when their parent ends
    them), and one that came meanwhile is raised when the block ends, after the body
    has handed over what it made."""
    held_signals = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held_signals)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
