"""Every core for one capture: ``wirestruct decode --jobs N``.

Decoding is split in two stages:

* the **sequential stage**, in this process, in capture order: reading records, framing,
  and the in-order part of each top-level packet that later packets depend on - the
  decoder's ``stage_packet(data, ctx)`` hook (decompression, delta reconstruction, the
  state later packets read; nothing beyond framing for a decoder whose packets stand
  alone). It returns the small picklable state a worker needs to decode the packet
  alone. A packet the decoder's ``in_order_packet(data)`` claims (one whose expansions
  read state the stage does not carry, such as a transfer in pieces) is decoded here,
  whole, as without workers. Decoders declare all of this on
  :class:`~wirestruct.core.decoder.Decoder` (``splits``).
* the **worker stage**, in ``concurrent.futures.ProcessPoolExecutor`` processes: parsing
  and serialization. A task is a chunk of packets (bytes, capture context and the state
  above); a worker decodes each with its own decoder (``resume_packet(state, ctx)`` loads
  the state first) and returns the output lines.

The output is the same, byte for byte, as the one-process decode (``--jobs 1``): same
lines, in the same order, same indices, same error events. Event indices count every event
before, and how many events a packet yields is known only after it is parsed; so a worker
numbers a chunk's events from a random 18-digit base (a fresh one for each chunk, checked
against every number of that form in its output) and returns each packet's text split at
those numbers; this process adds its offset to them, in order, when it writes the chunk
(no scan of the output here: the splitting is done by the workers). Events made here
(framing and capture errors, packets decoded in order) are renumbered the same way.

At most ``max_in_flight`` chunks are submitted and not yet written, so memory stays flat
whatever the capture's size.

Workers start from a ``forkserver``: a clean single-threaded process that has imported
wirestruct once. Forking this process instead could copy locks held by other threads
(readers, progress) and its open capture; ``spawn`` would import everything again per
worker.
"""
from __future__ import annotations

import multiprocessing
import os
import re
import secrets
import time
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from typing import Any

from wirestruct.captures import Capture
from wirestruct.core.decoder import Decoder, PacketContext, StreamDecoder, _count_undecoded
from wirestruct.core.errors import DecodeError, WirestructError
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import collected_between, decode_records
from wirestruct.plugin.protocol import Protocol

#: A worker task is sized to take about CHUNK_SECONDS of a worker's CPU time, from what
#: the tasks written so far took per packet: a task costs its worker and this process a
#: few milliseconds besides its packets (sending, waking, numbering), about what 256 small
#: packets take to decode, while one large entity update may take several milliseconds
#: (benchmarks/bench_jobs.py). Before the first task comes back, tasks start at
#: FIRST_CHUNK_PACKETS packets and double, so the workers start soon; a task holds at most
#: CHUNK_PACKETS packets (the ``chunk_packets`` argument) and is sent anyway at CHUNK_BYTES
#: of packets; the last one is shared out among the workers.
CHUNK_SECONDS = 0.1
FIRST_CHUNK_PACKETS = 16
CHUNK_PACKETS = 4096
CHUNK_BYTES = 4 << 20
#: output bytes after which a worker returns the packets it has decoded (a packet
#: expands far beyond its size: 4 MiB of packets may decode to gigabytes of JSON); the
#: rest of its chunk is sent again, so no more than this is held per chunk, plus one
#: packet's output
CHUNK_OUTPUT = 16 << 20
#: event numbers of a chunk: base * 10**_DIGITS + (events before), below 2**63
_DIGITS = 10
_SPAN = 10 ** _DIGITS


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


#: Captures from this size on are decoded on every core by ``decode --jobs auto`` (for the
#: protocols whose ``parallel_by_default`` is set): below it, starting the workers takes a
#: good part of what they save (benchmarks/bench_jobs.py on 2 cores prints the figures per
#: protocol and capture size).
AUTO_MIN_BYTES = 16 << 20


def auto_jobs(protocol: Protocol, path: str | os.PathLike[str] | None) -> int:
    """The processes ``decode --jobs auto`` uses: every core (:func:`default_jobs`) for a
    capture file of at least :data:`AUTO_MIN_BYTES` of a protocol whose
    ``parallel_by_default`` is set; one otherwise (standard input, small files)."""
    if not protocol.parallel_by_default or path is None or str(path) == "-":
        return 1
    try:
        size = os.stat(path).st_size
    except OSError:
        return 1
    return default_jobs() if size >= AUTO_MIN_BYTES else 1


def event_line(event: Event, fmt: tuple[bool, str]) -> bytes:
    """One event as the line ``wirestruct decode --format jsonl`` prints, UTF-8 with its
    newline: the one place the worker stage and the sequential stage serialize. ``fmt`` is
    ``(raw, big_ints)`` as :func:`wirestruct.output.serialize.dumps_event` takes them. Lines stay
    bytes from the serializer to the output (no text is decoded or encoded on the way)."""
    from wirestruct.output.serialize import dumps_event
    raw, big_ints = fmt
    return dumps_event(event, raw=raw, big_ints=big_ints, line=True)


# -- the sequential stage --------------------------------------------------------------------
# A packet for a worker: (data, record, t, direction, stream, offset, state, first index,
# (frame, t_ns, ends)).
_Unit = tuple[bytes, int, float, int, int, int, Any, int, tuple]


class _Staged:
    """Stands in the decoder's events for a packet a worker decodes."""

    __slots__ = ("unit",)

    def __init__(self, unit: _Unit) -> None:
        self.unit = unit


def _stage(decoder: Decoder) -> None:
    """Make ``decoder`` run only the sequential stage of each top-level packet: its events
    then hold a :class:`_Staged` for every packet a worker is to decode."""
    run_packet = decoder.run_packet
    stage_packet = decoder.stage_packet
    in_order = decoder.in_order_packet

    def staged(data: bytes, ctx: PacketContext) -> list[Any]:
        if in_order(data):
            return run_packet(data, ctx)
        state = stage_packet(data, ctx)
        return [_Staged((data, ctx.record, ctx.t, int(ctx.direction), ctx.stream, ctx.offset,
                         state, decoder._next_index, (ctx.frame, ctx.t_ns, ctx.ends)))]

    decoder.run_packet = staged  # type: ignore[method-assign]  # this decoder's alone


@dataclass
class _Chunk:
    """Consecutive output: packets for a worker, and events made here among them (each
    after the unit it follows: ``(units before it, event)``)."""

    units: list[_Unit] = field(default_factory=list)
    local: list[tuple[int, bytes | Event]] = field(default_factory=list)
    size: int = 0
    future: Future[_Result] | None = None

    def __len__(self) -> int:
        return len(self.units) + len(self.local)


@dataclass
class DecodeTally:
    packets: int = 0
    errors: int = 0
    unknown: int = 0          #: packets of a type the protocol does not know
    worker_cpu: float = 0.0   #: CPU seconds the workers spent on the chunks written


def _shared_out(chunk: _Chunk, parts: int) -> list[_Chunk]:
    """The last chunk as up to ``parts`` chunks of consecutive packets (each event made here
    stays after the packets it followed), so every worker has a share of it."""
    if not len(chunk):
        return []
    units, local = chunk.units, chunk.local
    size = max(1, -(-len(units) // parts))
    out: list[_Chunk] = []
    taken = 0
    for start in range(0, max(1, len(units)), size):
        part = _Chunk(units=units[start:start + size])
        last = start + size >= len(units)
        while taken < len(local) and (last or local[taken][0] < start + size):
            before, item = local[taken]
            part.local.append((before - start, item))
            taken += 1
        out.append(part)
    return out


# -- the worker stage --------------------------------------------------------------------------
# A worker's answer: (base, text of each unit - split at its event numbers when returned
# by _decode_chunk -, events of each unit, (packets, errors, unknown packets), CPU).
_Result = tuple[int, list[Any], list[int], tuple[int, int, int], float]
_worker: tuple[Decoder, str | None, tuple[bool, str]] | None = None


def _init_worker(protocol_name: str, limits: Limits, options: dict[str, Any],
                 path: str | None, fmt: tuple[bool, str], detach: bool = True) -> None:
    """A worker's set-up; ``detach=False`` keeps the process's output and Ctrl-C (a worker's
    decoder made in a process that is not a worker)."""
    global _worker
    from wirestruct.plugin.registry import get_protocol
    if detach:
        _detach()
    decoder = get_protocol(protocol_name).decoder(limits=limits, **options)
    _worker = (decoder, path, fmt)


#: Seconds between a worker's checks that the process that started it is still there.
ORPHAN_CHECK = 1.0


def _detach() -> None:
    """Let go of what a worker inherited but does not use: its standard output (the lines
    go back through the pool; a worker holding a pipe open would keep the reader
    downstream waiting after the decode ended), and ignore Ctrl-C (the main process ends
    the workers). A worker whose parent went away ends itself: were the main process
    killed outright, nothing else would end a worker waiting for its next task."""
    import signal
    import threading

    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="wirestruct-orphan-check", daemon=True).start()


def _started() -> None:
    """A task that only makes the pool start its workers."""


def _decode_chunk(units: list[_Unit], max_output: int = CHUNK_OUTPUT) -> _Result:
    """The output of ``units`` in order, up to the first that brings it past
    ``max_output`` bytes (at least one unit; the caller sends the rest again), each
    unit's text split at its event numbers (:func:`_split_numbers`)."""
    for _ in range(16):
        base = _random_base()
        result = _decode_units(units, base, max_output)
        low = units[0][7]
        high = units[-1][7] + sum(result[2])
        split = [_split_numbers(text, base, low, high) for text in result[1]]
        if all(parts is not None for parts in split):
            return (base, split, *result[2:])
    raise RuntimeError("no event numbering base left unused by the output")  # pragma: no cover


def _split_numbers(text: bytes, base: int, low: int, high: int) -> list[Any] | None:
    """``text`` as [text, event number, text, event number, ..., text], the numbers
    relative to the chunk's base (what the writing process adds its offset to); None when
    a number of the base's form is not one of the chunk's event numbers (a value in the
    data that happens to look like one: the chunk is numbered again from another base).

    A number of the base's form is the base's digits and :data:`_DIGITS` more, with no
    digit before or after. The text is cut at the base's digits (a plain substring
    search); when a cut is not at such a number (a digit before it, fewer digits after
    it, another cut among them), the text is read with the pattern that says it exactly
    (:func:`_pattern`), which finds the same numbers the cuts do whenever they all are."""
    marker = str(base).encode()
    pieces = text.split(marker)
    if len(pieces) == 1:
        return pieces
    parts: list[Any] = [pieces[0]]
    last = len(pieces) - 1
    for i in range(1, len(pieces)):
        piece = pieces[i]
        digits = piece[:_DIGITS]
        before = parts[-1]
        # The character after the number: the piece's next, or the next cut's first digit.
        after = piece[_DIGITS:_DIGITS + 1] if len(piece) > _DIGITS or i == last else b"0"
        if (before and before[-1] in _DIGIT_BYTES) or len(digits) != _DIGITS \
                or not digits.isdigit() or after in _DIGITS_ALONE:
            return _split_by_pattern(text, _pattern(base), low, high)
        number = int(digits)
        if not low <= number < high:
            return None
        parts += [number, piece[_DIGITS:]]
    return parts


#: the digits as byte values (what indexing bytes gives), and as one-byte strings (what
#: slicing gives; b"", the end of the text, is not one); bytes.isdigit is ASCII only
_DIGIT_BYTES = frozenset(b"0123456789")
_DIGITS_ALONE = frozenset(bytes((d,)) for d in b"0123456789")


def _split_by_pattern(text: bytes, pattern: re.Pattern[bytes], low: int, high: int
                      ) -> list[Any] | None:
    """:func:`_split_numbers` by the exact pattern."""
    parts: list[Any] = pattern.split(text)
    for i in range(1, len(parts), 2):
        number = int(parts[i])
        if not low <= number < high:
            return None
        parts[i] = number
    return parts


def _rebased(parts: list[Any], offset: int) -> list[bytes]:
    """``parts`` (see :func:`_split_numbers`) with each number + ``offset`` as its digits."""
    parts = parts[:]
    for i in range(1, len(parts), 2):
        parts[i] = b"%d" % (parts[i] + offset)
    return parts


def _decode_units(units: list[_Unit], base: int, max_output: int = CHUNK_OUTPUT) -> _Result:
    assert _worker is not None, "worker not initialized"
    decoder, path, fmt = _worker
    cpu = time.process_time()
    lines: list[bytes] = []
    counts: list[int] = []
    packets = errors = unknown = size = 0
    text: list[bytes] = []
    # Collected between events as in one process (wirestruct.core.session): the parsed packets
    # of a worker are garbage only its cycle collector frees, too.
    for item in collected_between(_unit_events(decoder, units, base)):
        if item.__class__ is int:               # the end of a unit: the events it made
            lines.append(b"".join(text))
            text = []
            counts.append(item)
            size += len(lines[-1])
            if size >= max_output:
                break
            continue
        # not an int: an event (mypy does not narrow on `__class__ is`)
        event: Event = item  # type: ignore[assignment]
        if event.__class__ is ErrorEvent:
            errors += 1
            if path is not None:
                event.error.at(file=path)
        else:
            packets += 1
            unknown += event.name.startswith("unknown_")  # type: ignore[union-attr]
        text.append(event_line(event, fmt))
    return base, lines, counts, (packets, errors, unknown), time.process_time() - cpu


def _unit_events(decoder: Decoder, units: list[_Unit], base: int) -> Iterator[Event | int]:
    """The events of each unit in turn, each unit's followed by how many it made."""
    resume = decoder.resume_packet
    stream = isinstance(decoder, StreamDecoder)
    done = 0
    for data, record, t, direction, stream_no, offset, state, first, marks in units:
        ctx = PacketContext(record, t, Direction(direction), stream_no, offset, 0, None,
                            *marks)
        start = first + done
        if start >= _SPAN:
            raise OverflowError(f"more than {_SPAN} events in one capture")
        decoder._next_index = base * _SPAN + start
        resume(state, ctx)
        events = Decoder.run_packet(decoder, data, ctx)
        if stream:
            _count_undecoded(events, len(data), offset)
        yield from events
        made = decoder._next_index - base * _SPAN - start
        done += made
        yield made


def _random_base() -> int:
    """8 random digits: numbers base * _SPAN + n stay below 2**63."""
    return secrets.randbelow(8 * 10 ** 7) + 10 ** 7


def _pattern(base: int) -> re.Pattern[bytes]:
    return re.compile(rb"(?<![0-9])%d([0-9]{%d})(?![0-9])" % (base, _DIGITS))


# -- the pipeline ------------------------------------------------------------------------------
class ParallelDecode:
    """The output lines of ``wirestruct decode`` for one capture, decoded by ``jobs``
    worker processes; iterate for blocks of UTF-8 bytes (whole lines) in capture order.
    ``tally`` counts the packets and error events written so far."""

    def __init__(self, records: Iterable[CaptureRecord | WirestructError],
                 protocol: Protocol, *, jobs: int, fmt: tuple[bool, str] = (False, "number"),
                 limits: Limits = DEFAULT_LIMITS, options: dict[str, Any] | None = None,
                 chunk_packets: int = CHUNK_PACKETS, max_in_flight: int | None = None,
                 chunk_output: int = CHUNK_OUTPUT, path: str | None = None) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be 1 or more, not {jobs}")
        self.records = records
        #: the capture's file, named in every error event
        self.path = path
        self.protocol = protocol
        self.jobs = jobs
        self.fmt = fmt
        self.limits = limits
        self.options = dict(options or {})
        self.chunk_packets = max(1, chunk_packets)
        self.max_in_flight = max_in_flight or 2 * jobs
        self.chunk_output = max(1, chunk_output)
        #: worker parts sent again because a worker's output reached chunk_output
        self.resubmitted = 0
        self._offset = 0        # events workers made before the next part to write
        self._cost: float | None = None  # worker CPU seconds per packet, once known
        self.tally = DecodeTally()
        #: why no worker process could be started, when decoding fell back to this one
        self.no_workers: str | None = None
        #: largest number of chunks held at once (for the memory test)
        self.peak_in_flight = 0
        #: the base of the numbers of events made here, serialized before they are rebased
        self._mark = _random_base()
        self._mark_pattern = _pattern(self._mark)

    def __iter__(self) -> Generator[bytes, None, None]:
        decoder = self.protocol.decoder(limits=self.limits, **self.options)
        if not decoder.splits:
            yield from self._sequential(decoder)
            return
        path = self.path
        try:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["wirestruct.parallel", "wirestruct.tools.cli",
                                            type(decoder).__module__])
            pool = ProcessPoolExecutor(
                max_workers=self.jobs, mp_context=context, initializer=_init_worker,
                initargs=(self.protocol.name, self.limits, self.options,
                          None if path is None else str(path), self.fmt))
        except (OSError, ValueError, NotImplementedError) as exc:  # no pool here (no sem_open ...)
            self.no_workers = f"{type(exc).__name__}: {exc}"
            yield from self._sequential(decoder)
            return
        _stage(decoder)
        try:
            # Start the workers now (a pool starts them on its first task): their start-up
            # then overlaps the reading of the first chunk instead of following it.
            pool.submit(_started)
            yield from self._pipeline(decoder, pool)
        except BaseException:       # interrupted, terminated, closed early, or failed
            _abandon(pool)
            raise
        pool.shutdown(wait=True)

    def _sequential(self, decoder: Decoder) -> Iterator[bytes]:
        for event in decode_records(self.records, decoder, file=self.path):
            self._count(event)
            yield event_line(event, self.fmt)

    def _count(self, event: Event) -> None:
        if event.__class__ is ErrorEvent:
            self.tally.errors += 1
        else:
            self.tally.packets += 1
            self.tally.unknown += event.name.startswith("unknown_")  # type: ignore[union-attr]

    def _pipeline(self, decoder: Decoder, pool: ProcessPoolExecutor) -> Iterator[bytes]:
        pending: deque[_Chunk] = deque()
        chunk = _Chunk()
        self._offset = 0
        limit = min(FIRST_CHUNK_PACKETS, self.chunk_packets)
        for item in decode_records(self.records, decoder, file=self.path):
            if item.__class__ is _Staged:
                unit = item.unit
                chunk.units.append(unit)
                chunk.size += len(unit[0])
            else:
                local = self._local(item)
                chunk.local.append((len(chunk.units), local))
                chunk.size += len(local) if local.__class__ is bytes else 0
            if len(chunk) >= limit or chunk.size >= CHUNK_BYTES:
                limit = self._next_limit(limit)
                self._submit(chunk, pool)
                pending.append(chunk)
                chunk = _Chunk()
                self.peak_in_flight = max(self.peak_in_flight, len(pending))
                while pending and (len(pending) >= self.max_in_flight
                                   or pending[0].future is None or pending[0].future.done()):
                    yield from self._write(pending.popleft(), pool)
        for part in _shared_out(chunk, self.jobs):
            self._submit(part, pool)
            pending.append(part)
        while pending:
            yield from self._write(pending.popleft(), pool)

    def _next_limit(self, limit: int) -> int:
        """Packets in the next task (see :data:`CHUNK_SECONDS`)."""
        most = self.chunk_packets
        if self._cost is None:
            return min(2 * limit, most)
        if self._cost <= 0:
            return most
        return max(min(FIRST_CHUNK_PACKETS, most), min(int(CHUNK_SECONDS / self._cost), most))

    def _submit(self, chunk: _Chunk, pool: ProcessPoolExecutor) -> None:
        if chunk.units:
            chunk.future = pool.submit(_decode_chunk, chunk.units, self.chunk_output)

    def _write(self, chunk: _Chunk, pool: ProcessPoolExecutor) -> Iterator[bytes]:
        """The chunk's output, its numbers rebased, in parts: a worker whose output
        reaches ``chunk_output`` returns what it decoded, and the rest of the chunk is
        sent again (and waited for) before anything after it is written."""
        local = iter(chunk.local)
        nxt = next(local, None)
        units, future, done = chunk.units, chunk.future, 0
        out: list[bytes] = []
        while future is not None:
            try:
                base, lines, counts, (packets, errors, unknown), cpu = future.result()
            except BrokenProcessPool as exc:
                raise DecodeError(f"a worker process ended before its packets were decoded "
                                  f"({exc}); --jobs 1 decodes in one process",
                                  expected="worker processes that finish") from None
            self.tally.packets += packets
            self.tally.errors += errors
            self.tally.unknown += unknown
            self.tally.worker_cpu += cpu
            if lines:
                self._cost = cpu / len(lines)   # the latest task's CPU time per packet
            offset = self._offset
            made = 0
            for i, parts in enumerate(lines):
                while nxt is not None and nxt[0] == done + i:
                    out.append(self._rebased_local(nxt[1], offset + made))
                    nxt = next(local, None)
                if len(parts) == 1:
                    out.append(parts[0])
                else:
                    out += _rebased(parts, offset)
                made += counts[i]
            done += len(lines)
            self._offset = offset + made
            future = None
            if done < len(units):
                self.resubmitted += 1
                future = pool.submit(_decode_chunk, units[done:], self.chunk_output)
                yield b"".join(out)
                out = []
        while nxt is not None:
            out.append(self._rebased_local(nxt[1], self._offset))
            nxt = next(local, None)
        chunk.units, chunk.local = [], []
        yield b"".join(out)

    def _rebased_local(self, item: bytes | Event, offset: int) -> bytes:
        if item.__class__ is bytes:
            return self._mark_pattern.sub(lambda m: b"%d" % (int(m.group(1)) + offset),
                                          item)
        return self._local_line(item, offset)  # type: ignore[arg-type]  # not bytes: an event

    def _local_line(self, event: Event, offset: int) -> bytes:
        """An event made in this process, numbered among the workers' events."""
        return event_line(_renumbered(event, offset), self.fmt)

    def _local(self, event: Event) -> bytes | Event:
        """An event made in this process, serialized now, its numbers marked for rebasing
        (or itself, in the rare case its output holds a number of the marks' form)."""
        self._count(event)
        if event.index is None:
            return event_line(event, self.fmt)
        mark = self._mark * _SPAN
        where = event.error.where if event.__class__ is ErrorEvent else None
        line = event_line(_renumbered(event, mark), self.fmt)
        if where is not None:
            event.error.where = where  # type: ignore[union-attr]  # where: an ErrorEvent's
        allowed = {event.index, getattr(event, "parent", None)}
        if all(int(m.group(1)) in allowed for m in self._mark_pattern.finditer(line)):
            return line
        return event


def _abandon(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` now: its queued tasks cancelled, its workers ended without waiting for
    the tasks they are running (the output they would make is not wanted any more)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    calls = getattr(pool, "_call_queue", None)
    if calls is not None:       # tasks still in its pipe are not to hold up the exit
        calls.cancel_join_thread()
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(5)


def _renumbered(event: Event, offset: int) -> Event:
    """``event`` with its index (and parent, and its error's packet index) + ``offset``
    (the error's place is changed in place)."""
    if not offset or event.index is None:
        return event
    if event.__class__ is PacketEvent:
        parent = event.parent
        return replace(event, index=event.index + offset,
                       parent=None if parent is None else parent + offset)
    error = event.error  # type: ignore[union-attr]  # not a PacketEvent: an ErrorEvent
    if error.where.packet_index is not None:
        error.where = replace(error.where, packet_index=error.where.packet_index + offset)
    return replace(event, index=event.index + offset)


def decode_lines(capture: Capture, protocol: Protocol, *, jobs: int | None = None,
                 fmt: tuple[bool, str] = (False, "number"), limits: Limits = DEFAULT_LIMITS,
                 options: dict[str, Any] | None = None) -> ParallelDecode:
    """The lines ``wirestruct decode`` prints for ``capture``, decoded on ``jobs`` worker
    processes (default: every core): iterate for blocks of UTF-8 bytes, whole lines each."""
    return ParallelDecode(capture.records(protocol), protocol, jobs=jobs or default_jobs(),
                          fmt=fmt, limits=limits, options=options,
                          path=None if capture.path == "-" else capture.path)
