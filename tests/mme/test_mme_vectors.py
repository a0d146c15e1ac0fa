"""Every packet type and size variant, built byte by byte from the protocol document's
field tables and parsed with the generated ``mme_packet`` spec. Each vector asserts every
field and that the packet and its payload were consumed to the last byte."""
import struct

import pytest
from wirestruct.core.parse import parse
from wirestruct.generated.mme.mme_packet import MmePacket
from wirestruct.generated.mme.mme_types import MmeTypes

PT = MmeTypes.PacketType
COLOR = MmeTypes.Color


def frame(packet_type: int, payload: bytes) -> bytes:
    """The document's packet format: U2 type, U2 size (payload only), payload."""
    return struct.pack("<HH", packet_type, len(payload)) + payload


def decode(packet_type: int, payload: bytes):
    packet = parse(MmePacket, frame(packet_type, payload))
    assert packet._io.is_eof()
    assert packet.payload._io.is_eof()
    assert packet.len_payload == len(payload)
    assert int(packet.packet_type) == packet_type
    return packet.payload


def name24(text: bytes) -> bytes:
    return text.ljust(24, b"\0")


SHA_A = bytes(range(20))
SHA_B = bytes(range(20, 40))


# -- negotiation -----------------------------------------------------------------------
@pytest.mark.parametrize("packet_type", [0, 1])
def test_packet_type_bit_vector(packet_type):
    # types 0, 1, 5 (byte 0 = 0b00100011), 24 (byte 3 bit 0), 49 (byte 6 bit 1)
    payload = bytes([0b00100011, 0, 0, 0b00000001, 0, 0, 0b00000010])
    p = decode(packet_type, payload)
    assert p.bitmap == payload
    bits = int.from_bytes(p.bitmap, "little")
    assert [i for i in range(len(p.bitmap) * 8) if bits >> i & 1] == [0, 1, 5, 24, 49]


def test_packet_type_bit_vector_empty():
    assert decode(0, b"").bitmap == b""


# -- connection ------------------------------------------------------------------------
@pytest.mark.parametrize("packet_type", [2, 3])
@pytest.mark.parametrize("payload", [b"", b"\x01", b"latency probe 42"])
def test_ping_any_size(packet_type, payload):
    assert decode(packet_type, payload).data == payload


def test_idle_ping():
    assert decode(4, b"").ignored == b""
    assert decode(4, b"\x01\x02").ignored == b"\x01\x02"


def test_authenticate_empty():
    p = decode(5, b"")
    assert p.name == "" and not p.has_token
    assert not hasattr(p, "credentials") and not hasattr(p, "name_only")


def test_authenticate_name_only():
    p = decode(5, name24(b"Alice"))
    assert p.name_only == "Alice" and p.name == "Alice" and not p.has_token
    assert p.ignored == b""


def test_authenticate_between_sizes_counts_as_smaller():
    p = decode(5, name24(b"Alice") + b"\x09\x09\x09")
    assert p.name == "Alice" and p.ignored == b"\x09\x09\x09"
    p = decode(5, b"\x01" * 10)
    assert p.name == "" and p.ignored == b"\x01" * 10


def test_authenticate_full():
    payload = name24(b"Alice") + struct.pack("<II", 4242, 1700000000) + SHA_A
    p = decode(5, payload)
    c = p.credentials
    assert (c.name, c.player_id, c.time, c.token) == ("Alice", 4242, 1700000000, SHA_A)
    assert p.name == "Alice" and p.has_token and p.ignored == b""
    p = decode(5, payload + b"future")
    assert p.credentials.player_id == 4242 and p.ignored == b"future"


def test_fixed_string_full_field_has_no_terminator():
    p = decode(5, b"ABCDEFGHIJKLMNOPQRSTUVWX")
    assert p.name_only == "ABCDEFGHIJKLMNOPQRSTUVWX"


def test_fixed_string_cut_at_first_nul():
    p = decode(5, b"Bob\0junk".ljust(24, b"\0"))
    assert p.name_only == "Bob"


def test_connect():
    payload = (name24(b"Carol") + struct.pack("<II", 7, 1700000001) + SHA_B
               + b"[1234::CDEF]:9999")
    p = decode(6, payload)
    assert p.credentials.name == "Carol" and p.credentials.player_id == 7
    assert p.credentials.time == 1700000001 and p.credentials.token == SHA_B
    assert p.address == "[1234::CDEF]:9999"


@pytest.mark.parametrize("payload, code, delay, reason", [
    (b"", None, None, None),
    (b"\x05", "kick", None, None),
    (b"\x02\x1e", "reboot", 30, None),
    (b"\x06\x00Banned for griefing", "ban", 0, "Banned for griefing"),
    (b"\x00\x00\x00", "no_reason", 0, ""),
])
def test_disconnect_optional_fields(payload, code, delay, reason):
    p = decode(7, payload)
    assert getattr(getattr(p, "reason_code", None), "name", None) == code
    assert getattr(p, "reconnect_delay", None) == delay
    assert getattr(p, "reason", None) == reason


def test_client_version_format_0():
    p = decode(43, b"\x00" + struct.pack("<I", 1234))
    assert p.format == 0 and p.version.svn_revision == 1234 and p.ignored == b""


def test_client_version_other_format_kept_as_bytes():
    p = decode(43, b"\x07abc")
    assert p.format == 7 and not hasattr(p, "version") and p.ignored == b"abc"


def test_portal_cookie():
    p = decode(44, b"")
    assert p.deletes and not hasattr(p, "cookie")
    p = decode(44, SHA_A)
    assert not p.deletes and p.cookie == SHA_A and p.ignored == b""


def test_server_name_and_random_garbage():
    assert decode(47, b"My Server").name == "My Server"
    assert decode(47, b"").name == ""
    assert decode(13, b"\xde\xad\xbe\xef rest").data == b"\xde\xad\xbe\xef rest"


# -- players ---------------------------------------------------------------------------
def test_chat_message():
    p = decode(8, b"\x00\x1b\x02Red text")
    assert p.player_id == 0 and p.from_server and p.message == "\x1b\x02Red text"
    p = decode(8, b"\x03")
    assert p.player_id == 3 and not p.from_server and p.message == ""


def test_announce_player_full():
    p = decode(9, b"\x05\x02" + name24(b"Dmitri"))
    assert (p.player_id, p.color, p.name) == (5, COLOR.red, "Dmitri")
    assert not p.keeps_color and not p.keeps_name and p.ignored == b""


def test_announce_player_reannounce_one_byte():
    p = decode(9, b"\x05")
    assert p.player_id == 5 and p.keeps_color and p.keeps_name
    assert not hasattr(p, "color") and not hasattr(p, "name")


def test_announce_player_color_only_and_short_name():
    p = decode(9, b"\x05\x10")
    assert p.color == COLOR.emerald and not p.keeps_color and p.keeps_name
    p = decode(9, b"\x05\x00Eve")
    assert p.color == COLOR.default and p.name == "Eve" and not p.keeps_name


def test_announce_player_longer_than_26_ignored():
    p = decode(9, b"\x05\x01" + name24(b"Zed") + b"\xff\xff")
    assert p.name == "Zed" and p.ignored == b"\xff\xff"


def test_denounce_player():
    p = decode(10, b"\x05")
    assert p.player_id == 5 and p.ignored == b""


def test_player_abilities_10():
    p = decode(11, struct.pack("<IIH", 0b101, 4096, 64))
    perm = p.permissions
    assert (perm.allow_flying, perm.allow_fast_flying, perm.allow_noclip) == (True, False, True)
    assert perm.reserved == 0
    assert p.box_volume_limit == 4096 and p.box_dimension_limit == 64
    assert not hasattr(p, "box_dimension_limit_2") and not hasattr(p, "max_chat_length")


def test_player_abilities_26():
    payload = struct.pack("<IIH", 0b010, 1, 8) + struct.pack("<HHIHHHH", 7, 6, 99999, 5, 4, 3, 120)
    p = decode(11, payload)
    assert p.permissions.allow_fast_flying and not p.permissions.allow_flying
    assert (p.box_volume_limit, p.box_dimension_limit, p.box_dimension_limit_2,
            p.box_dimension_limit_3) == (1, 8, 7, 6)
    assert (p.copy_volume_limit, p.copy_dimension_limit_1, p.copy_dimension_limit_2,
            p.copy_dimension_limit_3, p.max_chat_length) == (99999, 5, 4, 3, 120)


def test_move_player_20_teleports_self():
    p = decode(24, struct.pack("<5f", 1.5, 2.5, 3.5, 0.25, -0.5))
    assert (p.x, p.y, p.z, p.u, p.v) == (1.5, 2.5, 3.5, 0.25, -0.5)
    assert p.teleports_self and not hasattr(p, "player_id")


def test_move_player_21():
    p = decode(24, struct.pack("<5fB", -1.0, 0.0, 64.0, 3.0, 1.0, 9))
    assert p.player_id == 9 and not p.teleports_self
    p = decode(24, struct.pack("<5fB", -1.0, 0.0, 64.0, 3.0, 1.0, 0))
    assert p.player_id == 0 and p.teleports_self


def test_player_skin_variants():
    p = decode(45, b"")
    assert not hasattr(p, "model_id") and not p.resets
    p = decode(45, b"\x02")
    assert p.model_id == 2 and p.resets and not hasattr(p, "texture_id")
    p = decode(45, b"\x02" + struct.pack("<H", 1529))
    assert p.model_id == 2 and p.texture_id == 1529 and not p.resets


def test_projectile_create():
    p = decode(48, struct.pack("<B5f", 1, 1.0, 2.0, 3.0, 0.5, 0.25))
    assert p.projectile_type == MmeTypes.ProjectileType.destroy_block
    assert (p.x, p.y, p.z, p.u, p.v) == (1.0, 2.0, 3.0, 0.5, 0.25)


def test_projectile_collision():
    p = decode(49, struct.pack("<B3fBB", 0, 4.0, 5.0, 6.0, 1, 3))
    assert p.projectile_type == MmeTypes.ProjectileType.create_block
    assert (p.x, p.y, p.z) == (4.0, 5.0, 6.0)
    assert p.collision_type == MmeTypes.CollisionType.player_model and p.thing_id == 3


# -- map -------------------------------------------------------------------------------
def test_map_loading_variants():
    p = decode(12, b"")
    assert p.removes_screen
    p = decode(12, b"\x80")
    assert p.progress == 128 and not hasattr(p, "message") and not p.removes_screen
    p = decode(12, b"\xffAlmost there")
    assert p.progress == 255 and p.message == "Almost there"


def test_map_setup():
    p = decode(14, struct.pack("<4H", 512, 512, 128, 64))
    assert (p.size_x, p.size_y, p.size_z, p.sea_level) == (512, 512, 128, 64)
    assert not p.frees
    assert decode(14, b"").frees


def test_map_setup_dimension_not_multiple_of_32_is_invalid():
    from wirestruct.core.errors import ParseError
    with pytest.raises(ParseError) as info:
        parse(MmePacket, frame(14, struct.pack("<4H", 512, 500, 128, 64)))
    assert "size_y" in info.value.where.field_path


def test_map_properties():
    p = decode(15, struct.pack("<If", 0, 0.5))
    assert p.attributes.removed_features == 0 and p.attributes.reserved == 0
    assert p.block_size == 0.5


def region(lower, upper):
    return struct.pack("<6h", *lower, *upper)


def test_map_fill_13_and_14():
    p = decode(16, region((1, 2, 3), (4, 5, 6)) + b"\x07")
    r = p.region
    assert (r.lower_x, r.lower_y, r.lower_z, r.upper_x, r.upper_y, r.upper_z) == (1, 2, 3, 4, 5, 6)
    assert (r.size_x, r.size_y, r.size_z, r.volume) == (4, 4, 4, 64) and r.is_ordered
    assert p.block_type == 7 and not hasattr(p, "player_id")
    p = decode(16, region((-1, 0, 0), (0, 0, 0)) + b"\x07\x03")
    assert p.region.lower_x == -1 and p.player_id == 3 and p.region.volume == 2


def test_region_out_of_order():
    p = decode(16, region((5, 0, 0), (4, 0, 0)) + b"\x07")
    assert not p.region.is_ordered and p.region.volume == 0


def test_map_data():
    data = b"\x78\x9c\x63\x04\x00\x00\x02\x00\x02"      # zlib of b"\x01"
    p = decode(17, region((0, 0, 0), (0, 0, 0)) + data)
    assert p.region.volume == 1 and p.data == data


def test_map_modify_7_and_8():
    p = decode(25, struct.pack("<3hB", 10, -2, 30, 4))
    assert (p.x, p.y, p.z, p.block_type) == (10, -2, 30, 4) and not hasattr(p, "player_id")
    p = decode(25, struct.pack("<3hBB", 10, 20, 30, 4, 0))
    assert p.player_id == 0


@pytest.mark.parametrize("packet_type", [18, 20, 23])
def test_empty_packets(packet_type):
    assert decode(packet_type, b"").ignored == b""


@pytest.mark.parametrize("packet_type", [19, 21])
def test_compressed_chunks(packet_type):
    assert decode(packet_type, b"\x78\x9c\x01").data == b"\x78\x9c\x01"
    assert decode(packet_type, b"").data == b""


def test_buffer_is_map_data():
    p = decode(22, region((0, 0, 0), (31, 31, 31)))
    assert p.region.volume == 32768 and p.ignored == b""


# -- textures, blocks, groups, sky box -------------------------------------------------
def test_file_request():
    p = decode(26, SHA_A)
    assert p.sha1 == SHA_A


def test_texture_setup_2_deletes():
    p = decode(27, struct.pack("<h", 12))
    assert p.texture_id == 12 and p.deletes and not hasattr(p, "sha1")


def test_texture_setup_22():
    p = decode(27, struct.pack("<h", 4095) + SHA_A)
    assert p.texture_id == 4095 and p.sha1 == SHA_A and not p.deletes
    assert not hasattr(p, "width")


def test_texture_setup_38():
    p = decode(27, struct.pack("<h", 1) + SHA_B + struct.pack("<3fI", -2.0, 0.5, 1.0, 0b10))
    assert (p.width, p.height, p.alpha) == (-2.0, 0.5, 1.0)
    assert p.flags.min_filter.name == "linear" and p.flags.mag_filter.name == "nearest"
    assert p.flags.reserved == 0 and p.ignored == b""


def test_texture_id_out_of_range_is_invalid():
    from wirestruct.core.errors import ParseError
    with pytest.raises(ParseError):
        parse(MmePacket, frame(27, struct.pack("<h", 4096)))


def test_group_setup():
    p = decode(28, b"\x02\x01\x05\xff\x00Ground blocks")
    assert p.group_id == 2 and p.block_ids == b"\x01\x05\xff" and p.name == "Ground blocks"
    assert not p.deletes
    p = decode(28, b"\x02")
    assert p.deletes and not hasattr(p, "block_ids")
    p = decode(28, b"\x03\x00")
    assert p.block_ids == b"" and p.name == ""


def test_block_setup():
    payload = (b"\x07" + struct.pack("<6H", 1, 2, 3, 4, 5, 6)
               + struct.pack("<I", 0b1_10_1_1_1 | 0) + b"Glowing glass")
    p = decode(29, payload)
    assert p.block_id == 7
    assert (p.texture_top, p.texture_bottom, p.texture_front, p.texture_back,
            p.texture_left, p.texture_right) == (1, 2, 3, 4, 5, 6)
    f = p.flags
    assert (f.visible, f.impassable, f.draw_reverse, f.draw_between) == (True, True, True, True)
    assert f.light.name == "strong" and f.reserved == 0
    assert p.description == "Glowing glass"


def test_block_setup_light_levels():
    for bits, light in [(0b00, "none"), (0b01, "weak"), (0b10, "strong"), (0b11, "sunlight")]:
        payload = b"\x01" + bytes(12) + struct.pack("<I", bits << 3)
        p = decode(29, payload)
        assert p.flags.light.name == light and not p.flags.visible and p.description == ""


@pytest.mark.parametrize("payload, textures, flags, ignored", [
    (b"", [], None, b""),
    (b"\x01", [], True, b""),
    (struct.pack("<H", 3), [3], None, b""),
    (struct.pack("<H", 3) + b"\x00", [3], False, b""),
    (struct.pack("<2H", 3, 4), [3, 4], None, b""),
    (struct.pack("<2H", 3, 4) + b"\x01", [3, 4], True, b""),
    (struct.pack("<3H", 3, 4, 5), [3, 4], True, b"\x00"),       # 6 bytes: 2 + flags + 1
    (struct.pack("<5H", 1, 2, 3, 4, 5), [1, 2, 3, 4, 5], None, b""),
    (struct.pack("<5H", 1, 2, 3, 4, 5) + b"\x01", [1, 2, 3, 4, 5], True, b""),
    (struct.pack("<6H", 1, 2, 3, 4, 5, 6), [1, 2, 3, 4, 5, 6], None, b""),
    (struct.pack("<6H", 1, 2, 3, 4, 5, 6) + b"\x01", [1, 2, 3, 4, 5, 6], True, b""),
    (struct.pack("<6H", 1, 2, 3, 4, 5, 6) + b"\x00zz", [1, 2, 3, 4, 5, 6], False, b"zz"),
])
def test_sky_box_sizes(payload, textures, flags, ignored):
    p = decode(42, payload)
    assert p.texture_ids == textures and p.num_textures == len(textures)
    assert (p.flags.on_map_edges if hasattr(p, "flags") else None) == flags
    assert p.ignored == ignored


# -- menus -----------------------------------------------------------------------------
def test_menu_request_and_resize():
    p = decode(30, b"\x52\x19")
    assert (p.columns, p.lines) == (82, 25)
    p = decode(41, b"\x64\x1e\x03")
    assert (p.columns, p.lines, p.menu_number) == (100, 30, 3)


def test_menu_response_closed():
    p = decode(31, b"\x03")
    assert p.menu_number == 3 and p.closed and p.data == b"" and p.password is None
    p = decode(31, b"\x03\x01\x02")
    assert p.closed and p.data == b"\x01\x02"


def test_menu_response_widget():
    p = decode(31, b"\x03\x0d\x01\x03Builder")
    assert (p.menu_number, p.name, p.value) == (3, 13, 1)
    assert p.flags.active and p.flags.live and not p.flags.disable and not p.flags.offset
    assert p.text == "Builder" and p.password is None


def test_menu_response_password():
    p = decode(31, b"\x03\x0e\x01\x00" + SHA_A + SHA_B)
    assert p.password.client_salt == SHA_A and p.password.digest == SHA_B


def test_menu_reset_variants():
    p = decode(32, b"")
    assert p.removes_menu
    p = decode(32, b"\x01\x02")
    assert p.removes_menu and p.ignored == b"\x01\x02"
    p = decode(32, b"\x04\x50\x18")
    assert (p.menu_number, p.width, p.height) == (4, 80, 24) and not hasattr(p, "flags")
    p = decode(32, b"\x04\x50\x18\x03")
    assert p.flags.close_button and p.flags.title_bar and not p.removes_menu


def test_menu_text():
    p = decode(33, b"\x01\x02\x03\x1b\x0eTitle")
    assert (p.index, p.column, p.line, p.text) == (1, 2, 3, "\x1b\x0eTitle")
    assert decode(33, b"\x01\x02\x03").text == ""


@pytest.mark.parametrize("packet_type", [34, 35, 36])
def test_menu_link_check_radio(packet_type):
    p = decode(packet_type, b"\x05\x06\x07\x0a\x0b\x0cLabel")
    assert (p.index, p.column, p.line, p.name, p.value) == (5, 6, 7, 10, 11)
    assert not p.flags.active and not p.flags.live and p.flags.disable and p.flags.offset
    assert p.text == "Label"


def test_menu_input():
    p = decode(37, b"\x06\x02\x07\x0d\x01\x14\x18\x01Builder")
    assert (p.index, p.column, p.line, p.name, p.value, p.width, p.max_length) == (
        6, 2, 7, 13, 1, 20, 24)
    assert p.flags.active and p.text == "Builder"


def test_menu_button():
    p = decode(38, b"\x08\x02\x0a\x0f\x01\x00\x04OK")
    assert (p.index, p.column, p.line, p.name, p.value, p.width) == (8, 2, 10, 15, 1, 0)
    assert p.flags.disable and p.text == "OK"


def test_menu_erase():
    assert decode(39, b"\x0a").index == 10


@pytest.mark.parametrize("salts", [0, 1, 2])
def test_menu_salted_password(salts):
    payload = b"\x07\x02\x08\x0e\x01\x14\x00" + (SHA_A if salts >= 1 else b"") + (
        SHA_B if salts == 2 else b"")
    p = decode(40, payload)
    assert (p.index, p.column, p.line, p.name, p.value, p.width) == (7, 2, 8, 14, 1, 20)
    assert p.num_salts == salts
    assert getattr(p, "salt_1", None) == (SHA_A if salts >= 1 else None)
    assert getattr(p, "salt_2", None) == (SHA_B if salts == 2 else None)


def test_menu_texture():
    p = decode(46, b"\x09\x1e\x01\x08\x04" + struct.pack("<H", 1529) + b"\x10\x20\x00\x80")
    assert (p.index, p.column, p.line, p.width, p.height, p.texture_id) == (9, 30, 1, 8, 4, 1529)
    assert (p.x1, p.y1, p.x2, p.y2) == (16, 32, 0, 128)
    assert (p.right, p.bottom) == (256, 128)


def test_every_packet_type_has_a_payload_spec():
    """All 50 types route to a payload type; 50 and above stay bytes."""
    from wirestruct.protocols.mme.packets import PACKETS
    for packet_type, info in PACKETS.items():
        packet = parse(MmePacket, frame(packet_type, bytes(_smallest_valid(packet_type))))
        assert not isinstance(packet.payload, bytes), info.name
        assert packet.packet_type.name == info.name.lower()
    packet = parse(MmePacket, frame(50, b"\x01\x02"))
    assert packet.packet_type == 50 and packet.payload == b"\x01\x02"


def _smallest_valid(packet_type):
    from wirestruct.protocols.mme.packets import PACKETS
    size = PACKETS[packet_type].minimum
    payload = bytearray(size)
    if packet_type in (9, 27, 29, 45) and size:          # ids that must not be 0
        payload[0] = 1
    if packet_type == 43:                                # format 1: no format-0 fields
        payload[0] = 1
    return payload
