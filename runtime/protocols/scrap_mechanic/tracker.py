"""The NetObj world of a Scrap Mechanic session, built from decoded packets.

Every live NetObj, keyed by NetObj type and id, with its controller type, the fields of
its Create merged with those of later Updates (container slot changes applied to the
items), the count of P updates, and its latest transform from 24 Unreliable Update (kept
as the update's bytes, read when a snapshot is taken: the parsed update would keep its
whole packet alive). Field values stay as parsed (small sub-update structures); the
snapshot holds them as they are, and the serializer shows them like any other value.
Removals delete. An Update or 24 update for an object whose Create was not seen (the
capture started late) adds it marked ``recovered``, with the controller type the decoder
recovered from the update's size where the layout depends on it; if it could not be
recovered, the update is reported as a state error and not applied.

The snapshot (its values shown by :mod:`wirestruct.output.serialize`)::

    {"tick": 1234, "netobjs": [{"id", "netobj_type", "controller_type", "fields",
                                "transform", "recovered"}, ...]}
"""
from __future__ import annotations

from typing import Any

from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.stream import parse_stream
from wirestruct.core.tracker import Tracker, state_error
from wirestruct.generated.scrap_mechanic.sm_common import SmCommon
from wirestruct.generated.scrap_mechanic.sm_network_update import SmNetworkUpdate
from wirestruct.generated.scrap_mechanic.sm_unreliable_update import SmUnreliableUpdate
from wirestruct.output.serialize import instance_names, seq_names
from wirestruct.protocols.scrap_mechanic import packets
from wirestruct.protocols.scrap_mechanic.decoder import controller_type_value
from wirestruct.protocols.scrap_mechanic.presentation import sm_bits_uuid

N = SmNetworkUpdate
NetobjType = SmCommon.NetobjType
_RIGID_BODY = int(NetobjType.rigid_body)
_RB_ENUM = NetobjType.rigid_body
_CHARACTER_ENUM = NetobjType.character
_CONTROLLER_ENUM = NetobjType.controller
_CHILD_SHAPE = int(NetobjType.child_shape)
_CONTROLLER = int(NetobjType.controller)
_CHARACTER = int(NetobjType.character)
_INFERRED = N.ControllerTypeSource.inferred_from_size
_CREATE_MEMBER = N.UpdateType.create
_P_MEMBER = N.UpdateType.p
_UPDATE_MEMBER = N.UpdateType.update
_REMOVE_MEMBER = N.UpdateType.remove
#: NetObj type member -> its value (keys and NetObj.netobj_type hold plain ints). Looked
#: up with .get(t, t): a value the enum does not name stays the int it was parsed as.
_NETOBJ_TYPE_VALUES = {member: int(member) for member in NetobjType}
_NETWORK_UPDATES = packets.NETWORK_UPDATES
_UNRELIABLE_UPDATE = int(packets.UNRELIABLE_UPDATE)
_RIGID_BODY_UPDATE = SmUnreliableUpdate.RigidBodyUpdate
_CHARACTER_UPDATE = SmUnreliableUpdate.CharacterUpdate
_UPDATE_CONTAINER = N.UpdateContainer
_RIGID_BODY_ROUTERS: frozenset[type[N.CreateRigidBody | N.UpdateRigidBody]] = frozenset(
    {N.CreateRigidBody, N.UpdateRigidBody})
#: f4_from_bits reads nothing; it still needs a stream to be built on.
_NO_BYTES = parse_stream(b"")

#: Keys of a decoded structure that describe the encoding, not the object.
_NOT_FIELDS = frozenset({
    "padding", "num_bits", "num_padding_bits", "update_movement_states", "update_color",
    "update_selected_item", "update_is_player", "num_slot_changes", "slot_changes",
    "has_filters", "controller_type", "steam_id",
})


class NetObj:
    __slots__ = ("id", "netobj_type", "controller_type", "fields", "transform", "recovered")

    def __init__(self, netobj_id: int, netobj_type: int, controller_type: int | None,
                 recovered: bool) -> None:
        self.id = netobj_id
        self.netobj_type = netobj_type
        self.controller_type = controller_type
        self.fields: dict[str, Any] = {}
        #: the bytes of the latest 24 RigidBody/Character update (see :func:`_transform`)
        self.transform: bytes | None = None
        self.recovered = recovered

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "netobj_type": _name(NetobjType, self.netobj_type),
            "controller_type": controller_type_value(self.netobj_type, self.controller_type),
            "fields": dict(self.fields),
            "transform": (None if self.transform is None
                          else _transform(self.netobj_type, self.transform)),
            "recovered": self.recovered,
        }


class NetObjTracker(Tracker):
    """NetObjs by (type, id), at most ``limits.max_tracked_objects`` at once: an object
    beyond that is not tracked, and an error event says which one was dropped."""

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        self.tick: int | None = None
        self.netobjs: dict[tuple[int, int], NetObj] = {}
        self.max_objects = limits.max_tracked_objects

    def _full(self, key: tuple[int, int]) -> tuple[str, int] | None:
        """The refusal for a new object when the tracker is full, else None."""
        if len(self.netobjs) < self.max_objects:
            return None
        return (f"{_what(key)} not tracked: {len(self.netobjs)} objects are tracked "
                f"already", self.max_objects)

    # -- events -------------------------------------------------------------------------
    def apply(self, event: PacketEvent) -> list[ErrorEvent]:
        packet_id = event.packet_id
        if packet_id in _NETWORK_UPDATES and "sub_updates" in event.expansions:
            self.tick = event.expansions["tick"]
            errors: list[ErrorEvent] = []
            netobjs = self.netobjs
            for sub in event.expansions["sub_updates"]:
                update = sub.update
                update_type = update.update_type
                if update_type is _P_MEMBER or update_type is _UPDATE_MEMBER:
                    # The common case, written out: an Update or P of a live object.
                    netobj_type = update.netobj_type
                    obj = netobjs.get((_NETOBJ_TYPE_VALUES.get(netobj_type, netobj_type),
                                       update.netobj_id))
                    if obj is not None and obj.controller_type is not None:
                        if update_type is _P_MEMBER:
                            fields = obj.fields
                            fields["p_updates"] = fields.get("p_updates", 0) + 1
                            continue
                        message: str | tuple[str, int] | None = _merge(obj, update)
                    else:
                        message = self._apply_sub_update(update)
                else:
                    message = self._apply_sub_update(update)
                if message:
                    errors.append(_error(event, message, f"sub_updates[{sub.index}]"))
            return errors
        if packet_id == _UNRELIABLE_UPDATE and "body" in event.expansions:
            body = event.expansions["body"]
            self.tick = body.server_tick
            netobjs = self.netobjs
            refused: list[ErrorEvent] = []
            for update in body.updates:
                netobj_type = update.netobj_type
                # A transform keeps the update's own bytes; a snapshot reads them (_transform).
                if netobj_type is _RB_ENUM:
                    key = (_RIGID_BODY, update.data.body_id)
                elif netobj_type is _CHARACTER_ENUM:
                    key = (_CHARACTER, update.data.character_id)
                elif netobj_type is _CONTROLLER_ENUM:
                    key = (_CONTROLLER, update.data.interactable_id)
                else:
                    continue  # other types are not unreliably updateable: nothing to track
                obj = netobjs.get(key)
                if obj is None:
                    full = self._full(key)
                    if full is not None:
                        refused.append(_error(event, full,
                                              f"updates[{body.updates.index(update)}]"))
                        continue
                    obj = self._recovered(key)
                if netobj_type is _CONTROLLER_ENUM:
                    obj.fields["unreliable_data"] = update.data.data
                else:
                    obj.transform = update._raw_data
            return refused
        return []

    def _recovered(self, key: tuple[int, int]) -> NetObj:
        """A NetObj first seen in a 24 update (its Create was not seen)."""
        obj = self.netobjs[key] = NetObj(key[1], key[0], None, True)
        return obj

    def _apply_sub_update(self, update: SmNetworkUpdate) -> str | tuple[str, int] | None:
        update_type = update.update_type
        netobj_type = update.netobj_type
        netobj_type = _NETOBJ_TYPE_VALUES.get(netobj_type, netobj_type)
        netobj_id = update.netobj_id
        key = (netobj_type, netobj_id)
        netobjs = self.netobjs
        if update_type is _CREATE_MEMBER:
            if key not in netobjs:
                full = self._full(key)
                if full is not None:
                    return full
            created = NetObj(netobj_id, netobj_type, update.controller_type, False)
            created.fields = _fields(_leaf(update))
            old = netobjs.get(key)
            netobjs[key] = created
            # A recovered object's Create may simply not have been seen: no contradiction.
            if old is not None and not old.recovered:
                return f"{_what(key)} created again while live (the old one is replaced)"
            return None
        if update_type is _REMOVE_MEMBER:
            if netobjs.pop(key, None) is None:
                return f"remove of {_what(key)}, which is not live"
            return None
        if update_type is not _UPDATE_MEMBER and update_type is not _P_MEMBER:
            return f"undocumented update type {int(update_type)} for {_what(key)}"
        obj = netobjs.get(key)
        if obj is None:
            full = self._full(key)
            if full is not None:
                return full
            controller_type = update.resolved_controller_type or None
            if netobj_type in (_RIGID_BODY, _CHILD_SHAPE) and update_type is _UPDATE_MEMBER \
                    and controller_type is None:
                return (f"update of {_what(key)} whose Create was not seen: its controller "
                        f"type cannot be recovered from {update.len_data} bytes of data")
            obj = netobjs[key] = NetObj(netobj_id, netobj_type, controller_type, True)
        elif obj.controller_type is None and update.controller_type_source == _INFERRED:
            obj.controller_type = update.resolved_controller_type
        if update_type is _P_MEMBER:
            fields = obj.fields
            fields["p_updates"] = fields.get("p_updates", 0) + 1
            return None
        return _merge(obj, update)

    # -- state ----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"tick": self.tick,
                "netobjs": [self.netobjs[key].to_json() for key in
                            sorted(self.netobjs, key=lambda k: (k[1], k[0]))]}


def _name(enum_cls: Any, value: int) -> Any:
    try:
        return enum_cls(value).name
    except ValueError:
        return value


def _transform(netobj_type: int, raw: bytes) -> dict[str, Any]:
    """The latest 24 transform of an object as JSON data, named as in the document.

    The tracker keeps the update's own bytes (holding the parsed update would keep its
    whole packet's object graph alive, and most transforms are replaced before anyone
    looks at them); they are read again here with the spec's own update types. The
    character's floats are converted from their raw bits."""
    io = parse_stream(raw)
    if netobj_type == _RIGID_BODY:
        data = _RIGID_BODY_UPDATE(io)
        r, p, v, a = data.rotation, data.position, data.velocity, data.angular_velocity
        f = [r.x, r.y, r.z, r.w, p.x, p.y, p.z, v.x, v.y, v.z, a.x, a.y, a.z]
        return {"rotation": {"x": f[0], "y": f[1], "z": f[2], "w": f[3]},
                "position": {"x": f[4], "y": f[5], "z": f[6]},
                "velocity": {"x": f[7], "y": f[8], "z": f[9]},
                "angular_velocity": {"x": f[10], "y": f[11], "z": f[12]},
                "is_awake": data.is_awake, "revision": data.revision}
    data = _CHARACTER_UPDATE(io)
    if data.is_tumbling:
        f = [_float(bits) for bits in (
            data.rotation_x_bits, data.rotation_y_bits, data.rotation_z_bits,
            data.rotation_w_bits, data.position_x_bits, data.position_y_bits,
            data.position_z_bits, data.velocity_x_bits, data.velocity_y_bits,
            data.velocity_z_bits, data.angular_velocity_x_bits, data.angular_velocity_y_bits,
            data.angular_velocity_z_bits)]
        return {"is_tumbling": True,
                "position": {"x": f[4], "y": f[5], "z": f[6]},
                "rotation": {"x": f[0], "y": f[1], "z": f[2], "w": f[3]},
                "velocity": {"x": f[7], "y": f[8], "z": f[9]},
                "angular_velocity": {"x": f[10], "y": f[11], "z": f[12]}}
    f = [_float(bits) for bits in (data.position_x_bits, data.position_y_bits,
                                   data.position_z_bits)]
    return {"is_tumbling": False, "position": {"x": f[0], "y": f[1], "z": f[2]},
            "keys": data.keys, "direction": data.direction, "yaw": data.yaw,
            "pitch": data.pitch}


def _float(bits: int) -> float:
    """A float from its 32 bits, converted by the spec's own f4_from_bits."""
    return float(SmCommon.F4FromBits(bits, _NO_BYTES).value)


def _leaf(update: SmNetworkUpdate) -> Any:
    """The structure that holds the update's own fields, below the router types."""
    data = update.data
    leaf = getattr(data, "body", data)
    if leaf.__class__ in _RIGID_BODY_ROUTERS:
        leaf = leaf.body
    return leaf


def _error(event: PacketEvent, message: str | tuple[str, int],
           field_path: str) -> ErrorEvent:
    """A state error; a (message, limit) pair is an object refused because the tracker is
    full (one object dropped)."""
    if isinstance(message, tuple):
        text, limit = message
        error = state_error(event, text, field_path=field_path,
                            expected=f"at most {limit} tracked objects (max_tracked_objects)")
        error.error.dropped, error.error.dropped_unit = 1, "objects"
        return error
    return state_error(event, message, field_path=field_path)


def _what(key: tuple[int, int]) -> str:
    return f"{_name(NetobjType, key[0])} {key[1]}"


#: How _fields treats a structure type.
_PLAIN, _NO_DATA, _CHILD_SHAPE_UPDATE, _CONTAINER_CREATE = range(4)

#: structure type -> (how _fields treats it, the names its fields may have in the order
#: they are read (None: taken from the object), its instances that are fields)
_LEAF_TYPES: dict[type, tuple[int, tuple[str, ...] | None, tuple[str, ...]]] = {}


def _leaf_type(cls: type) -> tuple[int, tuple[str, ...] | None, tuple[str, ...]]:
    if issubclass(cls, N.NoData):
        kind = _NO_DATA
    elif issubclass(cls, N.UpdateChildShape):
        kind = _CHILD_SHAPE_UPDATE
    elif issubclass(cls, N.CreateContainer):
        kind = _CONTAINER_CREATE
    else:
        kind = _PLAIN
    read = seq_names(cls)  # with _io, _parent, _root: empty only without the source
    names = tuple(name for name in read if name[0] != "_" and name not in _NOT_FIELDS) \
        if read else None
    info = _LEAF_TYPES[cls] = (kind, names, tuple(name for name in instance_names(cls)
                                                  if name not in _NOT_FIELDS))
    return info


def _fields(leaf: Any) -> dict[str, Any]:
    """The fields (and computed instances) of a parsed structure, one level deep; values
    stay as parsed and become JSON data when a snapshot is taken."""
    kind, names, instances = _LEAF_TYPES.get(leaf.__class__) or _leaf_type(leaf.__class__)
    if kind == _NO_DATA:
        return {}
    values = leaf.__dict__
    if names is None:  # no generated source to read the names from
        out = {k: v for k, v in values.items() if k[0] != "_" and k not in _NOT_FIELDS}
    else:  # a field under an `if` that does not hold is not there
        out = {k: values[k] for k in names if k in values}
    for name in instances:
        out[name] = getattr(leaf, name)
    if kind == _CHILD_SHAPE_UPDATE:
        out.update(_fields(out.pop("data")))
    elif "selected_item_uuid" in out:  # read bit by bit (le u128): as UUID text
        out["selected_item_uuid"] = sm_bits_uuid(out["selected_item_uuid"])
    elif kind == _CONTAINER_CREATE:
        out["items"] = list(out["items"])
    return out


def _merge(obj: NetObj, update: SmNetworkUpdate) -> str | None:
    leaf = _leaf(update)
    if leaf.__class__ is _UPDATE_CONTAINER:
        return _merge_container(obj, leaf)
    obj.fields.update(_fields(leaf))
    return None


def _merge_container(obj: NetObj, leaf: Any) -> str | None:
    items = obj.fields.get("items")
    if items is None:
        items = obj.fields["items"] = []
    bad = []
    for change in leaf.slot_changes:
        slot = change.slot
        if slot >= len(items):
            if not obj.recovered:
                bad.append(slot)
                continue
            items.extend([None] * (slot + 1 - len(items)))
        items[slot] = {"uuid": change.uuid, "tool_instance_id": change.tool_instance_id,
                       "quantity": change.quantity}
    if leaf.has_filters:
        obj.fields["num_filters"] = leaf.num_filters
        obj.fields["filters"] = leaf.filter_uuids
    if bad:
        return f"slot change for slots {bad} of a container with {len(items)} slots"
    return None
