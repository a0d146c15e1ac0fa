"""``wirestruct show``: one packet given as hex or a file, decoded."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, UsageError
from wirestruct.core.events import ErrorEvent
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records
from wirestruct.plugin.registry import get_protocol
from wirestruct.tools.cli import options
from wirestruct.tools.cli.decode import writer
from wirestruct.tools.show import exported_spec, show_with_spec

#: The largest packet ``show`` reads (bytes).
MAX_SHOWN = 64 << 20
_SEPARATORS = re.compile(r"[\s:\-]+")
_HEX = re.compile(r"[0-9a-fA-F]+")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("show", help="decode one packet given as hex or a file",
                       description="Decode one packet, given as hex digits or a file holding "
                                   "its bytes (such as an exported packets/*.bin).")
    p.add_argument("packet", help="hex digits (spaces, ':' or '-' between bytes allowed), a "
                                  "file holding the packet's bytes, or - for standard input "
                                  "(hex text or the bytes)")
    options.add_protocol(p, required=True, detected=False)
    p.add_argument("--dir", choices=("s2c", "c2s"), default="s2c",
                   help="the packet's direction: s2c, server to client (default), or c2s")
    p.add_argument("--spec", metavar="NAME",
                   help="parse the bytes with this spec of the protocol (e.g. an exported "
                        "expanded body); default: the spec an export's index.json names for "
                        "the file, else the packet spec")
    options.add_output(p, default="tree")
    options.add_protocol_options(p, "show")
    options.add_limits(p)
    options.examples(p, "show")
    p.set_defaults(func=run)


def packet_bytes(given: str) -> tuple[bytes, Path | None]:
    """The packet ``show`` is given: hex digits (bytes may be separated by spaces, ``:`` or
    ``-``, as tshark, Wireshark and xxd print them), ``-`` (standard input: hex text or
    the bytes themselves), or a file holding the bytes (named, for an export's index)."""
    if given == "-":
        raw = sys.stdin.buffer.read(MAX_SHOWN + 1)
        if len(raw) > MAX_SHOWN:
            raise UsageError(f"standard input holds more than {MAX_SHOWN} bytes",
                             expected="one packet")
        found = _hex(raw.decode("ascii", "replace"))
        return (found if found is not None else raw), None
    found = _hex(given)
    if found is not None:
        return found, None
    source = Path(given)
    if not source.is_file():
        raise UsageError(f"{given!r} is neither hex nor a file",
                         expected="hex digits like 18001400..., 18:00:14:00 or a file")
    if source.stat().st_size > MAX_SHOWN:
        raise UsageError(f"{given}: more than {MAX_SHOWN} bytes", expected="one packet")
    return source.read_bytes(), source


def _hex(text: str) -> bytes | None:
    digits = _SEPARATORS.sub("", text.strip())
    if not digits or len(digits) % 2 or not _HEX.fullmatch(digits):
        return None
    return bytes.fromhex(digits)


def run(args: argparse.Namespace) -> int:
    protocol = get_protocol(args.protocol)
    settings = options.protocol_options(args, protocol)
    data, source = packet_bytes(args.packet)
    out = writer(args, protocol)
    direction = Direction.parse(args.dir)
    spec = args.spec or (exported_spec(source) if source is not None else None)
    with out.recording():
        found: list[Any]
        if spec is not None:
            found = show_with_spec(protocol, spec, data, direction)
        else:
            record = CaptureRecord(index=0, t=0.0, direction=direction, data=data)
            decoder = protocol.decoder(limits=options.limits(args), **settings)
            found = list(decode_records([record], decoder))
        errors = 0
        for event in found:
            errors += isinstance(event, ErrorEvent)
            out.write(event)
    out.close()
    out.out.flush()
    return EXIT_FAILED if errors else EXIT_OK
