"""Every benchmark script still imports and parses its arguments: they run only by hand
(``python benchmarks/run.py``), so nothing else would notice one that no longer starts."""
import runpy
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("bench_*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_benchmark_script_starts(script, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [str(script), "--help"])
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(script), run_name="__main__")
    assert done.value.code == 0
    assert "usage:" in capsys.readouterr().out


def test_there_are_benchmark_scripts():
    assert len(SCRIPTS) >= 10


def test_bench_wireshark_runs_at_a_tiny_size(monkeypatch, capsys):
    """tshark with and without the plugin and ``wirestruct decode`` on a few sessions of
    every protocol: the benchmark checks that the plugin showed as many packets as
    wirestruct decodes (it fails otherwise) and prints the full and half tables."""
    import shutil
    if shutil.which("tshark") is None:
        pytest.skip("tshark is not installed")
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    namespace = runpy.run_path(str(BENCHMARKS / "bench_wireshark.py"))
    assert namespace["main"](["--mb", "0.01", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "full / half" in out
    tables = out.split("full / half")[0].split("half of the same sessions")
    assert len(tables) == 2
    for table in tables:
        rows = [line.split() for line in table.splitlines()
                if line.split()[:1] in (["diep"], ["mme"], ["scrap-mechanic"])]
        assert sorted(r[0] for r in rows) == ["diep", "mme", "scrap-mechanic"]
        for r in rows:
            # packets, MB and file MB, then CPU per packet and the ratios
            assert len(r) == 11 and int(r[1]) > 0 and float(r[3]) >= float(r[2]) >= 0
            assert all(float(x.rstrip("x")) > 0 for x in r[4:])
