"""The specs follow the Kaitai style guide (``ksy_style_guide.adoc``), checked mechanically.

Specs are read with js-yaml, as the Web IDE reads them; the flow-style check reads the
text. Each rule applies to every folder of ``ksy/`` except those listed for it in
``PENDING`` (folders not yet brought up to that rule); a folder leaves a list when its
specs meet the rule, and the test then holds it to it.
"""
from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from needs import needs_documents

ROOT = Path(__file__).resolve().parent.parent
LOAD = """
const yaml = require('js-yaml'), fs = require('fs'), path = require('path');
const out = {};
for (const dir of fs.readdirSync('ksy')) {
  for (const f of fs.readdirSync(path.join('ksy', dir))) {
    if (!f.endsWith('.ksy')) continue;
    out[dir + '/' + f] = yaml.load(fs.readFileSync(path.join('ksy', dir, f), 'utf8'));
  }
}
process.stdout.write(JSON.stringify(out));
"""

# Folders of ksy/ not yet brought up to a rule, per rule.
PENDING: dict[str, set[str]] = {
    "section_order": set(),
    "meta_key_order": set(),
    "attribute_key_order": set(),
    "block_lists": set(),
    "no_empty_imports": set(),
    "application": set(),
    "orig_id_not_prose": set(),
    "len_num_names": set(),
    "doc_ref_on_types": set(),
    "documented_share": set(),
}

GAME_FOLDERS = {"mme", "scrap_mechanic", "diep"}
MIN_DOCUMENTED_SHARE = 0.75

# The protocol documents are read for the -orig-id check (a lowercase phrase is a name only
# if the document spells it so): shared/specs beside the checkout, where CI's clone has
# them too (tests/needs.py); without them that check skips, and fails in CI.

# The style guide's orders. `valid` (newer than the guide) goes with `process`, before
# the repetition keys; `params` sits between `doc-ref` and `seq`.
SECTION_ORDER = ["meta", "doc", "doc-ref", "params", "seq"]
META_ORDER = ["id", "title", "application", "file-extension", "xref", "license", "ks-version",
              "imports", "encoding", "endian", "bit-endian"]
NESTED_META = ["encoding", "endian", "bit-endian"]
ATTRIBUTE_ORDER = ["id", "-orig-id", "io", "pos", "value", "size", "size-eos", "type", "enum",
                   "contents", "pad-right", "terminator", "include", "consume", "eos-error",
                   "encoding", "process", "valid", "repeat", "repeat-eos", "repeat-expr",
                   "repeat-until", "if", "doc", "doc-ref"]


def load_specs() -> dict[str, Any]:
    proc = subprocess.run(["node", "-e", LOAD], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    return json.loads(proc.stdout)


SPECS = load_specs()
NAMES = sorted(SPECS)


def applies(rule: str, name: str) -> bool:
    return name.split("/")[0] not in PENDING[rule]


def types_of(spec: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """The top-level type and every nested type, with a readable path."""
    yield path or "(top level)", spec
    for type_name, body in (spec.get("types") or {}).items():
        yield from types_of(body, f"{path}/{type_name}" if path else type_name)


def attributes_of(body: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Sequence attributes, instances and parameters of one type."""
    for attr in body.get("seq") or []:
        yield f"seq {attr.get('id')}", attr
    for inst_name, inst in (body.get("instances") or {}).items():
        yield f"instance {inst_name}", inst
    for param in body.get("params") or []:
        yield f"param {param.get('id')}", param


def in_order(keys: list[str], order: list[str]) -> bool:
    ranks = [order.index(k) for k in keys if k in order]
    return ranks == sorted(ranks)


def check(rule: str, name: str, problems: list[str]) -> None:
    if problems and not applies(rule, name):
        pytest.skip(f"{name.split('/')[0]} is pending for {rule}: {len(problems)} to fix")
    assert not problems, f"{name}: " + "; ".join(problems)


@pytest.mark.parametrize("name", NAMES)
def test_full_meta_doc_and_doc_ref(name: str) -> None:
    spec = SPECS[name]
    meta = spec["meta"]
    for key in ("id", "title", "license", "ks-version", "endian", "bit-endian"):
        assert key in meta, f"{name}: meta.{key}"
    assert meta["id"] == Path(name).stem
    assert meta["license"] == "MIT"
    assert str(meta["ks-version"]) == "0.11"
    assert spec.get("doc") and spec.get("doc-ref"), name
    for type_name, body in (spec.get("types") or {}).items():
        assert body.get("doc") or body.get("doc-ref"), f"{name}: type {type_name} has no doc"
    for imported in meta.get("imports") or []:
        sibling = ROOT / "ksy" / name.split("/")[0] / f"{imported}.ksy"
        assert "/" not in imported and sibling.is_file(), f"{name}: import {imported}"


@pytest.mark.parametrize("name", NAMES)
def test_meta_first_and_sections_in_order(name: str) -> None:
    problems = []
    for path, body in types_of(SPECS[name]):
        keys = list(body)
        if "meta" in keys and keys[0] != "meta":
            problems.append(f"{path}: meta is not first")
        if path != "(top level)" and "meta" in body:
            meta_keys = list(body["meta"])
            # Below the top level, meta only switches defaults, in alphabetic order.
            if not set(meta_keys) <= set(NESTED_META) or not in_order(meta_keys, NESTED_META):
                problems.append(f"{path}: meta keys {meta_keys}")
        known = [k for k in keys if k in SECTION_ORDER]
        if not in_order(known, SECTION_ORDER):
            problems.append(f"{path}: sections {known}")
        rest = keys.index("seq") if "seq" in keys else 0
        if any(k in ("instances", "types", "enums") for k in keys[:rest]):
            problems.append(f"{path}: instances/types/enums before seq")
    check("section_order", name, problems)


@pytest.mark.parametrize("name", NAMES)
def test_meta_keys_in_the_guides_order(name: str) -> None:
    keys = list(SPECS[name]["meta"])
    problems = [] if in_order(keys, META_ORDER) else [f"meta keys {keys}"]
    problems += [f"unknown meta key {k}" for k in keys if k not in META_ORDER]
    check("meta_key_order", name, problems)


@pytest.mark.parametrize("name", NAMES)
def test_attribute_keys_in_the_guides_order(name: str) -> None:
    problems = []
    for path, body in types_of(SPECS[name]):
        for where, attr in attributes_of(body):
            keys = list(attr)
            if not in_order(keys, ATTRIBUTE_ORDER):
                problems.append(f"{path} {where}: {keys}")
    check("attribute_key_order", name, problems)


# A flow-style list or map: `key: [a, b]`, `- {id: x}` (an empty `[]` has no block form).
FLOW = re.compile(r"^\s*(?:-\s+)?(?:[\w-]+:\s*)?(?:\[(?!\s*\]\s*$)|\{)")


BLOCK_SCALAR = re.compile(r"^(\s*)(?:-\s+)?[\w-]+:\s*[|>][-+]?\s*$")


def flow_lines(text: str) -> list[str]:
    """Lines holding a flow-style collection, outside comments and block scalars."""
    found, scalar_indent = [], None
    for n, line in enumerate(text.splitlines(), 1):
        indent = len(line) - len(line.lstrip())
        if scalar_indent is not None and (not line.strip() or indent > scalar_indent):
            continue
        scalar_indent = None
        opener = BLOCK_SCALAR.match(line)
        if opener:
            scalar_indent = len(opener.group(1))
        elif FLOW.match(line) and not line.strip().startswith("#"):
            found.append(f"line {n}: {line.strip()}")
    return found


@pytest.mark.parametrize("name", NAMES)
def test_block_style_lists(name: str) -> None:
    check("block_lists", name, flow_lines((ROOT / "ksy" / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", NAMES)
def test_no_empty_imports(name: str) -> None:
    meta = SPECS[name]["meta"]
    problems = ["imports: []"] if "imports" in meta and not meta["imports"] else []
    check("no_empty_imports", name, problems)


@pytest.mark.parametrize("name", NAMES)
def test_application_names_who_uses_the_format(name: str) -> None:
    application = SPECS[name]["meta"].get("application")
    apps = application if isinstance(application, list) else [application]
    problems = ["application: wirestruct"] if any(
        str(a).lower() == "wirestruct" for a in apps if a) else []
    check("application", name, problems)


def document_text(folder_path: Path) -> str:
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder_path.iterdir())
             if p.is_file()]
    return " ".join(" ".join(texts).split())


def orig_id_is_prose(orig_id: str, document: str | None) -> bool:
    """An original identifier is one token (``lower_x``, ``PACKET_MENU_RESET``), a
    capitalised name (``Slot Change Count``) or a short lowercase name the document
    itself uses; a longer lowercase phrase is a description, which belongs in ``doc``."""
    words = [w for w in orig_id.split() if not w.isdigit()]
    if len(words) < 2 or words[0][:1].isupper():
        return False
    if len(words) > 3:
        return True
    return document is not None and orig_id not in document


@pytest.mark.parametrize("name", NAMES)
def test_orig_id_is_an_original_name(name: str) -> None:
    folder = name.split("/")[0]
    # the capture formats' names come from their own references, not from a document here:
    # for them only the word count decides
    document = document_text(needs_documents(folder)) if folder in GAME_FOLDERS else None
    problems = []
    for path, body in types_of(SPECS[name]):
        for where, attr in attributes_of(body):
            orig_id = attr.get("-orig-id")
            if isinstance(orig_id, str) and orig_id_is_prose(orig_id, document):
                problems.append(f"{path} {where}: -orig-id {orig_id!r}")
        for enum_name, enum in (body.get("enums") or {}).items():
            for value, entry in enum.items():
                orig_id = entry.get("-orig-id") if isinstance(entry, dict) else None
                if isinstance(orig_id, str) and orig_id_is_prose(orig_id, document):
                    problems.append(f"{path} enum {enum_name} {value}: -orig-id {orig_id!r}")
    check("orig_id_not_prose", name, problems)


IDENT = re.compile(r"^[a-z_][a-z0-9_]*$")


@pytest.mark.parametrize("name", NAMES)
def test_lengths_are_len_and_counts_are_num(name: str) -> None:
    """A field or value instance of the same type used directly as a `size:` is `len_*`,
    as a `repeat-expr:` is `num_*`."""
    problems = []
    for path, body in types_of(SPECS[name]):
        own = {a.get("id") for a in body.get("seq") or []} | set(body.get("instances") or {})
        for where, attr in attributes_of(body):
            for key, prefix in (("size", "len_"), ("repeat-expr", "num_")):
                ref = str(attr.get(key, ""))
                if IDENT.match(ref) and ref in own and not ref.startswith(prefix):
                    problems.append(f"{path} {where}: {key}: {ref} (want {prefix}*)")
    check("len_num_names", name, problems)


@pytest.mark.parametrize("name", NAMES)
def test_every_type_has_a_doc_ref(name: str) -> None:
    problems = [path for path, body in types_of(SPECS[name]) if not body.get("doc-ref")]
    check("doc_ref_on_types", name, problems)


def trivial(field_id: str, doc: str) -> bool:
    """A doc that only repeats the id (the guide leaves such docs out)."""
    words = re.findall(r"[a-z0-9]+", doc.lower())
    return words == field_id.lower().split("_")


def documented_share(spec: dict[str, Any]) -> tuple[int, int, list[str]]:
    documented, total, trivial_docs = 0, 0, []
    for path, body in types_of(spec):
        for where, attr in attributes_of(body):
            if where.startswith("param"):
                continue
            total += 1
            doc = attr.get("doc")
            field_id = where.split(" ", 1)[1]
            if doc and trivial(field_id, str(doc)):
                trivial_docs.append(f"{path} {where}")
            elif doc:
                documented += 1
    return documented, total, trivial_docs


def test_documented_share_per_spec(capsys: pytest.CaptureFixture[str]) -> None:
    """Prints the share of fields (sequence attributes and instances) with a doc, and
    holds every game spec to the minimum."""
    low, trivial_found = [], []
    lines = []
    for name in NAMES:
        documented, total, trivial_docs = documented_share(SPECS[name])
        share = documented / total if total else 1.0
        lines.append(f"{name:50} {documented:4}/{total:<4} {share:6.0%}")
        if name.split("/")[0] in GAME_FOLDERS and applies("documented_share", name):
            if share < MIN_DOCUMENTED_SHARE:
                low.append(f"{name} {share:.0%}")
            trivial_found += [f"{name}: {t}" for t in trivial_docs]
    with capsys.disabled():
        print("\ndocumented share (fields with a doc / all fields):")
        print("\n".join(lines))
    assert not low, f"below {MIN_DOCUMENTED_SHARE:.0%}: {low}"
    assert not trivial_found, f"docs that only repeat the id: {trivial_found}"


def test_trivial_doc_and_prose_heuristics() -> None:
    assert trivial("player_id", "Player id.") and not trivial("player_id", "0 is the server.")
    assert orig_id_is_prose("available columns with current window size", None)
    assert not orig_id_is_prose("PACKET_MENU_RESET", None)
    assert not orig_id_is_prose("Slot Change Count", None)
    assert not orig_id_is_prose("packet size", "U2 - packet size")
    assert orig_id_is_prose("packet size", "U2 - packet length")
    assert not orig_id_is_prose("copy/paste dimension limit 1", None)
    assert FLOW.match("imports: [a, b]") and FLOW.match("  - [1, 2]")
    assert not FLOW.match("seq: []") and not FLOW.match("    value: '[1, 2]'")
    assert not FLOW.match("  doc: a [b]")
    assert flow_lines("doc: |\n  [not a list]\n\n  {nor a map}\nseq:\n  - [1]\n") == [
        "line 6: - [1]"]
