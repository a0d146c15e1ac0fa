"""Fuzz the decoder and tracker past LZ4: mutate the *decompressed* bodies of a generated
session (every documented packet: the joining sequence and the players' actions too),
recompress them, and check that only wirestruct errors come out, none of them a Python
error that escaped the runtime's own code, and that the state stays JSON."""
import os

import lz4.block
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wirestruct.core.errors import WirestructError
from wirestruct.core.events import ErrorEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord
from wirestruct.core.session import decode_records, track
from wirestruct.output.serialize import dumps_document
from wirestruct.protocols.scrap_mechanic import PROTOCOL
from wirestruct.protocols.scrap_mechanic.generate import generate
from wirestruct.protocols.scrap_mechanic.packets import COMPRESSED

EXAMPLES = int(os.environ.get("WIRESTRUCT_FUZZ_EXAMPLES", "150"))
LIMITS = Limits(max_decompressed=1 << 18)
RECORDS = list(generate(5, ticks=12))
BODIES = [(r.data[0], lz4.block.decompress(r.data[1:], uncompressed_size=1 << 16)
           if r.data[0] in COMPRESSED else r.data[1:]) for r in RECORDS]
#: Messages of errors the runtime's catch-all makes from unexpected Python exceptions.
BUGS = ("TypeError", "AttributeError", "KeyError", "IndexError", "NameError",
        "UnboundLocalError", "AssertionError", "RecursionError")

mutation = st.tuples(st.sampled_from(["flip", "insert", "delete", "truncate", "set"]),
                     st.integers(0, 1 << 16), st.integers(0, 255))


def mutate(body: bytes, ops) -> bytes:
    data = bytearray(body)
    for op, where, value in ops:
        if not data:
            data.append(value)
            continue
        i = where % len(data)
        if op == "flip":
            data[i] ^= 1 << (value % 8)
        elif op == "insert":
            data[i:i] = bytes([value])
        elif op == "delete":
            del data[i]
        elif op == "truncate":
            del data[i:]
        else:
            data[i] = value
    return bytes(data)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 1000,
          suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(BODIES) - 1), ops=st.lists(mutation, min_size=1, max_size=6),
       nest=st.booleans())
def test_mutated_decompressed_bodies(which, ops, nest):
    packet_id, body = BODIES[which]
    body = mutate(body, ops)
    if nest:  # the same body as a sub-packet of a 29, which is not compressed
        body = len(body + b"x").to_bytes(4, "big") + bytes([packet_id]) + body
        packet_id = 0x1D
    if packet_id in COMPRESSED:
        body = lz4.block.compress(body, store_size=False)
    bad = CaptureRecord(index=which, t=0.0, direction=RECORDS[which].direction,
                        data=bytes([packet_id]) + body)
    records = RECORDS[:which] + [bad] + RECORDS[which + 1:]
    tracker = PROTOCOL.tracker()
    for event in track(decode_records(records, PROTOCOL.decoder(limits=LIMITS)), tracker):
        if isinstance(event, ErrorEvent):
            assert isinstance(event.error, WirestructError)
            assert not event.error.message.startswith(BUGS), event.error
    dumps_document(tracker.snapshot())
