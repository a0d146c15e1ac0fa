"""Hostile captures (``attacks.py``) through real tshark 4.0 with the plugin, against plain
tshark on the same file, each run measured in a process of its own: the plugin stays
within 256 MiB of resident memory above plain tshark and within 20 times its CPU time (or
20 times 0.3 s, when plain tshark takes less), in one pass (``-V``) and in two (``-2 -V``,
which dissects every packet again as random access in the GUI does); no Lua error; and
its expert infos name the error kinds, and the limits, that wirestruct's own decode of
the capture names."""
from __future__ import annotations

from pathlib import Path

import attacks
import pytest
from pdml import TSHARK
from wirestruct.wireshark.plugin import build_plugin

pytestmark = pytest.mark.needs("tshark")

#: What wirestruct's decode says of each capture: packets decoded and the error kinds.
PYTHON = {
    "mme_total_pieces": (24, set()),
    "mme_total_restarts": (22, set()),
    "mme_map_data_regions": (20, set()),
    "mme_map_data_gzip_regions": (20, set()),
    "mme_zlib_bomb": (6, {"LimitExceededError"}),
    "mme_gzip_bomb": (6, {"LimitExceededError"}),
    "mme_gzip_members": (6, {"LimitExceededError"}),
    "mme_buffer_reuse": (21, set()),
    "mme_append_pairs": (37, set()),
    "mme_file_pairs": (259, set()),
    "mme_many_connections": (896, set()),
    "mme_many_failures": (1, {"DecodeError"}),
    "sm_one_byte_deltas": (8, set()),
    "sm_one_byte_deltas_past_cap": (1, {"LimitExceededError"}),
    "sm_failing_deltas": (8, {"DeltaError"}),
    "sm_delta_chains": (128, set()),
    "sm_checksums": (0, {"LimitExceededError"}),
    "sm_checksums_lying_count": (0, {"LimitExceededError"}),
    "sm_compound_full": (2, {"ParseError", "LimitExceededError"}),
    "sm_compound_nested": (8, {"LimitExceededError"}),
    "sm_compound_of_bombs": (65, {"LimitExceededError"}),
    "sm_blob_list": (1, {"LimitExceededError"}),
    "sm_blob_payloads": (2, {"LimitExceededError"}),
    "sm_lz4_bombs": (8, {"LimitExceededError"}),
    "sm_many_failures": (8000, {"DecompressionError", "DecodeError"}),
    "diep_deletions": (9, {"LimitExceededError"}),
    "diep_lying_sizes": (1, {"LimitExceededError", "DecompressionError"}),
    "diep_count_lies": (0, {"LimitExceededError"}),
    "diep_creations": (8, set()),
}

#: The largest capture (the append buffer's files are the one class that needs bytes on
#: the wire); the others are a few KB to 2.3 MB.
MAX_CAPTURE = 8 * 1024 * 1024


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("attacks")


@pytest.fixture(scope="module")
def plugin(folder) -> Path:
    return build_plugin(folder / "plugin")


_captures: dict[str, tuple[Path, attacks.Verdict]] = {}


def capture(folder: Path, name: str) -> tuple[Path, attacks.Verdict]:
    """The attack's capture, written once, and wirestruct's verdict on it."""
    if name not in _captures:
        attack = attacks.ATTACKS[name]
        path = attack.write(folder / f"{name}.pcapng")
        _captures[name] = path, attacks.python_verdict(path, attack.protocol)
    return _captures[name]


def test_every_attack_is_listed_with_wirestructs_verdict():
    assert sorted(PYTHON) == sorted(attacks.ATTACKS)


@pytest.mark.parametrize("name", sorted(attacks.ATTACKS))
def test_wirestruct_decode_of_the_capture(folder, name):
    path, verdict = capture(folder, name)
    assert path.stat().st_size <= MAX_CAPTURE
    assert (verdict.packets, set(verdict.kinds or {})) == PYTHON[name]


#: Attacks the plugin does not yet keep within the budget, and why: the work left. They
#: run all the same (a pass is reported as XPASS, and then the entry is to go).
OVER_BUDGET: dict[str, str] = {}
#: The same, for the two-pass run only (``-2``: every packet shown again, as the GUI does).
#: All three pass here (XPASS), within 6-10% of the budget (20 x the 0.3 s floor: 5.4-5.7 s
#: of 6.0 s); their marks stay, not strict, for a machine slower than the ones measured.
OVER_BUDGET_TWO_PASSES = {
    **{name: "about 19x plain tshark's CPU floor in two passes (9-10x in one): a packet of "
             "a shared append buffer inflates its region again when it is shown"
       for name in ("mme_append_pairs", "mme_buffer_reuse")},
    "diep_creations": "4 packets of 1,024 full creations (278,000 fields each), the tree of "
                      "each stopped at 100,000 fields: about 18x plain tshark's CPU floor "
                      "in two passes (13x in one); the two parses (1.3 s without ranges, "
                      "1.8 s with) are most of it",
}


def _budget_cases() -> list:
    cases = []
    for name in sorted(attacks.ATTACKS):
        for two_pass in (False, True):
            reason = OVER_BUDGET.get(name) or (two_pass and OVER_BUDGET_TWO_PASSES.get(name))
            marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
            cases.append(pytest.param(name, two_pass, marks=marks,
                                      id=f"{name}-{'two_pass' if two_pass else 'one_pass'}"))
    return cases


def test_the_attacks_over_budget_are_attacks():
    assert set(OVER_BUDGET) | set(OVER_BUDGET_TWO_PASSES) <= set(attacks.ATTACKS)


@pytest.mark.parametrize("name, two_pass", _budget_cases())
def test_tshark_with_the_plugin_within_budget(folder, plugin, name, two_pass):
    assert TSHARK is not None
    path, python = capture(folder, name)
    env = attacks.tshark_env(folder / "home")
    tag = f"{name}.{'2' if two_pass else '1'}"
    plain = attacks.measure(attacks.tshark_command(TSHARK, path, None, two_pass),
                            folder / f"{tag}.plain", env=env, timeout=600)
    assert plain.status == 0 and not plain.killed, plain.stderr.read_text()[-2000:]
    # past the budget (and a margin to tell by how much) the run is stopped
    rss_cap = int(plain.rss) + attacks.RSS_BUDGET_MIB + 512
    timeout = 2 * attacks.CPU_RATIO * max(plain.cpu, attacks.CPU_FLOOR) + 10
    run = attacks.measure(attacks.tshark_command(TSHARK, path, plugin, two_pass),
                          folder / f"{tag}.plugin", env=env, rss_cap_mib=rss_cap,
                          timeout=timeout)
    problems = attacks.within_budget(plain, run)
    if not run.killed:
        lua, lua_errors = attacks.read_verdict(run.stdout)
        problems += attacks.verdict_differences(python, lua)
        problems += [f"Lua error: {e[:200]}" for e in lua_errors[:3]]
        stderr = run.stderr.read_text(errors="replace")
        if "Lua" in stderr:
            problems.append(f"stderr: {stderr[-500:]}")
    for out in (plain.stdout, run.stdout):
        out.unlink(missing_ok=True)
    figures = (f"plain tshark {plain.rss:.0f} MiB {plain.cpu:.2f} s; with the plugin "
               f"{run.rss:.0f} MiB {run.cpu:.2f} s")
    assert not problems, f"{figures}: " + "; ".join(problems)


def test_a_packet_of_more_fields_than_its_tree_shows_says_where_the_tree_stopped(
        folder, plugin):
    """diep_creations' packets hold about 278,000 fields each (1,024 creations inside a
    0x02): the tree of each stops at the plugin's MAX_TREE_ITEMS, and one note on the packet
    says so and from which byte of which data fields are left out; decoding, errors and Info
    cover the whole packet."""
    import re
    import subprocess

    assert TSHARK is not None
    path, python = capture(folder, "diep_creations")
    done = subprocess.run([TSHARK, "-X", f"lua_script:{plugin}", "-r", str(path), "-V"],
                          capture_output=True, text=True, timeout=600, check=True,
                          env=attacks.tshark_env(folder / "home"))
    notes = re.findall(r"\[Expert Info \(Note/Undecoded\): Fields not shown: a packet's tree "
                       r"shows at most 100000 fields; those from byte (\d+) of (\d+) \(of the "
                       r"packet inside it\) on are left out \(decoding, errors and Info cover "
                       r"all of it\)\]", done.stdout)
    assert len(notes) == python.packets // 2 == 4       # one a 0x02, not its inner packet
    for at, total in notes:
        assert 0 < int(at) < int(total)
    frames = done.stdout.split("\nFrame ")
    assert len(frames) == 4
    for frame in frames:
        # the lines of the protocol's tree: about one a field shown (a few fields hidden,
        # a few lines not fields), not the 278,000 the packet holds
        tree = frame.split("\ndiep.io (wirestruct)", 1)[1]
        shown = sum(1 for line in tree.splitlines() if line.startswith("    "))
        assert 99_000 <= shown <= 100_100, shown
