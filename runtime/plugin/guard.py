"""A third-party plug-in's code kept from breaking the rest: what it raises is named.

:func:`guarded` gives the :class:`~wirestruct.plugin.protocol.Protocol` of a plug-in that
is not wirestruct's own with every hook wrapped (the registry hands out only that one):

* a factory or a hook (``make_decoder``, ``make_tracker``, ``make_encoder``,
  ``make_tables``, ``packet_names``, ``export_items``, ``generate``, the Wireshark
  dissector's ``data``) that raises anything
  but a :class:`~wirestruct.core.errors.WirestructError` raises a :class:`PluginError`
  naming the plug-in, the hook and what it raised (a message, not a traceback);
* its decoder's exceptions become error events naming the plug-in, and decoding goes on
  with the next record: ``feed`` and ``close`` give an error event instead of raising,
  ``decode_packet`` raises a :class:`PluginError` that the decoder turns into the
  packet's error event;
* its tracker's exceptions become state errors naming the plug-in;
* a function of its ``Presentation`` that raises stops the output with a
  :class:`PluginError` naming it.

wirestruct's own protocols are not wrapped (their failures are wirestruct's bugs, caught
where the runtime catches them).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from functools import wraps
from typing import Any, TypeVar

from wirestruct.core.decoder import Decoder, PacketContext
from wirestruct.core.errors import DecodeError, StateError, WirestructError
from wirestruct.core.events import ErrorEvent, Event, PacketEvent
from wirestruct.core.records import CaptureRecord
from wirestruct.core.tracker import Tracker
from wirestruct.plugin.protocol import Presentation, Protocol

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")


class PluginError(DecodeError):
    """A protocol plug-in's own code raised (an exception that is not wirestruct's)."""


def failure(plugin: str, hook: str, exc: BaseException) -> str:
    """``protocol plug-in NAME: HOOK raised TypeError: ...``."""
    return f"protocol plug-in {plugin}: {hook} raised {type(exc).__name__}: {exc}"


def _passes(exc: BaseException) -> bool:
    """Exceptions that go through unchanged: wirestruct's own errors, which already say
    what failed, and those the runtime handles itself (deep nesting, memory)."""
    return isinstance(exc, (WirestructError, RecursionError, MemoryError))


def _hook(plugin: str, name: str, function: _F) -> _F:
    @wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - a plug-in's failure, named
            if _passes(exc):
                raise
            raise PluginError(failure(plugin, name, exc)) from exc
    return call  # type: ignore[return-value]


def _guard_decoder(plugin: str, decoder: Decoder) -> Decoder:
    feed, close, decode_packet = decoder.feed, decoder.close, decoder.decode_packet

    def guarded_feed(record: CaptureRecord) -> list[Event]:
        try:
            return feed(record)
        except Exception as exc:  # noqa: BLE001 - a plug-in's failure, an error event
            if isinstance(exc, WirestructError):
                error: WirestructError = exc
            else:
                error = PluginError(failure(plugin, "its decoder", exc))
            try:
                return [decoder.make_error(PacketContext(
                    record.index, record.t, record.direction, record.stream, 0, 0, None,
                    record.frame, record.t_ns, record.ends), error)]
            except Exception:  # noqa: BLE001 - a decoder that skipped Decoder.__init__
                error.at(record=record.index, stream=record.stream,
                         direction=record.direction.label)
                return [ErrorEvent(error, record.index, record.t, record.direction, None,
                                   record.stream, record.frame, record.t_ns, record.ends)]

    def guarded_close() -> list[Event]:
        try:
            return close()
        except Exception as exc:  # noqa: BLE001 - a plug-in's failure, an error event
            error = exc if isinstance(exc, WirestructError) else PluginError(
                failure(plugin, "its decoder's close", exc))
            return [ErrorEvent(error)]

    def guarded_decode_packet(data: bytes, ctx: PacketContext) -> Iterator[Event]:
        try:
            yield from decode_packet(data, ctx)
        except Exception as exc:  # noqa: BLE001 - a plug-in's failure, named
            if _passes(exc):
                raise
            raise PluginError(failure(plugin, "its decoder", exc)) from exc

    decoder.feed = guarded_feed                     # type: ignore[method-assign]
    decoder.close = guarded_close                   # type: ignore[method-assign]
    decoder.decode_packet = guarded_decode_packet   # type: ignore[method-assign]
    return decoder


def _guard_tracker(plugin: str, tracker: Tracker) -> Tracker:
    apply = tracker.apply

    def guarded_apply(event: PacketEvent) -> list[ErrorEvent]:
        try:
            return apply(event)
        except Exception as exc:  # noqa: BLE001 - a plug-in's failure, a state error
            if _passes(exc):
                raise
            raise StateError(failure(plugin, "its tracker", exc)) from exc

    tracker.apply = guarded_apply                               # type: ignore[method-assign]
    tracker.snapshot = _hook(plugin, "its tracker's snapshot",  # type: ignore[method-assign]
                             tracker.snapshot)
    return tracker


def _guard_presentation(plugin: str, shown: Presentation) -> Presentation:
    """The presentation with each of its functions named when it raises (the output it
    was making stops with that message)."""
    def each(kind: str, functions: Mapping[Any, Callable[..., Any]]) -> dict[Any, Any]:
        return {key: _hook(plugin, f"its {kind} of {getattr(key, '__name__', key)}", f)
                for key, f in functions.items()}

    return dataclasses.replace(
        shown, value_of=each("value_of", shown.value_of),
        value_instance=each("value_instance", shown.value_instance),
        value_from=each("value_from", shown.value_from),
        object_views=each("object view", shown.object_views),
        field_values={key: (_hook(plugin, f"its shown value of {key}", show),
                            _hook(plugin, f"its wire value of {key}", back))
                      for key, (show, back) in shown.field_values.items()})


def _made(plugin: str, hook: str, made: Any, base: type[_T]) -> _T:
    if not isinstance(made, base):
        raise PluginError(f"protocol plug-in {plugin}: {hook} gave {type(made).__name__}, "
                          f"not a {base.__module__}.{base.__name__}")
    return made


def guarded(protocol: Protocol, plugin: str) -> Protocol:
    """``protocol`` with its hooks wrapped; ``plugin`` names it in every message (its
    entry point and object, e.g. ``my-game (my_game:PROTOCOL)``)."""
    make_decoder = _hook(plugin, "make_decoder", protocol.make_decoder)
    make_tracker = _hook(plugin, "make_tracker", protocol.make_tracker)

    def decoder(**options: Any) -> Decoder:
        return _guard_decoder(plugin, _made(plugin, "make_decoder", make_decoder(**options),
                                            Decoder))

    def tracker(**options: Any) -> Tracker:
        return _guard_tracker(plugin, _made(plugin, "make_tracker", make_tracker(**options),
                                            Tracker))

    changes: dict[str, Any] = {"make_decoder": decoder, "make_tracker": tracker}
    for name in ("make_encoder", "make_tables", "packet_names", "export_items", "generate"):
        function = getattr(protocol, name)
        if function is not None:
            changes[name] = _hook(plugin, name, function)
    changes["presentation"] = _guard_presentation(plugin, protocol.presentation)
    if protocol.wireshark is not None and protocol.wireshark.data is not None:
        changes["wireshark"] = dataclasses.replace(protocol.wireshark, data=_hook(
            plugin, "its Wireshark data", protocol.wireshark.data))
    return dataclasses.replace(protocol, **changes)
