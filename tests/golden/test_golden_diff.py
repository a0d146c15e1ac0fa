"""What a changed golden output shows: the golden test's message and what make_golden.py
prints for a file it rewrites (golden_cases.describe_difference, golden_cases.changes)."""

from __future__ import annotations

import json

import golden_cases
import make_golden
import pytest

EVENT = {"index": 7, "name": "chat_message", "fields": {"payload": {"player_id": 3, "message": "hi"}}}


def _lines(*events: dict) -> bytes:
    head = b"$ wirestruct decode x -p mme\nexit 0\n=== stdout (1 bytes)\n"
    return head + b"".join(json.dumps(e).encode() + b"\n" for e in events)


def test_a_changed_json_line_shows_the_paths_that_changed() -> None:
    changed = json.loads(json.dumps(EVENT))
    changed["fields"]["payload"]["player_id"] = 4
    changed["fields"]["payload"]["color"] = "red"
    text = golden_cases.describe_difference("decode/x/jsonl", _lines(EVENT), _lines(changed))
    assert text.splitlines() == [
        "golden output changed: decode/x/jsonl",
        "  $ wirestruct decode x -p mme",
        "  first difference at line 4 (golden: 5 lines, now: 5), in section: === stdout (1 bytes)",
        "  @@ -3,3 +3,3 @@",
        "   === stdout (1 bytes)",
        "  ~ line 4 (now 4), fields changed:",
        "  -   fields.payload.player_id: 3",
        "  +   fields.payload.player_id: 4",
        "  -   fields.payload.color: (absent)",
        '  +   fields.payload.color: "red"',
        "   ",
    ]


def test_added_and_removed_lines_are_shown_as_a_unified_diff() -> None:
    other = dict(EVENT, index=8)
    text = golden_cases.changes(_lines(EVENT), _lines(EVENT, other))
    assert text.splitlines() == [
        "  @@ -4,2 +4,3 @@",
        "   " + json.dumps(EVENT),
        "  +" + json.dumps(other),
        "   ",
    ]


def test_the_shown_change_is_bounded() -> None:
    old = b"".join(b"line %d\n" % n for n in range(1000))
    new = b"".join(b"LINE %d\n" % n for n in range(1000))
    text = golden_cases.changes(old, new)
    lines = text.splitlines()
    assert len(lines) == golden_cases.DIFF_LINES + 1
    # one hunk: its header, 1000 lines out, 1000 in, the empty line after the last
    assert lines[-1] == f"  ... {2002 - golden_cases.DIFF_LINES} more lines of change"
    long = golden_cases.changes(b"x\n", b"y" * 5000 + b"\n")
    assert max(map(len, long.splitlines())) <= golden_cases.DIFF_WIDTH + 40


@pytest.mark.slow
def test_make_golden_prints_what_it_rewrites(tmp_path, monkeypatch, capsys) -> None:
    """A real regeneration of one case into a copy of its golden file with one line
    changed: the output names the line and shows both versions."""
    name = "decode/loopback_lo_ethernet_pcap/jsonl"
    good = golden_cases.read_golden(name)
    assert good is not None
    lines = good.split(b"\n")
    assert lines[4].startswith(b'{"index":null,"record":11,')
    lines[4] = lines[4].replace(b'"record":11', b'"record":12', 1)
    monkeypatch.setattr(golden_cases, "DATA", tmp_path)
    golden_cases.write_golden(name, b"\n".join(lines))
    assert make_golden.main([name, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert f"{name}: written, changes:" in out
    assert "~ line 5 (now 5), fields changed:\n  -   record: 12\n  +   record: 11\n" in out
    assert golden_cases.read_golden(name) == good
