"""Files the commands write: created where the user named them, never through a symbolic
link (a link planted at the name would send the bytes elsewhere)."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from wirestruct.core.errors import OutputError

_WRITE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


@contextmanager
def new_file(path: str | os.PathLike, mode: str = "wb", **kw: Any) -> Iterator[IO[Any]]:
    """``path`` opened for writing (created, or emptied), refusing a symbolic link there."""
    try:
        fd = os.open(path, _WRITE, 0o666)
    except OSError:
        if os.path.islink(path):
            raise OutputError(f"{os.fspath(path)} is a symbolic link: refused, nothing is "
                              "written through one", expected="a file name") from None
        raise
    with open(fd, mode, **kw) as out:
        yield out
