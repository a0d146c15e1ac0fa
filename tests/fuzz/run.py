"""Run a fuzz target with atheris/libFuzzer and summarise what it found.

    python tests/fuzz/run.py TARGET [TARGET ...] [--runs N] [--max-time S] [--jobs J]
    python tests/fuzz/run.py campaign [TARGET ...] [--runs 1000000] [--jobs N]
    python tests/fuzz/run.py report [--fail-stale]
    python tests/fuzz/run.py smoke [TARGET ...] [--runs 300] [--fail-stale]
    python tests/fuzz/run.py mme --replay FILE [FILE ...]

Each target starts from its seeds (``tests/fuzz/seeds/<target>/``, written by
``make_seeds.py``; not the regression inputs, which pytest replays) and its committed
corpus (``tests/fuzz/corpus/<target>/``, the working corpus: new inputs go there), with
the libFuzzer dictionary ``tests/fuzz/dicts/<target>.dict`` when there is one. Every input
runs under libFuzzer's ``-rss_limit_mb`` and ``-timeout``; crashing, hanging and
memory-hungry inputs are written to ``tests/fuzz/findings/<target>/`` (``crash-*``,
``timeout-*``, ``oom-*``), then replayed one by one in a child process to print the
exception type, message and top frames. The summary gives executions, executions/s,
libFuzzer's coverage figures (``cov:`` edges, ``ft:`` features) and the findings; the full
libFuzzer log is ``tests/fuzz/work/<target>/fuzz.log``. Copy a finding worth keeping into
``tests/fuzz/regressions/<target>/`` (``tests/test_fuzz_regressions.py`` replays them).

``campaign`` resumes the campaign recorded in ``tests/fuzz/campaign_log.jsonl`` and the
state derived from it, ``tests/fuzz/campaign.json`` (``campaign_state.py``): the targets
take turns, one libFuzzer session of ``--session`` seconds each, from their committed
corpus, until each target's executions on the code it reaches now (``reach.py``: its
files and their hashes, found by running it) reach ``--runs`` (default 1,000,000; a
target whose code hash changed starts again from what the log holds for the new hash).
After each session the corpus is minimised (``-merge=1``: only inputs adding coverage
beyond the seeds stay), the session's line is appended to the log (target, commit, code
hash, executions, seconds, exec/s, ``cov``, ``ft``, corpus size, peak RSS, findings) and
the state derived again. The state is also saved at libFuzzer's progress lines (at most
once a minute); Ctrl-C or SIGTERM stops libFuzzer, counts what it did, logs and saves. A
finding is replayed alone and its input kept in the repository: one that fails again is
real, kept under ``open_findings/<target>/``, stops that target (listed under
``findings``; the target resumes once it no longer fails), one that replays clean (a
timeout or memory peak of a loaded machine) is kept under ``regressions/<target>/``
(replayed by the tests), listed under ``unconfirmed``, and the target goes on. ``--jobs
N`` runs N targets at a time. ``report`` prints the state as a table and marks each target
fresh (``--runs`` executions on code whose recorded files are unchanged, no finding
open) or stale (why: the files that changed, the code not recorded, executions to go);
``--fail-stale`` exits 1 on a stale one. ``smoke`` runs every target ``--runs`` times
(default 300) from its seeds, on the code it reaches now, and prints the stale ones: it
fails on a finding or a target that does not run (and with ``--fail-stale`` on a stale
one).

The Lua targets ``lua_mme``, ``lua_scrap_mechanic`` and ``lua_diep`` fuzz the Wireshark
dissectors (``tests/fuzz/lua/``: the real plugin under a standalone Lua 5.2 on the
stand-in for Wireshark's API, inputs mutated from the Python target's corpus and the
hostile-message inputs, without coverage guidance). They take the same commands; their
campaign sessions are Lua runs of ``--session`` seconds, their state the same figures
(``cov``/``ft`` none, ``corpus`` the seeds, peak RSS the Lua process's), and a finding is
confirmed by replaying it alone.

``--keep-going`` starts libFuzzer again after a finding (crash, timeout, out of memory)
until the budget is spent. ``--jobs J`` (J > 1) uses libFuzzer's fork mode with J worker
processes instead, which also goes on after findings (each worker restart costs a few
seconds of start-up, so it pays off on long runs only). Options after ``--`` go to
libFuzzer unchanged (e.g. ``-- -max_len=65536``).
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import campaign_state as cs  # noqa: E402
import reach  # noqa: E402

#: The Wireshark dissectors' targets (tests/fuzz/lua/lua_fuzz.py), run by a Lua driver.
LUA_TARGETS = ("lua_diep", "lua_mme", "lua_scrap_mechanic")
TARGETS = sorted([p.stem[len("fuzz_"):] for p in HERE.glob("fuzz_*.py")] + list(LUA_TARGETS))
WORK = HERE / "work"
FINDINGS = HERE / "findings"
SEEDS = HERE / "seeds"
#: The committed working corpus of each target (minimised with ``-merge=1``).
CORPUS = HERE / "corpus"
#: The committed campaign state (``campaign``, ``report``), derived from its log.
CAMPAIGN = cs.CAMPAIGN
#: Where an input that once failed and no longer does is kept (replayed by the tests), and
#: where a real finding is kept until it is fixed.
REGRESSIONS = HERE / "regressions"
OPEN_FINDINGS = HERE / "open_findings"
FINDING_PREFIXES = ("crash-", "timeout-", "oom-", "leak-", "slow-unit-")

_PROGRESS = re.compile(r"^#(\d+):?\s.*?cov: (\d+) ft: (\d+)")
_RATE = re.compile(r"exec/s: (\d+)")

#: Default ``-max_len`` per target (bytes): most findings show in small inputs, and an
#: execution's cost grows with its size. Longer seeds are cut to it on loading; give
#: ``-- -max_len=N`` to fuzz longer inputs.
MAX_LEN = {"scrap_mechanic": 4096, "diep": 4096, "mme": 4096, "jsonl": 4096,
           "pcap": 8192, "pcapng": 8192, "wscap": 4096, "encode": 4096, "batch": 4096,
           "diep_updates": 4096, "websocket": 8192,
           "proxy": 4096}
_STAT = re.compile(r"^stat::(\w+):\s+(\d+)")


@dataclass
class Summary:
    target: str
    executions: int = 0
    seconds: float = 0.0
    cov: int | None = None
    ft: int | None = None
    libfuzzer_rate: int | None = None       #: libFuzzer's last exec/s (start-up excluded)
    peak_rss_mb: int | None = None
    corpus: int = 0
    exit_code: int = 0
    findings: list[Path] = field(default_factory=list)
    interrupted: bool = False

    def lines(self) -> list[str]:
        rate = self.executions / self.seconds if self.seconds else 0.0
        head = (f"{self.target}: {self.executions} executions in {self.seconds:.0f} s "
                f"({rate:.0f} exec/s start-up included, {self.libfuzzer_rate} exec/s "
                f"fuzzing), cov {self.cov} ft {self.ft}, "
                f"corpus {self.corpus} inputs, peak RSS {self.peak_rss_mb} MB, "
                f"libFuzzer exit {self.exit_code}, {len(self.findings)} finding(s)")
        out = [head]
        for path in self.findings:
            out.append(f"  {path}")
        return out


def libfuzzer_args(args: argparse.Namespace, target: str, runs: int | None,
                   seconds: int | None) -> list[str]:
    findings = FINDINGS / target
    findings.mkdir(parents=True, exist_ok=True)
    flags = [f"-rss_limit_mb={args.rss_mb}", f"-timeout={args.timeout}",
             f"-artifact_prefix={findings}{os.sep}", "-print_final_stats=1"]
    if not any(flag.startswith("-max_len=") for flag in args.libfuzzer):
        flags.append(f"-max_len={MAX_LEN.get(target, 4096)}")
    if runs is not None:
        flags.append(f"-runs={runs}")
    if seconds is not None:
        flags.append(f"-max_total_time={seconds}")
    dictionary = HERE / "dicts" / f"{target}.dict"
    if dictionary.is_file():
        flags.append(f"-dict={dictionary}")
    if args.jobs > 1:
        flags += [f"-fork={args.jobs}", "-ignore_crashes=1", "-ignore_timeouts=1",
                  "-ignore_ooms=1"]
    return flags


def corpus_dirs(target: str) -> list[str]:
    work = CORPUS / target
    work.mkdir(parents=True, exist_ok=True)
    dirs = [str(work)]
    # not the regression inputs: one that still fails would stop every run at start-up
    # (tests/test_fuzz_regressions.py replays them)
    seeds = SEEDS / target
    if seeds.is_dir() and any(seeds.iterdir()):
        dirs.append(str(seeds))
    return dirs


def wrapper(target: str) -> Path:
    """An executable that runs the target's entry point with this Python: libFuzzer's fork
    mode starts its workers by re-running argv[0], which must be executable."""
    path = WORK / target / f"fuzz_{target}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\nWIRESTRUCT_FUZZ_ARGV0=\"$0\" exec "
                    f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / f'fuzz_{target}.py'))}"
                    ' "$@"\n')
    path.chmod(0o755)
    return path


def _lua():
    """tests/fuzz/lua/lua_fuzz.py, imported."""
    folder = str(HERE / "lua")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import lua_fuzz
    return lua_fuzz


def run_lua_target(args: argparse.Namespace, target: str) -> Summary:
    """``--runs`` inputs (or ``--max-time`` seconds) of a Lua target, in one Lua process."""
    lua_fuzz = _lua()
    before = set(_findings(target))
    result = lua_fuzz.fuzz(target, args.runs or 10**9, max_time=args.max_time or 0)
    summary = Summary(target, executions=result.executions, seconds=result.wall,
                      libfuzzer_rate=round(result.exec_per_s),
                      peak_rss_mb=round(result.vmhwm_kb / 1024), corpus=len(lua_fuzz.fuzz_seeds(target)),
                      exit_code=result.exit_code)
    summary.findings = sorted(set(_findings(target)) - before)
    return summary


def run_target(args: argparse.Namespace, target: str) -> Summary:
    """Fuzz ``target`` until its budget (``--runs``, ``--max-time``) is spent. With
    ``--keep-going`` a run that stopped on a finding is started again (from the grown
    corpus) with what is left of the budget."""
    if target in LUA_TARGETS:
        return run_lua_target(args, target)
    before = set(_findings(target))
    summary = Summary(target)
    started = time.monotonic()
    log_path = WORK / target / "fuzz.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "w") as log:
        while True:
            runs = None if args.runs is None else args.runs - summary.executions
            seconds = None if args.max_time is None else int(
                args.max_time - (time.monotonic() - started))
            if (runs is not None and runs <= 0) or (seconds is not None and seconds <= 0):
                break
            found = len(_findings(target))
            executions = run_once(args, target, runs, seconds, log, summary)
            summary.executions += executions
            if not (args.keep_going and summary.exit_code != 0
                    and len(_findings(target)) > found and executions > 0):
                break
    summary.seconds = time.monotonic() - started
    summary.corpus = sum(1 for _ in (CORPUS / target).iterdir())
    summary.findings = sorted(set(_findings(target)) - before)
    return summary


def run_once(args: argparse.Namespace, target: str, runs: int | None,
             seconds: int | None, log, summary: Summary,
             progress: Callable[[int], None] | None = None) -> int:
    """One libFuzzer process; updates ``summary``'s coverage figures and returns the
    executions it made. ``progress`` is called with the executions so far at each of
    libFuzzer's progress lines. Interrupted (Ctrl-C, or SIGTERM raised as
    KeyboardInterrupt), libFuzzer is stopped and what it did so far is counted and
    ``summary.interrupted`` set."""
    command = [str(wrapper(target)), *libfuzzer_args(args, target, runs, seconds),
               *args.libfuzzer, *corpus_dirs(target)]
    print("$", " ".join(command), file=sys.stderr, flush=True)
    log.write("$ " + " ".join(command) + "\n")
    executions = 0
    stats: dict[str, int] = {}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace", cwd=HERE.parent.parent,
                               start_new_session=True)
    assert process.stdout is not None

    def read(line: str) -> None:
        nonlocal executions
        log.write(line)
        if args.verbose:
            sys.stderr.write(line)
        match = _PROGRESS.match(line)
        if match:
            executions = int(match.group(1))
            summary.cov, summary.ft = int(match.group(2)), int(match.group(3))
            rate = _RATE.search(line)
            if rate:
                summary.libfuzzer_rate = int(rate.group(1))
            if progress is not None:
                progress(executions)
        stat = _STAT.match(line)
        if stat:
            stats[stat.group(1)] = int(stat.group(2))

    try:
        for line in process.stdout:
            read(line)
    except KeyboardInterrupt:
        # libFuzzer runs in its own session (a Ctrl-C reaches only this process): stop it
        # and read its last lines, which give the final counts
        summary.interrupted = True
        process.terminate()
        try:
            for line in process.stdout:
                read(line)
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    summary.exit_code = process.wait()
    log.flush()
    if "peak_rss_mb" in stats:
        summary.peak_rss_mb = max(summary.peak_rss_mb or 0, stats["peak_rss_mb"])
    return max(executions, stats.get("number_of_executed_units", 0))


def _findings(target: str) -> list[Path]:
    folder = FINDINGS / target
    if not folder.is_dir():
        return []
    return [p for p in folder.iterdir() if p.name.startswith(FINDING_PREFIXES)
            and p.suffix != ".txt"]


_REPLAY = """
import resource, sys, traceback
sys.path.insert(0, {here!r})
limit = {rss_mb} * 4 * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
import harness
data = open({path!r}, "rb").read()
try:
    harness.TARGETS[{target!r}](data)
except BaseException as error:
    frames = traceback.extract_tb(error.__traceback__)
    print(f"{{type(error).__module__}}.{{type(error).__qualname__}}: {{error}}"[:600])
    for frame in frames[-{frames}:]:
        print(f"    {{frame.filename}}:{{frame.lineno}} in {{frame.name}}")
    sys.exit(1)
print("no finding: only wirestruct errors came out")
"""


def replay(target: str, path: Path, *, timeout: int, rss_mb: int, frames: int = 6) -> str:
    """Run one input through the target in a child process (address space capped at four
    times the RSS cap); return what came out."""
    if target in LUA_TARGETS:
        result = _lua().replay(target, [path])
        if not result.findings:
            return "no finding: the dissector kept every property"
        return "\n".join(f"{f.kind}: {f.message}"[:1500] for f in result.findings)
    code = _REPLAY.format(here=str(HERE), rss_mb=rss_mb, path=str(path), target=target,
                          frames=frames)
    try:
        done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                              text=True, timeout=timeout, cwd=HERE.parent.parent)
    except subprocess.TimeoutExpired:
        return f"no result within {timeout} s (a hang, or slow)"
    text = done.stdout.strip() or done.stderr.strip()[-1500:]
    return text


# -- the campaign: every target to N executions, resumable ---------------------------------

#: The figures the campaign state keeps per target.
STATE_FIELDS = cs.FIGURES


def load_state() -> dict:
    state = cs.load()
    state.setdefault("runs", cs.RUNS)
    state.setdefault("targets", {})
    for target in TARGETS:
        entry = state["targets"].setdefault(target, cs.empty())
        for name, value in cs.empty().items():
            entry.setdefault(name, value)
    return state


def save_state(state: dict, targets: list[str]) -> None:
    """Write ``targets``' entries (and the goal) into the state file, leaving the other
    targets' entries as they are there (parallel campaigns write their own)."""
    with cs.locked():
        current = load_state()
        current["runs"] = state["runs"]
        for target in targets:
            current["targets"][target] = state["targets"][target]
        cs.save(current)


def corpus_figures(target: str) -> tuple[int, int]:
    files = [p for p in (CORPUS / target).iterdir() if p.is_file()] if (CORPUS / target).is_dir() else []
    return len(files), round(sum(p.stat().st_size for p in files) / 1024)


def minimise(args: argparse.Namespace, target: str) -> None:
    """Minimise the target's committed corpus with libFuzzer's ``-merge=1``: the inputs
    that add coverage beyond the seeds and each other, the smallest first."""
    corpus = CORPUS / target
    if not corpus.is_dir() or not any(corpus.iterdir()):
        return
    scratch = WORK / target / "merge"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    seeds = SEEDS / target
    seed_names = {p.name for p in seeds.iterdir()} if seeds.is_dir() else set()
    for path in seeds.iterdir() if seeds.is_dir() else ():
        shutil.copyfile(path, scratch / path.name)
    control = WORK / target / "merge.control"    # one of an earlier merge would be misread
    control.unlink(missing_ok=True)
    command = [str(wrapper(target)), "-merge=1", f"-rss_limit_mb={args.rss_mb}",
               f"-timeout={args.timeout}", f"-max_len={MAX_LEN.get(target, 4096)}",
               f"-merge_control_file={control}",
               str(scratch), str(corpus)]
    with open(WORK / target / "merge.log", "w") as log:
        done = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT,
                              cwd=HERE.parent.parent, check=False)
    if done.returncode != 0:
        print(f"{target}: merge failed (exit {done.returncode}, see "
              f"{WORK / target / 'merge.log'}); corpus left as it is", file=sys.stderr)
        return
    kept = {p.name for p in scratch.iterdir()} - seed_names
    for path in corpus.iterdir():
        if path.name not in kept:
            path.unlink()
    for name in kept:
        if not (corpus / name).exists():
            shutil.copyfile(scratch / name, corpus / name)
    shutil.rmtree(scratch, ignore_errors=True)


def confirm(args: argparse.Namespace, target: str, path: Path) -> tuple[bool, str]:
    """Whether a finding is real: replayed alone in a child process, it fails again (an
    exception, a hang past ``--timeout``). One that replays clean (a timeout or memory
    peak of a loaded machine) is not."""
    result = replay(target, path, timeout=args.timeout * 3, rss_mb=args.rss_mb)
    return not result.startswith("no finding"), result


def code_of(target: str) -> dict:
    """The code ``target`` reaches now: ``{"hash": ..., "files": {path: hash}}``."""
    files = reach.reach(target)
    return {"hash": reach.code_hash(files), "files": files}


def on_code(state: dict, target: str, code: dict) -> dict:
    """``target``'s entry for ``code``: the one in the state when it ran on that code, else
    its figures on it from the log (the count restarts: executions count for one code
    hash only)."""
    entry = state["targets"][target]
    if (entry.get("code") or {}).get("hash") != code["hash"]:
        entry = cs.figures(cs.read_log(), target, code["hash"])
        print(f"{target}: code {code['hash']} ({len(code['files'])} files), "
              f"{entry['executions']:,} executions on it so far", flush=True)
    entry["code"] = code
    state["targets"][target] = entry
    return entry


def campaign_start(args: argparse.Namespace, state: dict, target: str) -> bool:
    """Whether ``target`` has executions to go on the code it reaches now and no real
    finding stops it (one that no longer fails, fixed, is dropped from the list); its
    corpus is minimised first (an interrupted session leaves it as libFuzzer grew it)."""
    try:
        code = code_of(target)
    except RuntimeError as error:               # the target fails on its own seeds
        print(f"{target}: not started: {error}", flush=True)
        return False
    entry = on_code(state, target, code)
    still = []
    for name in entry["findings"]:
        path = FINDINGS / target / name
        if not path.is_file():
            path = OPEN_FINDINGS / target / name
        if path.is_file() and confirm(args, target, path)[0]:
            still.append(name)
    entry["findings"] = still
    save_state(state, [target])
    if still:
        print(f"{target}: stopped by {len(still)} finding(s): {', '.join(still)}", flush=True)
        return False
    if entry["executions"] >= state["runs"]:
        return False
    if target not in LUA_TARGETS:
        minimise(args, target)
    return True


def keep_finding(target: str, path: Path, confirmed: bool) -> Path:
    """A finding's input kept in the repository: under ``open_findings/<target>/`` while it
    fails, under ``regressions/<target>/`` (replayed by the tests) when it did not fail
    again."""
    folder = (OPEN_FINDINGS if confirmed else REGRESSIONS) / target
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, folder / path.name)
    return folder / path.name


def log_session(state: dict, target: str, executions: int, seconds: float,
                summary: Summary, unconfirmed: list[str]) -> None:
    """The session's line in the campaign log; the target's entry derived again from it."""
    entry = state["targets"][target]
    line = {"target": target, "date": cs.today(), "commit": cs.commit(),
            "code": entry["code"]["hash"], "executions": executions, "seconds": round(seconds),
            "exec_per_s": round(executions / seconds) if seconds else None,
            "cov": summary.cov, "ft": summary.ft, "corpus": entry["corpus"],
            "corpus_kb": entry["corpus_kb"], "peak_rss_mb": summary.peak_rss_mb,
            "findings": entry["findings"], "unconfirmed": unconfirmed}
    with cs.locked():
        cs.append_log(line)
    derived = cs.figures(cs.read_log(), target, entry["code"]["hash"])
    derived["code"] = entry["code"]
    state["targets"][target] = derived
    save_state(state, [target])


def campaign_session(args: argparse.Namespace, state: dict, target: str) -> bool:
    """One libFuzzer session of ``target`` (at most ``--session`` seconds, at most the
    executions it has to go), from its committed corpus; the state is saved at the
    progress lines (at most once a minute) and after the session, once the corpus is
    minimised. The session's line goes to the campaign log and the target's entry is
    derived again from it; a finding that fails again is kept under
    ``open_findings/<target>/``, one that does not under ``regressions/<target>/``.
    Returns whether the target goes on (not done, not stopped by a real finding); raises
    KeyboardInterrupt, after saving, when interrupted."""
    entry = state["targets"][target]
    log_path = WORK / target / "campaign.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    remaining = state["runs"] - entry["executions"]
    base, base_seconds = entry["executions"], entry["seconds"]
    before = set(_findings(target))
    summary = Summary(target)
    started = time.monotonic()
    saved = [started]

    def progress(executions: int) -> None:
        entry["executions"] = base + executions
        entry["seconds"] = round(base_seconds + time.monotonic() - started)
        entry["exec_per_s"] = round(entry["executions"] / entry["seconds"]) if entry["seconds"] else None
        entry["cov"], entry["ft"] = summary.cov, summary.ft
        if time.monotonic() - saved[0] > 60:
            save_state(state, [target])
            saved[0] = time.monotonic()

    if target in LUA_TARGETS:
        executions = _lua_session(args, state, target, remaining, summary, progress)
    else:
        with open(log_path, "a") as log:
            executions = run_once(args, target, remaining, args.session, log, summary,
                                  progress)
    entry["executions"] = base + executions
    entry["seconds"] = round(base_seconds + time.monotonic() - started)
    entry["exec_per_s"] = round(entry["executions"] / entry["seconds"]) if entry["seconds"] else None
    entry["cov"], entry["ft"] = summary.cov, summary.ft
    entry["peak_rss_mb"] = max(entry["peak_rss_mb"] or 0, summary.peak_rss_mb or 0) or None
    entry["sessions"] += 1
    if not summary.interrupted and target not in LUA_TARGETS:
        minimise(args, target)
    entry["corpus"], entry["corpus_kb"] = (summary.corpus, entry["corpus_kb"]) \
        if target in LUA_TARGETS else corpus_figures(target)
    elapsed = time.monotonic() - started
    if summary.interrupted:
        log_session(state, target, executions, elapsed, summary, [])
        raise KeyboardInterrupt
    found = sorted(set(_findings(target)) - before)
    real = False
    unconfirmed = []
    for path in found:
        confirmed, result = confirm(args, target, path)
        kept = keep_finding(target, path, confirmed)
        print(f"  {target}: {path.name} (kept as {kept.relative_to(HERE.parent.parent)}):\n    "
              + result.replace("\n", "\n    "), flush=True)
        if confirmed:
            entry["findings"].append(path.name)
            real = True
        else:
            unconfirmed.append(path.name)
    log_session(state, target, executions, elapsed, summary, unconfirmed)
    entry = state["targets"][target]
    print("\n".join(report_lines(state)[:1] + [line for line in report_lines(state)[1:]
                                                if line.split()[0] == target]), flush=True)
    if real:
        print(f"{target}: stopped at {entry['executions']} executions by a finding", flush=True)
        return False
    if executions == 0 and not found:
        print(f"{target}: libFuzzer made no executions (exit {summary.exit_code}); see "
              f"{log_path}", flush=True)
        return False
    return entry["executions"] < state["runs"]


def _lua_session(args: argparse.Namespace, state: dict, target: str, remaining: int,
                 summary: Summary, progress: Callable[[int], None]) -> int:
    """One Lua session of ``target``: at most ``--session`` seconds and ``remaining``
    inputs, seeded by where the campaign is (each session mutates differently)."""
    lua_fuzz = _lua()
    entry = state["targets"][target]
    seed = entry["sessions"] * 1_000_003 + entry["executions"] + 1
    done = [0]

    def counted(executions: int) -> None:
        done[0] = executions
        progress(executions)

    try:
        result = lua_fuzz.fuzz(target, remaining, seed=seed, max_time=args.session,
                               progress=counted)
    except KeyboardInterrupt:
        summary.interrupted = True
        return done[0]
    seeds = lua_fuzz.fuzz_seeds(target)
    summary.corpus = len(seeds)
    entry["corpus_kb"] = round(sum(len(data) for _, data in seeds) / 1024)
    summary.peak_rss_mb = round(result.vmhwm_kb / 1024)
    summary.libfuzzer_rate = round(result.exec_per_s)
    summary.exit_code = result.exit_code
    return result.executions


def freshness(state: dict, target: str, code: dict | None = None) -> tuple[str, str]:
    """(``fresh``, ``stale`` or ``finding``, why) of ``target``: fresh when it made
    ``runs`` executions on the code it reaches now with no finding open. ``code``: that
    code as found by running the target (``code_of``); without it, the recorded files are
    hashed again (a file the target did not reach before is reached now only through a
    change to one it did)."""
    entry = state["targets"][target]
    recorded = entry.get("code") or {}
    if not recorded.get("files"):
        return "stale", "the code it ran on was not recorded"
    changed = reach.changed(recorded["files"])
    if code is not None and code["hash"] != recorded["hash"]:
        changed = sorted(set(changed) | {path for path in set(code["files"]) ^ set(recorded["files"])})
    if changed:
        shown = ", ".join(changed[:8]) + (f" and {len(changed) - 8} more" if len(changed) > 8 else "")
        return "stale", f"{len(changed)} file(s) changed since it ran: {shown}"
    if entry["findings"]:
        return "finding", ", ".join(entry["findings"])
    if entry["executions"] < state["runs"]:
        return "stale", f"{entry['executions']:,} of {state['runs']:,} executions on this code"
    return "fresh", ""


def report_lines(state: dict, status: dict[str, tuple[str, str]] | None = None) -> list[str]:
    """The campaign's table; with ``status`` (target -> :func:`freshness`) a status column
    and, below the table, why each target that is not fresh is not."""
    rows = [("target", "executions", "goal", "seconds", "exec/s", "cov", "ft", "corpus",
             "corpus KB", "peak RSS MB", "findings", "code", "commit")]
    if status is not None:
        rows[0] += ("status",)
    for target in sorted(state["targets"]):
        e = state["targets"][target]
        findings = str(len(e["findings"])) + (f" (+{len(e['unconfirmed'])} not reproduced)"
                                              if e["unconfirmed"] else "") + (
            f" (+{len(e['lost'])} lost)" if e.get("lost") else "")
        row = (target, f"{e['executions']:,}", "done" if e["executions"] >= state["runs"]
               else f"{state['runs']:,}", str(e["seconds"]), str(e["exec_per_s"] or "-"),
               str(e["cov"] or "-"), str(e["ft"] or "-"), str(e["corpus"] or 0),
               str(e["corpus_kb"] or 0), str(e["peak_rss_mb"] or "-"), findings,
               (e.get("code") or {}).get("hash") or "unknown", e.get("commit") or "-")
        if status is not None:
            row += (status[target][0],)
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w)
                       in enumerate(zip(row, widths))) for row in rows]
    for target, (kind, why) in sorted((status or {}).items()):
        if kind != "fresh":
            lines.append(f"{kind}: {target}: {why}")
    return lines


def report(args: argparse.Namespace, targets: list[str]) -> int:
    state = load_state()
    state["targets"] = {t: state["targets"][t] for t in targets}
    status = {target: freshness(state, target) for target in targets}
    print("\n".join(report_lines(state, status)))
    stale = [t for t in targets if status[t][0] != "fresh"]
    print(f"{len(targets) - len(stale)} of {len(targets)} target(s) fresh"
          + (f"; not fresh: {', '.join(stale)}" if stale else ""))
    return 1 if args.fail_stale and stale else 0


# -- the smoke pass: every target briefly, on the code it reaches now ----------------------
#: Executions of each target in the smoke pass, and the most seeds it starts from (spread
#: over the target's seeds: loading every seed costs more than the executions).
SMOKE_RUNS = 300
SMOKE_SEEDS = 16


def smoke_python(args: argparse.Namespace, target: str, runs: int) -> tuple[int, list[Path], str]:
    """``runs`` executions of a Python target from :data:`SMOKE_SEEDS` of its seeds (new
    inputs go to a scratch folder, not the committed corpus): (executions, findings,
    libFuzzer's output when it failed)."""
    before = set(_findings(target))
    with tempfile.TemporaryDirectory(prefix="wirestruct-fuzz-smoke-") as scratch:
        corpus, seeds = Path(scratch) / "corpus", Path(scratch) / "seeds"
        corpus.mkdir()
        seeds.mkdir()
        files = sorted((SEEDS / target).iterdir())
        for path in files[::max(1, -(-len(files) // SMOKE_SEEDS))]:
            shutil.copyfile(path, seeds / path.name)
        command = [str(wrapper(target)), f"-runs={runs}", f"-rss_limit_mb={args.rss_mb}",
                   f"-timeout={args.timeout}", f"-max_len={MAX_LEN.get(target, 4096)}",
                   f"-artifact_prefix={FINDINGS / target}{os.sep}", "-print_final_stats=1",
                   "-seed=1", str(corpus), str(seeds)]
        (FINDINGS / target).mkdir(parents=True, exist_ok=True)
        dictionary = HERE / "dicts" / f"{target}.dict"
        if dictionary.is_file():
            command.insert(1, f"-dict={dictionary}")
        done = subprocess.run(command, capture_output=True, text=True, errors="replace",
                              cwd=HERE.parent.parent, check=False)
    stats = dict((m.group(1), int(m.group(2))) for m in map(_STAT.match, done.stdout.splitlines()
                                                           + done.stderr.splitlines()) if m)
    found = sorted(set(_findings(target)) - before)
    tail = "" if done.returncode == 0 else (done.stdout + done.stderr)[-2000:]
    return stats.get("number_of_executed_units", 0), found, tail


def smoke(args: argparse.Namespace, targets: list[str]) -> int:
    """Each target briefly (``--runs``, default :data:`SMOKE_RUNS`) from its seeds, and
    whether it is fresh on the code it reaches now. Fails on a finding or a target that
    does not run; with ``--fail-stale`` also when a target is not fresh."""
    runs = args.runs or SMOKE_RUNS
    if any(t not in LUA_TARGETS for t in targets):
        try:
            import atheris  # noqa: F401
        except ImportError:
            print("smoke: atheris is not installed: pip install -e '.[fuzz]'", file=sys.stderr)
            return 2
    state = load_state()
    status, failed = {}, []
    started = time.monotonic()
    for target in targets:
        began = time.monotonic()
        try:
            code = code_of(target)
        except RuntimeError as error:           # the target fails on its own seeds
            print(f"{target}: {error}", flush=True)
            status[target] = ("stale", "it does not run on its seeds")
            failed.append(target)
            continue
        status[target] = freshness(state, target, code)
        if target in LUA_TARGETS:
            lua_fuzz = _lua()
            try:
                result = lua_fuzz.run(target, lua_fuzz.fuzz_seeds(target), runs=runs, seed=1)
            except FileNotFoundError as error:
                print(f"{target}: {error}", flush=True)
                failed.append(target)
                continue
            executions, found = result.executions, lua_fuzz.save_findings(target, result)
            tail = result.stderr[-2000:] if result.exit_code else ""
        else:
            executions, found, tail = smoke_python(args, target, runs)
        print(f"{target}: {executions} executions in {time.monotonic() - began:.1f} s, "
              f"{len(found)} finding(s); code {code['hash']}: {status[target][0]}", flush=True)
        for path in found:
            print(f"  {path.name}:\n    " + replay(target, path, timeout=args.timeout,
                                                   rss_mb=args.rss_mb).replace("\n", "\n    "),
                  flush=True)
        if found or tail or executions < runs:
            if tail and not found:
                print("  " + tail.replace("\n", "\n  "), flush=True)
            failed.append(target)
    stale = [t for t in targets if status[t][0] != "fresh"]
    for target in stale:
        print(f"{status[target][0]}: {target}: {status[target][1]}")
    print(f"smoke: {len(targets)} target(s) in {time.monotonic() - started:.0f} s, "
          f"{len(failed)} failed{': ' + ', '.join(failed) if failed else ''}; "
          f"{len(stale)} not fresh{': ' + ', '.join(stale) if stale else ''}")
    if failed:
        return 1
    return 1 if args.fail_stale and stale else 0


def _raise_interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def run_campaign(args: argparse.Namespace, targets: list[str]) -> int:
    """Every target to ``--runs`` executions, ``--jobs`` targets at a time, each a child
    ``run.py campaign TARGET`` process when jobs > 1."""
    signal.signal(signal.SIGTERM, _raise_interrupt)
    state = load_state()
    if args.runs is not None:
        state["runs"] = args.runs
    save_state(state, [])
    if args.jobs > 1 and len(targets) > 1:
        return _parallel_campaign(args, targets)
    try:
        # round robin: one session of each target in turn, so that all of them progress
        active = [target for target in targets if campaign_start(args, state, target)]
        while active:
            active = [target for target in active if campaign_session(args, state, target)]
    except KeyboardInterrupt:
        print("campaign interrupted: progress saved in " + str(CAMPAIGN), flush=True)
        # the file, not this process's copy: other targets' children saved there too
        print("\n".join(report_lines(load_state())), flush=True)
        return 130
    print("\n".join(report_lines(load_state())), flush=True)
    return 1 if any(load_state()["targets"][t]["findings"] for t in targets) else 0


def _parallel_campaign(args: argparse.Namespace, targets: list[str]) -> int:
    """``--jobs`` child campaigns of one target each at a time (each saves its target's
    entry: the state file is re-read and written under a lock)."""
    pending = list(targets)
    running: list[subprocess.Popen] = []
    options = ["--jobs", "1", "--session", str(args.session), "--rss-mb", str(args.rss_mb),
               "--timeout", str(args.timeout)]
    if args.runs is not None:
        options += ["--runs", str(args.runs)]
    try:
        while pending or running:
            while pending and len(running) < args.jobs:
                # the target first: argparse takes no positional after the options
                running.append(subprocess.Popen([sys.executable, str(Path(__file__).resolve()),
                                                 "campaign", pending.pop(0), *options]))
            time.sleep(1)
            running = [p for p in running if p.poll() is None]
    except KeyboardInterrupt:
        for process in running:
            process.send_signal(signal.SIGTERM)
        for process in running:
            process.wait()
        print("campaign interrupted: progress saved in " + str(CAMPAIGN), flush=True)
        return 130
    state = load_state()
    print("\n".join(report_lines(state)), flush=True)
    return 1 if any(state["targets"][t]["findings"] for t in targets) else 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="targets: " + ", ".join(TARGETS))
    parser.add_argument("targets", nargs="+", metavar="TARGET",
                        help="a target name, or 'all'; or 'campaign [TARGET ...]' (resume the "
                             "campaign: every target to --runs executions), or 'report'")
    parser.add_argument("--runs", type=int, help="executions per target (libFuzzer -runs)")
    parser.add_argument("--max-time", type=int, help="seconds per target (-max_total_time)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="fork-mode workers (-fork); campaign: targets run at a time")
    parser.add_argument("--keep-going", action="store_true",
                        help="start libFuzzer again after a finding until the budget is spent")
    parser.add_argument("--rss-mb", type=int, default=512, help="memory cap per input (-rss_limit_mb)")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per input (-timeout)")
    parser.add_argument("--replay", nargs="+", type=Path, metavar="FILE",
                        help="run these inputs through the (single) target instead of fuzzing")
    parser.add_argument("-v", "--verbose", action="store_true", help="echo libFuzzer's output")
    parser.add_argument("--fail-stale", action="store_true",
                        help="report, smoke: exit 1 when a target is not fresh")
    parser.add_argument("--session", type=int, default=900, metavar="S",
                        help="campaign: seconds of one libFuzzer session (default 900)")
    args = parser.parse_args(argv)
    args.libfuzzer = extra
    command = None
    if args.targets[0] in ("campaign", "report", "smoke"):
        command, args.targets = args.targets[0], args.targets[1:] or ["all"]
    targets = TARGETS if args.targets == ["all"] else args.targets
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(TARGETS)}")
    if command == "report":
        return report(args, targets)
    if command == "smoke":
        return smoke(args, targets)
    if command == "campaign":
        return run_campaign(args, targets)
    if args.replay:
        if len(targets) != 1:
            parser.error("--replay takes exactly one target")
        for path in args.replay:
            print(f"{path}:\n  " + replay(targets[0], path, timeout=args.timeout,
                                          rss_mb=args.rss_mb).replace("\n", "\n  "))
        return 0
    if args.runs is None and args.max_time is None:
        parser.error("give --runs N and/or --max-time S")
    summaries = []
    for target in targets:
        summary = run_target(args, target)
        summaries.append(summary)
        print("\n".join(summary.lines()), flush=True)
        for path in summary.findings:
            print(f"  {path.name}:\n    " + replay(target, path, timeout=args.timeout,
                                                   rss_mb=args.rss_mb).replace("\n", "\n    "),
                  flush=True)
    return 1 if any(s.findings for s in summaries) else 0


if __name__ == "__main__":
    sys.exit(main())
