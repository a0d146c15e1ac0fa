"""Resource limits that keep hostile input from exhausting memory or time.

Each limit is a module-level constant (the documented default) and a field of
:class:`Limits`; decoders take a ``Limits`` instance, so a user can raise or lower any of
them per run without touching globals::

    from wirestruct.limits import Limits
    decoder = get_protocol("scrap-mechanic").decoder(limits=Limits(max_decompressed=1 << 20))
"""
from __future__ import annotations

from dataclasses import dataclass

#: Largest body a single LZ4 block or zlib stream may expand to (bytes). Game packets are
#: far smaller; 16 MiB leaves room for whole-map transfers.
MAX_DECOMPRESSED = 16 * 1024 * 1024

#: Largest single packet a stream framer will buffer (bytes).
MAX_PACKET = 16 * 1024 * 1024

#: How deep packets may nest inside packets (compound / compressed wrappers).
MAX_NESTING = 4

#: Largest record accepted from a capture file (bytes); pcap snap lengths are far smaller.
MAX_RECORD = 64 * 1024 * 1024

#: Out-of-order TCP bytes held per direction while waiting for a gap to fill (bytes).
MAX_REASSEMBLY_BUFFER = 32 * 1024 * 1024

#: Most sub-updates / list items accepted in one packet.
MAX_ITEMS_PER_PACKET = 1_000_000


@dataclass(frozen=True)
class Limits:
    max_decompressed: int = MAX_DECOMPRESSED
    max_packet: int = MAX_PACKET
    max_nesting: int = MAX_NESTING
    max_record: int = MAX_RECORD
    max_reassembly_buffer: int = MAX_REASSEMBLY_BUFFER
    max_items_per_packet: int = MAX_ITEMS_PER_PACKET


DEFAULT_LIMITS = Limits()
