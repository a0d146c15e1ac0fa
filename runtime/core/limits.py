"""Every resource cap of wirestruct, in one place.

Hostile or damaged input must not exhaust memory or time. Every cap a decoder, tracker or
capture reader applies is a field of :class:`Limits` (with its documented default as a
module-level constant) and is checked *before* the memory it guards is spent. Decoders,
trackers and capture readers take a ``Limits`` instance, so a user can raise or lower any
of them per run without touching globals::

    from wirestruct.core.limits import Limits
    limits = Limits(max_decompressed=1 << 20)
    decoder = get_protocol(name).decoder(limits=limits)

On the command line: ``--limit max_decompressed=1M`` (repeatable; ``k``/``M``/``G``
suffixes are powers of 1024). ``Limits.names()`` lists them with their documentation.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace

# -- sizes of one packet ----------------------------------------------------------------------
#: Largest body a single packet's compressed data (an LZ4 block, a zlib/gzip stream) may
#: expand to (bytes), compressed data nested in it (blocks inside the expanded body)
#: included: a packet's expansions together stay within it. Game packets are far smaller;
#: 16 MiB leaves room for world joins.
MAX_DECOMPRESSED = 16 * 1024 * 1024

#: Largest single packet a stream framer will buffer (bytes).
MAX_PACKET = 16 * 1024 * 1024

#: How deep packets may nest inside packets (compound / compressed wrappers).
MAX_NESTING = 4

#: Most items (sub-updates, sub-packets, list entries) accepted in one top-level packet, at
#: every nesting depth together; counted while framing, before the items are built. The
#: worst case fully built (8192 UpdateJoint sub-updates decoded to JSON, with their 16 MiB
#: body) peaks near 200 MB RSS (``benchmarks/bench_attacks.py``).
MAX_ITEMS_PER_PACKET = 8192

#: Most entity creations/updates in one packet; they count toward
#: ``max_items_per_packet`` too. One creation may carry ~70 fields, so it costs up to
#: ~100 KB decoded to JSON: 1024 of them peak near 130 MB RSS (``bench_attacks.py``).
MAX_ENTITIES_PER_PACKET = 1024

#: How deep serialized script values (Lua objects: tables inside tables) may nest; checked
#: by walking the value's bytes before it is parsed (a parse recurses once per level, and
#: JSON output nests a few levels per level).
MAX_LUA_DEPTH = 32

#: Most serialized script values (Lua values: every table, key and element counts) in one
#: top-level packet, all its objects together; counted before they are parsed. A value
#: takes about 0.8 KB parsed: 65536 of them, shown as JSON, peak near 160 MB RSS
#: (``tests/test_hostile_messages.py``).
MAX_LUA_VALUES = 65536

# -- maps ------------------------------------------------------------------------------------------
#: Largest map, in blocks (one byte each), a map setup may declare; e.g. 1024 x 1024 x 128.
MAX_MAP_VOLUME = 128 * 1024 * 1024

#: Largest region, in blocks, one packet of map data may fill (and so the most
#: bytes its compressed data may inflate to).
MAX_REGION_VOLUME = 128 * 1024 * 1024

#: Most compressed bytes an append buffer (map data sent in pieces) may collect before it
#: is used.
MAX_APPEND_BUFFER = 16 * 1024 * 1024

#: Most compressed bytes the append buffers of all connections together may hold.
MAX_APPEND_BUFFERS = 64 * 1024 * 1024

# -- tracked state -------------------------------------------------------------------------------
#: Most objects a tracker holds at once (NetObjs, entities, players ...).
MAX_TRACKED_OBJECTS = 1_000_000

#: Most history entries (chat lines, menu responses) a tracker keeps; the oldest are
#: forgotten first and counted in the snapshot.
MAX_HISTORY = 1000

#: Most text (characters) the history entries of a tracker hold together, the oldest
#: forgotten first: a thousand chat lines of 64 KB would hold 128 MB of text and segments.
MAX_HISTORY_BYTES = 16 * 1024 * 1024

#: Most color segments a tracker keeps for one text (a chat line, a menu widget); a text
#: of one-character runs in alternating colors would otherwise hold about 200 bytes of
#: state per byte of packet.
MAX_TEXT_SEGMENTS = 64

# -- capture files and transport -------------------------------------------------------------
#: Largest record accepted from a capture file (bytes); pcap snap lengths are far smaller.
MAX_RECORD = 64 * 1024 * 1024

#: Largest window (xz dictionary, zstd window) a compressed capture may declare (bytes);
#: the decompressor holds that much history. zstd's own default cap; xz -9 needs 64 MiB.
MAX_CAPTURE_WINDOW = 128 * 1024 * 1024

#: Structures (headers, VLAN tags, MPLS labels, NFLOG attributes, pcapng options, IPv6
#: extension headers ...) the capture specs may build for one frame or block, counted as
#: each is made (``wirestruct.core.stream.count_objects``): a record of 4-byte items
#: would otherwise become millions of objects, some 180 bytes each.
MAX_ITEMS_PER_RECORD = 4096

#: Decompressed bytes a gzip/xz/zstd capture may produce for each compressed byte read,
#: once past ``expansion_allowance``; real captures compress 2 to 50 times, blank or
#: repeated data (a bomb) thousands of times. Past it the capture ends with an error
#: counting the compressed bytes not read.
MAX_CAPTURE_EXPANSION = 1024

#: Decompressed bytes a compressed capture may produce before ``max_capture_expansion``
#: applies (so that a small capture of very compressible packets is read whole).
EXPANSION_ALLOWANCE = 16 * 1024 * 1024

#: Out-of-order TCP bytes held per direction while waiting for a gap to fill (bytes; each
#: held segment also counts 256 bytes for its bookkeeping).
MAX_REASSEMBLY_BUFFER = 32 * 1024 * 1024

#: Out-of-order TCP bytes held over all connections together (counted as for
#: ``max_reassembly_buffer``); past it, the connection holding bytes that was fed least
#: recently reports its first hole as a gap and delivers what follows it.
MAX_REASSEMBLY_BUFFERS = 64 * 1024 * 1024

#: Delivered TCP bytes kept per direction to check retransmitted copies against (bytes).
MAX_TCP_HISTORY = 256 * 1024

#: Delivered TCP bytes kept over all connections together, ended ones included; past it,
#: the least recently fed directions forget theirs (their retransmissions can no longer be
#: compared and are dropped as copies).
MAX_TCP_HISTORIES = 32 * 1024 * 1024

#: Most TCP connections / UDP flows followed at once in one capture (ended TCP
#: connections are remembered, as many again, to check their late segments).
MAX_FLOWS = 65_536

#: Client connections ``wirestruct proxy`` relays at once (one more is refused, reported).
MAX_CLIENTS = 256

#: IPv4 fragment bytes held, in all, while waiting for the rest of their datagrams.
MAX_FRAGMENT_BUFFER = 16 * 1024 * 1024

#: Seconds of capture time an incomplete IPv4 datagram waits for its missing fragments
#: (as Linux's ipfrag_time).
FRAGMENT_TIMEOUT = 30

#: Bytes stream decoders hold in all, over every connection, in packets not yet complete;
#: past it, the partial packets of the least recently fed streams are dropped (reported
#: with their byte counts) until the rest fits. One packet (``max_packet``) always fits.
MAX_STREAM_BUFFERS = 64 * 1024 * 1024

#: Bytes a stream decoder skips in one run looking for the next packet boundary before it
#: reports the run (it keeps skipping; no more than this is held while it looks).
MAX_RESYNC_SCAN = 1024 * 1024

#: Largest WebSocket message (its frames' payloads together, as sent) read from a packet
#: capture (bytes); a larger frame's payload is skipped as it arrives, never held.
MAX_WS_MESSAGE = 16 * 1024 * 1024

#: Most frames one WebSocket message may come in; past it the message is dropped and its
#: further frames skipped (a frame held costs about 40 bytes besides its payload).
MAX_WS_FRAGMENTS = 65_536

#: Largest size one compressed (permessage-deflate) WebSocket message may inflate to
#: (bytes); inflation stops there, a bomb is an error, not memory.
MAX_WS_INFLATED = 16 * 1024 * 1024

#: Bytes all compressed WebSocket messages of one capture may inflate to together.
MAX_WS_INFLATED_TOTAL = 4 * 1024 * 1024 * 1024

#: Largest HTTP header block of a WebSocket handshake (request or response) held while
#: waiting for its end (bytes).
MAX_WS_HANDSHAKE = 64 * 1024

# -- the Wireshark dissectors ------------------------------------------------------------------
#: Objects and repeated items one parse of the generated Lua parsers may build for each
#: byte it parses (past ``parse_objects_allowance``): a zero-sized item repeated until
#: something that never comes stops there instead of running on.
MAX_PARSE_OBJECTS_PER_BYTE = 16

#: Objects and repeated items any one parse of the generated Lua parsers may build before
#: ``max_parse_objects_per_byte`` applies.
PARSE_OBJECTS_ALLOWANCE = 4096

#: Errors of one packet shown one by one (as error events in Python, as expert infos in
#: Wireshark); the packet's further errors are counted, by kind, in one summary error that
#: names how many and how many bytes they cover.
MAX_ERRORS_PER_PACKET = 16

#: Bytes the Wireshark dissectors keep across packets for random access (a packet's
#: rebuilt data, inflated map blocks, append buffers, replayed look-ups), over the whole
#: capture; past it the least recently used are forgotten, and a packet whose state was
#: forgotten says so instead of showing it.
MAX_KEPT_STATE = 64 * 1024 * 1024

# -- tables ------------------------------------------------------------------------------------
#: Text and bytes the rows of one table collect before they are made a record batch (and
#: a Parquet row group by ``batch``), whatever ``batch_rows`` says: 16,384 rows of 64 KB
#: chat lines would be a gigabyte.
MAX_BATCH_BYTES = 4 * 1024 * 1024

# -- JSON input (JSON Lines captures, encode input, manifests) ------------------------------
#: Longest JSON text read as one document: a line of a JSON Lines capture (its record's
#: data is hex, two characters a byte) or of ``encode`` input. Held while it is parsed,
#: with the strings it holds.
MAX_JSON_BYTES = 64 * 1024 * 1024

#: Most values (objects, arrays, keys, strings, numbers) in one JSON document, counted
#: before it is parsed: a value costs up to about 120 bytes once parsed. Decoded events
#: within the other limits hold fewer (8192 sub-updates of the largest kind: 780,000).
MAX_JSON_VALUES = 1_000_000

#: Deepest nesting of arrays and objects in one JSON document (decoded events nest about
#: a dozen levels).
MAX_JSON_DEPTH = 64

#: Longest message (and "expected" text) an error carries, in characters; longer ones,
#: such as the repr of a huge value from the input, are cut in the middle and say how
#: much was cut. Fixed for every run: errors are made where no Limits is at hand.
MAX_ERROR_MESSAGE = 1000

#: Largest value any limit may be given (2^62): larger ones are refused as the usage
#: error they are, not left to overflow a C library later.
MAX_LIMIT_VALUE = 1 << 62


@dataclass(frozen=True)
class Limits:
    """Every cap; the field documentation is the constant's above."""

    max_decompressed: int = MAX_DECOMPRESSED
    max_packet: int = MAX_PACKET
    max_nesting: int = MAX_NESTING
    max_items_per_packet: int = MAX_ITEMS_PER_PACKET
    max_entities_per_packet: int = MAX_ENTITIES_PER_PACKET
    max_lua_depth: int = MAX_LUA_DEPTH
    max_lua_values: int = MAX_LUA_VALUES
    max_map_volume: int = MAX_MAP_VOLUME
    max_region_volume: int = MAX_REGION_VOLUME
    max_append_buffer: int = MAX_APPEND_BUFFER
    max_append_buffers: int = MAX_APPEND_BUFFERS
    max_tracked_objects: int = MAX_TRACKED_OBJECTS
    max_history: int = MAX_HISTORY
    max_history_bytes: int = MAX_HISTORY_BYTES
    max_text_segments: int = MAX_TEXT_SEGMENTS
    max_record: int = MAX_RECORD
    max_items_per_record: int = MAX_ITEMS_PER_RECORD
    max_capture_window: int = MAX_CAPTURE_WINDOW
    max_capture_expansion: int = MAX_CAPTURE_EXPANSION
    expansion_allowance: int = EXPANSION_ALLOWANCE
    max_reassembly_buffer: int = MAX_REASSEMBLY_BUFFER
    max_reassembly_buffers: int = MAX_REASSEMBLY_BUFFERS
    max_tcp_history: int = MAX_TCP_HISTORY
    max_tcp_histories: int = MAX_TCP_HISTORIES
    max_flows: int = MAX_FLOWS
    max_clients: int = MAX_CLIENTS
    max_fragment_buffer: int = MAX_FRAGMENT_BUFFER
    fragment_timeout: int = FRAGMENT_TIMEOUT
    max_resync_scan: int = MAX_RESYNC_SCAN
    max_stream_buffers: int = MAX_STREAM_BUFFERS
    max_ws_message: int = MAX_WS_MESSAGE
    max_ws_fragments: int = MAX_WS_FRAGMENTS
    max_ws_inflated: int = MAX_WS_INFLATED
    max_ws_inflated_total: int = MAX_WS_INFLATED_TOTAL
    max_ws_handshake: int = MAX_WS_HANDSHAKE
    max_batch_bytes: int = MAX_BATCH_BYTES
    max_json_bytes: int = MAX_JSON_BYTES
    max_json_values: int = MAX_JSON_VALUES
    max_json_depth: int = MAX_JSON_DEPTH
    max_parse_objects_per_byte: int = MAX_PARSE_OBJECTS_PER_BYTE
    parse_objects_allowance: int = PARSE_OBJECTS_ALLOWANCE
    max_errors_per_packet: int = MAX_ERRORS_PER_PACKET
    max_kept_state: int = MAX_KEPT_STATE

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"limit {f.name} must be a whole number >= 0, not {value!r}")
            if value > MAX_LIMIT_VALUE:
                raise ValueError(f"limit {f.name} must be at most 2^62 "
                                 f"({MAX_LIMIT_VALUE}), not {value}")

    @classmethod
    def names(cls) -> dict[str, str]:
        """Each limit's name and one line of what it caps (from the constants' comments)."""
        return {f.name: _DOCS.get(f.name, "") for f in fields(cls)}

    def with_overrides(self, assignments: Iterable[str]) -> Limits:
        """A copy with ``NAME=VALUE`` assignments applied (``16M``, ``64k``, ``1G`` allowed);
        raises ValueError naming the bad assignment and the known names."""
        known = {f.name for f in fields(self)}
        changes: dict[str, int] = {}
        for text in assignments:
            name, sep, value = text.partition("=")
            name = name.strip().replace("-", "_")
            if not sep:
                raise ValueError(f"--limit {text!r}: expected NAME=VALUE")
            if name not in known and f"max_{name}" in known:
                name = f"max_{name}"
            if name not in known:
                raise ValueError(f"--limit {text!r}: unknown limit {name!r}; known: "
                                 + ", ".join(sorted(known)))
            changes[name] = parse_size(value, what=f"--limit {text!r}")
        return replace(self, **changes)


_SUFFIX = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
_SIZE = re.compile(r"^\s*(\d+)\s*([kmg]?)(?:i?b)?\s*$", re.IGNORECASE)


def parse_size(text: str, *, what: str = "size") -> int:
    """``"4096"``, ``"64k"``, ``"16M"``, ``"1GiB"`` -> bytes (powers of 1024)."""
    match = _SIZE.match(text.replace("_", ""))
    if not match:
        raise ValueError(f"{what}: {text!r} is not a whole number (k, M, G suffixes allowed)")
    digits = match.group(1).lstrip("0") or "0"
    if len(digits) > 30:            # far past any limit; int() of huge text is slow
        raise ValueError(f"{what}: a number of {len(digits)} digits is too large")
    return int(digits) * _SUFFIX[match.group(2).lower()]


_DOCS = {
    "max_decompressed": "bytes one packet's compressed data (nested data included) may expand to",
    "max_packet": "bytes of one packet a stream framer buffers",
    "max_nesting": "levels packets may nest inside packets",
    "max_items_per_packet": "items (sub-updates, sub-packets, list entries) in one packet",
    "max_entities_per_packet": "entity creations/updates in one packet",
    "max_lua_depth": "levels serialized script values (Lua tables) may nest",
    "max_lua_values": "serialized script values (Lua values) in one packet",
    "max_map_volume": "blocks in one map (a map setup)",
    "max_region_volume": "blocks one region's map data may fill",
    "max_append_buffer": "compressed bytes an append buffer of map data may collect",
    "max_append_buffers": "compressed bytes all append buffers together may hold",
    "max_tracked_objects": "objects a tracker holds at once (NetObjs, entities, players)",
    "max_history": "chat lines / menu responses a tracker keeps (oldest forgotten first)",
    "max_history_bytes": "characters of text all history entries hold together",
    "max_text_segments": "color segments a tracker keeps for one chat line or menu text",
    "max_record": "bytes of one capture record",
    "max_items_per_record":
        "structures (tags, labels, options, attributes) the capture specs build per record",
    "max_capture_window":
        "bytes of history (xz dictionary, zstd window) a compressed capture may need",
    "max_capture_expansion":
        "decompressed bytes per compressed byte of a capture, past expansion_allowance",
    "expansion_allowance":
        "decompressed bytes of a capture before max_capture_expansion applies",
    "max_reassembly_buffer": "out-of-order TCP bytes held per direction",
    "max_reassembly_buffers": "out-of-order TCP bytes held over all connections",
    "max_tcp_history": "delivered TCP bytes kept per direction to check retransmissions",
    "max_tcp_histories": "delivered TCP bytes kept over all connections",
    "max_flows": "TCP connections / UDP flows followed at once",
    "max_clients": "client connections wirestruct proxy relays at once",
    "max_batch_bytes": "bytes of text one table's rows collect before they are written",
    "max_json_bytes": "bytes of one JSON line or document (JSON Lines captures, encode input)",
    "max_json_values": "values (objects, arrays, keys, strings, numbers) in one JSON document",
    "max_json_depth": "levels arrays and objects may nest in one JSON document",
    "max_parse_objects_per_byte":
        "objects and repeated items a Lua parse builds per byte, past parse_objects_allowance",
    "parse_objects_allowance":
        "objects and repeated items any Lua parse may build before the per-byte cap applies",
    "max_errors_per_packet": "errors of one packet shown one by one; the rest summarised",
    "max_kept_state": "bytes the Wireshark dissectors keep across packets for random access",
    "max_fragment_buffer": "IPv4 fragment bytes held while datagrams are incomplete",
    "fragment_timeout": "seconds of capture time an incomplete IPv4 datagram is held",
    "max_resync_scan": "bytes a stream decoder may skip looking for a packet boundary",
    "max_stream_buffers": "bytes of unfinished packets held over all TCP connections",
    "max_ws_message": "bytes of one WebSocket message (its frames' payloads) in a capture",
    "max_ws_fragments": "frames one WebSocket message may come in",
    "max_ws_inflated": "bytes one permessage-deflate WebSocket message may inflate to",
    "max_ws_inflated_total": "bytes all WebSocket messages of a capture may inflate to",
    "max_ws_handshake": "bytes of a WebSocket handshake's HTTP header block",
}

DEFAULT_LIMITS = Limits()
