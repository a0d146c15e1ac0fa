"""Shared by the encoder tests: decode a capture to the events ``wirestruct decode``
prints, encode them back, decode again."""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.errors import WirestructError
from wirestruct.core.records import CaptureRecord
from wirestruct.encode.building import TypeInfo, root_info
from wirestruct.output.serialize import event_json

ROOT = Path(__file__).resolve().parents[2]

#: wirestruct's own folders of specs (``ksy/<folder>``).
FOLDERS = sorted(p.name for p in (ROOT / "ksy").iterdir() if p.is_dir())


def every_type(folders: Iterable[str] = FOLDERS) -> Iterable[TypeInfo]:
    """Every type of every spec of ``folders`` that has read-write classes, nested types
    included."""
    for folder in folders:
        for spec in sorted((ROOT / "ksy" / folder).glob("*.ksy")):
            stack = [root_info(folder, spec.stem)]
            while stack:
                info = stack.pop()
                yield info
                stack += [info.nested(name) for name in info.spec.get("types") or {}]


#: Every test capture and sample, per protocol (paths from the repository root).
CAPTURES = {
    "mme": ["samples/mme.jsonl", "tests/data/mme/session.pcapng", "tests/data/mme/session.pcap",
            "tests/data/mme/session.jsonl"],
    "scrap-mechanic": ["samples/scrap_mechanic.jsonl"],
    "diep": ["samples/diep.jsonl"],
}


#: Records of a capture the tests use: all, but for the diep sample (its updates are
#: hundreds of objects each, slow to decode and encode) the first 70, which hold every
#: packet type of the sample (the last first seen at record 68) and its largest updates.
RECORDS = {"samples/diep.jsonl": 70}


def capture_records(protocol: str, path: str) -> list[CaptureRecord]:
    """The records of a capture the tests use (see RECORDS)."""
    with open_capture(ROOT / path) as capture:
        return list(capture)[:RECORDS.get(path)]


def decode_events(protocol: str, records: Iterable[Any], **options: Any) -> list[dict[str, Any]]:
    """The JSON-able events of ``records`` (JSON text and back, as a pipe carries them)."""
    decoder = get_protocol(protocol).decoder(**options)
    return [json.loads(json.dumps(event_json(e, raw=True))) for e in decode_records(records, decoder)]


_DECODED: dict[tuple[str, str], str] = {}


def decode_capture(protocol: str, path: str) -> list[dict[str, Any]]:
    """The events of a capture's records (see RECORDS; decoded once per test run, each call
    gets its own copy)."""
    key = (protocol, path)
    if key not in _DECODED:
        _DECODED[key] = json.dumps(decode_events(protocol, capture_records(protocol, path)))
    return json.loads(_DECODED[key])


def encode_events(protocol: str, events: Iterable[dict[str, Any]],
                  **options: Any) -> tuple[list[CaptureRecord], list[WirestructError]]:
    records: list[CaptureRecord] = []
    errors: list[WirestructError] = []
    for item in get_protocol(protocol).encoder(**options).encode_events(events):
        (records if isinstance(item, CaptureRecord) else errors).append(item)
    return records, errors


def comparable(event: dict[str, Any]) -> dict[str, Any]:
    """What must survive decode -> encode -> decode: everything but the record numbers
    (an encoded stream has one record per packet) and the capture's frames and endpoints
    (encoded records have none)."""
    return {k: v for k, v in event.items() if k not in ("record", "frame", "src", "dst")}


def top_level_packets(protocol: str, records: Iterable[CaptureRecord]) -> int:
    """How many packets (not counting those nested in another) the records hold: one a
    message for the message protocols; for MME, each stream direction's bytes framed by
    the protocol document's header (u2 packet type, u2 size of the data, little-endian)."""
    if protocol != "mme":
        return sum(1 for _ in records)
    held: dict[tuple[Any, Any], bytes] = {}
    count = 0
    for record in records:
        key = (record.stream, record.direction)
        data = held.get(key, b"") + record.data
        while len(data) >= 4 and len(data) >= 4 + int.from_bytes(data[2:4], "little"):
            data = data[4 + int.from_bytes(data[2:4], "little"):]
            count += 1
        held[key] = data
    return count
