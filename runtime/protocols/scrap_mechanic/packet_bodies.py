"""The bodies of Scrap Mechanic packets built from their fields, for the encoder: every
documented packet but the ones whose bodies the encoder frames itself (21/22 Network
Update, 29 Compound).

* A packet sent uncompressed: its routed body (``fields.body``) written with its spec.
* A compressed packet: its expanded body (``expansions.body``) written with its spec
  (:data:`.packets.PACKETS`), uncompressed; the encoder compresses it when the packet is
  sent on its own.
* The BlobData entries of 11, 13 and 25-28 take their data from ``expansions.blobs``
  where an entry has one: its payload written with the spec that named it (``spec``; a
  payload no spec opened is its bytes) and compressed into the entry's ``data``
  (``len_data`` set), its Lua key written into ``key`` (``len_key`` set). An entry
  without an expansion keeps its data as given.
* 45 Lift Import Creation takes its blueprint from ``expansions.blueprint`` (text, or
  bytes as ``{"hex": ...}``): compressed into ``compressed_blueprint_data``, with
  ``len_compressed_blueprint_data`` and ``uncompressed_size`` set.

Compressed data is one raw LZ4 block made with python-lz4 (``store_size=False``); another
compressor's block for the same data may differ, the expanded data does not.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import lz4.block
from wirestruct.core.errors import EncodeError
from wirestruct.encode.building import TypeInfo, type_info
from wirestruct.encode.fields import encode_fields
from wirestruct.encode.unpresent import raw_fields
from wirestruct.protocols.scrap_mechanic.packets import BLOB_PACKETS, PACKETS, PacketId

LIFT_IMPORT_CREATION = int(PacketId.lift_import_creation)
LUA_SPEC = "sm_lua_object"


def compress(body: bytes) -> bytes:
    """A body as one raw LZ4 block without a size prefix."""
    return lz4.block.compress(body, store_size=False)


@cache
def spec_info(spec: str) -> TypeInfo:
    """The root type of one of the protocol's specs."""
    return type_info("scrap_mechanic", spec)


def body_info(packet_id: int) -> TypeInfo | None:
    """The spec of a documented packet's (expanded) body; None for other ids."""
    info = PACKETS.get(packet_id)
    return spec_info(info.spec) if info is not None else None


def steam_id_fields(fields: Mapping[str, Any], params: tuple[Any, ...] = ()) -> Mapping[str, Any]:
    """A SteamID64's parts from its ``value`` when the parts are not given (the parts
    are what the wire holds: universe, account type, instance, account id)."""
    value = fields.get("value")
    if value is None or "account_id" in fields:
        return fields
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 64:
        raise EncodeError(f"bad SteamID64 {value!r}", field_path="value",
                          expected="an unsigned 64-bit integer")
    return {**fields, "universe": value >> 56, "account_type": (value >> 52) & 0xF,
            "instance": (value >> 32) & 0xFFFFF, "account_id": value & 0xFFFFFFFF}


@cache
def payload_hooks() -> dict[type, Any]:
    """Hooks of the payload specs: a SteamID64 (Player Data) may be given as its value."""
    return {spec_info("sm_network_update").resolve_type("steam_id").cls: steam_id_fields}


def _bytes_of(value: Any, path: str) -> bytes:
    if isinstance(value, Mapping) and set(value) == {"hex"}:
        value = value["hex"]
    if isinstance(value, str):
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise EncodeError(f"bad bytes {value!r}", field_path=path,
                      expected='hex bytes, or {"hex": ...}')


def payload_bytes(spec: str | None, payload: Any, path: str) -> bytes:
    """A BlobData payload (raw fields of ``spec``, or bytes when ``spec`` is None)."""
    if spec is None:
        return _bytes_of(payload, path)
    if not isinstance(spec, str) or spec not in _PAYLOAD_SPECS:
        raise EncodeError(f"no payload spec {spec!r}", field_path=f"{path}/spec",
                          expected=f"one of {sorted(_PAYLOAD_SPECS)} or null")
    return encode_fields(spec_info(spec), payload, hooks=payload_hooks())


_PAYLOAD_SPECS = frozenset({LUA_SPEC, "sm_blob_world_info", "sm_blob_gameplay_options",
                            "sm_blob_player_data", "sm_blob_chat_message"})


def _blob(blob: Any, expansion: Any, path: str) -> Any:
    if not isinstance(blob, Mapping) or not isinstance(expansion, Mapping):
        return blob
    blob = dict(blob)
    key = expansion.get("key")
    if key is not None:
        data = encode_fields(spec_info(LUA_SPEC), key)
        blob["key"], blob["len_key"] = data.hex(), len(data)
    spec, payload = expansion.get("spec"), expansion.get("payload")
    if spec is not None or payload is not None:
        block = compress(payload_bytes(spec, payload, f"{path}/payload"))
        blob["data"], blob["len_data"] = block.hex(), len(block)
    return blob


def blob_body(body: Mapping[str, Any], expansions: list[Any]) -> dict[str, Any]:
    """A 11/13/25-28 body's fields with the data of its entries rebuilt from their
    expansions (matched by ``index``)."""
    by_index = {e.get("index"): e for e in expansions if isinstance(e, Mapping)}
    blobs = body.get("blobs")
    if not isinstance(blobs, list):
        return dict(body)
    return {**body, "blobs": [_blob(blob, by_index.get(i), f"expansions/blobs[{i}]")
                              for i, blob in enumerate(blobs)]}


def blueprint_body(body: Mapping[str, Any], blueprint: Any) -> dict[str, Any]:
    """A 45 body's fields with its blueprint compressed in."""
    data = blueprint.encode("utf-8") if isinstance(blueprint, str) else \
        _bytes_of(blueprint, "expansions/blueprint")
    block = compress(data)
    return {**body, "uncompressed_size": len(data), "len_compressed_blueprint_data": len(block),
            "compressed_blueprint_data": block.hex()}


def expanded_body(packet_id: int, expansions: Mapping[str, Any], *,
                  readable: bool = False) -> bytes:
    """The uncompressed body of a compressed packet from its expansions (``readable``:
    its fields may be as ``wirestruct decode`` prints them)."""
    info = body_info(packet_id)
    if info is None:
        raise EncodeError(f"packet id {packet_id} has no body spec", field_path="id",
                          expected="a documented packet id")
    body = expansions["body"]
    if packet_id in BLOB_PACKETS and isinstance(expansions.get("blobs"), list):
        body = blob_body(body, expansions["blobs"])
    elif packet_id == LIFT_IMPORT_CREATION and expansions.get("blueprint") is not None:
        body = blueprint_body(body, expansions["blueprint"])
    return encode_fields(info, body, readable=readable)


def convert_blobs(expansions: dict[str, Any]) -> None:
    """The readable payloads and keys of ``expansions["blobs"]`` in the raw form, in
    place."""
    blobs = expansions.get("blobs")
    if not isinstance(blobs, list):
        return
    out = []
    for entry in blobs:
        if isinstance(entry, Mapping):
            entry = dict(entry)
            spec = entry.get("spec")
            if isinstance(spec, str) and spec in _PAYLOAD_SPECS:
                entry["payload"] = raw_fields(spec_info(spec), entry.get("payload"))
            if entry.get("key") is not None:
                entry["key"] = raw_fields(spec_info(LUA_SPEC), entry["key"])
        out.append(entry)
    expansions["blobs"] = out
