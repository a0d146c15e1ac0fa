"""The 0x00 update packet of the bundled build (diepcustom-011c2e9), on the worked examples
of its README (section 4) and vectors built by hand from its field table (section 3.5)."""
import struct

import pytest
from diep_testlib import (
    ARENA_UPDATE,
    BUILD,
    SQUARE_CREATION,
    TANK_UPDATE,
    Clientbound,
    clientbound,
    h,
)
from wirestruct.core.errors import ParseError
from wirestruct.core.parse import parse


def f32(hex_: str) -> float:
    return struct.unpack("<f", h(hex_))[0]


def test_packet_12_header_tank_update_and_square_creation():
    """`00 0a 00 ..`: tick 10, no deletions, then the two upcreates of README section 4."""
    pkt = clientbound(h("00 0a 00 02") + TANK_UPDATE + SQUARE_CREATION)
    assert pkt.packet_id == Clientbound.ClientboundPacketId.update
    body = pkt.body
    assert body.tick.value == 10
    assert body.num_deletions.value == 0 and body.deletions == []
    assert body.num_upcreates.value == 2

    tank = body.upcreates[0]
    assert (tank.entity.hash.value, tank.entity.id.value) == (1, 1003)
    assert tank.kind == Clientbound.UpcreateKind.update
    assert tank.body.table_start == 1
    entries = tank.body.fields
    assert [e.index for e in entries[:-1]] == [0, 1, 2]
    assert [e.slot.name for e in entries[:-1]] == ["position_y", "position_x", "position_angle"]
    assert entries[0].value.value == 9682
    assert entries[1].value.value == 562
    assert entries[2].value.value == 3.015625        # 193 / 64
    assert entries[-1].is_end and len(entries) == 4

    square = body.upcreates[1]
    assert (square.entity.hash.value, square.entity.id.value) == (1, 283)
    assert square.kind == Clientbound.UpcreateKind.creation
    c = square.body
    assert [e.index for e in c.groups.entries[:-1]] == [0, 3, 4, 8, 10, 11]
    assert (c.has_relations, c.has_physics, c.has_health, c.has_name, c.has_position,
            c.has_style) == (True,) * 6
    assert not (c.has_barrel or c.has_arena or c.has_camera or c.has_score or c.has_team)
    assert c.position_y.value == 11026
    assert c.position_x.value == -1051
    assert c.position_angle.value == 3.90625         # 250 / 64
    assert c.physics_size.value == f32("41 90 1b 42")
    assert abs(c.physics_size.value - 38.890873) < 1e-5
    assert c.style_color.value == 8
    assert c.style_color_enum == Clientbound.NetColor.enemy_square
    assert c.physics_sides.value == 4
    assert c.health_flags.value == 0
    assert c.physics_absorbtion_factor.value == 1.0
    assert c.health_max_health.value == 10.0
    assert c.style_flags.value == 1
    assert c.position_flags.value == 1
    assert c.name_flags.value == 1
    assert (c.relations_team.hash.value, c.relations_team.id.value) == (1, 0)
    assert c.style_border_width.value == 7.5        # 480 / 64
    assert c.physics_width.value == 0.0
    assert c.name_name.value == "Square"
    assert (c.relations_owner.hash.value, c.relations_owner.id.value) == (1, 0)
    assert c.health_health.value == 10.0
    assert c.style_opacity.value == 1.0
    assert c.relations_parent.is_null
    assert c.style_z_index.value == 282
    assert c.physics_push_factor.value == 8.0
    assert c.physics_flags.value == 0
    # fields of absent groups are not read
    assert not hasattr(c, "camera_player") and not hasattr(c, "arena_flags")


def test_packet_53_arena_update_with_array_fields():
    pkt = clientbound(h("00 32 00 01") + ARENA_UPDATE)
    assert pkt.body.tick.value == 50
    u = pkt.body.upcreates[0]
    assert (u.entity.hash.value, u.entity.id.value) == (1, 0)
    entries = u.body.fields
    assert [e.index for e in entries[:-1]] == [18, 24, 30, 38]
    assert [e.slot.name for e in entries[:-1]] == [
        "arena_leader_x", "arena_scoreboard_names", "arena_leader_y", "arena_scoreboard_scores"]
    assert entries[0].value.value == f32("41 f7 19 44")
    assert abs(entries[0].value.value - 615.86334) < 1e-4
    names = entries[1].value.elements
    assert [(e.index, e.value.value) for e in names[:-1]] == [(0, "Bob"), (1, "Alice")]
    assert names[-1].is_end
    assert abs(entries[2].value.value - 9055.076) < 1e-3
    scores = entries[3].value.elements
    # Arena.scoreboardScores: float32 in creations, vi in updates
    assert [(e.index, e.value.value) for e in scores[:-1]] == [(0, 78), (1, 10)]
    assert all(isinstance(e.value.value, int) for e in scores[:-1])


def test_packet_35_deletion():
    """`00 20 01 01 de 07 ..`: tick 32, one deletion (hash 1, id 990)."""
    pkt = clientbound(h("00 20 01 01 de 07 00"))
    body = pkt.body
    assert body.tick.value == 32
    assert [(d.hash.value, d.id.value) for d in body.deletions] == [(1, 990)]
    assert body.num_upcreates.value == 0


def test_deletion_of_no_entity_is_one_byte():
    pkt = clientbound(h("00 05 02 00 01 07 00"))
    first, second = pkt.body.deletions
    assert first.is_null and (second.hash.value, second.id.value) == (1, 7)


def test_update_slots_from_21_on_are_creation_index_plus_one():
    """Barrel.trapezoidDirection: creation 21, update 22; Score.score: creation 66, update 67."""
    by_key = {f.key: f for f in BUILD.fields}
    assert (by_key["Barrel.trapezoidDirection"].creation_index,
            by_key["Barrel.trapezoidDirection"].update_index) == (21, 22)
    assert (by_key["Score.score"].creation_index, by_key["Score.score"].update_index) == (66, 67)
    # jump 23 (written 23^1 = 0x16) -> slot 22 (float), then jump 45 (0x2c) -> slot 67 (float)
    pkt = clientbound(h("00 01 00 01 | 01 05 00 01 | 16 00 00 80 3f | 2c 00 00 48 42 | 01"))
    entries = pkt.body.upcreates[0].body.fields
    assert [(e.slot.name, e.value.value) for e in entries[:-1]] == [
        ("barrel_trapezoid_direction", 1.0), ("score_score", 50.0)]


def test_slot_21_is_never_sent():
    """Slot 21 (Example.exampleTest) exists in the update order but is never sent."""
    with pytest.raises(ParseError) as err:
        parse(Clientbound, h("00 01 00 01 | 01 05 00 01 | 17 00 | 01"))  # jump 22 -> slot 21
    assert "never_sent" in err.value.where.field_path


def test_update_slot_beyond_67_is_an_error():
    # from slot 67, a jump of 1 lands on slot 68: there are only 68 slots
    with pytest.raises(ParseError) as err:
        parse(Clientbound, h("00 01 00 01 | 01 05 00 01 | 45 00 00 00 00 | 00 00 | 01"))
    assert "xored_jump" in err.value.where.field_path


def test_update_must_start_00_01():
    with pytest.raises(ParseError) as err:
        parse(Clientbound, h("00 01 00 01 | 01 05 00 02 | 01"))
    assert err.value.where.field_path.endswith("table_start")
    assert err.value.expected == "1"


def test_update_with_no_fields():
    pkt = clientbound(h("00 01 00 01 | 01 05 00 01 01"))
    assert len(pkt.body.upcreates[0].body.fields) == 1


def test_camera_update_of_an_array_element_and_scalars():
    """Camera.statLevels (u39, vi x 8): element 5 -> 3; Camera.level (u33) -> 12;
    Camera.cameraX (u55) float 100.5."""
    # slot 33: jump 34, written 0x23; vi 12 = zigzag 24 = 0x18
    # slot 39: jump 6, written 0x07; element 5: jump 6, written 0x07; vi 3 = 0x06; close 01
    # slot 55: jump 16, written 0x11; float 100.5 = 0x42c90000
    data = h("00 09 00 01 | 01 01 00 01 | 23 18 | 07 07 06 01 | 11 00 00 c9 42 | 01")
    pkt = clientbound(data)
    entries = pkt.body.upcreates[0].body.fields
    assert [e.index for e in entries[:-1]] == [33, 39, 55]
    assert entries[0].value.value == 12
    elements = entries[1].value.elements
    assert [(e.index, e.value.value) for e in elements[:-1]] == [(5, 3)]
    assert entries[2].value.value == 100.5


def test_array_element_index_beyond_length_is_an_error():
    # Camera.statLevels has 8 elements: element jump 9^1 = 0x08 -> element 8
    with pytest.raises(ParseError):
        parse(Clientbound, h("00 09 00 01 | 01 01 00 01 | 29 08 06 01 | 01"))


def test_document_examples_belong_to_another_build():
    """0x00-update-packet.txt's examples are written in another build's field order. Its
    update `01 03 00 01 05 93 02 00 45 01` jumps to slot 3, which in this build is
    Physics.size, a float: the four bytes `93 02 00 45` and the closing `01` fit."""
    pkt = clientbound(h("00 01 00 01") + h("01 03 00 01 05 93 02 00 45 01"))
    u = pkt.body.upcreates[0]
    assert (u.entity.hash.value, u.entity.id.value) == (1, 3)
    assert [(e.slot.name, e.value.value) for e in u.body.fields[:-1]] == [
        ("physics_size", f32("93 02 00 45"))]
    # Its creation example: group table `05 01` is the single group 3 (Physics) in any
    # build; this build's Physics fields need more than the 5 bytes given.
    with pytest.raises(ParseError) as err:
        parse(Clientbound, h("00 01 00 01") + h("01 08 01 05 01 93 02 93 45 28"))
    assert err.value.expected == "more bytes"
