"""The decode path, wired: capture records -> decoder -> events -> tracker.

Everything here is plain iteration over what the capture readers yield; the decoder and
tracker are sans-I/O. A :class:`~wirestruct.core.errors.CaptureError` from the reader becomes an
:class:`~wirestruct.core.events.ErrorEvent` and decoding goes on.
"""
from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from typing import TypeVar, cast

from wirestruct.core.decoder import Decoder, StreamDecoder
from wirestruct.core.errors import StreamConflictError, StreamGapError, WirestructError
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.tracker import Tracker


def decode_records(records: Iterable[CaptureRecord | WirestructError],
                   decoder: Decoder, *, file: str | None = None) -> Iterator[Event]:
    """Feed every record to ``decoder``; yield its events, then what ``close`` reports.
    With ``file`` (the capture's name), every error event names it."""
    events = collected_between(_decode_all(records, decoder))
    return events if file is None else _name_file(events, file)


def _name_file(events: Iterator[Event], path: str) -> Iterator[Event]:
    for event in events:
        if event.__class__ is ErrorEvent:
            event.error.at(file=path)
        yield event


#: Collector thresholds while packets are decoded: tracked allocations (net of frees)
#: between two young-generation collections, and young collections between two of the
#: middle generation. Every generated object points back to its parent and root, so each
#: decoded packet is garbage that only the cycle collector frees; at Python's defaults
#: (700, 10) a collection runs every few packets, finds the packet being parsed still
#: alive and promotes it, and the older generations then fill and get scanned over and
#: over. While decoding, the young generation is collected between two events instead
#: (:data:`BETWEEN_EVENTS`), when the packets before are garbage and the next one is not
#: begun; these thresholds are the bound for a packet that alone allocates more.
COLLECTION_THRESHOLDS = (50_000, 10)

#: Between two events, the young generation is collected once it holds about what the
#: last ``EVENTS_PER_COLLECTION`` events allocated (tracked objects, net of frees; at least
#: ``BETWEEN_EVENTS``, at most four fifths of the young threshold), every tenth time with
#: the middle one: the consumed packets' cycles are freed the first time the collector sees
#: them, nothing half-built is promoted, and the garbage waiting stays bounded (a few MB,
#: whatever the capture's length). Small packets are then collected while
#: they are still in the caches; large ones seldom enough that the one
#: event the consumer still holds at each collection costs little.
#: BETWEEN_EVENTS = 0 leaves it all to the thresholds; benchmarks/bench_garbage.py compares.
BETWEEN_EVENTS = 2_000
EVENTS_PER_COLLECTION = 8
#: The event the consumer holds at a middle-generation collection moves to the oldest
#: generation, which only a full collection frees. A full collection runs instead of every
#: ``FULL_COLLECTION_AFTER``-th middle one (so at most that many held events wait there),
#: and, as in Python's own collector, only once the young collections since the last one
#: have taken ``FULL_COLLECTION_RATIO`` times the objects the oldest generation held after
#: it: its cost, proportional to that generation, is spread over that many allocations.
FULL_COLLECTION_AFTER = 20
FULL_COLLECTION_RATIO = 4
#: Objects are not bytes: a packet of a few objects may hold 64 KiB of text, or an
#: expanded body of 16 MiB, as garbage only the cycle collector frees. So the young
#: generation is also collected once the packets handed over since the last collection
#: weigh ``BYTES_BETWEEN`` (their bytes and expanded bodies, :func:`packet_bytes`; what
#: they hang on to as fields is a small multiple of that), and the older generations as
#: soon as the events held at the collections before (each moved up a generation) weigh
#: ``BYTES_HELD``: garbage waits in bytes, as in objects, bounded whatever the packets'
#: sizes (``benchmarks/bench_attacks.py``: 3,200 packets of 64 KB).
BYTES_BETWEEN = 8 << 20
BYTES_HELD = 32 << 20

_decoding = 0                   # decode loops running (nested or interleaved)
_saved_threshold: tuple[int, ...] = ()


def _batch_collections() -> None:
    global _decoding, _saved_threshold
    if _decoding == 0:
        _saved_threshold = young, middle, old = gc.get_threshold()
        if young:                                       # 0: the collector is off; leave it
            gc.set_threshold(max(young, COLLECTION_THRESHOLDS[0]),
                             max(middle, COLLECTION_THRESHOLDS[1]), old)
    _decoding += 1


def _restore_collections() -> None:
    global _decoding
    _decoding -= 1
    if _decoding == 0 and _saved_threshold:
        gc.set_threshold(*_saved_threshold)


_T = TypeVar("_T")


def collected_between(items: Iterable[_T]) -> Iterator[_T]:
    """``items`` (decoded events, or what stands for them; or encoded records, weighed by
    their bytes), with the collector run between two of them as described above, and its
    thresholds raised while they are made."""
    _batch_collections()
    try:
        limit = BETWEEN_EVENTS
        if not limit or not gc.isenabled() or not gc.get_threshold()[0]:
            yield from items
            return
        count, collect = gc.get_count, gc.collect
        young = events = taken = middle = 0
        weight = held_middle = held_oldest = 0      # bytes: since, and moved up at, collections
        full_after = -1                     # measured at the first middle collection
        factor, high = EVENTS_PER_COLLECTION, COLLECTION_THRESHOLDS[0] * 4 // 5
        for event in items:
            yield event
            events += 1
            cls = event.__class__
            last = (packet_bytes(cast(PacketEvent, event)) if cls is PacketEvent
                    else len(cast(CaptureRecord, event).data) if cls is CaptureRecord else 0)
            weight += last
            held = count()[0]
            if held > limit or weight >= BYTES_BETWEEN:
                young += 1
                taken += held
                if young % 10 and held_middle + last < BYTES_HELD:
                    collect(0)
                    held_middle += last
                elif ((middle < FULL_COLLECTION_AFTER or taken < full_after)
                      and held_oldest + last < BYTES_HELD):
                    collect(1)
                    middle += 1
                    held_middle, held_oldest = 0, held_oldest + last
                    if full_after < 0:
                        full_after = _full_collection_after()
                else:
                    collect(2)
                    full_after, taken, middle = _full_collection_after(), 0, 0
                    held_middle, held_oldest = 0, last
                limit = min(max(held // events * factor, BETWEEN_EVENTS), high)
                events = weight = 0
    finally:                    # exhausted, closed, or dropped by the consumer
        _restore_collections()


def packet_bytes(event: PacketEvent) -> int:
    """What a decoded packet weighs for the collector: its bytes and its expanded bodies
    (bytes, objects holding ``data`` bytes, parsed objects by their stream's size)."""
    size = len(event.raw)
    for value in event.expansions.values():
        cls = value.__class__
        if cls is bytes or cls is bytearray:
            size += len(value)
        elif cls is not list and cls is not int and cls is not dict:
            data = getattr(value, "data", None)
            if data.__class__ is bytes or data.__class__ is bytearray:
                size += len(data)
            else:
                io = getattr(value, "_io", None)
                if io is not None:
                    size += io.size()
    return size


def _full_collection_after() -> int:
    """Objects the young collections may take before the next full collection."""
    return FULL_COLLECTION_RATIO * len(gc.get_objects(2))


def _decode_all(records: Iterable[CaptureRecord | WirestructError],
                decoder: Decoder) -> Iterator[Event]:
    for item in records:
        if item.__class__ is not CaptureRecord and isinstance(item, WirestructError):
            if isinstance(item, StreamGapError) and isinstance(decoder, StreamDecoder):
                # The packet cut by the gap is reported first (its bytes come before it).
                yield from decoder.lose_framing(item.where.stream or 0, item.where.direction,
                                                item.dropped or 0, _gap_record(item))
            yield ErrorEvent(error=item, record=item.where.record, stream=item.where.stream or 0,
                             direction=_direction(item.where.direction))
            if (isinstance(item, StreamConflictError) and item.conflicting_copy
                    and item.where.span is not None and isinstance(decoder, StreamDecoder)):
                # The bytes delivered there may be the wrong copy: headers are checked.
                yield from decoder.note_damage(item.where.stream or 0, item.where.direction,
                                               *item.where.span)
            continue
        yield from decoder.feed(item)
    yield from decoder.close()


def track(events: Iterable[Event], tracker: Tracker) -> Iterator[Event]:
    """Pass events through, applying each decoded packet to ``tracker`` before it is
    yielded (so a consumer that stops at packet N sees the state after N); state errors
    are yielded right after the packet that caused them."""
    apply_safely = tracker.apply_safely
    for event in events:
        if event.__class__ is PacketEvent:
            errors = apply_safely(event)
            yield event
            if errors:
                yield from errors
        else:
            yield event


def _gap_record(gap: StreamGapError) -> CaptureRecord:
    direction = _direction(gap.where.direction) or Direction.C2S
    return CaptureRecord(gap.where.record or 0, 0.0, direction, b"", gap.where.stream or 0)


def _direction(label: str | None) -> Direction | None:
    if label is None:
        return None
    try:
        return Direction.parse(label)
    except ValueError:
        return None
