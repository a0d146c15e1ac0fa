"""Writing captures into a dataset of Delta tables (see :mod:`wirestruct.dataset`).

One capture is one write, named by a fresh ``write_id``:

1. :class:`CaptureWrite` writes each table's rows as one Parquet file in the table's
   folder (``part-<write_id>.parquet``), a record batch at a time; nothing refers to it.
2. :meth:`CaptureWrite.commit` commits each file to its table (appends: writers never
   conflict there), then the ``captures`` row, last, with Delta's optimistic concurrency
   and no retry inside delta-rs: when another commit came first, the ``captures`` table
   is read again and the capture checked again. If another write of the same content
   was committed meanwhile, this one is given up (its files removed: nobody saw them);
   ``replace`` removes the other ``captures`` rows of the content in the same commit.
3. After a replace, the superseded rows are removed from the tables (a commit each; the
   files stay for reading older versions until ``--vacuum``).

Whatever stops a write before its ``captures`` commit (an error, a full disk, a killed
worker) leaves rows no reader of the dataset sees; :func:`discard` removes them for the
writes a run knows it started, :func:`sweep` for writes older than a grace period (a
write in progress is younger: its commits follow each other within seconds).
"""
from __future__ import annotations

import getpass
import json
import os
import random
import socket
import time
import uuid
from collections.abc import Iterable
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from wirestruct.core.errors import OutputError
from wirestruct.dataset import (
    CAPTURES,
    GUARD,
    GUARD_TEXT,
    MARKER,
    META,
    WRITE_ID,
    check_layout,
    is_url,
    list_tables,
    marker_text,
    need_deltalake,
    storage_options,
    stored_batch,
    stored_schema,
    table_uri,
)
from wirestruct.safe_paths import SafeDir, storage_failure

#: Attempts at the ``captures`` commit before the write is reported as not committed.
COMMIT_ATTEMPTS = 200


def new_write_id() -> str:
    return uuid.uuid4().hex


def who() -> str:
    """user@host, as a commit records who made it."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "?"
    return f"{user}@{socket.gethostname()}"


def filesystem(root: str) -> tuple[Any, str]:
    """A pyarrow file system for ``root`` and the prefix of paths in it."""
    import pyarrow.fs as pafs

    if not is_url(root):
        return pafs.LocalFileSystem(), root
    from deltalake.fs import DeltaStorageHandler

    return pafs.PyFileSystem(DeltaStorageHandler(root, options=storage_options())), ""


def _join(prefix: str, *parts: str) -> str:
    return "/".join(p for p in (prefix.rstrip("/"), *parts) if p)


def prepare(root: str) -> None:
    """Make ``root`` a dataset (its marker) unless it is one; UsageError for a folder of
    another kind or of the earlier layout, OutputError where it cannot be written."""
    need_deltalake()
    if check_layout(root, new_ok=True) == "dataset":
        return
    try:
        if is_url(root):
            _put_texts(root, {GUARD: GUARD_TEXT, MARKER: marker_text()})
            return
        with SafeDir.open(root, create=True) as folder:
            for name, text in ((GUARD, GUARD_TEXT), (MARKER, marker_text())):
                if not folder.exists(name):     # written aside: another run may race
                    aside = f".{name}.{uuid.uuid4().hex}.tmp"
                    with folder.create(aside, "w") as out:
                        out.write(text)
                    folder.replace(aside, name)
    except OSError as exc:
        raise (storage_failure(exc, os.path.join(root, MARKER), "nothing was written")
               or OutputError(f"cannot write {root}: {exc}")) from None


def _put_texts(root: str, texts: dict[str, str]) -> None:
    """Small text files into an object store (copied from a local file: the store's
    streams take what pyarrow's copy hands them, not Python bytes)."""
    import tempfile

    import pyarrow.fs as pafs

    fs, prefix = filesystem(root)
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in texts.items():
            local = os.path.join(tmp, name)
            with open(local, "w", encoding="utf-8") as out:
                out.write(text)
            pafs.copy_files(local, _join(prefix, name),
                            source_filesystem=pafs.LocalFileSystem(), destination_filesystem=fs)


#: Tables this process has loaded, brought up to date before each use (reading only the
#: commits since: a worker commits many captures to the same tables).
_LOADED: dict[str, Any] = {}


def latest(root: str, name: str) -> Any:
    """The Delta table ``name`` of the dataset at its latest version."""
    uri = table_uri(root, name)
    table = _LOADED.get(uri)
    if table is None:
        table = _LOADED[uri] = need_deltalake().DeltaTable(uri,
                                                           storage_options=storage_options())
    else:
        table.update_incremental()
    return table


def ensure_table(root: str, name: str, schema: pa.Schema) -> Any:
    """The Delta table ``name`` of the dataset at its latest version (made when missing;
    another writer making it at the same time is fine)."""
    deltalake = need_deltalake()
    uri = table_uri(root, name)
    options = storage_options()
    if uri not in _LOADED and not deltalake.DeltaTable.is_deltatable(
            uri, storage_options=options):
        try:
            deltalake.DeltaTable.create(uri, schema=schema, mode="ignore",
                                        storage_options=options)
        except Exception:
            if not deltalake.DeltaTable.is_deltatable(uri, storage_options=options):
                raise
    return latest(root, name)


class CaptureWrite:
    """The rows of one capture, written as one file per table, then committed."""

    def __init__(self, root: str, protocol: str, schemas: dict[str, pa.Schema], capture: str,
                 extra: dict[str, Any], write_id: str | None = None) -> None:
        self.root = root
        self.protocol = protocol
        self.capture = capture
        self.extra = extra        #: the captures row's path, name and options
        self.write_id = write_id or new_write_id()
        self.schemas = {name: stored_schema(name, schema) for name, schema in schemas.items()}
        self.fs, self.prefix = filesystem(root)
        self.file_name = f"part-{self.write_id}.parquet"
        self._open: dict[str, tuple[Any, Any]] = {}
        self.rows: dict[str, int] = {name: 0 for name in schemas}
        self.visible = False      #: whether the captures row is committed

    def write(self, table: str, batch: pa.RecordBatch) -> None:
        schema = self.schemas[table]
        stored = stored_batch(table, batch, self.capture, self.write_id, schema,
                              self.extra if table == CAPTURES else None)
        if table not in self._open:
            ensure_table(self.root, table, schema)
            stream = self.fs.open_output_stream(_join(self.prefix, table, self.file_name))
            self._open[table] = (stream, pq.ParquetWriter(stream, schema))
        self._open[table][1].write_batch(stored)
        self.rows[table] += batch.num_rows

    def close(self) -> None:
        for stream, writer in self._open.values():
            writer.close()
            stream.close()

    def abandon(self) -> None:
        """Remove what was written (unless its captures row was committed)."""
        if self.visible:
            return
        for table, (stream, writer) in self._open.items():
            for closing in (writer.close, stream.close):
                try:
                    closing()
                except Exception:  # noqa: BLE001, S110 - a file given up: removed below
                    pass
            _delete(self.fs, _join(self.prefix, table, self.file_name))
        self._open.clear()

    def commit(self, replace: bool, run: str) -> tuple[str, dict[str, Any] | None]:
        """Commit the written files: ``("written", None)``, ``("replaced", old row)`` or,
        when the dataset got this content from another write meanwhile and ``replace`` is
        not asked, ``("taken", that row)`` (this write given up)."""
        from deltalake.transaction import AddAction, CommitProperties

        self.close()
        tables = [t for t in self._open if t != CAPTURES]
        committed: list[str] = []
        try:
            for table in tables:
                self._append(table, AddAction, CommitProperties, run)
                committed.append(table)
            outcome = self._commit_captures(replace, run, tables)
        except BaseException:
            if not self.visible:
                try:
                    self.give_up(committed)
                except Exception:  # noqa: BLE001, S110 - left for the next run's sweep
                    pass
            raise
        return outcome

    def _append(self, table: str, add: Any, properties: Any, run: str) -> None:
        """Commit the table's file (an append: tried again if another commit conflicts)."""
        from deltalake.exceptions import CommitFailedError

        action = self._add(table, add)
        for attempt in range(COMMIT_ATTEMPTS):
            dt = ensure_table(self.root, table, self.schemas[table])
            try:
                dt.create_write_transaction([action], "append", self.schemas[table],
                                            commit_properties=properties(
                                                custom_metadata=self._meta(run, "rows")))
                return
            except CommitFailedError:
                _pause(attempt)
        raise OutputError(f"{table_uri(self.root, table)}: {COMMIT_ATTEMPTS} commits came "
                          "before this capture's; it is not committed (try again)")

    def _commit_captures(self, replace: bool, run: str, tables: list[str]
                         ) -> tuple[str, dict[str, Any] | None]:
        need_deltalake()
        from deltalake.exceptions import CommitFailedError
        from deltalake.transaction import AddAction, CommitProperties

        captures_add = self._add(CAPTURES, AddAction)
        for attempt in range(COMMIT_ATTEMPTS):
            captures = ensure_table(self.root, CAPTURES, self.schemas[CAPTURES])
            old = captures_rows(self.root, captures, self.capture)
            if old and not replace:
                self.give_up(tables)
                return "taken", old[0]
            removes = [_remove(path) for path in _files_of(captures, self.capture)]
            versions = {name: latest(self.root, name).version()
                        for name in list_tables(self.root) if name != CAPTURES}
            meta = self._meta(run, "replace" if old else "add", tables=versions,
                              replaced=sorted({r[WRITE_ID] for r in old}))
            try:
                captures.create_write_transaction(
                    [*removes, captures_add], "append", self.schemas[CAPTURES],
                    commit_properties=CommitProperties(custom_metadata=meta,
                                                       max_commit_retries=0))
            except CommitFailedError:
                _pause(attempt)
                continue
            self.visible = True
            if old:
                remove_writes(self.root, {r[WRITE_ID] for r in old}, run)
            return ("replaced", old[0]) if old else ("written", None)
        self.give_up(tables)
        raise OutputError(f"{table_uri(self.root, CAPTURES)}: {COMMIT_ATTEMPTS} commits "
                          "came before this capture's; it is not committed (try again)")

    def give_up(self, committed: Iterable[str]) -> None:
        """Remove this write's rows from the tables they were committed to, and its files."""
        remove_writes(self.root, {self.write_id}, "", tables=list(committed))
        for table in self._open:
            _delete(self.fs, _join(self.prefix, table, self.file_name))

    def _add(self, table: str, action: Any) -> Any:
        path = _join(self.prefix, table, self.file_name)
        stats = {"numRecords": self.rows[table],
                 "minValues": {"capture": self.capture, WRITE_ID: self.write_id},
                 "maxValues": {"capture": self.capture, WRITE_ID: self.write_id},
                 "nullCount": {"capture": 0, WRITE_ID: 0}}
        return action(self.file_name, self.fs.get_file_info(path).size, {},
                      int(time.time() * 1000), True, json.dumps(stats))

    def _meta(self, run: str, change: str, **more: Any) -> dict[str, Any]:
        return {"userName": who(),
                META: {"run": run, "change": change, "capture": self.capture,
                       "path": self.extra.get("path"), "write_id": self.write_id,
                       "protocol": self.protocol, **more}}


def _remove(path: str) -> Any:
    from deltalake.transaction import RemoveAction

    return RemoveAction(path, True, int(time.time() * 1000))


def _delete(fs: Any, path: str) -> None:
    try:
        fs.delete_file(path)
    except (OSError, FileNotFoundError):
        pass


def _adds(dt: Any) -> list[dict[str, Any]]:
    """The table's files with their capture and write (from the stats every write has)."""
    actions = dt.get_add_actions(flatten=True)
    table = pa.table(actions) if not isinstance(actions, pa.Table) else actions
    names = set(table.column_names)
    wanted = [c for c in ("path", "modification_time", "min.capture", "min.write_id")
              if c in names]
    return table.select(wanted).to_pylist()


def _files_of(dt: Any, capture: str) -> list[str]:
    return [a["path"] for a in _adds(dt) if a.get("min.capture") == capture]


def captures_rows(root: str, captures: Any, capture: str) -> list[dict[str, Any]]:
    """The ``captures`` rows of ``capture`` in the table as loaded (only its files read)."""
    fs, prefix = filesystem(root)
    rows: list[dict[str, Any]] = []
    for path in _files_of(captures, capture):
        rows += pq.read_table(_join(prefix, CAPTURES, path), filesystem=fs).to_pylist()
    return rows


def remove_writes(root: str, writes: set[str], run: str, *,
                  tables: list[str] | None = None) -> int:
    """Remove the rows of ``writes`` from the tables (but ``captures``): a commit per table
    that holds some, tried again when another commit came first; how many files."""
    need_deltalake()
    from deltalake.exceptions import CommitFailedError
    from deltalake.transaction import CommitProperties

    removed = 0
    for name in tables if tables is not None else list_tables(root):
        if name == CAPTURES:
            continue
        for attempt in range(COMMIT_ATTEMPTS):
            dt = latest(root, name)
            paths = [a["path"] for a in _adds(dt) if a.get("min.write_id") in writes]
            if not paths:
                break
            try:
                dt.create_write_transaction(
                    [_remove(p) for p in paths], "append", dt.schema(),
                    commit_properties=CommitProperties(max_commit_retries=0, custom_metadata={
                        "userName": who(), META: {"run": run, "change": "remove",
                                                  "writes": sorted(writes)}}))
            except CommitFailedError:
                _pause(attempt)
                continue
            removed += len(paths)
            break
    return removed


def _pause(attempt: int) -> None:
    """A short random wait before trying a commit again (writers racing spread out)."""
    time.sleep(random.uniform(0.005, 0.05) * min(attempt + 1, 8))


def discard(root: str, writes: set[str], run: str) -> tuple[set[str], int]:
    """For writes a run started and does not know the end of: those that reached the
    ``captures`` table (committed), and how many files were removed: all of the others,
    and the rows the committed ones replaced (a replace whose last step was cut short)."""
    deltalake = need_deltalake()
    uri = table_uri(root, CAPTURES)
    if not deltalake.DeltaTable.is_deltatable(uri, storage_options=storage_options()):
        return set(), 0
    captures = deltalake.DeltaTable(uri, storage_options=storage_options())
    rows = captures.to_pyarrow_dataset().to_table(columns=["capture", WRITE_ID]).to_pylist()
    visible = {r[WRITE_ID] for r in rows}
    committed = writes & visible
    touched = {r["capture"] for r in rows if r[WRITE_ID] in committed}
    unseen = set(writes - committed)
    for name in list_tables(root):
        if name == CAPTURES:
            continue
        dt = deltalake.DeltaTable(table_uri(root, name), storage_options=storage_options())
        unseen.update(a["min.write_id"] for a in _adds(dt)
                      if a.get("min.capture") in touched and a.get("min.write_id")
                      and a["min.write_id"] not in visible)
    removed = remove_writes(root, unseen, run) if unseen else 0
    fs, prefix = filesystem(root)
    for name in list_tables(root):
        for write in writes - committed:
            _delete(fs, _join(prefix, name, f"part-{write}.parquet"))
    return committed, removed


def sweep(root: str, older_than_hours: float, run: str) -> int:
    """Remove rows no ``captures`` row makes visible, committed more than
    ``older_than_hours`` ago (a killed run's); how many files."""
    deltalake = need_deltalake()
    uri = table_uri(root, CAPTURES)
    if not deltalake.DeltaTable.is_deltatable(uri, storage_options=storage_options()):
        return 0
    captures = deltalake.DeltaTable(uri, storage_options=storage_options())
    visible = set(captures.to_pyarrow_dataset().to_table(
        columns=[WRITE_ID]).column(WRITE_ID).to_pylist())
    cutoff = (time.time() - older_than_hours * 3600) * 1000
    stale: set[str] = set()
    for name in list_tables(root):
        if name == CAPTURES:
            continue
        dt = deltalake.DeltaTable(table_uri(root, name), storage_options=storage_options())
        for add in _adds(dt):
            write = add.get("min.write_id")
            if write and write not in visible and \
                    _millis(add.get("modification_time")) <= cutoff:
                stale.add(write)
    return remove_writes(root, stale, run) if stale else 0


def _millis(value: Any) -> float:
    if value is None:
        return 0.0
    if hasattr(value, "timestamp"):
        return value.timestamp() * 1000
    return float(value)


def vacuum(root: str, retention_hours: float, run: str) -> dict[str, int]:
    """Remove unseen rows older than the retention (:func:`sweep`), then every file no
    version within the retention needs (Delta's vacuum, full: files no commit names too,
    such as those a killed write left). Versions older than the retention may no longer
    read."""
    deltalake = need_deltalake()
    removed = sweep(root, retention_hours, run)
    deleted = 0
    for name in list_tables(root):
        dt = deltalake.DeltaTable(table_uri(root, name), storage_options=storage_options())
        deleted += len(dt.vacuum(retention_hours=int(retention_hours), dry_run=False,
                                 enforce_retention_duration=False, full=True))
    return {"rows_removed_files": removed, "files_deleted": deleted}
