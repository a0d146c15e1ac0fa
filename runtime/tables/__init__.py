"""Decoded captures as Apache Arrow tables: packets, errors and per-protocol state over
time, in long form (one row per packet, sub-update, move, field value ...).

    from wirestruct.tables import to_arrow
    tables = to_arrow("session.jsonl", name)      # {"packets": pa.Table, ...}
    tables["packets"].to_pandas()

Rows are collected into record batches of at most ``batch_rows`` rows, and no more than
``Limits.max_batch_bytes`` of text and bytes (a row may hold a 64 KB chat line), as
events arrive, so building the tables never holds more than one batch per table besides
what is returned; :func:`capture_batches` yields those batches for writers that stream them
(``wirestruct batch`` writes them to Parquet one at a time, memory flat in capture
length). The schemas are in :mod:`wirestruct.tables.schemas` and ``docs/tables.md``.
"""
from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
from wirestruct.captures import open_capture
from wirestruct.core.errors import RowError, WirestructError
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.session import decode_records, track
from wirestruct.plugin.registry import get_protocol
from wirestruct.tables.rows import Row, time_ns
from wirestruct.tables.schemas import COMMON, SCHEMA_VERSION

__all__ = ["DEFAULT_BATCH_ROWS", "SCHEMA_VERSION", "RowError", "TableBuilder", "tables_of",
           "capture_batches", "capture_id", "file_sha256", "record_batches", "to_arrow"]

#: Rows per record batch (and so per Parquet row group) of one table.
DEFAULT_BATCH_ROWS = 16_384


Batch = tuple[str, pa.RecordBatch]


def tables_of(protocol: str) -> dict[str, pa.Schema]:
    """Every table of ``protocol``: name -> schema (``packets`` and ``captures`` first)."""
    return {**COMMON, **get_protocol(protocol).tables().schemas}


_UNSAFE = re.compile(r"[^A-Za-z0-9._~-]")


def capture_id(path: str | os.PathLike) -> str:
    """The id a capture's rows carry: its file name, with every character other than
    letters, digits and ``._~-`` replaced by ``_`` (so it is also a directory name and a
    hive partition value as it is)."""
    return _UNSAFE.sub("_", Path(path).name) or "_"


def file_sha256(path: str | os.PathLike) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


class TableBuilder:
    """Collects one capture's rows per table and hands out record batches of at most
    ``batch_rows`` rows."""

    def __init__(self, protocol: str, capture: str, *,
                 batch_rows: int = DEFAULT_BATCH_ROWS,
                 batch_bytes: int = DEFAULT_LIMITS.max_batch_bytes, **options: Any) -> None:
        if batch_rows < 1:
            raise ValueError(f"batch_rows must be >= 1, not {batch_rows}")
        self.protocol = protocol
        self.capture = capture
        self.batch_rows = batch_rows
        self.batch_bytes = batch_bytes
        plugin = get_protocol(protocol)
        tables = plugin.tables()
        self.schemas = {**COMMON, **tables.schemas}
        self.rows_of = tables.rows(**plugin.own_options(options, "tables"))
        self._rows: dict[str, list[tuple]] = {name: [] for name in self.schemas}
        self._bytes: dict[str, int] = {name: 0 for name in self.schemas}
        self.counts: dict[str, int] = {name: 0 for name in self.schemas}
        self.packets = 0
        self.errors = 0

    def add(self, event: Event) -> Iterator[Batch]:
        """Take one event; yield the batches it fills."""
        if isinstance(event, PacketEvent):
            self.packets += 1
            yield from self._put(("packets", _packet_row(event)))
            try:
                for row in self.rows_of(event):
                    self._check(row)
                    yield from self._put(row)
            except Exception as exc:  # noqa: BLE001 - one packet's rows, never the capture
                self.errors += 1
                yield from self._put(("packets", _error_row(_row_error(event, exc))))
        else:
            self.errors += 1
            yield from self._put(("packets", _error_row(event)))

    def _check(self, row: Row) -> None:
        """A row maker's row has one value for each column of its table but ``capture``."""
        name, values = row
        schema = self.schemas.get(name)
        if schema is None:
            raise ValueError(f"a row for the unknown table {name!r}")
        if len(values) != len(schema) - 1:
            raise ValueError(f"a {name} row of {len(values)} values, not "
                             f"{len(schema) - 1} ({', '.join(schema.names[1:])})")

    def add_row(self, table: str, row: tuple) -> Iterator[Batch]:
        yield from self._put((table, row))

    def finish(self) -> Iterator[Batch]:
        """The rows not yet handed out, one batch per non-empty table."""
        for name, rows in self._rows.items():
            if rows:
                yield name, self._batch(name)

    def _put(self, row: Row) -> Iterator[Batch]:
        name, values = row
        rows = self._rows[name]
        rows.append(values)
        size = self._bytes[name] + _row_bytes(values)
        self._bytes[name] = size
        if len(rows) >= self.batch_rows or size >= self.batch_bytes:
            yield name, self._batch(name)

    def _batch(self, name: str) -> pa.RecordBatch:
        rows = self._rows[name]
        self._rows[name] = []
        self._bytes[name] = 0
        self.counts[name] += len(rows)
        schema = self.schemas[name]
        columns = [pa.DictionaryArray.from_arrays(pa.array([0] * len(rows), pa.int32()),
                                                  pa.array([self.capture], pa.string()))]
        for i, field in enumerate(schema):
            if i:
                columns.append(pa.array([row[i - 1] for row in rows], field.type))
        return pa.RecordBatch.from_arrays(columns, schema=schema)

    def final_row(self, *, source: str | None, sha256: str | None,
                  snapshot: dict[str, Any] | None,
                  error: BaseException | None = None) -> tuple:
        """The ``captures`` row (without ``capture``)."""
        tick, objects = (None, None)
        size = (None, None, None)
        map_sha256 = None
        if snapshot is not None:
            tick, objects = self.rows_of.final(snapshot)
            game_map = snapshot.get("map") or {}
            if game_map.get("dims"):
                size = tuple(game_map["dims"])
            map_sha256 = game_map.get("sha256")
        kind = message = None
        if error is not None:
            kind = getattr(error, "kind", type(error).__name__)
            message = str(error)
        return (self.protocol, source, sha256, self.packets, self.errors, tick, objects,
                *size, map_sha256, kind, message)



def _row_bytes(values: tuple) -> int:
    """About what a row weighs in a record batch: its text and bytes, 8 bytes a value."""
    size = 8 * len(values)
    for value in values:
        if value.__class__ is str or value.__class__ is bytes:
            size += len(value)
    return size


def _row_error(event: PacketEvent, exc: Exception) -> ErrorEvent:
    error = RowError(f"no table rows for this packet: {type(exc).__name__}: {exc}",
                     expected="a packet as the decoder makes it", record=event.record,
                     packet_index=event.index, packet_id=event.packet_id,
                     packet_name=event.name, stream=event.stream,
                     direction=event.direction.label)
    return ErrorEvent(error=error, record=event.record, t=event.t, direction=event.direction,
                      index=event.index, stream=event.stream, frame=event.frame,
                      t_ns=event.t_ns, ends=event.ends)


def _packet_row(event: PacketEvent) -> tuple:
    return (event.index, event.record, time_ns(event), event.direction.label, event.stream,
            event.packet_id, event.name, event.parent, len(event.raw),
            _decompressed_size(event.expansions), None, None, None, None, None)


def _error_row(event: ErrorEvent) -> tuple:
    error = event.error
    direction = event.direction.label if event.direction is not None else None
    where = error.where
    return (event.index, event.record, time_ns(event), direction, event.stream,
            where.packet_id, where.packet_name, None, None, None, error.kind, str(error),
            where.offset, error.dropped, error.dropped_unit if error.dropped is not None
            else None)


def _decompressed_size(expansions: Any) -> int | None:
    """Bytes of the packet's expanded body: decompressed data, inflated blocks or files,
    or the parsed body's stream; None when nothing was expanded."""
    for key in ("decompressed", "body", "blocks", "file"):
        value = expansions.get(key)
        if value is None:
            continue
        if isinstance(value, (bytes, bytearray)):
            return len(value)
        data = getattr(value, "data", None)
        if isinstance(data, (bytes, bytearray)):
            return len(data)
        io = getattr(value, "_io", None)
        if io is not None:
            return io.size()
    return None


def error_batches(protocol: str, capture: str, error: BaseException, *,
                  source: str | None = None, sha256: str | None = None) -> list[Batch]:
    """The rows of a capture that could not be decoded at all: one error row in
    ``packets`` and its ``captures`` row."""
    builder = TableBuilder(protocol, capture)
    kind = getattr(error, "kind", type(error).__name__)
    dropped = None
    if source is not None and os.path.isfile(source):
        dropped = os.path.getsize(source)
    row = (None, None, None, None, 0, None, None, None, None, None, kind, str(error),
           None, dropped, "bytes" if dropped is not None else None)
    list(builder.add_row("packets", row))
    builder.errors = 1
    list(builder.add_row("captures", builder.final_row(source=source, sha256=sha256,
                                                       snapshot=None, error=error)))
    return list(builder.finish())


def record_batches(events: Iterable[Event], protocol: str, *, capture: str = "",
                   batch_rows: int = DEFAULT_BATCH_ROWS,
                   batch_bytes: int = DEFAULT_LIMITS.max_batch_bytes,
                   **options: Any) -> Iterator[Batch]:
    """(table name, record batch) for already decoded events (no ``captures`` row)."""
    builder = TableBuilder(protocol, capture, batch_rows=batch_rows, batch_bytes=batch_bytes,
                           **options)
    for event in events:
        yield from builder.add(event)
    yield from builder.finish()


def capture_batches(path: str | os.PathLike, protocol: str, *,
                    capture: str | None = None, limits: Limits = DEFAULT_LIMITS,
                    batch_rows: int = DEFAULT_BATCH_ROWS, sha256: str | None = None,
                    server: str | None = None, capture_format: str | None = None,
                    **options: Any) -> Iterator[Batch]:
    """Decode and track one capture file; yield (table name, record batch) as batches
    fill, ending with its ``captures`` row. A capture that cannot be opened or read at
    all yields its error rows instead of raising."""
    source = os.fspath(path)
    name = capture or capture_id(path)
    plugin = get_protocol(protocol)
    try:
        digest = sha256 or file_sha256(source)
        handle = open_capture(source, format=capture_format, server=server, limits=limits)
    except (WirestructError, OSError, ValueError) as exc:
        if isinstance(exc, WirestructError):
            exc.at(file=source)
        yield from error_batches(protocol, name, exc, source=source)
        return
    builder = TableBuilder(protocol, name, batch_rows=batch_rows,
                           batch_bytes=limits.max_batch_bytes, **options)
    tracker = plugin.tracker(limits=limits, **options)
    with handle:
        events = track(decode_records(handle.records(plugin),
                                      plugin.decoder(limits=limits, **options), file=source),
                       tracker)
        for event in events:
            yield from builder.add(event)
    snapshot = tracker.snapshot()
    yield from builder.add_row("captures", builder.final_row(
        source=source, sha256=digest, snapshot=snapshot))
    yield from builder.finish()


def to_arrow(events_or_capture: str | os.PathLike | Iterable[Event], protocol: str, *,
             capture: str | None = None, limits: Limits = DEFAULT_LIMITS,
             batch_rows: int = DEFAULT_BATCH_ROWS, **options: Any) -> dict[str, pa.Table]:
    """Every table of ``protocol`` (name -> ``pyarrow.Table``, empty tables included).

    ``events_or_capture`` is a capture file (decoded and tracked here; the ``captures``
    table then holds its final state) or decoded events (e.g. from ``track(...)``).
    ``options`` are the protocol's (``diep_build``, ...)."""
    if isinstance(events_or_capture, (str, os.PathLike)):
        batches = capture_batches(events_or_capture, protocol, capture=capture, limits=limits,
                                  batch_rows=batch_rows, **options)
    else:
        batches = record_batches(events_or_capture, protocol, capture=capture or "",
                                 batch_rows=batch_rows, batch_bytes=limits.max_batch_bytes,
                                 **options)
    collected: dict[str, list[pa.RecordBatch]] = {name: [] for name in tables_of(protocol)}
    for name, batch in batches:
        collected[name].append(batch)
    return {name: pa.Table.from_batches(found, schema=tables_of(protocol)[name])
            for name, found in collected.items()}
