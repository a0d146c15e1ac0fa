"""Every clientbound packet besides 0x00, and every serverbound packet, from the documents."""
import pytest
from diep_testlib import Clientbound, DiepServerbound, clientbound, h, serverbound
from wirestruct.core.errors import ParseError
from wirestruct.core.parse import parse

CB = Clientbound.ClientboundPacketId
SB = DiepServerbound.ServerboundPacketId


def z(text: str) -> bytes:
    return text.encode() + b"\x00"


def test_0x01_outdated_client():
    pkt = clientbound(b"\x01" + z("c94fc18cf6171f8d502f5c979488e143f1e5f74f"))
    assert pkt.packet_id == CB.outdated_client
    assert pkt.body.build.value == "c94fc18cf6171f8d502f5c979488e143f1e5f74f"


def test_0x02_header():
    pkt = clientbound(h("02 05 00 00 00 50 0a 20 00 01"))
    assert pkt.packet_id == CB.compressed
    assert pkt.body.len_decompressed == 5
    assert pkt.body.lz4_block == h("50 0a 20 00 01")


def test_0x03_notification_readme_example():
    """README: `03 "You've killed Alice" 00 | 00000000 | 00007a45 (4000.0) | 00`."""
    pkt = clientbound(b"\x03" + z("You've killed Alice") + h("00000000 00007a45 00"))
    n = pkt.body
    assert n.message.value == "You've killed Alice"
    assert n.rgb.value == 0 and n.duration.value == 4000.0 and n.identifier.value == ""


def test_0x03_notification_colour():
    """clientbound.md: rgb(33, 130, 67) is u32(0x218243)."""
    pkt = clientbound(b"\x03" + z("The Guardian has spawned") + h("43 82 21 00 00 00 7a 45")
                      + z("godmode_toggle"))
    n = pkt.body
    assert n.rgb.value == 0x218243 and (n.red, n.green, n.blue) == (33, 130, 67)
    assert n.identifier.value == "godmode_toggle"


def test_0x04_server_info_three_strings():
    pkt = clientbound(b"\x04" + z("sandbox") + z("742a37-f24a-4030-b4bd-2fa3515965af")
                      + z("vultr-amsterdam"))
    s = pkt.body
    assert (s.gamemode.value, s.server_uuid_or_host.value, s.host_region.value) == (
        "sandbox", "742a37-f24a-4030-b4bd-2fa3515965af", "vultr-amsterdam")


def test_0x04_server_info_two_strings():
    """DiepCustom sends gamemode and host (empty by default)."""
    pkt = clientbound(b"\x04" + z("ffa") + z(""))
    s = pkt.body
    assert (s.gamemode.value, s.server_uuid_or_host.value) == ("ffa", "")
    assert not hasattr(s, "host_region")


@pytest.mark.parametrize("pid, name", [(0x05, "heartbeat"), (0x09, "invalid_party")])
def test_header_only(pid, name):
    pkt = clientbound(bytes([pid]))
    assert pkt.packet_id.name == name and not hasattr(pkt, "body")


def test_0x06_party_code():
    pkt = clientbound(h("06 2D CD 03 54 C3"))
    assert pkt.body.code == h("2D CD 03 54 C3")


def test_0x07_accept_both_shapes():
    bare = clientbound(h("07"))
    assert not hasattr(bare.body, "access_level")
    with_level = clientbound(h("07 04"))          # DiepCustom: vi(2)
    assert with_level.body.access_level.value == 2


def test_0x08_achievement():
    hashes = ["9898db9ff6d3c1b3_1", "300ddd6f1fb3d69d_1", "8221180ec6d53232_1",
              "33e4cb47afd5602f_1", "6d671cfa6dceb09_1", "256245339c3742d2_1"]
    pkt = clientbound(h("08 06") + b"".join(z(x) for x in hashes))
    assert pkt.body.num_hashes.value == 6
    assert [x.value for x in pkt.body.hashes] == hashes


def test_0x0a_player_count():
    pkt = clientbound(h("0a a4 1a"))      # vu(3364) = 0x24 + 26 * 128
    assert pkt.body.num_clients.value == 3364


def test_0x0b_pow_challenge():
    pkt = clientbound(h("0b 14") + z("5X6qqhhfkp4v5zf2"))
    assert pkt.body.difficulty.value == 20 and pkt.body.prefix.value == "5X6qqhhfkp4v5zf2"


def test_0x0c_unnamed():
    assert clientbound(h("0c 96 01")).body.unknown.value == 150


def test_0x0d_int_js_challenge():
    pkt = clientbound(h("0d 00") + z("return 1"))
    assert pkt.body.id.value == 0 and pkt.body.code.value == "return 1"


def test_unknown_clientbound_id():
    with pytest.raises(ParseError) as err:
        parse(Clientbound, h("0e 00"))
    assert err.value.where.field_path.endswith("packet_id")


# -- serverbound ----------------------------------------------------------------------------
def test_sb_0x00_init():
    pkt = serverbound(b"\x00" + z("c94fc18cf6171f8d502f5c979488e143f1e5f74f") + z("")
                      + z("2627c6d600d2dc30453c") + z("tok") + h("00"))
    b = pkt.body
    assert pkt.packet_id == SB.init
    assert (b.build.value, b.dev_password.value, b.party_code.value, b.player_token.value,
            b.debug_value.value) == (
        "c94fc18cf6171f8d502f5c979488e143f1e5f74f", "", "2627c6d600d2dc30453c", "tok", 0)
    assert not hasattr(serverbound(b"\x00" + z("b") + z("") + z("") + z("")).body, "debug_value")


def test_sb_0x01_input_data_md_example():
    """data.md: `01 | 99 10 | 88 81 85 02 | 8a a7 81 0f`. The flag bytes are vu 2073 =
    0b1000_0001_1001 (the text's binary drops the top bit): fire, down, right, switch class."""
    pkt = serverbound(h("01 | 99 10 | 88 81 85 02 | 8a a7 81 0f"))
    f = pkt.body.flags
    assert f.bits.value == 2073
    named = {name: getattr(f, name) for name in (
        "fire", "up", "left", "down", "right", "god_mode", "suicide", "right_mouse",
        "instant_upgrade", "use_joysticks", "use_gamepad", "switch_class", "adblock")}
    assert [k for k, v in named.items() if v] == ["fire", "down", "right", "switch_class"]
    assert pkt.body.mouse_x.value == 1281.0
    assert pkt.body.mouse_y.value == -2719.0
    assert not hasattr(pkt.body, "axis_x")


def test_sb_0x01_input_with_joysticks():
    # flags 0x0200 (use joysticks) = vu 80 04; mouse 0, 0; axes -0.5 (fe 02), 0.0 (00)
    pkt = serverbound(h("01 80 04 00 00 fe 02 00"))
    b = pkt.body
    assert b.flags.use_joysticks and not b.flags.fire
    assert (b.mouse_x.value, b.mouse_y.value, b.axis_x.value, b.axis_y.value) == (0, 0, -0.5, 0)


def test_sb_simple_packets():
    assert serverbound(b"\x02" + z("Alice")).body.name.value == "Alice"
    stat = serverbound(h("03 04 01")).body          # vi(2), vi(-1)
    assert (stat.stat_index_xored.value, stat.stat_max.value) == (2, -1)
    assert serverbound(h("04 0a")).body.tank_id_xored.value == 5
    for pid in (0x05, 0x08, 0x09):
        assert not hasattr(serverbound(bytes([pid])), "body")
    tcp = serverbound(h("06 01 00 00 00 ff")).body
    assert tcp.unknown == 1 and tcp.rest == h("ff")
    assert serverbound(h("07 aa")).body.data == h("aa")
    assert serverbound(b"\x0a" + z("1f8a3c")).body.answer.value == "1f8a3c"
    js = serverbound(h("0b 00 e4 08")).body
    assert (js.id.value, js.result.value) == (0, 1124)


def test_unknown_serverbound_id():
    with pytest.raises(ParseError):
        parse(DiepServerbound, h("0c"))


@pytest.mark.parametrize("flag", list(DiepServerbound.InputFlag), ids=lambda f: f.name)
def test_each_input_flag_alone(flag):
    """serverbound.md's bit table: each bit alone sets exactly its named boolean."""
    from diep_testlib import Writer
    data = Writer(0x01).vu(flag.value).u8(0).u8(0).bytes()
    if flag == DiepServerbound.InputFlag.use_joysticks:
        data += b"\x00\x00"
    flags = serverbound(data).body.flags
    names = [f.name for f in DiepServerbound.InputFlag]
    assert [n for n in names if getattr(flags, n)] == [flag.name]
