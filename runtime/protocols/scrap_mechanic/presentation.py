"""How readable output shows Scrap Mechanic values, and how they come back for the encoder.

UUIDs are shown as canonical ``8-4-4-4-12`` text by the byte order each field is
documented with; floats read as bits inside bit streams as the floats they are; the
sub-updates the decoder frames (runtime objects) as their parts.
"""
from __future__ import annotations

import struct
import uuid
from typing import Any

from wirestruct.plugin.protocol import Presentation
from wirestruct.protocols.scrap_mechanic.decoder import SubUpdate

#: Fields holding ``sm_common::uuid`` documented `be u128` (the UUID text's bytes in order);
#: every other UUID field is documented `le u128` (the text's bytes reversed).
BE_UUID_FIELDS = frozenset({"filters", "filter_uuids"})
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


def network_update_info(data: dict[str, Any]) -> str | None:
    """The summary line of a 21/22: the tick and the first sub-updates."""
    exp = data.get("expansions") or {}
    subs = exp.get("sub_updates")
    if not isinstance(subs, list):
        return None
    kinds = ", ".join(f"{s.get('update_type')} {s.get('netobj_type')} #{s.get('netobj_id')}"
                      for s in subs[:4] if isinstance(s, dict))
    more = f", +{len(subs) - 4}" if len(subs) > 4 else ""
    return f"tick={exp.get('tick')} sub_updates={len(subs)}: {kinds}{more}"


PRESENTATION = Presentation(
    value_of={"sm_common:SmCommon.Uuid": sm_uuid,
              "sm_common:SmCommon.F4FromBits": lambda obj, field: sm_f4_value(obj)},
    value_instance={"sm_common:SmCommon.F4FromBits": sm_f4_value},
    # The float itself: the enclosing type's `*_bits` follow from it when it is encoded.
    value_from={"sm_common:SmCommon.Uuid": sm_uuid_from,
                "sm_common:SmCommon.F4FromBits": lambda value, params, field: {"value": value}},
    object_views={SubUpdate: _sub_update},
    summaries={"network_update": network_update_info,
               "initialization_network_update": network_update_info},
)
