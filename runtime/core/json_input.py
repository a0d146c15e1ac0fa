"""JSON read within budgets: every JSON document wirestruct reads from a file or a user
(JSON Lines captures, ``encode`` input, batch manifests, export indexes) goes through here.

JSON is small per byte and huge as objects: a line of ``[{"a":{}},...`` costs about 25
bytes of memory per byte of text, a line of nested arrays 40. So a document is measured
before it is parsed, against three limits of :class:`~wirestruct.core.limits.Limits`:

* ``max_json_bytes`` - its length; a longer line is skipped in pieces, never held whole;
* ``max_json_values`` - the values it holds (objects, arrays, keys, strings, numbers ...),
  counted from the commas, colons and brackets outside its strings;
* ``max_json_depth`` - how deeply its arrays and objects nest (the readers of events
  recurse into them).

Counting is linear and runs in C: the structural characters are counted over the whole
text first (an upper bound, as strings may hold them too); only when that bound is over a
budget are the strings cut out (``"[^"]*"`` once escapes are removed) and the count made
exact, and the depth taken from the brackets alone. A document over a budget is a
:class:`~wirestruct.core.errors.LimitExceededError` naming the limit; one that is not JSON
a ``ValueError``: the caller names the file and line.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any, Protocol

import orjson
from wirestruct.core.errors import LimitExceededError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits

#: A string once its escapes are gone (what is left of ``\\`` and ``\"`` pairs).
_STRING = re.compile(rb'"[^"]*"')
#: Every byte but the brackets, deleted to measure the nesting.
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def parse(data: bytes | str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """One JSON document, checked against the budgets before it is parsed. Raises
    :class:`LimitExceededError` (a budget) or ``ValueError`` (not JSON). What orjson
    refuses but the standard library reads (integers beyond 64 bits, ``NaN``, numbers
    beyond a double's range, lone surrogates) is read as the standard library reads it,
    for the caller to judge (and refuse by field, with a clearer message)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    check(data, limits)
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        pass
    try:
        return json.loads(data)
    except RecursionError:     # pragma: no cover - the depth budget is far below the stack
        raise ValueError("JSON nested too deep") from None


def check(data: bytes, limits: Limits = DEFAULT_LIMITS) -> None:
    """Raise :class:`LimitExceededError` when ``data`` is over a JSON budget."""
    size = len(data)
    if size > limits.max_json_bytes:
        raise LimitExceededError(
            f"JSON text of {size} bytes", dropped=size,
            expected=f"at most {limits.max_json_bytes} bytes (limit max_json_bytes)")
    opens = data.count(b"[") + data.count(b"{")
    values = 1 + opens + data.count(b",") + data.count(b":")
    if values <= limits.max_json_values and opens <= limits.max_json_depth:
        return
    values, brackets = 1, bytearray()
    for piece in _outside_strings(data):
        opens = piece.count(b"[") + piece.count(b"{")
        values += opens + piece.count(b",") + piece.count(b":")
        if values > limits.max_json_values:
            raise LimitExceededError(
                f"JSON text of more than {limits.max_json_values} values", dropped=size,
                expected=f"at most {limits.max_json_values} values (limit max_json_values)")
        if opens:
            brackets += piece.translate(None, _NOT_BRACKETS)
    if len(brackets) > limits.max_json_depth:
        depth = nesting(bytes(brackets))
        if depth > limits.max_json_depth:
            raise LimitExceededError(
                f"JSON text nested {depth} levels deep", dropped=size,
                expected=f"at most {limits.max_json_depth} levels (limit max_json_depth)")


#: Bytes of JSON text taken at a time to cut its strings out: what cutting holds at once
#: is a small multiple of it, however many strings the text has.
_PIECE = 1 << 16


def _outside_strings(data: bytes) -> Iterator[bytes]:
    """The text of ``data`` outside its strings, in pieces. In valid JSON a backslash is
    only ever inside a string, where it starts a two-character escape: removing the
    ``\\\\`` pairs, then the ``\\"`` ones, left to right, leaves exactly the quotes that
    delimit strings; a piece never ends inside a run of backslashes or just after one,
    so each piece's escapes are whole."""
    inside = False
    start, size = 0, len(data)
    while start < size:
        end = min(start + _PIECE, size)
        while end < size and data[end - 1] == 0x5C:       # a backslash: take what it escapes
            end += 1
        piece = data[start:end]
        start = end
        if b"\\" in piece:
            piece = piece.replace(b"\\\\", b"").replace(b'\\"', b"")
        if inside:
            quote = piece.find(b'"')
            if quote < 0:
                continue
            piece, inside = piece[quote + 1:], False
        if piece.count(b'"') % 2:                          # ends inside a string
            piece, inside = piece[:piece.rindex(b'"')], True
        yield _STRING.sub(b"", piece)


def nesting(structure: bytes) -> int:
    """How deeply the brackets of ``structure`` (JSON without its strings) nest."""
    import numpy as np

    brackets = np.frombuffer(structure.translate(None, _NOT_BRACKETS), dtype=np.uint8)
    if not len(brackets):
        return 0
    steps = np.where((brackets == ord("[")) | (brackets == ord("{")), 1, -1).astype(np.int32)
    return int(np.cumsum(steps).max())


class LineReader(Protocol):
    """A binary stream read a line at a time (a binary file, or a capture's source)."""

    def readline(self, limit: int = ..., /) -> bytes: ...


def read_lines(stream: LineReader, most: int) -> Iterator[tuple[int, bytes | None, int]]:
    """The lines of ``stream`` as ``(line number, line, length)``; a line longer than
    ``most`` bytes (``max_json_bytes``, or less) comes as ``(number, None, length)``, read
    past in pieces and never held whole. Lines keep their end of line; blank lines come
    too."""
    number = 0
    while True:
        line = stream.readline(most + 1)
        if not line:
            return
        number += 1
        if len(line) > most and not line.endswith(b"\n"):
            size = len(line)
            line = b""
            while True:
                piece = stream.readline(1 << 20)
                size += len(piece)
                if not piece or piece.endswith(b"\n"):
                    break
            yield number, None, size
            continue
        yield number, line, len(line)


_READ_FILE = os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def read_file(path: str | os.PathLike[str], limits: Limits = DEFAULT_LIMITS, *,
              dir_fd: int | None = None) -> Any:
    """The JSON document in the file ``path`` (relative to ``dir_fd`` when given), opened
    without following a symbolic link at its name and read no further than
    ``max_json_bytes``. Raises OSError, :class:`LimitExceededError` or ValueError."""
    fd = os.open(path, _READ_FILE, dir_fd=dir_fd)
    with os.fdopen(fd, "rb") as src:
        data = src.read(limits.max_json_bytes + 1)
    return parse(data, limits)
