"""Files the commands write: created where the user named them, never through a symbolic
link (a link planted at the name would send the bytes elsewhere), and whole or not at all
(a run that fails or is interrupted leaves no partial file behind)."""
from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, BinaryIO, Literal, TextIO, overload

from wirestruct.core.errors import OutputError

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _CLOEXEC
_EXISTING = os.O_WRONLY | os.O_NOFOLLOW | _CLOEXEC


@overload
def new_file(path: str | os.PathLike,
             mode: Literal["wb"] = "wb") -> AbstractContextManager[BinaryIO]: ...


@overload
def new_file(path: str | os.PathLike, mode: Literal["w"],
             *, encoding: str) -> AbstractContextManager[TextIO]: ...


@contextmanager
def new_file(path: str | os.PathLike, mode: str = "wb", **kw: Any) -> Iterator[Any]:
    """``path`` written: into a new file next to it, put in its place when the block ends
    and removed when it raises (or is interrupted), so ``path`` holds the whole output or
    what it held before. A symbolic link at ``path`` is refused; a name that is not a
    regular file (a FIFO, ``/dev/stdout``) is written in place."""
    name = os.fspath(path)
    try:
        found = os.lstat(name)
    except FileNotFoundError:
        found = None
    if found is not None and stat.S_ISLNK(found.st_mode):
        raise OutputError(f"{name} is a symbolic link: refused, nothing is written through "
                          "one", expected="a file name")
    if found is not None and not stat.S_ISREG(found.st_mode):
        with open(os.open(name, _EXISTING), mode, **kw) as out:
            yield out
        return
    folder, base = os.path.split(name)
    partial = os.path.join(folder, f".{base}.{secrets.token_hex(4)}.partial")
    try:
        fd = os.open(partial, _NEW, 0o666)
    except OSError as exc:             # named as the user named it
        raise OSError(exc.errno, exc.strerror, name) from None
    try:
        with open(fd, mode, **kw) as out:
            yield out
        os.replace(partial, name)       # a link planted meanwhile is replaced, not followed
    except BaseException:
        try:
            os.unlink(partial)
        except OSError:
            pass
        raise
