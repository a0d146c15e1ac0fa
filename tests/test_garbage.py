"""Decoded packets are garbage for the cycle collector; decoding batches its young
collections and memory stays flat in the capture's length, as it does when encoding."""
from __future__ import annotations

import gc
import itertools
import sys
import tracemalloc

import pytest
from wirestruct import get_protocol, parallel
from wirestruct.core import session
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import COLLECTION_THRESHOLDS, decode_records, track
from wirestruct.output.serialize import event_json
from wirestruct.protocols.diep.generate import generate


def _packets(seed: int, **options: int) -> int:
    """The packets of a generated diep.io session: one a message, and one inside each
    0x02 (a clientbound 0x02 wraps one packet)."""
    records = list(generate(seed, **options))
    return len(records) + sum(1 for r in records if r.direction is Direction.S2C and r.data[:1] == b"\x02")


def test_young_collections_are_batched_while_decoding_and_restored_after():
    protocol = get_protocol("diep")
    before = gc.get_threshold()
    events = decode_records(generate(3, ticks=5, shapes=10), protocol.decoder())
    first = next(events)
    assert gc.get_threshold() == (*COLLECTION_THRESHOLDS, before[2])
    inner = decode_records(generate(4, ticks=2, shapes=5), protocol.decoder())
    assert sum(isinstance(e, PacketEvent) for e in inner) == _packets(4, ticks=2, shapes=5)
    assert gc.get_threshold() == (*COLLECTION_THRESHOLDS, before[2])    # nested, ended first
    rest = list(events)
    assert isinstance(first, PacketEvent) and 1 + len(rest) == _packets(3, ticks=5, shapes=10)
    assert gc.get_threshold() == before


def test_a_consumer_that_stops_early_restores_the_threshold():
    protocol = get_protocol("diep")
    before = gc.get_threshold()
    events = decode_records(generate(3, ticks=5, shapes=10), protocol.decoder())
    next(events)
    events.close()
    assert gc.get_threshold() == before


def test_a_collector_turned_off_or_already_lazier_is_left_alone():
    protocol = get_protocol("diep")
    before = gc.get_threshold()
    try:
        gc.set_threshold(COLLECTION_THRESHOLDS[0] * 2, 10, 10)
        events = decode_records(generate(3, ticks=3, shapes=5), protocol.decoder())
        next(events)
        assert gc.get_threshold()[0] == COLLECTION_THRESHOLDS[0] * 2
        events.close()
        gc.set_threshold(0)
        events = decode_records(generate(3, ticks=3, shapes=5), protocol.decoder())
        next(events)
        assert gc.get_threshold()[0] == 0
        events.close()
        assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)
    assert session._decoding == 0


def _peak(records: list, times: int) -> tuple:
    """Peak traced memory of decoding ``records`` over and over, ``times`` times."""
    protocol = get_protocol("diep")
    gc.collect()
    tracemalloc.start()
    try:
        packets = errors = 0
        replay = itertools.chain.from_iterable(itertools.repeat(records, times))
        for event in decode_records(replay, protocol.decoder()):
            packets += isinstance(event, PacketEvent)
            errors += isinstance(event, ErrorEvent)
        return tracemalloc.get_traced_memory()[1], packets, errors
    finally:
        tracemalloc.stop()


def test_memory_is_flat_in_the_number_of_packets():
    records = list(generate(11, ticks=20, shapes=40))
    _peak(records, 1)                   # caches filled
    small, small_packets, small_errors = _peak(records, 4)
    large, large_packets, large_errors = _peak(records, 16)
    assert small_errors == large_errors == 0
    assert large_packets == 4 * small_packets > 100
    # Four times the packets, not four times the memory (what garbage left to the
    # collector unbounded costs: 6 MB and 25 MB here): the garbage waiting for it is
    # bounded by the thresholds, not by the capture.
    assert large < 2 * small, (small, large)


def test_the_packets_are_garbage_the_collector_frees():
    records = list(generate(11, ticks=20, shapes=40))
    protocol = get_protocol("diep")
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        for event in track(decode_records(records, protocol.decoder()), protocol.tracker()):
            getattr(event, "packet", None)      # a 0x00 update is parsed on first use
        freed = gc.collect()
    finally:
        if enabled:
            gc.enable()
    # What the threshold batches: the packets' parent/root cycles, thousands of objects.
    assert freed > 1000


def test_young_collections_run_between_events():
    """The young generation is collected where decode_records hands over an event (the
    packets before it are garbage then, the next one is not begun), not part-way through
    a parse; the thresholds stay a bound a single packet would have to pass."""
    records = list(generate(11, ticks=20, shapes=40))
    protocol = get_protocol("diep")
    where: list[bool] = []

    def note(phase: str, info: dict) -> None:
        if phase == "start":            # the frame running when the collection began
            where.append(sys._getframe(1).f_code is session.collected_between.__code__)

    gc.collect()
    gc.callbacks.append(note)
    try:
        for event in track(decode_records(records * 4, protocol.decoder()), protocol.tracker()):
            getattr(event, "packet", None)      # a 0x00 update is parsed on first use
    finally:
        gc.callbacks.remove(note)
    assert len(where) >= 3
    assert all(where), f"{where.count(False)} of {len(where)} collections inside a parse"


def test_workers_collect_between_events_too():
    """A ``decode --jobs`` worker decodes its chunk with the same collections."""
    records = list(generate(11, ticks=20, shapes=40))
    protocol = get_protocol("diep")
    decoder = protocol.decoder()
    parallel._stage(decoder)
    units = [item.unit for item in decode_records(records * 4, decoder)
             if item.__class__ is parallel._Staged]
    # lines with big integers as strings: the generated objects of every packet (with the
    # default options a 0x00 update's lines come from its readers, no objects)
    parallel._init_worker("diep", DEFAULT_LIMITS, {}, None, (True, "string"), detach=False)
    where: list[bool] = []

    def note(phase: str, info: dict) -> None:
        if phase == "start":    # between events, or not while the chunk is decoded
            frame = sys._getframe(1)
            between = frame.f_code is session.collected_between.__code__
            while frame is not None and frame.f_code is not parallel._unit_events.__code__:
                frame = frame.f_back
            where.append(between or frame is None)

    gc.collect()
    gc.callbacks.append(note)
    try:
        parallel._decode_chunk(units)
    finally:
        gc.callbacks.remove(note)
    assert len(where) >= 3
    assert all(where), f"{where.count(False)} of {len(where)} collections inside a parse"


def _oldest_generation_after(protocol, records: list, times: int) -> int:
    """Objects in the collector's oldest generation after decoding and tracking ``records``
    ``times`` over (what was there before is frozen out of the count)."""
    gc.collect()
    gc.freeze()
    try:
        replay = itertools.chain.from_iterable(itertools.repeat(records, times))
        for _ in track(decode_records(replay, protocol.decoder()), protocol.tracker()):
            pass
        return len(gc.get_objects(2))
    finally:
        gc.unfreeze()


def test_held_events_do_not_pile_up_in_the_oldest_generation():
    """Each middle-generation collection moves the event the consumer still holds to the
    oldest generation, which only a full collection frees: full collections run as the
    young ones add up, so what waits there does not grow with the capture."""
    from wirestruct.protocols.scrap_mechanic.generate import SessionGenerator
    protocol = get_protocol("scrap-mechanic")
    records = list(SessionGenerator(7, 200))
    short = _oldest_generation_after(protocol, records, 8)
    long = _oldest_generation_after(protocol, records, 64)
    # Without full collections: about 5 000 and 45 000 objects here, and growing.
    assert long < short + 10_000, (short, long)


def _encode_peak(protocol, events: list, times: int) -> tuple[int, int]:
    """Peak traced memory of encoding ``events`` over and over, ``times`` times; and the
    packets written."""
    gc.collect()
    tracemalloc.start()
    try:
        replay = itertools.chain.from_iterable(itertools.repeat(events, times))
        packets = sum(isinstance(item, CaptureRecord)
                      for item in protocol.encoder().encode_events(replay))
        return tracemalloc.get_traced_memory()[1], packets
    finally:
        tracemalloc.stop()


#: Protocol -> times its session is encoded, then four times that. Packets written without
#: read-write objects (the direct writer, whose objects are untied once written, and
#: diep.io's update writer) leave little for the collector, so more of them go by before
#: its rhythm settles; then memory stays flat (diep.io: 0.22 MB after 68 packets, then
#: 0.37 MB after 272, 1,088 and 0.42 MB after 2,176; Scrap Mechanic: 0.32 MB after 128
#: packets, 0.43 MB after 512, 0.54 MB after 2,048, 8,192 and 16,384; MME: 0.26 MB after
#: 1,872 packets, 0.34 MB after 7,488, 0.49 MB after 29,952, 119,808 and 239,616).
ENCODE_TIMES = {"scrap-mechanic": 64, "diep": 16, "mme": 256}


@pytest.mark.parametrize("name", sorted(ENCODE_TIMES))
def test_encode_memory_is_flat_in_the_number_of_packets(name):
    protocol = get_protocol(name)
    records = [r for r in protocol.generate(5, 4) if isinstance(r, CaptureRecord)]
    events = [event_json(e) for e in decode_records(records, protocol.decoder())]
    _encode_peak(protocol, events, 1)   # caches filled
    times = ENCODE_TIMES[name]
    small, small_packets = _encode_peak(protocol, events, times)
    large, large_packets = _encode_peak(protocol, events, 4 * times)
    assert large_packets == 4 * small_packets > 60
    # Four times the packets, not four times the memory: each packet's read-write objects
    # are cycles, collected between records as while decoding (diep.io without that:
    # 3.8 MB, then 5.7 MB, growing until the oldest generation's next collection).
    assert large < 1.3 * small, (small, large)
