"""Events in, capture records out: the encode path, the decode path run backwards.

An encoder takes the events ``wirestruct decode`` prints (one JSON object a line:
``index``, ``t``, ``dir``, ``stream``, ``id``, ``name``, ``fields``, ``expansions``,
``parent``) and gives back :class:`~wirestruct.core.records.CaptureRecord` objects, one per
top-level packet, which the capture writers (``wirestruct.captures``) store as JSON Lines,
pcap, pcapng or ``.wscap``. Sans-I/O, like the decoders:

    encoder = get_protocol(name).encoder()
    for event in events:                       # dicts, e.g. json.loads of each line
        for item in encoder.feed(event):       # CaptureRecord or EncodeError
            ...
    for item in encoder.close():
        ...

A nested packet (a compound packet's sub-packets, a compressed wrapper's inner packet)
comes as events with ``parent``; the encoder packs them into their parent, so editing,
adding or dropping an inner event changes the outer packet. Error events (lines with
``error``) describe no packet and are counted in ``skipped``. An event that cannot be
encoded becomes an :class:`~wirestruct.encode.building.EncodeError` naming its index and packet
and encoding goes on with the next one.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from wirestruct.core.errors import EncodeError, WirestructError
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.core.session import collected_between


@dataclass
class EventNode:
    """One packet event and the events nested in it, in order."""

    event: Mapping[str, Any]
    children: list[EventNode] = field(default_factory=list)
    #: the time exactly, in nanoseconds, when the event's line said it (JSON Lines input)
    t_ns: int | None = None

    @property
    def fields(self) -> Mapping[str, Any]:
        fields = self.event.get("fields")
        if not isinstance(fields, Mapping):
            raise EncodeError("event without fields", expected='a "fields" object')
        return fields

    @property
    def expansions(self) -> Mapping[str, Any]:
        expansions = self.event.get("expansions") or {}
        if not isinstance(expansions, Mapping):
            raise EncodeError("expansions is not an object", expected='an "expansions" object')
        return expansions

    @property
    def direction(self) -> Direction:
        try:
            return Direction.parse(str(self.event.get("dir")))
        except ValueError as exc:
            raise EncodeError(str(exc), field_path="dir", expected="c2s or s2c") from None

    @property
    def stream(self) -> int:
        stream = self.event.get("stream", 0)
        if isinstance(stream, bool) or not isinstance(stream, int) or not 0 <= stream <= MAX_STREAM:
            raise EncodeError(f"bad stream {_shown(stream)}", field_path="stream",
                              expected=f"a connection number 0..{MAX_STREAM}")
        return stream

    @property
    def t(self) -> float:
        t = self.event.get("t", 0.0)
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not _finite_time(t):
            raise EncodeError(f"bad time {_shown(t)}", field_path="t",
                              expected="a finite number of seconds")
        return float(t)


#: The largest stream (connection) number a record carries (JSON Lines and ``.wscap``
#: captures hold 0..65535).
MAX_STREAM = 0xFFFF


def _finite_time(t: int | float) -> bool:
    """Whether ``t`` is a time a record can carry: a finite double (integers beyond 2^53
    are not times; :mod:`wirestruct.captures.files.jsonl` refuses them too)."""
    if isinstance(t, int):
        return abs(t) <= 1 << 53
    return math.isfinite(t)


def _number(value: Any) -> int | None:
    """An event's ``index`` or ``parent`` when it is a number, else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _shown(value: Any) -> str:
    """A JSON value for an error message (an array or object by its kind, a long text or
    number by its start and length)."""
    if isinstance(value, (list, dict)):
        return f"(an {'array' if isinstance(value, list) else 'object'} of {len(value)})"
    if isinstance(value, str) and len(value) > _SHOWN:
        return f"{value[:_SHOWN]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() > 4 * _SHOWN:
        return f"(an integer of {value.bit_length():,} bits)"
    return repr(value)


def _said(event: Mapping[str, Any]) -> str:
    """What an event says it is, for an error message."""
    return f"the event's id {_shown(event.get('id'))} and name {_shown(event.get('name'))}"


#: The most agreeing (id, name, fields' id, direction) an encoder remembers: the packets
#: its protocol names, in both forms and directions, fit many times over.
_AGREED = 4096

#: The characters of a text an error message shows.
_SHOWN = 60


def _small(value: Any) -> int | None:
    """An event's index, id or record for an error's place: an integer of at most 64
    bits (a larger one, which no packet has, is left out rather than printed)."""
    number = _number(value)
    return number if number is not None and number.bit_length() <= 64 else None


Item = CaptureRecord | WirestructError


class Encoder:
    """Base of the protocol encoders. Subclasses implement :meth:`encode_packet`."""

    protocol = ""
    #: The field of a packet's fields that holds its id (a number in the raw form, the
    #: packet's name in the readable one), checked against the event's ``id`` and
    #: ``name``; "" when the protocol has none.
    id_field = ""

    def __init__(self, *, limits: Limits = DEFAULT_LIMITS, **_options: Any) -> None:
        self.limits = limits
        self.skipped = 0              #: error events and lines that are not packets
        self._pending: EventNode | None = None
        self._nodes: dict[Any, EventNode] = {}
        self._over = 0                #: nested events beyond max_items_per_packet
        self._count = 0
        #: (id, name, fields' id, dir) found to agree (:meth:`check_identity`)
        self._agreed: set[tuple[Any, ...]] = set()

    # -- subclass interface ------------------------------------------------------------
    def encode_packet(self, node: EventNode, depth: int) -> bytes:
        """The bytes of one packet (``depth`` 0: sent on its own), nested events packed."""
        raise NotImplementedError

    def packet_name(self, packet_id: int, direction: str) -> str | None:
        """The name ``wirestruct decode`` gives packet ``packet_id`` sent ``direction``
        (``c2s`` or ``s2c``); None when the protocol does not say."""
        return None

    def check_identity(self, node: EventNode) -> None:
        """The event's ``id`` and ``name`` and its fields' :attr:`id_field` name one packet,
        for the packet and every event nested in it: an edit of one without the others
        fails here, naming both, instead of being quietly overruled."""
        if not self.id_field:
            return
        todo = [node]
        while todo:
            item = todo.pop()
            if item.children:
                todo.extend(item.children)
            event = item.event
            packet_id, name = event.get("id"), event.get("name")
            fields = event.get("fields")
            held = fields.get(self.id_field) if fields.__class__ is dict or isinstance(
                fields, Mapping) else None
            direction = event.get("dir")
            key = (packet_id, name, held, direction) if (
                packet_id.__class__ is int and name.__class__ is str
                and direction.__class__ is str
                and (held.__class__ is str or held.__class__ is int)) else None
            if key is not None and key in self._agreed:
                continue
            if packet_id.__class__ is not int:
                packet_id = _number(packet_id)
            if packet_id is not None and _small(packet_id) is None:
                raise EncodeError(f"bad packet id {_shown(packet_id)}", field_path="id",
                                  expected="a packet id")
            if held.__class__ is str:
                agree = name.__class__ is not str or held == name
            else:
                agree = _number(held) is None or packet_id is None or held == packet_id
            if not agree:
                raise EncodeError(f"{_said(event)} disagree with its fields' {self.id_field} "
                                  f"{_shown(held)}", field_path=f"fields.{self.id_field}",
                                  expected="one packet in all three: change them together")
            if packet_id is not None and name.__class__ is str:
                known = self.packet_name(packet_id, str(direction))
                if known is not None and known != name:
                    raise EncodeError(f"{_said(event)} disagree: packet {packet_id} is {known}",
                                      field_path="name",
                                      expected=f"{known}, or the id of {_shown(name)}")
                if known is not None and key is not None and len(self._agreed) < _AGREED:
                    self._agreed.add(key)           # checked: the same event needs no more

    # -- feeding ------------------------------------------------------------------------
    def feed(self, event: Mapping[str, Any]) -> list[Item]:
        if not isinstance(event, Mapping):
            return [EncodeError(f"an event must be a JSON object, not {type(event).__name__}",
                                expected="an object as wirestruct decode prints",
                                dropped=1, dropped_unit="lines")]
        if "error" in event or "fields" not in event:
            self.skipped += 1
            return []
        parent, index = _number(event.get("parent")), _number(event.get("index"))
        if parent is not None and self._pending is not None and (
                self._over or parent in self._nodes):
            if self._over or len(self._nodes) > self.limits.max_items_per_packet:
                self._over += 1                   # counted, not held (nor its index)
                return []
            node = EventNode(self._raw(event))
            self._nodes[parent].children.append(node)
            if index is not None:
                self._nodes[index] = node
            return []
        out = self.flush()
        if event.get("parent") is not None:
            out.append(self._fail(EventNode(event), EncodeError(
                f"parent event {_shown(event.get('parent'))} is not the packet before it",
                field_path="parent", expected="nested events right after their parent")))
            return out
        self._pending = EventNode(self._raw(event), t_ns=getattr(event, "t_ns", None))
        self._nodes = {index: self._pending}
        return out

    def _raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        """:meth:`to_raw`, or the event as it is when it cannot be converted (encoding it
        then fails with an error naming the field)."""
        try:
            return self.to_raw(event)
        except Exception:  # noqa: BLE001 - the encoder's own error says what is wrong
            return event

    def flush(self) -> list[Item]:
        node, self._pending, self._nodes = self._pending, None, {}
        over, self._over = self._over, 0
        if node is None:
            return []
        if over:
            return [self._fail(node, EncodeError(
                f"{over} nested events beyond the limit",
                expected=f"at most {self.limits.max_items_per_packet} "
                         "(limit max_items_per_packet)"))]
        try:
            t, direction, stream = node.t, node.direction, node.stream
            self.check_identity(node)
            data = self.encode_packet(node, 0)
            record = CaptureRecord(self._count, t, direction, data, stream, None, node.t_ns)
        except WirestructError as exc:
            return [self._fail(node, exc)]
        except Exception as exc:  # noqa: BLE001 - one event fails, encoding goes on
            return [self._fail(node, EncodeError(f"{type(exc).__name__}: {exc}"))]
        self._count += 1
        return [record]

    def close(self) -> list[Item]:
        return self.flush()

    def _fail(self, node: EventNode | None, exc: WirestructError) -> WirestructError:
        if node is not None:
            event = node.event
            name = event.get("name")
            exc.at(packet_index=_small(event.get("index")), packet_id=_small(event.get("id")),
                   packet_name=(name if len(name) <= _SHOWN else _shown(name))
                   if isinstance(name, str) else None,
                   record=_small(event.get("record")))
        exc.dropped, exc.dropped_unit = 1, "packets"
        return exc

    def to_raw(self, event: Mapping[str, Any]) -> Mapping[str, Any]:
        """An event as ``wirestruct decode`` prints it (readable, raw or a mix) in the raw
        form :meth:`encode_packet` takes: what readable output changed put back
        (:mod:`wirestruct.encode.unpresent`). The base takes raw events only."""
        return event

    def encode_events(self, events: Iterable[Mapping[str, Any]]) -> Iterator[Item]:
        """Every event fed, then :meth:`close`; the collector runs between two records, as
        while decoding (:func:`~wirestruct.core.session.collected_between`): the
        read-write objects of each packet are cycles only it frees."""
        return collected_between(self._encode_all(events))

    def _encode_all(self, events: Iterable[Mapping[str, Any]]) -> Iterator[Item]:
        for event in events:
            yield from self.feed(event)
        yield from self.close()
