"""Fuzz harness: mutated captures and packets, fed to every registered decoder and tracker
and to every capture reader. Only wirestruct.core.errors may come out.

Short run (the default, in CI): ``WIRESTRUCT_FUZZ_EXAMPLES`` examples per test (150).
Long run: ``WIRESTRUCT_FUZZ_EXAMPLES=20000 python -m pytest tests/test_fuzz.py -q``
(see benchmarks/README.md).
"""
import io
import itertools
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wirestruct.captures import detect_format
from wirestruct.captures.files.container import ContainerReader, write_container
from wirestruct.captures.files.jsonl import read_jsonl
from wirestruct.core.errors import WirestructError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord
from wirestruct.core.session import decode_records, track
from wirestruct.output.jsonify import to_jsonable
from wirestruct.plugin import registry

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("WIRESTRUCT_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 1000,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
#: Small caps so a mutation that inflates a length cannot make a slow test.
LIMITS = Limits(max_decompressed=1 << 20, max_packet=1 << 20, max_record=1 << 20)


def sample_records(name: str, count: int = 30):
    path = ROOT / "samples" / f"{name.replace('-', '_')}.jsonl"
    with open(path, "rb") as f:
        return [r for r in itertools.islice(read_jsonl(f), count) if isinstance(r, CaptureRecord)]


PROTOCOLS = registry.protocol_names()


@st.composite
def mutation(draw, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "set", "insert", "delete", "truncate", "dup"]))
        pos = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "flip" and data:
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif kind == "set" and data:
            data[pos] = draw(st.sampled_from([0x00, 0x01, 0x7F, 0x80, 0xFF, draw(st.integers(0, 255))]))
        elif kind == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete" and data:
            del data[pos:pos + draw(st.integers(1, 8))]
        elif kind == "truncate":
            del data[pos:]
        elif kind == "dup" and data:
            data[pos:pos] = data[pos:pos + draw(st.integers(1, 32))]
    return bytes(data)


def run_all(protocol_name: str, records):
    protocol = registry.get_protocol(protocol_name)
    tracker = protocol.tracker()
    events = list(track(decode_records(records, protocol.decoder(limits=LIMITS)), tracker))
    for event in events:
        assert isinstance(event, (PacketEvent, ErrorEvent))
        if isinstance(event, ErrorEvent):
            assert isinstance(event.error, WirestructError)
            str(event.error)
        else:
            to_jsonable(event.packet)
    snapshot = tracker.snapshot()
    assert isinstance(snapshot, dict)
    return events


@pytest.mark.parametrize("name", PROTOCOLS)
@FUZZ
@given(data=st.data())
def test_mutated_record_in_a_real_session(name, data):
    records = sample_records(name)[:60]   # a real session's opening: state, then the rest
    target = data.draw(st.integers(0, len(records) - 1))
    mutated = data.draw(mutation(records[target].data))
    records[target] = CaptureRecord(target, records[target].t, records[target].direction,
                                    mutated, records[target].stream)
    run_all(name, records)


@pytest.mark.parametrize("name", PROTOCOLS)
@FUZZ
@given(packets=st.lists(st.binary(max_size=200), min_size=1, max_size=8),
       directions=st.lists(st.sampled_from([0, 1]), min_size=8, max_size=8))
def test_random_bytes(name, packets, directions):
    from wirestruct.core.records import Direction
    records = [CaptureRecord(i, float(i), Direction(directions[i]), p) for i, p in enumerate(packets)]
    run_all(name, records)


@pytest.mark.parametrize("name", PROTOCOLS)
@FUZZ
@given(data=st.data())
def test_mutated_container_file(name, data):
    out = io.BytesIO()
    write_container(out, name, sample_records(name, 12))
    blob = data.draw(mutation(out.getvalue()))
    try:
        reader = ContainerReader(io.BytesIO(blob), max_record=1 << 20)
    except WirestructError:
        return
    items = list(reader)
    assert all(isinstance(i, (CaptureRecord, WirestructError)) for i in items)
    run_all(name, [i for i in items if isinstance(i, CaptureRecord)])


@FUZZ
@given(blob=st.binary(max_size=400))
def test_jsonl_reader_and_format_detection_take_anything(blob):
    items = list(read_jsonl(io.BytesIO(blob), limits=Limits(max_record=1 << 16)))
    assert all(isinstance(i, (CaptureRecord, WirestructError)) for i in items)
    try:
        detect_format(blob[:16])
    except WirestructError:
        pass


CAPTURE_FILES = sorted((ROOT / "tests" / "data" / "captures").glob("*.pcap*")) + sorted(
    (ROOT / "tests" / "data" / "mme").glob("*.pcap*"))


@pytest.mark.parametrize("path", CAPTURE_FILES, ids=lambda p: p.name)
@settings(max_examples=max(20, EXAMPLES // 3), deadline=None, derandomize=EXAMPLES <= 1000,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_mutated_pcap_files(path, data):
    from wirestruct.captures.packets import read_packet_capture
    blob = data.draw(mutation(path.read_bytes()))
    for transport in ("stream", "message"):
        items = list(read_packet_capture(io.BytesIO(blob), server=None, server_ports=(),
                                         transport=transport, limits=LIMITS))
        assert all(isinstance(i, (CaptureRecord, WirestructError)) for i in items)
    if "mme" in str(path):
        stream_items = list(read_packet_capture(io.BytesIO(blob), server=None,
                                                server_ports=registry.get_protocol("mme").default_ports,
                                                transport="stream", limits=LIMITS))
        run_all("mme", [i for i in stream_items if isinstance(i, CaptureRecord)])
