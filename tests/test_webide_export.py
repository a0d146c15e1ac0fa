"""`wirestruct export` opens in the Web IDE: the exported specs, compiled by the pinned
compiler's JavaScript build and run under Node on the npm kaitai-struct runtime, parse
every exported file without error and agree with the Python parse."""
import copy
import io
import json
import struct
from pathlib import Path

import pytest
from wirestruct.captures.writers.pcap_writer import PcapngWriter
from wirestruct.core.errors import OutputError
from wirestruct.plugin import registry
from wirestruct.tools.cli import main as cli
from wirestruct.tools.webide import (
    MANIFEST,
    _same_terms,
    export_capture,
    first_difference,
    open_like_webide,
    python_view,
    verify_export,
)

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


# -- exact integers ------------------------------------------------------------------------
def _find(value, key):
    """Every value under ``key`` anywhere in a plain JSON tree."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == key:
                yield v
            yield from _find(v, key)
    elif isinstance(value, list):
        for v in value:
            yield from _find(v, key)


@pytest.fixture(scope="module")
def sm_export(tmp_path_factory):
    """A Scrap Mechanic export (the joining's 29, whose 21 creates characters) and its Node
    parse."""
    tmp_path = tmp_path_factory.mktemp("sm")
    head = tmp_path / "head.jsonl"
    with open(ROOT / "samples" / "scrap_mechanic.jsonl") as src:
        head.write_text(next(line for line in src if json.loads(line)["data"][:2] == "1d"))
    out = tmp_path / "sm"
    assert cli(["export", str(head), "-p", "scrap-mechanic", "--out", str(out)]) == 0
    js, problems = verify_export(out)
    assert problems == []
    return out, js


def test_steam_ids_above_2_53_are_exact_in_the_web_ide(sm_export):
    out, js = sm_export
    name = "packets/000002_initialization_network_update_body.bin"
    py = python_view("wirestruct.generated.scrap_mechanic", "sm_network_update_body.ksy", (out / name).read_bytes())
    py_ids = list(_find(py, "steam_id_64"))
    assert py_ids and all(v > 2 ** 53 for v in py_ids)
    js_parts = list(_find(js[name], "steamId"))
    assert len(js_parts) == len(py_ids)
    for whole, parts in zip(py_ids, js_parts):
        # The parts the Web IDE shows are exact and make up the exact Python value.
        assert (parts["universe"], parts["accountType"]) == (1, 1)
        assert (parts["universe"] << 56 | parts["accountType"] << 52 | parts["instance"] << 32
                | parts["accountId"]) == whole
        # The whole value, computed in JavaScript, is marked as rounded, not passed as exact.
        assert parts["value"] == {"__rounded__": int(float(whole))}
        assert int(float(whole)) != whole


def test_the_checker_flags_an_altered_or_rounded_value(sm_export):
    out, js_all = sm_export
    name = "packets/000002_initialization_network_update_body.bin"
    js = js_all[name]
    py = python_view("wirestruct.generated.scrap_mechanic", "sm_network_update_body.ksy", (out / name).read_bytes())
    assert first_difference(_same_terms(py), _same_terms(js)) is None
    # Deliberately alter one expected value: the lowest bit of an account id.
    altered = copy.deepcopy(py)
    steam = next(_find(altered, "steam_id"))
    steam["account_id"] ^= 1
    found = first_difference(_same_terms(altered), _same_terms(js))
    assert found is not None and found.endswith(f"accountid: python {steam['account_id']} "
                                                f"vs javascript {steam['account_id'] ^ 1}")
    # A field JavaScript holds rounded (as a u8 read would be) is a difference ...
    assert first_difference({"x": 2 ** 60 + 1}, {"x": 2 ** 60}) == ".x: python 1152921504606846977 vs javascript 1152921504606846976"
    # A computed value agrees only when it is the Python value rounded once to a double.
    assert first_difference({"v": 2 ** 60 + 1}, {"v": {"__rounded__": 2 ** 60}}) is None
    assert first_difference({"v": 2 ** 60 + 4096}, {"v": {"__rounded__": 2 ** 60}}) == \
        f".v: python {2 ** 60 + 4096} vs javascript {2 ** 60} (computed, rounded)"
    assert first_difference({"b": True}, {"b": 1}) == ".b: python True vs javascript 1"
    assert first_difference({"f": 1.0}, {"f": 1}) is None


def _pcapng(big_endian: bool, section_length: int, t: float) -> bytes:
    """A nanosecond pcapng file with one packet at ``t`` and the given Section Length."""
    buf = io.BytesIO()
    writer = PcapngWriter(buf, big_endian=big_endian)
    writer.interface(tsresol=9)
    writer.write(t, b"\x01" * 20, orig_len=60)  # cut short: the frame stays bytes
    data = bytearray(buf.getvalue())
    data[16:24] = struct.pack((">" if big_endian else "<") + "q", section_length)
    return bytes(data)


def test_pcapng_64_bit_values_are_exact_in_the_web_ide(tmp_path):
    t = 1_700_000_000.123456789
    ticks = round(t * 10 ** 9)
    assert ticks > 2 ** 53
    cases = {"le.pcapng": (False, 0x0123456789ABCDEF), "be.pcapng": (True, -(2 ** 60) - 3)}
    folder = tmp_path / "pcapng"
    (folder / "ksy").mkdir(parents=True)
    for spec in (ROOT / "ksy" / "capture").glob("*.ksy"):
        (folder / "ksy" / spec.name).write_bytes(spec.read_bytes())
    for name, (big_endian, section_length) in cases.items():
        (folder / name).write_bytes(_pcapng(big_endian, section_length, t))
    (folder / "index.json").write_text(json.dumps(
        {"container": "le.pcapng", "container_spec": "pcapng.ksy",
         "files": [{"file": "be.pcapng", "spec": "pcapng.ksy"}]}))
    parsed = open_like_webide(folder)
    for name, (_, section_length) in cases.items():
        js = parsed[name]
        py = python_view("wirestruct.generated.capture", "pcapng.ksy", (folder / name).read_bytes())
        assert first_difference(_same_terms(py), _same_terms(js)) is None
        assert list(_find(py, "timestamp")) == [ticks]
        [epb] = [b["body"] for b in js["blocks"] if "timestampHigh" in b["body"]]
        assert epb["timestampHigh"] * 2 ** 32 + epb["timestampLow"] == ticks
        assert list(_find(py, "section_length")) == [section_length]
        shb = js["blocks"][0]["body"]
        assert shb["sectionLengthHigh"] * 2 ** 32 + shb["sectionLengthLow"] == section_length


# -- a safe export ------------------------------------------------------------------------
def _head(tmp_path, lines):
    head = tmp_path / f"head{lines}.jsonl"
    with open(ROOT / "samples" / "mme.jsonl") as src:
        head.write_text("".join(line for _, line in zip(range(lines), src)))
    return head


def _export(tmp_path, out, lines=10, *extra):
    return cli(["export", str(_head(tmp_path, lines)), "-p", "mme", "--out", str(out), *extra])


def _tree(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_the_manifest_lists_every_file_written(tmp_path):
    out = tmp_path / "new" / "export"  # parents are created
    assert _export(tmp_path, out) == 0
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["complete"] is True
    files = sorted(p for p in _tree(out) if (out / p).is_file())
    assert sorted(manifest["files"]) == files
    assert "INDEX.txt" in files and "capture.wscap" in files and "ksy/mme_packet.ksy" in files


def test_a_non_empty_directory_is_refused(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    assert _export(tmp_path, out) == 2
    err = capsys.readouterr().err
    assert f"{out} is not empty" in err and "--force" in err
    assert _tree(out) == ["notes.txt"] and (out / "notes.txt").read_text() == "mine"
    # --force does not touch a directory that holds no export.
    assert _export(tmp_path, out, 10, "--force") == 2
    assert "holds no wirestruct export" in capsys.readouterr().err
    assert _tree(out) == ["notes.txt"]


def test_force_replaces_only_the_previous_exports_files(tmp_path, capsys):
    out = tmp_path / "out"
    assert _export(tmp_path, out, 30) == 0
    before = json.loads((out / MANIFEST).read_text())["files"]
    (out / "notes.txt").write_text("mine")
    (out / "packets" / "keep.bin").write_bytes(b"mine")
    capsys.readouterr()
    assert _export(tmp_path, out, 10, "--force") == 0
    err = capsys.readouterr().err
    assert f"warning: {out / 'notes.txt'} was not written by the previous export" in err
    assert f"warning: {out / 'packets' / 'keep.bin'} was not written" in err
    after = json.loads((out / MANIFEST).read_text())["files"]
    assert len(after) < len(before)
    # The old export's packets that the new one does not write are gone; user files stay.
    files = sorted(p for p in _tree(out) if (out / p).is_file())
    assert files == sorted(after + ["notes.txt", "packets/keep.bin"])
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / "packets" / "keep.bin").read_bytes() == b"mine"


def test_planted_symbolic_links_are_never_written_through(tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    assert _export(tmp_path, out) == 0
    # A listed file replaced by a link to a file outside: --force removes the link only.
    listed = json.loads((out / MANIFEST).read_text())["files"]
    packet = next(f for f in listed if f.startswith("packets/"))
    (out / packet).unlink()
    (out / packet).symlink_to(victim)
    (out / "INDEX.txt").unlink()
    (out / "INDEX.txt").symlink_to(victim)
    assert _export(tmp_path, out, 10, "--force") == 0
    assert victim.read_text() == "precious"
    assert not (out / packet).is_symlink() and not (out / "INDEX.txt").is_symlink()
    assert (out / "INDEX.txt").read_text().startswith("wirestruct export")


def test_a_link_swapped_in_after_the_check_fails_the_export(tmp_path):
    """The write itself refuses links (O_NOFOLLOW | O_EXCL), not only the check before it."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    out.mkdir()
    (out / "capture.wscap").symlink_to(victim)
    protocol = registry.get_protocol("mme")
    with pytest.raises(OutputError, match="capture.wscap already exists"):
        export_capture([], protocol, protocol.decoder(), out)
    assert victim.read_text() == "precious"
    # Even what failed is listed, so that --force can clean up after it.
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["complete"] is False and "capture.wscap" not in manifest["files"]


@pytest.mark.parametrize("where", ["packets", "ksy"])
def test_a_symlinked_subdirectory_is_refused(tmp_path, capsys, where):
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    assert _export(tmp_path, out) == 0
    listed = json.loads((out / MANIFEST).read_text())["files"]
    for name in listed:
        if name.startswith(where + "/"):
            (outside / name.split("/")[1]).write_bytes(b"outside")
    # Replace the subdirectory by a link to a folder holding files of the same names.
    for name in listed:
        if name.startswith(where + "/"):
            (out / name).unlink()
    (out / where).rmdir()
    (out / where).symlink_to(outside, target_is_directory=True)
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    capsys.readouterr()
    assert _export(tmp_path, out, 10, "--force") == 2
    assert f"{out / where} is a symbolic link" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before


def test_the_directory_itself_may_not_be_a_link(tmp_path, capsys):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    assert _export(tmp_path, link) == 2
    assert f"{link} is a symbolic link" in capsys.readouterr().err
    assert list(real.iterdir()) == []


def test_a_hostile_manifest_removes_nothing_outside(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    out.mkdir()
    (out / MANIFEST).write_text(json.dumps({"files": ["../victim.txt", str(victim),
                                                      "packets/../../victim.txt", MANIFEST]}))
    assert _export(tmp_path, out, 10, "--force") == 0
    assert victim.read_text() == "precious"
    assert json.loads((out / MANIFEST).read_text())["complete"] is True


def test_force_after_the_user_removed_part_of_the_export(tmp_path):
    out = tmp_path / "out"
    assert _export(tmp_path, out) == 0
    for packet in (out / "packets").iterdir():
        packet.unlink()
    (out / "packets").rmdir()
    (out / "INDEX.txt").unlink()
    assert _export(tmp_path, out, 10, "--force") == 0
    manifest = json.loads((out / MANIFEST).read_text())
    assert sorted(manifest["files"]) == sorted(p for p in _tree(out) if (out / p).is_file())
