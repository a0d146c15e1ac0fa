"""``wirestruct batch``: many captures into one Parquet dataset, on a Dask cluster.

One task per capture (a capture's state is sequential): the task decodes and tracks the
capture with :func:`wirestruct.tables.capture_batches` and writes its tables itself, one
record batch at a time. Each table is a dataset of its own, partitioned by capture::

    DATASET/<table>/capture=<capture id, URL-quoted>/part-0.parquet
    DATASET/_manifests/<capture id, URL-quoted>.json

A capture's id is its path relative to the root (``--root``, default the current
folder), with ``/`` between folders: the same file has the same id in every run, and two
files of the same name in different folders have different ids. The manifest is
written last; it records the capture file's SHA-256 and the options that shape the rows
(protocol, limits, the protocol's options, server, schema version). A capture whose
manifest matches is skipped; one whose manifest records other content (or that cannot
be read now) is refused, its rows left as they are, unless ``replace`` is asked. A part
is written as ``.part-0.parquet.tmp`` (a name every reader skips) and renamed when
complete. The client submits every capture with ``Client.submit`` and reports each as it
completes (``distributed.as_completed``); a capture whose task fails (its worker died, an
unexpected exception) gets error rows written by the client (unless the dataset holds
finished rows of it) and a line in the summary, and the batch goes on. The dataset path
must be reachable, under the same name, from the client and every worker (see
``docs/scaling.md``).
"""
from __future__ import annotations

import glob
import json
import os
import resource
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from wirestruct import __version__
from wirestruct.core.errors import OutputError, UsageError, WirestructError
from wirestruct.core.limits import Limits
from wirestruct.safe_paths import SafeDir
from wirestruct.tables import (
    DEFAULT_BATCH_ROWS,
    SCHEMA_VERSION,
    capture_batches,
    error_batches,
    file_sha256,
    tables_of,
)
from wirestruct.tools import signals

#: File name endings taken from a directory given as input.
CAPTURE_SUFFIXES = (".jsonl", ".pcap", ".pcapng", ".wscap")
MANIFESTS = "_manifests"
PART = "part-0.parquet"
#: A part being written: a hidden name, skipped by pyarrow, pandas, DuckDB and polars.
PART_TMP = ".part-0.parquet.tmp"


@dataclass
class BatchOptions:
    """Everything that shapes a capture's rows (and so decides whether to redo it)."""

    protocol: str
    limits: list[str] = field(default_factory=list)   #: NAME=VALUE overrides
    options: dict[str, Any] = field(default_factory=dict)   #: the protocol's own settings
    server: str | None = None
    capture_format: str | None = None
    batch_rows: int = DEFAULT_BATCH_ROWS

    def key(self) -> dict[str, Any]:
        """What a manifest records and compares (not batch_rows: it changes no row)."""
        return {"protocol": self.protocol, "limits": sorted(self.limits),
                "options": dict(sorted(self.options.items())), "server": self.server,
                "capture_format": self.capture_format, "schema_version": SCHEMA_VERSION,
                "wirestruct": __version__}


# -- inputs -------------------------------------------------------------------------------
def expand_inputs(inputs: Iterable[str]) -> list[Path]:
    """Files, directories (their capture files, recursively) and glob patterns, in the
    order given, each file once. Raises FileNotFoundError for an input matching nothing."""
    found: list[Path] = []
    seen = set()
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            matches = sorted(p for p in path.rglob("*")
                             if p.is_file() and p.name.endswith(CAPTURE_SUFFIXES))
        elif path.is_file():
            matches = [path]
        else:
            matches = sorted(Path(p) for p in glob.glob(item, recursive=True)
                             if Path(p).is_file())
        if not matches:
            raise FileNotFoundError(f"{item}: no capture files")
        for match in matches:
            resolved = match.resolve()
            if resolved not in seen:
                seen.add(resolved)
                found.append(resolved)
    return found


def capture_ids(paths: list[Path], root: str | os.PathLike[str] | None = None
                ) -> dict[Path, str]:
    """Each (resolved) path's capture id: its path relative to ``root`` (default: the
    current folder), folders joined by ``/``. Raises UsageError for a root that is not a
    folder and for a capture outside it (naming both)."""
    base = Path(root if root is not None else os.getcwd())
    if not base.is_dir():
        raise UsageError(f"--root {base}: not a folder")
    base = base.resolve()
    out = {}
    for path in paths:
        try:
            out[path] = path.relative_to(base).as_posix()
        except ValueError:
            raise UsageError(f"{path} is not under the root {base}: a capture's id is its "
                             "path relative to the root; give --root a folder that holds "
                             "every capture") from None
    return out


def partition_names(table: str, capture: str) -> tuple[str, str]:
    """The folders of a table's partition of one capture: ``T``, ``capture=C`` (the id
    URL-quoted, ``/`` too, as hive partitioning reads it back)."""
    return table, f"capture={quote(capture, safe='')}"


def partition(out: Path, table: str, capture: str) -> Path:
    table_name, part_name = partition_names(table, capture)
    return out / table_name / part_name


def manifest_name(capture: str) -> str:
    return f"{quote(capture, safe='')}.json"


def manifest_path(out: Path, capture: str) -> Path:
    return out / MANIFESTS / manifest_name(capture)


# -- one capture (runs on a worker) -----------------------------------------------------------
def process_capture(source: str, capture: str, out: str, options: BatchOptions,
                    force: bool = False, replace: bool = False) -> dict[str, Any]:
    """Decode one capture and write its tables under ``out``; returns its summary.
    Skips the capture when its manifest matches the file's content and the options
    (unless ``force``); refuses it when the manifest records other content, or the file
    cannot be read now (unless ``replace``): what the dataset holds is never lost
    unasked."""
    start = time.monotonic()
    key = options.key()
    try:
        sha256 = file_sha256(source)
    except OSError:
        sha256 = None
    limits = Limits().with_overrides(options.limits)
    with SafeDir.open(out) as dataset:
        old = _manifest(dataset, capture, limits)
        if old is not None and old.get("sha256") != sha256 and not replace:
            return {"capture": capture, "source": source, "sha256": sha256,
                    "status": "refused", "reason": refusal(old, sha256)}
        if (old is not None and not force and old.get("sha256") == sha256
                and old.get("options") == key):
            return {**old, "status": "skipped", "seconds": time.monotonic() - start,
                    "peak_rss": _peak_rss()}
        batches = capture_batches(source, options.protocol, capture=capture, limits=limits,
                                  batch_rows=options.batch_rows, sha256=sha256,
                                  server=options.server, capture_format=options.capture_format,
                                  **options.options)
        summary = write_capture(dataset, capture, options.protocol, batches)
        summary.update(capture=capture, source=source, sha256=sha256, options=key)
        if sha256 is not None:
            _write_json(dataset, capture, summary)
    return {**summary, "status": "written", "seconds": time.monotonic() - start,
            "peak_rss": _peak_rss()}


def refusal(old: dict[str, Any], sha256: str | None) -> str:
    """Why a capture is not written over the rows the dataset holds for its id."""
    now = "cannot be read now" if sha256 is None else f"has SHA-256 {sha256[:16]}..."
    return (f"the dataset holds this capture id from other content (SHA-256 "
            f"{str(old.get('sha256'))[:16]}..., read from {old.get('source')}); this file "
            f"{now}; its rows are kept: --replace replaces them")


def _manifest(dataset: SafeDir, capture: str, limits: Limits) -> dict[str, Any] | None:
    """The capture's manifest from an earlier run, if there is a readable one."""
    folder = dataset.subdir(MANIFESTS, create=False)
    if folder is None:
        return None
    with folder:
        try:
            found = folder.read_json(manifest_name(capture), limits)
        except (OSError, ValueError, WirestructError):
            return None
    return found if isinstance(found, dict) else None


def write_capture(dataset: SafeDir, capture: str, protocol: str,
                  batches: Iterable) -> dict[str, Any]:
    """Write one capture's (table, record batch) stream as ``part-0.parquet`` files, one
    batch at a time; replaces what an earlier run wrote for this capture (its manifest and
    parts, nothing else: removing never follows a link, and a link where a folder of the
    dataset is expected is refused)."""
    manifests = dataset.subdir(MANIFESTS, create=False)
    if manifests is not None:
        with manifests:
            manifests.remove(manifest_name(capture))
    for table in tables_of(protocol):
        _remove_part(dataset, table, capture)
    writers: dict[str, Any] = {}
    rows: dict[str, int] = {table: 0 for table in tables_of(protocol)}
    packets = errors = 0
    error_message = None
    try:
        for table, batch in batches:
            writer = writers.get(table)
            if writer is None:
                writer = writers[table] = _PartWriter(dataset, table, capture, batch.schema)
            writer.write(batch)
            rows[table] += batch.num_rows
            if table == "captures":
                last = batch.to_pylist()[-1]
                packets, errors = last["packets"], last["errors"]
                error_message = last["error_message"]
    except BaseException:
        for writer in writers.values():
            writer.abandon()
        raise
    for writer in writers.values():
        writer.finish()
    return {"protocol": protocol, "rows": rows, "packets": packets, "errors": errors,
            "failure": error_message}


class _PartWriter:
    """One table's ``part-0.parquet`` of one capture, written as ``part-0.parquet.tmp``
    in its partition folder and renamed when complete."""

    def __init__(self, dataset: SafeDir, table: str, capture: str, schema: Any) -> None:
        import pyarrow.parquet as pq

        names = partition_names(table, capture)
        with dataset.subdir(names[0]) as table_dir:  # type: ignore[union-attr]
            self.folder: SafeDir = table_dir.subdir(names[1])  # type: ignore[assignment]
        self._cm = self.folder.create(PART_TMP)
        self.file = self._cm.__enter__()
        self.writer = pq.ParquetWriter(self.file, schema)

    def write(self, batch: Any) -> None:
        self.writer.write_batch(batch)

    def finish(self) -> None:
        self.writer.close()
        self._cm.__exit__(None, None, None)
        self.folder.replace(PART_TMP, PART)
        self.folder.close()

    def abandon(self) -> None:
        try:
            self.writer.close()
        finally:
            self._cm.__exit__(None, None, None)
            self.folder.remove(PART_TMP)
            self.folder.close()


def _remove_part(dataset: SafeDir, table: str, capture: str) -> None:
    """Remove what an earlier run wrote for ``capture`` in ``table``."""
    table_name, part_name = partition_names(table, capture)
    table_dir = dataset.subdir(table_name, create=False)
    if table_dir is None:
        return
    with table_dir:
        folder = table_dir.subdir(part_name, create=False)
        if folder is None:
            return
        with folder:
            folder.remove(PART)
            folder.remove(PART_TMP)
        table_dir.remove_dir(part_name)


def _write_json(dataset: SafeDir, capture: str, data: dict[str, Any]) -> None:
    """The capture's manifest, written whole (a new file renamed into place)."""
    name = manifest_name(capture)
    with dataset.subdir(MANIFESTS) as folder:  # type: ignore[union-attr]
        folder.remove(name + ".tmp")
        with folder.create(name + ".tmp", "w") as out:
            out.write(json.dumps(data, indent=1, sort_keys=True))
        folder.replace(name + ".tmp", name)


def _peak_rss() -> int:
    """Peak resident memory of this process, bytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


# -- the client ------------------------------------------------------------------------------
def make_client(scheduler: str | None = None, workers: int | None = None):
    """A Dask client: of the cluster at ``scheduler`` (used as it is), else of a new local
    cluster of ``workers`` worker processes (default: one per core), one thread each.
    Started within :func:`wirestruct.tools.signals.held`, the local workers keep Ctrl-C
    and SIGTERM blocked: the client ends them, so an interrupted batch stops without a
    traceback from each of them. Dask's own logs are silenced below critical: a task that
    fails is reported by the batch itself (its capture's summary and error rows), and as
    the cluster ends the workers log errors about it (the warning for each task dropped, a
    heartbeat that finds the scheduler gone) that say nothing about the captures."""
    import logging

    from distributed import Client, LocalCluster

    logging.getLogger("tornado.application").addFilter(_interrupted_wait)
    if scheduler:
        return Client(scheduler)
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                           processes=True, dashboard_address=":0", silence_logs=logging.CRITICAL)
    return Client(cluster)


def _interrupted_wait(record: Any) -> bool:
    """Leaves out the error the client's event loop logs when a wait it was running is
    interrupted (Ctrl-C, SIGTERM): the callback that cancels the wait fails inside Dask
    (``sync.<locals>.cancel``), after the run has already stopped as it should."""
    return "sync.<locals>.cancel" not in record.getMessage()


def run_batch(inputs: Iterable[str], options: BatchOptions, out: str, *,
              client: Any = None, scheduler: str | None = None,
              workers: int | None = None, force: bool = False, replace: bool = False,
              root: str | os.PathLike[str] | None = None,
              log: TextIO | None = None) -> list[dict[str, Any]]:
    """Process every capture of ``inputs`` into the dataset ``out``; returns one summary
    per capture, in completion order. Capture ids are paths relative to ``root``
    (default: the current folder); ``force`` redoes captures already written from the
    same content, ``replace`` replaces those written from other content. ``client`` (a
    ``distributed.Client``) is used when given, else one is made (and closed) from
    ``scheduler`` / ``workers``. Interrupted
    (Ctrl-C, or SIGTERM raised as a ``KeyboardInterrupt``), the tasks not done are
    cancelled, the totals so far printed and the interruption raised again."""
    log = log or sys.stderr
    Limits().with_overrides(options.limits)  # bad overrides fail before any work
    tables_of(options.protocol)
    paths = expand_inputs(inputs)
    ids = capture_ids(paths, root)
    dataset = os.path.abspath(out)
    SafeDir.open(dataset, create=True).close()    # a link there is refused before any work
    own_client = client is None
    summaries: list[dict[str, Any]] = []
    stopped: KeyboardInterrupt | None = None
    try:
        if own_client:
            with signals.held():        # a signal meanwhile is raised once client is set
                client = make_client(scheduler, workers)
        _run_tasks(client, paths, ids, dataset, options, (force, replace), summaries, log,
                   cancel=not own_client)
    except KeyboardInterrupt as stop:
        stopped = stop
    finally:
        if own_client and client is not None:
            _close(client, quiet=stopped is not None)
    how = "" if stopped is None else (f" ({signals.word(stopped)}: "
                                       f"{len(paths) - len(summaries)} not done)")
    print("wirestruct: " + totals_line(summaries) + how, file=log, flush=True)
    if stopped is not None:
        raise stopped
    return summaries


def _run_tasks(client: Any, paths: list[Path], ids: dict[Path, str], dataset: str,
               options: BatchOptions, redo: tuple[bool, bool],
               summaries: list[dict[str, Any]], log: TextIO, *, cancel: bool) -> None:
    """Submit every capture and report each as it completes. Interrupted, the tasks not
    done are cancelled when ``cancel`` (a cluster that is not ours runs on; our own
    local cluster is closed with its workers, and a cancel would only make each worker
    log the tasks it was told to drop)."""
    from distributed import as_completed

    futures = {}
    try:
        for path in paths:
            future = client.submit(process_capture, str(path), ids[path], dataset, options,
                                   *redo, key=f"wirestruct-batch-{ids[path]}-{time.time_ns()}",
                                   pure=False)
            futures[future] = path
        total = len(futures)
        for done, future in enumerate(as_completed(futures), 1):
            path = futures[future]
            try:
                summary = future.result()
            except Exception as exc:  # noqa: BLE001 - a failed task is one capture's error
                summary = _failed(dataset, ids[path], str(path), options, exc)
            summaries.append(summary)
            print(f"wirestruct: [{done}/{total}] {summary_line(summary)}", file=log, flush=True)
    except KeyboardInterrupt:
        if cancel:
            client.cancel([f for f in futures if not f.done()], force=True)
        raise


def _close(client: Any, *, quiet: bool) -> None:
    """Close ``client`` and the local cluster it runs on; ``quiet``: after an
    interruption, without the warnings and errors Dask and its event loop log about tasks
    and workers cut short (they may come from the loop's thread after the close returns,
    so the run, which ends now, keeps them quiet)."""
    import logging

    names = ("distributed", "tornado", "tornado.application", "asyncio")
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    if quiet:
        for logger in loggers:
            logger.setLevel(logging.CRITICAL)
    try:
        cluster = getattr(client, "cluster", None)
        client.close()
        if cluster is not None:
            cluster.close()
    finally:
        if not quiet:
            for logger, level in zip(loggers, levels):
                logger.setLevel(level)


def _failed(dataset: str, capture: str, source: str, options: BatchOptions,
            exc: BaseException) -> dict[str, Any]:
    """A capture whose task failed: its error rows, written here, and its summary (the
    rows are not written where the dataset holds finished rows of the capture, which are
    kept, nor where the dataset is unsafe: a link in the way)."""
    error = RuntimeError(f"{source}: the task failed: {type(exc).__name__}: {exc}")
    try:
        with SafeDir.open(dataset) as folder:
            if _manifest(folder, capture, Limits().with_overrides(options.limits)):
                return {"protocol": options.protocol, "rows": {}, "packets": 0, "errors": 1,
                        "capture": capture, "source": source, "status": "failed",
                        "failure": f"{error}; the rows an earlier run wrote are kept"}
            summary = write_capture(folder, capture, options.protocol,
                                    error_batches(options.protocol, capture, error,
                                                  source=source))
    except OutputError as unsafe:
        summary = {"protocol": options.protocol, "rows": {}, "packets": 0, "errors": 1,
                   "failure": f"{error}; its error rows not written either: {unsafe}"}
    return {**summary, "capture": capture, "source": source, "status": "failed"}


def summary_line(summary: dict[str, Any]) -> str:
    status = summary["status"]
    if status == "refused":
        return f"{summary['capture']}: refused: {summary['reason']}"
    if summary.get("failure"):
        status = "failed"
    line = f"{summary['capture']}: {status}"
    if summary.get("failure"):
        return f"{line}: {summary['failure']}"
    rows = sum(summary.get("rows", {}).values())
    line += f", {summary.get('packets', 0)} packets, {summary.get('errors', 0)} errors, {rows} rows"
    if "seconds" in summary and status == "written":
        line += f", {summary['seconds']:.2f} s"
    return line


def totals_line(summaries: list[dict[str, Any]]) -> str:
    def count(status: str) -> int:
        return sum(1 for s in summaries if _status(s) == status)

    rows = sum(sum(s.get("rows", {}).values()) for s in summaries if _status(s) == "written")
    with_errors = sum(1 for s in summaries if s.get("errors") and _status(s) != "failed")
    return (f"batch: {len(summaries)} captures: {count('written')} written, "
            f"{count('skipped')} skipped, {count('refused')} refused, {count('failed')} failed; "
            f"{rows} rows written; "
            f"{with_errors} captures with error events")


def _status(summary: dict[str, Any]) -> str:
    return "failed" if summary.get("failure") else summary["status"]
