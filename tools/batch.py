"""``wirestruct batch``: many captures into one dataset of Delta tables, on a Dask cluster.

One task per capture (a capture's state is sequential): the task decodes and tracks the
capture with :func:`wirestruct.tables.capture_batches`, writes each table's rows as a
Parquet file in the table's folder, one record batch at a time, and commits them
(:mod:`wirestruct.tools.dataset_writer`: the tables first, the ``captures`` row last). The
layout and how it is read are in :mod:`wirestruct.dataset` and ``docs/tables.md``.

A capture is known by the SHA-256 of its bytes, computed here before any task: a file
whose content the dataset holds is skipped (whatever its path; ``--force`` and
``--replace`` write it again, replacing the rows the dataset holds in one commit); the
same content given twice in one run is written once (from the first path given); a
changed file under a path the dataset knows is a new capture, and the summary says so.
Its path (relative to ``--root`` when given, else as given) and its name are columns of
``captures``. The client submits every capture with ``Client.submit`` and reports each as
it completes (``distributed.as_completed``); a capture whose task fails (its worker died,
an unexpected exception) gets error rows written by the client, and the batch goes on.
The dataset must be reachable, under the same name, from the client and every worker: a
shared folder or an object-store URL (see ``docs/scaling.md``).
"""
from __future__ import annotations

import glob
import json
import os
import resource
import sys
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from wirestruct import __version__
from wirestruct.core.errors import OutputError, UsageError, WirestructError
from wirestruct.core.limits import Limits
from wirestruct.dataset import CAPTURES, WRITE_ID, is_url, need_deltalake, normalized, table_uri
from wirestruct.safe_paths import STORAGE_ERRNOS
from wirestruct.tables import (
    DEFAULT_BATCH_ROWS,
    SCHEMA_VERSION,
    capture_batches,
    error_batches,
    file_sha256,
    tables_of,
)
from wirestruct.tools import dataset_writer, signals

#: File name endings taken from a directory given as input.
CAPTURE_SUFFIXES = (".jsonl", ".pcap", ".pcapng", ".wscap")
#: Rows no captures row makes visible are removed by a run when older than this (hours):
#: a write commits its tables and its captures row within seconds of each other.
STALE_HOURS = 1.0


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
        """What a captures row records and compares (not batch_rows: it changes no row)."""
        return {"protocol": self.protocol, "limits": sorted(self.limits),
                "options": dict(sorted(self.options.items())), "server": self.server,
                "capture_format": self.capture_format, "schema_version": SCHEMA_VERSION,
                "wirestruct": __version__}


def options_text(key: dict[str, Any]) -> str:
    return json.dumps(key, sort_keys=True)


# -- inputs -------------------------------------------------------------------------------
def expand_inputs(inputs: Iterable[str]) -> list[tuple[Path, str]]:
    """Files, directories (their capture files, recursively) and glob patterns, in the
    order given, each file once: (resolved path, the path as given or found under what
    was given). Raises FileNotFoundError for an input matching nothing."""
    found: list[tuple[Path, str]] = []
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
                found.append((resolved, match.as_posix()))
    return found


def capture_paths(files: list[tuple[Path, str]], root: str | os.PathLike[str] | None = None
                  ) -> dict[Path, str]:
    """Each file's ``path`` column: relative to ``root`` (folders joined by ``/``) when
    given, else as given. Raises UsageError for a root that is not a folder and for a
    capture outside it (naming both)."""
    if root is None:
        return {resolved: given for resolved, given in files}
    base = Path(root)
    if not base.is_dir():
        raise UsageError(f"--root {base}: not a folder")
    base = base.resolve()
    out = {}
    for resolved, _ in files:
        try:
            out[resolved] = resolved.relative_to(base).as_posix()
        except ValueError:
            raise UsageError(f"{resolved} is not under the root {base}: a capture's path is "
                             "relative to --root; give --root a folder that holds every "
                             "capture") from None
    return out


# -- one capture (runs on a worker) -----------------------------------------------------------
def process_capture(source: str, path: str, sha256: str, out: str, options: BatchOptions,
                    replace: bool, run: str, write_id: str) -> dict[str, Any]:
    """Decode one capture and commit its rows to the dataset ``out``; its summary."""
    start = time.monotonic()
    summary: dict[str, Any] = {"capture": sha256, "path": path, "source": source,
                               "write_id": write_id, "rows": {}, "packets": 0, "errors": 0}
    try:
        now = file_sha256(source)
    except OSError as exc:
        return {**summary, "status": "failed",
                "failure": f"cannot read it now: {exc.strerror or exc}"}
    if now != sha256:
        return {**summary, "status": "failed",
                "failure": f"it changed while the batch ran (SHA-256 {sha256[:12]}... "
                           f"when listed, {now[:12]}... now); run it again"}
    limits = Limits().with_overrides(options.limits)
    batches = capture_batches(source, options.protocol, capture=sha256, limits=limits,
                              batch_rows=options.batch_rows, sha256=sha256,
                              server=options.server, capture_format=options.capture_format,
                              **options.options)
    done = write_capture(out, options.protocol, sha256, path, options_text(options.key()),
                         batches, replace=replace, run=run, write_id=write_id)
    return {**summary, **done, "seconds": time.monotonic() - start, "peak_rss": _peak_rss()}


def write_capture(out: str, protocol: str, sha256: str, path: str, key: str,
                  batches: Iterable, *, replace: bool, run: str,
                  write_id: str | None = None) -> dict[str, Any]:
    """Write and commit one capture's (table, record batch) stream; what became of it
    (``status`` written, replaced, or skipped when another run committed it first; a
    storage failure as ``failed``, nothing of the write left visible)."""
    writer = dataset_writer.CaptureWrite(
        out, protocol, tables_of(protocol), sha256,
        {"path": path, "name": path.rsplit("/", 1)[-1], "options": key}, write_id)
    packets = errors = 0
    message = None
    try:
        for table, batch in batches:
            writer.write(table, batch)
            if table == "captures":
                last = batch.to_pylist()[-1]
                packets, errors, message = last["packets"], last["errors"], last["error_message"]
        committing = time.monotonic()
        status, other = writer.commit(replace, run)
        commit_seconds = time.monotonic() - committing
    except BaseException as exc:
        writer.abandon()
        failure = storage_failure_text(exc, out)
        if failure is None:
            raise
        return {"status": "failed", "failure": failure, "storage": True, "rows": {},
                "packets": 0, "errors": 0}
    summary: dict[str, Any] = {"status": status, "rows": writer.rows, "packets": packets,
                               "errors": errors, "failure": message,
                               "commit_seconds": commit_seconds}
    if status == "taken":
        summary.update(status="skipped", rows={},
                       reason=f"another run committed the same content meanwhile (as "
                              f"{other.get('path') if other else '?'})")
    return summary


def storage_failure_text(exc: BaseException, out: str) -> str | None:
    """What to say when ``exc`` is the storage refusing the write (full, read-only, over
    quota), else None."""
    text = str(exc)
    errno = getattr(exc, "errno", None)
    signs = ("No space left", "Read-only file system", "Disk quota", "File too large")
    if errno in STORAGE_ERRNOS or any(sign in text for sign in signs):
        reason = next((sign for sign in signs if sign in text), os.strerror(errno or 28))
        return (f"cannot write {out}: {reason}; the capture is not committed (the dataset "
                "stays at the version it had; what was written is removed)")
    return None


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


@dataclass
class _Plan:
    """What a run does with each capture file."""

    todo: list[dict[str, Any]] = field(default_factory=list)     #: tasks to submit
    done: list[dict[str, Any]] = field(default_factory=list)     #: summaries already known


def plan(files: list[tuple[Path, str]], paths: dict[Path, str], out: str,
         options: BatchOptions, *, force: bool, replace: bool) -> _Plan:
    """Hash every file; decide which to write, replace or skip against what the dataset
    holds (each task checks again as it commits)."""
    held = committed_captures(out)
    by_path: dict[str, set[str]] = {}
    for sha, known in held.items():
        by_path.setdefault(known["path"], set()).add(sha)
    key = options_text(options.key())
    result = _Plan()
    first: dict[str, str] = {}
    for resolved, _ in files:
        path = paths[resolved]
        base = {"path": path, "source": str(resolved), "rows": {}, "packets": 0, "errors": 0}
        try:
            sha = file_sha256(resolved)
        except OSError as exc:
            result.done.append({**base, "capture": None, "status": "failed",
                                "failure": f"cannot read it: {exc.strerror or exc}"})
            continue
        base["capture"] = sha
        if sha in first:
            result.done.append({**base, "status": "skipped",
                                "reason": f"same content as {first[sha]} in this run"})
            continue
        first[sha] = path
        row = held.get(sha)
        if row is not None and not (force or replace) and row["options"] == key:
            where = "" if row["path"] == path else f" (as {row['path']})"
            result.done.append({**base, "status": "skipped",
                                "reason": f"the dataset holds this content{where}"})
            continue
        note = None
        others = by_path.get(path, set()) - {sha}
        if others and row is None:
            note = (f"new content at a path the dataset holds other content of (SHA-256 "
                    f"{', '.join(s[:12] + '...' for s in sorted(others))}); both are kept")
        result.todo.append({**base, "replace": row is not None or force or replace,
                            "note": note,
                            "write_id": dataset_writer.new_write_id()})
    return result


def committed_captures(out: str) -> dict[str, dict[str, Any]]:
    """The dataset's captures rows by SHA-256 (none for a new dataset)."""
    deltalake = need_deltalake()
    uri = table_uri(out, CAPTURES)
    options = dataset_writer.storage_options()
    if not deltalake.DeltaTable.is_deltatable(uri, storage_options=options):
        return {}
    table = deltalake.DeltaTable(uri, storage_options=options).to_pyarrow_dataset().to_table(
        columns=["capture", "path", "options"])
    return {row["capture"]: row for row in table.to_pylist()}


def run_batch(inputs: Iterable[str], options: BatchOptions, out: str, *,
              client: Any = None, scheduler: str | None = None,
              workers: int | None = None, force: bool = False, replace: bool = False,
              root: str | os.PathLike[str] | None = None,
              log: TextIO | None = None) -> list[dict[str, Any]]:
    """Process every capture of ``inputs`` into the dataset ``out`` (a folder or an
    object-store URL); returns one summary per capture file, in completion order.
    ``force`` writes again content the dataset holds; ``replace`` too, and says the
    user asked for it. ``client`` (a ``distributed.Client``) is used when given, else one
    is made (and closed) from ``scheduler`` / ``workers``. Interrupted (Ctrl-C, or
    SIGTERM raised as a ``KeyboardInterrupt``), the tasks not done are cancelled, what
    their writes left is removed, the totals so far printed and the interruption raised
    again."""
    log = log or sys.stderr
    Limits().with_overrides(options.limits)  # bad overrides fail before any work
    tables_of(options.protocol)
    need_deltalake()
    files = expand_inputs(inputs)
    paths = capture_paths(files, root)
    dataset = normalized(out)
    run = uuid.uuid4().hex[:12]
    dataset_writer.prepare(dataset)
    own_client = client is None
    summaries: list[dict[str, Any]] = []
    stopped: KeyboardInterrupt | None = None
    chosen = _Plan()
    pending: set[str] = set()
    try:
        _sweep(dataset, run)
        chosen = plan(files, paths, dataset, options, force=force, replace=replace)
        for summary in chosen.done:
            summaries.append(summary)
            print(f"wirestruct: {summary_line(summary)}", file=log, flush=True)
        pending.update(task["write_id"] for task in chosen.todo)
        if chosen.todo:
            if own_client:
                with signals.held():        # a signal meanwhile is raised once client is set
                    client = make_client(scheduler, workers)
            _run_tasks(client, chosen.todo, dataset, options, run, summaries, pending, log,
                       cancel=not own_client)
    except KeyboardInterrupt as stop:
        stopped = stop
    if own_client and client is not None:
        stopped = _held(stopped, _close, client, quiet=stopped is not None)
    if stopped is not None and pending and own_client:
        # the workers are gone: what their writes left is removed (a write that reached
        # the captures table stays: it is whole)
        committed: set[str] = set()
        stopped = _held(stopped, lambda: committed.update(
            dataset_writer.discard(dataset, pending, run)[0]))
        for task in chosen.todo:
            if task["write_id"] in committed:
                summaries.append({**task, "status": "written",
                                  "reason": "committed as the run stopped"})
    total = len(files)
    how = "" if stopped is None else (f" ({signals.word(stopped)}: "
                                       f"{total - len(summaries)} not done)")
    print("wirestruct: " + totals_line(summaries) + how, file=log, flush=True)
    if stopped is not None:
        raise stopped
    return summaries


def _sweep(dataset: str, run: str) -> None:
    """Remove what writes killed over an hour ago left (see :func:`dataset_writer.sweep`)."""
    try:
        dataset_writer.sweep(dataset, STALE_HOURS, run)
    except Exception as exc:  # noqa: BLE001 - a sweep that fails leaves rows no one sees
        storage = storage_failure_text(exc, dataset)
        if storage is not None:
            raise OutputError(storage.replace("the capture is not", "nothing is")) from None
        raise


def _held(stopped: KeyboardInterrupt | None, step: Any, *args: Any,
          **kwargs: Any) -> KeyboardInterrupt | None:
    """Run ``step`` to its end with Ctrl-C and SIGTERM held back; the interruption that
    stopped the run (``stopped``, or one that came during the step)."""
    try:
        with signals.held():
            step(*args, **kwargs)
    except KeyboardInterrupt as stop:
        return stopped or stop
    return stopped


def _run_tasks(client: Any, todo: list[dict[str, Any]], dataset: str, options: BatchOptions,
               run: str, summaries: list[dict[str, Any]], pending: set[str], log: TextIO, *,
               cancel: bool) -> None:
    """Submit every capture and report each as it completes. Interrupted, the tasks not
    done are cancelled when ``cancel`` (a cluster that is not ours runs on; our own
    local cluster is closed with its workers)."""
    from distributed import as_completed

    futures = {}
    try:
        for task in todo:
            future = client.submit(process_capture, task["source"], task["path"],
                                   task["capture"], dataset, options, task["replace"], run,
                                   task["write_id"], key=f"wirestruct-batch-{task['write_id']}",
                                   pure=False)
            futures[future] = task
        total = len(futures)
        for done, future in enumerate(as_completed(futures), 1):
            task = futures[future]
            try:
                summary = future.result()
            except Exception as exc:  # noqa: BLE001 - a failed task is one capture's error
                summary = _failed(dataset, task, options, run, exc)
            pending.discard(task["write_id"])
            if task.get("note"):
                summary["note"] = task["note"]
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


def _failed(dataset: str, task: dict[str, Any], options: BatchOptions, run: str,
            exc: BaseException) -> dict[str, Any]:
    """A capture whose task failed: its summary, and its error rows written here (its
    options recorded as failed, so that the next run tries it again). Rows the dataset
    holds of the content are kept; what the task's write left is removed."""
    error = RuntimeError(f"{task['source']}: the task failed: {type(exc).__name__}: {exc}")
    summary = {**task, "status": "failed", "rows": {}, "packets": 0, "errors": 1}
    dataset_writer.discard(dataset, {task["write_id"]}, run)
    if task["capture"] in committed_captures(dataset):
        return {**summary, "failure": f"{error}; the rows the dataset holds are kept"}
    key = options_text({**options.key(), "failed": True})
    batches = error_batches(options.protocol, task["capture"], error, source=task["source"],
                            sha256=task["capture"])
    try:
        done = write_capture(dataset, options.protocol, task["capture"], task["path"], key,
                             batches, replace=False, run=run)
    except (OSError, WirestructError) as unwritten:
        return {**summary, "failure": f"{error}; its error rows not written either: "
                                      f"{unwritten}"}
    return {**summary, "rows": done.get("rows", {}), "failure": str(error)}


def summary_line(summary: dict[str, Any]) -> str:
    status = _status(summary)
    sha = summary.get("capture")
    line = f"{summary['path']}" + (f" ({sha[:12]}...)" if sha else "") + f": {status}"
    if summary.get("failure"):
        line += f": {summary['failure']}"
    elif status == "skipped":
        line += f": {summary.get('reason', '')}"
    else:
        rows = sum(summary.get("rows", {}).values())
        line += (f", {summary.get('packets', 0)} packets, {summary.get('errors', 0)} errors, "
                 f"{rows} rows")
        if "seconds" in summary:
            line += f", {summary['seconds']:.2f} s"
    if summary.get("note"):
        line += f"; {summary['note']}"
    return line


def totals_line(summaries: list[dict[str, Any]]) -> str:
    def count(status: str) -> int:
        return sum(1 for s in summaries if _status(s) == status)

    rows = sum(sum(s.get("rows", {}).values()) for s in summaries
               if _status(s) in ("written", "replaced"))
    with_errors = sum(1 for s in summaries if s.get("errors") and _status(s) != "failed")
    new = sum(1 for s in summaries if s.get("note") and _status(s) != "failed")
    return (f"batch: {len(summaries)} captures: {count('written')} written, "
            f"{count('replaced')} replaced, {count('skipped')} skipped, "
            f"{count('failed')} failed; {rows} rows written; "
            f"{with_errors} captures with error events"
            + (f"; {new} new content at known paths" if new else ""))


def _status(summary: dict[str, Any]) -> str:
    return "failed" if summary.get("failure") else summary["status"]


# -- the dataset's history, its upkeep, the earlier layout ---------------------------------------
def history(out: str) -> list[dict[str, Any]]:
    """The dataset's versions, newest first: version, when (UTC), who, what changed."""
    deltalake = need_deltalake()
    from wirestruct.dataset import META, check_layout

    dataset = normalized(out)
    check_layout(dataset)
    uri = table_uri(dataset, CAPTURES)
    if not deltalake.DeltaTable.is_deltatable(uri, storage_options={}):
        return []
    found = []
    for commit in deltalake.DeltaTable(uri).history():
        meta = commit.get(META) or {}
        when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(commit["timestamp"] / 1000))
        found.append({"version": commit["version"], "when": when,
                      "who": commit.get("userName", "?"),
                      "change": meta.get("change", commit.get("operation", "?").lower()),
                      "capture": meta.get("capture"), "path": meta.get("path"),
                      "run": meta.get("run"), "replaced": meta.get("replaced") or []})
    return found


def history_line(entry: dict[str, Any]) -> str:
    what = entry["change"]
    if entry.get("capture"):
        what += f" {entry['path']} ({entry['capture'][:12]}...)"
    if entry.get("run"):
        what += f" [run {entry['run']}]"
    return f"{entry['version']:>6}  {entry['when']}  {entry['who']}  {what}"


def vacuum(out: str, retention_hours: float) -> dict[str, int]:
    from wirestruct.dataset import check_layout

    dataset = normalized(out)
    check_layout(dataset)
    return dataset_writer.vacuum(dataset, retention_hours, uuid.uuid4().hex[:12])


def convert(old: str, out: str, log: TextIO | None = None) -> list[dict[str, Any]]:
    """Write the captures of a dataset of the earlier Parquet layout (a folder per table
    and capture, ``_manifests/``) into the dataset ``out``, each known by the SHA-256 its
    manifest records; a capture without a manifest (a failed task's error rows) is left
    out and named."""
    from urllib.parse import quote

    import pyarrow.parquet as pq
    from wirestruct.dataset import layout_of

    log = log or sys.stderr
    if is_url(old) or layout_of(os.path.abspath(old)) != "earlier":
        raise UsageError(f"{old} is not a dataset of the earlier Parquet layout "
                         "(no _manifests folder)")
    dataset = normalized(out)
    dataset_writer.prepare(dataset)
    run = uuid.uuid4().hex[:12]
    summaries = []
    manifests = Path(old) / "_manifests"
    held = committed_captures(dataset)
    for manifest_file in sorted(manifests.glob("*.json")):
        manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
        capture, sha, key = manifest["capture"], manifest.get("sha256"), manifest["options"]
        summary: dict[str, Any] = {"path": capture, "capture": sha, "rows": {}}
        if not sha:
            summaries.append({**summary, "status": "failed",
                              "failure": "its manifest records no SHA-256: left out"})
        elif sha in held:
            summaries.append({**summary, "status": "skipped",
                              "reason": f"the dataset holds this content (as "
                                        f"{held[sha]['path']})"})
        else:
            part = f"capture={quote(capture, safe='')}"

            def batches(protocol: str = key["protocol"], part: str = part) -> Iterable:
                for table in tables_of(protocol):
                    file = Path(old) / table / part / "part-0.parquet"
                    if file.is_file():
                        yield from ((table, b) for b in pq.ParquetFile(file).iter_batches())

            done = write_capture(dataset, key["protocol"], sha, capture, options_text(key),
                                 batches(), replace=False, run=run)
            summaries.append({**summary, **done})
            held[sha] = {"path": capture}
        print(f"wirestruct: {summary_line(summaries[-1])}", file=log, flush=True)
    print("wirestruct: convert: " + totals_line(summaries), file=log, flush=True)
    return summaries


__all__ = ["BatchOptions", "WRITE_ID", "convert", "expand_inputs", "history", "plan",
           "process_capture", "run_batch", "vacuum", "write_capture"]
