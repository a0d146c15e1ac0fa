"""wirestruct: Kaitai Struct parsers for game network protocols.

    from wirestruct import open_capture, get_protocol, decode_records, track

    protocol = get_protocol(name)                  # one of protocol_names()
    with open_capture("session.jsonl") as capture:
        tracker = protocol.tracker()
        records = capture.records(protocol)
        for event in track(decode_records(records, protocol.decoder()), tracker):
            print(to_jsonable(event))
    print(to_jsonable(tracker.snapshot(), raw=False))

The generated classes are importable on their own, e.g.
``from wirestruct.generated.capture.wirestruct_capture import WirestructCapture``.
"""
from wirestruct.captures import Capture, open_capture
from wirestruct.core.errors import WirestructError
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import decode_records, track
from wirestruct.output.jsonify import to_jsonable
from wirestruct.plugin.registry import get_protocol, protocol_names

__version__ = "0.1.0"

__all__ = [
    "Capture", "CaptureRecord", "DEFAULT_LIMITS", "Direction", "ErrorEvent", "Event",
    "Limits", "PacketEvent", "WirestructError", "decode_records", "get_protocol",
    "open_capture", "protocol_names", "to_jsonable", "track",
]
