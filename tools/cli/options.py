"""Options the commands share, and the checks of their values (a bad one is a usage error,
exit 2): the capture, the protocol and its own options, limits, output formats."""
from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar

from wirestruct.adhoc import TRANSPORTS as ADHOC_TRANSPORTS
from wirestruct.captures import FORMATS
from wirestruct.core.errors import UsageError
from wirestruct.core.events import PacketEvent
from wirestruct.core.limits import Limits
from wirestruct.output import catalog, summary_rules
from wirestruct.output.formats import FORMATS as OUTPUT_FORMATS
from wirestruct.output.formats import QUOTES, OutputOptions
from wirestruct.plugin import registry
from wirestruct.plugin.protocol import Option, Protocol
from wirestruct.plugin.registry import protocol_names, protocols

_A = TypeVar("_A", bound=argparse.Action)


class Parser(argparse.ArgumentParser):
    """argparse with the mistakes people make answered: a misspelled option or choice gets
    the close matches suggested, under the usage of the command it was given to."""

    def error(self, message: str) -> NoReturn:
        match = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if match is not None:
            choices = [c.strip(" '") for c in match.group(2).split(",")]
            message += _suggestion(match.group(1), choices)
        super().error(message)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """argparse's, then ``-r FILE`` (tshark's way to name the capture) taken as the
        capture: one of the two is needed, not both."""
        found, extra = super().parse_known_args(args, namespace)
        if any(action.dest == "read_file" for action in self._actions):
            given, read = getattr(found, "capture", None), getattr(found, "read_file", None)
            if given is not None and read is not None:
                self.error(f"the capture is given twice: {given} and -r {read}")
            if given is None and read is None:
                self.error("the following arguments are required: capture (or -r FILE, "
                           "as tshark takes it)")
            if given is None:
                found.capture = read
        return found, extra

    def _add_action(self, action: _A) -> _A:
        """A command's own option takes the place of a third-party plug-in's option added
        before it with the same flag or setting (the plug-in's is left out, warned about)."""
        if getattr(action, "plugin", None) is None:
            for other in [a for a in self._actions if getattr(a, "plugin", None) is not None]:
                flags = set(other.option_strings) & set(action.option_strings)
                if flags or other.dest == action.dest:
                    self._remove_action(other)
                    for flag in other.option_strings:
                        self._option_string_actions.pop(flag, None)
                    _left_out(self, other.plugin, other.option_strings[0],  # type: ignore[attr-defined]
                              f"the flag {min(flags)}" if flags else f"the setting {other.dest}")
        return super()._add_action(action)

    def unknown(self, extra: list[str]) -> NoReturn:
        """Arguments this command does not take, with the options they may have meant."""
        known = [o for action in self._actions for o in action.option_strings]
        flags = [e.split("=")[0] for e in extra if e.startswith("-")]
        hint = "".join(_suggestion(flag, known) for flag in flags[:1])
        self.error(f"unrecognized arguments: {' '.join(extra)}{hint}")


def _suggestion(given: str, known: list[str]) -> str:
    close = difflib.get_close_matches(given, known, n=2, cutoff=0.75)
    return f"; did you mean {' or '.join(close)}?" if close else ""


CAPTURE_HELP = ("capture file, or - for standard input: JSON Lines, pcap, pcapng or .wscap, "
                "plain or gzip/xz/zstd-compressed (recognised by content, not name)")


# -- values ------------------------------------------------------------------------------------
def count(text: str) -> int:
    """A packet index or count: a whole number, 0 or more."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative (packets count from 0)")
    return value


def endpoint(text: str) -> str:
    """``PORT`` or ``HOST:PORT`` (``[V6ADDR]:PORT``), the port 1..65535."""
    host, sep, port = text.rpartition(":")
    if sep and not host:
        raise argparse.ArgumentTypeError(f"{text!r}: the host before ':' is empty")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not [HOST:]PORT with a port 1..65535 (e.g. 4000 or 10.0.0.2:4000)")
    return text


def jobs(text: str) -> int:
    """A number of processes, or ``auto`` (0: :func:`wirestruct.parallel.auto_jobs`)."""
    if text == "auto":
        return 0
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of processes (1 or more) or auto")
    return int(text)


def _option_value(option: Option) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            return option.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    parse.__name__ = option.name
    return parse


# -- adding options --------------------------------------------------------------------------
def add_protocol(p: argparse.ArgumentParser, *, required: bool = False,
                 detected: bool = True) -> None:
    """``--protocol``, or a protocol from specs: ``--ksy`` with ``--transport`` (one of the
    two is needed when ``required``; :func:`wirestruct.tools.cli.run.settle_protocol`)."""
    hint = ("; when omitted, it is detected by decoding the first records with each "
            "protocol (a .wscap names its own)") if detected else ""
    p.add_argument("--protocol", "-p", metavar="NAME",
                   help=f"the game protocol: {', '.join(protocol_names())}{hint}"
                        + ("; or --ksy" if required else ""))
    p.add_argument("--ksy", action="append", metavar="SPEC.ksy|DIR",
                   help="instead of --protocol: a protocol from its spec, whose top-level "
                        "type is one packet (repeat for the specs it imports, or name their "
                        "folder); compiled with the pinned Kaitai Struct compiler (Node.js; "
                        "from an installed wheel, `wirestruct compiler install` first) and "
                        "cached by content")
    p.add_argument("--transport", choices=tuple(ADHOC_TRANSPORTS),
                   help="with --ksy: what carries one packet: tcp (one after another in each "
                        "direction of each TCP stream), udp (a datagram), messages (a record "
                        "of a JSON Lines capture), ws (a WebSocket message)")
    p.set_defaults(protocol_required=required)


def add_protocol_options(p: argparse.ArgumentParser, command: str) -> None:
    """The options every installed protocol adds to ``command`` (each says whose). A
    third-party plug-in's option that would take a flag or a setting already there is
    left out, with a warning naming it (the command and the other protocols stay as
    they are)."""
    for protocol in protocols():
        for option in protocol.options:
            if command not in option.commands:
                continue
            own = registry.is_own(protocol)
            if not own:
                taken = _taken(p, option.flag, option.name)
                if taken:
                    _left_out(p, protocol, option.flag, taken)
                    continue
            # an output option's value is the name given, as it is
            action = p.add_argument(option.flag, dest=option.name, metavar=option.metavar,
                                    type=str if option.output else _option_value(option),
                                    help=f"{protocol.name}: {option.help}")
            if not own:
                action.plugin = protocol   # type: ignore[attr-defined] # a later own one wins


def _taken(p: argparse.ArgumentParser, flag: str, dest: str) -> str | None:
    """What of the command's options a plug-in's ``flag`` and setting ``dest`` would take."""
    if not (isinstance(flag, str) and flag.startswith("--") and dest.isidentifier()):
        return f"a malformed name ({flag!r}, {dest!r})"
    for action in p._actions:
        if flag in action.option_strings:
            return f"the flag {flag}"
        if action.dest == dest:
            return f"the setting {dest} ({'/'.join(action.option_strings) or 'argument'})"
    return None


def _left_out(p: argparse.ArgumentParser, protocol: Protocol, flag: str, taken: str) -> None:
    registry.report(protocol, f"protocol plug-in {protocol.name}: its option {flag} takes "
                              f"{taken} of {p.prog}; the option is left out")


def add_capture(p: argparse.ArgumentParser, command: str, *,
                protocol_required: bool = False) -> None:
    p.add_argument("capture", nargs="?", help=CAPTURE_HELP)
    p.add_argument("-r", "--read-file", dest="read_file", metavar="FILE",
                   help="the capture, given as tshark takes it (instead of CAPTURE)")
    add_protocol(p, required=protocol_required)
    p.add_argument("--capture-format", choices=FORMATS,
                   help="read the capture as this format instead of detecting it")
    p.add_argument("--server", metavar="[HOST:]PORT", type=endpoint,
                   help="the game server's TCP/UDP endpoint in a pcap/pcapng capture, when "
                        "it cannot be inferred from the handshake or the protocol's ports")
    add_protocol_options(p, command)
    add_limits(p)


def add_follow(p: argparse.ArgumentParser) -> None:
    p.add_argument("--follow", "-f", action="store_true",
                   help="the capture is still being written: at its end, wait for more (like "
                        "tail -f) until interrupted with Ctrl-C, then print the summary")


def positive(text: str) -> int:
    """A number of packets to stop after: a whole number, 1 or more."""
    value = count(text)
    if value == 0:
        raise argparse.ArgumentTypeError("0: give 1 or more packets (leave -c out for all)")
    return value


def add_count(p: argparse.ArgumentParser) -> None:
    p.add_argument("-c", "--count", type=positive, metavar="N",
                   help="stop after N packets (top-level ones; like tshark -c)")


class Counter:
    """``-c N``: whether the run has reached its N top-level packets. tshark's ``-c N``
    shows N frames with every packet they carry; with ``whole``, the packets nested in
    the N-th (which follow it) are kept too: :meth:`done` waits for the event after, and
    :meth:`past` says that one is beyond the N packets. Without ``whole`` (live input,
    where the event after may take long to come), the run ends at the N-th packet."""

    def __init__(self, limit: int | None, *, whole: bool = False) -> None:
        self.limit = limit
        self.whole = whole
        self.seen = 0
        self.family: set[Any] = set()     #: the last top-level packet and those in it

    def done(self, event: Any) -> bool:
        if self.limit is None:
            return False
        if isinstance(event, PacketEvent) and event.parent is None:
            self.seen += 1
            self.family = {event.index}
        return self.seen >= self.limit and not self.whole

    def past(self, event: Any) -> bool:
        """Whether ``event`` comes after the N packets and what they hold."""
        if self.limit is None or self.seen < self.limit:
            return False
        if isinstance(event, PacketEvent) and event.parent in self.family:
            self.family.add(event.index)
            return False
        return True


def add_strict(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--strict", action="store_true", help=f"exit 1 if {what}")


def add_limits(p: argparse.ArgumentParser) -> None:
    p.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                   help="override a resource limit (repeatable; k/M/G suffixes are powers "
                        "of 1024); the limits are listed below")
    p.add_argument("--max-decompressed", metavar="BYTES",
                   help="the same as --limit max_decompressed=BYTES")
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = limits_help()


def add_output(p: argparse.ArgumentParser, *, default: str | None) -> None:
    """The output options of ``decode`` and ``show`` (``default`` None: ``summary`` on a
    terminal, ``jsonl`` otherwise)."""
    p.add_argument("--format", "-T", choices=OUTPUT_FORMATS, default=default,
                   help="summary: a line per packet; tree: fields with offsets and a hex "
                        "dump; jsonl: JSON Lines; fields: the -e columns, tab-separated; "
                        "json, ek: tshark -T json's array and -T ek's Elasticsearch bulk "
                        "lines (default: " + (default or "summary on a terminal, else jsonl")
                        + ")")
    p.add_argument("-V", dest="details", action="store_true",
                   help="the field tree of each packet, as tshark -V (--format tree "
                        "without the hex dump; with -x, both)")
    p.add_argument("-x", dest="hexdump", action="store_true",
                   help="the hex dump of each packet, as tshark -x (alone: only the dump; "
                        "with -V, both)")
    p.add_argument("-E", dest="field_options", action="append", default=[],
                   metavar="header=y|n|separator=/t|/s|C|quote=d|s|n",
                   help="--format fields as tshark -E sets it: a header row naming the "
                        "columns, the separator (/t tab, /s space, or one character), "
                        "values quoted with double or single quotes (repeatable)")
    p.add_argument("-e", "--field", dest="fields", action="append", default=[], metavar="NAME",
                   help="a column of --format fields (repeatable): an event key (index, t, "
                        "dir, name ...) or a dotted path into the packet's fields, e.g. "
                        "body.tick")
    p.add_argument("--only", metavar="NAME,...",
                   help="keep only packets with these names (error events are always kept)")
    p.add_argument("--raw", action="store_true",
                   help="the parse as the specs define it: wire encodings, jump tables and "
                        "UUID bytes as read, bytes as plain hex")
    p.add_argument("--big-ints", choices=("number", "string"), default="number",
                   help="string: integers beyond 2^53 as strings, for JavaScript and jq 1.6")


def examples(p: argparse.ArgumentParser, command: str, *lines: str) -> None:
    """Put examples at the top of the command's epilog (above the limits, if any): the
    command's own lines, then those every protocol gives for it."""
    found = list(lines)
    for protocol in protocols():
        found.extend(protocol.examples.get(command, ()))
    if not found:
        return
    text = "examples:\n" + "\n".join(f"  {line}" for line in found)
    p.epilog = text + ("\n\n" + p.epilog if p.epilog else "")
    p.formatter_class = argparse.RawDescriptionHelpFormatter


# -- reading them back -----------------------------------------------------------------------
def _size_text(value: int) -> str:
    for suffix, unit in (("G", 1 << 30), ("M", 1 << 20), ("k", 1 << 10)):
        if value >= unit and value % unit == 0:
            return f"{value // unit}{suffix}"
    return str(value)


def limits_help() -> str:
    """One line per limit: its name, default and what it caps."""
    defaults = Limits()
    rows = [(f"{name}={_size_text(getattr(defaults, name))}", doc)
            for name, doc in Limits.names().items()]
    width = max(len(left) for left, _ in rows)
    return "limits (--limit NAME=VALUE; defaults shown):\n" + "\n".join(
        f"  {left:<{width}}  {doc}" for left, doc in rows)


def limits(args: argparse.Namespace) -> Limits:
    """The limits of this run: the defaults with --max-decompressed and --limit applied."""
    assignments = list(getattr(args, "limit", None) or [])
    if getattr(args, "max_decompressed", None) is not None:
        assignments.insert(0, f"max_decompressed={args.max_decompressed}")
    try:
        return Limits().with_overrides(assignments)
    except ValueError as exc:
        message = str(exc)
        if "known:" not in message:
            message += "; known: " + ", ".join(sorted(Limits.names()))
        raise UsageError(message) from None


def protocol_options(args: argparse.Namespace, protocol: Protocol) -> dict[str, Any]:
    """The protocol's settings given on the command line (keywords of its factories); an
    option of another protocol is a usage error naming it."""
    given: dict[str, Any] = {}
    for other in protocols():
        for option in other.options:
            value = getattr(args, option.name, None)
            if value is None:
                continue
            if other.name != protocol.name:
                raise UsageError(f"{option.flag} is an option of {other.name}, and this "
                                 f"capture is {protocol.name}")
            if not option.output:
                given[option.name] = value
    return given


def output_options(args: argparse.Namespace, protocol: Protocol | None = None, *,
                   tty: bool) -> OutputOptions:
    details, dump = getattr(args, "details", False), getattr(args, "hexdump", False)
    fmt = args.format
    if details or dump:
        if fmt not in (None, "tree"):
            raise UsageError(f"-V and -x print the tree and hex dump; --format {fmt} "
                             "prints something else", expected="one of them")
        fmt = "tree"
    fmt = fmt or ("summary" if tty else "jsonl")
    if args.fields and fmt != "fields":
        if args.format is None:
            fmt = "fields"
        else:
            raise UsageError("-e NAME is for --format fields")
    tshark_e = field_options(getattr(args, "field_options", None) or [])
    if tshark_e and fmt != "fields":
        raise UsageError("-E is for --format fields (-T fields -e NAME ...)")
    only = frozenset(n.strip() for n in args.only.split(",") if n.strip()) if args.only else None
    info = summaries(protocol) if protocol is not None else {}
    if protocol is not None:
        _check_names(protocol, only, tuple(args.fields) if fmt == "fields" else ())
    layer = protocol.name.replace("-", "_") if protocol is not None else "wirestruct"
    if protocol is not None and protocol.wireshark is not None:
        layer = protocol.wireshark.proto
    tree: dict[str, Any] = {} if not (details or dump) else {
        "details": details or not dump, "hexdump": dump or not details}
    return OutputOptions(format=fmt, raw=args.raw, big_ints=args.big_ints, only=only,
                         fields=tuple(args.fields), info=info, layer=layer, **tshark_e,
                         **tree)


def summaries(protocol: Protocol) -> Mapping[str, Any]:
    """The protocol's summary rules; a third-party plug-in's that do not check
    (:func:`wirestruct.output.summary_rules.check`) are warned about once and the generic
    summary is used instead."""
    rules = protocol.presentation.summaries
    if registry.is_own(protocol):
        return rules
    try:
        wrong = summary_rules.check(rules)
    except Exception as exc:  # noqa: BLE001 - a plug-in's rules that are not a description
        wrong = [f"{type(exc).__name__}: {exc}"]
    if wrong:
        registry.report(protocol, f"protocol plug-in {protocol.name}: its summaries do not "
                                  f"check ({'; '.join(wrong[:3])}); the generic summary is "
                                  "used")
        return {}
    return rules


#: tshark's -E separator= words
_SEPARATORS = {"/t": "\t", "/s": " "}


def field_options(given: list[str]) -> dict[str, Any]:
    """tshark's ``-E`` settings of ``-T fields``: ``header=y|n``, ``separator=/t|/s|C``,
    ``quote=d|s|n``, as OutputOptions' keywords; anything else is a usage error."""
    found: dict[str, Any] = {}
    for item in given:
        key, sep, value = item.partition("=")
        if key == "header" and value in ("y", "n"):
            found["header"] = value == "y"
        elif key == "separator" and (value in _SEPARATORS or len(value) == 1):
            found["separator"] = _SEPARATORS.get(value, value)
        elif key == "quote" and value in QUOTES:
            found["quote"] = QUOTES[value]
        else:
            raise UsageError(f"-E {item}: not one of tshark's -E settings wirestruct takes",
                             expected="header=y|n, separator=/t|/s|C (one character) or "
                                      "quote=d|s|n")
    return found


def packet_names(args: argparse.Namespace, protocol: Protocol) -> frozenset[str] | None:
    """``--only``'s names (None: every packet), each one of the protocol's."""
    only = frozenset(n.strip() for n in args.only.split(",") if n.strip()) if args.only else None
    _check_names(protocol, only, ())
    return only


def _check_names(protocol: Protocol, only: frozenset[str] | None, fields: tuple[str, ...]
                 ) -> None:
    """``--only`` names the protocol's packets and ``-e`` paths its events have (what
    ``wirestruct fields`` lists); anything else is a usage error with close matches."""
    for name in sorted(only or ()):
        if not catalog.is_packet_name(protocol, name):
            raise UsageError(f"--only {name}: no {protocol.name} packet is named so"
                             + _did_you_mean(catalog.close_names(protocol, name)),
                             expected=f"packet names as `wirestruct fields -p {protocol.name}` "
                                      "lists them")
    for path in fields:
        if not catalog.known_path(protocol, path, only):
            close = catalog.close_paths(protocol, path)
            raise UsageError(f"-e {path}: no {protocol.name} packet"
                             + (f" named {', '.join(sorted(only))}" if only else "")
                             + " has this field" + _did_you_mean(close),
                             expected=f"an event key or a field path as `wirestruct fields -p "
                                      f"{protocol.name}` lists them")


def _did_you_mean(close: list[str]) -> str:
    return f"; did you mean {' or '.join(close)}?" if close else ""
