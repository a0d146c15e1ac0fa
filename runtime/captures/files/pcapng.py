"""pcapng files: sections, interfaces and packet blocks (``ksy/capture/pcapng.ksy``) as
frames."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from wirestruct.captures.files.reading import FileSource, Frame, structure_lost, truncated
from wirestruct.captures.frames.fastpath import enhanced_packet
from wirestruct.captures.frames.unread import UnreadTally
from wirestruct.core.errors import CaptureError, WirestructError
from wirestruct.core.limits import Limits
from wirestruct.core.parse import parse, wrap_exception
from wirestruct.core.stream import parse_stream
from wirestruct.generated.capture.pcapng import Pcapng

#: The first bytes of a pcapng file (its Section Header Block type).
PCAPNG_MAGIC = b"\x0a\x0d\x0d\x0a"
_PCAPNG_SHB = Pcapng.BlockType.section_header.value
_PCAPNG_EPB_TYPE = Pcapng.BlockType.enhanced_packet.value
_BLOCK = Pcapng.BlockType
#: Blocks that hold no packet and tell the reader nothing it needs: read quietly.
_METADATA = frozenset(b.value for b in (
    _BLOCK.name_resolution, _BLOCK.interface_statistics, _BLOCK.systemd_journal_export,
    _BLOCK.decryption_secrets, _BLOCK.custom_copiable, _BLOCK.custom_not_copiable))
#: Blocks that hold a packet: one that does not parse is a frame dropped.
_PACKETS = frozenset(b.value for b in (_BLOCK.enhanced_packet, _BLOCK.simple_packet,
                                        _BLOCK.packet))
#: Every block type this reader reads (the others are counted as not read).
_KNOWN = _METADATA | _PACKETS | {_BLOCK.section_header.value,
                                 _BLOCK.interface_description.value}
_IF_TSRESOL = Pcapng.InterfaceOption.if_tsresol.value
_IF_TSOFFSET = Pcapng.InterfaceOption.if_tsoffset.value


@dataclass
class _Interface:
    link_type: int
    divisor: int = 1_000_000     # timestamp units per second
    offset: int = 0              # seconds added to every timestamp


def _interface(idb) -> _Interface:
    iface = _Interface(int(idb.link_type))
    for option in idb.options:
        if option.code == _IF_TSRESOL and len(option.value) >= 1:
            value = option.value[0]
            iface.divisor = 2 ** (value & 0x7F) if value & 0x80 else 10 ** value
        elif option.code == _IF_TSOFFSET and len(option.value) >= 8:
            iface.offset = int.from_bytes(option.value[:8], "little" if idb._is_le else "big",
                                          signed=True)
        elif option.code == 0:
            break
    return iface


def pcapng_frames(src: FileSource, limits: Limits, unread: UnreadTally | None = None
                  ) -> Iterator[Frame | CaptureError]:
    """The frames of a pcapng file, block by block; a block that does not parse is an error
    (a packet block: one frame dropped) and reading goes on; a block whose lengths lose the
    file's structure ends it, and the rest of the file is counted. Blocks of types this
    reader does not know are counted in ``unread`` (like frames that are not read)."""
    reader = _Reader(src, limits)
    unread = unread if unread is not None else UnreadTally()
    while True:
        block = reader.next_block()
        if block is None:
            return
        if isinstance(block, CaptureError):
            yield block
            return
        block_type, is_le, body, start = block
        try:
            frame = reader.block(block_type, is_le, body, start)
        except WirestructError as exc:
            packet = block_type in _PACKETS
            yield CaptureError(f"bad pcapng block: {exc.message}", expected=exc.expected,
                               offset=exc.where.offset if exc.where.offset is not None else start,
                               field_path=exc.where.field_path, dropped=1 if packet else None,
                               dropped_unit="frames")
            continue
        if frame is None:
            if block_type not in _KNOWN:
                error = unread.count(_block_kind(block_type), f"block at offset {start}",
                                     len(body) + 12, unit="blocks")
                if error is not None:
                    yield error.at(offset=start)
            continue
        yield frame


def _block_kind(block_type: int) -> str:
    try:
        name = Pcapng.BlockType(block_type).name
    except ValueError:
        name = "unknown"
    return f"pcapng block type 0x{block_type:08x} ({name})"


class _Reader:
    """The state of a pcapng file between blocks: the section's byte order, its
    interfaces, the frames counted and the last timestamp."""

    def __init__(self, src: FileSource, limits: Limits) -> None:
        self.src = src
        self.limits = limits
        self.section_is_le = True
        self.interfaces: list[_Interface] = []
        self.number = 0
        self.last_t = 0.0
        self.last_t_ns = 0

    def next_block(self) -> tuple[int, bool, bytes, int] | CaptureError | None:
        """The next block (type, byte order, body, file offset); None at the end of the
        file; an error when the file's structure is lost."""
        src, read = self.src, self.src.read
        start = src.tell()
        first = read(8)
        if not first:
            return None
        is_le = self.section_is_le
        len_head = 8
        block_type = int.from_bytes(first[:4], "little" if is_le else "big")
        if len(first) < 8 or block_type == _PCAPNG_SHB:
            # Block heads that are short or start a section: Pcapng.BlockHead.
            try:
                head = Pcapng.BlockHead(self.section_is_le, parse_stream(
                    first + (read(4) if len(first) == 8 else b"")))
                block_type, len_block, is_le, len_head = (head.block_type, head.len_block,
                                                          head.is_le, head.len_head)
            except EOFError:
                return truncated("a block header", start, src.tell() - start)
            except Exception as exc:  # noqa: BLE001 - bad byte-order magic
                err = wrap_exception(exc, packet_name="section header block", offset_base=start)
                return structure_lost(src, f"bad pcapng section header: {err.message}",
                                      start + 8, err.expected or "a byte-order magic",
                                      src.tell() - start)
        else:
            len_block = int.from_bytes(first[4:8], "little" if is_le else "big")
        body_len = len_block - len_head - 4
        if len_block % 4 or body_len < 0 or len_block > self.limits.max_record + 4096:
            return structure_lost(src, f"block of {len_block} bytes", start,
                                  "a multiple of 4, at least 12 and within limits.max_record",
                                  src.tell() - start)
        body = read(body_len)
        tail = read(4)
        if len(body) < body_len or len(tail) < 4:
            return truncated("a block", start, src.tell() - start)
        if int.from_bytes(tail, "little" if is_le else "big") != len_block:
            # Pcapng.BlockTail's `valid`, on the trailing length.
            return structure_lost(src, "a block's trailing length differs from its leading "
                                  "length", start + len_block - 4, str(len_block),
                                  src.tell() - start)
        return int(block_type), is_le, body, start

    def block(self, block_type: int, is_le: bool, body: bytes, start: int) -> Frame | None:
        """What one block means: a frame, or a change of the section's state."""
        if block_type == _PCAPNG_EPB_TYPE:
            return self._enhanced_packet(is_le, body, start)
        if block_type == _BLOCK.section_header:
            self.section_is_le = is_le     # a new section, even if its body is bad
            self.interfaces = []
            self._parse(Pcapng.SectionHeaderBlock, body, is_le, name="section header",
                        base=start + 12)
        elif block_type == _BLOCK.interface_description:
            self.interfaces.append(_interface(self._parse(
                Pcapng.InterfaceDescriptionBlock, body, is_le, name="interface description",
                base=start + 8)))
        elif block_type == _BLOCK.packet:
            return self._packet(is_le, body, start)
        elif block_type == _BLOCK.simple_packet:
            self.number += 1
            spb = self._parse(Pcapng.SimplePacketBlock, body, is_le, 0, 0,
                              name="simple packet", base=start + 8)
            if not self.interfaces:
                raise CaptureError(f"frame {self.number} comes before any interface "
                                   "description", offset=start,
                                   expected="an interface description block")
            return Frame(self.number, start + 12, self.last_t, self.interfaces[0].link_type,
                         spb.packet_data, spb.original_packet_length, self.last_t_ns)
        return None

    def _parse(self, cls, body: bytes, *args, name: str, base: int):
        """A block body parsed with the generated class, its objects counted."""
        return parse(cls, body, *args, packet_name=name, offset_base=base,
                     max_objects=self.limits.max_items_per_record)

    def _packet(self, is_le: bool, body: bytes, start: int) -> Frame:
        """The obsolete Packet Block, read as an Enhanced Packet Block."""
        self.number += 1
        block = self._parse(Pcapng.PacketBlock, body, is_le, 0, 0, name="packet",
                            base=start + 8)
        return self._frame(block.interface_id, block.timestamp, block.packet_data,
                           block.original_packet_length, start, 28)

    def _enhanced_packet(self, is_le: bool, body: bytes, start: int) -> Frame:
        self.number += 1
        fixed = enhanced_packet(is_le)
        if len(body) >= fixed.size:
            interface_id, high, low, captured, orig_len = fixed.unpack_from(body)
        else:
            captured = -1
        if fixed.size + captured + (-captured % 4) == len(body):    # no options
            data = body[fixed.size:fixed.size + captured]
            timestamp = high * 0x100000000 + low
        else:
            epb = self._parse(Pcapng.EnhancedPacketBlock, body, is_le, 0, 0,
                              name="enhanced packet", base=start + 8)
            interface_id, timestamp = epb.interface_id, epb.timestamp
            data, orig_len = epb.packet_data, epb.original_packet_length
        return self._frame(interface_id, timestamp, data, orig_len, start, 28)

    def _frame(self, interface_id: int, timestamp: int, data: bytes, orig_len: int,
               start: int, head: int) -> Frame:
        if interface_id >= len(self.interfaces):
            raise CaptureError(f"frame {self.number} names interface {interface_id}",
                               expected=f"one of the {len(self.interfaces)} interfaces "
                               "described before it", offset=start + 8)
        iface = self.interfaces[interface_id]
        self.last_t = timestamp / iface.divisor + iface.offset
        # Nanoseconds exactly (units finer than a nanosecond are rounded down).
        self.last_t_ns = (timestamp * 1_000_000_000 // iface.divisor
                          + iface.offset * 1_000_000_000)
        return Frame(self.number, start + head, self.last_t, iface.link_type, data, orig_len,
                     self.last_t_ns)
