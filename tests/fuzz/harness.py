"""The fuzz targets of wirestruct: one function per target, taking the fuzzer's bytes.

The property every target checks: only :class:`wirestruct.core.errors.WirestructError`
subclasses come out, as error events or raised by the capture layer. Any other exception
(including :class:`PropertyViolation`, raised here when an event or a snapshot is not what
the API promises) is a finding; so is a hang or memory over the fuzzer's cap.

This module does not import atheris: the regression replay
(``tests/test_fuzz_regressions.py``) runs the same functions under pytest. The atheris
entry points are the ``fuzz_*.py`` files next to it.

Protocol targets read the input as a sequence of records (:func:`split_records`)::

    record := head:u1  length:(u1 | u2le)  data[length]
    head bit 0   direction: 0 = c2s, 1 = s2c
    head bit 1   length is u2le (else u1)
    head bit 2   stream 1 (else stream 0; stream protocols only)
    head bit 3   a gap: no data follows; ``length`` bytes are missing from that stream
                 direction (as the TCP reassembly reports one; stream protocols only)

A length longer than what is left takes the rest. Message protocols get one packet per
record; stream protocols (MME) get TCP chunks of the fuzzed sizes, so packets are split
anywhere. Capture targets take the input as the whole capture file, except that pcap
and pcapng inputs end in one selector byte (bit 0 set: read the file as a message
capture; clear: as a TCP stream capture decoded as MME), so that each input reads the
file once.

Besides "only WirestructError", the targets check that nothing is dropped without saying
how much: an error standing for input that was not read or decoded (gaps, conflicts,
fragments, unsupported frames, skipped or truncated stream bytes) carries ``dropped``
(0 when nothing was lost, e.g. a SYN of another sequence number that carried no data),
and when it names a stream byte range, ``dropped`` is that range's length. The JSON output of
packets and the tracker snapshot is checked on one input in :data:`JSON_EVERY` (chosen by
the input's CRC-32, so a replay makes the same choice), on its first :data:`JSON_PACKETS`
packet events: converting whole packets is most of an execution's cost otherwise. Error
events are printed and converted to JSON up to :data:`JSON_ERRORS` per input, and all
checked for ``dropped``.
"""
from __future__ import annotations

import importlib
import io
import json
import os
import pkgutil
import shutil
import tempfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterator

from wirestruct.captures import Transport, open_capture
from wirestruct.captures.writers.capture_files import write_records
from wirestruct.core.errors import (
    FragmentError,
    ResyncError,
    StreamConflictError,
    StreamGapError,
    TruncatedStreamError,
    UnsupportedError,
    WirestructError,
)
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.encode.lines import encoded
from wirestruct.output.jsonify import to_jsonable
from wirestruct.output.serialize import dumps_document
from wirestruct.plugin import registry

#: Most records one input is split into.
MAX_RECORDS = 4096

HEAD_S2C = 0x01
HEAD_LONG = 0x02
HEAD_STREAM1 = 0x04
HEAD_GAP = 0x08

#: One input in this many has its packets and tracker snapshot converted to JSON ...
JSON_EVERY = 8
#: ... the first this many packet events of it.
JSON_PACKETS = 4
#: Error events per input printed and converted to JSON.
JSON_ERRORS = 64

#: Errors that stand for input not read or decoded: each must carry ``dropped``.
DROPPING = (StreamGapError, StreamConflictError, FragmentError, UnsupportedError,
            ResyncError, TruncatedStreamError)
#: Of those, the ones whose ``Where.span`` is exactly the dropped bytes.
SPAN_IS_DROPPED = (StreamGapError, ResyncError, TruncatedStreamError)

#: The limits the targets run with unless overridden: the defaults scaled down, so that
#: a bomb or a lying count small enough for a fuzz input still reaches every cap (and
#: an execution stays short).
FUZZ_LIMITS = ("max_decompressed=256k", "max_packet=1M", "max_map_volume=1M",
               "max_region_volume=1M", "max_append_buffer=256k", "max_record=1M",
               "max_reassembly_buffer=1M", "max_tcp_history=64k", "max_flows=64",
               "max_fragment_buffer=256k", "max_resync_scan=64k", "max_tracked_objects=4096",
               "max_items_per_packet=1024", "max_entities_per_packet=256",
               "max_ws_message=256k", "max_ws_fragments=1024", "max_ws_inflated=256k",
               "max_ws_inflated_total=1M", "max_ws_handshake=16k")


class PropertyViolation(AssertionError):
    """Something came out of wirestruct that its API does not allow."""


def limits() -> Limits:
    """The limits the targets run with: :data:`FUZZ_LIMITS`, each overridable with
    ``WIRESTRUCT_FUZZ_LIMITS="max_decompressed=16M,max_packet=64k"``
    (``WIRESTRUCT_FUZZ_LIMITS=defaults`` for the library defaults)."""
    overrides = limit_overrides()
    return Limits() if overrides is None else Limits().with_overrides(overrides)


def limit_overrides() -> list[str] | None:
    """:func:`limits` as ``NAME=VALUE`` overrides of the defaults (None: the defaults), as
    ``wirestruct batch`` takes them."""
    text = os.environ.get("WIRESTRUCT_FUZZ_LIMITS", "")
    if text.strip() == "defaults":
        return None
    return [*FUZZ_LIMITS, *(part for part in text.split(",") if part.strip())]


LIMITS = limits()


def import_all(*, rw: bool = False, tools: bool = False) -> list[str]:
    """Import every wirestruct module now (the registry, the capture readers and some
    decoders import theirs lazily), so that the ones atheris instruments
    (``entry.COVERED``) are instrumented; returns their names. The read-write classes
    only with ``rw``; the command-line tools are left out, except with ``tools`` the batch
    worker's modules."""
    import wirestruct
    import wirestruct.generated
    names = []
    packages = [wirestruct, wirestruct.generated]
    if rw:
        import wirestruct.generated_rw
        packages.append(wirestruct.generated_rw)
    for package in packages:
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.startswith("wirestruct.tools") or info.name in names:
                continue
            importlib.import_module(info.name)
            names.append(info.name)
    if tools:
        for name in ("wirestruct.tools.batch",):
            importlib.import_module(name)
            names.append(name)
    return names


def encode_gap(length: int, direction: Direction, stream: int = 0) -> bytes:
    """A gap of ``length`` stream bytes in the scheme :func:`split_records` reads."""
    head = HEAD_GAP | (HEAD_S2C if direction == Direction.S2C else 0) | (HEAD_STREAM1 if stream else 0)
    return bytes([head | HEAD_LONG]) + length.to_bytes(2, "little")


def encode_record(data: bytes, direction: Direction, stream: int = 0) -> bytes:
    """One record in the scheme :func:`split_records` reads (for seeds and tests)."""
    head = (HEAD_S2C if direction == Direction.S2C else 0) | (HEAD_STREAM1 if stream else 0)
    if len(data) > 0xFF:
        if len(data) > 0xFFFF:
            raise ValueError("a record holds at most 65535 bytes; split it")
        return bytes([head | HEAD_LONG]) + len(data).to_bytes(2, "little") + data
    return bytes([head, len(data)]) + data


def split_records(data: bytes, *, streams: bool) -> list[CaptureRecord | WirestructError]:
    """The fuzz input as capture records (and, for stream protocols, gap errors)."""
    out: list[CaptureRecord | WirestructError] = []
    pos = 0
    offsets = {}
    while pos < len(data) and len(out) < MAX_RECORDS:
        head = data[pos]
        pos += 1
        width = 2 if head & HEAD_LONG else 1
        length = int.from_bytes(data[pos:pos + width], "little")
        pos += width
        direction = Direction.S2C if head & HEAD_S2C else Direction.C2S
        stream = 1 if streams and head & HEAD_STREAM1 else 0
        key = (stream, direction)
        start = offsets.get(key, 0)
        if streams and head & HEAD_GAP:
            offsets[key] = start + length
            out.append(StreamGapError("fuzzed gap", record=len(out), stream=stream,
                                      direction=direction.label, span=(start, start + length),
                                      dropped=length))
            continue
        chunk = data[pos:pos + length]
        pos += len(chunk)
        offsets[key] = start + len(chunk)
        out.append(CaptureRecord(len(out), float(len(out)), direction, chunk, stream))
    return out


def json_checked(data: bytes) -> bool:
    """Whether this input's packets and snapshot are converted to JSON."""
    return zlib.crc32(data) % JSON_EVERY == 0


def _notice(error: WirestructError) -> bool:
    """The first frame of a kind not read: named, its count left to the capture's totals
    (which tests/captures/test_cases.py sums exactly); or the end-of-capture note on
    frames that were read but cut by the snapshot length (``expected="whole frames"``:
    the stream bytes they miss are the stream's gap errors, which carry ``dropped``; see
    ``wirestruct.captures.frames.unread``)."""
    if not isinstance(error, UnsupportedError):
        return False
    return (str(error.args[0] if error.args else "").endswith(
        "their totals reported at the end of the capture") or error.expected == "whole frames")


def check_error(error: object, *, as_json: bool = True) -> None:
    """An error event's or capture's error is a WirestructError that prints, converts to
    JSON and says how much it dropped (see the module documentation)."""
    if not isinstance(error, WirestructError):
        raise PropertyViolation(f"error event carries {type(error).__name__}: {error!r}")
    if as_json:
        str(error)
        json.dumps(error.to_json())
    dropped = error.dropped
    if dropped is not None and dropped < 0:
        raise PropertyViolation(f"negative dropped count in {error!r}")
    span = error.where.span if error.where is not None else None
    if isinstance(error, DROPPING) and dropped is None and not _notice(error):
        raise PropertyViolation(f"{type(error).__name__} without a dropped count: {error!r}")
    if isinstance(error, SPAN_IS_DROPPED) and span is not None and span[1] - span[0] != dropped:
        raise PropertyViolation(f"{type(error).__name__} drops {dropped} bytes of a "
                                f"{span[1] - span[0]}-byte span: {error!r}")


def check_events(events: Iterator[Event], outcome: Counter, *, json_packets: int = 0) -> Counter:
    """Consume ``events``, checking each one is what the API promises; counts them in
    ``outcome`` (``"packet"`` for packet events, the error class name for error events).
    The first ``json_packets`` packet events are converted to JSON."""
    errors = 0
    for event in events:
        if isinstance(event, ErrorEvent):
            outcome[type(event.error).__name__] += 1
            errors += 1
            check_error(event.error, as_json=errors <= JSON_ERRORS)
        elif isinstance(event, PacketEvent):
            outcome["packet"] += 1
            if outcome["packet"] <= json_packets:
                json.dumps(to_jsonable(event.packet))
                json.dumps(to_jsonable(event.expansions))
        else:
            raise PropertyViolation(f"unexpected event type {type(event).__name__}")
    return outcome


def run_protocol(name: str, data: bytes) -> Counter:
    """Decode and track the records of ``data`` as ``wirestruct decode/state`` would."""
    protocol = registry.get_protocol(name)
    records = split_records(data, streams=protocol.transport == "stream")
    tracker = protocol.tracker(limits=LIMITS)
    as_json = json_checked(data)
    outcome = check_events(track(decode_records(records, protocol.decoder(limits=LIMITS)),
                                 tracker), Counter(), json_packets=JSON_PACKETS if as_json else 0)
    if as_json:
        dumps_document(tracker.snapshot())
    return outcome


_TEMP_DIR = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


def _capture_file(data: bytes) -> str:
    """A scratch file holding ``data`` (``open_capture`` takes a path); the caller
    removes it."""
    fd, path = tempfile.mkstemp(prefix="wirestruct-fuzz-", suffix=".bin", dir=_TEMP_DIR)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    return path


def _check_items(items, outcome: Counter) -> Counter:
    errors = 0
    for item in items:
        if not isinstance(item, (CaptureRecord, WirestructError)):
            raise PropertyViolation(f"capture yielded {type(item).__name__}: {item!r}")
        if isinstance(item, CaptureRecord):
            if not isinstance(item.data, bytes) or not isinstance(item.direction, Direction):
                raise PropertyViolation(f"malformed record {item!r}")
            outcome["record"] += 1
        else:
            errors += 1
            check_error(item, as_json=errors <= JSON_ERRORS)
            outcome[type(item).__name__] += 1
    return outcome


def run_capture(fmt: str, data: bytes) -> Counter:
    """Read ``data`` as a capture file of format ``fmt`` through ``open_capture``.

    JSON Lines and ``.wscap`` records are decoded with the protocol the container names
    (``.wscap``) or read only (JSON Lines); pcap and pcapng inputs end in a selector byte
    (:func:`split_selector`): read as a TCP stream capture and decoded as MME (its gaps
    reach the stream decoder's resync), or read as a message capture."""
    transport = "message"
    if fmt in ("pcap", "pcapng"):
        data, transport = split_selector(data)
    path = _capture_file(data)
    try:
        return _read_capture(fmt, path, transport, json_checked(data))
    finally:
        os.unlink(path)


def split_selector(data: bytes) -> tuple[bytes, str]:
    """A pcap/pcapng fuzz input as (capture file, transport): the last byte selects."""
    if not data:
        return data, "stream"
    return data[:-1], "message" if data[-1] & 1 else "stream"


def _read_capture(fmt: str, path: str, transport: str, as_json: bool) -> Counter:
    outcome: Counter = Counter()
    try:
        capture = open_capture(path, format=fmt, limits=LIMITS)
    except WirestructError as error:
        str(error)
        outcome["raised " + type(error).__name__] += 1
        return outcome
    with capture:
        records = capture.records(Transport(transport))
        protocol_name = capture.protocol if fmt == "wscap" else (
            "mme" if transport == "stream" else None)
        if protocol_name in registry.protocol_names():
            protocol = registry.get_protocol(protocol_name)
            tracker = protocol.tracker(limits=LIMITS)
            check_events(track(decode_records(records, protocol.decoder(limits=LIMITS)),
                               tracker), outcome, json_packets=JSON_PACKETS if as_json else 0)
            if as_json:
                dumps_document(tracker.snapshot())
        else:
            _check_items(records, outcome)
    return outcome


def _protocol_target(name: str) -> Callable[[bytes], Counter]:
    def target(data: bytes) -> Counter:
        try:
            return run_protocol(name, data)
        except WirestructError as error:     # raised, not reported: allowed by the property
            return Counter({"raised " + type(error).__name__: 1})
    return target


def _allowing_raised(run: Callable[[bytes], Counter]) -> Callable[[bytes], Counter]:
    def target(data: bytes) -> Counter:
        try:
            return run(data)
        except WirestructError as error:
            return Counter({"raised " + type(error).__name__: 1})
    return target


def _capture_target(fmt: str) -> Callable[[bytes], Counter]:
    def target(data: bytes) -> Counter:
        try:
            return run_capture(fmt, data)
        except WirestructError as error:
            return Counter({"raised " + type(error).__name__: 1})
    return target


# -- encode: JSON Lines events back to a capture, as `wirestruct encode` does -------------

#: The selector byte's protocol (bits 0-1, modulo 3) and output format (bits 2-3) of the
#: ``encode`` and ``batch`` targets.
SELECTED_PROTOCOLS = ("scrap-mechanic", "mme", "diep")
ENCODE_FORMATS = ("jsonl", "wscap", "pcap", "pcapng")
BATCH_FORMATS = ("jsonl", "pcap", "pcapng", "wscap")


def selected(data: bytes, formats: tuple[str, ...]) -> tuple[str, str, bytes]:
    """(protocol, format, the rest) of an ``encode`` or ``batch`` input: its first byte
    selects."""
    if not data:
        return SELECTED_PROTOCOLS[0], formats[0], b""
    head = data[0]
    return SELECTED_PROTOCOLS[(head & 3) % 3], formats[(head >> 2) & 3], data[1:]


def run_encode(data: bytes) -> Counter:
    """The input after its selector byte is the JSON Lines event input of ``wirestruct
    encode -p PROTOCOL --to FORMAT``: read with :func:`wirestruct.encode.lines.encoded`,
    encoded by the protocol's encoder and written by
    :func:`wirestruct.captures.writers.capture_files.write_records` to memory, as
    ``wirestruct.tools.cli.encode`` does. Every error must be a WirestructError that
    counts what it stands for (``dropped``: an event or line not encoded, a record not
    written), and the written capture must hold the records the writer says it wrote."""
    name, fmt, lines = selected(data, ENCODE_FORMATS)
    protocol = registry.get_protocol(name)
    encoder = protocol.encoder(limits=LIMITS)
    outcome: Counter = Counter()
    errors = 0

    def rejected(error: object) -> None:
        nonlocal errors
        errors += 1
        check_error(error, as_json=errors <= JSON_ERRORS)
        if error.dropped is None or error.dropped <= 0:          # type: ignore[union-attr]
            raise PropertyViolation(f"encode error without a dropped count: {error!r}")
        outcome[type(error).__name__] += 1

    def records() -> Iterator[CaptureRecord]:
        for item in encoded(io.BytesIO(lines), encoder):
            if isinstance(item, CaptureRecord):
                if not isinstance(item.data, bytes):
                    raise PropertyViolation(f"encoder yielded {item!r}")
                yield item
            else:
                rejected(item)

    out = io.BytesIO()
    written = write_records(fmt, out, records(), rejected=rejected, protocol=protocol.name,
                            transport=protocol.transport)
    if written < 0 or encoder.skipped < 0:
        raise PropertyViolation(f"negative counts: {written} written, {encoder.skipped} skipped")
    outcome["record"] += written
    outcome["skipped"] += encoder.skipped
    if fmt in ("jsonl", "wscap") and json_checked(data):
        _check_written(fmt, out.getvalue(), written)
    return +outcome


def _check_written(fmt: str, blob: bytes, written: int) -> None:
    """What the encoder wrote reads back as ``written`` records (JSON Lines, .wscap)."""
    path = _capture_file(blob)
    try:
        with open_capture(path, format=fmt, limits=LIMITS) as capture:
            read = sum(1 for item in capture.records(Transport("message"))
                       if isinstance(item, CaptureRecord))
    finally:
        os.unlink(path)
    if read != written:
        raise PropertyViolation(f"encode wrote {written} records as {fmt}, {read} read back")


# -- batch: one capture of `wirestruct batch`, as a worker processes it ---------------------

def run_batch(data: bytes) -> Counter:
    """The input after its selector byte is a capture file (format: bits 2-3, the
    protocol: bits 0-1, modulo 3), processed as a ``wirestruct batch`` worker does
    (:func:`wirestruct.tools.batch.process_capture`: decoding, tracking, the table row
    builders, the Delta commits) into a scratch dataset removed afterwards.
    Nothing may be raised (a Dask task that raises is a failed capture), the capture is
    written, its summary's counts are whole numbers, and one input in :data:`JSON_EVERY`
    has its tables read back with as many rows as the summary says."""
    from wirestruct.tables import file_sha256
    from wirestruct.tools import dataset_writer
    from wirestruct.tools.batch import BatchOptions, process_capture

    name, fmt, capture = selected(data, BATCH_FORMATS)
    folder = tempfile.mkdtemp(prefix="wirestruct-fuzz-batch-", dir=_TEMP_DIR)
    try:
        source = os.path.join(folder, "capture." + fmt)
        with open(source, "wb") as f:
            f.write(capture)
        dataset = os.path.join(folder, "dataset")
        dataset_writer.prepare(dataset)     # as run_batch does before submitting the tasks
        options = BatchOptions(name, limits=limit_overrides() or [], capture_format=fmt,
                               batch_rows=BATCH_ROWS)
        summary = process_capture(source, "capture." + fmt, file_sha256(source), dataset,
                                  options, False, "fuzz", dataset_writer.new_write_id())
        if summary.get("status") != "written":
            raise PropertyViolation(f"capture not written: {summary!r}")
        rows = summary["rows"]
        counts = [summary["packets"], summary["errors"], *rows.values()]
        if not all(isinstance(n, int) and n >= 0 for n in counts):
            raise PropertyViolation(f"bad counts in the summary: {summary!r}")
        if json_checked(data):
            _check_tables(dataset, rows)
        outcome = Counter({"packet": summary["packets"], "error": summary["errors"],
                           "row": sum(rows.values())})
        return +outcome
    finally:
        shutil.rmtree(folder, ignore_errors=True)


#: Rows per record batch in the ``batch`` target: small, so a capture fills several.
BATCH_ROWS = 64


def _check_tables(dataset: str, rows: dict[str, int]) -> None:
    """Each table read back through ``wirestruct.dataset.open`` has the rows reported."""
    from wirestruct import dataset as datasets

    opened = datasets.open(dataset)
    for table, count in rows.items():
        read = opened.arrow(table).num_rows if count or table in opened.tables else 0
        if read != count:
            raise PropertyViolation(f"table {table}: {count} rows reported, {read} read back")


# -- diep_updates: the diep.io update readers against the generated classes -------------

#: The id byte of a diep.io 0x00 update, put before each ``diep_updates`` input.
DIEP_UPDATE = b"\x00"


def _generated_update(packet: bytes, raw: bool) -> str | None:
    """What readable (or raw) output shows of the generated classes' parse of a 0x00
    update, as JSON text, or None when they refuse it (an exception, or bytes left)."""
    from kaitaistruct import KaitaiStream
    from wirestruct.output.serialize import serializer
    from wirestruct.protocols.diep.builds import load_build

    try:
        stream = KaitaiStream(io.BytesIO(packet))
        obj = load_build().packet_class(stream)
        if not stream.is_eof():
            return None
    except Exception:  # noqa: BLE001 - any failure of the generated parse is a refusal
        return None
    return json.dumps(serializer(raw=raw).value(obj))


def run_diep_updates(data: bytes) -> Counter:
    """The input is the body of a diep.io 0x00 update (the packet after its id byte), read
    by the update reader and the raw update reader (``wirestruct.protocols.diep``) and
    parsed by the generated classes they stand in for. A reader may only give fields or
    None (anything raised is a finding), and must take exactly the packets the generated
    classes take, with the fields readable (raw) output shows of their parse, key for key
    and in order."""
    from wirestruct.protocols.diep.raw_update_reader import raw_update_reader
    from wirestruct.protocols.diep.update_reader import update_reader

    packet = DIEP_UPDATE + data
    outcome: Counter = Counter()
    for raw, reader in ((False, update_reader()), (True, raw_update_reader())):
        if reader is None:
            raise PropertyViolation("the bundled build has no " + ("raw " if raw else "")
                                    + "update reader")
        fields = reader.fields(packet)
        if fields is not None and not isinstance(fields, dict):
            raise PropertyViolation(f"the reader gave {type(fields).__name__}")
        want = _generated_update(packet, raw)
        form = "raw" if raw else "readable"
        if fields is None and want is not None:
            raise PropertyViolation(f"the {form} reader refused an update the generated "
                                    "classes take")
        if fields is not None and want is None:
            raise PropertyViolation(f"the {form} reader took an update the generated "
                                    "classes refuse")
        if fields is not None and json.dumps(fields) != want:
            raise PropertyViolation(f"the {form} reader's fields differ from the generated "
                                    "classes' parse")
        outcome["packet" if fields is not None else "error"] += 1
    return outcome


# -- websocket: WebSocket connections in reassembled TCP streams ------------------------

#: The start of each of a ``websocket`` input's two connections, chosen by its first
#: byte: no handshake (frames from the first byte, as with ``--server``), or a whole
#: upgrade whose response accepts each permessage-deflate setup.
WS_EXTENSIONS = (None, "", "permessage-deflate",
                 "permessage-deflate; server_no_context_takeover; client_no_context_takeover",
                 "permessage-deflate; server_max_window_bits=9; client_max_window_bits=10",
                 "permessage-deflate; client_no_context_takeover; server_max_window_bits=8")
WS_KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def ws_handshake(extension: str) -> tuple[bytes, bytes]:
    """A client's upgrade request and the server's response accepting ``extension`` (no
    ``Sec-WebSocket-Extensions`` when empty)."""
    from wirestruct.captures.flows.websocket import accept_key
    offer = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if extension else ""
    request = ("GET /game HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {WS_KEY}\r\n"
               f"Sec-WebSocket-Version: 13\r\n{offer}\r\n")
    accepted = f"Sec-WebSocket-Extensions: {extension}\r\n" if extension else ""
    response = ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Accept: {accept_key(WS_KEY)}\r\n"
                f"{accepted}\r\n")
    return request.encode(), response.encode()


def run_websocket(data: bytes) -> Counter:
    """The input's first byte picks the connections' start (:data:`WS_EXTENSIONS`); the
    rest is stream chunks and gaps of two connections, both directions (the scheme of
    :func:`split_records`), read by the capture layer's WebSocket reader
    (``wirestruct.captures.flows.websocket``) into message records and error items. Each
    item must be a record or a WirestructError that prints, converts to JSON and counts
    what it dropped; no message may be longer than ``max_ws_message`` or, inflated,
    ``max_ws_inflated``, nor all of them together inflate past ``max_ws_inflated_total``
    beyond what came in uncompressed."""
    from wirestruct.captures.flows.websocket import websocket_messages
    if not data:
        return Counter()
    extension = WS_EXTENSIONS[data[0] % len(WS_EXTENSIONS)]
    start = b""
    if extension is not None:
        request, response = ws_handshake(extension)
        for stream in (0, 1):
            start += (encode_record(request, Direction.C2S, stream)
                      + encode_record(response, Direction.S2C, stream))
    items = split_records(start + data[1:], streams=True)
    arrived = sum(len(item.data) for item in items if isinstance(item, CaptureRecord))
    out = list(websocket_messages(items, LIMITS, server_given=extension is None))
    outcome = _check_items(out, Counter())
    biggest = max(LIMITS.max_ws_message, LIMITS.max_ws_inflated)
    total = 0
    for item in out:
        if isinstance(item, CaptureRecord):
            if len(item.data) > biggest:
                raise PropertyViolation(f"a message of {len(item.data)} bytes, past the limits")
            total += len(item.data)
    if total > LIMITS.max_ws_inflated_total + arrived:
        raise PropertyViolation(f"messages of {total} bytes from {arrived} bytes, past "
                                "max_ws_inflated_total")
    return outcome


# -- proxy: a proxy session's relay, with and without hooks ------------------------------

PROXY_PROTOCOLS = ("mme", "scrap-mechanic", "diep")
PROXY_HOOKS = ("none", "pass", "edit", "drop", "inject", "raise")


def _proxy_hook(kind: str):
    """A hook that passes everything on, edits each packet (its fields as they came), drops
    every other packet, injects a copy of each packet's bytes, or raises."""
    from wirestruct.proxy.hooks import Drop, Edit, Inject, Packet
    seen = [0]

    def hook(event):
        if not isinstance(event, Packet):
            return None
        seen[0] += 1
        if kind == "edit":
            return Edit(event.fields)
        if kind == "drop":
            return Drop() if seen[0] % 2 else None
        if kind == "inject":
            return Inject("s2c" if event.direction == "c2s" else "c2s", data=event.data)
        if kind == "raise":
            raise RuntimeError("a hook that fails")
        return None
    return None if kind == "none" else hook


def run_proxy(data: bytes) -> Counter:
    """The input's first byte picks the protocol (:data:`PROXY_PROTOCOLS`) and the hook
    (:data:`PROXY_HOOKS`); the rest is what the client and the server send (the scheme of
    :func:`split_records`; a message protocol's record is one message), relayed by a
    :class:`wirestruct.proxy.session.ProxySession`. Its events must be what the API
    allows; without a hook, or with one that passes everything on, each direction must
    forward exactly the bytes that came, in order; what was forwarded is what its records
    hold."""
    from wirestruct.proxy.session import ProxySession
    if not data:
        return Counter()
    name = PROXY_PROTOCOLS[data[0] % len(PROXY_PROTOCOLS)]
    kind = PROXY_HOOKS[(data[0] // len(PROXY_PROTOCOLS)) % len(PROXY_HOOKS)]
    protocol = registry.get_protocol(name)
    session = ProxySession(protocol, hook=_proxy_hook(kind), limits=LIMITS,
                           client="127.0.0.1:50000", upstream="127.0.0.1:4000")
    came = {Direction.C2S: bytearray(), Direction.S2C: bytearray()}
    went = {Direction.C2S: bytearray(), Direction.S2C: bytearray()}
    outcome: Counter = Counter()
    forwarded = list(session.connect())
    events = []
    for record in split_records(data[1:], streams=False):
        if not isinstance(record, CaptureRecord):
            continue
        came[record.direction] += record.data
        forwarded += session.relay(record.direction, bytes(record.data))
        events += session.decoded()
    for direction in (Direction.C2S, Direction.S2C):    # each side closes its end
        forwarded += session.end(direction)
    events += session.disconnect("the input ended")
    check_events(iter(events), outcome, json_packets=JSON_PACKETS if json_checked(data) else 0)
    for direction, chunk in forwarded:
        if not isinstance(chunk, bytes) or not isinstance(direction, Direction):
            raise PropertyViolation(f"forwarded {type(chunk).__name__} to {direction!r}")
        went[direction] += chunk
    if kind in ("none", "pass") and went != came:
        raise PropertyViolation("bytes forwarded differ from the bytes that came, with "
                                f"hook {kind!r}")
    recorded = {Direction.C2S: bytearray(), Direction.S2C: bytearray()}
    for record in session.take_records():
        recorded[record.direction] += record.data
    if recorded != went:
        raise PropertyViolation("the records hold other bytes than were forwarded")
    return outcome


#: Target name -> function of the fuzz input, returning what came out: a count per
#: ``"packet"``, ``"record"``, error class name (error events and error records) and
#: ``"raised <class name>"``. The names are the ``fuzz_<name>.py`` files, the seed
#: folders and the regression folders.
TARGETS: dict[str, Callable[[bytes], Counter]] = {
    "scrap_mechanic": _protocol_target("scrap-mechanic"),
    "mme": _protocol_target("mme"),
    "diep": _protocol_target("diep"),
    "jsonl": _capture_target("jsonl"),
    "pcap": _capture_target("pcap"),
    "pcapng": _capture_target("pcapng"),
    "wscap": _capture_target("wscap"),
    "encode": _allowing_raised(run_encode),
    "batch": _allowing_raised(run_batch),
    "diep_updates": run_diep_updates,
    "websocket": run_websocket,
    "proxy": run_proxy,
}
