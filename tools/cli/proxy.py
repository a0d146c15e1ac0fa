"""``wirestruct proxy``: a man-in-the-middle proxy that shows every packet live, records
the session and lets a hook pass, drop, edit or inject packets."""
from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import queue
import signal
import sys
import threading
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from wirestruct.core.errors import EXIT_INTERRUPTED, EXIT_TERMINATED, UsageError
from wirestruct.core.events import ErrorEvent, Event
from wirestruct.plugin.registry import get_protocol
from wirestruct.proxy.hooks import Hook
from wirestruct.proxy.record import Recorder, carrier_of, record_format
from wirestruct.tools.cli import options
from wirestruct.tools.cli.outputs import new_file


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("proxy", help="relay a game's connections, decoding them live",
                       description="Listen for game clients and relay each to the upstream "
                                   "server, printing every packet as decode prints it (stdout) "
                                   "as it passes; optionally record the session and run a hook "
                                   "that may drop, edit or inject packets.")
    p.add_argument("--listen", required=True, type=_listen, metavar="[HOST:]PORT",
                   help="where clients connect (HOST defaults to 127.0.0.1); the address "
                        "is named on stderr once it listens")
    p.add_argument("--upstream", required=True, type=options.endpoint, metavar="HOST:PORT",
                   help="the game server to relay to")
    options.add_protocol(p, required=True, detected=False)
    p.add_argument("--ws", action="store_true",
                   help="speak WebSocket on both sides (each binary message one packet; "
                        "text messages, pings and closes passed on)")
    p.add_argument("--record", metavar="FILE.pcapng|FILE.jsonl",
                   help="write what was forwarded as a capture that decode reads back: a "
                        "pcapng with each connection between its real endpoints, or JSON "
                        "Lines")
    p.add_argument("--hook", metavar="MODULE:FUNCTION",
                   help="a Python function called with every packet, connect and disconnect "
                        "(wirestruct.proxy.hooks); MODULE is importable or a .py file")
    options.add_protocol_options(p, "proxy")
    options.add_limits(p)
    options.add_output(p, default=None)
    options.examples(p, "proxy",
                     "wirestruct proxy --listen 4000 --upstream game.example:4000 --ksy "
                     "my_game.ksy --transport tcp --record session.pcapng --hook hook.py:hook")
    p.set_defaults(func=run, capture="-", server=None)


def load_hook(text: str) -> Hook:
    """``MODULE:FUNCTION`` (MODULE a dotted name or a ``.py`` file) as a callable."""
    module_name, sep, name = text.rpartition(":")
    if not sep or not module_name or not name:
        raise UsageError(f"--hook {text}", expected="MODULE:FUNCTION, e.g. myhook.py:hook")
    try:
        if module_name.endswith(".py"):
            path = Path(module_name)
            spec = importlib.util.spec_from_file_location(path.stem, path)
            if spec is None or spec.loader is None or not path.is_file():
                raise UsageError(f"--hook {text}: no file {module_name}",
                                 expected="a Python file")
            module: Any = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
    except UsageError:
        raise
    except Exception as exc:  # noqa: BLE001 - the hook's own failure, named
        raise UsageError(f"--hook {text}: {module_name} does not load: "
                         f"{type(exc).__name__}: {exc}") from None
    hook = getattr(module, name, None)
    if not callable(hook):
        raise UsageError(f"--hook {text}: {module_name} has no function {name}")
    return hook


def _listen(text: str) -> str:
    """``options.endpoint``, or port 0: any free port (named on stderr)."""
    host, sep, port = text.rpartition(":")
    return text if port == "0" and (host or not sep) else options.endpoint(text)


def _address(text: str, default_host: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    return (host.strip("[]") or default_host), int(port)


def run(args: argparse.Namespace) -> int:
    from wirestruct.output import formats
    from wirestruct.tools import proxy as edge

    protocol = get_protocol(args.protocol)
    if protocol.transport == "message" and not args.ws:
        raise UsageError(f"{protocol.name} is a message protocol: each packet is a message "
                         "of its carrier", expected="--ws (its packets as WebSocket messages)")
    limits = options.limits(args)
    chosen = options.output_options(args, protocol, tty=sys.stdout.isatty())
    printer = _Printer(formats.binary_stdout())
    out = formats.EventWriter(printer, chosen)
    hook = load_hook(args.hook) if args.hook else None
    if args.ws:
        _need_wsproto()
    fmt = record_format(args.record) if args.record else None
    config = edge.ProxyConfig(protocol, _address(args.listen, "127.0.0.1"),
                              _address(args.upstream, "127.0.0.1"), websocket=args.ws,
                              hook=hook, limits=limits,
                              options=options.protocol_options(args, protocol))
    kinds: dict[str, list[Any]] = {}        # error kind -> [count, the first]

    def emit(events: list[Event]) -> None:
        for event in events:
            if isinstance(event, ErrorEvent):
                kinds.setdefault(event.error.kind, [0, event.error])[0] += 1
            out.write(event)

    with ExitStack() as stack:
        recorder = None
        if fmt is not None:
            recorder = Recorder(stack.enter_context(new_file(args.record)), fmt,
                                carrier=carrier_of(protocol.transport, protocol.carrier))
        proxy = edge.Proxy(config, emit, recorder)
        with out.recording():
            how = asyncio.run(edge.serve(proxy, lambda a: edge.print_ready(a, config.upstream)))
        if recorder is not None:
            recorder.close()
    out.close()
    printer.close()
    tally = proxy.tally
    recorded = f", {recorder.count} records in {args.record}" if recorder is not None else ""
    refused = f", {tally.refused} refused" if tally.refused else ""
    print(f"wirestruct: proxy {how}: {tally.connections} connections{refused}, "
          f"{tally.packets} packets, {tally.errors} errors{recorded}", file=sys.stderr)
    for kind, (count, first) in sorted(kinds.items(), key=lambda kv: -kv[1][0]):
        print(f"  {count} {kind}; the first: {first}", file=sys.stderr)
    return EXIT_TERMINATED if how == "terminated" else EXIT_INTERRUPTED


class _Printer:
    """stdout written by a thread of its own, so a reader that is slow to take the
    output never stops the relaying (past :data:`PRINT_QUEUE` chunks waiting, the relay
    does wait: nothing printed is dropped)."""

    def __init__(self, out: Any) -> None:
        self.out = out
        self.queue: queue.Queue[bytes | None] = queue.Queue(PRINT_QUEUE)
        self.failed: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="wirestruct-print", daemon=True)
        self.thread.start()

    def write(self, data: bytes) -> None:
        if self.failed is None:
            self.queue.put(data)

    def flush(self) -> None:
        """Written as the thread gets to it."""

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join()
        if self.failed is not None:
            raise self.failed

    def _run(self) -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        get, out = self.queue.get, self.out
        while True:
            data = get()
            if data is None:
                break
            try:
                out.write(data)
                if self.queue.empty():
                    out.flush()
            except (OSError, ValueError) as exc:     # the reader went away
                self.failed = exc
                break
        try:
            out.flush()
        except (OSError, ValueError):
            pass


#: Chunks of output the printing thread may have waiting.
PRINT_QUEUE = 4096


def _need_wsproto() -> None:
    try:
        import wsproto  # noqa: F401
    except ImportError:
        raise UsageError("--ws needs the wsproto package",
                         expected="pip install 'wirestruct[proxy]'") from None
