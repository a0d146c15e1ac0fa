"""Compressed data inside expanded Scrap Mechanic bodies, expanded in turn.

* The BlobData entries of 11, 13 and 25-28 hold their data as one raw LZ4 block each; its
  ``known_uid`` names the spec of the expanded payload (``sm_lua_object`` for Terrain
  Data, ``sm_blob_world_info``, ``sm_blob_gameplay_options``, ``sm_blob_player_data``,
  ``sm_blob_chat_message``). A payload of a uid no page documents is a Lua object when it
  opens with the Lua object's magic ``LUA`` (script data is Lua values: the page says the
  magic is there to recognize the object), else it stays the expanded bytes. A key that
  opens with ``LUA`` is the Lua object the BlobData page allows a key to be.
* 45 Lift Import Creation holds ``blueprint.json`` as one raw LZ4 block whose size before
  compression the packet states: it is checked against the budget before anything is
  decompressed, and the block must expand to exactly that size.

Every expansion takes from the packet's decompression budget (``limits.max_decompressed``
for the packet and everything nested in it together); every Lua object is walked first
(:mod:`.lua_scan`) against the packet's Lua value budget and ``limits.max_lua_depth``.
Each parsed payload must use all its bytes. What fails is an error for that entry, with
its place (``blobs[i]/payload``); the packet's other entries are kept.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from wirestruct.core.errors import LimitExceededError, WirestructError
from wirestruct.core.lz4block import decompress_block
from wirestruct.core.parse import check_consumed, parse
from wirestruct.generated.scrap_mechanic.sm_blob_chat_message import SmBlobChatMessage
from wirestruct.generated.scrap_mechanic.sm_blob_data import SmBlobData
from wirestruct.generated.scrap_mechanic.sm_blob_gameplay_options import SmBlobGameplayOptions
from wirestruct.generated.scrap_mechanic.sm_blob_player_data import SmBlobPlayerData
from wirestruct.generated.scrap_mechanic.sm_blob_world_info import SmBlobWorldInfo
from wirestruct.generated.scrap_mechanic.sm_lua_object import SmLuaObject
from wirestruct.protocols.scrap_mechanic import lua_scan

KnownUid = SmBlobData.KnownUid

#: The spec of each documented payload (``known_uid``); Terrain Data is a Lua object.
PAYLOAD_SPECS: dict[KnownUid, type] = {
    KnownUid.terrain_data: SmLuaObject,
    KnownUid.world_info: SmBlobWorldInfo,
    KnownUid.gameplay_options: SmBlobGameplayOptions,
    KnownUid.player_data: SmBlobPlayerData,
    KnownUid.chat_message: SmBlobChatMessage,
}

#: payload class -> the meta.id of its spec
SPEC_IDS = {SmLuaObject: "sm_lua_object", SmBlobWorldInfo: "sm_blob_world_info",
            SmBlobGameplayOptions: "sm_blob_gameplay_options",
            SmBlobPlayerData: "sm_blob_player_data", SmBlobChatMessage: "sm_blob_chat_message"}


class Budget:
    """What one top-level packet may still expand: decompressed bytes and Lua values."""

    __slots__ = ("bytes_left", "lua_left", "max_depth", "total")

    def __init__(self, bytes_left: int, lua_left: int, max_depth: int,
                 total: int | None = None) -> None:
        self.bytes_left = bytes_left
        self.lua_left = lua_left
        self.max_depth = max_depth
        self.total = bytes_left if total is None else total    #: max_decompressed

    def decompress(self, block: bytes, expected_size: int | None = None) -> bytes:
        """``block`` decompressed within the bytes left (then taken from them)."""
        try:
            out = decompress_block(block, cap=self.bytes_left, expected_size=expected_size)
        except LimitExceededError as exc:
            exc.expected = (f"at most {self.bytes_left} bytes: {self.total} for the packet "
                            "and the data nested in it (max_decompressed)")
            raise
        self.bytes_left -= len(out)
        return out

    def lua(self, data: bytes) -> SmLuaObject:
        """``data`` parsed as a whole Lua object, walked first (:mod:`.lua_scan`)."""
        found = lua_scan.scan(data, max_values=self.lua_left, max_depth=self.max_depth)
        self.lua_left -= found.values
        obj = parse(SmLuaObject, data)
        check_consumed(obj, len(data))
        return obj


class BlobPayload:
    """One BlobData entry's data as the runtime expanded it: which documented payload its
    uid names (``uid``), the expanded bytes (``data``), the payload parsed with its spec
    (``payload``; ``spec`` names the spec: None when the entry has no data, or when no spec
    opens it and the payload is the bytes again) and the key as a Lua object (``key``:
    None when it is none)."""

    __slots__ = ("index", "uid", "data", "payload", "key")

    def __init__(self, index: int, uid: KnownUid, data: bytes | None, payload: Any,
                 key: SmLuaObject | None) -> None:
        self.index = index
        self.uid = uid
        self.data = data
        self.payload = payload
        self.key = key

    @property
    def spec(self) -> str | None:
        payload = self.payload
        return None if payload is None or isinstance(payload, bytes) else \
            SPEC_IDS[type(payload)]

    def to_json(self) -> dict[str, Any]:
        from wirestruct.output.jsonify import to_jsonable
        return {"index": self.index, "uid": self.uid.name, "spec": self.spec,
                "size": None if self.data is None else len(self.data),
                "key": to_jsonable(self.key), "payload": to_jsonable(self.payload)}

    def __repr__(self) -> str:
        return f"BlobPayload({self.index}, {self.uid.name})"


def placed(exc: WirestructError, prefix: str) -> WirestructError:
    """``exc`` with ``prefix`` put before its field path (the place of what failed inside
    the expanded data); its offset stays the one in that data."""
    path = exc.where.field_path
    exc.where = replace(exc.where, field_path=prefix + (f"/{path}" if path else ""))
    return exc


def _payload(known_uid: KnownUid, data: bytes, budget: Budget) -> Any:
    cls = PAYLOAD_SPECS.get(known_uid)
    if cls is SmLuaObject or (cls is None and data[:3] == lua_scan.MAGIC):
        return budget.lua(data)
    if cls is None:
        return data
    obj: Any = parse(cls, data)
    check_consumed(obj, len(data))
    return obj


def expand_payload(known_uid: KnownUid, key: bytes, data: bytes, budget: Budget,
                   index: int = 0) -> BlobPayload:
    """One entry's key (when a Lua object) and data, expanded; raises the first failure
    with its place (``key``, ``data`` or ``payload``)."""
    lua_key = expanded = payload = None
    part = "key"
    try:
        if key[:3] == lua_scan.MAGIC:
            lua_key = budget.lua(key)
        part = "data"
        if data:
            expanded = budget.decompress(data)
            part = "payload"
            payload = _payload(known_uid, expanded, budget)
    except WirestructError as exc:
        raise placed(exc, part) from None
    return BlobPayload(index, known_uid, expanded, payload, lua_key)


def expand_blobs(blobs: list[SmBlobData], budget: Budget
                 ) -> tuple[list[BlobPayload], list[WirestructError]]:
    """The payload (and Lua key) of every entry; the errors of those that fail, each with
    its place (``blobs[i]/...``). An entry that fails is listed without its payload."""
    out: list[BlobPayload] = []
    errors: list[WirestructError] = []
    for i, blob in enumerate(blobs):
        try:
            out.append(expand_payload(blob.known_uid, blob.key, blob.data, budget, i))
        except WirestructError as exc:
            errors.append(placed(exc, f"blobs[{i}]"))
            out.append(BlobPayload(i, blob.known_uid, None, None, None))
    return out, errors


def expand_blueprint(body: Any, budget: Budget) -> str | bytes:
    """45's ``blueprint.json``: the compressed blueprint data expanded to exactly its
    stated size (checked against the budget first), as text (as bytes when it is not
    UTF-8)."""
    try:
        data = budget.decompress(body.compressed_blueprint_data,
                                 expected_size=body.uncompressed_size)
    except WirestructError as exc:
        raise placed(exc, "compressed_blueprint_data") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data
