"""Counts in diep.io packets checked before the generated parser builds anything.

The 0x00 update declares how many deletions and upcreates follow, and 0x08 how many
achievement hashes; the generated classes build one object per declared item (``repeat:
expr``) until the bytes run out. :func:`check_counts` reads those counts from the raw
packet first and refuses a packet whose counts exceed ``limits.max_items_per_packet`` (all
lists of the packet together), whose upcreates exceed ``limits.max_entities_per_packet`` (a
creation can carry ~70 fields), or whose items could not fit in the bytes left (every
deletion and hash takes at least one byte, every upcreate at least two), so a packet costs
memory in proportion to the limits, never to what it claims.
"""
from __future__ import annotations

from wirestruct.core.errors import DecodeError, LimitExceededError
from wirestruct.core.limits import Limits

UPDATE = 0x00
ACHIEVEMENT = 0x08

#: Fewest bytes one item of each list takes on the wire.
MIN_BYTES = {"deletions": 1, "upcreates": 2, "hashes": 1}


def read_vu(data: bytes, pos: int, field: str) -> tuple[int, int]:
    """One varuint32 at ``data[pos:]``: (value, end)."""
    value = shift = 0
    for i in range(pos, min(pos + 5, len(data))):
        byte = data[i]
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value & 0xFFFFFFFF, i + 1
        shift += 7
    raise DecodeError(f"varuint {field} cut off or longer than 5 bytes", offset=pos,
                      expected="a varuint32 of 1 to 5 bytes", field_path=field)


def skip_entid(data: bytes, pos: int, field: str) -> int:
    """The end of the entity reference at ``data[pos:]`` (``vu`` hash, ``vu`` id if hash)."""
    hash_, pos = read_vu(data, pos, field)
    if hash_:
        _, pos = read_vu(data, pos, field)
    return pos


def _check(count: int, name: str, used: int, data: bytes, pos: int, count_pos: int,
           limits: Limits) -> None:
    limit = limits.max_items_per_packet
    if name == "upcreates" and count > limits.max_entities_per_packet:
        raise LimitExceededError(
            f"{count} upcreates declared", offset=count_pos,
            expected=f"at most {limits.max_entities_per_packet} entities in one packet",
            field_path="body.num_upcreates", dropped=len(data))
    if used + count > limit:
        raise LimitExceededError(
            f"{count} {name} declared (with {used} items before them)", offset=count_pos,
            expected=f"at most {limit} items in one packet", field_path=f"body.num_{name}",
            dropped=len(data))
    need = count * MIN_BYTES[name]
    if need > len(data) - pos:
        raise DecodeError(
            f"{count} {name} declared but only {len(data) - pos} bytes follow",
            offset=count_pos, expected=f"at least {need} bytes", field_path=f"body.num_{name}",
            dropped=len(data))


def check_counts(data: bytes, limits: Limits) -> int:
    """Check the declared list counts of one clientbound packet (its header byte first);
    returns the number of items declared. Raises LimitExceededError or DecodeError (with
    the count's offset and ``dropped`` = the packet's bytes) when a count cannot be right."""
    packet_id = data[0]
    if packet_id == ACHIEVEMENT:
        count, pos = read_vu(data, 1, "body.num_hashes")
        _check(count, "hashes", 0, data, pos, 1, limits)
        return count
    if packet_id != UPDATE:
        return 0
    _, pos = read_vu(data, 1, "body.tick")
    count_pos = pos
    deletions, pos = read_vu(data, pos, "body.num_deletions")
    _check(deletions, "deletions", 0, data, pos, count_pos, limits)
    for i in range(deletions):
        pos = skip_entid(data, pos, f"body.deletions[{i}]")
    count_pos = pos
    upcreates, pos = read_vu(data, pos, "body.num_upcreates")
    _check(upcreates, "upcreates", deletions, data, pos, count_pos, limits)
    return deletions + upcreates
