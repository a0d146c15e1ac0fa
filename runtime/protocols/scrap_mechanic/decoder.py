"""Decoder for Scrap Mechanic captures: one record is one packet (id byte + body).

* Every documented packet is decoded, in either direction. Packets documented "LZ4
  Compressed: Yes" have an LZ4 body when sent on their own: it is decompressed with
  :func:`wirestruct.core.lz4block.decompress_block`, capped by ``limits.max_decompressed``,
  and parsed with the spec of its packet id (:data:`.packets.PACKETS`); the other packets'
  bodies are parsed by ``sm_packet`` itself (routed by packet id). Every body must use all
  its bytes. Undocumented packets come out as events with their id and raw body.
* 21/22 Network Update bodies are framed here, one sub-update at a time
  (:mod:`.delta`); each sub-update's data is parsed on its own with the generated
  ``SmNetworkUpdate``, which takes the controller type of the object's Create as a
  parameter. The decoder remembers, per connection and direction, the previous
  sub-update's data (deltas refer to it, across packets) and, per NetObj, the controller
  type from its Create.
* 29 Compound Packet sub-packets are framed here (size prefix) and counted before the
  ``SmCompoundBody`` object is built; each is then decoded as a packet of its own, in
  order, nested under the compound's event (``parent``), up to ``limits.max_nesting`` deep.
  Any packet may be a sub-packet; its body is not compressed there.
* Compressed data inside bodies is expanded too (:mod:`.expand`): the BlobData payloads of
  11, 13 and 25-28 (``expansions["blobs"]``, Lua objects decoded) and 45's blueprint
  (``expansions["blueprint"]``). A packet's expansions together stay within
  ``limits.max_decompressed``; its Lua objects within ``limits.max_lua_values`` values and
  ``limits.max_lua_depth`` levels, walked before they are parsed (:mod:`.lua_scan`).
* ``limits.max_items_per_packet`` is one budget per top-level packet: every sub-packet and
  sub-update in it, at any nesting depth, takes one item, counted while framing, before
  the item is built; a Container sub-update, whose data holds lists, costs one item more
  per 16 bytes of data; the lists of 02, 06, 32 and the BlobData entries take one item each,
  counted on the raw body before it is parsed (:mod:`.counts`). What is past the budget is
  not decoded: one error event says where it starts and how many bytes were dropped.

A sub-update that does not parse becomes an error event after its packet's event, and the
packet's other sub-updates are kept; so does a BlobData payload or a blueprint that does
not expand. A sub-update that cannot be framed (a bad size, a delta without a previous
update) ends its packet: what follows cannot be found.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from kaitaistruct import KaitaiStream
from wirestruct.core.decoder import MessageDecoder, PacketContext
from wirestruct.core.errors import DecodeError, LimitExceededError, WirestructError
from wirestruct.core.events import Event
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.lz4block import decompress_block
from wirestruct.core.parse import check_consumed, parse, wrap_exception
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.stream import bind, parse_stream
from wirestruct.generated.scrap_mechanic.sm_compound_body import SmCompoundBody
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate
from wirestruct.generated.scrap_mechanic.sm_packet import SmPacket
from wirestruct.generated.scrap_mechanic.sm_player_movement import SmPlayerMovement
from wirestruct.generated.scrap_mechanic.sm_unreliable_update import SmUnreliableUpdate
from wirestruct.output.jsonify import to_jsonable
from wirestruct.protocols.scrap_mechanic import counts, packets
from wirestruct.protocols.scrap_mechanic.delta import RAW, split_sub_update
from wirestruct.protocols.scrap_mechanic.expand import Budget, expand_blobs, expand_blueprint

bind("wirestruct.generated.scrap_mechanic")

UpdateType = SmNetworkUpdate.UpdateType
_CREATE = int(UpdateType.create)
_UPDATE = int(UpdateType.update)
#: the update types whose parse changes the controller types (an Update does when the
#: controller type is not known and is recovered from its size)
_CHANGES_CONTROLLER_TYPES = (_CREATE, int(UpdateType.remove))
_CREATE_MEMBER = UpdateType.create
_UPDATE_MEMBER = UpdateType.update
_REMOVE_MEMBER = UpdateType.remove

_NAMES = {int(p): p.name for p in packets.PacketId}
_COMPRESSED = packets.COMPRESSED
_NETWORK_UPDATES = packets.NETWORK_UPDATES
_UNRELIABLE_UPDATE = int(packets.UNRELIABLE_UPDATE)
_COMPOUND_PACKET = int(packets.COMPOUND_PACKET)
_PLAYER_MOVEMENT = int(packets.PLAYER_MOVEMENT)
_BLOB_PACKETS = packets.BLOB_PACKETS
_LIFT_IMPORT_CREATION = int(packets.PacketId.lift_import_creation)
_COUNTED = counts.COUNTED


def _header_size(update_type: int) -> int:
    """Bytes before a NetworkUpdate's data for an update type: the spec's ``len_header``,
    evaluated on an object that has only its update type."""
    probe = SmNetworkUpdate.__new__(SmNetworkUpdate)
    probe.update_type = KaitaiStream.resolve_enum(UpdateType, update_type)
    return int(probe.len_header)


#: first byte of a sub-update's data -> the fewest bytes it parses from (its header): a
#: shorter one fails without being parsed once its packet's errors are only counted
HEADER_SIZES = bytes(_header_size(head >> 5) for head in range(256))


def _body_class(spec: str) -> type:
    module = importlib.import_module(f"wirestruct.generated.scrap_mechanic.{spec}")
    return getattr(module, "".join(p[:1].upper() + p[1:] for p in spec.split("_")))


#: packet id -> the generated class of its expanded body (compressed packets).
BODY_CLASSES = {pid: _body_class(info.spec) for pid, info in packets.PACKETS.items()
                if info.compressed}
_CONTAINER = 4  # NetObj type

#: NetObj type -> the enum naming its controller types.
CONTROLLER_TYPE_ENUMS = {
    0: SmNetworkUpdate.RigidBodyType,
    1: SmNetworkUpdate.ChildShapeType,
    2: SmNetworkUpdate.JointType,
}


def controller_type_value(netobj_type: int, controller_type: int | None) -> Any:
    """A controller type as its enum member where the document names it, else the int."""
    if controller_type is None:
        return None
    names = CONTROLLER_TYPE_ENUMS.get(netobj_type)
    return KaitaiStream.resolve_enum(names, controller_type) if names else controller_type


class SubUpdate:
    """One sub-update of a 21/22 Network Update, as the runtime decoded it: how it came
    (``encoding``: "raw" or "delta"), its reconstructed bytes (``data``, without the size
    field) and the parsed NetworkUpdate (``update``). The update/NetObj/controller types
    are read from the parsed object when asked for."""

    __slots__ = ("index", "encoding", "data", "update", "span_base")

    def __init__(self, index: int, encoding: str, data: bytes, update: SmNetworkUpdate,
                 offset: int | None = None) -> None:
        self.index = index
        self.encoding = encoding
        self.data = data
        self.update = update
        #: where ``data`` stands in the decompressed body (a raw sub-update), None for a
        #: delta reconstructed from the previous one: the tree format's offsets of
        #: ``update`` count from there
        self.span_base = offset

    @property
    def update_type(self) -> Any:
        return self.update.update_type

    @property
    def netobj_type(self) -> Any:
        return self.update.netobj_type

    @property
    def netobj_id(self) -> int:
        return self.update.netobj_id

    @property
    def controller_type(self) -> Any:
        """The controller type (enum member where documented, else the Create's byte),
        None when not known."""
        update = self.update
        controller_type = update.resolved_controller_type
        if not controller_type and update.update_type != _CREATE:
            controller_type = None  # an Update, P or Remove whose Create was not seen
        return controller_type_value(int(update.netobj_type), controller_type)

    @property
    def controller_type_source(self) -> Any:
        return self.update.controller_type_source

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "encoding": self.encoding,
                "update_type": to_jsonable(self.update_type),
                "netobj_type": to_jsonable(self.netobj_type), "netobj_id": self.netobj_id,
                "controller_type": to_jsonable(self.controller_type),
                "controller_type_source": to_jsonable(self.controller_type_source),
                "data": self.data.hex(), "update": to_jsonable(self.update)}

    def __repr__(self) -> str:
        return (f"SubUpdate({self.index}, {self.encoding}, {self.update_type!r}, "
                f"{self.netobj_type!r}, {self.netobj_id})")


def _located(exc: Exception, name: str, packet_id: int, raw: bool, pos: int, index: int
             ) -> WirestructError:
    """A sub-update's parse failure, wrapped exactly as wirestruct.core.parse does, at its
    place: offsets are in the decompressed body, exact inside a raw update; a
    reconstructed delta has no bytes of its own there, so its start is given."""
    if not isinstance(exc, WirestructError):
        cause = exc
        exc = wrap_exception(cause, packet_name=name, packet_id=packet_id)
        exc.__cause__ = cause
    where = exc.where
    inner = where.offset if raw else None
    exc.where = replace(where, offset=pos + 2 + inner if inner is not None else pos,
                        field_path=f"sub_updates[{index}]" + (f"/{where.field_path}"
                                                              if where.field_path else ""))
    return exc


def _cut(exc: WirestructError, index: int, dropped: int) -> WirestructError:
    """A framing error that ends a body: where, and the bytes left undecoded."""
    if exc.dropped is None:
        exc.dropped = dropped
    return exc.at(field_path=f"sub_updates[{index}]")


class _Failures:
    """The failures of one 21/22 body's sub-updates: built in full (``errors``) while the
    packet shows them, and the first past them (the summary names its place); the rest
    only counted (``counted``: kind -> count, bytes dropped), with no exception object
    each. ``to_show`` None (outside run_packet): all are built."""

    __slots__ = ("errors", "counted", "detailed")

    def __init__(self, to_show: int | None) -> None:
        self.errors: list[WirestructError] = []
        self.counted: dict[str, tuple[int, int]] = {}
        self.detailed = -1 if to_show is None else to_show + 1

    def counting(self) -> bool:
        return 0 <= self.detailed <= len(self.errors)

    def count(self, kind: str, lost: int = 0) -> None:
        count, dropped = self.counted.get(kind, (0, 0))
        self.counted[kind] = (count + 1, dropped + lost)

    def count_exception(self, exc: Exception) -> None:
        if isinstance(exc, WirestructError):
            self.count(type(exc).__name__, exc.dropped or 0)
        else:
            self.count("ParseError")        # what wirestruct.core.parse wraps it in


def _parse_update(data: bytes, known: int, failures: _Failures, name: str, packet_id: int,
                  raw: bool, pos: int, index: int) -> SmNetworkUpdate | None:
    """One sub-update's data parsed; None when it fails (its error into ``failures``). Once
    failures are only counted, data shorter than its header is not parsed."""
    if failures.counting() and len(data) < HEADER_SIZES[data[0] if data else 0]:
        failures.count("ParseError")
        return None
    try:
        update = SmNetworkUpdate(known, parse_stream(data))
        if update._io._io.tell() != len(data):
            check_consumed(update, len(data), "data")
        return update
    except Exception as exc:  # noqa: BLE001 - wrapped exactly as wirestruct.core.parse does
        if failures.counting():
            failures.count_exception(exc)
        else:
            failures.errors.append(_located(exc, name, packet_id, raw, pos, index))
        return None


class ScrapMechanicDecoder(MessageDecoder):
    protocol = "scrap-mechanic"
    splits = True

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(limits=limits)
        #: (stream, direction) -> data of the previous sub-update (deltas refer to it)
        self._previous: dict[tuple[int, int], bytes] = {}
        #: (stream, NetObj type, NetObj id as its 4 bytes) -> controller type from its Create
        self._controller_types: dict[tuple[int, int, bytes], int] = {}
        #: items (sub-packets, sub-updates) the current top-level packet may still hold
        self._items_left = limits.max_items_per_packet
        #: bytes the current top-level packet's body expanded to; what its nested data may
        #: still expand to (made when first needed)
        self._expanded = 0
        self._budget: Budget | None = None
        #: the split decode (wirestruct.parallel): True while only the parts later packets
        #: depend on are decoded; the controller types looked up, in order, are recorded in
        #: _lookups, or replayed from _replay in the process that decodes the packet alone
        self._state_only = False
        self._lookups: list[int] | None = None
        self._replay: Iterator[int] | None = None

    # -- the split decode (wirestruct.parallel) -------------------------------------------
    def stage_packet(self, data: bytes, ctx: PacketContext) -> tuple[bytes | None, list[int]]:
        """The in-order part of decoding a top-level packet: frames it, reconstructs its
        deltas and updates the controller types of the NetObjs it creates, updates or
        removes, parsing only the sub-updates that change them; its events are not kept.
        Returns what :meth:`resume_packet` needs to decode the packet alone the same way:
        the previous sub-update of its connection and direction, and the controller types
        its sub-updates look up, in order."""
        previous = self._previous.get((ctx.stream, int(ctx.direction)))
        next_index = self._next_index
        self._state_only, self._lookups = True, []
        try:
            MessageDecoder.run_packet(self, data, ctx)
            return previous, self._lookups
        finally:
            self._state_only, self._lookups = False, None
            self._next_index = next_index

    def resume_packet(self, state: tuple[bytes | None, list[int]],
                      ctx: PacketContext) -> None:
        """Load what :meth:`stage_packet` returned, before this decoder decodes the packet."""
        previous, lookups = state
        self._previous.clear()
        self._controller_types.clear()
        if previous is not None:
            self._previous[(ctx.stream, int(ctx.direction))] = previous
        self._replay = iter(lookups)

    def forget_stream(self, stream: int, direction: Direction, record: CaptureRecord
                      ) -> list[Event]:
        """The previous sub-update of a forgotten stream direction is let go; a later
        delta on it is reported as a DeltaError then."""
        self._previous.pop((stream, int(direction)), None)
        return []

    def _controller_type_of(self, netobj_key: tuple[int, int, bytes]) -> int:
        if self._replay is not None:
            return next(self._replay, 0)
        known = self._controller_types.get(netobj_key, 0)
        if self._lookups is not None:
            self._lookups.append(known)
        return known

    # -- packets ------------------------------------------------------------------------
    def decode_packet(self, data: bytes, ctx: PacketContext) -> Iterator[Event]:
        if not data:
            raise DecodeError("empty packet", expected="a packet id byte")
        packet_id = data[0]
        if self._state_only and packet_id not in _NETWORK_UPDATES \
                and packet_id != _COMPOUND_PACKET:
            return  # no state: parsed (and checked) where the packet is decoded
        name = _NAMES.get(packet_id) or packets.packet_name(packet_id)
        if ctx.depth == 0:
            self._items_left = self.limits.max_items_per_packet
            self._expanded, self._budget = 0, None
        packet = parse(SmPacket, data, packet_name=name, packet_id=packet_id)
        body: Any = packet.body
        if packet_id not in _COMPRESSED:
            if body.__class__ is not bytes and body._io.pos() != len(data) - 1:
                check_consumed(body, len(data) - 1, "body")   # a routed body, all used
            yield self.make_packet(ctx, packet_id, name, packet, data)
            return
        try:
            if ctx.depth == 0:
                body = decompress_block(body, cap=self.limits.max_decompressed)
                self._expanded = len(body)
            if packet_id in _NETWORK_UPDATES:
                yield from self._network_update(packet_id, name, packet, data, body, ctx)
            elif packet_id == _UNRELIABLE_UPDATE:
                yield self.make_packet(ctx, packet_id, name, packet, data,
                                       {"body": self._unreliable_update(body)})
            elif packet_id == _COMPOUND_PACKET:
                yield from self._compound(packet_id, name, packet, data, body, ctx)
            elif packet_id == _PLAYER_MOVEMENT:
                movement = parse(SmPlayerMovement, body)
                check_consumed(movement, len(body), "body")
                yield self.make_packet(ctx, packet_id, name, packet, data, {"body": movement})
            else:
                yield from self._body(packet_id, name, packet, data, body, ctx)
        except WirestructError as exc:
            exc.at(packet_id=packet_id, packet_name=name)
            raise

    def _budget_left(self) -> Budget:
        """What the current top-level packet's nested data may still expand to."""
        budget = self._budget
        if budget is None:
            limits = self.limits
            budget = self._budget = Budget(max(0, limits.max_decompressed - self._expanded),
                                           limits.max_lua_values, limits.max_lua_depth,
                                           limits.max_decompressed)
        return budget

    def _body(self, packet_id: int, name: str, packet: SmPacket, data: bytes, body: bytes,
              ctx: PacketContext) -> Iterator[Event]:
        """A compressed packet's expanded body parsed with its spec, its lists counted
        first, its nested compressed data expanded."""
        if packet_id in _COUNTED:
            self._items_left -= counts.count_items(packet_id, body, self._items_left)
        obj: Any = parse(BODY_CLASSES[packet_id], body)
        check_consumed(obj, len(body), "body")
        expansions: dict[str, Any] = {"body": obj}
        errors: list[WirestructError] = []
        if packet_id in _BLOB_PACKETS:
            expansions["blobs"], errors = expand_blobs(obj.blobs, self._budget_left())
        elif packet_id == _LIFT_IMPORT_CREATION:
            try:
                expansions["blueprint"] = expand_blueprint(obj, self._budget_left())
            except WirestructError as exc:
                errors.append(exc)
        yield self.make_packet(ctx, packet_id, name, packet, data, expansions)
        for error in errors:
            yield self.make_error(ctx, error.at(packet_id=packet_id, packet_name=name))

    def _unreliable_update(self, body: bytes) -> SmUnreliableUpdate:
        obj = parse(SmUnreliableUpdate, body)
        check_consumed(obj, len(body), "body")
        for update in obj.updates:
            data = update.data
            # A routed update's data was parsed from a stream of its own, over its
            # len_update - 2 bytes: all of them must have been read.
            if data.__class__ is not bytes and data._io._io.tell() != update.len_update - 2:
                check_consumed(data, update.len_update - 2,
                                f"updates[{obj.updates.index(update)}]/data")
        return obj

    def _compound(self, packet_id: int, name: str, packet: SmPacket, data: bytes,
                  body: bytes, ctx: PacketContext) -> Iterator[Event]:
        if ctx.depth + 1 > self.limits.max_nesting:
            raise LimitExceededError("compound packets nested too deep",
                                     expected=f"at most {self.limits.max_nesting} levels")
        end, error = self._frame_subpackets(body)
        compound = parse(SmCompoundBody, body if end == len(body) else body[:end])
        outer = self.make_packet(ctx, packet_id, name, packet, data, {"body": compound})
        yield outer
        inner_ctx = replace(ctx, depth=ctx.depth + 1, parent=outer.index)
        for i, sub in enumerate(compound.subpackets):
            inner = bytes((int(sub.packet_id),)) + sub.body
            try:
                yield from self.decode_packet(inner, inner_ctx)
            except WirestructError as exc:
                yield self.make_error(inner_ctx, exc.at(field_path=f"subpackets[{i}]"))
        if error is not None:
            yield self.make_error(ctx, error.at(packet_id=packet_id, packet_name=name))

    def _frame_subpackets(self, body: bytes) -> tuple[int, WirestructError | None]:
        """Walk the sub-packets' size prefixes, taking one item each from the packet's
        budget, without building anything. Returns the end of the last whole sub-packet
        within the budget and, when the body goes on past it, the error for the rest (a
        size that lies ends the framing too)."""
        pos, total = 0, len(body)
        left = self._items_left
        while pos < total:
            if left <= 0:
                self._items_left = 0
                limit = self.limits.max_items_per_packet
                return pos, LimitExceededError(
                    "too many sub-packets and sub-updates in one packet", offset=pos,
                    expected=f"at most {limit} items (max_items_per_packet)",
                    field_path="subpackets",
                    dropped=total - pos)
            if pos + 5 > total:
                return pos, DecodeError("sub-packet header cut off", offset=pos,
                                        expected="a 4-byte size and a packet id",
                                        dropped=total - pos)
            size = int.from_bytes(body[pos:pos + 4], "big")
            if size < 1 or pos + 4 + size > total:
                return pos, DecodeError(
                    f"sub-packet size {size} runs past the end of the body", offset=pos,
                    expected=f"a size of 1 to {total - pos - 4}", dropped=total - pos)
            pos += 4 + size
            left -= 1
        self._items_left = left
        return pos, None

    # -- 21/22 Network Update -------------------------------------------------------------
    def _over_budget(self, index: int, pos: int, end: int) -> LimitExceededError:
        limit = self.limits.max_items_per_packet
        return LimitExceededError(
            "too many sub-packets and sub-updates in one packet", offset=pos,
            expected=f"at most {limit} items (max_items_per_packet)",
            field_path=f"sub_updates[{index}]", dropped=end - pos)

    def _remember(self, update: SmNetworkUpdate, netobj_key: tuple[int, int, bytes]) -> None:
        """The controller type a Create gives its NetObj, or an Update recovered from its
        size, for at most max_tracked_objects NetObjs (as the tracker holds)."""
        controller_types = self._controller_types
        if netobj_key not in controller_types and \
                len(controller_types) >= self.limits.max_tracked_objects:
            return
        if update.update_type is _CREATE_MEMBER:
            controller_types[netobj_key] = update.controller_type
        else:
            controller_type = update.resolved_controller_type
            if controller_type:
                controller_types[netobj_key] = controller_type

    def _network_update(self, packet_id: int, name: str, packet: SmPacket, data: bytes,
                        body: bytes, ctx: PacketContext) -> Iterator[Event]:
        end = len(body)
        if end < 4:
            raise DecodeError(f"body of {end} bytes", expected="a 4-byte tick", offset=0)
        tick = int.from_bytes(body[:4], "big")
        key = (ctx.stream, int(ctx.direction))
        failures = _Failures(self.errors_to_show())
        sub_updates, previous = self._sub_updates(body, key, name, packet_id, failures)
        if previous is None:
            self._previous.pop(key, None)
        else:
            self._previous[key] = previous
        yield self.make_packet(ctx, packet_id, name, packet, data,
                               {"body": body, "tick": tick, "sub_updates": sub_updates})
        for exc in failures.errors:
            exc.at(packet_id=packet_id, packet_name=name)
            yield self.make_error(ctx, exc)
        for kind, (count, dropped) in failures.counted.items():
            self.count_errors(kind, count, dropped)

    def _sub_updates(self, body: bytes, key: tuple[int, int], name: str, packet_id: int,
                     failures: _Failures) -> tuple[list[SubUpdate], bytes | None]:
        """The sub-updates of a 21/22 body framed, expanded and parsed (their errors into
        ``failures``); the last one's data (the next delta's reference; None when it
        cannot be followed)."""
        end, stream, previous = len(body), key[0], self._previous.get(key)
        controller_types = self._controller_types
        sub_updates: list[SubUpdate] = []
        append = sub_updates.append
        errors = failures.errors
        pos = 4
        left = self._items_left
        used = index = 0
        # The split decode records or replays the lookups (_controller_type_of).
        recorded = self._replay is not None or self._lookups is not None
        while pos < end:
            if used >= left:
                errors.append(self._over_budget(index, pos, end))
                previous = None  # deltas after the cut cannot be followed
                break
            # Framing (see .delta.split_sub_update; the RawUpdate case is written out here).
            first = body[pos]
            next_pos = -1 if first & 0x80 or pos + 2 > end else \
                pos + ((first << 8) | body[pos + 1])
            if pos + 2 <= next_pos <= end:
                encoding = RAW
                update_data = body[pos + 2:next_pos]
            else:                 # a delta, or a length that does not fit (raises)
                try:
                    encoding, update_data, next_pos = split_sub_update(body, pos, previous)
                except WirestructError as exc:
                    # The rest of the body cannot be framed; no later delta can be trusted.
                    errors.append(_cut(exc, index, end - pos))
                    previous = None
                    break
            head = update_data[0] if update_data else 0
            # A Container's data holds lists (items, filters: 16 bytes or more each); they
            # take from the budget as many items as the data could hold.
            cost = 1 if head & 0x1F != _CONTAINER else 1 + len(update_data) // 16
            if used + cost > left:
                errors.append(self._over_budget(index, pos, end))
                previous = None
                break
            used += cost
            previous = update_data
            # The NetObj's key, from the raw bytes: (stream, NetObj type, id bytes). A
            # Create has its controller type byte before the id.
            if head >> 5 == _CREATE:
                netobj_key = (stream, head & 0x1F, update_data[2:6])
                known = 0
            elif recorded:
                netobj_key = (stream, head & 0x1F, update_data[1:5])
                known = self._controller_type_of(netobj_key)
            else:
                netobj_key = (stream, head & 0x1F, update_data[1:5])
                known = controller_types.get(netobj_key, 0)
            if self._state_only and head >> 5 not in _CHANGES_CONTROLLER_TYPES and (
                    known or head >> 5 != _UPDATE):
                pos = next_pos  # its parse changes no state
                index += 1
                continue
            update = _parse_update(update_data, known, failures, name, packet_id,
                                   encoding == RAW, pos, index)
            if update is not None:
                update_type = update.update_type
                # Remembered for at most max_tracked_objects NetObjs, as the tracker holds.
                if update_type is _REMOVE_MEMBER:
                    controller_types.pop(netobj_key, None)
                elif update_type is _CREATE_MEMBER or (update_type is _UPDATE_MEMBER
                                                       and not known):
                    self._remember(update, netobj_key)
                append(SubUpdate(index, encoding, update_data, update,
                                 pos + 2 if encoding == RAW else None))
            pos = next_pos
            index += 1
        self._items_left = max(0, left - used)
        return sub_updates, previous
