"""Hostile captures for the message protocols, built as real packets (real LZ4 blocks made
with python-lz4): bodies that expand to millions of items, counts that lie, nesting.

Used by ``tests/test_hostile_messages.py`` and ``benchmarks/bench_attacks.py``.
"""
from __future__ import annotations

import json
import struct
from collections.abc import Callable

import lz4.block

S2C = "s2c"

# -- Scrap Mechanic -------------------------------------------------------------------------


def sm_lz4(packet_id: int, body: bytes) -> bytes:
    """A packet sent on its own: id byte, then the body as one raw LZ4 block."""
    return bytes([packet_id]) + lz4.block.compress(body, store_size=False)


def sm_raw_update(data: bytes) -> bytes:
    return struct.pack(">H", len(data) + 2) + data


def sm_remove(netobj_id: int, netobj_type: int = 0) -> bytes:
    """Remove update data (5 bytes): update type 5, NetObj type, id."""
    return bytes([(5 << 5) | netobj_type]) + struct.pack(">I", netobj_id)


def sm_create_static(netobj_id: int) -> bytes:
    """Create of a static RigidBody (controller type 1): 6 + 30 bytes."""
    return (bytes([(1 << 5) | 0, 1]) + struct.pack(">I", netobj_id)
            + struct.pack(">H", 7) + struct.pack(">7f", 1, 0, 0, 0, 1.5, 2.5, 3.5))


def sm_update_joint(netobj_id: int) -> bytes:
    """UpdateJoint data (5 + 44 bytes): one of the largest documented parsed updates."""
    return (bytes([(3 << 5) | 2]) + struct.pack(">I", netobj_id) + struct.pack(">H", 3)
            + struct.pack(">II", 10, 11) + struct.pack(">6i", 1, 2, 3, 4, 5, 6)
            + b"\x45\x67" + struct.pack(">I", 0xFF00FF00))


def sm_container_create(netobj_id: int, slots: int = 1480) -> bytes:
    """Create of a Container with ``slots`` items (22 bytes each) and no filters."""
    return (bytes([(1 << 5) | 4, 0]) + struct.pack(">IHH", netobj_id, slots, 1)
            + (b"\x11" * 16 + struct.pack(">IH", 0, 1)) * slots + b"\0\0")


def sm_update_body(sub_updates: bytes, tick: int = 1) -> bytes:
    return struct.pack(">I", tick) + sub_updates


def sm_sub_update_bomb(n: int = (16 * 1024 * 1024 - 4) // 7) -> bytes:
    """22 Network Update whose LZ4 body expands to ``n`` 7-byte sub-updates (Removes)."""
    return sm_lz4(22, sm_update_body(sm_raw_update(sm_remove(7)) * n))


def sm_p_joint(netobj_id: int) -> bytes:
    """P update of a Joint (5 bytes, no data)."""
    return bytes([(2 << 5) | 2]) + struct.pack(">I", netobj_id)


def sm_delta_chain(n: int) -> bytes:
    """22 Network Update: one raw P (Joint 1), then ``n`` 2-byte deltas each setting the
    last id byte to 0x42 (P of Joint 0x42)."""
    one = sm_raw_update(sm_p_joint(1))
    # previous size 5 -> bitfield of 1 byte; bit i set keeps byte i; 0x80 flag plus bits 0..3.
    delta = bytes([0x80 | 0x0F, 0x42])
    return sm_lz4(22, sm_update_body(one + delta * n))


def sm_compound_body(subpackets: list[tuple[int, bytes]]) -> bytes:
    return b"".join(struct.pack(">I", len(body) + 1) + bytes([pid]) + body
                    for pid, body in subpackets)


def sm_compound_bomb(n: int = 16 * 1024 * 1024 // 5) -> bytes:
    """29 Compound whose LZ4 body expands to ``n`` 5-byte sub-packets (size 1, id 30)."""
    return sm_lz4(29, struct.pack(">IB", 1, 30) * n)


def sm_compound_nest(levels: int, inner: bytes) -> bytes:
    """``inner`` (an uncompressed sub-packet: id + body) inside ``levels`` compounds."""
    for _ in range(levels - 1):
        inner = bytes([29]) + struct.pack(">I", len(inner)) + inner
    return bytes([29]) + lz4.block.compress(struct.pack(">I", len(inner)) + inner,
                                            store_size=False)


def sm_blob(uid: bytes, data: bytes, key: bytes = b"\x01\x00\x00\x00",
            compressed: bool = True) -> bytes:
    """One BlobData: uid, key, world 1, flags 7, the data as one raw LZ4 block."""
    block = lz4.block.compress(data, store_size=False) if compressed else data
    return (uid + struct.pack(">H", len(key)) + key + struct.pack(">HBI", 1, 7, len(block))
            + block)


#: The Terrain Data uid (its payload is a Lua object), in text order.
SM_TERRAIN_UID = bytes.fromhex("61aa13d7e7154153a2694d338c0c5bd4")


def sm_lua_nested(levels: int) -> bytes:
    """A Lua object: arrays of one element nested ``levels`` deep around an Int8."""
    # Each array: type 5, count 1, Is Array, offset 1 (73 bits): written as bits.
    bits = "".join("00000101" + format(1, "032b") + "1" + format(1, "032b")
                   for _ in range(levels)) + "00001000" + "00000001"
    bits += "0" * (-len(bits) % 8)
    return b"LUA" + struct.pack(">I", 1) + int(bits, 2).to_bytes(len(bits) // 8, "big")


def sm_lua_count_bomb(n: int) -> bytes:
    """A Lua object: an array table of ``n`` Int8 zeros (16 bits each). The elements start
    one bit into a byte (after Is Array and Offset: 73 bits), so each adds the bytes
    ``04 00`` after the first, whose bits share a byte with the offset's last bit."""
    head = struct.pack(">BI", 5, n) + bytes.fromhex("800000008400")
    return b"LUA" + struct.pack(">I", 1) + head + bytes.fromhex("0400") * (n - 1) + b"\x00"


def sm_script_init(*blobs: bytes, tick: int = 1) -> bytes:
    """11 Script Initialization Data sent on its own (LZ4 body)."""
    return sm_lz4(0x0B, struct.pack(">I", tick) + b"".join(blobs))


def sm_lua_depth_bomb(levels: int = 100_000) -> bytes:
    return sm_script_init(sm_blob(SM_TERRAIN_UID, sm_lua_nested(levels)))


def sm_lua_value_bomb(n: int = (15 * 1024 * 1024) // 2) -> bytes:
    """11 whose Terrain Data expands to a Lua array of millions of values."""
    return sm_script_init(sm_blob(SM_TERRAIN_UID, sm_lua_count_bomb(n)))


def sm_blob_bomb(n: int = 16 * 1024 * 1024 // 26) -> bytes:
    """25 Script Data whose body is ``n`` BlobData entries (26 bytes each, one-byte data)."""
    entry = b"\x11" * 16 + struct.pack(">H", 0) + struct.pack(">HBI", 1, 7, 1) + b"\x00"
    return sm_lz4(0x19, struct.pack(">I", 1) + entry * n)


def sm_blueprint(lift_id: int, blueprint: bytes, declared: int | None = None) -> bytes:
    """45 Lift Import Creation; ``declared`` the Uncompressed Size it states."""
    block = lz4.block.compress(blueprint, store_size=False)
    size = len(blueprint) if declared is None else declared
    return sm_lz4(0x2D, struct.pack(">III", lift_id, size, len(block)) + block)


# -- diep.io --------------------------------------------------------------------------------


def vu(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def diep_update(deletions: list[int], upcreates: bytes = b"", n_upcreates: int = 0,
                tick: int = 1, num_deletions: int | None = None) -> bytes:
    """0x00 update; entity ids with hash 0 are one byte each."""
    count = len(deletions) if num_deletions is None else num_deletions
    return (b"\x00" + vu(tick) + vu(count) + b"".join(vu(h) + (vu(1) if h else b"")
                                                      for h in deletions)
            + vu(n_upcreates) + upcreates)


def diep_compressed(inner: bytes, declared: int | None = None) -> bytes:
    size = len(inner) if declared is None else declared
    return b"\x02" + struct.pack("<I", size) + lz4.block.compress(inner, store_size=False)


def diep_deletion_bomb(n: int = 16 * 1024 * 1024 - 16) -> bytes:
    """0x02 whose block expands to a 0x00 update with ``n`` one-byte (hash 0) deletions."""
    body = b"\x00" + vu(1) + vu(n) + b"\x00" * n + vu(0)
    return diep_compressed(body)


def diep_full_creation(entity_id: int) -> bytes:
    """A creation with all 15 field groups, every field of the bundled build set."""
    from diep_wire import Writer
    from wirestruct.protocols.diep.builds import load_build

    w = Writer().vu(1).vu(entity_id).u8(1)
    prev = -1
    for gid in range(15):
        w.jump(gid, prev)
        prev = gid
    w.u8(1)
    sample = {"vu": 3, "vi": -5, "float": 1.5, "float64Precision": 2.0,
              "stringNT": "x", "entid": {"hash": 1, "id": 2}}
    for f in load_build(None).fields:
        for _ in range(f.length or 1):
            w.value(f.type, sample[f.type])
    return w.bytes()


def diep_creation_bomb(n: int = 1024) -> bytes:
    """0x02 wrapping a 0x00 update of ``n`` full creations (distinct ids)."""
    body = b"".join(diep_full_creation(i + 1) for i in range(n))
    return diep_compressed(b"\x00" + vu(1) + vu(0) + vu(n) + body)


def diep_upcreate_count_lie(count: int = 1 << 31) -> bytes:
    """0x00 update declaring ``count`` upcreates with a few bytes after it."""
    return b"\x00" + vu(1) + vu(0) + vu(count) + b"\x00" * 8


# -- captures -------------------------------------------------------------------------------


def jsonl(packets: list[bytes], direction: str = S2C) -> str:
    return "".join(json.dumps({"t": 1700000000.0 + i * 0.01, "dir": direction,
                               "data": p.hex()}) + "\n" for i, p in enumerate(packets))


#: name -> (protocol, packets). Each attack is followed by a harmless packet.
ATTACKS: dict[str, tuple[str, Callable[[], list[bytes]]]] = {
    "sm-sub-update-bomb": ("scrap-mechanic", lambda: [
        sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(1)))),
        sm_sub_update_bomb(),
        sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(2)), tick=2))]),
    "sm-joint-update-bomb": ("scrap-mechanic", lambda: [
        sm_lz4(22, sm_update_body(sm_raw_update(sm_update_joint(3)) * ((16 << 20) // 51)))]),
    "sm-container-bomb": ("scrap-mechanic", lambda: [
        sm_lz4(22, sm_update_body(sm_raw_update(sm_container_create(5)) * 510))]),
    "sm-compound-bomb": ("scrap-mechanic", lambda: [
        sm_compound_bomb(),
        sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(2)), tick=2))]),
    "sm-delta-chain": ("scrap-mechanic", lambda: [sm_delta_chain(8 * 1024 * 1024 - 8)]),
    "sm-lua-depth-bomb": ("scrap-mechanic", lambda: [
        sm_lua_depth_bomb(), sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(2))))]),
    "sm-lua-value-bomb": ("scrap-mechanic", lambda: [
        sm_lua_value_bomb(), sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(2))))]),
    "sm-blob-bomb": ("scrap-mechanic", lambda: [
        sm_blob_bomb(), sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(2))))]),
    "sm-blob-payload-bomb": ("scrap-mechanic", lambda: [
        sm_script_init(*[sm_blob(b"\x22" * 16, b"\x00" * (8 * 1024 * 1024))] * 4),
        sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(2))))]),
    "diep-deletion-bomb": ("diep", lambda: [diep_deletion_bomb(),
                                            diep_update([], tick=2)]),
    "diep-creation-bomb": ("diep", lambda: [diep_creation_bomb(), diep_update([], tick=2)]),
    "diep-count-lie": ("diep", lambda: [diep_upcreate_count_lie(),
                                        diep_update([], tick=2)]),
}
