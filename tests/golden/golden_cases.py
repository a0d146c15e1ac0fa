"""Golden outputs of the wirestruct command line: the cases, how each one runs, and its file.

One module for both sides: ``make_golden.py`` runs every case and writes its output into
``data/``; ``test_golden.py`` runs the same cases and compares byte for byte. A case runs
the real ``wirestruct`` command line in a subprocess (working directory: the checkout, so
the capture paths the outputs name are relative and the same on every machine) and turns
what it printed and wrote into one golden file: the command lines, their exit codes, then
sections, each either the full text of an output or the SHA-256 of a binary one. Standard
error is not part of the output. Golden files above ``COMPRESS_ABOVE`` bytes are stored
xz-compressed (``.txt.xz``); they are compared decompressed.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import shlex
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DATA = HERE / "data"

COMPRESS_ABOVE = 16 * 1024
TIMEOUT = 600
HEADER = b"# wirestruct golden output; regenerate with: python tests/golden/make_golden.py\n"

# The session's server port, as tests/mme/test_mme_session.py reads it.
MME_SERVER = str(json.loads((REPO / "tests/data/mme/session.json").read_text())["port"])


@dataclass(frozen=True)
class Capture:
    key: str  # the case names' folder
    path: str  # relative to the checkout
    protocol: str
    options: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()  # -e columns of --format fields
    # False: another file of the same session (the pcap/pcapng of session.jsonl). Every
    # decode runs and shows what the capture reader does; state, export, encode (to JSON
    # Lines) and convert (to JSON Lines, in full) run once each, with its --server. Their
    # other variants would repeat session.jsonl's cases with other timestamps, at about a
    # second of CPU each (most of it the command's start-up).
    every_variant: bool = True


SM_FIELDS = ("index", "t", "dir", "name", "parent", "tick", "sub_updates.netobj_id",
             "body.tick", "body.server_tick", "error")
MME_FIELDS = ("index", "t", "dir", "name", "payload.player_id", "payload.x",
              "payload.message", "error", "dropped")
DIEP_FIELDS = ("index", "t", "dir", "name", "parent", "body.tick",
               "body.upcreates.entity.id", "error")

GAME_CAPTURES = (
    Capture("scrap_mechanic", "samples/scrap_mechanic.jsonl", "scrap-mechanic", (), SM_FIELDS),
    Capture("mme", "samples/mme.jsonl", "mme", (), MME_FIELDS),
    Capture("diep", "samples/diep.jsonl", "diep", (), DIEP_FIELDS),
    Capture("mme_session_jsonl", "tests/data/mme/session.jsonl", "mme", (), MME_FIELDS),
    Capture("mme_session_pcap", "tests/data/mme/session.pcap", "mme",
            ("--server", MME_SERVER), MME_FIELDS, every_variant=False),
    Capture("mme_session_pcapng", "tests/data/mme/session.pcapng", "mme",
            ("--server", MME_SERVER), MME_FIELDS, every_variant=False),
)

# Loopback captures of the pcap/pcapng readers (tests/data/captures/README.md): not MME
# traffic; decoded as MME they give error events, which are output too.
LOOPBACK_CAPTURES = tuple(
    Capture(f"loopback_{name.replace('.', '_')}", f"tests/data/captures/{name}", "mme")
    for name in ("any_sll.pcap", "any_sll2_nano.pcap", "lo_crafted.pcap",
                 "lo_dumpcap.pcapng", "lo_ethernet.pcap")
)

# The capture folders the cases must cover completely (test_golden checks it).
COVERED_FOLDERS = {
    "samples": ("*.jsonl", "*.pcap", "*.pcapng", "*.wscap"),
    "tests/data/mme": ("*.jsonl", "*.pcap", "*.pcapng", "*.wscap"),
    "tests/data/captures": ("*.jsonl", "*.pcap", "*.pcapng", "*.wscap"),
}

# Sample captures that are byte copies of a test capture with cases (shipped in the wheel
# for the README's examples): covered by that capture's cases (test_golden checks the copy).
COPIES = {"samples/mme.pcapng": "tests/data/mme/session.pcapng"}

TREE_UPTO = "40"
STATE_UPTO = "100"
ENCODE_FORMATS = ("jsonl", "pcapng", "pcap", "wscap")
ENCODE_RAW_FORMATS = ("jsonl",)
DIEP_ENCODE_LINES = 40
CONVERT_FORMATS = ("jsonl", "wscap", "pcap", "pcapng")


# ----------------------------------------------------------------------------- running


def wirestruct_command() -> list[str]:
    """How to start the command line: the ``wirestruct`` console script of the running
    interpreter's environment (the checkout's venv), else the one on PATH, else ``main``
    through the interpreter (works whether ``wirestruct.tools.cli`` is a module or a
    package exposing ``main``)."""
    scripts = Path(sys.executable).parent
    for name in ("wirestruct", "wirestruct.exe"):
        if (scripts / name).is_file():
            return [str(scripts / name)]
    found = shutil.which("wirestruct")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from wirestruct.tools.cli import main; sys.exit(main())"]


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(TZ="UTC", PYTHONUTF8="1", PYTHONIOENCODING="utf-8")
    return env


@dataclass(frozen=True)
class Result:
    args: tuple[str, ...]  # as shown: "OUT/..." stands for the case's output folder
    exit: int
    stdout: bytes
    stderr: bytes


class Runner:
    """Runs ``wirestruct`` subprocesses for the cases; identical commands (the decodes the
    encode cases read) run once and are shared between threads."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = Path(tmp)
        self.command = wirestruct_command()
        self.env = _environment()
        self._lock = threading.Lock()
        self._memo: dict[Any, Future[Result]] = {}

    def out_dir(self, case: str) -> Path:
        path = self.tmp / case.replace("/", "__")
        path.mkdir(parents=True, exist_ok=True)
        return path

    def run(self, args: Sequence[str], *, out: Path | None = None,
            stdin: bytes | None = None) -> Result:
        real = [str(out / a[4:]) if out is not None and a.startswith("OUT/") else a
                for a in args]
        proc = subprocess.run(
            [*self.command, *real], cwd=REPO, env=self.env, input=stdin if stdin is not None else b"",
            capture_output=True, timeout=TIMEOUT, check=False)
        return Result(tuple(args), proc.returncode, proc.stdout, proc.stderr)

    def shared(self, args: Sequence[str]) -> Result:
        """``run(args)`` once per distinct ``args`` (commands that write no file)."""
        key = tuple(args)
        with self._lock:
            future = self._memo.get(key)
            owner = future is None
            if owner:
                future = self._memo[key] = Future()
        assert future is not None
        if owner:
            try:
                future.set_result(self.run(args))
            except BaseException as exc:
                future.set_exception(exc)
                raise
        return future.result()


class Golden:
    """The text of one golden file, built section by section."""

    def __init__(self, header: bool = True) -> None:
        self.parts: list[bytes] = [HEADER] if header else []

    def command(self, result: Result, stdin: str | None = None) -> None:
        line = "$ " + shlex.join(["wirestruct", *result.args])
        if stdin:
            line += f"   < {stdin}"
        self.parts.append(f"{line}\nexit {result.exit}\n".encode())

    def text(self, title: str, data: bytes) -> None:
        self.parts.append(f"=== {title} ({len(data)} bytes)\n".encode())
        self.parts.append(data)
        if data and not data.endswith(b"\n"):
            self.parts.append(b"\n")

    def digest(self, title: str, data: bytes) -> None:
        self.parts.append(f"=== {title}: sha256 {sha256(data)} ({len(data)} bytes)\n".encode())

    def line(self, text: str) -> None:
        self.parts.append(text.encode() + b"\n")

    def bytes(self) -> bytes:
        return b"".join(self.parts)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ----------------------------------------------------------------------------- cases


@dataclass(frozen=True)
class Case:
    name: str  # also the golden file's path under data/, without suffix
    make: Callable[[Runner, Path], bytes]
    cost: float = 1.0  # rough seconds of CPU, to start the long ones first


def _base(capture: Capture) -> list[str]:
    return [capture.path, "-p", capture.protocol, *capture.options]


def _decode_args(capture: Capture, *extra: str) -> list[str]:
    return ["decode", *_base(capture), *extra]


def decode_case(capture: Capture, label: str, extra: Sequence[str], cost: float) -> Case:
    def make(runner: Runner, out: Path) -> bytes:
        result = runner.shared(_decode_args(capture, *extra))
        golden = Golden()
        golden.command(result)
        golden.text("stdout", result.stdout)
        return golden.bytes()

    return Case(f"decode/{capture.key}/{label}", make, cost)


def state_case(capture: Capture, label: str, extra: Sequence[str]) -> Case:
    map_out = capture.protocol == "mme" and label == "compact"

    def make(runner: Runner, out: Path) -> bytes:
        args = ["state", *_base(capture), *extra]
        if map_out:
            args += ["--map-out", "OUT/map.bin"]
        result = runner.run(args, out=out)
        golden = Golden()
        golden.command(result)
        golden.text("stdout", result.stdout)
        if map_out:
            golden.digest("map.bin", _read(out / "map.bin"))
        return golden.bytes()

    return Case(f"state/{capture.key}/{label}", make)


def export_case(capture: Capture) -> Case:
    def make(runner: Runner, out: Path) -> bytes:
        result = runner.run(["export", *_base(capture), "--out", "OUT/export"], out=out)
        golden = Golden()
        golden.command(result)
        golden.text("stdout", result.stdout)
        root = out / "export"
        files = sorted(p for p in root.rglob("*") if p.is_file()) if root.is_dir() else []
        golden.line(f"=== files ({len(files)}): sha256, bytes, path relative to --out")
        for path in files:
            data = path.read_bytes()
            golden.line(f"{sha256(data)} {len(data):>8} {path.relative_to(root).as_posix()}")
        for name in ("INDEX.txt", "manifest.json", "index.json"):
            golden.text(name, _read(root / name))
        return golden.bytes()

    return Case(f"export/{capture.key}", make, 1.5)


def encode_case(capture: Capture, fmt: str, raw: bool, lines: int | None = None) -> Case:
    """``decode --format jsonl [--raw] | encode - --out encoded.FMT`` (with ``lines``, only
    the first lines of the decode go through: ``decode | head -n LINES | encode``)."""
    label = f"{'raw-' if raw else ''}{fmt}" + (f"-first-{lines}" if lines else "")
    cost = 8.0 if capture.protocol == "diep" and not lines else 2.0

    def make(runner: Runner, out: Path) -> bytes:
        decoded = runner.shared(_decode_args(capture, "--format", "jsonl", *(["--raw"] if raw else [])))
        events = decoded.stdout
        source = "the standard output of the command above"
        if lines:
            events = b"".join(events.splitlines(keepends=True)[:lines])
            source = f"the first {lines} lines of {source}"
        target = f"OUT/encoded.{fmt}"
        result = runner.run(["encode", "-", "-p", capture.protocol, "--out", target],
                            out=out, stdin=events)
        golden = Golden()
        golden.command(decoded)
        golden.command(result, stdin=source)
        golden.text("stdout", result.stdout)
        data = _read(out / target[4:])
        golden.digest(target, data)
        if fmt == "jsonl":
            golden.text(target, data)
        return golden.bytes()

    return Case(f"encode/{capture.key}/{label}", make, cost)


def convert_case(capture: Capture, fmt: str, full_text: bool = False) -> Case:
    def make(runner: Runner, out: Path) -> bytes:
        target = f"OUT/converted.{fmt}"
        result = runner.run(["convert", *_base(capture), "--to", fmt, "--out", target], out=out)
        golden = Golden()
        golden.command(result)
        golden.text("stdout", result.stdout)
        data = _read(out / target[4:])
        golden.digest(target, data)
        if full_text:
            golden.text(target, data)
        return golden.bytes()

    return Case(f"convert/{capture.key}/{fmt}", make, 0.8)


def batch_case(protocol: str, captures: Sequence[Capture]) -> Case:
    # One call per protocol: the options some captures need (the MME session's --server)
    # pass for all (a JSON Lines capture has no server to find).
    found = sorted({c.options for c in captures if c.options})
    assert len(found) <= 1, f"{protocol}: captures need different options {found}"
    options = list(found[0]) if found else []

    def make(runner: Runner, out: Path) -> bytes:
        args = ["batch", *(c.path for c in captures), "-p", protocol, *options,
                "--out", "OUT/dataset", "--workers", "1"]
        result = runner.run(args, out=out)
        golden = Golden()
        golden.command(result)
        golden.text("stdout", result.stdout)
        golden.parts.append(dataset_text(out / "dataset", {
            # Normalised: the dataset records each capture's path as given (the `path`
            # of `captures` rows); the checkout's location is replaced.
            str(REPO): "$REPO",
            os.path.realpath(REPO): "$REPO",
            str(out / "dataset"): "$DATASET",
            os.path.realpath(out / "dataset"): "$DATASET",
        }))
        return golden.bytes()

    return Case(f"batch/{protocol}", make, 6.0)


def _read(path: Path) -> bytes:
    """A file the command should have written; its absence is recorded, not raised."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b"(file not written)\n"


def _encode_lines(capture: Capture, fmt: str, raw: bool = False) -> int | None:
    """diep.io encoding is slow (about 40 ms a packet, five times its decoding): its whole
    readable decode is encoded once, to JSON Lines; the other formats (whose records the
    same code makes) and the raw decode (the second half of the readable path: readable
    JSON is turned into the raw form, then encoded) take the first lines."""
    if capture.protocol != "diep" or (fmt == "jsonl" and not raw):
        return None
    return DIEP_ENCODE_LINES


def all_cases() -> list[Case]:
    cases: list[Case] = []
    for cap in GAME_CAPTURES:
        slow = 2.0 if cap.protocol == "diep" else 1.2
        fields = [x for name in cap.fields for x in ("-e", name)]
        cases += [
            decode_case(cap, "jsonl", ["--format", "jsonl"], slow),
            decode_case(cap, "jsonl-raw", ["--format", "jsonl", "--raw"], slow),
            decode_case(cap, "jsonl-big-ints-string", ["--format", "jsonl", "--big-ints", "string"], slow),
            decode_case(cap, "summary", ["--format", "summary"], slow),
            decode_case(cap, f"tree-upto-{TREE_UPTO}", ["--format", "tree", "--upto", TREE_UPTO], slow),
            decode_case(cap, "fields", ["--format", "fields", *fields], slow),
        ]
    # Two processes (parallel decoding): the same bytes as one; Scrap Mechanic has the
    # most in-order work (decompression, delta reconstruction) between them.
    sm = GAME_CAPTURES[0]
    cases.append(decode_case(sm, "jsonl-jobs-2", ["--format", "jsonl", "--jobs", "2"], 4.0))
    for cap in LOOPBACK_CAPTURES:
        cases += [
            decode_case(cap, "jsonl", ["--format", "jsonl"], 0.8),
            convert_case(cap, "jsonl", full_text=True),
        ]
        if cap.path.endswith(("any_sll.pcap", "lo_crafted.pcap")):  # every kind of error event
            cases.append(decode_case(cap, "summary", ["--format", "summary"], 0.8))
    # The crafted capture's second connection has no handshake: named with --server, it is read.
    crafted = next(c for c in LOOPBACK_CAPTURES if c.path.endswith("lo_crafted.pcap"))
    cases.append(decode_case(crafted, "jsonl-server-47320", ["--format", "jsonl", "--server", "47320"], 0.8))
    for cap in GAME_CAPTURES:
        full = cap.every_variant
        cases += [
            state_case(cap, "default", []),
            *([state_case(cap, "compact", ["--compact"]),
               state_case(cap, f"upto-{STATE_UPTO}", ["--upto", STATE_UPTO])] if full else []),
            export_case(cap),
            *(encode_case(cap, fmt, raw=False, lines=_encode_lines(cap, fmt))
              for fmt in (ENCODE_FORMATS if full else ("jsonl",))),
            *(encode_case(cap, fmt, raw=True, lines=_encode_lines(cap, fmt, raw=True))
              for fmt in (ENCODE_RAW_FORMATS if full else ())),
            *(convert_case(cap, fmt, full_text=not full)
              for fmt in (CONVERT_FORMATS if full else ("jsonl",))),
        ]
    for protocol in ("scrap-mechanic", "mme", "diep"):
        cases.append(batch_case(protocol, [c for c in GAME_CAPTURES if c.protocol == protocol]))
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"
    return cases


def run_cases(cases: Iterable[Case], tmp: Path, jobs: int | None = None,
              done: Callable[[Case, bytes | BaseException], None] | None = None,
              ) -> dict[str, bytes | BaseException]:
    """Every case's golden bytes (or the exception it raised), the slow ones started
    first, ``jobs`` at a time (default: one per core)."""
    runner = Runner(tmp)
    order = sorted(cases, key=lambda c: -c.cost)
    jobs = jobs or max(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                       else (os.cpu_count() or 2))
    results: dict[str, bytes | BaseException] = {}

    def one(case: Case) -> None:
        try:
            value: bytes | BaseException = case.make(runner, runner.out_dir(case.name))
            # Nothing machine-specific may be recorded: outputs name captures by the
            # relative paths given (batch output is normalised where it records paths).
            for place in (runner.tmp, REPO):
                if str(place).encode() + b"/" in value:
                    raise AssertionError(f"{case.name}: the output names the folder {place}")
        except Exception as exc:  # reported per case
            value = exc
        results[case.name] = value
        if done is not None:
            done(case, value)

    with ThreadPoolExecutor(jobs) as pool:
        for future in [pool.submit(one, case) for case in order]:
            future.result()
    return results


# ----------------------------------------------------------------------------- datasets


def dataset_text(root: Path, replace: dict[str, str]) -> bytes:
    """A ``wirestruct batch`` dataset as text: the files at its root, its tables, and per
    table the schema (column names, Arrow types, nullability) and every row as canonical
    JSON, read with ``wirestruct.dataset.open`` (``write_id``, a fresh name per write, left
    out), rows sorted by their values column by column (the Parquet bytes and the Delta
    logs carry writer metadata and times, and are not compared). Strings are taken through
    ``replace`` (longest key first)."""
    from wirestruct import dataset

    golden = Golden(header=False)
    files = sorted(p.name for p in root.iterdir() if p.is_file()) if root.is_dir() else []
    golden.line(f"=== dataset files ({len(files)})")
    for name in files:
        golden.line(name)
    keys = sorted(replace, key=len, reverse=True)

    def fix(text: str) -> str:
        for key in keys:
            text = text.replace(key, replace[key])
        return text

    data = dataset.open(root) if files else None
    for table in data.names if data is not None else []:
        arrow = data.arrow(table)
        golden.line(f"=== {table}: schema")
        for f in arrow.schema:
            golden.line(f"{f.name}: {f.type}{'' if f.nullable else ' not null'}")
        columns = [_column_values(arrow.column(i)) for i in range(arrow.num_columns)]
        names = arrow.schema.names
        rows = [[(names[c], fix_value(columns[c][r], fix)) for c in range(len(names))]
                for r in range(arrow.num_rows)]
        rows.sort(key=lambda row: [_sort_key(v) for _, v in row])
        golden.line(f"=== {table}: {len(rows)} rows")
        for row in rows:
            golden.line(json.dumps(dict(row), ensure_ascii=False, separators=(",", ":")))
    return golden.bytes()


def _column_values(column: Any) -> list[Any]:
    """A column's values, exactly: dictionaries decoded, times as their integer counts
    (the unit is in the schema), decimals as text, bytes as hex; floats stay floats
    (``json`` writes the shortest text that reads back as the same double)."""
    import pyarrow as pa

    kind = column.type
    if pa.types.is_dictionary(kind):
        column = column.cast(kind.value_type)
        kind = kind.value_type
    if pa.types.is_temporal(kind):
        column = column.cast(pa.int64())
    return [_jsonable(v) for v in column.to_pylist()]


def _jsonable(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return {"hex": bytes(value).hex()}
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)  # decimals and nested times: their exact text


def fix_value(value: Any, fix: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return fix(value)
    if isinstance(value, dict):
        return {k: fix_value(v, fix) for k, v in value.items()}
    if isinstance(value, list):
        return [fix_value(v, fix) for v in value]
    return value


def _sort_key(value: Any) -> tuple[int, Any]:
    if value is None:
        return (0, 0)
    if isinstance(value, (bool, int, float)):
        return (2, 0) if value != value else (1, value)  # NaN after numbers
    if isinstance(value, str):
        return (3, value)
    return (4, json.dumps(value, sort_keys=True))


# ----------------------------------------------------------------------------- files


def golden_paths(name: str) -> tuple[Path, Path]:
    """The plain and the compressed file a case may be stored in."""
    return DATA / f"{name}.txt", DATA / f"{name}.txt.xz"


def read_golden(name: str) -> bytes | None:
    plain, packed = golden_paths(name)
    if plain.exists() and packed.exists():
        raise AssertionError(f"{name}: both {plain.name} and {packed.name} exist")
    if packed.exists():
        return lzma.decompress(packed.read_bytes())
    if plain.exists():
        return plain.read_bytes()
    return None


def write_golden(name: str, data: bytes) -> bool:
    """Store ``data`` (compressed above ``COMPRESS_ABOVE``); a file that already holds
    it is left untouched, so regenerating on another machine (another xz build) changes
    nothing. Returns whether a file was written."""
    plain, packed = golden_paths(name)
    keep, drop = (packed, plain) if len(data) > COMPRESS_ABOVE else (plain, packed)
    if keep.exists() and not drop.exists() and read_golden(name) == data:
        return False
    keep.parent.mkdir(parents=True, exist_ok=True)
    if keep is packed:
        keep.write_bytes(lzma.compress(data, preset=9))
    else:
        keep.write_bytes(data)
    drop.unlink(missing_ok=True)
    return True


def stored_names() -> set[str]:
    names = set()
    for path in DATA.rglob("*.txt*"):
        rel = path.relative_to(DATA).as_posix()
        names.add(rel.removesuffix(".xz").removesuffix(".txt"))
    return names


DIFF_LINES = 60  # lines of change shown for one golden file
DIFF_WIDTH = 300  # characters of one shown line
CONTEXT_WIDTH = 120  # characters of an unchanged line shown around a change


def describe_difference(case: Case | str, expected: bytes | None, actual: bytes) -> str:
    """Which case changed, where its first difference is, and what changed (``changes``),
    for a maintainer to see what a regeneration would write."""
    name = case if isinstance(case, str) else case.name
    if expected is None:
        return f"{name}: no golden file (run python tests/golden/make_golden.py)"
    old, new = expected.split(b"\n"), actual.split(b"\n")
    line = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    before = range(min(line, len(old) - 1), -1, -1)
    section = next((old[i] for i in before if old[i].startswith((b"=== ", b"$ "))), b"")
    command = next((old[i] for i in before if old[i].startswith(b"$ ")), b"")
    return (f"golden output changed: {name}\n"
            f"  {command.decode('utf-8', 'replace')}\n"
            f"  first difference at line {line + 1}"
            f" (golden: {len(old)} lines, now: {len(new)}),"
            f" in section: {section.decode('utf-8', 'replace')}\n"
            + changes(expected, actual))


def changes(old: bytes, new: bytes, limit: int = DIFF_LINES) -> str:
    """What changed from ``old`` to ``new`` (golden files, decompressed), at most ``limit``
    lines: a unified diff of the lines, in which a JSON line changed in place is shown
    as the paths of its fields that changed (``- path: old`` / ``+ path: new``) rather
    than as two long lines."""
    import difflib

    a = old.decode("utf-8", "replace").split("\n")
    b = new.decode("utf-8", "replace").split("\n")
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for group in matcher.get_grouped_opcodes(1):
        first, last = group[0], group[-1]
        out.append(f"@@ -{first[1] + 1},{last[2] - first[1]} +{first[3] + 1},{last[4] - first[3]} @@")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [" " + _clip(x, CONTEXT_WIDTH) for x in a[i1:i2]]
                continue
            if tag == "replace" and i2 - i1 == j2 - j1:
                for n, (x, y) in enumerate(zip(a[i1:i2], b[j1:j2])):
                    paths = _json_changes(x, y)
                    if paths is None:
                        out += ["-" + _clip(x), "+" + _clip(y)]
                    else:
                        out.append(f"~ line {i1 + n + 1} (now {j1 + n + 1}), fields changed:")
                        out += paths
                continue
            out += ["-" + _clip(x) for x in a[i1:i2]]
            out += ["+" + _clip(y) for y in b[j1:j2]]
    if not out:
        return "  (no line differs)"
    shown = out[:limit]
    if len(out) > limit:
        shown.append(f"... {len(out) - limit} more lines of change")
    return "\n".join("  " + x for x in shown)


def _clip(text: str, width: int = DIFF_WIDTH) -> str:
    return text if len(text) <= width else text[:width] + f"... ({len(text)} characters)"


def _json_changes(old: str, new: str) -> list[str] | None:
    """The changed field paths of two JSON lines, or None when either is not JSON."""
    try:
        a, b = json.loads(old), json.loads(new)
    except ValueError:
        return None
    found: list[str] = []

    def walk(x: Any, y: Any, path: str) -> None:
        if isinstance(x, dict) and isinstance(y, dict):
            for key in list(x) + [k for k in y if k not in x]:
                walk(x.get(key, _ABSENT), y.get(key, _ABSENT), f"{path}.{key}" if path else key)
        elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            for n, (p, q) in enumerate(zip(x, y)):
                walk(p, q, f"{path}[{n}]")
        elif x != y or type(x) is not type(y):
            found.append(f"-   {path or '.'}: {_clip(_shown(x))}")
            found.append(f"+   {path or '.'}: {_clip(_shown(y))}")

    walk(a, b, "")
    return found


_ABSENT = object()


def _shown(value: Any) -> str:
    return "(absent)" if value is _ABSENT else json.dumps(value, ensure_ascii=False)
