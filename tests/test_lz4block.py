"""Bounded decompression of raw LZ4 blocks with the real lz4 library."""
import os

import lz4.block
import pytest
from wirestruct.core.errors import DecompressionError, LimitExceededError
from wirestruct.core.lz4block import decompress_block


def raw(data: bytes) -> bytes:
    return lz4.block.compress(data, store_size=False)


@pytest.mark.parametrize("data", [b"x", os.urandom(3000), b"ab" * 50000, b"\x00" * 1_000_000])
def test_round_trip_without_size(data):
    assert decompress_block(raw(data)) == data


def test_maximum_ratio_block_is_found_by_growing():
    data = b"\x00" * 4_000_000  # compresses to ~15 KB: ratio near LZ4's 255:1 bound
    block = raw(data)
    assert len(data) / len(block) > 200
    assert decompress_block(block) == data


def test_cap_stops_expansion():
    block = raw(b"\x00" * 200_000)
    with pytest.raises(LimitExceededError) as info:
        decompress_block(block, cap=100_000)
    assert info.value.expected == "at most 100000 bytes"


def test_corrupt_block():
    with pytest.raises(DecompressionError, match="corrupt LZ4 block"):
        decompress_block(b"\xff\xff\xff\xff")
    with pytest.raises(DecompressionError, match="empty"):
        decompress_block(b"")


def test_declared_size_must_match_and_is_capped():
    data = b"hello wirestruct " * 10
    assert decompress_block(raw(data), expected_size=len(data)) == data
    with pytest.raises(DecompressionError, match="not the declared"):
        decompress_block(raw(data), expected_size=len(data) + 1)
    with pytest.raises(DecompressionError):
        decompress_block(raw(data), expected_size=len(data) - 1)
    with pytest.raises(LimitExceededError, match="declared decompressed length"):
        decompress_block(raw(data), expected_size=1 << 40, cap=1 << 20)
