"""Typed events: what decoders yield and trackers consume (frozen, slotted).

Events are frozen slotted dataclasses (``dataclasses.replace``, ``fields``, equality and
``repr`` work as usual). Their ``__init__`` is written out: a decoder makes one event per
packet, and a generated frozen ``__init__`` (one ``object.__setattr__`` call per field)
costs about three times as much. It fills the slots through their descriptors, so
assigning an attribute afterwards still raises ``FrozenInstanceError``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from wirestruct.core.errors import WirestructError
from wirestruct.core.records import Direction

#: Default of ``PacketEvent.expansions``: a new empty dict for every event.
_NEW_DICT: Any = object()


@dataclass(frozen=True, slots=True, init=False)
class PacketEvent:
    """One decoded packet.

    ``packet`` is the generated Kaitai object; ``expansions`` holds what the runtime worked
    out beyond it (decompressed bodies, reconstructed deltas, nested packets), as plain
    data or further generated objects, keyed by name. A decoder that has read and checked
    the packet another way may leave the object to be parsed when ``packet`` is first read
    (:class:`Unparsed`).
    """

    index: int                  #: packet number in decode order, from 0
    record: int                 #: capture record the packet ends in
    t: float
    direction: Direction
    packet_id: int
    name: str
    packet: Any
    raw: bytes = b""
    expansions: Mapping[str, Any] = field(default_factory=dict)
    stream: int = 0
    parent: int | None = None  #: index of the packet this one was nested in
    #: capture frame (from 1, as tshark numbers them) that carried the packet's first
    #: byte; None when the capture has no frames
    frame: int | None = None
    t_ns: int | None = None     #: ``t`` exactly, in nanoseconds, when the capture gives it
    ends: tuple[str, str] | None = None     #: (src, dst) "address:port", when known

    def __init__(self, index: int, record: int, t: float, direction: Direction,
                 packet_id: int, name: str, packet: Any, raw: bytes = b"",
                 expansions: Any = _NEW_DICT, stream: int = 0,
                 parent: int | None = None, frame: int | None = None,
                 t_ns: int | None = None, ends: tuple[str, str] | None = None) -> None:
        _pe_index(self, index)
        _pe_record(self, record)
        _pe_t(self, t)
        _pe_direction(self, direction)
        _pe_packet_id(self, packet_id)
        _pe_name(self, name)
        _pe_packet(self, packet)
        _pe_raw(self, raw)
        _pe_expansions(self, {} if expansions is _NEW_DICT else expansions)
        _pe_stream(self, stream)
        _pe_parent(self, parent)
        _pe_frame(self, frame)
        _pe_t_ns(self, t_ns)
        _pe_ends(self, ends)

    @property
    def src(self) -> str | None:
        """The sender, "address:port" (None when the capture does not say)."""
        return None if self.ends is None else self.ends[0]

    @property
    def dst(self) -> str | None:
        """The receiver, "address:port" (None when the capture does not say)."""
        return None if self.ends is None else self.ends[1]


@dataclass(frozen=True, slots=True, init=False)
class ErrorEvent:
    """Input that could not be decoded or applied; decoding goes on after it."""

    error: WirestructError
    record: int | None = None
    t: float | None = None
    direction: Direction | None = None
    index: int | None = None
    stream: int = 0
    frame: int | None = None
    t_ns: int | None = None
    ends: tuple[str, str] | None = None

    def __init__(self, error: WirestructError, record: int | None = None,
                 t: float | None = None, direction: Direction | None = None,
                 index: int | None = None, stream: int = 0, frame: int | None = None,
                 t_ns: int | None = None, ends: tuple[str, str] | None = None) -> None:
        _ee_error(self, error)
        _ee_record(self, record)
        _ee_t(self, t)
        _ee_direction(self, direction)
        _ee_index(self, index)
        _ee_stream(self, stream)
        _ee_frame(self, frame)
        _ee_t_ns(self, t_ns)
        _ee_ends(self, ends)

    src = PacketEvent.src
    dst = PacketEvent.dst


def slot_setters(cls: type) -> tuple:
    """The ``__set__`` of each field's slot of the slotted dataclass ``cls``, in field order
    (for a written-out ``__init__`` that bypasses the frozen ``__setattr__``)."""
    return tuple(vars(cls)[f.name].__set__ for f in fields(cls))


(_pe_index, _pe_record, _pe_t, _pe_direction, _pe_packet_id, _pe_name, _pe_packet, _pe_raw,
 _pe_expansions, _pe_stream, _pe_parent, _pe_frame, _pe_t_ns, _pe_ends
 ) = slot_setters(PacketEvent)
(_ee_error, _ee_record, _ee_t, _ee_direction, _ee_index, _ee_stream, _ee_frame, _ee_t_ns,
 _ee_ends) = slot_setters(ErrorEvent)

Event = PacketEvent | ErrorEvent


class Unparsed:
    """What a :class:`PacketEvent` holds for its packet until ``packet`` is first read.

    A decoder that has already read and checked a packet with a protocol's own reader
    (proven by a differential test to agree with the generated classes) leaves it here:
    ``parse(data)`` makes the generated object, on first read of ``event.packet``;
    ``fields`` is the packet's readable form (what ``wirestruct decode`` prints as
    ``fields``), which :func:`readable_fields` hands out once, and ``read(data)`` reads it
    again for every later call; ``read_raw(data)``, when given, reads the raw form
    (``wirestruct decode --raw``), or None where the generated object must be parsed.
    """

    __slots__ = ("parse", "read", "data", "fields", "read_raw")

    def __init__(self, parse: Callable[[bytes], Any], read: Callable[[bytes], Any],
                 data: bytes, fields: dict[str, Any],
                 read_raw: Callable[[bytes], Any] | None = None) -> None:
        self.parse = parse
        self.read = read
        self.data = data
        self.fields: dict[str, Any] | None = fields
        self.read_raw = read_raw


class _PacketSlot:
    """``PacketEvent.packet``: the slot, with an :class:`Unparsed` packet parsed (and
    kept) the first time it is read."""

    def __init__(self, slot: Any) -> None:
        self._get, self._set = slot.__get__, slot.__set__

    def __get__(self, event: Any, owner: type | None = None) -> Any:
        if event is None:
            return self
        packet = self._get(event)
        if packet.__class__ is Unparsed:
            packet = packet.parse(packet.data)
            self._set(event, packet)
        return packet

    def __set__(self, event: Any, value: Any) -> None:
        self._set(event, value)


def packet_slot(event: PacketEvent) -> Any:
    """What ``event``'s packet slot holds, as it is: the generated object, or an
    :class:`Unparsed` not parsed yet (reading ``event.packet`` parses it)."""
    return _packet_of(event)


def readable_fields(unparsed: Unparsed) -> dict[str, Any]:
    """The readable fields of a packet not parsed yet, to keep: a new dict each call (the
    first call hands over the one the decoder read)."""
    fields = unparsed.fields
    if fields is None:
        return unparsed.read(unparsed.data)
    unparsed.fields = None
    return fields


def decoded_fields(event: PacketEvent) -> dict[str, Any] | None:
    """The readable fields the decoder read for ``event`` when its packet is not parsed
    yet, to read only (shared with the event); else None."""
    packet = _packet_of(event)
    if packet.__class__ is not Unparsed:
        return None
    fields = packet.fields
    if fields is None:
        fields = packet.fields = packet.read(packet.data)
    return fields


_packet_of = vars(PacketEvent)["packet"].__get__
PacketEvent.packet = _PacketSlot(vars(PacketEvent)["packet"])  # type: ignore[misc]
