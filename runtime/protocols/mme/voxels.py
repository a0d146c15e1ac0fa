"""The block array of a map, as a client holds it (NumPy, x fastest, then y, then z).

The array has shape (size_z, size_y, size_x) in C order, so its bytes are the document's
index order: ``index = (z * size_y + y) * size_x + x``. Every write skips block type 0
("leave this block alone"). Writes outside the map raise StateError and change nothing.
"""
from __future__ import annotations

import hashlib
from typing import BinaryIO

import numpy as np
from wirestruct.core.errors import StateError
from wirestruct.protocols.mme.expansions import Region


class VoxelMap:
    __slots__ = ("size_x", "size_y", "size_z", "sea_level", "blocks")

    def __init__(self, size_x: int, size_y: int, size_z: int, sea_level: int) -> None:
        self.size_x, self.size_y, self.size_z = size_x, size_y, size_z
        self.sea_level = sea_level
        self.blocks = np.zeros((size_z, size_y, size_x), dtype=np.uint8)

    @property
    def dims(self) -> tuple[int, int, int]:
        return (self.size_x, self.size_y, self.size_z)

    @property
    def volume(self) -> int:
        return self.size_x * self.size_y * self.size_z

    def _view(self, region: Region):
        lx, ly, lz, ux, uy, uz = region
        if not (0 <= lx <= ux < self.size_x and 0 <= ly <= uy < self.size_y
                and 0 <= lz <= uz < self.size_z):
            raise StateError(f"region {list(region[:3])}..{list(region[3:])} is outside the map",
                             expected=f"0 <= lower <= upper < {list(self.dims)}")
        return self.blocks[lz:uz + 1, ly:uy + 1, lx:ux + 1]

    def fill(self, region: Region, block: int) -> int:
        """Fill a region with one block type (0 changes nothing); returns blocks written."""
        view = self._view(region)
        if block == 0:
            return 0
        view[...] = block
        return view.size

    def modify(self, x: int, y: int, z: int, block: int) -> None:
        if not (0 <= x < self.size_x and 0 <= y < self.size_y and 0 <= z < self.size_z):
            raise StateError(f"block {[x, y, z]} is outside the map",
                             expected=f"0 <= coordinate < {list(self.dims)}")
        if block:
            self.blocks[z, y, x] = block

    def apply_region(self, region: Region, data: bytes) -> None:
        """Write a region's block data (x fastest), skipping 0 bytes."""
        view = self._view(region)
        src = np.frombuffer(data, dtype=np.uint8)
        if src.size != view.size:
            raise StateError(f"{src.size} bytes of block data for a region of {view.size}",
                             expected=f"{view.size} bytes")
        _write_nonzero(view, src.reshape(view.shape))

    def apply_stream(self, offset: int, data: bytes) -> None:
        """Write whole-map bytes at a flat index (MAP_TOTAL_DATA), skipping 0 bytes."""
        end = offset + len(data)
        if end > self.volume:
            raise StateError(f"whole-map data reaches block {end}, past the map's end",
                             expected=f"at most {self.volume} blocks")
        flat = self.blocks.reshape(-1)
        _write_nonzero(flat[offset:end], np.frombuffer(data, dtype=np.uint8))

    def sha256(self) -> str:
        return hashlib.sha256(self.blocks.data).hexdigest()

    def tobytes(self) -> bytes:
        """The raw block array: x fastest, then y, then z."""
        return self.blocks.tobytes()

    def write(self, out: BinaryIO) -> int:
        """Write the raw block array to a binary file object; returns bytes written."""
        out.write(self.blocks.data)
        return self.blocks.nbytes


def _write_nonzero(view: np.ndarray, src: np.ndarray) -> None:
    """``view[src != 0] = src[src != 0]``. Whole-map and chunk loads rarely hold 0 bytes;
    a plain copy is over ten times faster than the masked one, so it is used when it
    gives the same result."""
    if src.all():
        view[...] = src
    else:
        np.copyto(view, src, where=src != 0)
