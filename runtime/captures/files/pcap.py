"""pcap files: the file header (``ksy/capture/pcap.ksy``) and each record as a frame."""
from __future__ import annotations

from collections.abc import Iterator

from wirestruct.captures.files.reading import (
    BLOCK,
    FileSource,
    Frame,
    structure_lost,
    truncated,
)
from wirestruct.captures.frames.fastpath import record_header
from wirestruct.core.errors import CaptureError
from wirestruct.core.limits import Limits
from wirestruct.core.parse import wrap_exception
from wirestruct.core.stream import ParseStream
from wirestruct.generated.capture.pcap import Pcap

#: The magic numbers of pcap files (both byte orders, micro- and nanoseconds).
PCAP_MAGICS = {m.value: m for m in Pcap.Magic}


def pcap_frames(src: FileSource, limits: Limits) -> Iterator[Frame | CaptureError]:
    io = ParseStream(src)
    magic = PCAP_MAGICS[io.read_u4be()]
    is_le = magic in (Pcap.Magic.le_microseconds, Pcap.Magic.le_nanoseconds)
    scale = (1_000_000_000 if magic in (Pcap.Magic.le_nanoseconds, Pcap.Magic.be_nanoseconds)
             else 1_000_000)
    to_ns = 1_000_000_000 // scale
    try:
        header = Pcap.FileHeader(is_le, io)
    except EOFError:
        yield truncated("the pcap file header", 4)
        return
    except Exception as exc:  # noqa: BLE001 - a failed `valid:` check
        err = wrap_exception(exc, packet_name="pcap file header", offset_base=4)
        yield CaptureError(f"bad pcap file header: {err.message}", expected=err.expected,
                           offset=4, field_path=err.where.field_path)
        return
    link_type = header.link_type
    # Record headers: Pcap.RecordHeader's layout as one struct format (see .fastpath).
    record = record_header(is_le)
    unpack_from, size = record.unpack_from, record.size
    read, read_some = src.read, src.read_some
    max_record = limits.max_record
    number = 0
    start = src.tell()
    buf, at = b"", 0                      # bytes read ahead; buf[at:] are not used yet
    while True:
        if len(buf) - at < size:          # the next header is not all read yet
            buf, at = buf[at:], 0
            while len(buf) < size:
                more = read_some(BLOCK)  # a frame past the block: read on its own
                if not more:
                    break
                buf += more
            if not buf:
                return
            if len(buf) < size:
                yield truncated(f"the header of frame {number + 1}", start, len(buf))
                return
        number += 1
        ts_sec, ts_frac, incl_len, orig_len = unpack_from(buf, at)
        if incl_len > max_record:
            yield structure_lost(src, f"frame {number} claims {incl_len} bytes", start,
                                 f"at most {max_record} bytes (limits.max_record)",
                                 len(buf) - at)
            return
        end = at + size + incl_len
        if end <= len(buf):
            data = buf[at + size:end]
            at = end
        else:                             # the frame goes on past what is read ahead
            data = buf[at + size:]
            data += read(incl_len - len(data))
            buf, at = b"", 0
            if len(data) < incl_len:
                yield truncated(f"frame {number}", start, size + len(data))
                return
        units = ts_sec * scale + ts_frac
        yield Frame(number, start + size, units / scale, link_type, data, orig_len,
                    units * to_ns)
        start += size + incl_len
