"""The specs write what they read: the read-write classes (wirestruct.generated_rw) on
every kind of structure of the samples and test captures, and packets built from scratch.
See docs/serialization.md; ``python tests/write/write_roundtrip.py`` writes back every one
of them."""
import struct
from io import BytesIO

import kaitaistruct
import pytest
import write_roundtrip as roundtrip
from kaitaistruct import KaitaiStream
from wirestruct.generated_rw.mme.mme_packet import MmePacket
from wirestruct.generated_rw.mme.mme_players import MmePlayers
from wirestruct.generated_rw.mme.mme_types import MmeTypes

#: every generated type the decoders build from the samples and test captures as a root
#: structure, with the least number of distinct ones (roundtrip.distinct) there; each
#: must be written back byte for byte
WRITTEN_BACK = {
    "capture/ethernet_frame::EthernetFrame": 10,
    "capture/ip_payload::IpPayload": 25,
    "capture/ipv4_packet::Ipv4Packet": 8,
    "capture/ipv6_packet::Ipv6Packet": 2,
    "capture/link_frame::LinkFrame": 20,
    "capture/linux_sll2::LinuxSll2": 7,
    "capture/linux_sll::LinuxSll": 6,
    "capture/pcap::Pcap": 5,
    "capture/pcapng::Pcapng": 2,
    "capture/tcp_segment::TcpSegment": 20,
    "capture/udp_datagram::UdpDatagram": 3,
    "capture/wirestruct_capture::WirestructCapture": 1,
    "diep/diep_clientbound_diepcustom_011c2e9::DiepClientboundDiepcustom011c2e9": 15,
    "diep/diep_serverbound::DiepServerbound": 9,
    "mme/mme_packet::MmePacket": 60,
    "scrap_mechanic/sm_blob_chat_message::SmBlobChatMessage": 1,
    "scrap_mechanic/sm_blob_data::SmBlobData": 4,
    "scrap_mechanic/sm_blob_gameplay_options::SmBlobGameplayOptions": 1,
    "scrap_mechanic/sm_blob_player_data::SmBlobPlayerData": 1,
    "scrap_mechanic/sm_blob_world_info::SmBlobWorldInfo": 1,
    "scrap_mechanic/sm_character_info::SmCharacterInfo": 1,
    "scrap_mechanic/sm_compound_body::SmCompoundBody": 2,
    "scrap_mechanic/sm_connect::SmConnect": 1,
    "scrap_mechanic/sm_container_transaction::SmContainerTransaction": 10,
    "scrap_mechanic/sm_display_alert_text::SmDisplayAlertText": 3,
    "scrap_mechanic/sm_display_message::SmDisplayMessage": 2,
    "scrap_mechanic/sm_drop_item_stack::SmDropItemStack": 1,
    "scrap_mechanic/sm_file_checksums::SmFileChecksums": 1,
    "scrap_mechanic/sm_generic_data_c2s::SmGenericDataC2s": 2,
    "scrap_mechanic/sm_generic_data_s2c::SmGenericDataS2c": 1,
    "scrap_mechanic/sm_generic_initialization_data::SmGenericInitializationData": 1,
    "scrap_mechanic/sm_harvestable_destroy::SmHarvestableDestroy": 1,
    "scrap_mechanic/sm_hotbar_item_changed::SmHotbarItemChanged": 1,
    "scrap_mechanic/sm_interact::SmInteract": 5,
    "scrap_mechanic/sm_lift_delete_creation::SmLiftDeleteCreation": 1,
    "scrap_mechanic/sm_lift_import_creation::SmLiftImportCreation": 2,
    "scrap_mechanic/sm_lift_level::SmLiftLevel": 1,
    "scrap_mechanic/sm_lua_object::SmLuaObject": 7,
    "scrap_mechanic/sm_network_update::SmNetworkUpdate": 40,
    "scrap_mechanic/sm_packet::SmPacket": 15,
    "scrap_mechanic/sm_place::SmPlace": 5,
    "scrap_mechanic/sm_player_movement::SmPlayerMovement": 1,
    "scrap_mechanic/sm_remove::SmRemove": 2,
    "scrap_mechanic/sm_remove_joint::SmRemoveJoint": 1,
    "scrap_mechanic/sm_respond_passphrase::SmRespondPassphrase": 1,
    "scrap_mechanic/sm_script_data_c2s::SmScriptDataC2s": 2,
    "scrap_mechanic/sm_script_data_s2c::SmScriptDataS2c": 2,
    "scrap_mechanic/sm_script_initialization_data::SmScriptInitializationData": 1,
    "scrap_mechanic/sm_server_info::SmServerInfo": 1,
    "scrap_mechanic/sm_string::SmString": 2,
    "scrap_mechanic/sm_unreliable_update::SmUnreliableUpdate": 2,
}


def test_every_spec_has_an_importable_read_write_module():
    """generated_rw/ mirrors generated/: one read-write module per spec, every class a
    ReadWriteKaitaiStruct; besides them each read-write folder has its `_expressions.py`."""
    root = roundtrip.ROOT
    read_only = sorted(p.relative_to(root / "generated").as_posix()
                       for p in (root / "generated").glob("*/*.py"))
    read_write = sorted(p.relative_to(root / "generated_rw").as_posix()
                        for p in (root / "generated_rw").glob("*/*.py"))
    folders = sorted(p.name for p in (root / "ksy").iterdir() if p.is_dir())
    assert sorted(set(read_write) - set(read_only)) == [f"{f}/_expressions.py" for f in folders]
    assert set(read_only) <= set(read_write)
    assert {m for m in read_only if m.split("/")[1].startswith("_")} == {
        f"{f}/__init__.py" for f in folders}
    specs = sorted(f"{p.parent.name}/{p.stem}.py" for p in (root / "ksy").glob("*/*.ksy"))
    assert [m for m in read_write if not m.split("/")[1].startswith("_")] == specs
    types = roundtrip.all_types()
    assert len(types) > 150
    assert all(issubclass(cls, kaitaistruct.ReadWriteKaitaiStruct) for cls in types)


@pytest.fixture(scope="module")
def structures():
    roundtrip.ensure_kaitaistruct_writes()
    return roundtrip.real_structures()


@pytest.fixture(scope="module")
def results(structures):
    return roundtrip.table(roundtrip.distinct(structures))


def test_the_distinct_structures_parse_every_type_the_captures_do(structures):
    """The selection loses no kind: every generated type parsed anywhere in the samples
    and test captures is parsed under a structure that is written back."""
    kept = roundtrip.distinct(structures)
    assert 200 < len(kept) < len(structures) // 10
    every = set().union(*(s.types for s in structures))
    assert len(every) > 150
    assert set().union(*(s.types for s in kept)) == every
    assert {s.cls for s in kept} == {s.cls for s in structures}


def test_every_structure_of_the_real_captures_is_written_back(results):
    failures = {name: dict(counter) for name, counter in results.items()
                if set(counter) != {"ok"}}
    assert failures == {}


@pytest.mark.parametrize("name", sorted(WRITTEN_BACK))
def test_type_is_written_back_byte_for_byte(results, name):
    assert set(results[name]) == {"ok"}
    assert results[name]["ok"] >= WRITTEN_BACK[name]


def test_no_type_goes_untested(results):
    assert set(results) == set(WRITTEN_BACK)


def test_round_trip_reports_bytes_that_differ():
    """The comparison is real: a structure whose bytes the writer cannot reproduce (a
    second, non-canonical form of the same values) is reported, not passed."""
    from wirestruct.generated.mme.mme_packet import MmePacket as ReadOnlyPacket
    data = struct.pack("<HH5f", 24, 20, 1.0, 2.0, 3.0, 0.0, 0.0)
    sample = roundtrip.Sample(ReadOnlyPacket, (), data, "test")
    assert roundtrip.round_trip(sample) == "ok"
    truncated = roundtrip.Sample(ReadOnlyPacket, (), data[:-1], "test")
    assert roundtrip.round_trip(truncated) == (
        "read: EndOfStreamError: requested 20 bytes, but only 19 bytes available")
    # CHAT_MESSAGE's text is NUL-terminated within the payload: what follows the NUL is
    # read and discarded, and the writer pads with NULs instead.
    chat = struct.pack("<HHB", 8, 7, 0) + b"hi\x00xyz"
    assert roundtrip.round_trip(roundtrip.Sample(ReadOnlyPacket, (), chat, "test")) == (
        "write: bytes differ (first at byte 8)")


def move_player(player_id, ignored=b""):
    move = MmePlayers.MovePlayer()
    move.x, move.y, move.z, move.u, move.v = 1.5, 2.0, -3.25, 0.5, 0.0
    move.player_id = player_id
    move.ignored = ignored
    move._check()
    packet = MmePacket()
    packet.packet_type = MmeTypes.PacketType.move_player
    packet.len_payload = 21 + len(ignored)
    packet.payload = move
    packet._check()
    return packet


def write(obj, size):
    out = KaitaiStream(BytesIO(bytearray(size)))
    obj._write(out)
    return out.to_byte_array()


def test_a_packet_built_from_scratch_is_written_and_reads_back():
    data = write(move_player(7), 25)
    assert data == struct.pack("<HH5fB", 24, 21, 1.5, 2.0, -3.25, 0.5, 0.0, 7)
    again = MmePacket(KaitaiStream(BytesIO(data)))
    again._read()
    assert again.packet_type == MmeTypes.PacketType.move_player
    assert (again.payload.x, again.payload.z, again.payload.player_id) == (1.5, -3.25, 7)
    assert again.payload.teleports_self is False


def test_a_length_the_writer_did_not_keep_consistent_is_refused():
    packet = move_player(7)
    packet.len_payload = 22          # one byte more than the payload writes
    packet._check()                  # _check() sees fields one by one ...
    with pytest.raises(kaitaistruct.ConsistencyError, match="ignored"):
        write(packet, 26)            # ... the size-eos field finds the byte left over
    with pytest.raises(kaitaistruct.ConsistencyNotCheckedError):
        move = move_player(7)
        move.payload.player_id = 8   # changed after _check()
        write(move, 25)


def test_a_modified_real_packet_is_written_with_the_change():
    data = struct.pack("<HH5fB", 24, 21, 1.0, 2.0, 3.0, 0.0, 0.0, 0)
    packet = MmePacket(KaitaiStream(BytesIO(data)))
    packet._read()
    packet._fetch_instances()
    assert packet.payload.teleports_self is True
    packet.payload.player_id = 9
    packet.payload._check()
    packet._check()
    assert write(packet, len(data)) == data[:-1] + b"\x09"


def test_a_switch_payload_of_another_type_is_the_writers_to_avoid():
    """_check() does not compare the switch value with the payload's type (see
    docs/serialization.md): the bytes are written and read back as the other type."""
    chat = MmePlayers.ChatMessage()
    chat.player_id = 0
    chat.message = "hi"
    chat._check()
    packet = MmePacket()
    packet.packet_type = MmeTypes.PacketType.move_player
    packet.len_payload = 3
    packet.payload = chat
    packet._check()
    assert write(packet, 7) == bytes.fromhex("18000300") + b"\x00hi"


def test_repeat_eos_must_end_at_the_stream_end():
    from wirestruct.generated_rw.scrap_mechanic.sm_common import SmCommon
    from wirestruct.generated_rw.scrap_mechanic.sm_compound_body import SmCompoundBody
    body = SmCompoundBody()
    sub = SmCompoundBody.Subpacket(None, body, body)
    sub.len_subpacket = 3
    sub.packet_id = SmCommon.PacketId(22)
    sub.body = b"ab"
    sub._check()
    body.subpackets = [sub]
    body._check()
    assert write(body, 7) == bytes.fromhex("00000003") + b"\x16ab"
    with pytest.raises(kaitaistruct.ConsistencyError, match="subpackets"):
        write(body, 12)


def test_bit_stream_floats_are_set_through_their_bits():
    """A character update's floats are values computed from raw bits: changing the bits
    without rebuilding the float object is caught by _check()."""
    from wirestruct.generated.scrap_mechanic.sm_unreliable_update import SmUnreliableUpdate
    from wirestruct.generated_rw.scrap_mechanic.sm_common import SmCommon
    samples = roundtrip.record_structures(
        lambda: roundtrip.decode_capture("samples/scrap_mechanic.jsonl", "scrap-mechanic"),
        "sm")
    data = next(s.data for s in samples if s.cls is SmUnreliableUpdate)
    rw = roundtrip.rw_class(SmUnreliableUpdate)
    update = rw(KaitaiStream(BytesIO(data)))
    update._read()
    update._fetch_instances()
    character = next(u.data for u in update.updates if hasattr(u.data, "position_x_bits"))
    bits = struct.unpack(">I", struct.pack(">f", 12.5))[0]
    character.position_x_bits = bits
    with pytest.raises(kaitaistruct.ConsistencyError, match="position"):
        character._check()
    # The float objects read no bytes: "reading" them from an empty stream builds them.
    position = SmCommon.Vec3fFromBits(bits, character.position_y_bits,
                                      character.position_z_bits,
                                      KaitaiStream(BytesIO(b"")), character, character._root)
    position._read()
    character.position = position
    character._check()
    update._check()
    again = rw(KaitaiStream(BytesIO(write(update, len(data)))))
    again._read()
    moved = next(u.data for u in again.updates if hasattr(u.data, "position_x_bits"))
    assert moved.position.x.value == 12.5
