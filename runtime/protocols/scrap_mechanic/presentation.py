"""How readable output shows Scrap Mechanic values, and how they come back for the encoder.

UUIDs are shown as canonical ``8-4-4-4-12`` text by the byte order each field is
documented with; floats read as bits inside bit streams as the floats they are; Lua
objects as natural JSON (:mod:`.lua_json`); the sub-updates and BlobData payloads the
decoder expands (runtime objects) as their parts; texts as text.
"""
from __future__ import annotations

import struct
import uuid
from typing import Any

from wirestruct.plugin.protocol import Presentation
from wirestruct.protocols.scrap_mechanic.decoder import SubUpdate
from wirestruct.protocols.scrap_mechanic.expand import BlobPayload
from wirestruct.protocols.scrap_mechanic.lua_json import lua_fields, natural
from wirestruct.protocols.scrap_mechanic.summaries import SUMMARIES

#: Fields holding ``sm_common::uuid`` documented `be u128`, `be UUID` or `byte[16]` (the
#: UUID text's bytes in order: container filters, BlobData uids, 02's mod and key UUIDs,
#: character customization options); every other UUID field is documented `le u128` (the
#: text's bytes reversed).
BE_UUID_FIELDS = frozenset({"filters", "filter_uuids", "uid", "mod_uuid", "option_uuids"})
#: Wire bookkeeping left out of readable output: the counts of a bit stream's bits that
#: its closing padding follows from.
HIDDEN_FIELDS = frozenset({"num_bits", "num_padding_bits"})
#: The bits that complete a byte: shown only when not zero (the game sends zeros; the
#: encoder writes zeros when they are left out).
ZERO_FIELDS = frozenset({"padding"})
_F4BE_UNPACK = struct.Struct(">f").unpack


def sm_uuid(obj: Any, field: str | None) -> str:
    """A UUID as canonical 8-4-4-4-12 text, by its field's documented order."""
    octets = bytes(obj.octets)
    if field not in BE_UUID_FIELDS:
        octets = octets[::-1]
    return str(uuid.UUID(bytes=octets))


def sm_uuid_from(text: Any, params: tuple[Any, ...], field: str | None) -> dict[str, Any]:
    """The inverse of :func:`sm_uuid`: the octets of a UUID's text, by its field's order."""
    octets = uuid.UUID(str(text)).bytes
    if field not in BE_UUID_FIELDS:
        octets = octets[::-1]
    return {"octets": octets.hex()}


def sm_bits_uuid(octets: Any) -> str:
    """A UUID read bit by bit as its 16 bytes (documented `le u128`: the text's bytes
    reversed) as its text."""
    return str(uuid.UUID(bytes=bytes(octets)[::-1]))


def sm_bits_uuid_from(text: Any) -> list[int]:
    """The inverse of :func:`sm_bits_uuid`: the 16 bytes of a UUID's text, reversed."""
    return list(uuid.UUID(str(text)).bytes[::-1])


def sm_f4_value(obj: Any) -> float:
    """``f4_from_bits``: its 32 bits as the big-endian IEEE 754 single they are (the spec's
    ``value`` builds the same float from the bits' parts, more slowly)."""
    return _F4BE_UNPACK(obj.bits.to_bytes(4, "big"))[0]


def _sub_update(s: SubUpdate) -> dict[str, Any]:
    return {"index": s.index, "encoding": s.encoding, "update_type": s.update_type,
            "netobj_type": s.netobj_type, "netobj_id": s.netobj_id,
            "controller_type": s.controller_type,
            "controller_type_source": s.controller_type_source,
            "data": bytes(s.data), "update": s.update}


def string_fields(text: Any) -> dict[str, Any]:
    """The ``String`` structure's fields (be u16 size, UTF-8 data) from its text."""
    if not isinstance(text, str):
        raise TypeError("a string is expected")
    return {"len_text": len(text.encode("utf-8")), "text": text}


def _blob_payload(b: BlobPayload) -> dict[str, Any]:
    return {"index": b.index, "uid": b.uid, "spec": b.spec,
            "size": None if b.data is None else len(b.data), "key": b.key,
            "payload": b.payload}


PRESENTATION = Presentation(
    value_of={"sm_common:SmCommon.Uuid": sm_uuid,
              "sm_common:SmCommon.F4FromBits": lambda obj, field: sm_f4_value(obj),
              "sm_lua_object:SmLuaObject": lambda obj, field: natural(obj),
              "sm_string:SmString": lambda obj, field: obj.text},
    value_instance={"sm_common:SmCommon.F4FromBits": sm_f4_value},
    # The float itself: the enclosing type's `*_bits` follow from it when it is encoded.
    value_from={"sm_common:SmCommon.Uuid": sm_uuid_from,
                "sm_common:SmCommon.F4FromBits": lambda value, params, field: {"value": value},
                "sm_lua_object:SmLuaObject": lambda value, params, field: lua_fields(value),
                "sm_string:SmString": lambda value, params, field: string_fields(value)},
    object_values=frozenset({"sm_lua_object:SmLuaObject"}),
    # the character update reads its selected item's UUID as 16 bit fields (inlined: a
    # sub-type would start on a byte boundary in JavaScript and Lua)
    field_values={"sm_network_update:SmNetworkUpdate.UpdateCharacter.selected_item_uuid":
                  (sm_bits_uuid, sm_bits_uuid_from)},
    hidden_fields=HIDDEN_FIELDS,
    zero_fields=ZERO_FIELDS,
    object_views={SubUpdate: _sub_update, BlobPayload: _blob_payload},
    summaries=SUMMARIES,
)
