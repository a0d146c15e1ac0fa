"""``wirestruct batch`` on real Dask clusters: a LocalCluster of two worker processes, and
a ``dask scheduler`` with two ``dask worker`` processes started here; the dataset read back
with pyarrow and DuckDB agrees with the single-capture API and ``wirestruct state``."""
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
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from distributed import Client, LocalCluster
from wirestruct.tables import tables_of, to_arrow
from wirestruct.tools import cli
from wirestruct.tools.batch import BatchOptions, manifest_path, partition, run_batch

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


def read(dataset: Path, table: str, capture: str):
    return pq.read_table(partition(dataset, table, capture) / "part-0.parquet")


@pytest.mark.parametrize("protocol", ["scrap-mechanic", "mme", "diep"])
def test_local_cluster_rows_equal_the_single_capture_api(protocol, captures, datasets):
    dataset, summaries, log = datasets[protocol]
    assert sorted(s["capture"] for s in summaries) == sorted(p.name for p in captures[protocol])
    assert {s["status"] for s in summaries} == {"written"}
    assert f"[{len(summaries)}/{len(summaries)}]" in log
    assert (f"batch: {len(summaries)} captures: {len(summaries)} written, 0 skipped, 0 refused, "
            "0 failed") in log
    workers = {s["peak_rss"] for s in summaries}
    assert all(rss > 10 << 20 for rss in workers)
    for path in captures[protocol]:
        expected = to_arrow(path, protocol)
        for table in tables_of(protocol):
            if expected[table].num_rows == 0:
                assert not partition(dataset, table, path.name).exists()
                continue
            got = read(dataset, table, path.name)
            assert got.equals(expected[table]), (path.name, table)
        manifest = json.loads(manifest_path(dataset, path.name).read_text())
        assert manifest["rows"]["packets"] == expected["packets"].num_rows
        assert manifest["options"]["protocol"] == protocol


def _state(path: Path, protocol: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert cli.main(["state", str(path), "-p", protocol, "--compact"]) == 0
    return json.loads(out.getvalue())


def test_duckdb_queries_agree_with_wirestruct_state(captures, datasets):
    db = duckdb.connect()
    # diep: live entities = creations - deletions, per capture, from the long form
    dataset = datasets["diep"][0]
    counts = dict(db.sql(f"""
        select capture,
               count(distinct (packet_index, entity_id)) filter (where change = 'create')
               - count(*) filter (where change = 'delete')
        from read_parquet('{dataset}/diep_entity_fields/*/*.parquet')
        group by capture""").fetchall())
    # Scrap Mechanic: the last tick and NetObjs created minus removed
    sm = datasets["scrap-mechanic"][0]
    netobjs = {row[0]: row[1:] for row in db.sql(f"""
        with subs as (select * from read_parquet('{sm}/sm_sub_updates/*/*.parquet')),
             ticks as (select capture, tick from subs union all select capture, tick
                       from read_parquet('{sm}/sm_transforms/*/*.parquet'))
        select capture, (select max(tick) from ticks where ticks.capture = subs.capture),
               count(*) filter (where update_type = 'create')
               - count(*) filter (where update_type = 'remove')
        from subs group by capture""").fetchall()}
    # MME: the final map hash per capture
    mme = datasets["mme"][0]
    maps = dict(db.sql(f"""select capture, map_sha256
        from read_parquet('{mme}/captures/*/*.parquet')""").fetchall())
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
    by_name = {s["capture"]: s for s in first}
    assert "unknown capture format" in by_name["junk.pcap"]["failure"]
    junk = read(dataset, "packets", "junk.pcap").to_pylist()
    assert len(junk) == 1 and junk[0]["dropped"] == 8 * 21
    part = partition(dataset, "packets", "s01.jsonl") / "part-0.parquet"
    mtime = part.stat().st_mtime_ns

    log = io.StringIO()
    again = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                      root=folder, log=log)
    assert {s["status"] for s in again} == {"skipped"}
    assert "0 written, 4 skipped, 0 refused, 1 failed" in log.getvalue()
    assert part.stat().st_mtime_ns == mtime

    with open(folder / "s02.jsonl", "a", encoding="utf-8") as out:
        out.write('{"t": 1e9, "dir": "s2c", "data": "ff"}\n')
    # a changed file under the same id is refused: its rows stay as they are
    before = read(dataset, "packets", "s02.jsonl")
    log = io.StringIO()
    refused = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                        root=folder, log=log)
    status = {s["capture"]: s["status"] for s in refused}
    assert status.pop("s02.jsonl") == "refused" and set(status.values()) == {"skipped"}
    assert ("s02.jsonl: refused: the dataset holds this capture id from other content"
            in log.getvalue()) and "--replace" in log.getvalue()
    assert "0 written, 3 skipped, 1 refused, 1 failed" in log.getvalue()
    assert read(dataset, "packets", "s02.jsonl").equals(before)
    # --force redoes what is the same, and still refuses what is not
    forced = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                       root=folder, force=True, log=io.StringIO())
    status = {s["capture"]: s["status"] for s in forced}
    assert status.pop("s02.jsonl") == "refused" and set(status.values()) == {"written"}
    changed = run_batch([str(folder)], BatchOptions("diep"), str(dataset), client=client,
                        root=folder, replace=True, log=io.StringIO())
    status = {s["capture"]: s["status"] for s in changed}
    assert status.pop("s02.jsonl") == "written" and set(status.values()) == {"skipped"}
    rows = read(dataset, "packets", "s02.jsonl").to_pylist()
    assert rows[-1]["error_kind"] and rows[-1]["record"] is not None

    limited = run_batch([str(folder)], BatchOptions("diep", limits=["max_decompressed=64"]),
                        str(dataset), client=client, root=folder, log=io.StringIO())
    assert {s["status"] for s in limited if s["capture"] != "junk.pcap"} == {"written"}
    errors = read(dataset, "packets", "s01.jsonl").column("error_kind").to_pylist()
    assert "LimitExceededError" in errors or "DecompressionError" in errors


def test_a_failed_task_becomes_error_rows(captures, client, tmp_path):
    log = io.StringIO()
    summaries = run_batch([str(p) for p in captures["diep"][:2]],
                          BatchOptions("diep", options={"diep_build": "no-such-build"}), str(tmp_path),
                          client=client, root=captures["diep"][0].parent, log=log)
    assert [s["status"] for s in summaries] == ["failed", "failed"]
    assert "2 failed" in log.getvalue() and "unknown diep build" in log.getvalue()
    for summary in summaries:
        (row,) = read(tmp_path, "packets", summary["capture"]).to_pylist()
        assert "unknown diep build" in row["error_message"]
        assert not manifest_path(tmp_path, summary["capture"]).exists()  # retried next run


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
        assert "batch: 6 captures: 6 written, 0 skipped, 0 refused, 0 failed" in done.stderr
        maps = pq.read_table(dataset / "captures").to_pylist()
        assert len(maps) == 6
        for row in maps:
            path = Path(row["source"])
            assert row["map_sha256"] == _state(path, "mme")["map"]["sha256"]
        moves = pq.read_table(dataset / "mme_moves")
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


# -- capture ids: stable and unique; nothing overwritten unasked ----------------------------
def test_same_name_in_two_folders_both_survive_and_ids_are_stable(captures, client, tmp_path):
    root = tmp_path / "in"
    for folder, source in (("a", captures["diep"][0]), ("b", captures["diep"][1])):
        (root / folder).mkdir(parents=True)
        (root / folder / "s.jsonl").write_bytes(source.read_bytes())
    dataset = tmp_path / "ds"
    for folder in ("a", "b"):     # one run each, as the same command on another folder
        (summary,) = run_batch([str(root / folder / "s.jsonl")], BatchOptions("diep"),
                               str(dataset), client=client, root=root, log=io.StringIO())
        assert (summary["capture"], summary["status"]) == (f"{folder}/s.jsonl", "written")
    packets = pq.read_table(dataset / "packets")
    for folder, source in (("a", captures["diep"][0]), ("b", captures["diep"][1])):
        expected = to_arrow(source, "diep")["packets"].num_rows
        assert packets.filter(pc.equal(packets["capture"], f"{folder}/s.jsonl")).num_rows == expected
    assert sorted(p.name for p in (dataset / "_manifests").iterdir()) == [
        "a%2Fs.jsonl.json", "b%2Fs.jsonl.json"]
    # the same files, given together and in another order, keep their ids: nothing redone
    again = run_batch([str(root / "b"), str(root / "a" / "s.jsonl")], BatchOptions("diep"),
                      str(dataset), client=client, root=root, log=io.StringIO())
    assert sorted((s["capture"], s["status"]) for s in again) == [
        ("a/s.jsonl", "skipped"), ("b/s.jsonl", "skipped")]


def test_a_capture_outside_the_root_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "in").mkdir()
    status = cli.main(["batch", str(ROOT / "samples" / "diep.jsonl"), "-p", "diep", "--out",
                       str(tmp_path / "ds"), "--root", str(tmp_path / "in")])
    err = capsys.readouterr().err
    assert status == 2 and "samples/diep.jsonl is not under the root" in err and "--root" in err
    assert not (tmp_path / "ds").exists()


def test_a_changed_capture_is_refused_by_the_command_and_replaced_on_request(tmp_path):
    capture = tmp_path / "s.jsonl"
    capture.write_bytes((ROOT / "samples" / "diep.jsonl").read_bytes())
    dataset = tmp_path / "ds"

    def batch(*extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(BIN / "wirestruct"), "batch", "s.jsonl", "-p", "diep",
                               "--out", str(dataset), "--workers", "1", *extra],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120,
                              check=False)

    assert batch().returncode == 0
    first = pq.read_table(dataset / "packets")
    capture.write_bytes((ROOT / "samples" / "diep.jsonl").read_bytes()[:2000])
    refused = batch("--force")
    assert refused.returncode == 1, refused.stderr
    assert "s.jsonl: refused: the dataset holds this capture id from other content" in refused.stderr
    assert "1 refused" in refused.stderr and "Traceback" not in refused.stderr
    assert pq.read_table(dataset / "packets").equals(first)
    replaced = batch("--replace")
    assert replaced.returncode == 0 and "1 written" in replaced.stderr
    (row,) = pq.read_table(dataset / "captures").to_pylist()
    assert row["packets"] < first.num_rows and row["capture"] == "s.jsonl"


# -- every table is a dataset of its own, read by path ---------------------------------------
@pytest.mark.parametrize("protocol", ["scrap-mechanic", "mme", "diep"])
def test_every_table_reads_by_path_in_pandas_duckdb_and_polars(protocol, datasets):
    import pandas as pd

    dataset = datasets[protocol][0]
    manifests = [json.loads(p.read_text()) for p in (dataset / "_manifests").iterdir()]
    assert len(manifests) == 12
    assert sorted(p.name for p in dataset.iterdir()) == sorted(
        ["_manifests", *(t for t in tables_of(protocol)
                         if any(m["rows"][t] for m in manifests))])
    polars = _polars()
    for table in tables_of(protocol):
        expected = sum(m["rows"][table] for m in manifests)
        if not expected:
            continue
        frame = pd.read_parquet(dataset / table, dtype_backend="numpy_nullable")
        assert len(frame) == expected, table
        assert sorted(frame["capture"].unique()) == sorted(m["capture"] for m in manifests
                                                           if m["rows"][table])
        glob = f"{dataset}/{table}/**/*.parquet"
        ((count,),) = duckdb.sql(f"select count(*) from read_parquet('{glob}', "
                                 "hive_partitioning=true)").fetchall()
        assert count == expected, table
        if polars is not None:
            assert polars.read_parquet(glob).height == expected, table
        if "t" in frame:
            assert str(frame["t"].dtype) == "datetime64[ns, UTC]"
    frame = pd.read_parquet(dataset / "packets", dtype_backend="numpy_nullable")
    assert str(frame["parent"].dtype) == "Int64" and str(frame["index"].dtype) == "Int64"
    schema = pq.read_schema(next((dataset / "packets").rglob("*.parquet")))
    assert str(schema.field("parent").type) == "int64"
    assert str(schema.field("t").type) == "timestamp[ns, tz=UTC]"


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
    import pandas as pd

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
    # what is visible is whole: a part being written has a hidden name, every part reads
    # (a capture a worker finished as the run ended may be there without being counted)
    assert not [p for p in dataset.rglob("*") if p.name.endswith(".tmp")
                and not p.name.startswith(".")]
    manifests = {json.loads(p.read_text())["capture"]
                 for p in (dataset / "_manifests").iterdir()}
    assert len(manifests) >= done
    frame = pd.read_parquet(dataset / "packets")
    assert set(frame["capture"].unique()) >= manifests
