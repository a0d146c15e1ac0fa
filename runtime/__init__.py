"""wirestruct: Kaitai Struct parsers for game network protocols.

    from wirestruct import open_capture, get_protocol, decode_records, track

    protocol = get_protocol("scrap-mechanic")
    with open_capture("session.jsonl") as capture:
        tracker = protocol.tracker()
        for event in track(decode_records(capture, protocol.decoder()), tracker):
            print(event)
    print(tracker.snapshot())

The generated classes are importable on their own, e.g.
``from wirestruct.generated.capture.wirestruct_capture import WirestructCapture``.
"""
from .captures import Capture, open_capture
from .errors import WirestructError
from .events import ErrorEvent, Event, PacketEvent
from .jsonify import to_jsonable
from .limits import DEFAULT_LIMITS, Limits
from .records import CaptureRecord, Direction
from .registry import get_protocol, protocol_names
from .session import decode_records, track

__version__ = "0.1.0"

__all__ = [
    "Capture", "CaptureRecord", "DEFAULT_LIMITS", "Direction", "ErrorEvent", "Event",
    "Limits", "PacketEvent", "WirestructError", "decode_records", "get_protocol",
    "open_capture", "protocol_names", "to_jsonable", "track",
]
