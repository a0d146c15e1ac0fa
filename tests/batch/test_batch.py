"""``wirestruct batch`` on real Dask clusters: a LocalCluster of two worker processes, and
a ``dask scheduler`` with two ``dask worker`` processes started here; the dataset read back
with :func:`wirestruct.dataset.open` (pyarrow, pandas, polars, DuckDB) agrees with the
single-capture API and ``wirestruct state``."""
from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from distributed import Client, LocalCluster
from wirestruct import dataset as datasets_api
from wirestruct.dataset import stored_batch, stored_schema
from wirestruct.tables import file_sha256, tables_of, to_arrow
from wirestruct.tools import cli
from wirestruct.tools.batch import BatchOptions, run_batch

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as dask_client:
        yield dask_client


@pytest.fixture(scope="module")
def datasets(captures, client, tmp_path_factory):
    """protocol -> (dataset folder, the run's summaries): one batch per protocol, inputs
    given as a folder, a glob and a list of files."""
    out = {}
    inputs = {"scrap-mechanic": [str(captures["scrap-mechanic"][0].parent)],
              "mme": [str(captures["mme"][0].parent / "s*.jsonl")],
              "diep": [str(p) for p in captures["diep"]]}
    for protocol, given in inputs.items():
        dataset = tmp_path_factory.mktemp("dataset")
        log = io.StringIO()
        summaries = run_batch(given, BatchOptions(protocol), str(dataset), client=client,
                              root=captures[protocol][0].parent, log=log)
        out[protocol] = (dataset, summaries, log.getvalue())
    return out


def read(dataset: Path, table: str, path: Path | None = None, sha: str | None = None):
    """The table's visible rows (of one capture: its file's content, or ``sha``)."""
    rows = datasets_api.open(dataset).arrow(table)
    if path is not None or sha is not None:
        sha = sha or file_sha256(path)
        rows = rows.filter(pc.equal(rows["capture"], sha))
    return rows


def stored(table: str, rows: pa.Table, sha: str) -> pa.Table:
    """What the dataset stores of ``rows`` (one capture's, from the single-capture API)."""
    schema = stored_schema(table, rows.schema)
    batches = [stored_batch(table, b, sha, "w", schema) for b in rows.to_batches()]
    return pa.Table.from_batches(batches, schema=schema).drop_columns(["write_id"])


@pytest.mark.parametrize("protocol", ["scrap-mechanic", "mme", "diep"])
def test_local_cluster_rows_equal_the_single_capture_api(protocol, captures, datasets):
    dataset, summaries, log = datasets[protocol]
    assert sorted(s["path"] for s in summaries) == sorted(p.name for p in captures[protocol])
    assert {s["status"] for s in summaries} == {"written"}
    assert f"[{len(summaries)}/{len(summaries)}]" in log
    assert (f"batch: {len(summaries)} captures: {len(summaries)} written, 0 replaced, "
            "0 skipped, 0 failed") in log
    workers = {s["peak_rss"] for s in summaries}
    assert all(rss > 10 << 20 for rss in workers)
    data = datasets_api.open(dataset)
    for path in captures[protocol]:
        sha = file_sha256(path)
        expected = to_arrow(path, protocol)
        for table in tables_of(protocol):
            got = read(dataset, table, sha=sha) if table in data.names else None
            if expected[table].num_rows == 0:
                assert got is None or got.num_rows == 0
                continue
            if table == "captures":
                (row,) = got.to_pylist()
                (want,) = expected[table].to_pylist()
                assert (row["path"], row["name"]) == (path.name, path.name)
                assert json.loads(row["options"])["protocol"] == protocol
                assert {k: row[k] for k in row if k in want and k != "capture"} == {
                    k: want[k] for k in row if k in want and k != "capture"}
                continue
            assert got.equals(stored(table, expected[table], sha)), (path.name, table)
        summary = next(s for s in summaries if s["path"] == path.name)
        assert summary["rows"]["packets"] == expected["packets"].num_rows


def _state(path: Path, protocol: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert cli.main(["state", str(path), "-p", protocol, "--compact"]) == 0
    return json.loads(out.getvalue())


def test_duckdb_queries_agree_with_wirestruct_state(captures, datasets):
    db = duckdb.connect()
    for protocol, (root, _, _) in datasets.items():
        data = datasets_api.open(root)
        for table in data.names:
            db.register(f"{protocol.replace('-', '_')}_{table}", data.arrow(table))
    # diep: live entities = creations - deletions, per capture, from the long form
    counts = dict(db.sql("""
        select c.name,
               count(distinct (packet_index, entity_id)) filter (where change = 'create')
               - count(*) filter (where change = 'delete')
        from diep_diep_entity_fields f join diep_captures c using (capture)
        group by c.name""").fetchall())
    # Scrap Mechanic: the last tick and NetObjs created minus removed
    netobjs = {row[0]: row[1:] for row in db.sql("""
        with subs as (select * from scrap_mechanic_sm_sub_updates),
             ticks as (select capture, tick from subs union all select capture, tick
                       from scrap_mechanic_sm_transforms)
        select c.name, (select max(tick) from ticks where ticks.capture = subs.capture),
               count(*) filter (where update_type = 'create')
               - count(*) filter (where update_type = 'remove')
        from subs join scrap_mechanic_captures c using (capture)
        group by c.name, subs.capture""").fetchall()}
    # MME: the final map hash per capture
    maps = dict(db.sql("select name, map_sha256 from mme_captures").fetchall())
    assert len(counts) == len(netobjs) == len(maps) == 12
    for path in captures["diep"]:
        assert counts[path.name] == len(_state(path, "diep")["entities"])
    for path in captures["scrap-mechanic"]:
        state = _state(path, "scrap-mechanic")
        live = [o for o in state["netobjs"] if not o["recovered"]]
        assert netobjs[path.name] == (state["tick"], len(live))
    for path in captures["mme"]:
        assert maps[path.name] == _state(path, "mme")["map"]["sha256"] is not None


def test_rerun_skips_what_is_written_and_redoes_what_changed(captures, client, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for path in captures["diep"][:4]:
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "junk.pcap").write_bytes(b"\x00not a capture at all" * 8)
    dataset = tmp_path / "out"
    first = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                      root=folder, log=io.StringIO())
    by_name = {s["path"]: s for s in first}
    assert "unknown capture format" in by_name["junk.pcap"]["failure"]
    junk = read(dataset, "packets", folder / "junk.pcap").to_pylist()
    assert len(junk) == 1 and junk[0]["dropped"] == 8 * 21
    version = datasets_api.open(dataset).version

    log = io.StringIO()
    again = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                      root=folder, log=log)
    assert {s["status"] for s in again} == {"skipped"}
    assert "0 written, 0 replaced, 5 skipped, 0 failed" in log.getvalue()
    assert datasets_api.open(dataset).version == version      # nothing committed

    before = read(dataset, "packets", folder / "s02.jsonl")
    with open(folder / "s02.jsonl", "a", encoding="utf-8") as out:
        out.write('{"t": 1e9, "dir": "s2c", "data": "ff"}\n')
    # a changed file under a known path is a new capture: both contents are kept
    log = io.StringIO()
    changed = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                        root=folder, log=log)
    status = {s["path"]: s["status"] for s in changed}
    assert status.pop("s02.jsonl") == "written" and set(status.values()) == {"skipped"}
    assert ("s02.jsonl (" in log.getvalue() and "new content at a path the dataset holds "
            "other content of" in log.getvalue())
    assert "1 written, 0 replaced, 4 skipped, 0 failed" in log.getvalue()
    assert read(dataset, "packets", sha=before["capture"][0].as_py()).equals(before)
    rows = read(dataset, "packets", folder / "s02.jsonl").to_pylist()
    assert rows[-1]["error_kind"] and rows[-1]["record"] is not None
    assert read(dataset, "captures").num_rows == 6
    # --force writes again what is the same, replacing it (one commit each)
    log = io.StringIO()
    forced = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                       root=folder, force=True, log=log)
    assert {s["status"] for s in forced} == {"replaced"}
    assert "0 written, 4 replaced, 0 skipped, 1 failed" in log.getvalue()   # junk: error rows
    assert read(dataset, "captures").num_rows == 6

    limited = run_batch([str(folder)], BatchOptions("diep", limits=["max_decompressed=64"]),
                        str(dataset), client=client, root=folder, log=io.StringIO())
    assert {s["status"] for s in limited if s["path"] != "junk.pcap"} == {"replaced"}
    errors = read(dataset, "packets", folder / "s01.jsonl").column("error_kind").to_pylist()
    assert "LimitExceededError" in errors or "DecompressionError" in errors


def test_a_failed_task_becomes_error_rows(captures, client, tmp_path):
    log = io.StringIO()
    paths = captures["diep"][:2]
    summaries = run_batch([str(p) for p in paths],
                          BatchOptions("diep", options={"diep_build": "no-such-build"}),
                          str(tmp_path / "ds"), client=client, root=paths[0].parent, log=log)
    assert [s["status"] for s in summaries] == ["failed", "failed"]
    assert "2 failed" in log.getvalue() and "unknown diep build" in log.getvalue()
    for path in paths:
        (row,) = read(tmp_path / "ds", "packets", path).to_pylist()
        assert "unknown diep build" in row["error_message"]
    # the failure is recorded as such: the next run tries again (and replaces the rows)
    again = run_batch([str(p) for p in paths], BatchOptions("diep"), str(tmp_path / "ds"),
                      client=client, root=paths[0].parent, log=io.StringIO())
    assert [s["status"] for s in again] == ["replaced", "replaced"]
    assert read(tmp_path / "ds", "packets", paths[0]).num_rows > 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_cli_on_a_separately_started_dask_cluster(captures, tmp_path):
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    procs = []
    try:
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port),
             "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        for _ in range(2):
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "dask", "worker", address, "--host", "127.0.0.1", "--nthreads",
                 "1", "--no-dashboard"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, env=env))
        deadline = time.monotonic() + 60
        while True:
            try:
                with Client(address, timeout=5) as probe:
                    probe.wait_for_workers(2, timeout=60)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        dataset = tmp_path / "ds"
        paths = [str(p) for p in captures["mme"][:6]]
        done = subprocess.run([str(BIN / "wirestruct"), "batch", *paths, "-p", "mme", "--out",
                               str(dataset), "--scheduler", address, "--root",
                               str(captures["mme"][0].parent)], capture_output=True,
                              text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        assert "batch: 6 captures: 6 written, 0 replaced, 0 skipped, 0 failed" in done.stderr
        maps = read(dataset, "captures").to_pylist()
        assert len(maps) == 6
        for row in maps:
            path = captures["mme"][0].parent / row["path"]
            assert row["map_sha256"] == _state(path, "mme")["map"]["sha256"]
        moves = read(dataset, "mme_moves")
        assert moves.num_rows == sum(to_arrow(p, "mme")["mme_moves"].num_rows for p in paths)
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.mark.parametrize(("args", "message"), [
    (["--limit", "nope=3"], "unknown limit 'nope'"),
    (["--limit", "max_decompressed=lots"], "is not a whole number"),
])
def test_bad_options_stop_before_any_work(args, message, tmp_path, capsys):
    out = tmp_path / "ds"
    status = cli.main(["batch", str(ROOT / "samples" / "diep.jsonl"), "-p", "diep", "--out",
                       str(out), *args])
    assert status == 2 and message in capsys.readouterr().err
    assert not out.exists()


def test_inputs_that_match_nothing_are_a_usage_error(tmp_path, capsys):
    status = cli.main(["batch", str(tmp_path / "none-*.jsonl"), "-p", "mme", "--out",
                       str(tmp_path / "ds")])
    assert status == 2 and "no capture files" in capsys.readouterr().err


# -- captures known by their content; paths as columns -----------------------------------------
def test_same_name_in_two_folders_both_survive_and_paths_are_stable(captures, client, tmp_path):
    root = tmp_path / "in"
    for folder, source in (("a", captures["diep"][0]), ("b", captures["diep"][1])):
        (root / folder).mkdir(parents=True)
        (root / folder / "s.jsonl").write_bytes(source.read_bytes())
    dataset = tmp_path / "ds"
    for folder in ("a", "b"):     # one run each, as the same command on another folder
        (summary,) = run_batch([str(root / folder / "s.jsonl")], BatchOptions("diep"),
                               str(dataset), client=client, root=root, log=io.StringIO())
        assert (summary["path"], summary["status"]) == (f"{folder}/s.jsonl", "written")
    for source in captures["diep"][:2]:
        expected = to_arrow(source, "diep")["packets"].num_rows
        assert read(dataset, "packets", source).num_rows == expected
    assert sorted(read(dataset, "captures").column("path").to_pylist()) == [
        "a/s.jsonl", "b/s.jsonl"]
    # the same files, given together and in another order: nothing redone
    again = run_batch([str(root / "b"), str(root / "a" / "s.jsonl")], BatchOptions("diep"),
                      str(dataset), client=client, root=root, log=io.StringIO())
    assert sorted((s["path"], s["status"]) for s in again) == [
        ("a/s.jsonl", "skipped"), ("b/s.jsonl", "skipped")]
    # without --root, a path is as given
    (summary,) = run_batch([str(captures["diep"][2])], BatchOptions("diep"), str(dataset),
                           client=client, log=io.StringIO())
    assert read(dataset, "captures", captures["diep"][2]).column("path").to_pylist() == [
        str(captures["diep"][2])]


def test_a_capture_outside_the_root_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "in").mkdir()
    status = cli.main(["batch", str(ROOT / "samples" / "diep.jsonl"), "-p", "diep", "--out",
                       str(tmp_path / "ds"), "--root", str(tmp_path / "in")])
    err = capsys.readouterr().err
    assert status == 2 and "samples/diep.jsonl is not under the root" in err and "--root" in err
    assert not (tmp_path / "ds").exists()


def test_a_changed_capture_is_a_new_capture_and_replace_takes_a_copy_s_path(tmp_path):
    capture = tmp_path / "s.jsonl"
    capture.write_bytes((ROOT / "samples" / "diep.jsonl").read_bytes())
    dataset = tmp_path / "ds"

    def batch(*extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(BIN / "wirestruct"), "batch", *extra, "-p", "diep",
                               "--out", str(dataset), "--workers", "1"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120,
                              check=False)

    assert batch("s.jsonl").returncode == 0
    first = read(dataset, "packets")
    capture.write_bytes((ROOT / "samples" / "diep.jsonl").read_bytes()[:2000])
    changed = batch("s.jsonl")
    assert changed.returncode == 0, changed.stderr
    assert "s.jsonl (" in changed.stderr and "new content at a path" in changed.stderr
    assert "1 written" in changed.stderr and "Traceback" not in changed.stderr
    rows = read(dataset, "captures").to_pylist()
    assert sorted(r["path"] for r in rows) == ["s.jsonl", "s.jsonl"]
    assert read(dataset, "packets", sha=first["capture"][0].as_py()).equals(first)
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / "t.jsonl").write_bytes(capture.read_bytes())
    skipped = batch("copy/t.jsonl")
    assert "skipped: the dataset holds this content (as s.jsonl)" in skipped.stderr
    replaced = batch("copy/t.jsonl", "--replace")
    assert replaced.returncode == 0 and "1 replaced" in replaced.stderr
    assert sorted(r["path"] for r in read(dataset, "captures").to_pylist()) == [
        "copy/t.jsonl", "s.jsonl"]


# -- every table is a Delta table, read by pandas, DuckDB and polars -------------------------------
@pytest.mark.parametrize("protocol", ["scrap-mechanic", "mme", "diep"])
def test_every_table_reads_in_pandas_duckdb_and_polars(protocol, datasets):
    import pandas as pd

    dataset, summaries, _ = datasets[protocol]
    assert len(summaries) == 12
    data = datasets_api.open(dataset)
    made = {t for t in tables_of(protocol) if any(s["rows"].get(t) for s in summaries)}
    assert set(data.names) == made
    assert sorted(p.name for p in dataset.iterdir()) == sorted(
        [datasets_api.GUARD, datasets_api.MARKER, *made])
    polars = _polars()
    for table in sorted(made):
        expected = sum(s["rows"].get(table, 0) for s in summaries)
        frame = data.pandas(table, types_mapper=pd.ArrowDtype)
        assert len(frame) == expected, table
        assert sorted(frame["capture"].unique()) == sorted(
            s["capture"] for s in summaries if s["rows"].get(table))
        arrow = data.arrow(table)
        ((count,),) = duckdb.sql("select count(*) from arrow").fetchall()
        assert count == expected, table
        if polars is not None:
            assert data.polars(table).height == expected, table
            assert polars.read_delta(str(dataset / table)).height == expected, table
        if "t" in frame:
            assert str(arrow.schema.field("t").type) == "timestamp[us, tz=UTC]"
    packets = data.arrow("packets")
    assert str(packets.schema.field("parent").type) == "int64"
    frame = packets.to_pandas(types_mapper=pd.ArrowDtype)
    assert str(frame["index"].dtype) == "int64[pyarrow]"
    assert str(frame["t"].dtype).startswith("timestamp[us, tz=UTC]")


def _polars():
    try:
        import polars
    except ImportError:
        return None
    return polars


# -- Ctrl-C and SIGTERM end a batch as they end decode --------------------------------------
@pytest.mark.parametrize(("signum", "status", "word", "workers"), [
    (signal.SIGINT, 130, "interrupted", "1"), (signal.SIGTERM, 143, "terminated", "2")])
def test_a_signal_ends_batch_with_its_totals_and_no_traceback(signum, status, word, workers,
                                                              captures, tmp_path):
    dataset = tmp_path / "ds"
    folder = captures["scrap-mechanic"][0].parent
    proc = subprocess.Popen([str(BIN / "wirestruct"), "batch", str(folder), "-p",
                             "scrap-mechanic", "--out", str(dataset), "--root", str(folder),
                             "--workers", workers], stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stderr.readline()          # the first capture done: the run is on
        assert first.startswith("wirestruct: [1/12] "), first
        proc.send_signal(signum)
        rest = proc.stderr.read()
        assert proc.wait(timeout=60) == status
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "Traceback" not in rest and "WARNING" not in rest and "Error" not in rest, rest
    totals = [line for line in rest.splitlines() if "batch: " in line]
    assert len(totals) == 1 and totals[0].startswith("wirestruct: batch: ")
    assert f"({word}: " in totals[0] and totals[0].endswith(" not done)")
    done = int(totals[0].split("captures: ")[1].split(" written")[0])
    assert 1 <= done < 12
    # what is visible is whole, and nothing of the writes cut short is left in the tables
    # (a capture a worker committed as the run ended may be there without being counted)
    data = datasets_api.open(dataset)
    captures_rows = data.arrow("captures").to_pylist()
    assert len(captures_rows) >= done
    packets = data.arrow("packets")
    for row in captures_rows:
        mine = packets.filter(pc.equal(packets["capture"], row["capture"]))
        assert mine.num_rows == row["packets"] + row["errors"]
    polars = _polars()
    if polars is not None:
        for table in data.names:
            assert polars.read_delta(str(dataset / table)).height == data.arrow(table).num_rows
