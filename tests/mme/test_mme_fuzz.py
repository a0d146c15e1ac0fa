"""Mutated mme packets of every type, fed through the decoder, tracker, JSON conversion and
Web IDE export: only wirestruct.core.errors may come out (as error events)."""
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wirestruct import get_protocol
from wirestruct.captures.files.jsonl import read_jsonl
from wirestruct.core.errors import WirestructError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord
from wirestruct.core.session import decode_records, track
from wirestruct.output.jsonify import to_jsonable

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "mme.jsonl"


def _sample_packets():
    protocol = get_protocol("mme")
    with open(SAMPLE, "rb") as f:
        records = list(read_jsonl(f))
    return [(e.direction, e.raw) for e in decode_records(records, protocol.decoder())
            if isinstance(e, PacketEvent)]


PACKETS = _sample_packets()
FIRST_OF_EACH = list({raw[:2]: (d, raw) for d, raw in PACKETS}.values())


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_mutated_packets_only_raise_wirestruct_errors(data):
    protocol = get_protocol("mme")
    picks = data.draw(st.lists(st.sampled_from(FIRST_OF_EACH), min_size=1, max_size=6))
    records = []
    for i, (direction, raw) in enumerate(picks):
        raw = bytearray(raw)
        for _ in range(data.draw(st.integers(0, 3))):
            pos = data.draw(st.integers(0, len(raw) - 1))
            raw[pos] = data.draw(st.integers(0, 255))
        if data.draw(st.booleans()):
            raw = raw[:data.draw(st.integers(0, len(raw)))]
        records.append(CaptureRecord(i, 0.0, direction, bytes(raw)))
    decoder = protocol.decoder(limits=Limits(max_decompressed=1 << 20, max_map_volume=1 << 20))
    tracker = protocol.tracker(limits=Limits(max_map_volume=1 << 20))
    for event in track(decode_records(records, decoder), tracker):
        if isinstance(event, ErrorEvent):
            assert isinstance(event.error, WirestructError)
            assert event.error.to_json()["message"]
        else:
            to_jsonable(event.packet)
            to_jsonable(event.expansions)
            for item in protocol.export_items(event):
                assert item.data and item.spec.startswith("mme_")
    to_jsonable(tracker.snapshot())
