"""Every benchmark script still imports and parses its arguments: they run only by hand
(``python benchmarks/run.py``), so nothing else would notice one that no longer starts.
And every benchmark checks what it times: run at a tiny size it prints its figures, and
run with one of its readers, decoders or encoders losing a byte (or a packet) through
the fault hook of ``benchmarks/agreement.py`` it exits 1 naming the run that differs and
prints no figure of it."""
import importlib.util
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from needs import needs

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("bench_*.py"))
#: Benchmarks checked elsewhere (bench_wireshark.py below; bench_batch.py and
#: bench_wireshark_attacks.py check their own runs).
OWN_CHECKS = {"bench_wireshark", "bench_wireshark_attacks", "bench_batch"}

_FRONTEND = ["wirestruct", "generated", "struct"]
_FRONTEND += ["dpkt"] if importlib.util.find_spec("dpkt") else []
_FRONTEND += ["tshark"] if shutil.which("tshark") else []

#: script: (tiny arguments, the run the fault hook breaks, a line of the figures)
TINY = {
    "bench_encode": (["--repeat", "1", "--min-time", "0", "--protocol", "mme"],
                     "encode as the command", "| mme | 404 | 404 |"),
    "bench_frontend": (["--size-mb", "0.05", "--rounds", "1", "--only", *_FRONTEND],
                       "struct", "every reader read the same 50,000 bytes"),
    "bench_proxy": (["--repeat", "1", "--length", "10", "--protocol", "mme"], "proxy",
                    "| mme |"),
    "bench_proxy --against": (["--against", "HEAD", "--rounds", "1", "--repeat", "1",
                               "--length", "10", "--protocol", "mme"], "earlier proxy",
                              "| mme |"),
    "bench_proxy_live": (["--protocol", "mme"], "proxy", "mme             "),
    "bench_against": (["--rounds", "1", "--ticks", "10", "--only", "mme"], "was", "mme "),
    "bench_generate": (["--rounds", "1", "--ticks", "10", "--only", "mme"], "now", "| mme |"),
    "bench_captures": (["--size-mb", "0.05"], "pcapng", "pcapng "),
    "bench_sources": (["--size-mb", "0.05"], "gzip | pipe", "gzip | pipe "),
    "bench_tcp": (["--mb", "0.05"], "every segment twice", "every segment twice "),
    "bench_mme": (["--packets", "200", "--map", "32x32x32", "--repeat", "1"],
                  "chatty session", "chatty session: 200 packets"),
    "bench_diep": (["--ticks", "10", "--shapes", "10", "--repeat", "1", "--memory-ticks", "5"],
                   "parse alone", "parse alone: "),
    "bench_scrap_mechanic": (["--ticks", "10", "--repeat", "1"], "parses replayed",
                             "runtime's own code"),
    "bench_garbage": (["--ticks", "10", "--rounds", "1"], "default", "diep            state"),
    "bench_output": (["--repeat", "1", "--copies", "1"], "new", "mme "),
    "bench_read_write": (["--repeat", "1", "--min-time", "0.001"], "write", "mme "),
    "bench_jobs": (["--scale", "0.01", "--repeat", "1", "--protocol", "mme"], "--jobs 2",
                   "mme "),
    "bench_attacks": (["--only", "diep-count-lie"], "diep-count-lie decode",
                      "diep-count-lie (2 packets"),
    "bench_mme_attacks": (["--only", "lying_lengths"], "lying_lengths state",
                          "lying_lengths "),
}
#: How a benchmark names the broken run when it is not by the fault hook's name.
NAMED = {"bench_generate": "this tree",
         "bench_proxy --against": "mme (earlier): the proxy's output",
         "bench_attacks": "diep-count-lie (2 packets, 20 bytes): the output of `wirestruct "
                          "decode`",
         "bench_mme_attacks": "lying_lengths: the output of `wirestruct state`"}


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
    needs("tshark")
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


def test_every_benchmark_is_run_with_and_without_a_fault():
    assert {name.split()[0] for name in TINY} | OWN_CHECKS == {s.stem for s in SCRIPTS}


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """This checkout laid out as the package ``wirestruct`` (links), for the benchmarks
    that install an earlier revision beside this tree: both sides are this tree here."""
    from wirestruct.tools.typecheck import package_tree
    dest = tmp_path_factory.mktemp("installed")
    package_tree(BENCHMARKS.parent, dest)
    return dest


def _run(name, package, fault=None):
    args, _, _ = TINY[name]
    env = dict(os.environ, WIRESTRUCT_BENCH_INSTALLED=str(package))
    env.pop("WIRESTRUCT_BENCH_DROP", None)
    if fault:
        env["WIRESTRUCT_BENCH_DROP"] = fault
    return subprocess.run([sys.executable, str(BENCHMARKS / f"{name.split()[0]}.py"), *args],
                          env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name", sorted(TINY))
def test_the_benchmark_fails_when_a_run_loses_a_byte(name, package):
    args, fault, figure = TINY[name]
    done = _run(name, package, fault)
    assert done.returncode == 1, done.stdout + done.stderr
    script = name.split()[0]
    message = done.stderr.strip().splitlines()
    assert any(line.startswith(f"{script}: ") for line in message), done.stderr
    assert NAMED.get(name, fault) in done.stderr, done.stderr   # the run named
    assert "Traceback" not in done.stderr, done.stderr
    assert figure not in done.stdout                           # its figures not printed


@pytest.mark.parametrize("name", sorted(TINY))
def test_the_benchmark_passes_at_a_tiny_size(name, package):
    _, _, figure = TINY[name]
    done = _run(name, package)
    assert done.returncode == 0, done.stdout + done.stderr
    assert figure in done.stdout, done.stdout
