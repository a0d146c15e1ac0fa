"""Output folders written without following symbolic links.

A folder the user names (a Web IDE export, a batch dataset) may hold links someone
planted, pointing anywhere: writing, replacing or removing through one would touch files
outside it. :class:`SafeDir` opens every folder with ``O_DIRECTORY | O_NOFOLLOW`` and
does everything relative to that descriptor: files are created with
``O_NOFOLLOW | O_EXCL | O_CREAT``, renamed and removed by name in their folder (removing
a link removes the link, never its target), and a link where a folder or file of ours is
expected is an :class:`~wirestruct.core.errors.OutputError` naming it. Only the last part
of the path the user gave is held to this (the folders above it are the user's own).
"""
from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, NoReturn

from wirestruct.core import json_input
from wirestruct.core.errors import OutputError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits

#: What the storage answers when it will not take the bytes: the disk or the quota is
#: full, the file system is read-only, the file grew past what it may hold. Such an
#: error is the output's, not the input's.
STORAGE_ERRNOS = frozenset(code for code in (errno.ENOSPC, getattr(errno, "EDQUOT", None),
                                             errno.EROFS, errno.EFBIG)
                           if code is not None)

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _CLOEXEC
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _CLOEXEC


class SafeDir:
    """An open folder; use as a context manager (or :meth:`close` it)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = Path(path)
        self.fd = fd

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, create: bool = False) -> SafeDir:
        """The folder ``path`` (made, with its parents, when ``create`` and missing)."""
        path = Path(path)
        if create and not os.path.lexists(path):
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.mkdir(path, 0o777)
            except FileExistsError:
                pass
        return cls(path, _open_dir(path, path))

    def __enter__(self) -> SafeDir:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def exists(self, name: str) -> bool:
        try:
            os.lstat(name, dir_fd=self.fd)
        except FileNotFoundError:
            return False
        return True

    def subdir(self, name: str, *, create: bool = True) -> SafeDir | None:
        """The folder ``name`` in this one (made when ``create``; None when it is missing
        and not made). A link there is refused."""
        if create:
            try:
                os.mkdir(name, 0o777, dir_fd=self.fd)
            except FileExistsError:
                pass
        elif not self.exists(name):
            return None
        return SafeDir(self.path / name, _open_dir(self.path / name, name, self.fd))

    @contextmanager
    def create(self, name: str, mode: str = "wb") -> Iterator[IO[Any]]:
        """A new file ``name`` in this folder (one already there, or a link, is refused)."""
        try:
            fd = os.open(name, _NEW_FILE, 0o666, dir_fd=self.fd)
        except FileExistsError:
            raise OutputError(f"{self.path / name} already exists (or is a symbolic link); "
                              "nothing is written through one") from None
        except OSError as exc:
            raise OutputError(f"cannot create {self.path / name}: {exc.strerror}") from None
        with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as out:
            yield out

    def replace(self, source: str, target: str) -> None:
        """Rename ``source`` to ``target`` in this folder (a link at ``target`` is
        replaced, not followed)."""
        os.replace(source, target, src_dir_fd=self.fd, dst_dir_fd=self.fd)

    def remove(self, name: str) -> bool:
        """Remove the file (or link: never what it points to) ``name``, if there is one;
        a folder is left alone. Whether something was removed."""
        try:
            if stat.S_ISDIR(os.lstat(name, dir_fd=self.fd).st_mode):
                return False
            os.unlink(name, dir_fd=self.fd)
        except FileNotFoundError:
            return False
        return True

    def remove_dir(self, name: str) -> bool:
        """Remove the empty folder ``name`` (one holding anything stays)."""
        try:
            os.rmdir(name, dir_fd=self.fd)
        except OSError:
            return False
        return True

    def read_json(self, name: str, limits: Limits = DEFAULT_LIMITS) -> Any:
        """The JSON document in the file ``name`` (a link is refused; read within the
        JSON budgets). Raises OSError, or ValueError for what is not JSON or too big."""
        return json_input.read_file(name, limits, dir_fd=self.fd)


def _open_dir(path: Path, name: str | os.PathLike[str], dir_fd: int | None = None) -> int:
    try:
        return os.open(name, _OPEN_DIR, dir_fd=dir_fd)
    except OSError as exc:
        try:
            is_link = stat.S_ISLNK(os.lstat(name, dir_fd=dir_fd).st_mode)
        except OSError:
            is_link = False
        if is_link:
            raise OutputError(f"{path} is a symbolic link; nothing is written through "
                              "links", expected="a folder") from None
        raise OutputError(f"cannot open the folder {path}: {exc.strerror}") from None


#: What becomes of a new file the storage refused (it is written aside and renamed on
#: success): no partial file, and a file there before kept.
NEW_FILE_LEFT = "is not written (no partial file is left; a file there before is kept)"


def raise_storage_failure(exc: OSError, name: str | os.PathLike[str]) -> NoReturn:
    """Raise the :class:`OutputError` of :func:`storage_failure` for a new file ``name``
    the storage refused; any other OSError as it is."""
    failure = storage_failure(exc, name, f"{os.fspath(name)} {NEW_FILE_LEFT}")
    if failure is None:
        raise exc
    raise failure from None


def storage_failure(exc: BaseException, name: str | os.PathLike[str],
                    left: str = "nothing of it is left") -> OutputError | None:
    """The :class:`OutputError` naming ``name`` when ``exc`` says the storage refused to
    take what was written to it (:data:`STORAGE_ERRNOS`), else None. ``left`` says what
    became of the output (the partial file removed, the earlier file kept)."""
    if not isinstance(exc, OSError) or exc.errno not in STORAGE_ERRNOS:
        return None
    reason = exc.strerror or os.strerror(exc.errno or 0)
    return OutputError(f"cannot write {os.fspath(name)}: {reason}; {left}",
                       expected="room for the output on a writable file system")
