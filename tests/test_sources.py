"""The input-source layer: front-to-back reading with peek, however the layer below
splits its bytes, compressed input by magic bytes, and look-ahead views."""
import gzip
import lzma

import pytest
import zstandard
from wirestruct.captures.files.sources import PeekView, Source, detect_compression, open_source
from wirestruct.core.errors import CaptureError


class Trickle:
    """A pipe that hands over at most ``step`` bytes a read."""

    def __init__(self, data: bytes, step: int = 1000) -> None:
        self.data, self.pos, self.step, self.reads = data, 0, step, 0

    def read(self, n: int) -> bytes:
        chunk = self.data[self.pos:self.pos + min(n, self.step)]
        self.pos += len(chunk)
        self.reads += 1
        return chunk


DATA = b"a" * 5000 + b"\n" + b"bb\n" + b"c" * 300_000 + b"\n" + b"tail"


def test_read_returns_what_is_asked_however_the_pipe_splits_it():
    source = Source(Trickle(DATA), "t")
    assert source.peek(3) == b"aaa" and source.tell() == 0
    assert source.read(4999) == b"a" * 4999 and source.tell() == 4999
    assert source.read(3) == b"a\nb"
    assert source.read(400_000) == DATA[5002:] and source.read(1) == b""
    assert source.tell() == len(DATA)


def test_readline_waits_for_the_newline_and_honours_the_limit():
    source = Source(Trickle(DATA), "t")
    assert [len(source.readline()) for _ in range(5)] == [5001, 3, 300_001, 4, 0]
    source = Source(Trickle(DATA), "t")
    assert [len(source.readline(4096)) for _ in range(4)] == [4096, 905, 3, 4096]


def test_a_long_line_costs_a_number_of_reads_proportional_to_its_length():
    raw = Trickle(b"x" * (4 << 20) + b"\n", step=1 << 16)
    assert len(Source(raw, "t").readline()) == (4 << 20) + 1
    assert raw.reads <= (4 << 20) // (1 << 16) + 2


@pytest.mark.parametrize("name,pack", [("gzip", gzip.compress), ("xz", lzma.compress),
                                       ("zstd", zstandard.ZstdCompressor().compress)])
def test_compressed_files_open_by_magic(tmp_path, name, pack):
    path = tmp_path / "data"
    path.write_bytes(pack(DATA))
    assert detect_compression(path.read_bytes()[:6]) == name
    with open_source(path) as source:
        assert source.compression == name
        assert source.read(len(DATA) + 10) == DATA and source.error is None


def test_cut_off_compressed_data_ends_the_input_with_an_error_saying_where(tmp_path):
    packed = gzip.compress(DATA)
    path = tmp_path / "cut.gz"
    path.write_bytes(packed[:-20])
    with open_source(path) as source:
        data = source.read(len(DATA))
        assert DATA.startswith(data) and len(data) < len(DATA)
        assert isinstance(source.error, CaptureError)
        assert source.error.where.file == str(path) and source.error.where.offset == len(data)
        assert source.error.expected == "complete gzip data"


def test_a_missing_file_is_an_error_naming_it(tmp_path):
    with pytest.raises(CaptureError) as exc:
        open_source(tmp_path / "nope.pcap")
    assert str(tmp_path / "nope.pcap") in str(exc.value)


def test_a_peek_view_reads_ahead_without_consuming_and_stops_at_its_limit():
    source = Source(Trickle(DATA), "t")
    view = PeekView(source, limit=5003)
    assert view.readline() == b"a" * 5000 + b"\n"
    assert view.read(10) == b"bb"          # the limit
    assert view.read(10) == b""
    assert source.tell() == 0 and source.read(5003) == DATA[:5003]
