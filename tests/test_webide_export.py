"""`wirestruct export` opens in the Web IDE: the exported specs, compiled by the pinned
compiler's JavaScript build and run under Node on the npm kaitai-struct runtime, parse
every exported file without error and agree with the Python parse."""
import json
from pathlib import Path

import pytest

from wirestruct import registry
from wirestruct.tools.cli import main as cli
from wirestruct.tools.webide import first_difference, verify_export

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", registry.protocol_names())
def test_export_opens_in_the_web_ide_and_agrees_with_python(name, tmp_path):
    out = tmp_path / "export"
    # A slice of the sample keeps the Node run short; the samples' first records hold
    # every packet kind they have.
    head = tmp_path / "head.jsonl"
    with open(ROOT / "samples" / f"{name.replace('-', '_')}.jsonl") as src:
        head.write_text("".join(line for _, line in zip(range(80), src)))
    assert cli(["export", str(head), "--protocol", name, "--out", str(out)]) == 0
    index = json.loads((out / "index.json").read_text())
    assert index["files"]
    # Cutting a TCP capture after 80 chunks may end it inside a packet; nothing else fails.
    assert all(e["error"] == "TruncatedStreamError" for e in index["errors"]), index["errors"]
    assert (out / "INDEX.txt").read_text().count(".bin  <-  ") == len(index["files"])
    for spec in index["specs"]:
        assert (out / "ksy" / spec).is_file()
    js, problems = verify_export(out)
    assert problems == []
    assert len(js) == len(index["files"]) + 1
    assert js["capture.wscap"]["protocol"] == name
    assert len(js["capture.wscap"]["records"]) == 80


def test_a_disagreement_is_found():
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == ".a[1].b: python 2 vs javascript 3"
    assert first_difference({"a": 1}, {"a": 1, "c": 0}) == ".c: only in javascript"
    assert first_difference([1, 2], [1]) == ": 2 vs 1 items"


def test_export_verify_flag(tmp_path, capsys):
    head = tmp_path / "head.jsonl"
    with open(ROOT / "samples" / "mme.jsonl") as src:
        head.write_text("".join(line for _, line in zip(range(10), src)))
    assert cli(["export", str(head), "-p", "mme", "--out", str(tmp_path / "x"), "--verify"]) == 0
    assert "every file opens" in capsys.readouterr().err
