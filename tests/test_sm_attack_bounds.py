"""Scrap Mechanic 22 Network Updates of thousands of failing sub-updates: a few KB of
capture must stay within 256 MB and cost time linear in its bytes, for ``decode`` and
``state``, measured in a child process running the real command line (peak RSS and CPU
from resource.getrusage).

A failing sub-update past the errors a packet shows is only counted: one shorter than its
header (the spec's ``len_header``) is not parsed. Both shortcuts are checked here against
the full path: the header sizes against the generated parser, the summary against a
decode that builds every error.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import lz4.block
import pytest
from hostile_inputs import jsonl
from kaitaistruct import KaitaiStream
from wirestruct import decode_records, get_protocol
from wirestruct.core.errors import LimitExceededError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import MAX_ITEMS_PER_PACKET, Limits
from wirestruct.core.parse import parse
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate
from wirestruct.protocols.scrap_mechanic.decoder import HEADER_SIZES

SM = get_protocol("scrap-mechanic")
ONE_BYTE = bytes.fromhex("000300")          # a raw sub-update of one byte of data
HEADER_FIELDS = ("update_type", "netobj_type", "controller_type", "netobj_id")


def network_update(sub_updates: bytes, tick: int) -> bytes:
    body = tick.to_bytes(4, "big") + sub_updates
    return bytes([22]) + lz4.block.compress(body, store_size=False)


def one_byte_capture(size: int) -> tuple[str, int]:
    """JSON Lines of 22s, each of max_items_per_packet one-byte sub-updates, up to about
    ``size`` bytes; (text, sub-updates)."""
    packets: list[bytes] = []
    while len(jsonl(packets)) < size:
        packets.append(network_update(ONE_BYTE * MAX_ITEMS_PER_PACKET, len(packets) + 1))
    return jsonl(packets), len(packets) * MAX_ITEMS_PER_PACKET


_MEASURE = ("import resource, subprocess, sys\n"
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(u.ru_maxrss, u.ru_utime + u.ru_stime)\n")


def measure(args: list[str]) -> tuple[int, float]:
    """Peak RSS (KB) and CPU seconds of a child process running ``args``."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, *args], capture_output=True,
                         text=True, check=True)
    rss, cpu = out.stdout.split()
    return int(rss), float(cpu)


@pytest.mark.parametrize("command", ["decode", "state"])
def test_one_byte_sub_updates_stay_bounded_and_linear(command, tmp_path: Path):
    wirestruct = str(Path(sys.executable).with_name("wirestruct"))
    runs = {}
    for size in (4_400, 27_000):
        text, n = one_byte_capture(size)
        capture = tmp_path / f"sm22-{size}.jsonl"
        capture.write_text(text)
        runs[size] = (n, *measure([wirestruct, command, "-p", "scrap-mechanic", str(capture)]))
    for size, (n, rss, _cpu) in runs.items():
        assert rss < 256 * 1024, f"{command} {size} B ({n} sub-updates): peak RSS {rss} KB"
    (n_small, rss_small, cpu_small), (n_large, rss_large, cpu_large) = runs.values()
    # Six times the bytes: memory does not grow with them, time grows by the work alone
    # (was about 60 us a sub-update; now about 1).
    assert rss_large < rss_small + 32 * 1024, runs
    per_sub_update = (cpu_large - cpu_small) / (n_large - n_small)
    assert per_sub_update < 15e-6, f"{command}: {per_sub_update * 1e6:.1f} us per sub-update"


def test_the_state_summary_and_event_count_of_such_a_capture(tmp_path: Path):
    text, n = one_byte_capture(4_400)
    capture = tmp_path / "sm22.jsonl"
    capture.write_text(text)
    wirestruct = str(Path(sys.executable).with_name("wirestruct"))
    out = subprocess.run([wirestruct, "decode", "-p", "scrap-mechanic", str(capture)],
                         capture_output=True, text=True)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    packets = n // MAX_ITEMS_PER_PACKET
    # per packet: its event, 16 errors, one summary of the rest
    assert len(lines) == packets * 18
    summaries = [e for e in lines if e.get("error") == "LimitExceededError"]
    assert len(summaries) == packets
    assert summaries[0]["message"] == (
        f"{MAX_ITEMS_PER_PACKET - 16} more errors in this packet not shown one by one "
        f"({MAX_ITEMS_PER_PACKET - 16} ParseError), the first at "
        "sub_updates[16]/SmNetworkUpdate.netobj_id")


# -- the shortcuts against the full path --------------------------------------------------

def test_header_sizes_are_where_the_generated_parser_reads_the_data():
    """Every first byte: any shorter data fails in a header field; data of the header's
    size gets past the header."""
    for head in range(256):
        size = HEADER_SIZES[head]
        assert size == (6 if head >> 5 == 1 else 5)
        for n in range(size):
            with pytest.raises(Exception) as caught:
                parse(SmNetworkUpdate, bytes([head]) + b"\x00" * (n - 1) if n else b"", 0)
            path = getattr(caught.value, "where", None)
            assert path is not None and path.field_path.split(".")[-1] in HEADER_FIELDS, \
                (head, n, path)
        try:
            parse(SmNetworkUpdate, bytes([head]) + b"\x00" * (size - 1), 0)
        except Exception as exc:  # noqa: BLE001 - any failure must be past the header
            last = exc.where.field_path.split(".")   # type: ignore[attr-defined]
            assert last[1] not in HEADER_FIELDS, (head, exc)
        probe = SmNetworkUpdate.__new__(SmNetworkUpdate)
        probe.update_type = KaitaiStream.resolve_enum(SmNetworkUpdate.UpdateType, head >> 5)
        assert probe.len_header == size


def _decode(packets: list[bytes], limits: Limits) -> list:
    records = [CaptureRecord(i, float(i), Direction.S2C, p) for i, p in enumerate(packets)]
    return list(decode_records(records, SM.decoder(limits=limits)))


def _sub(data: bytes) -> bytes:
    return (len(data) + 2).to_bytes(2, "big") + data


def test_counted_failures_are_the_ones_built_in_full():
    """A mix of sub-updates shorter than their header, header-only Creates that fail in
    their data, good ones and bytes left over: the summary of the default decode counts
    exactly the errors a decode showing all of them gives, by kind, with the same first."""
    good = bytes([(5 << 5) | 0]) + (7).to_bytes(4, "big")              # a Remove
    short_create = bytes([(1 << 5) | 4, 0, 0, 0])                      # 4 of 6 header bytes
    container_head = bytes([(1 << 5) | 4, 0]) + (9).to_bytes(4, "big")  # no slots count
    left_over = good + b"\x01"
    mix = b"".join(_sub(d) for d in [b"\x00", short_create, good, container_head, left_over,
                                     b"", b"\x63\x01"] * 40)
    packets = [network_update(mix, 1), network_update(_sub(good), 2)]
    full = _decode(packets, Limits(max_errors_per_packet=100_000))
    counted = _decode(packets, Limits())
    full_errors = [e.error for e in full if isinstance(e, ErrorEvent) and e.record == 0]
    shown = [e.error for e in counted if isinstance(e, ErrorEvent) and e.record == 0]
    assert len(full_errors) == 6 * 40 and len(shown) == 17
    assert [e.to_json() for e in shown[:16]] == [e.to_json() for e in full_errors[:16]]
    summary = shown[16]
    assert isinstance(summary, LimitExceededError)
    first = full_errors[16]
    kinds: dict[str, int] = {}
    for e in full_errors[16:]:
        kinds[e.kind] = kinds.get(e.kind, 0) + 1
    listed = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    assert summary.message == (f"{len(full_errors) - 16} more errors in this packet not "
                               f"shown one by one ({listed}), the first at "
                               f"{first.where.field_path}")
    assert summary.where.offset == first.where.offset
    assert summary.dropped == sum(e.dropped or 0 for e in full_errors[16:])
    good_counted = [e for e in counted if isinstance(e, PacketEvent)]
    good_full = [e for e in full if isinstance(e, PacketEvent)]
    assert [len(e.expansions["sub_updates"]) for e in good_counted] == \
        [len(e.expansions["sub_updates"]) for e in good_full] == [40, 1]
