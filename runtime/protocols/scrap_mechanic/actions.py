"""What a Scrap Mechanic client does to the world, read from its packets, and who it is.

:func:`describe` turns one player action (31 Equipped Item Changed, 32 Container
Transaction, 33 Drop Item Stack, 34 Place, 35 Remove, 39 Remove Joint, 40 Harvestable
Destroy, 43 Lift Delete Creation, 44 Connect, 45 Lift Import Creation, 50 Interact, 51
Legacy, 52 Lift Level) into one flat record: the action, its kind within the packet, the
object it acts on, the container slot and item it moves, and the rest of its values. The
tracker's action log and the ``sm_player_actions`` table are both made of it.

:class:`Clients` follows who sends them, per connection: the name a client gave in 09
Character Info, the player whose 13 Player Data has that name or whose character its 31
names, and the tick (the client's latest 30 Player Movement tick, else the server's
latest tick).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wirestruct.core.events import PacketEvent
from wirestruct.protocols.scrap_mechanic import packets
from wirestruct.protocols.scrap_mechanic.presentation import sm_uuid

P = packets.PacketId


def _name(value: Any) -> Any:
    return value.name if hasattr(value, "name") else value


def customization(c: Any) -> dict[str, Any]:
    """A Character Customization as plain values (options as UUID text)."""
    return {"version": c.version, "gender": _name(c.gender),
            "options": [sm_uuid(u, "option_uuids") for u in c.option_uuids],
            "palette_indices": list(c.option_palette_indices)}


@dataclass
class Action:
    """One player action, flat: ``action`` (the packet's name), ``kind`` (the transaction
    action, surface, interaction type ... where the packet has several), ``target_id`` (the
    object acted on), ``container_id``/``slot``/``quantity``/``item`` (an item moved, its
    UUID as text), ``details`` (the other values)."""

    action: str
    kind: str | None = None
    target_id: int | None = None
    container_id: int | None = None
    slot: int | None = None
    quantity: int | None = None
    item: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None and v != {}}


def _stack(action: Action, stack: Any) -> None:
    action.container_id, action.slot = stack.container_id, stack.slot
    action.quantity, action.item = stack.quantity, sm_uuid(stack.uuid, "uuid")


def _transaction(body: Any) -> Action:
    out = Action("container_transaction", details={"transactions": body.num_transactions})
    t = getattr(body, "transaction", None)
    if t is None:
        return out
    out.kind = str(_name(t.action))
    data = t.data
    stacks = [getattr(data, n) for n in ("from_stack", "to_stack") if hasattr(data, n)]
    if stacks:
        _stack(out, stacks[-1] if out.kind in ("set_item", "collect_to_slot",
                                               "collect_to_slot_or_collect") else stacks[0])
        if len(stacks) == 2:
            out.details.update(to_container_id=stacks[1].container_id,
                               to_slot=stacks[1].slot)
    elif hasattr(data, "uuid"):                       # collect, spend
        out.container_id, out.quantity = data.container_id, data.quantity
        out.item = sm_uuid(data.uuid, "uuid")
    else:                                             # move from slot, move all
        out.container_id = data.from_container_id
        out.slot = getattr(data, "from_slot", None)
        out.details["to_container_id"] = data.to_container_id
    more = getattr(body, "more_transactions", None)
    if more:
        out.details["more_transactions"] = [_name(m.action) for m in more]
    return out


def _surface(out: Action, data: Any) -> None:
    for name in ("body_id", "lift_id", "joint_id"):
        value = getattr(data, name, None)
        if value is not None:
            out.target_id = value
            out.details[name] = value
    shape = getattr(data, "shape_id", None)
    if shape is not None:
        out.details["shape_id"] = shape


def _xyz(v: Any) -> list[int]:
    return [v.x, v.y, v.z]


def _place(body: Any) -> Action:
    out = Action("place", kind=str(_name(body.placed_on)), item=sm_uuid(body.shape_uuid,
                                                                       "shape_uuid"),
                 details={"item_uuid": sm_uuid(body.item_uuid, "item_uuid"),
                          "position": _xyz(body.local_position), "size": _xyz(body.size),
                          "hotbar_index": body.hotbar_index})
    _surface(out, body.placed_on_data)
    return out


def _remove(body: Any) -> Action:
    out = Action("remove", kind=str(_name(body.removed_surface)),
                 details={"low": _xyz(body.local_position_low),
                          "high": _xyz(body.local_position_high)})
    _surface(out, body.removed_surface_data)
    return out


def _connect(body: Any) -> Action:
    flags = body.flags
    bits = [n for n in ("connect", "disconnect", "reverse_direction", "bearing", "standard")
            if getattr(flags, n)]
    return Action("connect", kind="+".join(bits) or "none", target_id=body.child_id,
                  details={"parent_id": body.parent_id, "child_id": body.child_id})


def _interact(body: Any) -> Action:
    data = body.data
    out = Action("interact", kind=str(_name(body.packet_type)))
    if hasattr(data, "interactable_id"):
        out.target_id = data.interactable_id
        for name in ("player_id", "state", "value"):
            if hasattr(data, name):
                out.details[name] = getattr(data, name)
    elif hasattr(data, "setting"):
        out.details["setting"] = _name(data.setting)
        value = getattr(data, "float_value", None)
        out.details["value"] = value if value is not None else getattr(data, "lock_value", None)
    return out


def _simple(action: str, target: str, **details: str):
    def make(body: Any) -> Action:
        return Action(action, target_id=getattr(body, target),
                      details={k: getattr(body, v) for k, v in details.items()})
    return make


def _hotbar(body: Any) -> Action:
    return Action("hotbar_item_changed", target_id=body.character_id,
                  item=sm_uuid(body.uuid, "uuid"),
                  details={"tool_instance_id": body.tool_instance_id})


def _drop(body: Any) -> Action:
    return Action("drop_item_stack", container_id=body.container_id, slot=body.slot,
                  quantity=body.quantity)


def _lift_import(body: Any) -> Action:
    return Action("lift_import_creation", target_id=body.lift_id,
                  details={"uncompressed_size": body.uncompressed_size,
                           "compressed_size": body.len_compressed_blueprint_data})


_DESCRIBE = {
    int(P.hotbar_item_changed): _hotbar,
    int(P.container_transaction): _transaction,
    int(P.drop_item_stack): _drop,
    int(P.place): _place,
    int(P.remove): _remove,
    int(P.remove_joint): _simple("remove_joint", "joint_id"),
    int(P.harvestable_destroy): _simple("harvestable_destroy", "effect_id",
                                        unknown="unknown", unknown_2="unknown_2"),
    int(P.lift_delete_creation): _simple("lift_delete_creation", "lift_id"),
    int(P.connect): _connect,
    int(P.lift_import_creation): _lift_import,
    int(P.interact): _interact,
    int(P.legacy): lambda body: Action("legacy"),
    int(P.lift_level): _simple("lift_level", "lift_id", level_change="level_change"),
}


def body_of(event: PacketEvent) -> Any:
    """The parsed body: the expanded one, or the one ``sm_packet`` routes."""
    body = event.expansions.get("body")
    return body if body is not None else event.packet.body


def describe(event: PacketEvent) -> Action | None:
    """The player action a packet is (None for other packets)."""
    make = _DESCRIBE.get(event.packet_id)
    if make is None:
        return None
    body = body_of(event)
    if body is None or isinstance(body, (bytes, bytearray)):
        return None
    return make(body)


@dataclass
class Client:
    """Who one connection is: its name and customization (09), its player and character,
    its latest 30 Player Movement tick."""

    stream: int
    name: str | None = None
    customization: Any = None
    player_id: int | None = None
    character_id: int | None = None
    tick: int | None = None

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class Clients:
    """Connections and players, as far as the packets tell (see the module doc); at most
    ``limit`` connections and ``limit`` players are followed."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.by_stream: dict[int, Client] = {}
        #: player id -> (name, character id) from 13 Player Data
        self.players: dict[int, tuple[str, int]] = {}
        self.server_tick: int | None = None

    def client(self, stream: int) -> Client | None:
        found = self.by_stream.get(stream)
        if found is None and len(self.by_stream) < self.limit:
            found = self.by_stream[stream] = Client(stream)
        return found

    def character_info(self, stream: int, body: Any) -> None:
        client = self.client(stream)
        if client is not None:
            client.name = body.name.text
            client.customization = customization(body.character_customization)
            self._match(client)

    def player_data(self, player_id: int, name: str, character_id: int) -> None:
        if player_id in self.players or len(self.players) < self.limit:
            self.players[player_id] = (name, character_id)
        for client in self.by_stream.values():
            self._match(client)

    def movement(self, stream: int, tick: int) -> None:
        client = self.client(stream)
        if client is not None:
            client.tick = tick

    def equipped(self, stream: int, character_id: int) -> None:
        client = self.client(stream)
        if client is not None:
            client.character_id = character_id
            self._match(client)

    def _match(self, client: Client) -> None:
        for player_id, (name, character_id) in self.players.items():
            if character_id == client.character_id or (client.name is not None
                                                        and name == client.name):
                client.player_id = player_id
                client.character_id = character_id
                if client.name is None:
                    client.name = name
                return

    def who(self, stream: int) -> tuple[int | None, int | None, str | None]:
        """(tick, player id, name) of an action sent on ``stream``."""
        client = self.by_stream.get(stream)
        if client is None:
            return self.server_tick, None, None
        tick = client.tick if client.tick is not None else self.server_tick
        return tick, client.player_id, client.name

    def apply(self, event: PacketEvent) -> None:
        """Learn from one packet (the ones that say who is who, or what tick it is)."""
        packet_id = event.packet_id
        if packet_id == _MOVEMENT:
            body = event.expansions.get("body")
            if body is not None:
                self.movement(event.stream, body.tick)
        elif packet_id in _SERVER_TICKS:
            tick = event.expansions.get("tick")
            if tick is None:
                body = event.expansions.get("body")
                tick = getattr(body, "server_tick", None)
                if tick is None:
                    tick = getattr(body, "game_tick", None)
            if tick is not None:
                self.server_tick = tick
            if packet_id == _GENERIC_INIT:
                self._players(event)
        elif packet_id == _CHARACTER_INFO:
            body = event.expansions.get("body")
            if body is not None:
                self.character_info(event.stream, body)
        elif packet_id == _HOTBAR:
            body = event.expansions.get("body")
            if body is not None:
                self.equipped(event.stream, body.character_id)

    def _players(self, event: PacketEvent) -> None:
        for blob in event.expansions.get("blobs") or ():
            payload = blob.payload
            if blob.uid.name == "player_data" and payload is not None:
                key = event.expansions["body"].blobs[blob.index].key_u32
                if key is not None:
                    self.player_data(key, payload.name, payload.character_id)


_MOVEMENT = int(P.player_movement)
_CHARACTER_INFO = int(P.character_info)
_HOTBAR = int(P.hotbar_item_changed)
_GENERIC_INIT = int(P.generic_initialization_data)
_SERVER_TICKS = frozenset({int(P.initialization_network_update), int(P.network_update),
                           int(P.unreliable_update), int(P.script_initialization_data),
                           _GENERIC_INIT, int(P.script_data_s2c), int(P.generic_data_s2c)})
