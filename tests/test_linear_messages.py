"""Decoding and tracking work grows linearly with the input, for Scrap Mechanic and diep.io.

Work is counted, not timed: every Python function call and every call into C (including
generator resumptions) made while decoding and tracking, seen through ``sys.setprofile``.
Inputs of size N and 8N must cost ~8x the work. The last test checks that the measure
does catch a quadratic decoder: the same count grows ~64x for a framing loop that re-reads
the body from its start for every sub-update.
"""
from __future__ import annotations

import sys

import pytest
from hostile_inputs import (
    diep_compressed,
    diep_full_creation,
    sm_compound_body,
    sm_create_static,
    sm_delta_chain,
    sm_lz4,
    sm_raw_update,
    sm_update_body,
    vu,
)
from wirestruct.core.events import ErrorEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.plugin import registry
from wirestruct.protocols.scrap_mechanic import decoder as sm_decoder

SM = registry.get_protocol("scrap-mechanic")
DIEP = registry.get_protocol("diep")


def work(protocol, packets) -> int:
    """Calls (Python and C) made while decoding and tracking ``packets``; asserts that
    nothing failed, so the work counted is the work of decoding."""
    records = [CaptureRecord(i, i * 0.04, Direction.S2C, p) for i, p in enumerate(packets)]
    decoder, tracker = protocol.decoder(), protocol.tracker()
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call" or event == "c_call":
            calls += 1

    sys.setprofile(count)
    try:
        events = list(track(decode_records(records, decoder), tracker))
    finally:
        sys.setprofile(None)
    assert not [e for e in events if isinstance(e, ErrorEvent)]
    return calls


def sm_many_sub_updates(n):
    body = b"".join(sm_raw_update(sm_create_static(i + 1)) for i in range(n))
    return [sm_lz4(22, sm_update_body(body))]


def sm_many_subpackets(n):
    subs = [(22, sm_update_body(sm_raw_update(sm_create_static(i + 1)))) for i in range(n)]
    return [sm_lz4(29, sm_compound_body(subs))]


def sm_many_packets(n):
    return [sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(i + 1)), i))
            for i in range(n)]


def diep_big_wrapper(n):
    body = b"".join(diep_full_creation(i + 1) for i in range(n))
    return [diep_compressed(b"\x00" + vu(1) + vu(0) + vu(n) + body)]


def diep_many_deletions(n):
    create = b"".join(diep_full_creation(i + 1) for i in range(n))
    deletions = b"".join(vu(1) + vu(i + 1) for i in range(n))
    return [diep_compressed(b"\x00" + vu(1) + vu(0) + vu(n) + create),
            diep_compressed(b"\x00" + vu(2) + vu(n) + deletions + vu(0))]


CASES = {
    "sm sub-updates": (SM, sm_many_sub_updates, 120),
    "sm delta chain": (SM, lambda n: [sm_delta_chain(n)], 300),
    "sm compound sub-packets": (SM, sm_many_subpackets, 100),
    "sm packets": (SM, sm_many_packets, 60),
    "diep 0x02 wrapper": (DIEP, diep_big_wrapper, 12),
    "diep deletions": (DIEP, diep_many_deletions, 12),
}


@pytest.mark.parametrize("case", list(CASES))
def test_work_grows_linearly(case):
    protocol, make, n = CASES[case]
    small, large = work(protocol, make(n)), work(protocol, make(8 * n))
    assert 7.0 <= large / small <= 9.0, (case, small, large)


def test_the_measure_catches_a_quadratic_decoder(monkeypatch):
    original = sm_decoder.split_sub_update

    def reframe_from_start(body, pos, previous):
        # a deliberate mistake: frame every earlier sub-update again to find this one
        p, prev = 4, None
        while p < pos:
            _, prev, p = original(body, p, prev)
        return original(body, pos, previous)

    def chain(n):
        return [sm_delta_chain(n)]

    small, large = work(SM, chain(100)), work(SM, chain(800))
    assert 7.0 <= large / small <= 9.0
    monkeypatch.setattr(sm_decoder, "split_sub_update", reframe_from_start)
    small, large = work(SM, chain(100)), work(SM, chain(800))
    assert large / small > 40
