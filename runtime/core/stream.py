"""The stream generated classes parse from: ``KaitaiStream`` with its reads in one call.

``KaitaiStream`` reads every integer, float and byte string through three Python calls
(``read_u1`` -> ``read_bytes`` -> ``align_to_byte`` and ``_read_bytes_not_aligned``) and a
one-field ``struct`` unpack; a protocol whose varints are read a byte at a time spends a
fifth of ``wirestruct state`` in that chain. :class:`ParseStream` does the same work in
one method per read: the same values, the same alignment (a byte-aligned read drops the
bits left over from a bit-sized one), the same ``EndOfStreamError`` with the same
message and counts, the same position afterwards; big-endian bit-sized reads (packed
floats in bit streams) too. Reads of 8 MiB and more, little-endian bit-sized reads,
terminated byte strings and everything else are ``KaitaiStream``'s own. Opening one
does not measure the stream's size, which only writes use; it is worked out when asked.

Generated code opens a substream for every field of a given ``size`` with the name
``KaitaiStream`` of its own module; :func:`bind` points that name of every module of a
generated package at :class:`ParseStream` (the static helpers the code also calls through
it, such as ``resolve_enum``, are inherited), so substreams read the same way. The
runtime binds each package it decodes with when it loads it.

``tests/test_stream.py`` runs random sequences of every read, bit-sized ones between
them, on random and short data through both classes and asserts equal results, errors
and stream state; the pinned ``kaitaistruct`` version is the one it proves this for.

Objects are counted as they are built. A ``repeat`` of small items turns a few bytes
into one object each (some 180 bytes of memory for 4 bytes of input), so a record that
is all items would cost about fifty times its size: bounding the bytes does not bound
the memory. :func:`bind` also wraps the ``_read`` of every generated class so that each
object built takes one from the budget of the parse in progress (:func:`counted`, which
:func:`wirestruct.core.parse.parse` opens with its ``max_objects``), and building one
beyond it raises :class:`ObjectBudgetSpent` before the object reads anything: memory stays
bounded by the budget whatever the spec repeats, without a count in the spec. Outside a
counted parse nothing is checked. A spec whose repeated items are plain numbers (a list
of ``u1``) holds one list entry per item and is not counted; the capture specs repeat
types only.
"""
from __future__ import annotations

import importlib
import pkgutil
import struct
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import BytesIO
from typing import Any

from kaitaistruct import EndOfStreamError, KaitaiStream, KaitaiStruct

#: Reads from this size on are KaitaiStream's own (it checks the size left first).
_LARGE = 8 * 1024 * 1024


def _fixed(fmt: str) -> Callable[[ParseStream], Any]:
    """The read of one ``struct`` format (a fixed-size integer or float)."""
    unpack = struct.Struct(fmt).unpack
    size = struct.calcsize(fmt)

    def read(self: ParseStream) -> Any:
        data = self._io.read(size)
        self.bits_left = 0
        self.bits = 0
        if len(data) == size:
            return unpack(data)[0]
        raise _end(size, len(data))

    read.__name__ = read.__qualname__ = f"read_{fmt}"
    return read


def _end(wanted: int, available: int) -> EndOfStreamError:
    return EndOfStreamError(f"requested {wanted} bytes, but only {available} bytes available",
                            wanted, available)


class ParseStream(KaitaiStream):
    """A ``KaitaiStream`` whose byte-aligned reads take one call (see the module doc)."""

    def __init__(self, io: Any) -> None:
        # KaitaiStream's own also seeks to the end and back to note the size, which only
        # writes use (``_size`` below works it out when asked): 0.32 us against 0.18 us,
        # for every sub-structure of a given size.
        self._io = io
        self.bits_left = 0
        self.bits = 0
        self.bits_le = False
        self.bits_write_mode = False
        self.write_back_handler = None
        self.child_streams: list[Any] = []

    @property
    def _size(self) -> int:
        try:
            return self.size()
        except (OSError, ValueError):  # not seekable: as if KaitaiStream had not set it
            raise AttributeError("_size") from None

    def read_u1(self) -> int:
        data = self._io.read(1)
        self.bits_left = 0
        self.bits = 0
        if data:
            return data[0]
        raise _end(1, 0)

    def read_bytes(self, n: int) -> bytes:
        if 0 <= n < _LARGE:
            data = self._io.read(n)
            self.bits_left = 0
            self.bits = 0
            if len(data) == n:
                return data
            raise _end(n, len(data))
        return KaitaiStream.read_bytes(self, n)

    def read_bits_int_be(self, n: int) -> int:
        self.bits_write_mode = False
        bits_needed = n - self.bits_left
        left = self.bits_left = -bits_needed % 8
        if bits_needed <= 0:
            res = self.bits >> -bits_needed
            self.bits &= (1 << left) - 1
            return res
        size = ((bits_needed - 1) >> 3) + 1
        data = self._io.read(size)
        if len(data) != size:
            raise _end(size, len(data))
        new_bits = int.from_bytes(data, "big")
        res = new_bits >> left | self.bits << bits_needed
        self.bits = new_bits & ((1 << left) - 1)
        return res

    read_s1 = _fixed("b")
    read_u2le = _fixed("<H")
    read_u4le = _fixed("<I")
    read_u8le = _fixed("<Q")
    read_s2le = _fixed("<h")
    read_s4le = _fixed("<i")
    read_s8le = _fixed("<q")
    read_u2be = _fixed(">H")
    read_u4be = _fixed(">I")
    read_u8be = _fixed(">Q")
    read_s2be = _fixed(">h")
    read_s4be = _fixed(">i")
    read_s8be = _fixed(">q")
    read_f4le = _fixed("<f")
    read_f8le = _fixed("<d")
    read_f4be = _fixed(">f")
    read_f8be = _fixed(">d")


def parse_stream(data: bytes) -> ParseStream:
    """A :class:`ParseStream` over ``data``."""
    return ParseStream(BytesIO(data))


class ObjectBudgetSpent(Exception):
    """A parse built more objects than its budget allows (see the module doc)."""

    def __init__(self, budget: int) -> None:
        super().__init__(f"more than {budget} structures in one record")
        self.budget = budget


class _Budget:
    __slots__ = ("left", "total")

    def __init__(self) -> None:
        self.left: int | None = None     #: objects the parse in progress may still build
        self.total = 0                   #: its whole budget (read only while left is not None)


_BUDGET = _Budget()


@contextmanager
def counted(max_objects: int | None) -> Iterator[None]:
    """Count the objects generated classes build inside the block against
    ``max_objects`` (None: no count). Blocks nest; the outer count resumes after."""
    budget = _BUDGET
    saved = budget.left, budget.total
    budget.left = max_objects
    budget.total = max_objects or 0
    try:
        yield
    finally:
        budget.left, budget.total = saved


def _counting(read: Callable[[Any], None]) -> Callable[[Any], None]:
    def _read(obj: Any) -> None:     # not `self`: error locations skip this frame
        budget = _BUDGET
        left = budget.left
        if left is not None:
            if left <= 0:
                raise ObjectBudgetSpent(budget.total)
            budget.left = left - 1
        read(obj)

    _read.__wrapped__ = read  # type: ignore[attr-defined]
    _read.__qualname__ = getattr(read, "__qualname__", "_read")
    return _read


def _classes(owner: Any) -> Iterator[type[KaitaiStruct]]:
    """The generated classes defined in a module or class, nested ones included."""
    for value in vars(owner).values():
        if isinstance(value, type) and issubclass(value, KaitaiStruct) and \
                value.__module__ == getattr(owner, "__module__", getattr(owner, "__name__", None)):
            yield value
            yield from _classes(value)


def bind(package: str) -> None:
    """Every module of the generated ``package`` (``wirestruct.generated.<folder>``) opens its
    substreams as :class:`ParseStream`, and every class counts the objects it builds (see
    the module doc)."""
    found = importlib.import_module(package)
    for info in pkgutil.iter_modules(found.__path__):
        module = importlib.import_module(f"{package}.{info.name}")
        if getattr(module, "KaitaiStream", None) is KaitaiStream:
            # the generated module's own import, which mypy does not read
            module.KaitaiStream = ParseStream  # type: ignore[attr-defined]
        for cls in _classes(module):
            read = vars(cls).get("_read")
            if read is not None and not hasattr(read, "__wrapped__"):
                cls._read = _counting(read)
