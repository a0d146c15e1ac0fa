"""Round trips of real data through the read-write classes (wirestruct.generated_rw).

Every structure the decoders parse from real captures is recorded where it is built: the
root objects of the generated classes (``_root is self``) parsed from a byte string of
their own. Each is then read again with the read-write class of the same spec and type
(same parameters), written with ``_write()`` into a new stream of the same size, and the
bytes compared with the original; what was written is read back and compared as JSON.

Run ``python tests/write/write_roundtrip.py`` for the table of every generated type: how many
structures of the sample and test captures it wrote back byte for byte and why the others
could not be written as they are.
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from io import BytesIO
from pathlib import Path
from typing import Any

import kaitaistruct
from kaitaistruct import KaitaiStream, KaitaiStruct
from wirestruct import decode_records, get_protocol, open_capture, track
from wirestruct.captures import Transport
from wirestruct.output.jsonify import to_jsonable

ROOT = Path(__file__).resolve().parents[2]
PACKAGE, PACKAGE_RW = "wirestruct.generated.", "wirestruct.generated_rw."

#: (capture, protocol): every packet of every sample, and the test captures
CAPTURES: tuple[tuple[str, str], ...] = (
    ("samples/scrap_mechanic.jsonl", "scrap-mechanic"),
    ("samples/mme.jsonl", "mme"),
    ("samples/diep.jsonl", "diep"),
    ("tests/data/mme/session.pcapng", "mme"),
)
#: capture files read with the capture specs (session.pcapng is read as part of CAPTURES)
CAPTURE_FILES: tuple[str, ...] = (
    "tests/data/captures/any_sll.pcap", "tests/data/captures/any_sll2_nano.pcap",
    "tests/data/captures/lo_crafted.pcap", "tests/data/captures/lo_dumpcap.pcapng",
    "tests/data/captures/lo_ethernet.pcap",
    "tests/data/mme/session.pcap",
)


@dataclass(frozen=True)
class Sample:
    """One structure the decoders parsed: its generated class, parameters and bytes."""
    cls: type
    params: tuple[Any, ...]
    data: bytes
    source: str
    #: the generated types parsed under this root (its nested structures included)
    types: frozenset[str] = frozenset()


def type_name(cls: type) -> str:
    """``<ksy folder>/<spec>::<Type.Nested>``, e.g. ``mme/mme_packet::MmePacket``."""
    module = cls.__module__.split(".")
    return f"{module[-2]}/{module[-1]}::{cls.__qualname__}"


def rw_class(cls: type) -> type:
    """The read-write class generated from the same spec type as read-only ``cls``."""
    if not cls.__module__.startswith(PACKAGE):
        raise ValueError(f"{cls.__module__} is not a wirestruct.generated module")
    obj: Any = importlib.import_module(PACKAGE_RW + cls.__module__[len(PACKAGE):])
    for part in cls.__qualname__.split("."):
        obj = getattr(obj, part)
    return obj


def param_names(cls: type) -> list[str]:
    """The spec's ``params`` of a generated class: its constructor arguments before _io."""
    names = list(inspect.signature(cls.__init__).parameters)[1:]
    return names[: names.index("_io")]


def _bytes_of(io: KaitaiStream) -> bytes:
    raw = io._io
    return raw.getvalue() if isinstance(raw, BytesIO) else b""


def _consumed(cls: type, params: tuple, data: bytes) -> int:
    """How many bytes of ``data`` a parse of ``cls`` reads (0 when it fails)."""
    try:
        obj = rw_class(cls)(*params, KaitaiStream(BytesIO(data)))
        obj._read()
        obj._fetch_instances()
    except Exception:  # noqa: BLE001 - not a root of its own then
        return 0
    return obj._io.pos()


def record_structures(run: Callable[[], None], source: str) -> list[Sample]:
    """Run ``run`` and return every root structure it parsed from a whole byte string."""
    built: list[tuple[KaitaiStruct, int]] = []
    original = KaitaiStruct.__init__

    def recording_init(self: KaitaiStruct, io: KaitaiStream) -> None:
        original(self, io)
        if io is not None and type(self).__module__.startswith(PACKAGE):
            built.append((self, io.pos()))

    KaitaiStruct.__init__ = recording_init  # type: ignore[method-assign]
    try:
        run()
    finally:
        KaitaiStruct.__init__ = original  # type: ignore[method-assign]
    roots: dict[int, Sample] = {}
    for obj, start in built:
        # A root parsed from the start of a byte string of its own (not a file stream,
        # not a substream of a parent) up to that string's end.
        if obj._root is not obj or start != 0 or not isinstance(obj._io._io, BytesIO):
            continue
        data = _bytes_of(obj._io)
        if not data or obj._io.pos() != len(data):
            continue
        params = tuple(getattr(obj, name) for name in param_names(type(obj)))
        # A decoder may read on from the stream a root left off at (a string, then the
        # rest of a body): the root's own bytes are those a parse of its own consumes.
        data = data[:_consumed(type(obj), params, data)]
        if not data:
            continue
        roots[id(obj)] = Sample(type(obj), params, data, source)
    # The types parsed under each root: objects are built parent first, and a type of an
    # imported spec gets no _parent, so it belongs to the root being parsed when it is built.
    nested: dict[int, set[str]] = {key: set() for key in roots}
    current = None
    for obj, _ in built:
        top = obj
        while getattr(top, "_parent", None) is not None:
            top = top._parent
        if id(top) in roots:
            if top is obj:
                current = id(obj)
            nested[id(top)].add(type_name(type(obj)))
        elif current is not None:
            nested[current].add(type_name(type(obj)))
    return [replace(sample, types=frozenset(nested[key])) for key, sample in roots.items()]


@contextlib.contextmanager
def generated_frames():
    """Frames parsed by the generated classes (the struct fast path of the capture
    reader, which gives the same packets, turned off)."""
    from wirestruct.captures import packets

    read = packets.read_packet_capture
    packets.read_packet_capture = functools.partial(read, fast=False)
    try:
        yield
    finally:
        packets.read_packet_capture = read


def decode_capture(path: str, protocol_name: str) -> None:
    protocol = get_protocol(protocol_name)
    with generated_frames(), open_capture(ROOT / path) as capture:
        for event in track(decode_records(capture, protocol.decoder()), protocol.tracker()):
            getattr(event, "packet", None)   # parsed (a diep.io update is parsed on first use)


def read_capture(path: str) -> None:
    """Every record of a capture file (frames parsed down to their TCP/UDP payloads)."""
    with generated_frames(), open_capture(ROOT / path) as capture:
        for _ in capture.records(Transport("stream", (47311, 47312, 47313, 7777))):
            pass


def whole_files() -> list[Sample]:
    """Each capture file read whole with its spec's top-level type (pcap, pcapng, and a
    .wscap container of the MME sample written by wirestruct's container writer)."""
    from wirestruct.captures.files.container import write_container
    from wirestruct.generated.capture.pcap import Pcap
    from wirestruct.generated.capture.pcapng import Pcapng
    from wirestruct.generated.capture.wirestruct_capture import WirestructCapture
    out = []
    for path in CAPTURE_FILES + ("tests/data/mme/session.pcapng",):
        data = (ROOT / path).read_bytes()
        out.append(Sample(Pcapng if path.endswith(".pcapng") else Pcap, (), data, path))
    container = BytesIO()
    with open_capture(ROOT / "samples/mme.jsonl") as capture:
        write_container(container, "mme", (r for r in capture))
    out.append(Sample(WirestructCapture, (), container.getvalue(), "samples/mme.jsonl as .wscap"))
    return out


def real_structures() -> list[Sample]:
    """Every structure of the samples and test captures, as the decoders parse them, and
    the capture files whole."""
    out: list[Sample] = []
    for path, protocol in CAPTURES:
        out += record_structures(lambda p=path, n=protocol: decode_capture(p, n), path)
    for path in CAPTURE_FILES:
        out += record_structures(lambda p=path: read_capture(p), path)
    return out + whole_files()


def distinct(samples: list[Sample]) -> list[Sample]:
    """The structures that differ in kind: the first of each (type, parameters, first
    byte, size class: the bit length of the size), and any that parses a generated type
    no structure kept before it did. Every type the whole list parses is parsed by the
    selection too; the whole files (no recorded types) are all kept."""
    signatures: set[tuple[Any, ...]] = set()
    covered: set[str] = set()
    out = []
    for sample in samples:
        signature = (sample.cls, sample.params, sample.data[:1], len(sample.data).bit_length())
        if signature in signatures and sample.types and sample.types <= covered:
            continue
        signatures.add(signature)
        covered |= sample.types
        out.append(sample)
    return out


def ensure_kaitaistruct_writes() -> None:
    """The pinned runtime has the write half (ReadWriteKaitaiStruct, KaitaiStream.write_*)."""
    assert hasattr(kaitaistruct, "ReadWriteKaitaiStruct")
    assert hasattr(KaitaiStream, "write_bytes_limit")


def round_trip(sample: Sample) -> str:
    """"ok", or why the read-write class did not write ``sample.data`` back as it was."""
    cls = rw_class(sample.cls)
    stage = "read"
    try:
        obj = cls(*sample.params, KaitaiStream(BytesIO(sample.data)))
        obj._read()
        # Parse instances are lazy; _write() writes the ones that were fetched.
        obj._fetch_instances()
        if obj._io.pos() != len(sample.data):
            return f"read: consumed {obj._io.pos()} of {len(sample.data)} bytes"
        stage = "check"
        obj._check()
        stage = "write"
        out = KaitaiStream(BytesIO(bytearray(len(sample.data))))
        obj._write(out)
        written = out.to_byte_array()
        if written != sample.data:
            return f"write: bytes differ ({_first_difference(written, sample.data)})"
        stage = "reread"
        again = cls(*sample.params, KaitaiStream(BytesIO(written)))
        again._read()
        again._fetch_instances()
        original = sample.cls(*sample.params, KaitaiStream(BytesIO(sample.data)))
        if values(again) != values(original):
            return "reread: the written bytes read back to different values"
    except Exception as exc:  # noqa: BLE001 - the reason is the result
        return f"{stage}: {type(exc).__name__}: {_short(exc)}"
    return "ok"


def values(obj: KaitaiStruct) -> Any:
    """The JSON of a parsed object without the read-write classes' own switches
    (``<instance>__enabled``), so read-only and read-write objects compare equal."""
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if not k.endswith("__enabled")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(to_jsonable(obj))


def _first_difference(a: bytes, b: bytes) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"first at byte {i}"
    return f"lengths {len(a)} and {len(b)}"


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return text[:140]


def table(samples: list[Sample]) -> dict[str, Counter]:
    """type name -> Counter of round-trip results."""
    results: dict[str, Counter] = defaultdict(Counter)
    for sample in samples:
        results[type_name(sample.cls)][round_trip(sample)] += 1
    return dict(results)


def iter_rows(results: dict[str, Counter]) -> Iterator[str]:
    for name in sorted(results):
        counter = results[name]
        total = sum(counter.values())
        ok = counter.get("ok", 0)
        yield f"{name}: {ok}/{total} written back"
        for reason, count in counter.most_common():
            if reason != "ok":
                yield f"    {count} x {reason}"


def all_types() -> set[type]:
    """Every class (with nested types) of every read-write module."""
    import pkgutil
    found: set[type] = set()

    def walk(cls: type) -> None:
        found.add(cls)
        for value in vars(cls).values():
            if inspect.isclass(value) and issubclass(value, KaitaiStruct):
                walk(value)

    package = importlib.import_module(PACKAGE_RW.rstrip("."))
    for folder in pkgutil.iter_modules(package.__path__):
        sub = importlib.import_module(PACKAGE_RW + folder.name)
        for info in pkgutil.iter_modules(sub.__path__):
            module = importlib.import_module(f"{sub.__name__}.{info.name}")
            for value in vars(module).values():
                if (inspect.isclass(value) and issubclass(value, KaitaiStruct)
                        and value.__module__ == module.__name__):
                    walk(value)
    return found


def main() -> None:
    ensure_kaitaistruct_writes()
    samples = real_structures()
    built: set[type] = set()
    original = KaitaiStruct.__init__

    def recording_init(self: KaitaiStruct, io: KaitaiStream) -> None:
        built.add(type(self))
        original(self, io)

    KaitaiStruct.__init__ = recording_init  # type: ignore[method-assign]
    try:
        results = table(samples)
    finally:
        KaitaiStruct.__init__ = original  # type: ignore[method-assign]
    for row in iter_rows(results):
        print(row)
    every = all_types()
    print(f"{len(every & built)} of {len(every)} read-write types built and written; "
          f"never built by the samples and test captures:")
    for name in sorted(type_name(cls) for cls in every - built):
        print(f"    {name}")


if __name__ == "__main__":
    main()
