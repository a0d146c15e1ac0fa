"""Run a fuzz target with atheris/libFuzzer and summarise what it found.

    python tests/fuzz/run.py TARGET [TARGET ...] [--runs N] [--max-time S] [--jobs J]
    python tests/fuzz/run.py all --runs 1000000 --jobs 2
    python tests/fuzz/run.py mme --replay FILE [FILE ...]

Each target starts from its seeds (``tests/fuzz/seeds/<target>/``, written by
``make_seeds.py``; not the regression inputs, which pytest replays), with the libFuzzer
dictionary ``tests/fuzz/dicts/<target>.dict`` when there is one, and grows a working
corpus in ``tests/fuzz/work/<target>/corpus`` (kept between runs, not committed). Every input runs
under libFuzzer's ``-rss_limit_mb`` and ``-timeout``; crashing, hanging and memory-hungry
inputs are written to ``tests/fuzz/findings/<target>/`` (``crash-*``, ``timeout-*``,
``oom-*``), then replayed one by one in a child process to print the exception type,
message and top frames. The summary gives executions, executions/s, libFuzzer's coverage
figures (``cov:`` edges, ``ft:`` features) and the findings; the full libFuzzer log is
``tests/fuzz/work/<target>/fuzz.log``. Copy a finding worth keeping into
``tests/fuzz/regressions/<target>/`` (``tests/test_fuzz_regressions.py`` replays them).

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
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGETS = sorted(p.stem[len("fuzz_"):] for p in HERE.glob("fuzz_*.py"))
WORK = HERE / "work"
FINDINGS = HERE / "findings"
SEEDS = HERE / "seeds"
FINDING_PREFIXES = ("crash-", "timeout-", "oom-", "leak-", "slow-unit-")

_PROGRESS = re.compile(r"^#(\d+):?\s.*?cov: (\d+) ft: (\d+)")
_RATE = re.compile(r"exec/s: (\d+)")

#: Default ``-max_len`` per target (bytes): most findings show in small inputs, and an
#: execution's cost grows with its size. Longer seeds are cut to it on loading; give
#: ``-- -max_len=N`` to fuzz longer inputs.
MAX_LEN = {"scrap_mechanic": 4096, "diep": 4096, "mme": 8192, "jsonl": 4096,
           "pcap": 8192, "pcapng": 8192, "wscap": 4096, "encode": 4096, "batch": 8192}
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
    work = WORK / target / "corpus"
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


def run_target(args: argparse.Namespace, target: str) -> Summary:
    """Fuzz ``target`` until its budget (``--runs``, ``--max-time``) is spent. With
    ``--keep-going`` a run that stopped on a finding is started again (from the grown
    corpus) with what is left of the budget."""
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
    summary.corpus = sum(1 for _ in (WORK / target / "corpus").iterdir())
    summary.findings = sorted(set(_findings(target)) - before)
    return summary


def run_once(args: argparse.Namespace, target: str, runs: int | None,
             seconds: int | None, log, summary: Summary) -> int:
    """One libFuzzer process; updates ``summary``'s coverage figures and returns the
    executions it made."""
    command = [str(wrapper(target)), *libfuzzer_args(args, target, runs, seconds),
               *args.libfuzzer, *corpus_dirs(target)]
    print("$", " ".join(command), file=sys.stderr, flush=True)
    log.write("$ " + " ".join(command) + "\n")
    executions = 0
    stats: dict[str, int] = {}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace", cwd=HERE.parent.parent)
    assert process.stdout is not None
    for line in process.stdout:
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
        stat = _STAT.match(line)
        if stat:
            stats[stat.group(1)] = int(stat.group(2))
    summary.exit_code = process.wait()
    log.flush()
    if "peak_rss_mb" in stats:
        summary.peak_rss_mb = max(summary.peak_rss_mb or 0, stats["peak_rss_mb"])
    return max(executions, stats.get("number_of_executed_units", 0))


def _findings(target: str) -> list[Path]:
    folder = FINDINGS / target
    if not folder.is_dir():
        return []
    return [p for p in folder.iterdir() if p.name.startswith(FINDING_PREFIXES)]


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
    code = _REPLAY.format(here=str(HERE), rss_mb=rss_mb, path=str(path), target=target,
                          frames=frames)
    try:
        done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                              text=True, timeout=timeout, cwd=HERE.parent.parent)
    except subprocess.TimeoutExpired:
        return f"no result within {timeout} s (a hang, or slow)"
    text = done.stdout.strip() or done.stderr.strip()[-1500:]
    return text


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="targets: " + ", ".join(TARGETS))
    parser.add_argument("targets", nargs="+", metavar="TARGET", help="a target name, or 'all'")
    parser.add_argument("--runs", type=int, help="executions per target (libFuzzer -runs)")
    parser.add_argument("--max-time", type=int, help="seconds per target (-max_total_time)")
    parser.add_argument("--jobs", type=int, default=1, help="fork-mode workers (-fork)")
    parser.add_argument("--keep-going", action="store_true",
                        help="start libFuzzer again after a finding until the budget is spent")
    parser.add_argument("--rss-mb", type=int, default=512, help="memory cap per input (-rss_limit_mb)")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per input (-timeout)")
    parser.add_argument("--replay", nargs="+", type=Path, metavar="FILE",
                        help="run these inputs through the (single) target instead of fuzzing")
    parser.add_argument("-v", "--verbose", action="store_true", help="echo libFuzzer's output")
    args = parser.parse_args(argv)
    args.libfuzzer = extra
    targets = TARGETS if args.targets == ["all"] else args.targets
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(TARGETS)}")
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
