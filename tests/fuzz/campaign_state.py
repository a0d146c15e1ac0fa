"""The fuzz campaign's record: the log of its sessions, and the state derived from it.

``campaign_log.jsonl`` (committed) holds one line per campaign session of a target: the
target, the commit, the hash of the code the target reached (``reach.py``), the session's
executions and seconds, exec/s, libFuzzer's coverage (``cov``, ``ft``), the corpus size,
the peak RSS, the real findings open after it and the findings it saw that did not fail
again (``unconfirmed``). A line with ``lost`` names a finding whose input is gone; a line
with ``sessions`` stands for that many sessions summed (the ones before the code hash was
kept: their ``code`` is null).

``campaign.json`` is derived from the log (:func:`derive`): per target, its figures on
the code its last session ran on (executions count only for one code hash: when the hash
changes, the count restarts from what the log holds for the new hash, usually nothing),
with that code's files and their hashes beside them, which the log does not keep. While a
session runs, ``campaign.json`` also shows its progress; the log gets its line at the end.
"""
from __future__ import annotations

import fcntl
import json
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LOG = HERE / "campaign_log.jsonl"
CAMPAIGN = HERE / "campaign.json"
LOCK = HERE / ".campaign.lock"
#: Executions on one code hash that make a target fresh.
RUNS = 1_000_000

#: The figures of a target's state, in their order.
FIGURES = ("executions", "seconds", "exec_per_s", "cov", "ft", "corpus", "corpus_kb",
           "peak_rss_mb", "sessions", "findings", "unconfirmed", "lost")


@contextmanager
def locked() -> Iterator[None]:
    """The campaign's files, for one process at a time (parallel campaigns share them)."""
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def read_log(path: Path = LOG) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def log_line(**fields: Any) -> str:
    return json.dumps(fields, separators=(",", ":")) + "\n"


def append_log(line: dict[str, Any], path: Path = LOG) -> None:
    with open(path, "a") as f:
        f.write(log_line(**line))


def commit() -> str | None:
    """The commit checked out, ``+changes`` after it when the code folders differ from it
    (None outside a git checkout)."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "runtime", "generated",
                                "generated_rw", "tools", "ksy"], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head[:12] + ("+changes" if dirty else "")


def today() -> str:
    return time.strftime("%Y-%m-%d", time.gmtime())


def empty() -> dict[str, Any]:
    return {"code": None, "commit": None, "executions": 0, "seconds": 0, "exec_per_s": None,
            "cov": None, "ft": None, "corpus": None, "corpus_kb": None, "peak_rss_mb": None,
            "sessions": 0, "findings": [], "unconfirmed": [], "lost": []}


def _union(lists: Iterator[list[str]]) -> list[str]:
    out: list[str] = []
    for names in lists:
        out += [name for name in names if name not in out]
    return out


def figures(lines: list[dict[str, Any]], target: str, code: str | None) -> dict[str, Any]:
    """``target``'s figures on code ``code`` (its hash; None: code not recorded), from the
    log ``lines``. Findings open are the last session's (any code); the findings not
    reproduced and the lost ones are all the target ever had."""
    mine = [line for line in lines if line["target"] == target]
    sessions = [line for line in mine if "executions" in line]
    on = [line for line in sessions if line.get("code") == code]
    entry = empty()
    entry["lost"] = _union(iter([[line["lost"]] for line in mine if "lost" in line]))
    entry["unconfirmed"] = [name for name in _union(line.get("unconfirmed", []) for line in mine)
                            if name not in entry["lost"]]
    entry["findings"] = list(sessions[-1].get("findings", [])) if sessions else []
    if not on:
        return entry
    last = on[-1]
    entry["commit"] = last.get("commit")
    entry["executions"] = sum(line["executions"] for line in on)
    entry["seconds"] = sum(line["seconds"] for line in on)
    entry["exec_per_s"] = round(entry["executions"] / entry["seconds"]) if entry["seconds"] else None
    for name in ("cov", "ft", "corpus", "corpus_kb"):
        entry[name] = last.get(name)
    peaks = [line["peak_rss_mb"] for line in on if line.get("peak_rss_mb") is not None]
    entry["peak_rss_mb"] = max(peaks) if peaks else None
    entry["sessions"] = sum(line.get("sessions", 1) for line in on)
    return entry


def last_code(lines: list[dict[str, Any]], target: str) -> str | None:
    """The code hash of ``target``'s last session (None: none, or not recorded)."""
    sessions = [line for line in lines if line["target"] == target and "executions" in line]
    return sessions[-1].get("code") if sessions else None


def derive(lines: list[dict[str, Any]], targets: list[str],
           files: dict[str, dict[str, str] | None]) -> dict[str, Any]:
    """The campaign state of ``targets`` from the log: each target's figures on the code of
    its last session, with that code's ``files`` (hash -> files) when known."""
    state: dict[str, Any] = {"runs": RUNS, "log": LOG.name, "targets": {}}
    for target in sorted(targets):
        code = last_code(lines, target)
        entry = figures(lines, target, code)
        entry["code"] = None if code is None else {"hash": code, "files": files.get(code)}
        state["targets"][target] = entry
    return state


def load() -> dict[str, Any]:
    return json.loads(CAMPAIGN.read_text()) if CAMPAIGN.is_file() else {
        "runs": RUNS, "log": LOG.name, "targets": {}}


def save(state: dict[str, Any]) -> None:
    state["targets"] = {t: state["targets"][t] for t in sorted(state["targets"])}
    tmp = CAMPAIGN.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(state, indent=1) + "\n")
    tmp.replace(CAMPAIGN)
