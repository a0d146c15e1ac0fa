"""Encoder for Scrap Mechanic: events back to packets (id byte, LZ4 body).

What each packet is built from (the one place the event -> fields mapping lives):

* 21/22 Network Update: ``expansions.tick`` and each ``expansions.sub_updates[i].update``
  (``sm_network_update`` fields, with the ``known_controller_type`` parameter the decoder
  gave it). Each sub-update's data is framed as a RawUpdate or a DeltaUpdate against the
  previous sub-update of the same connection and direction, across packets, as the
  decoder reads them (:class:`SubUpdateFramer`); the body is then one LZ4 block.
* 24 Unreliable Update, 30 Player Movement: ``expansions.body`` (``sm_unreliable_update``,
  ``sm_player_movement`` fields), then LZ4.
* 29 Compound: the events nested under it (``parent``), each encoded as a packet of its
  own without LZ4 (sub-packets are not compressed), packed as ``sm_compound_body``
  sub-packets, then LZ4.
* Every other packet documented as compressed: ``expansions.body`` with its spec, the
  BlobData payloads and Lua keys of ``expansions.blobs`` and 45's
  ``expansions.blueprint`` compressed into it (:mod:`.packet_bodies`), then LZ4.
* A packet documented as not compressed: its routed ``fields.body`` with its spec.
* Any other packet (undocumented ids, or an event without its expansion): ``fields``
  (``sm_packet``: id and body bytes as they are).

Inside a compound (depth 1 and deeper) bodies are not compressed, as the decoder expects.
LZ4 blocks are written with python-lz4 (``lz4.block.compress(..., store_size=False)``);
another compressor's block for the same body may differ, the decompressed body does not.
"""
from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from typing import Any

from wirestruct.core.encoder import Encoder, EventNode
from wirestruct.core.errors import EncodeError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.encode.building import type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.encode.unpresent import convert, readable
from wirestruct.protocols.scrap_mechanic import packet_bodies
from wirestruct.protocols.scrap_mechanic.delta import (
    DELTA,
    MAX_DELTA_SIZE,
    MAX_RAW_SIZE,
    RAW,
    bitfield_size,
)
from wirestruct.protocols.scrap_mechanic.packet_bodies import (
    LIFT_IMPORT_CREATION,
    compress,
    expanded_body,
    steam_id_fields,
)
from wirestruct.protocols.scrap_mechanic.packets import (
    BLOB_PACKETS,
    COMPOUND_PACKET,
    COMPRESSED,
    NETWORK_UPDATES,
    PACKETS,
    PLAYER_MOVEMENT,
    UNRELIABLE_UPDATE,
    packet_name,
)

PACKET = type_info("scrap_mechanic", "sm_packet")
NETWORK_UPDATE_DATA = type_info("scrap_mechanic", "sm_network_update")
UNRELIABLE = type_info("scrap_mechanic", "sm_unreliable_update")
MOVEMENT = type_info("scrap_mechanic", "sm_player_movement")
COMPOUND = type_info("scrap_mechanic", "sm_compound_body")
NETWORK_UPDATE_BODY = type_info("scrap_mechanic", "sm_network_update_body")
PACKET_ID = PACKET.resolve_enum("sm_common::packet_id")

_BODIES = {int(UNRELIABLE_UPDATE): UNRELIABLE, int(PLAYER_MOVEMENT): MOVEMENT}
#: Compressed packets whose expanded body packet_bodies builds; packets sent uncompressed,
#: whose body sm_packet routes.
_EXPANDED = COMPRESSED - NETWORK_UPDATES - {int(COMPOUND_PACKET)} - set(_BODIES)
_ROUTED = frozenset(PACKETS) - COMPRESSED
#: Expanded packets into whose body packet_bodies compresses BlobData or a blueprint: their
#: events are converted to the raw form first.
_CONVERTED = _EXPANDED & (BLOB_PACKETS | {LIFT_IMPORT_CREATION})

#: The bit-stream floats of a character update: group -> (component, its bits field).
_FLOAT_GROUPS = {group: tuple((c, f"{group}_{c}_bits") for c in components)
                 for group, components in (("position", "xyz"), ("velocity", "xyz"),
                                           ("angular_velocity", "xyz"),
                                           ("rotation", "xyzw"))}


_F4 = struct.Struct(">f")
_U4 = struct.Struct(">I")


def float_bits(value: Any) -> int:
    """A float (or "NaN"/"Infinity"/"-Infinity" as decode prints them) as its 32 bits."""
    if value.__class__ is not float:
        if isinstance(value, str):
            try:
                value = float({"Infinity": "inf", "-Infinity": "-inf"}.get(value, value))
            except ValueError:
                raise EncodeError(f"float {value!r}", expected="a number") from None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise EncodeError(f"float {value!r}", expected="a number")
    try:
        return _U4.unpack(_F4.pack(value))[0]
    except OverflowError:
        raise EncodeError(f"float {value!r} out of single-precision range",
                          expected="a float32 value") from None


def character_fields(fields: Mapping[str, Any], params: tuple[Any, ...] = ()) -> Mapping[str, Any]:
    """A character update's ``*_bits`` fields from its float values: the floats
    (``position.x.value``, or ``position.x`` as a number) are what a writer edits; the
    bits the bit stream holds follow from them."""
    out = dict(fields)
    for group, components in _FLOAT_GROUPS.items():
        floats = fields.get(group)
        if floats.__class__ is not dict and not isinstance(floats, Mapping):
            continue
        rebuilt = dict(floats)
        for c, bits in components:
            item = floats.get(c)
            value = item.get("value") if item.__class__ is dict or isinstance(item, Mapping) \
                else item
            if value is not None:
                out[bits] = float_bits(value)
                rebuilt[c] = {}                   # computed from the bits: reads no bytes
        out[group] = rebuilt
    return out


HOOKS = {UNRELIABLE.resolve_type("character_update").cls: character_fields}


_UPDATE_CHARACTER = NETWORK_UPDATE_DATA.resolve_type("update_character").cls


def character_padding(fields: Mapping[str, Any], params: tuple[Any, ...] = ()) -> Mapping[str, Any]:
    """A character update's closing ``padding`` bits (zeros) when not given: as many as
    the spec's ``num_padding_bits`` says for the flags set."""
    if fields.get("padding") is not None:
        return fields
    probe = _UPDATE_CHARACTER(None, None, None)
    for flag in ("update_movement_states", "update_color", "update_selected_item",
                 "update_is_player"):
        object.__setattr__(probe, flag, bool(fields.get(flag)))
    return {**fields, "padding": [False] * probe.num_padding_bits}


#: Hooks of the NetObj data of Network Update sub-updates.
NETWORK_HOOKS = {NETWORK_UPDATE_DATA.resolve_type("steam_id").cls: steam_id_fields,
                 _UPDATE_CHARACTER: character_padding}


def delta_encode(previous: bytes, data: bytes) -> bytes | None:
    """The DeltaUpdate for ``data`` against ``previous`` (bitfield, then the new bytes),
    or None where the document allows none (other size, previous longer than 0x3f)."""
    n = len(previous)
    if len(data) != n or n > MAX_DELTA_SIZE:
        return None
    n_bitfield = bitfield_size(n)
    bits = 1 << (8 * n_bitfield - 1)              # the delta flag
    new = bytearray()
    for i in range(n):
        if data[i] == previous[i]:
            bits |= 1 << i                        # keep byte i
        else:
            new.append(data[i])
    return bits.to_bytes(n_bitfield, "big") + bytes(new)


def raw_encode(data: bytes) -> bytes:
    if len(data) + 2 > MAX_RAW_SIZE:
        raise EncodeError(f"sub-update of {len(data)} bytes", field_path="sub_updates",
                          expected=f"at most {MAX_RAW_SIZE - 2} bytes")
    return struct.pack(">H", len(data) + 2) + data


class SubUpdateFramer:
    """Frames sub-update data as RawUpdate or DeltaUpdate, per connection and direction.

    The choice: the encoding asked for when it is possible (a delta needs a previous update
    of the same size, at most 0x3f bytes); otherwise, or with no preference, a delta when
    it is shorter than the RawUpdate (the document's algorithm keeps the bytes a delta
    marks, so a delta only pays when fewer bytes change than the size field costs)."""

    def __init__(self) -> None:
        self.previous: dict[tuple[int, int], bytes] = {}
        self.counts = {RAW: 0, DELTA: 0}

    def frame(self, key: tuple[int, int], data: bytes, prefer: str | None = None) -> bytes:
        previous = self.previous.get(key)
        delta = delta_encode(previous, data) if previous is not None else None
        self.previous[key] = data
        if delta is not None and (prefer == DELTA
                                  or (prefer != RAW and len(delta) < len(data) + 2)):
            self.counts[DELTA] += 1
            return delta
        self.counts[RAW] += 1
        return raw_encode(data)


def network_update_body(tick: int, framed: Sequence[bytes]) -> bytes:
    """A Network Update body: the tick (``sm_network_update_body``), then the sub-updates
    as framed by :class:`SubUpdateFramer` (RawUpdate or DeltaUpdate)."""
    return encode_fields(NETWORK_UPDATE_BODY, {"tick": tick, "sub_updates": []}) + b"".join(framed)


#: ``sm_unreliable_update::update`` data types by NetObj type name.
_UNRELIABLE_CASES = UNRELIABLE.resolve_type("update").seq[2]["type"]["cases"]
_UNRELIABLE_DATA = {case.rsplit("::", 1)[1]: UNRELIABLE.resolve_type(ref)
                    for case, ref in _UNRELIABLE_CASES.items()}


def unreliable_update_fields(server_tick: int, current_tick: int,
                             updates: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """The fields of a 24 Unreliable Update body from (NetObj type name, data fields)
    pairs: ``num_updates`` and each ``len_update`` (its data's size plus the two bytes of
    size and type) computed."""
    entries = []
    for i, (netobj_type, data) in enumerate(updates):
        info = _UNRELIABLE_DATA.get(netobj_type)
        if info is None:
            raise EncodeError(f"NetObj type {netobj_type!r} has no unreliable update",
                              field_path=f"updates[{i}]/netobj_type",
                              expected=f"one of {sorted(_UNRELIABLE_DATA)}")
        size = len(encode_fields(info, data, hooks=HOOKS))
        entries.append({"len_update": size + 2, "netobj_type": netobj_type, "data": data})
    return {"server_tick": server_tick, "current_tick": current_tick,
            "num_updates": len(entries), "updates": entries}


def unreliable_update_body(fields: Mapping[str, Any]) -> bytes:
    """A 24 Unreliable Update body (uncompressed) from its ``sm_unreliable_update`` fields."""
    return encode_fields(UNRELIABLE, fields, hooks=HOOKS)


def player_movement_body(fields: Mapping[str, Any]) -> bytes:
    """A 30 Player Movement body (uncompressed) from its ``sm_player_movement`` fields."""
    return encode_fields(MOVEMENT, fields)


def network_update_data(update: Mapping[str, Any], *, readable: bool = False) -> bytes:
    """One sub-update's data from its ``sm_network_update`` fields (``known_controller_type``
    among them: the parameter). A ``steam_id`` may be given as its ``value`` and a
    character update's ``padding`` left out: both are derived."""
    known = update.get("known_controller_type", 0)
    if isinstance(known, bool) or not isinstance(known, int):
        raise EncodeError(f"bad known_controller_type {known!r}",
                          field_path="known_controller_type", expected="an integer")
    return encode_fields(NETWORK_UPDATE_DATA, update, (known,), hooks=NETWORK_HOOKS,
                         readable=readable)


class ScrapMechanicEncoder(Encoder):
    protocol = "scrap-mechanic"
    id_field = "packet_id"

    def packet_name(self, packet_id: int, direction: str) -> str | None:
        return packet_name(packet_id)

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS, **options: Any) -> None:
        super().__init__(limits=limits, **options)
        self.framer = SubUpdateFramer()

    def to_raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        return readable(event, _convert_event)

    def _raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        """Events are kept as given, and :meth:`encode_packet` writes their readable
        fields directly (converting only where the direct writer gives up), except the
        packets whose BlobData and blueprints :mod:`.packet_bodies` compresses: converted
        first (:meth:`to_raw`)."""
        packet_id = event.get("id") if isinstance(event, Mapping) else None
        if packet_id.__class__ is int and packet_id in _CONVERTED:   # any other: as given
            return super()._raw(event)
        return event

    def encode_packet(self, node: EventNode, depth: int) -> bytes:
        if depth > self.limits.max_nesting:
            raise EncodeError("compound packets nested too deep",
                              expected=f"at most {self.limits.max_nesting} levels")
        fields = node.fields
        packet_id = node.event.get("id")
        if not isinstance(packet_id, int) or isinstance(packet_id, bool):
            raise EncodeError(f"bad packet id {packet_id!r}", field_path="id",
                              expected="a packet id byte")
        expansions = node.expansions
        shown = packet_id not in _CONVERTED            # kept as given: see _raw
        if packet_id in NETWORK_UPDATES and "sub_updates" in expansions:
            body = self.network_update_body(node, expansions)
        elif packet_id in _BODIES and isinstance(expansions.get("body"), Mapping):
            body = encode_fields(_BODIES[packet_id], expansions["body"], hooks=HOOKS,
                                 readable=True)
        elif packet_id == int(COMPOUND_PACKET) and isinstance(expansions.get("body"), Mapping):
            body = self.compound_body(node, expansions["body"], depth)
        elif packet_id in _EXPANDED and isinstance(expansions.get("body"), Mapping):
            body = expanded_body(packet_id, expansions, readable=shown)
        elif packet_id in _ROUTED and isinstance(fields.get("body"), Mapping):
            info = packet_bodies.body_info(packet_id)
            return bytes((packet_id,)) + encode_fields(info, fields["body"],  # type: ignore[arg-type]
                                                       readable=True)
        else:                                             # id and body bytes as they are
            return encode_fields(PACKET, fields, readable=shown)
        if depth == 0:
            body = compress(body)
        return encode_fields(PACKET, {"packet_id": packet_id, "body": body})

    def network_update_body(self, node: EventNode, expansions: Mapping[str, Any]) -> bytes:
        tick = expansions.get("tick")
        if isinstance(tick, bool) or not isinstance(tick, int) or not 0 <= tick < 1 << 32:
            raise EncodeError(f"bad tick {tick!r}", field_path="expansions/tick",
                              expected="a 32-bit tick")
        sub_updates = expansions["sub_updates"]
        if not isinstance(sub_updates, list):
            raise EncodeError("sub_updates is not a list", field_path="expansions/sub_updates",
                              expected="a list of sub-updates")
        if len(sub_updates) > self.limits.max_items_per_packet:
            raise EncodeError(f"{len(sub_updates)} sub-updates",
                              field_path="expansions/sub_updates",
                              expected=f"at most {self.limits.max_items_per_packet}")
        key = (node.stream, int(node.direction))
        parts = []
        for i, sub in enumerate(sub_updates):
            where = f"expansions/sub_updates[{i}]"
            if not isinstance(sub, Mapping) or not isinstance(sub.get("update"), Mapping):
                raise EncodeError("sub-update without update fields", field_path=where,
                                  expected='an object with "update"')
            try:
                data = network_update_data(sub["update"], readable=True)
            except EncodeError as exc:
                path = exc.where.field_path
                # Re-raise the same error with its place added; a bare raise keeps the
                # cause it already carries (``from`` would overwrite it).
                exc.at(field_path=f"{where}/update" + (f"/{path}" if path else ""))
                raise
            parts.append(self.framer.frame(key, data, sub.get("encoding")))
        return network_update_body(tick, parts)

    def compound_body(self, node: EventNode, body: Mapping[str, Any], depth: int) -> bytes:
        declared = body.get("subpackets")
        if isinstance(declared, list) and len(declared) != len(node.children):
            raise EncodeError(f"{len(node.children)} nested events for "
                              f"{len(declared)} sub-packets",
                              field_path="expansions/body/subpackets",
                              expected="one event per sub-packet (an undecodable sub-packet "
                                       "has no event to encode it from)")
        subpackets: list[dict[str, Any]] = []
        for child in node.children:
            inner = self.encode_packet(child, depth + 1)
            subpackets.append({"packet_id": inner[0], "body": inner[1:]})
        return encode_fields(COMPOUND, {"subpackets": subpackets})   # lengths from the spec


def _convert_event(event: dict[str, Any]) -> None:
    """A readable event's fields, expanded body and sub-updates in the raw form."""
    convert(event, "fields", PACKET)
    expansions = event.get("expansions")
    if not isinstance(expansions, Mapping):
        return
    expansions = event["expansions"] = dict(expansions)
    subs = expansions.get("sub_updates")
    if isinstance(subs, list):
        expansions["sub_updates"] = [_convert_sub_update(sub) for sub in subs]
    packet_id = event.get("id")
    body = _BODIES.get(packet_id)  # type: ignore[arg-type]
    if body is None and packet_id == int(COMPOUND_PACKET):
        body = COMPOUND
    elif body is None and packet_id in _EXPANDED:
        body = packet_bodies.body_info(packet_id)
        packet_bodies.convert_blobs(expansions)
    if body is not None:
        convert(expansions, "body", body)


def _convert_sub_update(sub: Any) -> Any:
    if not isinstance(sub, Mapping):
        return sub
    sub = dict(sub)
    data = sub.get("data")
    if isinstance(data, Mapping) and set(data) == {"hex"}:
        sub["data"] = data["hex"]
    update = sub.get("update")
    if isinstance(update, Mapping):
        known = update.get("known_controller_type", 0)
        if isinstance(known, int) and not isinstance(known, bool):
            convert(sub, "update", NETWORK_UPDATE_DATA, (known,))
    return sub
