"""The test run's two sets.

``python -m pytest`` runs the quick set: every spec, decoder, tracker, encoder, table and
serializer test, in a few minutes. The tests that start real tools and processes — the
golden outputs of every command, tshark and the Lua runtimes, Dask clusters, the wheel,
every ``--help`` and README example, the regeneration check, attacks measured in child
processes, linearity checks and the derandomized fuzz pass — are marked ``slow``:
``python -m pytest -m slow`` runs them, ``python -m pytest -m ""`` runs everything (CI
does both sets). A test module or a single test may also mark itself ``slow``.

A test that needs a tool says so with ``needs("tshark")`` or ``@pytest.mark.needs("jq")``
(tests/needs.py): without it the test skips, in CI (``CI=true``) it fails. Every run ends
with its skips counted by reason; in CI each skip must be one that tests/skips_allowed.txt
lists (with why it holds on the CI machine), at most as many times as it says, or the run
fails.
"""
from __future__ import annotations

import fnmatch
import os
from collections import Counter
from pathlib import Path

import pytest
from needs import in_ci, needs

HERE = Path(__file__).resolve().parent
SKIPS_ALLOWED = HERE / "skips_allowed.txt"

# The tests see wirestruct's own protocols only, whatever other plug-ins are installed
# (and so do the commands they start); a test of plug-ins sets WIRESTRUCT_PLUGINS=all in
# the environment it runs them in.
os.environ["WIRESTRUCT_PLUGINS"] = "builtin"

#: Modules (relative to tests/) whose every test is in the slow set.
SLOW_MODULES = frozenset({
    "golden/test_golden.py",                  # every command on every capture, compared
    "wireshark/test_tshark.py", "wireshark/test_tshark_sm.py", "wireshark/test_install.py",
    "wireshark/test_tshark_ux.py",             # what a Wireshark user expects, in tshark
    "wireshark/test_summary_rules.py",         # Info columns (Lua, tshark) = the summary
    "wireshark/test_dissector_lua.py", "wireshark/test_lua_runtime.py",
    "wireshark/test_verdicts.py", "test_lua_fuzz.py",   # the dissectors fuzzed, verdicts
    "wireshark/test_lua_bounds.py", "wireshark/test_pieces_bounds.py",
    "wireshark/test_lossy_strings_lua.py", "wireshark/test_lua_heap.py",
    "wireshark/test_tshark_attacks.py",       # hostile captures, tshark measured
    "batch/test_batch.py",                    # local Dask clusters
    "batch/test_dataset.py",                  # many batch processes, tmpfs, an S3 server
    "test_wheel.py", "test_regen.py", "test_plugin_example.py",
    "test_plugin_isolation.py",               # broken plug-ins pip-installed in a venv
    "test_examples.py", "test_readme.py", "test_benchmark_scripts.py",
    "test_webide_export.py", "test_pipes.py", "test_parallel.py",
    "test_audit_attacks.py", "test_hostile_messages.py", "captures/test_capture_attacks.py",
    "mme/test_mme_attacks.py", "test_linear_messages.py", "captures/test_linear_captures.py",
    "mme/test_mme_linear.py", "test_fuzz.py", "mme/test_mme_fuzz.py",
    "captures/test_cases.py",                 # tshark's follow as the reference
    "captures/test_edges_pdus_tunnels.py",    # tshark's follow as the reference
    "captures/test_edges_links.py",           # tshark's follow as the reference
    "test_garbage.py",                        # memory over many packets
    "test_proxy_live.py",                     # the proxy process between real sockets
    "scrap_mechanic/test_sm_fuzz.py",
    "test_sm_attack_bounds.py",               # memory and CPU of child processes
    "test_tshark_habits.py",                  # tshark's options, its JSON compared
    "test_write_edges.py",                    # full file systems mounted, tshark, the wheel
    "test_adhoc.py",                          # specs compiled, every command on them
    "test_adhoc_wheel.py",                    # the wheel in a venv, npm installs the compiler
    "test_adhoc_wireshark.py",                # specs compiled, dissectors run in tshark
    "test_new_plugin.py",                     # packages written, pip-installed in a venv
    "test_own_protocol_doc.py",               # the tutorial run from a wheel in a venv
    "captures/test_websocket_live.py",        # websockets server and client, tcpdump -i lo
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            module = item.path.resolve().relative_to(HERE).as_posix()
        except ValueError:
            continue
        if module in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)


# -- what a test needs -----------------------------------------------------------------------
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "needs(*tools): the tools a test runs (tests/needs.py); "
                            "without one it skips, in CI it fails")
    config.pluginmanager.register(SkipLedger(), "wirestruct-skips")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("needs"):
        for tool in mark.args:
            needs(tool)


# -- the skips of the run, counted and held to the allowance in CI ---------------------------
def read_allowance(path: Path = SKIPS_ALLOWED) -> list[tuple[int, str, str, str]]:
    """(count, test id pattern, reason pattern, why it holds in CI) per line of the file."""
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 4 or not parts[0].isdigit() or not all(parts):
            raise ValueError(f"{path.name} line {number}: want COUNT | TEST | REASON | WHY")
        entries.append((int(parts[0]), parts[1], parts[2], parts[3]))
    return entries


def judge_skips(skips: list[tuple[str, str]], allowance: list[tuple[int, str, str, str]]
                ) -> list[str]:
    """The skips beyond the allowance (unlisted, or more than listed), with their reasons."""
    left = [count for count, *_ in allowance]
    beyond = []
    for nodeid, reason in skips:
        for i, (_, test, reason_pattern, _) in enumerate(allowance):
            if (left[i] and fnmatch.fnmatchcase(nodeid, test)
                    and fnmatch.fnmatchcase(reason, reason_pattern)):
                left[i] -= 1
                break
        else:
            beyond.append(f"{nodeid}: {reason}")
    return beyond


def _reason(report: pytest.CollectReport | pytest.TestReport) -> str:
    longrepr = report.longrepr
    reason = str(longrepr[2]) if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(
        longrepr)
    return reason.removeprefix("Skipped: ")


class SkipLedger:
    """Every skip of the run with its reason; printed at the end, judged in CI."""

    def __init__(self) -> None:
        self.skips: list[tuple[str, str]] = []
        self.beyond: list[str] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.skipped and not hasattr(report, "wasxfail"):
            self.skips.append((report.nodeid, _reason(report)))

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.skipped:
            self.skips.append((report.nodeid, _reason(report)))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if in_ci() and self.skips:
            self.beyond = judge_skips(self.skips, read_allowance())
            if self.beyond and session.exitstatus in (pytest.ExitCode.OK,
                                                      pytest.ExitCode.NO_TESTS_COLLECTED):
                session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter) -> None:
        write = terminalreporter.write_line
        write(f"skips: {len(self.skips)}" + (", by reason:" if self.skips else ""))
        for reason, count in sorted(Counter(r for _, r in self.skips).items(),
                                    key=lambda item: (-item[1], item[0])):
            write(f"  {count:5}  {reason}")
        if self.beyond:
            write(f"CI=true: {len(self.beyond)} skips beyond the allowance "
                  f"(tests/{SKIPS_ALLOWED.name}):", red=True, bold=True)
            for line in self.beyond:
                write(f"  {line}", red=True)
