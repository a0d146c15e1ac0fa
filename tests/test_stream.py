"""ParseStream against KaitaiStream: the same values, errors and stream state.

Random sequences of every read (byte-aligned ones of every width and order, byte strings
of every length, bit-sized reads in both bit orders between them, seeks) run on the same
data through both classes; after every step the result or the error (type and
arguments), the position and the bit state must be equal. The data is random and often
shorter than the reads, so every read also meets the end of the stream part-way.
"""
from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from generated_objects import objects
from hypothesis import given, settings
from hypothesis import strategies as st
from kaitaistruct import KaitaiStream
from wirestruct.core.stream import ParseStream, parse_stream

FIXED = ["read_u1", "read_s1", "read_u2le", "read_u4le", "read_u8le", "read_s2le",
         "read_s4le", "read_s8le", "read_u2be", "read_u4be", "read_u8be", "read_s2be",
         "read_s4be", "read_s8be", "read_f4le", "read_f8le", "read_f4be", "read_f8be"]

OPS = st.one_of(
    st.tuples(st.sampled_from(FIXED)),
    st.tuples(st.just("read_bytes"), st.integers(-2, 12)),
    st.tuples(st.sampled_from(["read_bits_int_be", "read_bits_int_le"]), st.integers(1, 20)),
    st.tuples(st.just("read_bytes_term"), st.integers(0, 3), st.booleans(), st.booleans(),
              st.booleans()),
    st.tuples(st.just("read_bytes_full")),
    st.tuples(st.just("seek"), st.integers(0, 24)),
    st.tuples(st.just("align_to_byte")),
)


def outcome(stream: KaitaiStream, op: tuple[Any, ...]) -> tuple[Any, ...]:
    try:
        result: Any = getattr(stream, op[0])(*op[1:])
    except Exception as exc:  # noqa: BLE001 - the error is what is compared
        result = (type(exc), exc.args)
    if isinstance(result, float) and result != result:
        result = "nan"                                   # NaN != NaN; the bits agree
    return result, stream.pos(), stream.bits_left, stream.bits, stream.is_eof()


@settings(max_examples=400, deadline=None)
@given(data=st.binary(max_size=24), ops=st.lists(OPS, max_size=12))
def test_every_read_matches_kaitai_stream(data: bytes, ops: list[tuple[Any, ...]]) -> None:
    base = KaitaiStream(BytesIO(data))
    fast = parse_stream(data)
    for op in ops:
        assert outcome(fast, op) == outcome(base, op), op


@pytest.mark.parametrize("bits", ["read_bits_int_be", "read_bits_int_le", None])
@pytest.mark.parametrize("op", [(name,) for name in FIXED]
                         + [("read_bytes", n) for n in range(4)]
                         + [("read_bits_int_be", n) for n in (1, 5, 8, 13, 32, 64)]
                         + [("read_bytes_term", 0x85, True, True, True), ("read_bytes_full",)])
def test_each_read_after_bits_on_every_short_length(op: tuple[Any, ...],
                                                    bits: str | None) -> None:
    """Every read, on every length of data up to its width and past it, after a bit-sized
    read that leaves bits over (which a byte-aligned read drops) or straight away."""
    data = bytes(range(0x81, 0x8A))
    for length in range(len(data) + 1):
        base = KaitaiStream(BytesIO(data[:length]))
        fast = ParseStream(BytesIO(data[:length]))
        if bits is not None:
            assert outcome(fast, (bits, 3)) == outcome(base, (bits, 3))
        assert outcome(fast, op) == outcome(base, op)


def test_large_reads_stay_kaitai_streams() -> None:
    """From 8 MiB on, KaitaiStream checks the size left before it reads: so does ParseStream
    (it hands the read over)."""
    n = 8 * 1024 * 1024
    for data in (b"\0" * 10, b"\1" * n):
        base, fast = KaitaiStream(BytesIO(data)), parse_stream(data)
        assert outcome(fast, ("read_bytes", n)) == outcome(base, ("read_bytes", n))


def test_every_generated_substream_is_a_parse_stream():
    """Each generated module that opens substreams (``KaitaiStream(BytesIO(...))`` for a
    field of a given size) has its ``KaitaiStream`` bound to ParseStream once the runtime
    that decodes with it is loaded; a parsed packet's substreams are ParseStreams."""
    import importlib
    import sys
    from pathlib import Path

    import wirestruct.captures.packets  # noqa: F401 - the runtime modules bind their packages
    import wirestruct.protocols.mme.decoder  # noqa: F401
    import wirestruct.protocols.scrap_mechanic.decoder  # noqa: F401
    generated = Path(importlib.import_module("wirestruct.generated").__path__[0])
    opening = [f"wirestruct.generated.{p.parent.name}.{p.stem}"
               for p in generated.glob("*/*.py") if "KaitaiStream(BytesIO(" in p.read_text()]
    assert len(opening) > 10
    for name in opening:
        assert sys.modules[name].KaitaiStream is ParseStream, name

    from wirestruct import get_protocol
    from wirestruct.captures import open_capture
    from wirestruct.core.events import PacketEvent
    from wirestruct.core.session import decode_records
    root = Path(__file__).resolve().parent.parent
    protocol = get_protocol("scrap-mechanic")
    with open_capture(root / "samples" / "scrap_mechanic.jsonl") as capture:
        bodies = [event.expansions["body"] for event in decode_records(capture, protocol.decoder())
                  if isinstance(event, PacketEvent) and "body" in event.expansions]
    inner = [obj._io for body in bodies for obj in objects(body) if obj._io is not body._io]
    assert len(inner) > 100                         # read from substreams
    assert {type(io) for io in inner} == {ParseStream}


class _Unseekable(BytesIO):
    def seekable(self) -> bool:
        return False

    def seek(self, *args: Any) -> int:
        raise OSError("not seekable")


@pytest.mark.parametrize("data", [b"", b"\x01", bytes(range(200))])
def test_opened_stream_state_matches_kaitai_stream(data: bytes) -> None:
    """ParseStream's own ``__init__`` leaves the state KaitaiStream's does: the attributes
    a read or a write looks at, and the size only writes use (worked out when asked)."""
    base, fast = KaitaiStream(BytesIO(data)), parse_stream(data)
    names = ("bits_left", "bits", "bits_le", "bits_write_mode", "write_back_handler",
             "child_streams", "_size")
    assert [getattr(fast, n) for n in names] == [getattr(base, n) for n in names]
    base.read_bytes(min(1, len(data)))
    fast.read_bytes(min(1, len(data)))
    assert fast._size == base._size == len(data)        # where the stream is does not matter
    assert fast.pos() == base.pos()
    # A stream that cannot seek has no size, as KaitaiStream leaves it without one.
    base, fast = KaitaiStream(_Unseekable(data)), ParseStream(_Unseekable(data))
    assert not hasattr(base, "_size") and not hasattr(fast, "_size")
