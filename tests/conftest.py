"""The test run's two sets.

``python -m pytest`` runs the quick set: every spec, decoder, tracker, encoder, table and
serializer test, in a few minutes. The tests that start real tools and processes — the
golden outputs of every command, tshark and the Lua runtimes, Dask clusters, the wheel,
every ``--help`` and README example, the regeneration check, attacks measured in child
processes, linearity checks and the derandomized fuzz pass — are marked ``slow``:
``python -m pytest -m slow`` runs them, ``python -m pytest -m ""`` runs everything (CI
does both sets). A test module or a single test may also mark itself ``slow``.
"""
from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

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
    "test_wheel.py", "test_regen.py", "test_plugin_example.py",
    "test_examples.py", "test_readme.py", "test_benchmark_scripts.py",
    "test_webide_export.py", "test_pipes.py", "test_parallel.py",
    "test_audit_attacks.py", "test_hostile_messages.py", "captures/test_capture_attacks.py",
    "mme/test_mme_attacks.py", "test_linear_messages.py", "captures/test_linear_captures.py",
    "mme/test_mme_linear.py", "test_fuzz.py", "mme/test_mme_fuzz.py",
    "captures/test_cases.py",                 # tshark's follow as the reference
    "captures/test_edges_pdus_tunnels.py",    # tshark's follow as the reference
    "captures/test_edges_links.py",           # tshark's follow as the reference
    "test_garbage.py",                        # memory over many packets
    "scrap_mechanic/test_sm_fuzz.py",
    "test_sm_attack_bounds.py",               # memory and CPU of child processes
    "test_tshark_habits.py",                  # tshark's options, its JSON compared
    "test_write_edges.py",                    # full file systems mounted, tshark, the wheel
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            module = item.path.resolve().relative_to(HERE).as_posix()
        except ValueError:
            continue
        if module in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
