"""Files the commands write: created where the user named them, never through a symbolic
link (a link planted at the name would send the bytes elsewhere)."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, BinaryIO, Literal, TextIO, overload

from wirestruct.core.errors import OutputError

_WRITE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


@overload
def new_file(path: str | os.PathLike,
             mode: Literal["wb"] = "wb") -> AbstractContextManager[BinaryIO]: ...


@overload
def new_file(path: str | os.PathLike, mode: Literal["w"],
             *, encoding: str) -> AbstractContextManager[TextIO]: ...


@contextmanager
def new_file(path: str | os.PathLike, mode: str = "wb", **kw: Any) -> Iterator[Any]:
    """``path`` opened for writing (created, or emptied), refusing a symbolic link there:
    a binary file (``wb``) or a text file (``w``, with its encoding)."""
    try:
        fd = os.open(path, _WRITE, 0o666)
    except OSError:
        if os.path.islink(path):
            raise OutputError(f"{os.fspath(path)} is a symbolic link: refused, nothing is "
                              "written through one", expected="a file name") from None
        raise
    with open(fd, mode, **kw) as out:
        yield out
