"""Body specs: 24 Unreliable Update (incl. the bit-stream character), 29 Compound, 30 Player
Movement, the expanded 21/22 body and the packet spec; bytes built from the tables."""
import math
import struct

import pytest
from sm_testlib import bits, f4, float_bits, parse_all, u
from wirestruct.core.errors import ParseError
from wirestruct.core.parse import parse
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.generated.scrap_mechanic.sm_compound_body import SmCompoundBody
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate
from wirestruct.generated.scrap_mechanic.sm_network_update_body import SmNetworkUpdateBody
from wirestruct.generated.scrap_mechanic.sm_packet import SmPacket
from wirestruct.generated.scrap_mechanic.sm_player_movement import SmPlayerMovement
from wirestruct.generated.scrap_mechanic.sm_unreliable_update import SmUnreliableUpdate as U

NT = SmCommon.NetobjType


def rigid_body_entry(body_id, quat, pos, vel, ang, awake, revision) -> bytes:
    data = struct.pack(">I", body_id) + f4(*quat) + f4(*pos) + f4(*vel) + f4(*ang) \
        + bytes([(0x80 if awake else 0) | revision])
    assert len(data) == 0x39  # Is Awake / Revision at 0x38
    return bytes([len(data) + 2, 0]) + data


def vec(v):
    return (v.x.value, v.y.value, v.z.value)


def test_unreliable_rigid_body_and_controller():
    entries = rigid_body_entry(0x102, (0.0, 0.0, 0.0, 1.0), (1.0, 2.0, 3.0), (0.5, 0.0, 0.0),
                               (0.0, 0.0, -0.125), True, 5) \
        + bytes([2 + 4 + 3, 3]) + struct.pack(">I", 0x77) + b"\x01\x02\x03"
    body = struct.pack(">IIB", 1000, 998, 2) + entries
    obj = parse_all(U, body)
    assert (obj.server_tick, obj.current_tick, obj.num_updates) == (1000, 998, 2)
    rb = obj.updates[0]
    assert rb.len_update == 59 and rb.netobj_type == NT.rigid_body
    d = rb.data
    assert d.body_id == 0x102
    assert (d.rotation.x, d.rotation.y, d.rotation.z, d.rotation.w) == (0.0, 0.0, 0.0, 1.0)
    assert (d.position.x, d.position.y, d.position.z) == (1.0, 2.0, 3.0)
    assert (d.velocity.x, d.velocity.y, d.velocity.z) == (0.5, 0.0, 0.0)
    assert (d.angular_velocity.x, d.angular_velocity.y, d.angular_velocity.z) == (0.0, 0.0, -0.125)
    assert d.is_awake is True and d.revision == 5
    assert d._io.is_eof()
    ctl = obj.updates[1]
    assert ctl.netobj_type == NT.controller
    assert ctl.data.interactable_id == 0x77 and ctl.data.data == b"\x01\x02\x03"


def test_unreliable_revision_is_seven_bits_after_awake_bit():
    entry = rigid_body_entry(1, (0.0,) * 4, (0.0,) * 3, (0.0,) * 3, (0.0,) * 3, False, 127)
    d = parse_all(U, struct.pack(">IIB", 1, 1, 1) + entry).updates[0].data
    assert d.is_awake is False and d.revision == 127


def test_unreliable_character_not_tumbling_bit_stream():
    # Character ID 32 bits, Is Tumbling 0, Keys (aim + horizontal + jump = 0x15),
    # Direction 64, Yaw 200, Pitch 128, then the position floats, all one bit late.
    data = bits(u(0x601, 32), "0", u(0x15, 8), u(64, 8), u(200, 8), u(128, 8),
                float_bits(1.5), float_bits(-2.25), float_bits(100.0))
    assert len(data) == 21  # 161 bits + 7 padding bits
    body = struct.pack(">IIB", 5, 5, 1) + bytes([len(data) + 2, 6]) + data
    c = parse_all(U, body).updates[0].data
    assert c._io.is_eof()
    assert c.character_id == 0x601 and c.is_tumbling is False
    assert (c.keys_unknown, c.keys_aiming, c.keys_sprint, c.keys_horizontal, c.keys_crawl,
            c.keys_jump) == (0, True, False, True, False, True)
    assert c.keys == 0x15 == SmCommon.MovementKey.aim | SmCommon.MovementKey.horizontal \
        | SmCommon.MovementKey.jump
    assert (c.direction, c.yaw, c.pitch) == (64, 200, 128)
    assert vec(c.position) == (1.5, -2.25, 100.0)
    assert c.position_x_bits == 0x3FC00000
    assert not hasattr(c, "rotation")


def test_unreliable_character_tumbling_bit_stream():
    quat = (0.5, -0.5, 0.5, 0.5)
    pos, vel, ang = (10.0, -20.0, 0.75), (1.0, 0.0, -3.5), (0.0, 0.125, 0.0)
    data = bits(u(0x602, 32), "1", *(float_bits(v) for v in quat + pos + vel + ang))
    assert len(data) == 57  # rotation at bit 0x21, position 0xa1, ..., ends at 0x1c1
    body = struct.pack(">IIB", 6, 6, 1) + bytes([len(data) + 2, 6]) + data
    c = parse_all(U, body).updates[0].data
    assert c.is_tumbling is True
    r = c.rotation
    assert (r.x.value, r.y.value, r.z.value, r.w.value) == quat
    assert vec(c.position) == pos
    assert vec(c.velocity) == vel
    assert vec(c.angular_velocity) == ang
    assert not hasattr(c, "keys_jump")


@pytest.mark.parametrize("value", [0.0, -0.0, 1e-45, -3.4028234663852886e38, 0.1, math.inf,
                                   -math.inf])
def test_float_from_bits_is_exact(value):
    data = bits(u(1, 32), "0", u(0, 32), float_bits(value), float_bits(0.0), float_bits(0.0))
    body = struct.pack(">IIB", 0, 0, 1) + bytes([len(data) + 2, 6]) + data
    x = parse_all(U, body).updates[0].data.position.x.value
    expected = struct.unpack(">f", struct.pack(">f", value))[0]
    assert x == expected and math.copysign(1, x) == math.copysign(1, expected)


def test_float_from_bits_nan():
    data = bits(u(1, 32), "0", u(0, 32), u(0x7FC00000, 32), float_bits(0.0), float_bits(0.0))
    body = struct.pack(">IIB", 0, 0, 1) + bytes([len(data) + 2, 6]) + data
    assert math.isnan(parse_all(U, body).updates[0].data.position.x.value)


def test_unreliable_other_netobj_types_stay_bytes():
    body = struct.pack(">IIB", 0, 0, 1) + bytes([5, 1]) + b"\x01\x02\x03"
    obj = parse_all(U, body)
    assert obj.updates[0].netobj_type == NT.child_shape
    assert obj.updates[0].data == b"\x01\x02\x03"


def test_compound_body():
    sub22 = struct.pack(">I", 42)                 # a 22 body with no sub-updates
    sub24 = struct.pack(">IIB", 42, 41, 0)
    body = struct.pack(">I", 1 + len(sub22)) + b"\x16" + sub22 \
        + struct.pack(">I", 1 + len(sub24)) + b"\x18" + sub24
    obj = parse_all(SmCompoundBody, body)
    assert [(s.len_subpacket, s.packet_id, s.body) for s in obj.subpackets] == [
        (5, SmCommon.PacketId.network_update, sub22),
        (10, SmCommon.PacketId.unreliable_update, sub24)]


def test_player_movement():
    body = struct.pack(">I", 0x01020304) + bytes([0x0C, 96, 10, 64])
    obj = parse_all(SmPlayerMovement, body)
    assert obj.tick == 0x01020304
    k = obj.keys
    assert (k.reserved, k.aim, k.sprint, k.horizontal, k.crawl, k.jump) == \
        (0, False, True, True, False, False)
    assert k.value == 0x0C
    assert (obj.direction, obj.yaw, obj.pitch) == (96, 10, 64)


@pytest.mark.parametrize("keys", [0x80, 0x40, 0x20, 0xFF])
def test_player_movement_reserved_key_bits_must_be_low(keys):
    """Bits 7..5 of Keys are guaranteed unused: a set one is reported at the field."""
    body = struct.pack(">I", 7) + bytes([keys, 0, 0, 0])
    with pytest.raises(ParseError) as info:
        parse(SmPlayerMovement, body, packet_name="player_movement")
    assert info.value.where.field_path == "SmPlayerMovement.keys.reserved"
    assert (info.value.message, info.value.expected) == (f"invalid value {keys >> 5}", "0")


def test_expanded_network_update_body_recovers_controller_types_from_size():
    create = bytes([0x21, 31]) + struct.pack(">I", 0x201)
    update = bytes([0x60]) + struct.pack(">I", 0x102) + bytes([0, 9])   # dynamic: 2 bytes
    body = struct.pack(">I", 77) + struct.pack(">H", len(create) + 2) + create \
        + struct.pack(">H", len(update) + 2) + update
    obj = parse_all(SmNetworkUpdateBody, body)
    assert obj.tick == 77
    first, second = obj.sub_updates
    assert first.len_update == 8 and first.data.child_shape_type == SmNetworkUpdate.ChildShapeType.block
    assert second.data.controller_type_source == SmNetworkUpdate.ControllerTypeSource.inferred_from_size
    assert second.data.data.body.body.revision == 9


def test_packet_spec_keeps_body_bytes():
    obj = parse_all(SmPacket, b"\x16\xf0\x01\x02")
    assert obj.packet_id == SmCommon.PacketId.network_update
    assert obj.body == b"\xf0\x01\x02"
    unknown = parse_all(SmPacket, b"\x0c")              # 12: no page documents it
    assert unknown.packet_id == 12 and unknown.body == b""
