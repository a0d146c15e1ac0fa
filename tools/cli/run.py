"""What the commands that read a capture share: opening it, settling its protocol, the
events of a run and the summary printed on stderr at its end."""
from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Iterator
from typing import Any, TextIO

from wirestruct.captures import Capture, open_capture
from wirestruct.core.errors import EXIT_FAILED, EXIT_OK, StateError, UsageError
from wirestruct.core.events import ErrorEvent, Event
from wirestruct.core.session import decode_records, track
from wirestruct.core.tracker import Tracker
from wirestruct.detect import DETECT_BYTES, detect_protocol, looks_unknown
from wirestruct.plugin.protocol import Protocol
from wirestruct.plugin.registry import PluginWarning, get_protocol, protocols
from wirestruct.tools import adhoc, progress, signals
from wirestruct.tools.cli.options import limits, protocol_options

_showing = False


def show_plugin_warnings() -> None:
    """Print a plug-in left out (:class:`~wirestruct.plugin.registry.PluginWarning`) as one
    line on stderr, ``wirestruct: warning: ...``; other warnings as Python shows them."""
    global _showing
    if _showing:
        return
    _showing = True
    shown = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        if issubclass(category, PluginWarning):
            print(f"wirestruct: warning: {message}", file=sys.stderr)
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show


def settle_protocol(args: argparse.Namespace) -> None:
    """A command's ``--ksy`` specs compiled into the protocol of this run (named in
    ``args.protocol`` from then on, and made again in the processes the run starts);
    ``--protocol`` and ``--ksy``
    are one or the other, ``--transport`` goes with ``--ksy``, and a command that needs a
    protocol has one of them (a usage error otherwise)."""
    if not hasattr(args, "transport"):      # a command without a protocol (or regen's --ksy)
        return
    given, transport = args.ksy, args.transport
    if given and args.protocol:
        raise UsageError(f"--protocol {args.protocol} and --ksy: give one of them")
    if transport and not given:
        raise UsageError(f"--transport {transport} is for a protocol given by its spec",
                         expected="--ksy SPEC.ksy with it")
    if given and not transport:
        raise UsageError("--ksy needs --transport: what carries one packet of the spec",
                         expected="--transport tcp, udp, messages or ws")
    if not given:
        if getattr(args, "protocol_required", False) and not args.protocol:
            raise UsageError(f"wirestruct {args.command}: the protocol is needed",
                             expected="--protocol NAME, or --ksy SPEC.ksy --transport T")
        return
    args.protocol = adhoc.protocol(given, transport, getattr(args, "server", None)).name


def open_given(args: argparse.Namespace) -> Capture:
    """The capture the command line names (no protocol needed to open it)."""
    return open_capture(args.capture, format=args.capture_format, server=args.server,
                        limits=limits(args), follow=getattr(args, "follow", False))


def resolve(args: argparse.Namespace) -> tuple[Capture, Protocol]:
    """Open the capture and settle its protocol: --protocol, the container header, or
    detection on the first records (named on stderr). The capture is read only once, so
    standard input works too; its records are then read as the protocol says."""
    protocol = get_protocol(args.protocol) if args.protocol else None
    capture = open_given(args)
    try:
        if protocol is None:
            protocol = _detected(args, capture)
        protocol_options(args, protocol)          # an option of another protocol: usage
    except BaseException:
        capture.close()
        raise
    return capture, protocol


def _detected(args: argparse.Namespace, capture: Capture) -> Protocol:
    max_bytes = DETECT_BYTES
    if getattr(args, "follow", False):   # try what the file holds now; do not wait for more
        max_bytes = min(max_bytes, os.path.getsize(args.capture)) or max_bytes
    given: dict[str, Any] = {option.name: getattr(args, option.name, None)
             for other in protocols() for option in other.options if not option.output}
    name, trials = detect_protocol(capture, max_bytes=max_bytes, **given)
    if trials:
        others = "; ".join(str(t) for t in trials[1:])
        print(f"wirestruct: protocol {name} (detected from the first records: "
              f"{trials[0]}; {others}; pass --protocol to choose)", file=sys.stderr)
    return get_protocol(name)


def events(capture: Capture, protocol: Protocol, args: argparse.Namespace,
           tracker: Tracker | None = None) -> Iterator[Event]:
    """The events of the run: the capture's records (with progress on stderr) decoded,
    and tracked when a tracker is given."""
    records = progress.for_capture(capture).wrap(capture.records(protocol))
    decoder = protocol.decoder(limits=limits(args), **protocol_options(args, protocol))
    found = decode_records(records, decoder)
    return track(found, tracker) if tracker is not None else found


class Summary:
    """What a run decoded, for the closing lines on stderr: packets, unknown packets,
    and errors counted by kind with the first of each."""

    def __init__(self, protocol: Protocol, args: argparse.Namespace) -> None:
        self.protocol = protocol
        self.args = args
        self.packets = 0
        self.unknown = 0
        self.errors = 0
        self.state_errors = 0     #: of the errors, those of the tracked state (StateError)
        self.kinds: dict[str, list[Any]] = {}   # kind -> [count, first error]

    def add(self, event: Event) -> None:
        if isinstance(event, ErrorEvent):
            if event.error.where.file is None:    # every error names its capture file
                event.error.at(file="<stdin>" if self.args.capture == "-" else self.args.capture)
            self.errors += 1
            self.state_errors += isinstance(event.error, StateError)
            entry = self.kinds.setdefault(event.error.kind, [0, event.error])
            entry[0] += 1
        else:
            self.packets += 1
            self.unknown += looks_unknown(event)

    def lines(self, head: str, *, stopped: BaseException | None = None) -> list[str]:
        how = signals.word(stopped)
        lines = [f"wirestruct: {head}{f' ({how})' if how else ''}"]
        for kind, (count, first) in sorted(self.kinds.items(), key=lambda kv: -kv[1][0]):
            lines.append(f"  {count} {kind}; the first: {first}")
        total = self.packets + self.errors
        if self.nothing_decoded():
            lines.append(f"wirestruct: nothing in {self.name} decodes as {self.protocol.name}: "
                         f"{self.packets - self.unknown} of {total} packets, {self.unknown} "
                         f"unknown, {self.errors} errors; is this a "
                         f"{self.protocol.name} capture? {self.hint}")
        elif total >= 4 and (self.unknown + self.errors) * 2 > total:
            lines.append(f"wirestruct: warning: {self.unknown + self.errors} of {total} packets "
                         f"are unknown or failed as {self.protocol.name}: is this a "
                         f"{self.protocol.name} capture? {self.hint}")
        if self.args.server and not self.packets:
            lines.append(f"wirestruct: --server {self.args.server} matched no traffic in "
                         f"{self.name}")
        return lines

    def print(self, head: str, *, stopped: BaseException | None = None) -> None:
        for line in self.lines(head, stopped=stopped):
            print(line, file=sys.stderr)

    @property
    def hint(self) -> str:
        if getattr(self.args, "ksy", None):
            return "(is --transport what carries its packets, and --server its server?)"
        return "(without --protocol it is detected)"

    @property
    def name(self) -> str:
        return "<stdin>" if self.args.capture == "-" else self.args.capture

    def nothing_decoded(self) -> bool:
        """Events came, but hardly any is a packet of a type the protocol knows (fewer than
        one in ten): the wrong protocol, or no traffic of it (a capture with no records at
        all is not this)."""
        total = self.packets + self.errors
        return total > 0 and (self.packets - self.unknown) * 10 < total

    def status(self, strict: bool, stopped: BaseException | None = None) -> int:
        """The run's exit status: 130 interrupted, 143 terminated; 1 when nothing decoded
        or a --server matched nothing, or with --strict any error; else 0."""
        if stopped is not None:
            return signals.status(stopped)
        if self.nothing_decoded() or (self.args.server and not self.packets):
            return EXIT_FAILED
        return EXIT_FAILED if strict and self.errors else EXIT_OK
