"""Lengths and counts the specs determine are set from the values they frame
(:mod:`wirestruct.encode.lengths`): edited strings, bytes and lists of every protocol's
real captures encode with their new lengths and decode to the edited values; a made-up
spec (``tests/data/lengths/tlv.ksy``) gets its length, an expression plus a constant, a
count times a constant set, and an expression of two fields is refused naming the field."""
from __future__ import annotations

import importlib
import json
import shutil
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from encode_helpers import CAPTURES, ROOT
from wirestruct import PacketEvent, decode_records, get_protocol, open_capture
from wirestruct.core.errors import EncodeError
from wirestruct.encode.building import TypeInfo, type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.encode.lengths import (
    LengthSet,
    Solution,
    Unsolvable,
    expression_solver,
    reporting,
    solver,
)
from wirestruct.output.serialize import event_json
from wirestruct.plugin.protocol import Specs
from wirestruct.tools.cli import main


def _spec_fields(protocol: Any) -> tuple[set[str], set[str]]:
    """The ids of string fields, and of fields whose ``size:`` or ``repeat-expr:`` is an
    expression (no instance of the specs is named like them)."""
    texts: set[str] = set()
    sized: set[str] = set()
    instances: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for attr in node.get("seq") or []:      # sequence fields (not instances)
                if attr.get("type") in ("str", "strz"):
                    texts.add(attr["id"])
                if isinstance(attr.get("size"), str) or isinstance(attr.get("repeat-expr"), str):
                    sized.add(attr["id"])
            instances.update(node.get("instances") or {})
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)
    for path in protocol.specs.folder.glob("*.ksy"):
        visit(yaml.safe_load(path.read_text(encoding="utf-8")))
    return texts - instances, sized - texts - instances


def _decoded(protocol: Any, source: Any) -> list[dict[str, Any]]:
    if isinstance(source, str):
        with open_capture(ROOT / source) as capture:
            events = list(decode_records(capture.records(protocol), protocol.decoder()))
    else:
        events = list(decode_records(iter(source), protocol.decoder()))
    return [json.loads(json.dumps(event_json(e))) for e in events if isinstance(e, PacketEvent)]


def _leaves(node: Any, texts: set[str], sized: set[str],
            path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if "compressed" in key or "lz4" in key:
                continue                 # written from its expansion, compressed again
            if key in texts and isinstance(value, str) or key in sized and (isinstance(
                    value, dict) and set(value) == {"hex"} or isinstance(value, list) and value):
                yield (*path, key)
            else:
                yield from _leaves(value, texts, sized, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _leaves(value, texts, sized, (*path, i))


def _written(event: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Where the encoder takes an event's values from: an expanded body (its BlobData
    payloads first) or sub-updates where the decoder expanded them, else its fields."""
    expansions = event.get("expansions") or {}
    roots: list[tuple[Any, ...]] = [
        ("expansions", "blobs", i, "payload") for i, blob in
        enumerate(expansions.get("blobs") or []) if isinstance(blob.get("payload"), dict)]
    if isinstance(expansions.get("body"), dict):
        roots.append(("expansions", "body"))
    roots += [("expansions", "sub_updates", i, "update")
              for i, _ in enumerate(expansions.get("sub_updates") or [])]
    if expansions.get("body") is None and not expansions.get("sub_updates"):
        roots.append(("fields",))
    return roots


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _edit(value: Any, longer: bool) -> Any:
    if isinstance(value, list):
        return value + value[-1:] if longer or len(value) < 2 else value[:-1]
    if isinstance(value, dict):
        text = value["hex"]
        return {"hex": text + "a5" * 9 if longer else text[:len(text) // 4 * 2]}
    return value + "wirestruct" * 3 if longer else value[:len(value) // 2]


@pytest.mark.parametrize("longer", [True, False], ids=["longer", "shorter"])
@pytest.mark.parametrize("name,capture", [(n, c) for n, cs in CAPTURES.items() for c in cs])
def test_edited_values_get_their_lengths(name: str, capture: str, longer: bool) -> None:
    """One string or length-framed bytes field of every packet that has one, edited:
    every packet is encoded, the lengths are set (and reported), and decoding gives the
    edited values back."""
    protocol = get_protocol(name)
    texts, sized = _spec_fields(protocol)
    events = _decoded(protocol, capture)
    edits: dict[int, tuple[tuple[Any, ...], Any]] = {}
    parents = {event.get("parent") for event in events}
    for event in events:
        if event.get("parent") is not None or event["index"] in parents:
            continue                     # a packet of nested events is written from them
        for path in (path for root in _written(event)
                     for path in _leaves(_get(event, root), texts, sized, root)):
            old = _get(event, path)
            new = _edit(old, longer)
            if new != old and len(path) > 2:         # not a body the encoder rebuilds
                _get(event, path[:-1])[path[-1]] = new
                edits[event["index"]] = (path, new)
                break
    notes: list[LengthSet] = []
    with reporting(notes.append):
        out = list(protocol.encoder().encode_events(events))
    errors = [item for item in out if isinstance(item, EncodeError)]
    for error in errors:                 # only fixed sizes refuse, naming the field
        assert error.where.field_path, error
        assert "is fixed at" in error.message or "holds exactly" in error.message, error
    failed = {error.where.packet_index for error in errors}
    back = [e for e in _decoded(protocol, [o for o in out if not isinstance(o, EncodeError)])
            if e.get("parent") is None]
    kept = [e for e in events if e.get("parent") is None and e["index"] not in failed]
    assert len(back) == len(kept)
    checked = 0
    for before, after in zip(kept, back):
        if before["index"] in edits:
            path, new = edits[before["index"]]
            assert _get(after, path) == new, (before["index"], path)
            checked += 1
    assert checked >= 5 and len(errors) <= checked
    if name != "diep":                   # diep's strings end with a NUL: no length
        assert notes and all(note.value != note.was for note in notes)


def test_unedited_captures_set_nothing() -> None:
    for name, captures in CAPTURES.items():
        protocol = get_protocol(name)
        notes: list[LengthSet] = []
        with reporting(notes.append):
            out = list(protocol.encoder().encode_events(_decoded(protocol, captures[0])))
        assert not [o for o in out if isinstance(o, EncodeError)]
        assert notes == [], name


def _solve(expression: str, want: int) -> tuple[tuple[str, ...], str, int]:
    found = expression_solver(expression)
    if found is None:
        raise Unsolvable(expression)
    solution = found(want)
    return solution.steps, solution.name, solution.value


def test_solving_expressions() -> None:
    payload = type_info("mme", "mme_packet").expressions[("payload", "size")]
    assert solver(payload)(9) == Solution((), "len_payload", 9)     # read from its source
    assert _solve("self.len_name", 12) == ((), "len_name", 12)
    assert _solve("self.len_header - 20", 8) == ((), "len_header", 28)
    assert _solve("self.len_options * 4", 12) == ((), "len_options", 3)
    assert _solve("(self.len_x + 2) * 2", 10) == ((), "len_x", 3)
    assert _solve("10 - self.len_x", 4) == ((), "len_x", 6)
    assert _solve("self.header.incl_len", 60) == (("header",), "incl_len", 60)
    assert _solve("self._parent.len_body", 7) == (("_parent",), "len_body", 7)
    with pytest.raises(Unsolvable, match="not a multiple of 4"):
        _solve("self.len_options * 4", 10)
    for expression in ("(self.head.len_block - self.head.len_head) - 4",
                       "self.len_message - (self._io.pos() - 8)",
                       "(24 if self._io.size() >= 26 else self._io.size() - 2)",
                       "self._io.size() - 2"):
        with pytest.raises(Unsolvable):
            _solve(expression, 5)


# -- a made-up spec --------------------------------------------------------------------
TLV = ROOT / "tests" / "data" / "lengths" / "tlv.ksy"


@pytest.fixture(scope="module")
def tlv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TypeInfo]:
    """``tlv.ksy`` compiled by the pinned compiler as ``wirestruct regen`` compiles a
    folder of specs, imported as a package of its own."""
    from wirestruct.tools import regen
    tmp = tmp_path_factory.mktemp("tlv")
    (tmp / "ksy" / "tlv").mkdir(parents=True)
    shutil.copy(TLV, tmp / "ksy" / "tlv" / "tlv.ksy")
    package = tmp / "tlv_lengths"
    outputs, errors = regen.expected_outputs(tmp / "ksy", package / "generated", folder="tlv")
    assert not errors
    for path, text in outputs.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in (package, package / "generated", package / "generated_rw"):
        (folder / "__init__.py").touch()
    sys.path.insert(0, str(tmp))
    try:
        yield type_info(Specs(tmp / "ksy" / "tlv", "tlv_lengths.generated.tlv",
                              "tlv_lengths.generated_rw.tlv"), "tlv")
    finally:
        sys.path.remove(str(tmp))


def _tlv_fields(**changes: Any) -> dict[str, Any]:
    fields = {"msg_type": 7, "len_payload": 3, "payload": b"abc", "len_name": 5,
              "name": "bob", "num_words": 1, "words": [1, 2], "len_a": 1, "len_b": 1,
              "tail": b"xy"}
    return {**fields, **changes}


def _tlv_read(tlv: TypeInfo, data: bytes) -> Any:
    module = importlib.import_module("tlv_lengths.generated.tlv.tlv")
    parsed = module.Tlv.from_bytes(data)
    assert parsed._io.is_eof()
    return parsed


def test_made_up_spec_unedited(tlv: TypeInfo) -> None:
    notes: list[LengthSet] = []
    with reporting(notes.append):
        data = encode_fields(tlv, _tlv_fields())
    assert data == bytes.fromhex("07 0003 616263 05 626f62 01 00010002 01 01 7879")
    assert notes == []


def test_made_up_spec_edited(tlv: TypeInfo) -> None:
    """The payload longer, the name shorter, more words: each length set from the spec's
    expression (a field, a field minus 2, a count times 2) and reported."""
    notes: list[LengthSet] = []
    with reporting(notes.append):
        data = encode_fields(tlv, _tlv_fields(payload=b"a much longer payload",
                                              name="x", words=[5, 6, 7, 8, 9, 10]))
    parsed = _tlv_read(tlv, data)
    assert (parsed.len_payload, parsed.payload) == (21, b"a much longer payload")
    assert (parsed.len_name, parsed.name) == (3, "x")
    assert (parsed.num_words, parsed.words) == (3, [5, 6, 7, 8, 9, 10])
    assert [str(note) for note in notes] == [
        "set len_payload = 21 (from payload; was 3) in tlv",
        "set len_name = 3 (from name; was 5) in tlv",
        "set num_words = 3 (from words; was 1) in tlv"]


def test_made_up_spec_lengths_left_out(tlv: TypeInfo) -> None:
    """A length or count the spec solves may be left out: it is set, and nothing is said
    (there was nothing given to correct)."""
    fields = _tlv_fields(payload=b"hello")
    for name in ("len_payload", "len_name", "num_words"):
        del fields[name]
    notes: list[LengthSet] = []
    with reporting(notes.append):
        data = encode_fields(tlv, fields)
    assert data == bytes.fromhex("07 0005 68656c6c6f 05 626f62 01 00010002 01 01 7879")
    assert notes == []
    with pytest.raises(EncodeError, match="field len_a is missing") as caught:
        encode_fields(tlv, {k: v for k, v in _tlv_fields().items() if k != "len_a"})
    assert caught.value.where.field_path == "len_a"


def test_made_up_spec_refusals(tlv: TypeInfo) -> None:
    """What the writer cannot set is an error naming the field and what was expected."""
    with pytest.raises(EncodeError, match=r"field tail is 5 bytes but its size len_a \+ "
                                          r"len_b gives 2") as caught:
        encode_fields(tlv, _tlv_fields(tail=b"12345"))
    assert caught.value.where.field_path == "tail"
    assert caught.value.expected == "fields that make size len_a + len_b give 5"
    with pytest.raises(EncodeError, match="field words is 3 items, which its repeat-expr "
                                          "num_words \\* 2 cannot give") as caught:
        encode_fields(tlv, _tlv_fields(words=[1, 2, 3]))
    assert caught.value.where.field_path == "words"
    with pytest.raises(EncodeError, match="so len_name would be 302") as caught:
        encode_fields(tlv, _tlv_fields(name="n" * 300))
    assert caught.value.where.field_path == "len_name"


# -- the command line --------------------------------------------------------------------
def _edited_lines(source: str, name: str, edit: Any) -> str:
    protocol = get_protocol(name)
    lines = []
    for event in _decoded(protocol, source):
        edit(event)
        lines.append(json.dumps(event))
    return "\n".join(lines) + "\n"


def test_encode_command_sets_and_says_the_lengths(tmp_path: Any, capsys: Any) -> None:
    """The case that used to fail with "requested to write 30 bytes, but only 11 bytes
    left": edited strings get their lengths, said on stderr, and decode to the edits."""
    def edit_mme(event: dict[str, Any]) -> None:
        if event["index"] in (42, 64):
            event["fields"]["payload"]["message"] = "hi" if event["index"] == 42 else \
                "a message longer than the first one was"

    def edit_sm(event: dict[str, Any]) -> None:
        for blob in (event.get("expansions") or {}).get("blobs") or []:
            if "name" in (blob.get("payload") or {}):
                blob["payload"]["name"] = "Wanderer of the far lands"
    for name, source, edit, said in (
            ("mme", "samples/mme.jsonl", edit_mme, [
                "wirestruct: record 42: set len_payload = 3 (from payload; was 34) in mme_packet",
                "wirestruct: record 64: set len_payload = 40 (from payload; was 27) in mme_packet"]),
            ("scrap-mechanic", "samples/scrap_mechanic.jsonl", edit_sm, [
                "wirestruct: record 6: set len_name = 25 (from name; was 8) in "
                "sm_blob_player_data"])):
        events = tmp_path / f"{name}.jsonl"
        events.write_text(_edited_lines(source, name, edit), encoding="utf-8")
        out = tmp_path / f"{name}.out.jsonl"
        assert main(["encode", str(events), "-p", name, "--out", str(out), "--strict"]) == 0
        err = capsys.readouterr().err.splitlines()
        assert all(line in err for line in said), err
        assert len([line for line in err if " set " in line]) == (2 if name == "mme" else 3)
        back = _decoded(get_protocol(name), str(out))
        if name == "mme":
            assert [e["fields"]["payload"]["message"] for e in back if e["index"] in (42, 64)] \
                == ["hi", "a message longer than the first one was"]
        else:
            names = [blob["payload"]["name"] for e in back
                     for blob in (e.get("expansions") or {}).get("blobs") or []
                     if "name" in (blob.get("payload") or {})]
            assert names and set(names) == {"Wanderer of the far lands"}


def test_encode_command_names_a_field_it_cannot_write(tmp_path: Any, capsys: Any) -> None:
    def edit(event: dict[str, Any]) -> None:
        if event["name"] == "portal_cookie":
            event["fields"]["payload"]["cookie"] = {"hex": "00" * 21}
    events = tmp_path / "mme.jsonl"
    events.write_text(_edited_lines("samples/mme.jsonl", "mme", edit), encoding="utf-8")
    assert main(["encode", str(events), "-p", "mme", "--out", str(tmp_path / "o.jsonl"),
                 "--strict"]) == 1
    errors = [json.loads(line) for line in capsys.readouterr().err.splitlines()
              if line.startswith("{")]
    assert errors and errors[0]["field_path"] == "payload/cookie"
    assert "field payload/cookie is 21 bytes but its size is fixed at 20 bytes" in \
        errors[0]["message"]
    assert errors[0]["expected"] == "a value of 20 bytes"


def test_encode_command_on_a_spec_given_by_its_ksy(tmp_path: Any, capsys: Any) -> None:
    """A protocol given by its spec (``--ksy``): the edited text's length and the body's
    length around it are both set, each said once, and decode gives the edit back."""
    adhoc = ROOT / "tests" / "data" / "adhoc"
    spec = ["--ksy", str(adhoc / "blip_pdu.ksy"), "--ksy", str(adhoc / "blip_types.ksy"),
            "--transport", "messages"]
    assert main(["decode", str(adhoc / "blip.jsonl"), *spec, "--format", "jsonl"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    said = next(e for e in events if e["name"] == "say")
    said["fields"]["body"]["text"] = "hello there, a longer greeting"
    edited = tmp_path / "edited.jsonl"
    edited.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["encode", str(edited), *spec, "--out", str(out), "--strict"]) == 0
    err = [line for line in capsys.readouterr().err.splitlines() if " set " in line]
    record = said["index"]
    assert len(err) == 2
    assert err[0].startswith(f"wirestruct: record {record}: set body.len_text = 30 "
                             "(from body.text; was ")
    assert err[1].startswith(f"wirestruct: record {record}: set len_body = 33 (from body; was ")
    assert main(["decode", str(out), *spec, "--format", "jsonl"]) == 0
    back = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert back[record]["fields"]["body"] == {**said["fields"]["body"], "len_text": 30}
    assert back[record]["fields"]["len_body"] == 33
