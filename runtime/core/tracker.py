"""Trackers: the base class of world-state trackers, and state error events."""
from __future__ import annotations

from typing import Any, BinaryIO

from wirestruct.core.errors import StateError, UsageError, WirestructError
from wirestruct.core.events import ErrorEvent, PacketEvent


class Tracker:
    """Base of world-state trackers: consume events, hold state, snapshot it as JSON data."""

    def apply(self, event: PacketEvent) -> list[ErrorEvent]:
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """The tracked state: a dict of plain values and values as parsed (enums, generated
        objects), shown by the one serializer like every other value
        (``wirestruct.to_jsonable(tracker.snapshot())``, raw; ``raw=False`` readable, as
        ``wirestruct state`` prints it)."""
        raise NotImplementedError

    def write_output(self, name: str, out: BinaryIO) -> int:
        """Write the output option ``name`` of the protocol (an ``Option`` with
        ``output=True``, e.g. a map's raw block array) to ``out``; returns the bytes
        written. Trackers with output options override it."""
        raise UsageError(f"{type(self).__name__} writes no output {name!r}")

    def apply_safely(self, event: PacketEvent) -> list[ErrorEvent]:
        """Apply one event; a failure becomes an error event and the state goes on."""
        try:
            errors = self.apply(event)
            return errors if errors.__class__ is list else list(errors or [])
        except WirestructError as exc:
            return [_state_error(event, exc)]
        except Exception as exc:  # noqa: BLE001
            return [_state_error(event, StateError(f"{type(exc).__name__}: {exc}"))]


def _state_error(event: PacketEvent, exc: WirestructError) -> ErrorEvent:
    exc.at(record=event.record, packet_index=event.index, packet_id=event.packet_id,
           packet_name=event.name, stream=event.stream, direction=event.direction.label)
    return ErrorEvent(error=exc, record=event.record, t=event.t, direction=event.direction,
                      index=event.index, stream=event.stream, frame=event.frame,
                      t_ns=event.t_ns, ends=event.ends)


def state_error(event: PacketEvent, message: str, **kw: Any) -> ErrorEvent:
    """An error event for a packet that contradicts the tracked state."""
    return _state_error(event, StateError(message, **kw))
