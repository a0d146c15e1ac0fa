"""What a proxy hook sees and what it may answer: typed events in, actions out.

A hook is a plain Python function, ``wirestruct proxy --hook MODULE:FUNCTION``. It is
called with one event at a time and returns ``None`` (pass the packet on as it came) or
actions::

    from wirestruct.proxy.hooks import Connect, Drop, Edit, Inject, Packet

    def hook(event):
        if isinstance(event, Packet) and event.name == "message":
            fields = event.fields                   # the readable fields, a new dict
            fields["message"] = fields["message"].upper()
            return [Edit(fields), Inject("s2c", "message", {...})]
        if isinstance(event, Connect):
            print("client", event.client, "to", event.upstream)

:class:`Packet` is every decoded top-level packet (``fields`` as ``wirestruct decode``
prints them, nested packets under ``children``); :class:`Connect` and :class:`Disconnect`
bracket each client connection; :class:`Undecoded` is a packet that failed to decode (it
is forwarded as it came whatever the hook answers, but the hook may still inject).
An edited packet is written back by the protocol's encoder, the lengths and counts that
frame an edited value set again (:mod:`wirestruct.encode.lengths`); an injected packet
is built the same way from its fields, or sent as the bytes given. A hook that raises,
or answers something else, is reported as an error event and the packet is passed on.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from wirestruct.core.records import Direction


@dataclass(frozen=True, slots=True)
class Connect:
    """A client connected and the proxy reached the upstream server."""

    stream: int                 #: the connection's number in this run, from 0
    client: str                 #: the client's "address:port"
    upstream: str               #: the server's "address:port"


@dataclass(frozen=True, slots=True)
class Disconnect:
    """A client connection ended (``reason``: who closed it, or the error)."""

    stream: int
    client: str
    upstream: str
    reason: str


@dataclass(slots=True)
class Packet:
    """One decoded top-level packet on its way to the other side."""

    stream: int
    direction: str              #: "c2s" or "s2c"
    index: int                  #: the packet's index among the connection's events
    name: str
    packet_id: int
    data: bytes                 #: the bytes as they came
    #: the readable fields, as ``wirestruct decode`` prints them: the hook's own copy,
    #: edit it and answer :class:`Edit`
    fields: dict[str, Any]
    #: the event as ``wirestruct decode`` prints it (index, t, dir, id, name, fields,
    #: expansions ...), and those of the packets nested in it
    event: dict[str, Any] = field(default_factory=dict)
    children: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Undecoded:
    """Bytes that did not decode as a packet; forwarded as they came."""

    stream: int
    direction: str
    data: bytes
    error: str


HookEvent = Connect | Disconnect | Packet | Undecoded


@dataclass(frozen=True, slots=True)
class Drop:
    """Do not forward the packet."""


@dataclass(frozen=True, slots=True)
class Edit:
    """Forward the packet built from these readable fields instead (lengths set again).
    ``children``: the nested packets' events, when they changed too."""

    fields: dict[str, Any]
    children: list[dict[str, Any]] | None = None


@dataclass(frozen=True, slots=True)
class Inject:
    """Send a packet of the hook's own to one side (``"c2s"``: to the server; ``"s2c"``:
    to the client), after the packet being answered: built from ``name`` and ``fields``
    (``packet_id`` when the protocol's encoder needs it), or ``data`` as it is."""

    direction: str
    name: str = ""
    fields: dict[str, Any] | None = None
    data: bytes | None = None
    packet_id: int | None = None

    def __post_init__(self) -> None:
        Direction.parse(self.direction)
        if (self.fields is None) == (self.data is None):
            raise ValueError("Inject takes fields (with a name) or data, one of them")


Action = Drop | Edit | Inject
Hook = Callable[[HookEvent], "Action | Iterable[Action] | None"]


def actions(answer: Any) -> list[Action]:
    """A hook's answer as a list of actions (ValueError for anything else)."""
    if answer is None:
        return []
    if isinstance(answer, (Drop, Edit, Inject)):
        return [answer]
    if isinstance(answer, (list, tuple)):
        found = list(answer)
        for item in found:
            if not isinstance(item, (Drop, Edit, Inject)):
                raise ValueError(f"a hook answered {type(item).__name__} among its actions; "
                                 "expected Drop, Edit or Inject")
        return found
    raise ValueError(f"a hook answered {type(answer).__name__}; expected None, Drop, Edit, "
                     "Inject or a list of them")
