"""The encoder's shortcuts against what they stand in for: objects made by copying what a
constructor sets against the constructor, for every read-write class of every protocol;
the quick write streams against ``KaitaiStream`` for every number type, bits between
them, and the end of a stream of fixed size; the measuring write kept as the packet
against a second write into a stream of the measured size."""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import struct
from io import BytesIO
from pathlib import Path

import kaitaistruct
import pytest
from kaitaistruct import KaitaiStream, ReadWriteKaitaiStruct
from wirestruct import decode_records, get_protocol, open_capture
from wirestruct.core.records import CaptureRecord
from wirestruct.encode import building
from wirestruct.encode.building import _Blank, _GrowingStream, _SizedStream
from wirestruct.output.serialize import event_json
from wirestruct.plugin.registry import protocol_names

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _rw_classes(package: str):
    found = []
    module = importlib.import_module(package)
    for info in pkgutil.iter_modules(module.__path__):
        if info.name.startswith("_"):
            continue
        sub = importlib.import_module(f"{package}.{info.name}")
        stack = [c for _, c in inspect.getmembers(sub, inspect.isclass)
                 if c.__module__ == sub.__name__]
        while stack:
            cls = stack.pop()
            if issubclass(cls, ReadWriteKaitaiStruct):
                found.append(cls)
                stack.extend(c for c in vars(cls).values() if inspect.isclass(c))
    return found


CLASSES = [cls for name in protocol_names() for cls in _rw_classes(get_protocol(name).specs.rw_package)]


def _count_params(cls: type) -> int:
    return len(inspect.signature(cls.__init__).parameters) - 4     # self, _io, _parent, _root


def test_every_protocol_has_read_write_classes_to_check():
    packages = {cls.__module__.rsplit(".", 2)[-2] for cls in CLASSES}
    assert packages == {"scrap_mechanic", "mme", "diep"}
    assert len(CLASSES) > 200


@pytest.mark.parametrize("with_root", [False, True])
def test_a_copied_object_holds_what_the_constructor_sets(with_root):
    for cls in CLASSES:
        count = _count_params(cls)
        params = tuple(object() for _ in range(count))
        parent, root = object(), (object() if with_root else None)
        made = cls(*params, None, parent, root)
        if root is None:
            object.__setattr__(made, "_root", made)
        copied = _Blank(cls, count).new(params, parent, root)
        assert type(copied) is cls
        assert copied.__dict__.keys() == made.__dict__.keys(), cls.__qualname__
        for key, value in made.__dict__.items():
            expected = copied if value is made else value
            assert copied.__dict__[key] is expected or copied.__dict__[key] == expected, \
                (cls.__qualname__, key)


NUMBERS = [name[len("packer_"):] for name in vars(KaitaiStream) if name.startswith("packer_")]


def _value(kind: str) -> object:
    return 1.5 if kind[0] == "f" else (-3 if kind[0] == "s" else 200)


@pytest.mark.parametrize("kind", NUMBERS)
def test_quick_streams_write_numbers_as_kaitai_stream_does(kind):
    value = _value(kind)
    reference = KaitaiStream(BytesIO(bytearray(16)))
    quick = _GrowingStream(False)
    sized = _SizedStream(16)
    for stream in (reference, quick, sized):
        stream.write_bits_int_be(3, 5)               # bits pending: aligned first
        getattr(stream, f"write_{kind}")(value)
        stream.write_bytes(b"\xab")
        stream.write_bits_int_le(2, 1)
        stream.write_align_to_byte()
    end = reference.pos()
    expected = reference.to_byte_array()[:end]
    assert quick._io.getvalue()[:quick.pos()] == expected
    assert sized.to_byte_array()[:sized.pos()] == expected
    assert end == 1 + struct.calcsize(getattr(KaitaiStream, f"packer_{kind}").format) + 2


def test_a_sized_stream_refuses_to_write_past_its_end_as_kaitai_stream_does():
    errors = []
    for stream in (KaitaiStream(BytesIO(bytearray(3))), _SizedStream(3)):
        stream.write_u2le(1)
        with pytest.raises(kaitaistruct.EndOfStreamError) as caught:
            stream.write_u4be(7)
        errors.append(str(caught.value))
    assert errors[0] == errors[1]


def _encoded(protocol, events):
    return [r.data for r in protocol.encoder().encode_events(events)
            if isinstance(r, CaptureRecord)]


@pytest.mark.parametrize("source", ["sample", "generated"])
def test_the_measuring_write_is_the_sized_write_for_specs_that_only_ask_eof(source, monkeypatch):
    protocol = get_protocol("diep")
    if source == "sample":
        with open_capture(SAMPLES / "diep.jsonl") as capture:
            records = list(capture)
    else:
        records = list(protocol.generate(3, 40))
    records = [r for r in records if isinstance(r, CaptureRecord)]
    events = [event_json(e) for e in decode_records(records, protocol.decoder())]
    shortcut = _encoded(protocol, events)
    monkeypatch.setattr(building, "_stream_uses", lambda specs, stem: frozenset({"size"}))
    assert shortcut == _encoded(protocol, events)          # every packet written twice
    assert len(shortcut) > 30
