"""The decoder: packets in, events out; 0x02 decompressed and decoded one level deep;
every failure an error event of wirestruct.core.errors, and decoding goes on."""
import struct

import lz4.block
import pytest
from diep_testlib import BUILD, SQUARE_CREATION, TANK_UPDATE, h
from wirestruct.core.errors import (
    DecompressionError,
    LimitExceededError,
    ParseError,
    UsageError,
    WirestructError,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records
from wirestruct.output.jsonify import to_jsonable
from wirestruct.plugin import registry

PROTOCOL = registry.get_protocol("diep")
UPDATE = h("00 0a 00 02") + TANK_UPDATE + SQUARE_CREATION


def wrap(inner: bytes, declared=None) -> bytes:
    return (b"\x02" + struct.pack("<I", len(inner) if declared is None else declared)
            + lz4.block.compress(inner, store_size=False))


def decode(*packets, direction=Direction.S2C, **options):
    records = [CaptureRecord(i, i * 0.04, direction, p) for i, p in enumerate(packets)]
    return list(decode_records(records, PROTOCOL.decoder(**options)))


def test_protocol_plugs_in():
    assert PROTOCOL.name == "diep" and PROTOCOL.transport == "message"
    assert PROTOCOL.specs.folder.name == "diep" and PROTOCOL.default_ports == ()
    decoder = PROTOCOL.decoder(diep_build="diepcustom-011c2e9", map_out=None)
    assert decoder.build.key == "diepcustom_011c2e9"
    with pytest.raises(UsageError, match="unknown_option: not an option of protocol diep"):
        PROTOCOL.decoder(unknown_option=1)
    assert PROTOCOL.decoder(diep_build="diepcustom_011c2e9").build is decoder.build
    with pytest.raises(ValueError, match="unknown diep build"):
        PROTOCOL.decoder(diep_build="no-such-build")


def test_update_event():
    (event,) = decode(UPDATE)
    assert isinstance(event, PacketEvent)
    assert (event.packet_id, event.name, event.raw, event.parent) == (0, "update", UPDATE, None)
    assert event.packet.body.tick.value == 10
    assert to_jsonable(event.packet)["packet_id"] == "update"
    (item,) = PROTOCOL.export_items(event)
    assert (item.data, item.spec) == (UPDATE, BUILD.spec) == (UPDATE, "diep_clientbound_diepcustom_011c2e9")


def test_serverbound_event_and_export():
    (event,) = decode(h("01 99 10 88 81 85 02 8a a7 81 0f"), direction=Direction.C2S)
    assert (event.packet_id, event.name) == (1, "input")
    assert to_jsonable(event.packet)["body"]["flags"]["switch_class"] is True
    (item,) = PROTOCOL.export_items(event)
    assert item.spec == "diep_serverbound"


def test_0x02_round_trip():
    packet = wrap(UPDATE)
    outer, inner = decode(packet)
    assert (outer.packet_id, outer.name) == (2, "compressed")
    assert outer.packet.body.len_decompressed == len(UPDATE)
    assert outer.expansions["decompressed"] == UPDATE
    assert (inner.packet_id, inner.name, inner.raw, inner.parent) == (0, "update", UPDATE, outer.index)
    assert inner.index == outer.index + 1 and inner.record == outer.record
    assert inner.packet.body.upcreates[1].body.name_name.value == "Square"
    items = PROTOCOL.export_items(outer)
    assert [(i.label, i.data, i.spec) for i in items] == [
        ("packet", packet, BUILD.spec), ("decompressed", UPDATE, BUILD.spec)]


def test_0x02_of_other_packets():
    code = b"\x0d\x00" + b"return 1;" * 200 + b"\x00"
    outer, inner = decode(wrap(code))
    assert inner.name == "int_js_challenge" and inner.packet.body.code.value == "return 1;" * 200


def one_error(events, kind):
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert len(errors) == 1, events
    assert isinstance(errors[0].error, kind), errors[0].error
    return errors[0].error


def test_0x02_inside_0x02_is_refused_and_decoding_goes_on():
    events = decode(wrap(wrap(UPDATE)), UPDATE)
    err = one_error(events, LimitExceededError)
    assert "inside a 0x02" in err.message
    packets = [e for e in events if isinstance(e, PacketEvent)]
    # the outer 0x02 is kept, the one inside it fails, the next record decodes
    assert [(p.name, p.parent) for p in packets] == [("compressed", None), ("update", None)]


def test_0x02_declared_length_must_match():
    err = one_error(decode(wrap(UPDATE, declared=len(UPDATE) + 1)), DecompressionError)
    assert err.where.packet_id == 2 and err.where.field_path == "body.lz4_block"
    one_error(decode(wrap(UPDATE, declared=len(UPDATE) - 1)), DecompressionError)


def test_0x02_declared_length_is_capped():
    err = one_error(decode(wrap(UPDATE), limits=Limits(max_decompressed=64)), LimitExceededError)
    assert err.expected == "at most 64 bytes"
    one_error(decode(h("02 ff ff ff ff 00")), LimitExceededError)   # 4 GiB declared


def test_0x02_corrupt_block():
    # 16 bytes declared; the block's one token asks for 15 + 255 + 255 + 255 literals
    err = one_error(decode(h("02 10 00 00 00 f0 ff ff ff")), DecompressionError)
    assert err.message.startswith("corrupt LZ4 block: ")
    assert err.expected == "an LZ4 block of 16 bytes"
    assert (err.where.packet_id, err.where.packet_name, err.where.offset, err.where.field_path) \
        == (2, "compressed", 5, "body.lz4_block")


def test_bad_packets_become_error_events():
    events = decode(b"", h("0e"), UPDATE + b"\x00", UPDATE[:-3], UPDATE)
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert len(errors) == 4 and all(isinstance(e.error, ParseError) for e in errors)
    assert [e.record for e in errors] == [0, 1, 2, 3]
    assert "empty" in errors[0].error.message
    assert errors[1].error.where.packet_id == 0x0E
    assert "1 bytes left" in errors[2].error.message and errors[2].error.where.offset == len(UPDATE)
    assert errors[3].error.expected == "more bytes"
    assert errors[3].error.where.field_path and errors[3].error.where.packet_name == "update"
    assert isinstance(events[-1], PacketEvent) and events[-1].record == 4


def test_hostile_counts_end_in_errors():
    # tick 1, no deletion, then a count that lies: vu ff ff ff ff 0f = 2**32 - 1
    # upcreates at byte 3, and two bytes after it
    (event,) = decode(h("00 01 00 ff ff ff ff 0f 01 05"))
    err = event.error
    assert isinstance(err, LimitExceededError) and isinstance(err, WirestructError)
    assert err.message == f"{2**32 - 1} upcreates declared"
    assert err.expected == f"at most {Limits().max_entities_per_packet} entities in one packet"
    assert (err.where.packet_id, err.where.packet_name, err.where.offset, err.where.field_path) \
        == (0, "update", 3, "body.num_upcreates")
    assert err.dropped == 10                              # the whole packet
    # invalid UTF-8 in a string: the packet is kept, the string noted (tests/test_edges_strings.py)
    packet, error = decode(h("01 ff fe 00"))
    assert (packet.packet_id, packet.name) == (1, "outdated_client")
    assert to_jsonable(packet.packet)["body"]["build"] == \
        {"value": {"text": "\ufffd\ufffd", "hex": "fffe"}}
    assert isinstance(error.error, ParseError) and error.error.expected == "UTF-8 text"
    assert error.error.message.startswith(
        "invalid UTF-8 in a string of 2 bytes: ff at byte 0, fe at byte 1;")
    where = error.error.where        # an error event's packet_index is its own index
    assert (where.packet_index, where.packet_id, where.packet_name, where.offset) \
        == (error.index, 1, "outdated_client", 1) and error.index == packet.index + 1
