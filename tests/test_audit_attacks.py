"""Hostile inputs against the whole decode path: state that would grow with the input,
messages that would echo it, compressed captures that would hold huge windows."""
from __future__ import annotations

from wirestruct.core.errors import LimitExceededError, TruncatedStreamError
from wirestruct.core.events import ErrorEvent
from wirestruct.core.limits import Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.plugin.registry import get_protocol

C2S = Direction.C2S


def _mme_partial(stream: int, index: int, size: int = 1000, have: bytes = b"abc") -> CaptureRecord:
    """An MME header declaring ``size`` payload bytes, of which ``have`` arrive."""
    return CaptureRecord(index, 0.0, C2S, b"\x1f\x00" + size.to_bytes(2, "little") + have,
                         stream)


def test_endless_short_connections_keep_state_bounded():
    decoder = get_protocol("mme").decoder(limits=Limits(max_flows=4))
    events = []
    for i in range(1000):
        events += decoder.feed(_mme_partial(i, i))
    assert len(decoder._framing) == 8          # 2 x max_flows stream directions
    assert len(decoder._streams) == 8
    dropped = [e.error for e in events if isinstance(e, ErrorEvent)]
    assert len(dropped) == 1000 - 8
    first = dropped[0]
    assert isinstance(first, TruncatedStreamError)
    assert first.where.stream == 0 and first.dropped == 7 and first.where.span == (0, 7)
    assert "max_flows" in first.message
    tail = decoder.close()
    assert sum(e.error.dropped for e in tail) == 8 * 7


def test_a_forgotten_stream_reports_its_append_buffer():
    decoder = get_protocol("mme").decoder(limits=Limits(max_flows=1))
    append = b"\x15\x00\x05\x00hello"          # BUFFER_APPEND of 5 bytes: buffered
    events = decoder.feed(CaptureRecord(0, 0.0, C2S, append, 7))
    assert [e.name for e in events] == ["buffer_append"]
    events = decoder.feed(CaptureRecord(1, 0.0, C2S, b"", 8))
    events += decoder.feed(CaptureRecord(2, 0.0, Direction.S2C, b"", 8))
    errors = [e.error for e in events if isinstance(e, ErrorEvent)]
    assert len(errors) == 1 and isinstance(errors[0], LimitExceededError)
    assert errors[0].dropped == 5 and errors[0].where.stream == 7
    assert decoder._transfers.keys() == set()


def test_partial_packets_over_all_connections_are_capped():
    limits = Limits(max_stream_buffers=10_000, max_packet=4000)
    decoder = get_protocol("mme").decoder(limits=limits)
    events = []
    for i in range(100):                       # 100 connections x 3000 bytes in progress
        events += decoder.feed(_mme_partial(i, i, size=3500, have=b"x" * 2996))
    held = sum(len(s.buf) for s in decoder._framing.values())
    assert held == decoder._held <= 10_000
    errors = [e.error for e in events if isinstance(e, ErrorEvent)]
    assert len(errors) == 100 - len(decoder._framing)
    assert all(e.dropped == 3000 and isinstance(e, TruncatedStreamError) for e in errors)
    assert [e.where.stream for e in errors] == list(range(len(errors)))


def test_a_forgotten_scrap_mechanic_stream_lets_go_of_its_delta_base():
    decoder = get_protocol("scrap-mechanic").decoder(limits=Limits(max_flows=2))
    decoder.feed(CaptureRecord(0, 0.0, C2S, b"", 0))
    decoder._previous[(0, int(C2S))] = b"base"      # as a network update leaves it
    for i in range(1, 6):
        decoder.feed(CaptureRecord(i, 0.0, C2S, b"", i))
    assert (0, int(C2S)) not in decoder._previous
    assert len(decoder._streams) == 4


def test_an_error_never_echoes_a_huge_input_value():
    import io

    from wirestruct.captures.files.jsonl import read_jsonl
    from wirestruct.core.errors import CaptureError
    from wirestruct.core.limits import MAX_ERROR_MESSAGE

    huge = b'{"t": "' + b"9" * 1_000_000 + b'", "dir": "c2s", "data": "00"}\n'
    good = b'{"t": 1, "dir": "c2s", "data": "aa"}\n'
    items = list(read_jsonl(io.BytesIO(huge * 3 + good)))
    errors = items[:3]
    assert all(isinstance(e, CaptureError) for e in errors)
    for e in errors:
        assert e.message.startswith("line ") and "bad timestamp '999" in e.message
        assert len(e.message) <= MAX_ERROR_MESSAGE
        assert "characters cut" in e.message and len(str(e)) < 2 * MAX_ERROR_MESSAGE
        assert e.dropped == len(huge) and e.dropped_unit == "bytes"
    assert [e.where.record for e in errors] == [0, 1, 2]
    assert isinstance(items[3], CaptureRecord) and items[3].data == b"\xaa"


def test_a_decoder_failure_message_is_bounded():
    from wirestruct.core.decoder import MessageDecoder, PacketContext
    from wirestruct.core.errors import DecodeError

    class Failing(MessageDecoder):
        def decode_packet(self, data, ctx):
            raise KeyError(data)              # a library error that reprs its argument

    decoder = Failing()
    events = decoder.run_packet(b"\x01" * 100_000, PacketContext(0, 0.0, C2S))
    error = events[0].error
    assert isinstance(error, DecodeError) and error.message.startswith("KeyError: b'\\x01")
    assert 900 <= len(error.message) <= 1000
    assert error.to_json()["message"] == error.message


def _xz_declaring(data: bytes, dict_byte: int) -> bytes:
    """xz data compressed with a 1 MiB dictionary whose block header declares another size
    (``dict_byte``: the LZMA2 property, 36 = 1 GiB); the header's CRC is made to match."""
    import lzma
    import zlib

    xz = bytearray(lzma.compress(data, format=lzma.FORMAT_XZ, filters=[
        {"id": lzma.FILTER_LZMA2, "dict_size": 1 << 20, "preset": 0}]))
    size = (xz[12] + 1) * 4
    header = xz[12:12 + size]
    at = header.index(b"\x21\x01", 2)
    header[at + 2] = dict_byte
    header[-4:] = zlib.crc32(bytes(header[:-4])).to_bytes(4, "little")
    xz[12:12 + size] = header
    return bytes(xz)


def test_xz_capture_declaring_a_huge_dictionary_is_refused_before_it_is_held(tmp_path):
    from wirestruct.captures.files.sources import open_source
    from wirestruct.core.errors import CaptureError

    data = b"\x00" * (1 << 20)
    path = tmp_path / "bomb.xz"
    path.write_bytes(_xz_declaring(data, 36))            # a 1 GiB dictionary
    with open_source(path) as source:
        assert source.read(1 << 21) == b""
        error = source.error
    assert isinstance(error, CaptureError) and error.where.file == str(path)
    assert "Memory usage limit" in error.message and error.where.offset == 0
    assert error.dropped == path.stat().st_size          # nothing of it decoded
    ok = tmp_path / "ok.xz"
    ok.write_bytes(_xz_declaring(data, 16))              # 1 MiB, as compressed
    with open_source(ok) as source:
        assert source.read(1 << 21) == data and source.error is None
    with open_source(ok, limits=Limits(max_capture_window=1 << 19)) as source:
        assert source.read(1 << 21) == b"" and isinstance(source.error, CaptureError)


def test_zstd_capture_window_is_a_limit(tmp_path):
    import zstandard
    from wirestruct.captures.files.sources import open_source
    from wirestruct.core.errors import CaptureError

    data = bytes(range(256)) * 8192
    params = zstandard.ZstdCompressionParameters(window_log=22)   # 4 MiB window
    packer = zstandard.ZstdCompressor(compression_params=params).compressobj()
    path = tmp_path / "w.zst"
    path.write_bytes(packer.compress(data) + packer.flush())
    with open_source(path) as source:
        assert source.read(len(data) + 1) == data and source.error is None
    with open_source(path, limits=Limits(max_capture_window=1 << 21)) as source:
        assert source.read(len(data)) == b""
        error = source.error
    assert isinstance(error, CaptureError) and error.where.offset == 0
    assert error.dropped == path.stat().st_size
    assert "the compressed input from byte 0 on" in error.message


def test_a_corrupt_compressed_tail_is_counted(tmp_path):
    import gzip

    from wirestruct.captures.files.sources import open_source

    data = bytes(range(256)) * 4096
    first = gzip.compress(data)
    packed = first + b"\x1f\x8b\x63" + bytes(300_000)   # a second member of no known method
    path = tmp_path / "bad.gz"
    path.write_bytes(packed)
    with open_source(path) as source:
        got = source.read(len(data) + 1)
        error = source.error
    assert got == data and error.where.offset == len(data) and error.dropped_unit == "bytes"
    start = int(error.message.split("from byte ")[1].split(" ")[0])
    assert start <= len(first) + (1 << 16) and start + error.dropped == len(packed)
    assert error.dropped > 200_000


def _mme(packet_type: int, payload: bytes) -> bytes:
    return packet_type.to_bytes(2, "little") + len(payload).to_bytes(2, "little") + payload


def test_append_buffers_of_all_connections_together_are_capped():
    limits = Limits(max_append_buffer=80, max_append_buffers=100)
    decoder = get_protocol("mme").decoder(limits=limits)
    reset, append = 20, 21
    first = decoder.feed(CaptureRecord(0, 0.0, C2S, _mme(append, b"a" * 60), 1))
    assert first[0].expansions["len_buffer"] == 60
    events = decoder.feed(CaptureRecord(1, 0.0, C2S, _mme(append, b"b" * 50), 2))
    error = events[0].error
    assert isinstance(error, LimitExceededError) and "max_append_buffers" in error.message
    assert error.dropped == 50 and error.where.stream == 2
    assert error.where.packet_name == "buffer_append"
    assert bytes(decoder._transfers[(1, C2S)].buffer) == b"a" * 60    # the other stays
    events = decoder.feed(CaptureRecord(2, 0.0, C2S, _mme(reset, b"") + _mme(append, b"c" * 30), 2))
    assert [e.expansions["len_buffer"] for e in events] == [0, 30]
    assert decoder._appended == 90
    decoder.feed(CaptureRecord(3, 0.0, C2S, _mme(reset, b""), 1))
    assert decoder._appended == 30
