"""The messages of a Scrap Mechanic session: what 18 Display Message, 19 Display Alert Text
and the Chat Message payloads of 27/28 show, one flat record each. The tracker's message
log and the ``sm_messages`` table are both made of it.

* 18: ``kind`` ``display_message``, ``location`` (``popup``, ``alert`` or ``chat``, by the
  type's text), ``type``, ``message``, ``special`` (the special pop-up message, if any).
* 19: ``kind`` ``alert``, ``message`` as sent and ``shown``: what the game displays when
  the size cuts the message short (the text up to the size), or nothing when the size is
  larger than the message (only the icon).
* 27/28 Chat Message: ``kind`` ``chat``, ``sender`` (with its MyGUI color prefix), the
  ``message``, its ``timestamp`` and ``key`` (the message number).
"""
from __future__ import annotations

from typing import Any

from wirestruct.core.events import PacketEvent
from wirestruct.protocols.scrap_mechanic.packets import PacketId

P = PacketId
_DISPLAY, _ALERT = int(P.display_message), int(P.display_alert_text)
CHAT_PACKETS = frozenset({int(P.generic_data_s2c), int(P.generic_data_c2s)})
#: Packets that carry messages.
MESSAGE_PACKETS = frozenset({_DISPLAY, _ALERT}) | CHAT_PACKETS


def _name(value: Any) -> Any:
    return value.name if hasattr(value, "name") else value


def chat(payload: Any, key: int | None) -> dict[str, Any]:
    """A Chat Message payload as a message record."""
    return {"kind": "chat", "sender": payload.sender.text, "message": payload.message.text,
            "timestamp": payload.timestamp.value, "key": key}


def messages_of(event: PacketEvent) -> list[dict[str, Any]]:
    """The messages one packet shows (none for the other packets)."""
    body = event.expansions.get("body")
    if body is None:
        return []
    packet_id = event.packet_id
    if packet_id == _DISPLAY:
        return [{"kind": "display_message", "location": _name(body.location),
                 "type": body.message_type, "message": body.message,
                 "special": _name(body.special_message)}]
    if packet_id == _ALERT:
        shown = body.message.encode()[:body.len_message].decode("utf-8", "replace") \
            if body.shows_text else ""
        return [{"kind": "alert", "message": body.message, "shown": shown}]
    if packet_id not in CHAT_PACKETS:
        return []
    out = []
    for blob in event.expansions.get("blobs") or ():
        if blob.uid.name == "chat_message" and blob.payload is not None:
            out.append(chat(blob.payload, body.blobs[blob.index].key_u32))
    return out
