"""Lists in Scrap Mechanic bodies counted before the generated parser builds them.

02 Server Info declares how many mods, script keys and generic keys follow (be u32 each),
06 File Checksums how many checksums, 32 Container Transaction how many transactions; the
BlobData entries of 11, 13 and 25-28 run to the end of the body. The generated classes
build one object per entry until the count or the bytes run out, so a 16 MiB body of
small entries would make hundreds of thousands of objects. :func:`count_items` walks
those lists on the raw (expanded) body first, without building anything, and refuses a
body whose entries exceed the item budget of its packet (``limits.max_items_per_packet``,
shared with sub-packets and sub-updates) or whose count could not fit in the bytes left;
it returns the number of entries, which the decoder takes from the budget.

Where the walk runs out of bytes before a list ends it stops: the parser then reports the
cut exactly, and it cannot build more entries than the bytes hold.
``tests/scrap_mechanic/test_sm_counts.py`` holds the walk equal to the specs' parse.
"""
from __future__ import annotations

from collections.abc import Callable

from wirestruct.core.errors import DecodeError, LimitExceededError

SERVER_INFO, FILE_CHECKSUMS, CONTAINER_TRANSACTION = 0x02, 0x06, 0x20
#: Packets whose body is BlobData entries until its end, and where they start (after the
#: Game Tick, which 26 and 28 do not have).
BLOB_START = {0x0B: 4, 0x0D: 4, 0x19: 4, 0x1A: 0, 0x1B: 4, 0x1C: 0}

#: Bytes of one 02 ModData (File ID u64, UUID) and of one GenericData (UUID, u16 Size,
#: u32 Key); bytes of one 06 checksum; the least of one BlobData (Uid, Key Size, World ID,
#: Flags, Data Size: 25 bytes, and the key and data).
MOD_SIZE = 24
KEY_SIZE = 22
CHECKSUM_SIZE = 4
#: Bytes of the smallest 32 transaction: an Action and Move All's two container ids.
TRANSACTION_MIN = 9
BLOB_MIN = 25


def _u32(body: bytes, pos: int) -> int:
    return int.from_bytes(body[pos:pos + 4], "big")


def _u16(body: bytes, pos: int) -> int:
    return int.from_bytes(body[pos:pos + 2], "big")


class _Walk:
    def __init__(self, body: bytes, budget: int) -> None:
        self.body = body
        self.budget = budget
        self.used = 0

    def take(self, count: int, name: str, pos: int, least: int, start: int) -> None:
        """Check a declared ``count`` of ``name`` entries (declared at ``pos``, entries from
        ``start``, each at least ``least`` bytes)."""
        if self.used + count > self.budget:
            raise LimitExceededError(
                f"{count} {name} declared (with {self.used} items before them)", offset=pos,
                expected=f"at most {self.budget} items in one packet (max_items_per_packet)",
                field_path=f"num_{name}", dropped=len(self.body) - pos)
        left = len(self.body) - start
        if count * least > left:
            raise DecodeError(
                f"{count} {name} declared but only {left} bytes follow", offset=pos,
                expected=f"at least {count * least} bytes", field_path=f"num_{name}",
                dropped=len(self.body) - pos)
        self.used += count

    def keys(self, pos: int, name: str) -> int | None:
        """A count and its GenericData entries at ``pos``: their end, None when cut."""
        if pos + 4 > len(self.body):
            return None
        count = _u32(self.body, pos)
        self.take(count, name, pos, KEY_SIZE, pos + 4)
        return pos + 4 + count * KEY_SIZE


def _server_info(walk: _Walk) -> None:
    body = walk.body
    if len(body) < 20:
        return
    count = _u32(body, 16)
    walk.take(count, "mods", 16, MOD_SIZE, 20)
    pos = 20 + count * MOD_SIZE
    if pos + 2 > len(body):
        return
    pos += 2 + _u16(body, pos)                            # Game Data: a String
    end = walk.keys(pos, "script_keys")
    if end is not None:
        walk.keys(end, "generic_keys")


def _file_checksums(walk: _Walk) -> None:
    if len(walk.body) >= 4:
        walk.take(_u32(walk.body, 0), "checksums", 0, CHECKSUM_SIZE, 4)


def _transactions(walk: _Walk) -> None:
    if len(walk.body) >= 4:
        walk.take(_u32(walk.body, 0), "transactions", 0, TRANSACTION_MIN, 4)


def _blobs(walk: _Walk, start: int) -> None:
    body = walk.body
    pos, total, n = start, len(body), 0
    while pos + BLOB_MIN <= total:
        if walk.used >= walk.budget:
            raise LimitExceededError(
                "too many BlobData entries in one packet", offset=pos,
                expected=f"at most {walk.budget} items in one packet (max_items_per_packet)",
                field_path=f"blobs[{n}]", dropped=total - pos)
        key_end = pos + 18 + _u16(body, pos + 16)
        if key_end + 7 > total:
            return
        pos = key_end + 7 + _u32(body, key_end + 3)
        walk.used += 1
        n += 1


def _blobs_from(start: int) -> Callable[[_Walk], None]:
    def walk(walker: _Walk) -> None:
        _blobs(walker, start)
    return walk


_WALKS: dict[int, Callable[[_Walk], None]] = {
    SERVER_INFO: _server_info,
    FILE_CHECKSUMS: _file_checksums,
    CONTAINER_TRANSACTION: _transactions,
    **{pid: _blobs_from(start) for pid, start in BLOB_START.items()},
}

#: Packets with lists to count.
COUNTED = frozenset(_WALKS)


def count_items(packet_id: int, body: bytes, budget: int) -> int:
    """The entries of the lists of an expanded body of ``packet_id`` (0 for packets with
    none), checked against ``budget`` and the bytes there are (see the module doc)."""
    walk_of = _WALKS.get(packet_id)
    if walk_of is None:
        return 0
    walk = _Walk(body, budget)
    walk_of(walk)
    return walk.used
