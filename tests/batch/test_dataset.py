"""Datasets of Delta tables that many ``wirestruct batch`` runs share, tried as users do:
real ``wirestruct batch`` processes at once (one with ``--replace``), the same capture
from three folders, a full disk and a read-only one (small tmpfs mounts), SIGTERM at
random points of a run, an S3-compatible server (moto, its own process on the loopback
address), a dataset of the earlier layout. Each ends equal to what one clean batch gives,
read through pandas, polars and DuckDB, over every real capture in tests/data."""
from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from needs import tmpfs
from wirestruct import dataset
from wirestruct.tables import file_sha256, tables_of, to_arrow

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DATA = ROOT / "tests" / "data"
MME_PORT = str(json.loads((DATA / "mme" / "session.json").read_text())["port"])
#: Every real capture in tests/data, each read as MME (the game captures decode; the others
#: are the capture layer's cases: their rows are error rows and packets of no game).
REAL = sorted(p for p in DATA.rglob("*") if p.suffix in (".pcap", ".pcapng", ".jsonl"))


def batch(*args: object, cwd: Path | None = None, env: dict[str, str] | None = None,
          timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "wirestruct"), "batch", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, check=False,
                          cwd=cwd, env=env)


def start(*args: object, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([str(BIN / "wirestruct"), "batch", *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


MME = ("-p", "mme", "--server", MME_PORT, "--workers", "1", "--root", DATA)


# -- what a dataset holds, read three ways ----------------------------------------------------
def _sorted(rows: list[dict]) -> list[str]:
    return sorted(json.dumps(r, sort_keys=True, default=str) for r in rows)


def contents(root: str | Path) -> dict[str, dict[str, list[str]]]:
    """Each table's visible rows (``write_id`` aside), as pandas, polars and DuckDB read
    them from :func:`wirestruct.dataset.open`; and as a Delta reader of each folder sees
    them (polars' ``read_delta``), which must be the same once no write is under way."""
    import polars as pl

    data = dataset.open(root)
    out: dict[str, dict[str, list[str]]] = {}
    for name in data.names:
        arrow = data.arrow(name)
        frame = data.pandas(name)
        by = {"pandas": _sorted(json.loads(frame.to_json(orient="records", date_format="iso",
                                                       date_unit="ns"))),
              "polars": _sorted(data.polars(name).to_dicts()),
              "duckdb": _sorted([dict(zip(arrow.column_names, row)) for row in
                                 duckdb.sql("select * from arrow").fetchall()])}
        if not dataset.is_url(str(root)):
            delta = pl.read_delta(str(Path(root) / name)).drop("write_id")
            by["delta"] = _sorted(delta.to_dicts())
        out[name] = by
    return out


def assert_same(got: str | Path, clean: str | Path) -> None:
    """``got`` holds exactly the rows of ``clean``, through every reader."""
    a, b = contents(got), contents(clean)
    assert sorted(a) == sorted(b)
    for name in b:
        for reader, rows in b[name].items():
            if reader in a[name]:
                assert a[name][reader] == rows, (name, reader, len(a[name][reader]), len(rows))
        assert a[name]["pandas"] and len(set(map(len, a[name].values()))) == 1, name


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> Path:
    """One clean batch of every real capture."""
    out = tmp_path_factory.mktemp("clean") / "ds"
    done = batch(*REAL, *MME, "--out", out)
    assert done.returncode == 0, done.stderr
    assert f"batch: {len(REAL)} captures: " in done.stderr
    return out


def test_the_clean_batch_holds_each_capture_once_with_its_rows(clean):
    data = dataset.open(clean)
    captures = data.arrow("captures").to_pylist()
    shas = {file_sha256(p): p for p in REAL}
    assert {r["capture"] for r in captures} == set(shas)
    assert len(captures) == len(shas)       # the same content under two names: once
    for row in captures:
        path = shas[row["capture"]]
        assert row["path"].endswith(path.name) and row["name"] == row["path"].rsplit("/")[-1]
    packets = data.arrow("packets")
    for sha, path in shas.items():
        expected = to_arrow(path, "mme", server=MME_PORT)["packets"]
        mine = packets.filter(pa.compute.equal(packets["capture"], sha))
        assert mine.num_rows == expected.num_rows, path
        assert mine.column("index").to_pylist() == expected.column("index").to_pylist()
        assert mine.column("t").cast(pa.int64()).to_pylist() == [
            None if t is None else t // 1000 for t in
            expected.column("t").cast(pa.int64()).to_pylist()]


# -- many writers ------------------------------------------------------------------------------
def test_three_runs_at_once_one_replacing_equal_one_clean_batch(clean, tmp_path):
    out = tmp_path / "ds"
    procs = [start(*REAL, *MME, "--out", out, *(["--replace"] if i == 1 else []))
             for i in range(3)]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in procs]
    for status, err in results:
        assert status == 0 and "Traceback" not in err, err
    totals = [next(line for line in err.splitlines() if "batch: " in line) for _, err in results]
    written = sum(int(t.split(" captures: ")[1].split(" written")[0]) for t in totals)
    assert written >= len({file_sha256(p) for p in REAL}), totals
    assert_same(out, clean)
    # every run's summary is true of the dataset: each capture it calls written or
    # replaced is there with the rows it counted
    data = dataset.open(out)
    assert data.arrow("captures").num_rows == len({file_sha256(p) for p in REAL})


def test_the_same_capture_from_three_folders_is_one_capture(tmp_path):
    source = DATA / "mme" / "session.jsonl"
    for folder in "abc":
        (tmp_path / folder).mkdir()
        shutil.copy(source, tmp_path / folder / "s.jsonl")
    out = tmp_path / "ds"
    first = batch(tmp_path / "a", tmp_path / "b", "-p", "mme", "--workers", "1", "--root",
                  tmp_path, "--out", out)
    assert first.returncode == 0, first.stderr
    assert "b/s.jsonl" in first.stderr and "skipped: same content as a/s.jsonl" in first.stderr
    again = batch(tmp_path / "c", "-p", "mme", "--workers", "1", "--root", tmp_path,
                  "--out", out)
    assert "c/s.jsonl" in again.stderr and "skipped: the dataset holds this content (as " \
        "a/s.jsonl)" in again.stderr
    data = dataset.open(out)
    (row,) = data.arrow("captures").to_pylist()
    assert (row["path"], row["name"], row["capture"]) == ("a/s.jsonl", "s.jsonl",
                                                           file_sha256(source))
    assert data.arrow("packets").num_rows == to_arrow(source, "mme")["packets"].num_rows
    before = data.version
    replaced = batch(tmp_path / "c", "-p", "mme", "--workers", "1", "--root", tmp_path,
                     "--out", out, "--replace")
    assert replaced.returncode == 0 and "c/s.jsonl" in replaced.stderr
    assert "1 replaced" in replaced.stderr
    data = dataset.open(out)
    assert data.version == before + 1                 # one commit replaced it
    (row,) = data.arrow("captures").to_pylist()
    assert row["path"] == "c/s.jsonl"
    assert data.arrow("packets").num_rows == to_arrow(source, "mme")["packets"].num_rows
    # the version before still reads as it was
    old = dataset.open(out, version=before)
    assert old.arrow("captures").column("path").to_pylist() == ["a/s.jsonl"]
    assert old.arrow("packets").num_rows == data.arrow("packets").num_rows
    history = batch("--history", out).stdout.splitlines()
    assert history[0].split()[0] == str(before + 1) and "replace c/s.jsonl" in history[0]
    assert any("add a/s.jsonl" in line for line in history)
    # a changed file under a known path is a new capture, and the summary says so
    with open(tmp_path / "c" / "s.jsonl", "a", encoding="utf-8") as more:
        more.write('{"t": 1e9, "dir": "s2c", "data": "ff"}\n')
    changed = batch(tmp_path / "c", "-p", "mme", "--workers", "1", "--root", tmp_path,
                    "--out", out)
    assert changed.returncode == 0 and "1 written" in changed.stderr
    assert "new content at a path the dataset holds other content of" in changed.stderr
    assert dataset.open(out).arrow("captures").num_rows == 2


# -- faults ------------------------------------------------------------------------------------
@pytest.fixture
def small_fs() -> Iterator[Path]:
    yield from tmpfs("size=2m,mode=0777")


@pytest.fixture
def read_only_fs() -> Iterator[Path]:
    yield from tmpfs("size=64k,ro")


def _fill(folder: Path, leave: int) -> Path:
    stats = os.statvfs(folder)
    free = stats.f_bavail * stats.f_frsize
    filler = folder / "filler"
    filler.write_bytes(bytes(max(0, free - leave)))
    return filler


def test_a_full_disk_leaves_the_dataset_at_its_version_and_a_rerun_completes_it(
        small_fs, tmp_path, clean):
    out = small_fs / "ds"
    mme = [p for p in REAL if p.parent.name == "mme"]
    first = batch(mme[0], *MME, "--out", out)
    assert first.returncode == 0, first.stderr
    version = dataset.open(out).version
    filler = _fill(small_fs, 24 * 1024)
    full = batch(*REAL, *MME, "--out", out)
    assert full.returncode == 1, full.stderr
    assert "Traceback" not in full.stderr and "No space left" in full.stderr
    assert "the dataset stays at the version it had" in full.stderr
    # the captures that fitted are committed whole, one version each; the others are not
    # there at all
    totals = next(line for line in full.stderr.splitlines() if "batch: " in line)
    written = int(totals.split(" captures: ")[1].split(" written")[0])
    assert written < len(REAL) - 1
    data = dataset.open(out)
    assert data.version == version + written
    assert data.arrow("captures").num_rows == 1 + written
    assert set(data.arrow("packets").column("capture").to_pylist()) == set(
        data.arrow("captures").column("capture").to_pylist())
    filler.unlink()
    rerun = batch(*REAL, *MME, "--out", out)
    assert rerun.returncode == 0, rerun.stderr
    assert_same(out, clean)


def test_a_read_only_location_is_named_and_nothing_is_done(read_only_fs):
    done = batch(*REAL[:2], *MME, "--out", read_only_fs / "ds")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "Read-only file system" in done.stderr and str(read_only_fs / "ds") in done.stderr


def test_sigterm_at_random_points_leaves_a_whole_dataset_completed_by_the_next_run(
        clean, tmp_path):
    seed = int(os.environ.get("WIRESTRUCT_TEST_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    out = tmp_path / "ds"
    stopped = 0
    for _ in range(4):
        # --force: every run writes every capture again, replacing what the last one
        # committed, so the signal finds commits (and replaces) under way
        # the signal comes after a random number of captures were reported written (or,
        # three draws in 26, before the first), a random moment into the next commits: a
        # point in the run however fast the machine is
        proc = subprocess.Popen([str(BIN / "wirestruct"), "batch", *map(str, REAL), *MME,
                                 "--out", str(out), "--force"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert proc.stderr is not None
        after = rng.randrange(-3, len(REAL) - 4)
        seen = []
        while after >= 0 and (line := proc.stderr.readline()):
            seen.append(line)
            if line.startswith("wirestruct: [") and int(line[13:].split("/")[0]) > after:
                break
        time.sleep(rng.uniform(0.0, 0.05) if after >= 0 else rng.uniform(0.0, 1.0))
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(timeout=120)
        err = "".join(seen) + proc.stderr.read()
        assert "Traceback" not in err, (seed, err)
        # killed by the signal itself only before the interpreter was up (nothing said yet)
        assert status in (0, 143) or (status == -signal.SIGTERM and not err), (seed, status, err)
        stopped += status != 0
        if status == 143:    # the totals so far, or (before any work) the word alone
            assert "(terminated: " in err or err.rstrip().endswith("wirestruct: terminated"), err
        if out.exists() and (out / "captures").exists():
            data = dataset.open(out)
            # what is visible is whole: each capture's packets rows are its packets count
            packets = data.arrow("packets").group_by("capture").aggregate([([], "count_all")])
            counts = dict(zip(packets["capture"].to_pylist(),
                              packets["count_all"].to_pylist()))
            for row in data.arrow("captures").to_pylist():
                assert counts.get(row["capture"], 0) == row["packets"] + row["errors"], \
                    (seed, row)
    assert stopped, seed
    rerun = batch(*REAL, *MME, "--out", out)
    assert rerun.returncode == 0, rerun.stderr
    assert_same(out, clean)
    vacuumed = batch("--vacuum", out, "--retention-hours", "0")
    assert vacuumed.returncode == 0, vacuumed.stderr
    assert_same(out, clean)
    committed = {p.name for name in dataset.open(out).names
                 for p in (out / name).glob("part-*.parquet")}
    live = {f"part-{w}.parquet" for w in dataset.open(out).writes}
    assert committed == live                       # nothing is left but what is seen


# -- where it lives ------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def s3(tmp_path) -> Iterator[dict[str, str]]:
    """A moto S3 server in its own process on the loopback address, a bucket in it, and
    the environment that points delta-rs and pyarrow at it."""
    pytest.importorskip("moto")
    boto3 = pytest.importorskip("boto3")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p",
                               str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    env = {**os.environ, "AWS_ENDPOINT_URL": endpoint, "AWS_ACCESS_KEY_ID": "wirestruct",
           "AWS_SECRET_ACCESS_KEY": "wirestruct", "AWS_REGION": "us-east-1",
           "AWS_ALLOW_HTTP": "true"}
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="wirestruct",
                             aws_secret_access_key="wirestruct",
                             region_name="us-east-1").create_bucket(Bucket="wirestruct-test")
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield env
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_an_s3_dataset_two_writers_at_once(s3, clean, monkeypatch):
    url = "s3://wirestruct-test/datasets/mme"
    procs = [start(*REAL, *MME, "--out", url, *(["--replace"] if i else []), env=s3)
             for i in range(2)]
    for proc in procs:
        err = proc.stderr.read()
        assert proc.wait(timeout=300) == 0 and "Traceback" not in err, err
    for key, value in s3.items():
        monkeypatch.setenv(key, value)
    assert_same(url, clean)
    history = batch("--history", url, env=s3)
    assert history.returncode == 0 and "add " in history.stdout
    # a plain reader of the bucket's prefix stops on the guard file
    import pyarrow.dataset as pads
    import pyarrow.fs as pafs

    fs = pafs.S3FileSystem(endpoint_override=s3["AWS_ENDPOINT_URL"], scheme="http",
                           access_key="wirestruct", secret_key="wirestruct", region="us-east-1")
    with pytest.raises(pa.ArrowInvalid, match=dataset.GUARD):
        pads.dataset("wirestruct-test/datasets/mme", filesystem=fs).to_table()


# -- readers that do not know the layout; the earlier layout -------------------------------------
def test_a_plain_parquet_reader_of_the_root_stops_naming_the_guard(clean):
    import pandas as pd
    import polars as pl

    with pytest.raises(Exception, match=dataset.GUARD):
        pd.read_parquet(clean)
    with pytest.raises(Exception, match="READ-EACH-TABLE-FOLDER-AS-DELTA|different file"):
        pl.read_parquet(clean)
    with pytest.raises(duckdb.Error, match=dataset.GUARD):
        duckdb.sql(f"select count(*) from read_parquet('{clean}')").fetchall()
    with pytest.raises(duckdb.Error):
        duckdb.sql(f"select count(*) from read_parquet('{clean}/**/*.parquet')").fetchall()


def _earlier_layout(folder: Path, paths: list[Path]) -> None:
    """A dataset as wirestruct wrote it before Delta tables: a folder per table and
    capture, a manifest per capture."""
    from urllib.parse import quote

    from wirestruct.tables import SCHEMA_VERSION

    (folder / "_manifests").mkdir(parents=True)
    for path in paths:
        capture = path.relative_to(DATA).as_posix()
        tables = to_arrow(path, "mme", capture=capture, server=MME_PORT)
        rows = {}
        for name, table in tables.items():
            rows[name] = table.num_rows
            if table.num_rows:
                part = folder / name / f"capture={quote(capture, safe='')}"
                part.mkdir(parents=True)
                pq.write_table(table, part / "part-0.parquet")
        manifest = {"capture": capture, "source": str(path), "sha256": file_sha256(path),
                    "rows": rows, "options": {"protocol": "mme", "limits": [], "options": {},
                                              "server": MME_PORT, "capture_format": None,
                                              "schema_version": SCHEMA_VERSION,
                                              "wirestruct": "0.1.0"}}
        (folder / "_manifests" / f"{quote(capture, safe='')}.json").write_text(
            json.dumps(manifest))


def test_a_dataset_of_the_earlier_layout_is_named_and_converted(tmp_path, clean):
    old = tmp_path / "old"
    _earlier_layout(old, REAL)
    refused = batch(*REAL[:1], *MME, "--out", old)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "earlier Parquet layout" in refused.stderr
    assert f"wirestruct batch --convert {old} --out NEW" in refused.stderr
    new = tmp_path / "new"
    converted = batch("--convert", old, "--out", new)
    assert converted.returncode == 0, converted.stderr
    assert_same(new, clean)
    assert set(dataset.open(new).names) <= set(tables_of("mme"))


def test_a_folder_that_is_no_dataset_is_not_written_into(tmp_path):
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "notes.txt").write_text("mine")
    done = batch(*REAL[:1], *MME, "--out", tmp_path / "ds")
    assert done.returncode == 2 and "is not a wirestruct dataset" in done.stderr
    assert sorted(p.name for p in (tmp_path / "ds").iterdir()) == ["notes.txt"]
