"""32 Container Transaction: every transaction of the count is parsed, the second and later
ones in the same format as the first (the page: it "seems to follow the same format"),
Actions outside 0..9 with the Default Action's (Move) layout; decoded, tracked, encoded
back byte for byte and opened in the Web IDE."""
from __future__ import annotations

import json
import struct
from pathlib import Path

import lz4.block
import pytest
from wirestruct import decode_records, get_protocol
from wirestruct.core.errors import DecodeError, LimitExceededError, ParseError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.parse import parse
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.generated.scrap_mechanic.sm_container_transaction import (
    SmContainerTransaction,
)
from wirestruct.output.serialize import event_json
from wirestruct.protocols.scrap_mechanic import counts

ROOT = Path(__file__).resolve().parents[2]
SM = get_protocol("scrap-mechanic")
ITEM = bytes(range(16))
NIL = bytes(16)


def stack(uuid: bytes, tool: int, quantity: int, slot: int, container: int) -> bytes:
    return uuid + struct.pack(">IHHI", tool, quantity, slot, container)


COLLECT = ITEM + struct.pack(">IHIB", 0xFFFFFFFF, 5, 7, 0x80)
MOVE = stack(NIL, 0xFFFFFFFF, 1, 0, 7) + stack(NIL, 0xFFFFFFFF, 337, 1, 7) + b"\x00"
SET_ITEM = stack(ITEM, 0xFFFFFFFF, 10, 3, 7)
#: a count of 3: Set Item, then Action 87 (the page's Battery: the Default Action, a
#: Move) and Action 2 (its Gasoline: Collect's layout)
THREE = (struct.pack(">I", 3) + b"\x00" + SET_ITEM + bytes([87]) + MOVE + b"\x02" + COLLECT)


def packet(body: bytes) -> bytes:
    return b"\x20" + lz4.block.compress(body, store_size=False)


def decode(bodies: list[bytes]) -> list:
    records = [CaptureRecord(i, float(i), Direction.C2S, packet(b)) for i, b in enumerate(bodies)]
    return list(decode_records(records, SM.decoder()))


def test_every_transaction_of_the_count_is_parsed_in_the_same_format():
    obj = parse(SmContainerTransaction, THREE)
    A = SmContainerTransaction.Action
    assert obj.num_transactions == 3 and obj.transaction.action == A.set_item
    second, third = obj.more_transactions
    assert second.action == 87 and type(second.data).__name__ == "ActionMove"
    assert (second.data.from_stack.quantity, second.data.to_stack.quantity) == (1, 337)
    assert third.action == A.collect and type(third.data).__name__ == "ActionCollect"
    assert (third.data.quantity, third.data.container_id, third.data.unknown_2) == (5, 7, 0x80)
    assert obj._io.pos() == len(THREE)


def test_the_caveat_is_in_the_doc():
    ksy = (ROOT / "ksy" / "scrap_mechanic" / "sm_container_transaction.ksy").read_text()
    assert "seems to follow the same format" in ksy
    assert "no sense is made of its data" in ksy
    assert "more_transactions" in ksy and "unknown_transactions" not in ksy


def test_counts_0_and_1_have_no_more_transactions():
    none = parse(SmContainerTransaction, struct.pack(">I", 0))
    assert getattr(none, "transaction", None) is None
    assert getattr(none, "more_transactions", None) is None
    one = parse(SmContainerTransaction, struct.pack(">I", 1) + b"\x09" + struct.pack(">II", 7, 8))
    assert getattr(one, "more_transactions", None) is None


def test_decoded_tracked_and_encoded_back_byte_for_byte():
    events = decode([THREE])
    [event] = events
    assert isinstance(event, PacketEvent)
    fields = event_json(event)["expansions"]["body"]
    assert [t["action"] for t in [fields["transaction"], *fields["more_transactions"]]] == [
        "set_item", 87, "collect"]
    assert fields["more_transactions"][0]["data"]["to_stack"]["quantity"] == 337
    # through JSON text, as `wirestruct encode` reads it
    line = json.loads(json.dumps(event_json(event)))
    records = [r for r in SM.encoder().encode_events([line]) if isinstance(r, CaptureRecord)]
    assert [r.data for r in records] == [packet(THREE)]
    raw = json.loads(json.dumps(event_json(event, raw=True)))
    records = [r for r in SM.encoder().encode_events([raw]) if isinstance(r, CaptureRecord)]
    assert [r.data for r in records] == [packet(THREE)]


def test_the_smallest_transaction_is_the_counted_minimum():
    """counts.TRANSACTION_MIN against the spec: no Action parses from fewer bytes, Move All
    from exactly that many."""
    for action in range(256):
        for n in range(counts.TRANSACTION_MIN - 1):
            with pytest.raises(ParseError):
                parse(SmContainerTransaction, struct.pack(">IB", 1, action) + bytes(n))
    parse(SmContainerTransaction,
          struct.pack(">IB", 1, 9) + bytes(counts.TRANSACTION_MIN - 1))


def test_counts_that_lie_or_exceed_the_budget():
    lie = struct.pack(">I", 1000) + b"\x09" + bytes(8) * 3
    [error] = [e.error for e in decode([lie]) if isinstance(e, ErrorEvent)]
    assert isinstance(error, DecodeError)
    assert error.message == "1000 transactions declared but only 25 bytes follow"
    assert (error.where.offset, error.where.field_path) == (0, "num_transactions")
    many = struct.pack(">I", 9000) + (b"\x09" + bytes(8)) * 9000
    [error] = [e.error for e in decode([many]) if isinstance(e, ErrorEvent)]
    assert isinstance(error, LimitExceededError) and "at most 8192 items" in str(error)
    short = struct.pack(">I", 2) + b"\x09" + bytes(8)           # the second is missing
    [error] = [e.error for e in decode([short]) if isinstance(e, ErrorEvent)]
    assert isinstance(error, DecodeError)


def test_the_sample_holds_counts_of_2_parsed():
    sample = ROOT / "samples" / "scrap_mechanic.jsonl"
    records = [json.loads(line) for line in sample.read_text().splitlines()]
    twos = [bytes.fromhex(r["data"]) for r in records if r["data"].startswith("20")]
    events = decode([lz4.block.decompress(p[1:], uncompressed_size=1 << 16) for p in twos])
    assert not [e for e in events if isinstance(e, ErrorEvent)]
    more = [e.expansions["body"].more_transactions for e in events
            if getattr(e.expansions["body"], "more_transactions", None)]
    assert [len(m) for m in more] == [1, 1]


@pytest.mark.slow
def test_a_count_of_3_opens_in_the_web_ide(tmp_path):
    from wirestruct.tools.cli import main as cli
    from wirestruct.tools.webide import verify_export
    capture = tmp_path / "three.jsonl"
    capture.write_text(json.dumps({"t": 1.0, "dir": "c2s", "data": packet(THREE).hex()}) + "\n")
    out = tmp_path / "export"
    assert cli(["export", str(capture), "-p", "scrap-mechanic", "--out", str(out)]) == 0
    js, problems = verify_export(out)
    assert problems == []
    body = next(v for k, v in js.items() if k.endswith("_body.bin"))
    assert [t["action"] for t in body["moreTransactions"]] == [87, 2]
