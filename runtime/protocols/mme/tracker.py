"""Tracker: the receiving client's view of a Multiplayer Map Editor session.

Packets from the server (s2c) change what the client holds: the map, players, textures,
block types, groups, the sky box, the server menu, chat. Packets from the client (c2s)
add what the client itself said: its negotiation, credentials, own position and menu
responses. Both directions' negotiation is tracked, and a packet whose type the receiver
did not select (after it sent SELECT_PACKET_TYPES) is applied but flagged with a state
error and counted.

Every handler checks a packet against the state before changing anything, so a packet
that contradicts the state (a region outside the map, a denounce of an unknown player)
becomes a state error and leaves the state as it was.

Caps come from :class:`~wirestruct.core.limits.Limits`: a map beyond ``max_map_volume`` (or of
zero volume) is refused before its array is allocated; players, textures, block types,
groups, menu widgets, cached files and requested files each hold at most
``max_tracked_objects`` entries (a packet that would add one more becomes a state error
with ``dropped`` = 1 packet; entries already held still update); chat lines and menu
responses keep the latest ``max_history``, and no more text than ``max_history_bytes`` in
all (a chat line of 64 KB is as long as 600 ordinary ones); the snapshot counts the ones
forgotten;
a chat line or menu text keeps its first ``max_text_segments`` color segments (its plain
text is kept whole; a state error counts the segments left out). A menu widget sent with
index 0 takes the lowest free slot of 1-255, as the index byte allows.
"""
from __future__ import annotations

import enum
from collections import Counter, deque
from collections.abc import Callable
from typing import Any, BinaryIO, TypeVar

from wirestruct.core.errors import StateError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import Direction
from wirestruct.core.tracker import Tracker, state_error
from wirestruct.protocols.mme.packets import PacketType as P
from wirestruct.protocols.mme.packets import packet_name
from wirestruct.protocols.mme.text import color_segments, plain_text
from wirestruct.protocols.mme.voxels import VoxelMap

_Segment = TypeVar("_Segment")

_WIDGETS = {
    P.menu_text: "text", P.menu_link: "link", P.menu_check: "check", P.menu_radio: "radio",
    P.menu_input: "input", P.menu_button: "button", P.menu_salted_password: "password",
    P.menu_texture: "texture",
}
_SKY_LAYOUTS = {
    0: (),
    1: ("above",),
    2: ("above", "below"),
    5: ("negative_x", "negative_y", "positive_x", "positive_y", "positive_z"),
    6: ("negative_x", "negative_y", "negative_z", "positive_x", "positive_y", "positive_z"),
}


def _name(value: Any) -> Any:
    return value.name if isinstance(value, enum.Enum) else value


def _opt(obj: Any, name: str) -> Any:
    """A field that the spec reads only when the payload is long enough (else None)."""
    return getattr(obj, name, None)


def _flags(obj: Any, names) -> list[str]:
    return [name for name in names if getattr(obj, name)]


_WIDGET_FLAGS = ("active", "live", "disable", "offset")


def _role(direction: Direction) -> str:
    return "client" if direction is Direction.C2S else "server"


class MmeTracker(Tracker):
    def __init__(self, *, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.map: VoxelMap | None = None
        self.map_properties: dict[str, Any] | None = None
        self.players: dict[int, dict[str, Any]] = {}
        self.me: dict[str, Any] = {"name": None, "player_id": None, "position": None}
        self.textures: dict[int, dict[str, Any]] = {}
        self.blocks: dict[int, dict[str, Any]] = {}
        self.groups: dict[int, dict[str, Any]] = {}
        self.files: dict[str, int] = {}
        self.requested_files: list[str] = []
        self.offers: dict[str, frozenset | None] = {"client": None, "server": None}
        self.selects: dict[str, frozenset | None] = {"client": None, "server": None}
        self.unselected: dict[str, Counter] = {"client": Counter(), "server": Counter()}
        self.menu: dict[str, Any] | None = None
        self.widgets: dict[int, dict[str, Any]] = {}
        self.window: dict[str, int] | None = None
        self.responses: deque[dict[str, Any]] = deque(maxlen=limits.max_history)
        self.chat: deque[dict[str, Any]] = deque(maxlen=limits.max_history)
        self.forgotten: Counter = Counter()   #: history entries pushed out, by kind
        #: the text each history entry holds (characters), in the histories' order
        self._sizes: dict[int, deque[int]] = {id(self.responses): deque(), id(self.chat): deque()}
        self._history_chars = 0
        self.server: dict[str, Any] = {
            "name": None, "sky_box": None, "abilities": None, "loading": None,
            "player_skins": {}, "portal_cookie": None, "connect": None, "disconnect": None,
        }
        self.client_version: dict[str, Any] | None = None
        self.packets = 0
        #: errors a handler reports without refusing its packet
        self._notes: list[StateError] = []

    # -- the Tracker interface ----------------------------------------------------------
    def apply(self, event: PacketEvent) -> list[ErrorEvent]:
        self.packets += 1
        errors: list[ErrorEvent] = []
        packet_type = event.packet_id
        receiver = "server" if event.direction is Direction.C2S else "client"
        selected = self.selects[receiver]
        if (packet_type != P.available_packet_types and selected is not None
                and packet_type not in selected):
            self.unselected[receiver][event.name] += 1
            errors.append(state_error(
                event, f"{event.name} sent to the {receiver}, which did not select it",
                expected=f"a packet type the {receiver} selected"))
        handlers = _S2C if event.direction is Direction.S2C else _C2S
        handler = handlers.get(packet_type)
        if handler is not None:
            try:
                handler(self, event.packet.payload, event)
            except StateError as exc:
                self._notes.append(exc)
            for note in self._notes:
                errors.append(state_error(event, note.message, expected=note.expected,
                                          dropped=note.dropped, dropped_unit=note.dropped_unit))
            self._notes.clear()
        return errors

    def snapshot(self) -> dict[str, Any]:
        m = self.map
        return {
            "map": {"dims": list(m.dims) if m else None,
                    "sea_level": m.sea_level if m else None,
                    "sha256": m.sha256() if m else None},
            "players": [{"id": pid, **player} for pid, player in sorted(self.players.items())],
            "textures": [{"id": tid, **texture, "have_file": texture.get("sha1") in self.files}
                         for tid, texture in sorted(self.textures.items())],
            "blocks": [{"id": bid, **block} for bid, block in sorted(self.blocks.items())],
            "groups": [{"id": gid, **group} for gid, group in sorted(self.groups.items())],
            "negotiation": {
                role: {"offers": self._names(self.offers[role]),
                       "selects": self._names(self.selects[role]),
                       "unselected_received": dict(sorted(self.unselected[role].items()))}
                for role in ("client", "server")},
            "menu": {
                "open": self.menu is not None,
                **(self.menu or {}),
                "widgets": [self.widgets[i] for i in sorted(self.widgets)],
                "window": self.window,
                "responses": list(self.responses),
            },
            "chat": list(self.chat),
            "history_forgotten": {"chat": self.forgotten["chat"],
                                  "responses": self.forgotten["responses"]},
            "self": dict(self.me),
            "server": {**self.server, "map_properties": self.map_properties,
                       "client_version": self.client_version,
                       "files": sorted(self.files), "requested_files": self.requested_files,
                       "player_skins": {str(k): v for k, v in
                                        sorted(self.server["player_skins"].items())}},
        }

    def map_bytes(self) -> bytes:
        """The raw block array (x fastest, then y, then z); empty when there is no map."""
        return self.map.tobytes() if self.map is not None else b""

    def write_map(self, out: BinaryIO) -> int:
        """Write the raw block array to a binary file object."""
        return self.map.write(out) if self.map is not None else 0

    def write_output(self, name: str, out: BinaryIO) -> int:
        """``map_out`` (``state --map-out FILE``): the raw block array."""
        if name != "map_out":
            return super().write_output(name, out)
        return self.write_map(out)

    @staticmethod
    def _names(types: frozenset | None) -> list[Any] | None:
        if types is None:
            return None
        return [packet_name(t) if t < 50 else t for t in sorted(types)]

    def _admit(self, table, key: Any, what: str) -> None:
        """Refuse a new entry in a full table (``max_tracked_objects``) before adding it."""
        cap = self.limits.max_tracked_objects
        if key not in table and len(table) >= cap:
            raise StateError(f"{what} {key} not tracked: {len(table)} {what}s are tracked "
                             "already (max_tracked_objects)",
                             expected=f"at most {cap} {what}s", dropped=1,
                             dropped_unit="packets")

    def _segments(self, segments: list[_Segment], what: str) -> list[_Segment]:
        """The first ``max_text_segments`` color segments; a note counts the rest."""
        cap = self.limits.max_text_segments
        if len(segments) <= cap:
            return segments
        self._notes.append(StateError(
            f"{what} of {len(segments)} color segments: the first {cap} are kept",
            expected=f"at most {cap} color segments (max_text_segments)",
            dropped=len(segments) - cap, dropped_unit="items"))
        return segments[:cap]

    def _remember(self, history: deque[dict[str, Any]], kind: str, entry: dict[str, Any]) -> None:
        """Append to a bounded history, counting the entries it pushes out (the oldest,
        beyond ``max_history`` entries or ``max_history_bytes`` of text in all histories)."""
        sizes = self._sizes[id(history)]
        size = _text_size(entry)
        if len(history) == history.maxlen:
            self._forget(history, kind)
        while history and self._history_chars + size > self.limits.max_history_bytes:
            self._forget(history, kind)
        if self._history_chars + size > self.limits.max_history_bytes:
            other, other_kind = ((self.chat, "chat") if history is self.responses
                                 else (self.responses, "responses"))
            while other and self._history_chars + size > self.limits.max_history_bytes:
                self._forget(other, other_kind)
        history.append(entry)
        sizes.append(size)
        self._history_chars += size

    def _forget(self, history: deque[dict[str, Any]], kind: str) -> None:
        history.popleft()
        self._history_chars -= self._sizes[id(history)].popleft()
        self.forgotten[kind] += 1

    # -- negotiation --------------------------------------------------------------------
    def _available(self, p, event):
        self.offers[_role(event.direction)] = event.expansions["packet_types"]

    def _select(self, p, event):
        self.selects[_role(event.direction)] = event.expansions["packet_types"]

    # -- connection ---------------------------------------------------------------------
    def _authenticate(self, p, event):
        self.me["name"] = p.name
        self.me["player_id"] = p.credentials.player_id if p.has_token else None

    def _connect(self, p, event):
        self.server["connect"] = {"address": p.address, "name": p.credentials.name,
                                  "player_id": p.credentials.player_id}

    def _disconnect(self, p, event):
        self.server["disconnect"] = {
            "by": _role(event.direction),
            "reason_code": _name(_opt(p, "reason_code")),
            "reconnect_delay": _opt(p, "reconnect_delay"),
            "reason": _opt(p, "reason")}

    def _server_name(self, p, event):
        self.server["name"] = p.name

    def _portal_cookie(self, p, event):
        self.server["portal_cookie"] = None if p.deletes else p.cookie.hex()

    def _client_version(self, p, event):
        self.client_version = {"format": p.format,
                               "svn_revision": p.version.svn_revision if p.format == 0 else None}

    # -- players ------------------------------------------------------------------------
    def _player(self, player_id: int) -> dict[str, Any]:
        player = self.players.get(player_id)
        if player is None:
            self._admit(self.players, player_id, "player")
            player = self.players[player_id] = {"name": None, "color": None, "present": False,
                                                "position": None}
        return player

    def _chat(self, p, event):
        sender = self.players.get(p.player_id)
        self._remember(self.chat, "chat", {
            "player_id": p.player_id,
            "player": "server" if p.player_id == 0 else (sender["name"] if sender else None),
            "text": plain_text(p.message),
            "segments": self._segments(event.expansions["segments"], "chat line"),
        })

    def _announce(self, p, event):
        player = self._player(p.player_id)
        player["present"] = True
        if not p.keeps_color:
            player["color"] = _name(p.color)
        if not p.keeps_name:
            player["name"] = p.name

    def _denounce(self, p, event):
        player = self.players.get(p.player_id)
        if player is None:
            raise StateError(f"player {p.player_id} was never announced",
                             expected="an announced player id")
        player["present"] = False

    def _move(self, p, event):
        position = {"x": p.x, "y": p.y, "z": p.z, "u": p.u, "v": p.v}
        if p.teleports_self:
            self.me["position"] = position
        else:
            self._player(p.player_id)["position"] = position

    def _move_self(self, p, event):
        self.me["position"] = {"x": p.x, "y": p.y, "z": p.z, "u": p.u, "v": p.v}

    def _abilities(self, p, event):
        full = _opt(p, "box_dimension_limit_2") is not None
        self.server["abilities"] = {
            "permissions": _flags(p.permissions, ("allow_flying", "allow_fast_flying",
                                                  "allow_noclip")),
            "box_volume_limit": p.box_volume_limit,
            "box_dimension_limits": ([p.box_dimension_limit, p.box_dimension_limit_2,
                                      p.box_dimension_limit_3] if full
                                     else [p.box_dimension_limit]),
            "copy_volume_limit": _opt(p, "copy_volume_limit"),
            "copy_dimension_limits": ([p.copy_dimension_limit_1, p.copy_dimension_limit_2,
                                       p.copy_dimension_limit_3] if full else None),
            "max_chat_length": _opt(p, "max_chat_length"),
        }

    def _skin(self, p, event):
        if _opt(p, "model_id") is None:
            return
        skins = self.server["player_skins"]
        if p.resets:
            skins.pop(p.model_id, None)
        else:
            skins[p.model_id] = p.texture_id

    # -- the map ------------------------------------------------------------------------
    def _need_map(self) -> VoxelMap:
        if self.map is None:
            raise StateError("no map has been set up", expected="MAP_SETUP first")
        return self.map

    def _loading(self, p, event):
        if p.removes_screen:
            self.server["loading"] = None
        else:
            previous = self.server["loading"] or {}
            self.server["loading"] = {
                "progress": p.progress,
                "message": _opt(p, "message") if _opt(p, "message") is not None
                else previous.get("message", "Receiving map data...")}

    def _map_setup(self, p, event):
        if p.frees:
            self.map = None
            return
        volume = p.size_x * p.size_y * p.size_z
        cap = self.limits.max_map_volume
        if not 0 < volume <= cap:
            raise StateError(f"map of {volume} blocks ({p.size_x} x {p.size_y} x {p.size_z})",
                             expected=f"1 to {cap} blocks (max_map_volume)", dropped=1,
                             dropped_unit="packets")
        self.map = None         # the old map is freed before the new one is allocated
        self.map = VoxelMap(p.size_x, p.size_y, p.size_z, p.sea_level)

    def _map_properties(self, p, event):
        self.map_properties = {"removed_features": p.attributes.removed_features,
                               "block_size": p.block_size}

    def _fill(self, p, event):
        r = p.region
        self._need_map().fill((r.lower_x, r.lower_y, r.lower_z, r.upper_x, r.upper_y,
                               r.upper_z), p.block_type)

    def _modify(self, p, event):
        self._need_map().modify(p.x, p.y, p.z, p.block_type)

    def _region_data(self, p, event):
        blocks = event.expansions["blocks"]
        self._need_map().apply_region(blocks.region, blocks.data)

    def _total_data(self, p, event):
        blocks = event.expansions["blocks"]
        self._need_map().apply_stream(blocks.offset, blocks.data)

    def _file_data(self, p, event):
        file = event.expansions["file"]
        self._admit(self.files, file.sha1, "file")
        self.files[file.sha1] = len(file.data)

    # -- textures, blocks, groups, sky --------------------------------------------------
    def _texture(self, p, event):
        if p.deletes:
            self.textures.pop(p.texture_id, None)
            return
        self._admit(self.textures, p.texture_id, "texture")
        texture = self.textures.get(p.texture_id) or {
            "sha1": None, "width": None, "height": None, "alpha": None,
            "min_filter": None, "mag_filter": None}
        texture["sha1"] = p.sha1.hex()
        if _opt(p, "flags") is not None:
            texture.update(width=p.width, height=p.height, alpha=p.alpha,
                           min_filter=_name(p.flags.min_filter),
                           mag_filter=_name(p.flags.mag_filter))
        self.textures[p.texture_id] = texture

    def _block(self, p, event):
        f = p.flags
        self._admit(self.blocks, p.block_id, "block type")
        self.blocks[p.block_id] = {
            "textures": {"top": p.texture_top, "bottom": p.texture_bottom,
                         "front": p.texture_front, "back": p.texture_back,
                         "left": p.texture_left, "right": p.texture_right},
            "flags": _flags(f, ("visible", "impassable", "draw_reverse", "draw_between")),
            "light": _name(f.light),
            "description": p.description,
        }

    def _group(self, p, event):
        if p.deletes:
            self.groups.pop(p.group_id, None)
            return
        self._admit(self.groups, p.group_id, "group")
        self.groups[p.group_id] = {"name": p.name, "blocks": event.expansions["block_ids"]}

    def _sky_box(self, p, event):
        faces = dict(zip(_SKY_LAYOUTS[p.num_textures], p.texture_ids))
        self.server["sky_box"] = {
            "textures": faces,
            "on_map_edges": bool(_opt(p, "flags") and p.flags.on_map_edges),
        }

    def _file_request(self, p, event):
        cap = self.limits.max_tracked_objects
        if len(self.requested_files) >= cap:
            raise StateError(f"file request not tracked: {cap} requests are tracked already "
                             "(max_tracked_objects)", expected=f"at most {cap} requests",
                             dropped=1, dropped_unit="packets")
        self.requested_files.append(p.sha1.hex())

    # -- the server menu ----------------------------------------------------------------
    def _menu_reset(self, p, event):
        self.widgets = {}
        if p.removes_menu:
            self.menu = None
            return
        self.menu = {"number": p.menu_number, "width": p.width, "height": p.height,
                     "flags": _flags(p.flags, ("close_button", "title_bar"))
                     if _opt(p, "flags") is not None else []}

    def _widget(self, p, event):
        kind = _WIDGETS[event.packet_id]
        widget: dict[str, Any] = {"kind": kind, "column": p.column, "line": p.line}
        for name in ("name", "value", "width", "max_length", "height", "texture_id"):
            value = getattr(p, name, None)
            if value is not None:
                widget[name] = value
        if hasattr(p, "flags"):
            widget["flags"] = _flags(p.flags, _WIDGET_FLAGS)
        if hasattr(p, "text"):
            widget["text"] = plain_text(p.text)
            widget["segments"] = self._segments(color_segments(p.text), "menu text")
        if kind == "password":
            salts = (_opt(p, "salt_1"), _opt(p, "salt_2"))
            widget["salts"] = [s.hex() for s in salts if s is not None]
        if kind == "texture":
            widget["area"] = [p.x1, p.y1, p.right, p.bottom]
        index = p.index
        if index == 0:  # the client picks the lowest free slot
            index = next((i for i in range(1, 256) if i not in self.widgets), 0)
            if not index:
                raise StateError("no free menu slot for a widget with index 0",
                                 expected="at most 255 menu widgets", dropped=1,
                                 dropped_unit="packets")
        widget["index"] = index
        self._admit(self.widgets, index, "menu widget")
        self.widgets[index] = widget

    def _menu_erase(self, p, event):
        if self.widgets.pop(p.index, None) is None:
            raise StateError(f"no menu widget at index {p.index}",
                             expected="the index of a widget on the menu")

    def _menu_window(self, p, event):
        self.window = {"columns": p.columns, "lines": p.lines}

    def _menu_response(self, p, event):
        if p.closed:
            self._remember(self.responses, "responses",
                           {"menu_number": p.menu_number, "closed": True})
            return
        response = {"menu_number": p.menu_number, "name": p.name, "value": p.value,
                    "flags": _flags(p.flags, _WIDGET_FLAGS), "text": p.text}
        if p.password is not None:
            response["text"] = None
            response["password"] = {"client_salt": p.password.client_salt.hex(),
                                    "digest": p.password.digest.hex()}
        self._remember(self.responses, "responses", response)


def _text_size(value: Any) -> int:
    """Characters of text a history entry holds: its strings, and those of the lists and
    objects in it (color segments, flags, a password's salts)."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        return sum(_text_size(v) for v in value.values())
    if isinstance(value, list):
        return sum(_text_size(v) for v in value)
    return 0


Handler = Callable[[MmeTracker, Any, PacketEvent], None]

_BOTH: dict[int, Handler] = {
    P.available_packet_types: MmeTracker._available,
    P.select_packet_types: MmeTracker._select,
    P.disconnect: MmeTracker._disconnect,
}
_S2C: dict[int, Handler] = {
    **_BOTH,
    P.connect: MmeTracker._connect,
    P.chat_message: MmeTracker._chat,
    P.announce_player: MmeTracker._announce,
    P.denounce_player: MmeTracker._denounce,
    P.player_abilities: MmeTracker._abilities,
    P.map_loading: MmeTracker._loading,
    P.map_setup: MmeTracker._map_setup,
    P.map_properties: MmeTracker._map_properties,
    P.map_fill: MmeTracker._fill,
    P.map_data: MmeTracker._region_data,
    P.map_total_data: MmeTracker._total_data,
    P.buffer_is_map_data: MmeTracker._region_data,
    P.buffer_is_file_data: MmeTracker._file_data,
    P.move_player: MmeTracker._move,
    P.map_modify: MmeTracker._modify,
    P.texture_setup: MmeTracker._texture,
    P.group_setup: MmeTracker._group,
    P.block_setup: MmeTracker._block,
    P.menu_reset: MmeTracker._menu_reset,
    P.menu_erase: MmeTracker._menu_erase,
    P.sky_box: MmeTracker._sky_box,
    P.portal_cookie: MmeTracker._portal_cookie,
    P.player_skin: MmeTracker._skin,
    P.server_name: MmeTracker._server_name,
    **{t: MmeTracker._widget for t in _WIDGETS},
}
_C2S: dict[int, Handler] = {
    **_BOTH,
    P.authenticate: MmeTracker._authenticate,
    P.move_player: MmeTracker._move_self,
    P.file_request: MmeTracker._file_request,
    P.menu_request: MmeTracker._menu_window,
    P.menu_resize: MmeTracker._menu_window,
    P.menu_response: MmeTracker._menu_response,
    P.client_version: MmeTracker._client_version,
}
