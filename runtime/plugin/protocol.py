"""A protocol's plug-in: one object that describes everything the protocol brings.

A protocol is a package - one of wirestruct's own under ``wirestruct.protocols``, or anyone's
- that hands wirestruct one :class:`Protocol` through the ``wirestruct.protocols``
entry-point group (:mod:`wirestruct.plugin.registry`)::

    [project.entry-points."wirestruct.protocols"]
    my-game = "my_game_wirestruct:PROTOCOL"

The core asks this object for everything and never switches on a protocol's name:

* its specs (:class:`Specs`: the ``.ksy`` folder and the packages compiled from it);
* its decoder, tracker and encoder (factories taking ``limits=`` and the protocol's
  options as keywords; the bases are :class:`~wirestruct.core.decoder.Decoder`,
  :class:`~wirestruct.core.tracker.Tracker` and :class:`~wirestruct.core.encoder.Encoder`);
* how readable output shows its values and how they come back (:class:`Presentation`);
* its tables (:class:`Tables`: schemas and the rows of each packet);
* the command-line options it adds (:class:`Option`);
* the Web IDE export of a packet (:class:`ExportItem`) and its session generator;
* its Wireshark dissector (:class:`Wireshark`: names, the root spec, how captures reach
  it, the protocol's own piece of Lua), which :mod:`wirestruct.wireshark` builds.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from wirestruct.core.decoder import Decoder
from wirestruct.core.encoder import Encoder
from wirestruct.core.errors import UsageError
from wirestruct.core.events import PacketEvent
from wirestruct.core.limits import DEFAULT_LIMITS, Limits
from wirestruct.core.records import CaptureRecord
from wirestruct.core.resources import ksy_root
from wirestruct.core.tracker import Tracker
from wirestruct.plugin import spec_packets

#: The commands that decode a capture or a packet (and so take a protocol's options).
DECODING_COMMANDS = frozenset({"decode", "state", "export", "show", "encode", "batch",
                               "fields"})
TRANSPORTS = ("message", "stream")
#: What carries a message protocol's packets in a packet capture, when not UDP datagrams:
#: ``ws``, one packet a WebSocket message (:mod:`wirestruct.captures.flows.websocket`).
CARRIERS = ("ws",)
#: The parts of a protocol made by factories that take options.
PARTS = frozenset({"decoder", "tracker", "encoder", "tables"})
#: How captures reach a protocol's Wireshark dissector (:attr:`Wireshark.carrier`).
WIRESHARK_CARRIERS = ("tcp", "exported_pdu")
#: Wireshark heuristic tables a dissector can be tried from (:attr:`Wireshark.heuristics`).
WIRESHARK_HEURISTICS = ("tcp", "udp", "ws")


@dataclass(frozen=True)
class ExportItem:
    """One file of a Web IDE export: bytes and the spec (meta.id) that opens them."""

    label: str      #: short name for the file, e.g. "body" or "sub3"
    data: bytes
    spec: str       #: meta.id of the .ksy that opens it
    note: str = ""


@dataclass(frozen=True)
class Specs:
    """Where a protocol's specs are and the Python packages compiled from them."""

    folder: Path                    #: the ``.ksy`` files (Web IDE export, ``show --spec``)
    package: str                    #: read-only classes, e.g. ``wirestruct.generated.NAME``
    rw_package: str | None = None   #: read-write classes (``_write()``), for the encoder

    def packages(self) -> tuple[str, ...]:
        return (self.package,) if self.rw_package is None else (self.package, self.rw_package)

    @classmethod
    def of_folder(cls, folder: str) -> Specs:
        """The specs of one of wirestruct's own ``ksy/`` folders."""
        return cls(ksy_root() / folder, f"wirestruct.generated.{folder}",
                   f"wirestruct.generated_rw.{folder}")


@dataclass(frozen=True)
class Option:
    """A command-line option a protocol adds. Its value reaches the protocol's factories
    (decoder, tracker, encoder, tables) as the keyword ``name``; an option given for a
    capture of another protocol is a usage error."""

    name: str                       #: keyword, e.g. ``build``
    flag: str                       #: e.g. ``--game-build``
    help: str
    metavar: str = "VALUE"
    #: checks and converts the text given; raises ValueError saying what is wrong
    parse: Callable[[str], Any] = str
    commands: frozenset[str] = DECODING_COMMANDS
    #: the factories the value is given to (``decoder``, ``tracker``, ``encoder``, ``tables``)
    parts: frozenset[str] = PARTS
    #: the value names a file the command writes (``state``: the tracker's
    #: :meth:`~wirestruct.core.tracker.Tracker.write_output`)
    output: bool = False


@dataclass(frozen=True)
class Presentation:
    """How readable output shows the protocol's values, and how they come back.

    Generated classes are keyed ``module:Qual.Name`` (the module without its package;
    ``*:Qual.Name`` matches any module, for specs rendered per game build)."""

    #: class -> ``(obj, field) -> value``: a wire encoding shown as the value it encodes
    value_of: Mapping[str, Callable[[Any, str | None], Any]] = field(default_factory=dict)
    #: class -> ``obj -> value``: the classes of ``value_of`` shown as one instance alone
    value_instance: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    #: class -> ``(value, params, field) -> wire fields``: the inverse of ``value_of``
    value_from: Mapping[str, Callable[[Any, tuple[Any, ...], str | None], dict[str, Any]]] = \
        field(default_factory=dict)
    #: classes of ``value_from`` whose readable value may itself be a JSON object (a
    #: structured value such as a script value): their ``value_from`` is given objects
    #: too, and returns the wire fields it is given as they are
    object_values: frozenset[str] = frozenset()
    #: classes left out of readable output (the field holding one is omitted)
    hidden_classes: frozenset[str] = frozenset()
    #: field names left out of readable output (wire bookkeeping)
    hidden_fields: frozenset[str] = frozenset()
    #: ``module:Qual.Name.field`` -> ``(show, back)``: one field whose wire form is not the
    #: value it holds (a UUID read as 16 bit fields): ``show(wire) -> value`` for readable
    #: output, ``back(value) -> wire`` for the encoder
    field_values: Mapping[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = \
        field(default_factory=dict)
    #: field names left out of readable output while their value is zero (0, false, or a
    #: list of those: padding bits); the encoder writes zeros when they are left out
    zero_fields: frozenset[str] = frozenset()
    #: the instance that marks a table's closing entry (left out of readable lists)
    end_marker: str | None = None
    #: runtime objects (by class) shown as a dict of still unconverted values
    object_views: Mapping[type, Callable[[Any], dict[str, Any]]] = field(default_factory=dict)
    #: packet name -> the template of its info column, in ``--format summary`` and in the
    #: Wireshark dissector's Info column (:mod:`wirestruct.output.summary_rules`; a packet
    #: without one gets the generic summary, its first scalar fields)
    summaries: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Tables:
    """The protocol's own tables (``packets`` and ``captures`` are every protocol's)."""

    #: table name -> ``pyarrow.Schema`` of its columns after ``capture``
    schemas: Mapping[str, Any]
    #: ``(**options) -> rows``: ``rows(event)`` yields ``(table, values)``,
    #: ``rows.final(snapshot)`` gives ``(tick, objects)`` after the last packet
    rows: Callable[..., Any]


@dataclass(frozen=True)
class Wireshark:
    """A protocol's Wireshark and tshark dissector, which :mod:`wirestruct.wireshark`
    builds from the protocol's specs: every field of every spec a filterable field named
    ``<proto>.<type>.<field>``, packets parsed by the generated Lua on wirestruct's Lua
    runtime. This object says what the specs cannot.

    How captures reach the dissector (``carrier``):

    * ``"exported_pdu"``: one packet a frame of Wireshark's exported PDUs naming the
      dissector ``proto`` - what ``wirestruct convert --to pcapng`` writes for a message
      protocol, so Wireshark calls the dissector directly;
    * ``"tcp"``: a stream over TCP, reassembled by Wireshark and framed by the piece's
      ``pdu_length`` (``header_size`` bytes of header), on the protocol's
      ``default_ports`` and the port of the ``<proto>.tcp_port`` preference.

    ``heuristics`` names Wireshark heuristic tables (``"tcp"``: the start of any TCP
    connection; ``"ws"``: WebSocket messages; ``"udp"``) where the piece's ``heuristic``
    (by default: the packet parses with the root spec) claims packets.

    ``piece`` is the protocol's own Lua (a file returning a table of hooks, see
    ``wirestruct/wireshark/lua/dissector.lua``): how a packet is named, checks before the
    spec runs, expansions (decompressed bodies, state across packets); ``data`` gives the
    tables it reads (``p.data``), made from the protocol's Python when the plugin is built.
    Wrapper types the readable output shows as one value (``Presentation.value_instance``)
    are one item, and hidden classes and fields are left out, as the readable output has it.
    """

    proto: str                      #: Wireshark's protocol name and filter prefix, e.g. ``my_game``
    title: str                      #: the name in Wireshark's protocol list
    short: str                      #: the Protocol column
    root_spec: str                  #: the spec (``meta.id``) a packet is parsed with
    carrier: str = "exported_pdu"
    heuristics: tuple[str, ...] = ()
    header_size: int = 0            #: bytes ``pdu_length`` needs (``carrier="tcp"``)
    #: bytes a packet's spec leaves unread are an error (as the decoder's check has it)
    whole: bool = True
    piece: Path | None = None       #: the protocol's Lua piece; None: the generic dissector
    data: Callable[[], Mapping[str, Any]] | None = None
    #: wrapper types the Info column shows as one of their fields (``spec:Class`` -> field),
    #: where the summary computes the value (``Presentation.value_of``) from that field
    values: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.carrier not in WIRESHARK_CARRIERS:
            raise ValueError(f"Wireshark dissector {self.proto}: carrier must be one of "
                             f"{WIRESHARK_CARRIERS}, not {self.carrier!r}")
        unknown = sorted(set(self.heuristics) - set(WIRESHARK_HEURISTICS))
        if unknown:
            raise ValueError(f"Wireshark dissector {self.proto}: no heuristic table "
                             f"{', '.join(unknown)}; known: {', '.join(WIRESHARK_HEURISTICS)}")
        if not self.proto or not all(c.islower() or c.isdigit() or c == "_"
                                     for c in self.proto) or not self.proto[0].isalpha():
            raise ValueError(f"Wireshark protocol name {self.proto!r}: lower-case letters, "
                             "digits and _, starting with a letter")


@dataclass(frozen=True)
class Protocol:
    """A protocol's plug-in: everything wirestruct needs to decode, track, show, encode,
    tabulate and export it."""

    name: str                       #: command-line name, e.g. ``my-game``
    title: str
    transport: str                  #: ``message`` (a record is a packet) or ``stream``
    specs: Specs
    make_decoder: Callable[..., Decoder]        #: ``(limits=..., **options)``
    make_tracker: Callable[..., Tracker]        #: ``(limits=..., **options)``
    make_encoder: Callable[..., Encoder] | None = None
    presentation: Presentation = field(default_factory=Presentation)
    #: the tables, loaded when first asked for (pyarrow is not needed to decode)
    make_tables: Callable[[], Tables] | None = None
    options: tuple[Option, ...] = ()
    #: the names its packet events can have, for ``--only``, ``-e`` and ``wirestruct
    #: fields`` (``unknown_<n>`` is always one). Left out, they are read from the specs:
    #: the enum the root spec's top-level ``switch-on`` routes on
    #: (:mod:`wirestruct.plugin.spec_packets`); a protocol whose packets the specs do not
    #: name so gives its own.
    packet_names: Callable[[], frozenset[str]] | None = None
    export_items: Callable[[PacketEvent], list[ExportItem]] | None = None
    #: ``(seed, length=None) -> records``: a whole generated session (``length``: ticks
    #: or rounds, None for the protocol's default)
    generate: Callable[..., Iterator[CaptureRecord]] | None = None
    default_ports: tuple[int, ...] = ()         #: server TCP/UDP ports, to infer direction
    #: Whether ``decode --jobs auto`` runs worker processes on a large capture: True where
    #: parsing and serializing packets, which workers do, is most of the work.
    parallel_by_default: bool = False
    #: bundled sample captures (``wirestruct samples DIR`` copies them)
    samples: tuple[Path, ...] = ()
    #: command -> example command lines for its ``--help`` (each runs in the tests)
    examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: its Wireshark dissector (None: the Wireshark plugin leaves the protocol out)
    wireshark: Wireshark | None = None
    #: a message protocol's carrier in packet captures (one of :data:`CARRIERS`; None:
    #: UDP datagrams, or each TCP segment's new bytes)
    carrier: str | None = None

    def __post_init__(self) -> None:
        if self.packet_names is None:
            object.__setattr__(self, "packet_names", partial(
                spec_packets.packet_names, self.specs.folder, self.specs.package,
                self.root_spec))
        if self.transport not in TRANSPORTS:
            raise ValueError(f"protocol {self.name}: transport must be one of {TRANSPORTS}, "
                             f"not {self.transport!r}")
        if self.carrier is not None and (self.carrier not in CARRIERS
                                         or self.transport != "message"):
            raise ValueError(f"protocol {self.name}: carrier {self.carrier!r} is not one of "
                             f"{CARRIERS} for a message protocol")
        if self.wireshark is not None and (self.wireshark.carrier == "tcp") != (
                self.transport == "stream"):
            raise ValueError(f"protocol {self.name}: a {self.transport} protocol's Wireshark "
                             "carrier is " + ("tcp" if self.transport == "stream"
                                              else "exported_pdu"))

    @property
    def root_spec(self) -> str | None:
        """The spec (``meta.id``) a packet is parsed with, where the protocol names one
        (its Wireshark dissector's); None: every spec of the folder no other imports."""
        return self.wireshark.root_spec if self.wireshark is not None else None

    @property
    def pdu_dissectors(self) -> tuple[str, ...] | None:
        """The dissector names whose Wireshark exported PDUs carry its packets: its own
        Wireshark dissector's (PDUs exported for another dissector are not its packets).
        None, for a protocol without one: no name can be told to be its own, so every
        exported PDU is read."""
        return None if self.wireshark is None else (self.wireshark.proto,)

    def decoder(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Decoder:
        return self.make_decoder(limits=limits, **self.own_options(options, "decoder"))

    def tracker(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Tracker:
        return self.make_tracker(limits=limits, **self.own_options(options, "tracker"))

    def encoder(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> Encoder:
        """The encoder: decoded events back to records."""
        if self.make_encoder is None:
            raise UsageError(f"protocol {self.name} has no encoder")
        return self.make_encoder(limits=limits, **self.own_options(options, "encoder"))

    def tables(self) -> Tables:
        if self.make_tables is None:
            raise UsageError(f"protocol {self.name} has no tables")
        return self.make_tables()

    def option_names(self) -> frozenset[str]:
        return frozenset(option.name for option in self.options)

    def own_options(self, options: Mapping[str, Any], part: str | None = None
                    ) -> dict[str, Any]:
        """The settings among ``options`` that this protocol's factory of ``part`` takes
        (all of its settings when no part is named; a value of None is an option not given;
        output options are the commands' own); an option that is no setting of this
        protocol is a usage error."""
        settings = {o.name for o in self.options
                    if not o.output and (part is None or part in o.parts)}
        known = {o.name for o in self.options if not o.output}
        outputs = {o.name for o in self.options if o.output}
        foreign = sorted(k for k, v in options.items()
                         if v is not None and k not in known and k not in outputs)
        if foreign:
            raise UsageError(f"{', '.join(foreign)}: not an option of protocol {self.name}",
                             expected="options of " + self.name + (
                                 ": " + ", ".join(sorted(known | outputs))
                                 if known | outputs else " (it has none)"))
        return {k: v for k, v in options.items() if v is not None and k in settings}
