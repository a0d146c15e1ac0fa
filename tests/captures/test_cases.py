"""The small captures of tests/data/captures/cases/ (tools/case_captures.py): damage as
capture tools leave it, the tunnels and link layers people capture, and what must be
counted. Each file is checked for what reading it gives, byte for byte; every frame and
every byte is counted once (delivered, or named in an error event with its count); and,
where tshark is installed, every TCP stream is byte-identical to tshark's follow."""
from __future__ import annotations

import importlib.util
import struct
from collections import Counter
from pathlib import Path

import pytest
from capture_helpers import CAPTURES, errors, read_items, records, streams, unread
from wirestruct.captures.packets import read_packet_capture
from wirestruct.core.errors import (
    CaptureError,
    FramingError,
    ResyncError,
    StreamConflictError,
    StreamGapError,
    UnsupportedError,
)
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records
from wirestruct.protocols.mme.decoder import MmeDecoder
from wirestruct.tools import case_captures
from wirestruct.tools.capture_loopback import pattern
from wirestruct.tools.case_captures import mme_packets, mme_stream

CASES = CAPTURES / "cases"
MME = (case_captures.SPORT,)
TRAFFIC = {(0, "c2s"): pattern(1, 1972), (0, "s2c"): pattern(2, 941),
           (1, "c2s"): pattern(3, 320), (1, "s2c"): pattern(4, 10)}
LO_PORTS = (47311, 47312)
TUNNELS = ["gtp_u.pcap", "gtp_u_mpls.pcap", "l2tp.pcap", "ip_in_ipv4.pcap", "ip_in_ipv6.pcap",
           "wifi_radiotap.pcap", "wifi_ppi.pcap", "netlink_nflog.pcap", "cisco_hdlc.pcap"]


def test_the_committed_files_are_what_the_builder_makes(tmp_path):
    built = case_captures.build(tmp_path)
    assert sorted(p.name for p in built) == sorted(p.name for p in CASES.iterdir())
    for path in built:
        assert path.read_bytes() == (CASES / path.name).read_bytes(), path.name


def read(name, **kwargs):
    return read_items(CASES / name, **kwargs)


def decode(items):
    return list(decode_records(items, MmeDecoder()))


def packets(events, direction="c2s"):
    return [e.raw for e in events if isinstance(e, PacketEvent)
            and e.direction.label == direction and e.parent is None]


# -- damage --------------------------------------------------------------------------------

def test_a_conflicting_copy_on_a_header_sends_the_decoder_to_resync():
    items = read("conflict_on_header.pcap", server_ports=MME)
    [conflict, conflict2] = [e for e in errors(items) if isinstance(e, StreamConflictError)]
    assert (conflict.where.span, conflict2.where.span) == ((200, 300), (300, 400))
    assert conflict.conflicting_copy and conflict.dropped == 100
    events = decode(items)
    sent = mme_packets(1)
    got = packets(events)
    # Packets 0-6 lie before the damage; 7 (191..224) is decoded from the first copy; the
    # header at 225 (type 0xFFFF, size 65,535) cannot be MME: once the conflict is known,
    # resync skips to packet 16 at 413 and decoding goes on to the end.
    assert got[:7] == sent[:7] and got[7] != sent[7] and got[8:] == sent[16:]
    assert len(got) == 32
    kinds = [type(e.error).__name__ for e in events if isinstance(e, ErrorEvent)]
    assert kinds == ["StreamConflictError", "FramingError", "StreamConflictError",
                     "ResyncError"]
    framing, resync = (e.error for e in events if isinstance(e, ErrorEvent)
                       and isinstance(e.error, (FramingError,)))
    assert "ffffffff" in framing.message and framing.where.offset == 225
    assert isinstance(resync, ResyncError)
    assert resync.where.span == (225, 413) and resync.dropped == 188


def test_a_stream_without_damage_waits_for_an_unknown_packet():
    """No damage: an unknown type is a future packet, waited for, not a resync."""
    data = mme_stream(1, 4) + struct.pack("<HH", 0xFFFF, 10) + bytes(10) + mme_stream(2, 2)
    records_ = [CaptureRecord(0, 0.0, Direction.C2S, data, 0)]
    events = list(decode_records(records_, MmeDecoder()))
    assert len(packets(events)) == 4 + 1 + 2
    assert not [e for e in events if isinstance(e, ErrorEvent)
                and type(e.error) is FramingError]


def test_acknowledged_data_captured_after_later_data_is_delivered():
    items = read("acked_unseen.pcap", server_ports=MME)
    assert errors(items) == []
    assert streams(items) == {(0, "c2s"): mme_stream(2)}
    assert packets(decode(items)) == mme_packets(2)


def test_data_after_a_reset_is_delivered():
    items = read("data_after_rst.pcap", server_ports=MME)
    assert errors(items) == []
    assert streams(items) == {(0, "c2s"): mme_stream(3, 4), (0, "s2c"): mme_stream(4)}
    assert packets(decode(items), "s2c") == mme_packets(4)


def test_connection_attempts_with_new_sequence_numbers_are_new_streams():
    items = read("syn_retries.pcap", server_ports=MME)
    assert errors(items) == []
    assert streams(items) == {(4, "c2s"): mme_stream(5), (4, "s2c"): mme_stream(6, 6)}


def test_a_keep_alive_before_a_mid_connection_stream_is_no_data():
    items = read("midstream_keepalive.pcap", server_ports=MME)
    assert errors(items) == []
    assert streams(items) == {(0, "c2s"): mme_stream(7, 10), (0, "s2c"): mme_stream(8, 4)}


def test_ipv4_total_length_zero_takes_the_frame():
    items = read("tso_zero_length.pcap", server_ports=MME)
    assert errors(items) == [] and unread(items) == []
    assert streams(items) == {(0, "c2s"): mme_stream(9, 400)}
    slow = read_items((CASES / "tso_zero_length.pcap").read_bytes(), server_ports=MME)
    assert slow == items
    generated = list(read_packet_capture(open(CASES / "tso_zero_length.pcap", "rb"),
                                         server_ports=MME, fast=False))
    assert [(type(i), getattr(i, "data", None)) for i in generated] == [
        (type(i), getattr(i, "data", None)) for i in items]


# -- tunnels and link layers ----------------------------------------------------------------

@pytest.mark.parametrize("name", TUNNELS)
def test_tunnels_and_link_layers_give_the_loopback_streams(name):
    items = read(name, server_ports=LO_PORTS)
    assert errors(items) == []
    assert streams(items) == TRAFFIC
    [total] = unread(items)[1:]              # the run's three UDP datagrams
    assert (total.dropped, total.dropped_unit) == (3, "frames")
    udp = read(name, server="47313", transport="message")
    assert [r.data for r in records(udp)] == [pattern(5, 5), pattern(6, 100), pattern(7, 30)]


# -- counting ----------------------------------------------------------------------------

def test_unknown_pcapng_blocks_are_counted_and_the_old_packet_block_is_read():
    items = read("unknown_blocks.pcapng", server_ports=LO_PORTS)
    assert errors(items) == [] and streams(items) == TRAFFIC
    kinds = [e for e in unread(items) if e.message.startswith("block at offset")]
    assert len(kinds) == 2 and all(e.dropped is None for e in kinds)
    assert [e.where.offset for e in kinds] == [int(e.message.split()[3][:-1]) for e in kinds]
    [blocks] = [e for e in unread(items) if e.dropped_unit == "blocks"]
    assert blocks.dropped == 2 and "0x00000bae (unknown)" in blocks.message
    assert "0x80001234 (unknown)" in blocks.message


def test_a_record_header_that_loses_the_structure_counts_the_rest_of_the_file():
    data = (CASES / "bad_record_header.pcap").read_bytes()
    items = read("bad_record_header.pcap", server_ports=LO_PORTS)
    [lost] = [e for e in errors(items) if "structure is lost" in e.message]
    at = lost.where.offset
    assert struct.unpack_from("<I", data, at + 8)[0] == 1 << 31
    assert lost.dropped == len(data) - at and lost.dropped_unit == "bytes"
    assert lost is items[-1]


def frames_in(path: Path) -> int:
    """Packet records or packet blocks in a pcap/pcapng file, walked independently."""
    data = path.read_bytes()
    count = 0
    if data[:4] == b"\x0a\x0d\x0d\x0a":
        pos = 0
        while pos + 8 <= len(data):
            kind, length = struct.unpack_from("<II", data, pos)
            count += kind in (2, 3, 6)
            pos += length
        return count
    pos = 24
    while pos + 16 <= len(data):
        incl = struct.unpack_from("<I", data, pos + 8)[0]
        if pos + 16 + incl > len(data):
            break
        count += 1
        pos += 16 + incl
    return count


#: Frames of each file that are not TCP of a followed connection (independently known:
#: the loopback run's three UDP datagrams; the frames after the lost structure).
NOT_TCP = {name: 3 for name in TUNNELS + ["unknown_blocks.pcapng"]}


@pytest.mark.parametrize("name", sorted(p.name for p in CASES.iterdir()))
def test_every_frame_and_byte_is_counted_once(name):
    """Frames: each one is read (its TCP payload delivered or named) or counted once in
    ``dropped`` (unit frames). Bytes: per stream direction, bytes delivered + bytes named
    dropped (with a stream range) = the stream's extent; gap bytes are positions the
    capture never held; a conflicting copy names positions already counted."""
    ports = MME if "mme" in name or name in CASE_MME else LO_PORTS
    items = read(name, server_ports=ports)
    dropped = Counter()
    for item in items:
        if isinstance(item, CaptureError) and item.dropped is not None:
            dropped[item.dropped_unit] += item.dropped
    assert all(e.dropped is None or e.dropped > 0 for e in errors(items) + unread(items))
    assert dropped["frames"] == NOT_TCP.get(name, 0)
    if name == "bad_record_header.pcap":
        assert frames_in(CASES / name) == 10
        return
    delivered, named = Counter(), Counter()
    for item in items:
        if isinstance(item, CaptureRecord):
            delivered[(item.stream, item.direction.label)] += len(item.data)
        elif (isinstance(item, (StreamGapError, StreamConflictError)) and item.dropped
              and not item.conflicting_copy):
            named[(item.where.stream, item.where.direction)] += item.dropped
    extent = {key: delivered[key] + named[key] for key in delivered | named}
    assert extent == EXTENTS[name]


CASE_MME = {"conflict_on_header.pcap", "acked_unseen.pcap", "data_after_rst.pcap",
            "syn_retries.pcap", "midstream_keepalive.pcap", "tso_zero_length.pcap"}
_LOOPBACK = {key: len(value) for key, value in TRAFFIC.items()}
EXTENTS = {name: _LOOPBACK for name in TUNNELS + ["unknown_blocks.pcapng"]}
EXTENTS.update({
    "conflict_on_header.pcap": {(0, "c2s"): len(mme_stream(1))},
    "acked_unseen.pcap": {(0, "c2s"): len(mme_stream(2))},
    "data_after_rst.pcap": {(0, "c2s"): len(mme_stream(3, 4)), (0, "s2c"): len(mme_stream(4))},
    "syn_retries.pcap": {(4, "c2s"): len(mme_stream(5)), (4, "s2c"): len(mme_stream(6, 6))},
    "midstream_keepalive.pcap": {(0, "c2s"): len(mme_stream(7, 10)),
                                 (0, "s2c"): len(mme_stream(8, 4))},
    "tso_zero_length.pcap": {(0, "c2s"): len(mme_stream(9, 400))},
})


def test_frame_counts_of_the_files():
    assert frames_in(CASES / "gtp_u.pcap") == 31
    assert frames_in(CASES / "unknown_blocks.pcapng") == 31


# -- against tshark -----------------------------------------------------------------------

def _compare_module():
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "compare_tshark.py"
    spec = importlib.util.spec_from_file_location("compare_tshark", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.needs("tshark")
def test_every_stream_is_byte_identical_to_tshark_follow():
    from concurrent.futures import ThreadPoolExecutor
    compare = _compare_module()
    paths = sorted(CASES.iterdir())
    with ThreadPoolExecutor(4) as pool:        # tshark runs are mostly its start-up
        followed = list(pool.map(lambda p: compare.tshark_streams(p, 60.0, list(range(5))),
                                 paths))
    for path, theirs in zip(paths, followed):
        result = compare.compare_file(path, 60.0, theirs)
        assert result["error"] is None, result
        assert result["directions"] > 0 and result["differ"] == [], (path.name, result)
        assert result["unaccounted"] == result["phantom"] == 0


def test_unread_kinds_are_named_once():
    items = read("wifi_radiotap.pcap", server_ports=LO_PORTS)
    first = [e for e in unread(items) if e.dropped is None]
    assert len(first) == 1 and isinstance(first[0], UnsupportedError)
