"""The protocol documents' facts the golden witnesses read, taken out of the documents.

    python tests/golden/witness_sources.py [DOCUMENTS] [--write]

The documents (the Scrap Mechanic packet pages, the MME protocol document, the diep.io
field table and packet lists) are not part of the checkout, so what the witnesses need of
them is kept as data in ``tests/data/witness/`` (``README.md`` there names the page or
line each fact comes from). This module reads the documents with the standard library
alone and builds that data; ``--write`` stores it, without it the command says whether
the stored data still matches the documents (``test_golden_witness.py`` asks the same
when the documents are present). DOCUMENTS defaults to ``$WIRESTRUCT_DOCUMENTS`` or
``../shared/specs`` beside the checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
WITNESS_DATA = REPO / "tests" / "data" / "witness"


def default_documents() -> Path:
    return Path(os.environ.get("WIRESTRUCT_DOCUMENTS", REPO.parent / "shared" / "specs"))


# ----------------------------------------------------------------------------- MME

_MME_HEADER = re.compile(r"^PACKET_([A-Z0-9_]+) (\d+)(?: \((.*)\))?\s*$")
_MME_FIELD = re.compile(r"^(U1|S1|U2|S2|U4|S4|F4|B\d+|B\*|S\d+)\s+(.*)$")
_MME_ENUM = re.compile(r"^(\d+) = DISCONNECT_([A-Z]+) - ")
_MME_COLOR = re.compile(r"^(\d+) - ([a-z]+)$")


def mme_facts(documents: Path) -> dict[str, Any]:
    """Per packet type of ``mme/protocol.txt``: its name, the sizes the document allows
    (its text), the line it is described on and its fields in order (type code, the
    document's words); the colour table and the disconnect reason codes."""
    path = documents / "mme" / "protocol.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    packets: dict[str, Any] = {}
    colors: dict[str, str] = {}
    reasons: dict[str, str] = {}
    current: dict[str, Any] | None = None
    for number, line in enumerate(lines, 1):
        header = _MME_HEADER.match(line)
        if header:
            current = packets[header[2]] = {
                "name": header[1].lower(), "sizes": header[3], "line": number, "fields": []}
            continue
        field = _MME_FIELD.match(line)
        if field and current is not None:
            # The authentication token's own structure (salt, name, id, time) follows
            # "SHA-1 sum of this structure:" and is not part of the packet.
            if current["name"] == "authenticate" and len(current["fields"]) == 4:
                continue
            current["fields"].append([field[1], field[2].strip()])
            continue
        enum = _MME_ENUM.match(line)
        if enum:
            reasons[enum[1]] = enum[2].lower()
            continue
        color = _MME_COLOR.match(line)
        if color and current is None:
            colors[color[1]] = color[2]
    return {
        "source": "mme/protocol.txt",
        "header": "U2 packet type, U2 packet size (the data's size, the header excluded), data",
        "packets": packets,
        "colors": colors,
        "disconnect_reasons": reasons,
    }


# ----------------------------------------------------------------------------- Scrap Mechanic

_SM_BULLET = re.compile(r"^-\s+(?:\*\*)?([A-Za-z0-9 ]+?)(?:\*\*)?:\s*(?:\*\*)?\s*(.*?)\s*$")


def _sm_directions(text: str) -> list[str]:
    text = text.replace("\\", "")
    if "<->" in text:
        return ["c2s", "s2c"]
    if "Client -> Server" in text:
        return ["c2s"]
    if "Server -> Client" in text:
        return ["s2c"]
    raise ValueError(f"unknown direction {text!r}")


def sm_facts(documents: Path) -> dict[str, Any]:
    """Per packet page of ``scrap_mechanic/``: the packet id (the page's number: page
    13's own ID line repeats page 11's), its name (the page's file name), who sends it,
    whether its body is one LZ4 block, and the size the page gives; the layout of 30
    Player Movement and the keys bitfield; the compound packet's sub-packet header."""
    folder = documents / "scrap_mechanic"
    packets: dict[str, Any] = {}
    for path in sorted(folder.iterdir()):
        stem = re.match(r"^(\d\d)-([a-z0-9-]+)\.(mdx|txt)$", path.name)
        if not stem:
            continue
        facts: dict[str, str] = {}
        for line in path.read_text(encoding="utf-8").split("\n"):
            bullet = _SM_BULLET.match(line)
            if bullet and bullet[1] in ("ID", "Size", "LZ4 Compressed", "Bound To"):
                facts.setdefault(bullet[1], bullet[2])
        packets[str(int(stem[1]))] = {
            "page": path.name,
            "name": stem[2].replace("-", "_"),
            "directions": _sm_directions(facts["Bound To"]),
            "lz4": facts["LZ4 Compressed"].startswith("Yes"),
            "size": facts.get("Size", ""),
        }
    movement = (folder / "30-player-movement.mdx").read_text(encoding="utf-8")
    layout = [[int(m[1], 16), m[2].strip(), m[3].strip()] for m in re.finditer(
        r"^\|\s*0x([0-9A-F]{2})\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|", movement, re.M)]
    bits = {name.strip(): int(bit) for bit, name in re.findall(
        r"<td>(\d)</td>\s*<td>([A-Za-z]+)</td>", movement)}
    compound = (folder / "29-compound-packet.mdx").read_text(encoding="utf-8")
    sub = re.findall(r"^\|\s*(Size|Packet ID|Packet Data)\s*\|\s*([^|]+?)\s*\|", compound, re.M)
    return {
        "source": "scrap_mechanic/*.mdx, 22-network-update.txt, 24-unreliable-update.txt",
        "packets": packets,
        "player_movement": {"page": "30-player-movement.mdx", "layout": layout, "key_bits": bits},
        "compound_subpacket": {"page": "29-compound-packet.mdx", "fields": [list(f) for f in sub]},
    }


# ----------------------------------------------------------------------------- diep.io

_DIEP_HEADING = re.compile(r"^## \*\*`0x([0-9A-F]{2})` (?:\[Unused\] )?(.+?) Packet\*\*")


def diep_facts(documents: Path) -> dict[str, Any]:
    """The field table of ``diep/fields.json`` (the fields in creation order with their
    groups, indices and types), and each direction's packet names from the headings of
    ``clientbound.md`` and ``serverbound.md``; the 0x02 wrapper of README.md section 5."""
    folder = documents / "diep"
    table = json.loads((folder / "fields.json").read_text(encoding="utf-8"))
    names: dict[str, dict[str, str]] = {}
    for direction, page in (("s2c", "clientbound.md"), ("c2s", "serverbound.md")):
        found = {}
        for line in (folder / page).read_text(encoding="utf-8").split("\n"):
            heading = _DIEP_HEADING.match(line)
            if heading:
                found[str(int(heading[1], 16))] = \
                    re.sub(r"[^a-z0-9]+", "_", heading[2].lower()).strip("_")
        names[direction] = found
    readme = (folder / "README.md").read_text(encoding="utf-8")
    wrapper = re.search(r"^`02 +(u32 little-endian[^`]*?)`", readme, re.M)
    return {
        "source": "diep/fields.json, diep/clientbound.md, diep/serverbound.md, diep/README.md",
        "build": table["build"],
        "packet_names": names,
        "compressed_wrapper": wrapper[1] if wrapper else None,
        "field_groups": [{"id": g["id"], "name": g["name"]} for g in table["field_groups"]],
        "fields": [{k: f[k] for k in ("creation_index", "update_index", "key", "group",
                                      "group_id", "name", "type", "update_type", "length")}
                   for f in table["fields"]],
    }


# ----------------------------------------------------------------------------- files

EXTRACTORS = {"mme_protocol.json": mme_facts, "scrap_mechanic_pages.json": sm_facts,
              "diep_fields.json": diep_facts}


def render(value: Any) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False) + "\n"


def extract(documents: Path) -> dict[str, str]:
    return {name: render(make(documents)) for name, make in EXTRACTORS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("documents", nargs="?", type=Path, default=default_documents())
    parser.add_argument("--write", action="store_true", help="store the data in tests/data/witness/")
    args = parser.parse_args(argv)
    if not args.documents.is_dir():
        parser.error(f"{args.documents}: no such folder (the protocol documents)")
    status = 0
    for name, text in extract(args.documents).items():
        path = WITNESS_DATA / name
        same = path.exists() and path.read_text(encoding="utf-8") == text
        if args.write and not same:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"{name}: written")
        else:
            print(f"{name}: {'matches the documents' if same else 'DIFFERS from the documents'}")
            status |= 0 if same else 1
    return 0 if args.write else status


if __name__ == "__main__":
    sys.exit(main())
