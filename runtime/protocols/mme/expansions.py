"""What the mme decoder works out beyond the generated objects (``PacketEvent.expansions``).

Inflated block data is held as bytes in small frozen objects whose JSON form is a summary
(length, SHA-256, number of non-zero blocks), so ``decode --format jsonl`` stays readable
for a whole-map load; the bytes themselves go to the tracker and the Web IDE export.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

Region = tuple[int, int, int, int, int, int]   #: lower x, y, z, upper x, y, z (inclusive)


def _summary(data: bytes) -> dict[str, Any]:
    return {"len": len(data), "sha256": hashlib.sha256(data).hexdigest(),
            "non_zero": len(data) - data.count(0)}


@dataclass(frozen=True, slots=True)
class RegionBlocks:
    """Inflated data of a MAP_DATA or BUFFER_IS_MAP_DATA region (x fastest, then y, z)."""

    region: Region
    data: bytes

    @property
    def shape(self) -> tuple[int, int, int]:
        """(size_z, size_y, size_x): the data as a C-order array."""
        lx, ly, lz, ux, uy, uz = self.region
        return (uz - lz + 1, uy - ly + 1, ux - lx + 1)

    def to_json(self) -> dict[str, Any]:
        lx, ly, lz, ux, uy, uz = self.region
        return {"region": {"lower": [lx, ly, lz], "upper": [ux, uy, uz]}, **_summary(self.data)}


@dataclass(frozen=True, slots=True)
class StreamBlocks:
    """Blocks a MAP_TOTAL_DATA piece completes: whole-map indexes offset .. offset+len-1."""

    offset: int
    data: bytes

    def to_json(self) -> dict[str, Any]:
        return {"offset": self.offset, **_summary(self.data)}


@dataclass(frozen=True, slots=True)
class FileData:
    """The buffer a BUFFER_IS_FILE_DATA turns into a cached file, named by its SHA-1."""

    data: bytes

    @property
    def sha1(self) -> str:
        return hashlib.sha1(self.data).hexdigest()

    def to_json(self) -> dict[str, Any]:
        return {"sha1": self.sha1, "len": len(self.data)}
