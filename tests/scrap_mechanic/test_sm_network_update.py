"""NetworkUpdate vectors (22 - Network Update), bytes built from the document's tables.

First byte: update type in the top 3 bits, NetObj type in the low 5 (Create = 1, P = 2,
Update = 3, Remove = 5; RigidBody 0, ChildShape 1, Joint 2, Controller 3, Container 4,
Harvestable 5, Character 6, Lift 7, Tool 8).
"""
import struct

import pytest
from sm_testlib import bits, f4, parse_all, u
from wirestruct.core.errors import ParseError
from wirestruct.core.parse import parse
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate as N

NT = SmCommon.NetobjType
SRC = N.ControllerTypeSource
UUID_A = bytes(range(1, 17))
UUID_B = bytes([0xAA]) * 16
NIL = bytes(16)


def header(update_type: int, netobj_type: int, netobj_id: int, controller_type=None) -> bytes:
    first = bytes([(update_type << 5) | netobj_type])
    ct = b"" if controller_type is None else bytes([controller_type])
    return first + ct + struct.pack(">I", netobj_id)


def test_first_byte_is_update_type_high_bits_then_netobj_type():
    obj = parse_all(N, bytes([0x66]) + struct.pack(">I", 9) + bytes([0x00]), 0)
    # 0x66 = 011 00110: Update (3), Character (6); data: UpdateCharacter with no flags.
    assert obj.update_type == N.UpdateType.update
    assert obj.netobj_type == NT.character
    assert obj.netobj_id == 9
    assert obj.len_header == 5 and obj.len_data == 1
    body = obj.data.body
    assert not (body.update_movement_states or body.update_color or body.update_selected_item
                or body.update_is_player)
    assert body.padding == [False] * 4


def test_create_rigid_body_static():
    data = header(1, 0, 0x101, 1) + struct.pack(">H", 1) \
        + f4(1.0, 0.5, 0.25, -0.5) + f4(1.5, -2.0, 100.0)  # QuatWZYX, Vec3fXYZ
    obj = parse_all(N, data, 0)
    assert data[0] == 0x20
    assert obj.update_type == N.UpdateType.create
    assert obj.controller_type == 1
    assert obj.rigid_body_type == N.RigidBodyType.static
    assert obj.controller_type_source == SRC.create
    assert obj.netobj_id == 0x101
    static = obj.data.body.body
    assert isinstance(static, N.CreateRigidBodyStatic)
    assert static.world_id == 1
    assert (static.rotation.w, static.rotation.z, static.rotation.y, static.rotation.x) == \
        (1.0, 0.5, 0.25, -0.5)
    assert (static.position.x, static.position.y, static.position.z) == (1.5, -2.0, 100.0)


def test_create_rigid_body_dynamic_transform():
    data = header(1, 0, 0x102, 2) + struct.pack(">H", 2) \
        + f4(0.5, -0.5, 0.5, 0.5) + f4(10.0, 20.0, 30.0) + f4(1.0, 0.0, -1.0) + f4(0.0, 0.25, 0.0)
    obj = parse_all(N, data, 0)
    assert obj.rigid_body_type == N.RigidBodyType.dynamic
    dyn = obj.data.body.body
    assert dyn.world_id == 2
    t = dyn.transform
    assert (t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w) == (0.5, -0.5, 0.5, 0.5)
    assert (t.position.x, t.position.y, t.position.z) == (10.0, 20.0, 30.0)
    assert (t.velocity.x, t.velocity.y, t.velocity.z) == (1.0, 0.0, -1.0)
    assert (t.angular_velocity.x, t.angular_velocity.y, t.angular_velocity.z) == (0.0, 0.25, 0.0)


@pytest.mark.parametrize("known, source", [(1, SRC.known), (0, SRC.inferred_from_size)])
def test_update_rigid_body_static(known, source):
    data = header(3, 0, 0x101) + b"\x00" + struct.pack(">i", -1)
    obj = parse_all(N, data, known)
    assert data[0] == 0x60
    assert obj.len_data == 5
    assert obj.resolved_controller_type == 1
    assert obj.controller_type_source == source
    assert obj.rigid_body_type == N.RigidBodyType.static
    static = obj.data.body.body
    assert isinstance(static, N.UpdateRigidBodyStatic)
    assert static.unknown == 0 and static.unknown_2 == -1


@pytest.mark.parametrize("known, source", [(2, SRC.known), (0, SRC.inferred_from_size)])
def test_update_rigid_body_dynamic(known, source):
    obj = parse_all(N, header(3, 0, 0x102) + bytes([0, 7]), known)
    assert obj.resolved_controller_type == 2
    assert obj.controller_type_source == source
    dyn = obj.data.body.body
    assert isinstance(dyn, N.UpdateRigidBodyDynamic)
    assert dyn.unknown == 0 and dyn.revision == 7


def test_update_rigid_body_of_no_known_size_keeps_bytes():
    obj = parse_all(N, header(3, 0, 0x103) + b"\x00\x01\x02", 0)
    assert obj.resolved_controller_type == 0
    assert obj.controller_type_source == SRC.unknown
    assert obj.data.body.body.payload == b"\x00\x01\x02"


def test_documented_constant_is_validated():
    with pytest.raises(ParseError) as info:
        parse(N, header(3, 0, 0x101) + b"\x00" + struct.pack(">i", 0), 1)
    assert "unknown_2" in info.value.where.field_path
    assert info.value.expected == "-1"


@pytest.mark.parametrize("controller_type, kind", [(31, N.ChildShapeType.block),
                                                   (32, N.ChildShapeType.part)])
def test_create_child_shape(controller_type, kind):
    obj = parse_all(N, header(1, 1, 0x201, controller_type), 0)
    assert obj.child_shape_type == kind
    assert isinstance(obj.data.body, N.NoData)


def child_shape_common() -> bytes:
    # Uuid index 0x0102, Body ID 0x101, Local Position (1, -2, 3), Color 0xAABBGGRR = red.
    return struct.pack(">HI", 0x0102, 0x101) + struct.pack(">3h", 1, -2, 3) \
        + struct.pack(">I", 0xFF0000FF)


@pytest.mark.parametrize("known", [31, 0])
def test_update_child_shape_block(known):
    data = header(3, 1, 0x201) + child_shape_common() + struct.pack(">3h", 4, 1, 2)
    obj = parse_all(N, data, known)
    assert obj.len_data == 22
    assert obj.child_shape_type == N.ChildShapeType.block
    shape = obj.data.body
    assert shape.uuid == 0x0102 and shape.body_id == 0x101
    assert (shape.local_position.x, shape.local_position.y, shape.local_position.z) == (1, -2, 3)
    assert shape.color == 0xFF0000FF
    b = shape.data.bounds
    assert (b.x, b.y, b.z) == (4, 1, 2)


@pytest.mark.parametrize("known", [32, 0])
def test_update_child_shape_part_axes(known):
    # Z Axis nibble (high) 7 -> 3 = +Z; X Axis nibble 5 -> 1 = +X (the default rotation).
    data = header(3, 1, 0x202) + child_shape_common() + bytes([0x75])
    obj = parse_all(N, data, known)
    assert obj.len_data == 17
    assert obj.child_shape_type == N.ChildShapeType.part
    part = obj.data.body.data
    assert (part.z_axis_raw, part.x_axis_raw) == (7, 5)
    assert part.z_axis == N.LocalAxis.pos_z
    assert part.x_axis == N.LocalAxis.pos_x


def test_create_joint_p_joint_update_joint():
    create = parse_all(N, header(1, 2, 0x301, 28), 0)
    assert create.joint_type == N.JointType.piston
    assert isinstance(create.data.body, N.NoData)
    p = parse_all(N, header(2, 2, 0x301), 28)
    assert p.update_type == N.UpdateType.p and isinstance(p.data.body, N.NoData)
    assert bytes([0x42]) == header(2, 2, 0x301)[:1]
    # Axis nibbles: Z Axis B 7 (+Z), Z Axis A 1 (-Z), X Axis B 5 (+X), X Axis A 6 (+Y).
    data = header(3, 2, 0x301) + struct.pack(">HII", 5, 0x200, 0x201) \
        + struct.pack(">3i", 1, 2, 3) + struct.pack(">3i", 1, 2, 4) + bytes([0x71, 0x56]) \
        + struct.pack(">I", 0x11223344)
    obj = parse_all(N, data, 28)
    j = obj.data.body
    assert (j.uuid, j.id_shape_a, j.id_shape_b) == (5, 0x200, 0x201)
    assert (j.pos_a.x, j.pos_a.y, j.pos_a.z) == (1, 2, 3)
    assert (j.pos_b.x, j.pos_b.y, j.pos_b.z) == (1, 2, 4)
    a = j.axis
    assert (a.z_axis_b_raw, a.z_axis_a_raw, a.x_axis_b_raw, a.x_axis_a_raw) == (7, 1, 5, 6)
    assert (a.z_axis_b, a.z_axis_a, a.x_axis_b, a.x_axis_a) == \
        (N.LocalAxis.pos_z, N.LocalAxis.neg_z, N.LocalAxis.pos_x, N.LocalAxis.pos_y)
    assert j.color == 0x11223344


@pytest.mark.parametrize("value, name", [(2, "bearing"), (3, "spring"), (4, "survival_spring"),
                                         (28, "piston"), (41, "generic_rotational")])
def test_joint_types(value, name):
    assert parse_all(N, header(1, 2, 1, value), 0).joint_type.name == name


def test_create_container():
    data = header(1, 4, 0x401, 0) + struct.pack(">HH", 2, 256) \
        + UUID_A + struct.pack(">IH", 0xFFFFFFFF, 5) \
        + NIL + struct.pack(">IH", 0xFFFFFFFF, 0) \
        + struct.pack(">H", 1) + UUID_B
    obj = parse_all(N, data, 0)
    c = obj.data.body
    assert c.num_slots == 2 and c.stack_size == 256
    assert [(i.uuid.octets, i.tool_instance_id, i.quantity) for i in c.items] == \
        [(UUID_A, 0xFFFFFFFF, 5), (NIL, 0xFFFFFFFF, 0)]
    assert c.num_filters == 1 and c.filters[0].octets == UUID_B


def test_update_container_without_filters():
    data = header(3, 4, 0x401) + struct.pack(">H", 1) \
        + UUID_A + struct.pack(">IHH", 0x10, 1, 3) + bits("0", u(0, 7))
    obj = parse_all(N, data, 0)
    c = obj.data.body
    assert c.num_slot_changes == 1
    ch = c.slot_changes[0]
    assert (ch.uuid.octets, ch.tool_instance_id, ch.quantity, ch.slot) == (UUID_A, 0x10, 1, 3)
    assert c.has_filters is False and c.padding == 0
    assert not hasattr(c, "num_filters")


def test_update_container_filter_count_is_not_byte_aligned():
    flags = bits("1", u(2, 16), u(0, 7))
    assert flags == bytes([0x80, 0x01, 0x00])
    data = header(3, 4, 0x401) + struct.pack(">H", 0) + flags + UUID_A + UUID_B
    c = parse_all(N, data, 0).data.body
    assert c.has_filters is True
    assert c.num_filters == 2
    assert [f.octets for f in c.filter_uuids] == [UUID_A, UUID_B]


def test_create_character():
    steam = 76561197960265729
    data = header(1, 6, 0x601, 0) + struct.pack(">Q", steam) + f4(2.0, -3.0, 4.5) \
        + struct.pack(">H", 1) + f4(1.5, -0.25) + NIL
    c = parse_all(N, data, 0).data.body
    assert c.steam_id_64 == steam
    assert (c.position.z, c.position.y, c.position.x) == (2.0, -3.0, 4.5)
    assert c.world_id == 1 and c.yaw == 1.5 and c.pitch == -0.25
    assert c.character_uuid.octets == NIL


def test_update_character_all_flags_bit_stream():
    uuid_bits = "".join(u(b, 8) for b in UUID_A)
    payload = bits("1111",                       # the four update flags
                   "100001",                     # downed, swimming, diving, ?, climbing, tumbling
                   u(0x11223344, 32),            # color, not byte-aligned
                   uuid_bits, u(7, 32),          # selected item uuid + instance id
                   "1", u(2, 32))                # is player, player id
    assert len(payload) == 30                    # 235 bits + 5 padding bits
    c = parse_all(N, header(3, 6, 0x601) + payload, 0).data.body
    assert (c.update_movement_states, c.update_color, c.update_selected_item,
            c.update_is_player) == (True, True, True, True)
    assert (c.is_downed, c.is_swimming, c.is_diving, c.unknown, c.is_climbing, c.is_tumbling) == \
        (True, False, False, False, False, True)
    assert c.color == 0x11223344
    assert bytes(c.selected_item_uuid) == UUID_A
    assert c.selected_item_instance_id == 7
    assert c.is_player is True and c.player_or_unit_id == 2
    assert c.num_padding_bits == 5 and c.padding == [False] * 5


def test_update_character_selected_item_only():
    payload = bits("0010", "".join(u(b, 8) for b in UUID_B), u(0xFFFFFFFF, 32))
    assert len(payload) == 21
    c = parse_all(N, header(3, 6, 0x601) + payload, 0).data.body
    assert not hasattr(c, "color") and not hasattr(c, "is_downed")
    assert bytes(c.selected_item_uuid) == UUID_B
    assert c.selected_item_instance_id == 0xFFFFFFFF
    assert c.num_padding_bits == 4


def test_lift_create_and_update():
    steam = 76561197960265730
    data = header(1, 7, 0x701, 0) + struct.pack(">QH", steam, 1) + struct.pack(">3i", 10, -20, 0) \
        + struct.pack(">i", 0)
    lift = parse_all(N, data, 0).data.body
    assert lift.steam_id_64 == steam and lift.world_id == 1
    assert (lift.position.x, lift.position.y, lift.position.z) == (10, -20, 0)
    assert lift.level == 0
    assert parse_all(N, header(3, 7, 0x701) + struct.pack(">i", 5), 0).data.body.level == 5


def test_tool_create_and_update():
    assert parse_all(N, header(1, 8, 0x801, 0) + UUID_A, 0).data.body.uuid.octets == UUID_A
    upd = parse_all(N, header(3, 8, 0x801) + struct.pack(">I", 0xFFFFFFFF), 0)
    assert upd.data.body.player_id == 0xFFFFFFFF


@pytest.mark.parametrize("netobj_type", [0, 1, 2, 4, 6, 7, 8])
def test_remove_documented_types_have_no_data(netobj_type):
    data = header(5, netobj_type, 0x999)
    assert data[0] == 0xA0 | netobj_type
    obj = parse_all(N, data, 0)
    assert obj.update_type == N.UpdateType.remove
    assert isinstance(obj.data.body, N.NoData)


@pytest.mark.parametrize("netobj_type", [3, 5, 9, 10, 11, 12, 13, 14])
@pytest.mark.parametrize("update_type", [1, 3, 5])
def test_undocumented_netobj_types_keep_their_payload(update_type, netobj_type):
    ct = 7 if update_type == 1 else None
    obj = parse_all(N, header(update_type, netobj_type, 5, ct) + b"\xde\xad", 0)
    assert obj.netobj_type == NT(netobj_type)
    assert obj.data.body.payload == b"\xde\xad"


def test_undocumented_update_type_keeps_payload():
    obj = parse_all(N, bytes([0x80]) + struct.pack(">I", 1) + b"\x01\x02", 0)  # type 4
    assert obj.update_type == 4
    assert obj.data.payload == b"\x01\x02"
