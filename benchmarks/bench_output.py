"""`decode` output cost: `decode` versus `state` per protocol, old serializer versus new.

    python benchmarks/bench_output.py [--repeat 5] [--copies 4]

Per protocol (the bundled samples, each record list repeated ``--copies`` times with
shifted times), CPU time (``time.process_time``, one process, best of ``--repeat``,
alternating) of:

* ``state``: read the capture, decode, track, snapshot (what ``wirestruct state`` does);
* ``decode old``: read, decode, the 0.1.0 serializer (reflection on every object, then
  ``json.dumps``), written to ``/dev/null`` (what ``wirestruct decode`` did);
* ``decode new``: read, decode, ``wirestruct.output.serialize`` (per-class plans, orjson) through
  the command line's JSON Lines writer to ``/dev/null``, readable and ``--raw``.

Prints the times and the ratios to ``state``, with the load average (figures from a
loaded machine are not comparable).

Checked before a protocol's figures are printed (untimed): decoding gives top-level
packets whose bytes are the capture's (each direction: byte total and SHA-256) with no
error event, and the three writers wrote one line per event with the same envelope
(index, record, direction, stream, id and name: byte total and SHA-256 of them; the 0.1.0
serializer's fields differ from today's by design, so only the envelope is compared);
otherwise the script exits 1 naming the run and its bytes.
"""
from __future__ import annotations

import argparse
import enum
import io
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any

from kaitaistruct import KaitaiStruct
from wirestruct import get_protocol
from wirestruct.captures import open_capture
from wirestruct.core.events import PacketEvent
from wirestruct.core.records import CaptureRecord
from wirestruct.core.session import decode_records, track
from wirestruct.output.formats import EventWriter, OutputOptions
from wirestruct.output.serialize import dumps_document, instance_names

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Digest, agree, fed, packet_flows, records_flows, require  # noqa: E402

NAME = "bench_output"
ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"scrap-mechanic": "scrap_mechanic.jsonl", "mme": "mme.jsonl", "diep": "diep.jsonl"}


# -- the 0.1.0 serializer, kept here as the reference ----------------------------------------
def old_to_jsonable(value: Any, *, instances: bool = True, enum_names: bool = True) -> Any:
    kw = {"instances": instances, "enum_names": enum_names}
    if isinstance(value, KaitaiStruct):
        out: dict[str, Any] = {}
        for name, field in vars(value).items():
            if not name.startswith("_"):
                out[name] = old_to_jsonable(field, **kw)
        if instances:
            for name in instance_names(type(value)):
                if name in out:
                    continue
                try:
                    field = getattr(value, name)
                except Exception:  # noqa: BLE001
                    continue
                out[name] = old_to_jsonable(field, **kw)
        return out
    if isinstance(value, enum.Enum):
        return value.name if enum_names else value.value
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    if isinstance(value, (list, tuple)):
        return [old_to_jsonable(item, **kw) for item in value]
    if isinstance(value, dict):
        return {str(old_to_jsonable(k)): old_to_jsonable(v, **kw) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(old_to_jsonable(item, **kw) for item in value)
    if hasattr(value, "to_json"):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return {n: old_to_jsonable(getattr(value, n), **kw) for n in value.__dataclass_fields__}
    if hasattr(value, "tolist"):
        return value.tolist()
    return str(value)


def old_event_json(event: Any) -> dict[str, Any]:
    if isinstance(event, PacketEvent):
        out = {"index": event.index, "record": event.record, "t": event.t,
               "dir": event.direction.label, "stream": event.stream,
               "id": event.packet_id, "name": event.name}
        if event.parent is not None:
            out["parent"] = event.parent
        out["fields"] = old_to_jsonable(event.packet)
        if event.expansions:
            out["expansions"] = old_to_jsonable(dict(event.expansions))
        return out
    out = {"index": event.index, "record": event.record, "t": event.t,
           "dir": event.direction.label if event.direction is not None else None,
           "stream": event.stream}
    out.update(event.error.to_json())
    return out


# -- runs --------------------------------------------------------------------------------
def load(protocol: Any, path: Path, copies: int) -> list[Any]:
    with open_capture(path) as capture:
        records = [r for r in capture if isinstance(r, CaptureRecord)]
    span = records[-1].t - records[0].t + 1.0
    out = []
    for copy in range(copies):
        for r in records:
            out.append(CaptureRecord(index=len(out), t=r.t + copy * span, direction=r.direction,
                                     data=r.data, stream=r.stream + copy * 1000))
    return out


def run_state(protocol: Any, records: list[Any]) -> None:
    tracker = protocol.tracker()
    for _ in track(decode_records(records, protocol.decoder()), tracker):
        pass
    dumps_document(tracker.snapshot())          # as `wirestruct state` writes it


def run_old(protocol: Any, records: list[Any]) -> None:
    with open(os.devnull, "w", encoding="utf-8") as out:
        for event in decode_records(records, protocol.decoder()):
            out.write(json.dumps(old_event_json(event)) + "\n")


def run_new(protocol: Any, records: list[Any], raw: bool = False) -> None:
    with open(os.devnull, "wb") as out:
        writer = EventWriter(out, OutputOptions(format="jsonl", raw=raw))
        for event in decode_records(records, protocol.decoder()):
            writer.write(event)


def envelopes(text: bytes) -> Digest:
    """Each line's index, record, direction, stream, id and name."""
    keys = ("index", "record", "dir", "stream", "id", "name")
    return Digest(json.dumps([event.get(k) for k in keys]).encode() + b"\n"
                  for event in map(json.loads, text.splitlines()))


def checked(name: str, protocol: Any, records: list[Any], fed_records: dict[str, Any]) -> None:
    """The checks of the module doc."""
    flows, errors = packet_flows(decode_records(fed_records["state"], protocol.decoder()))
    require(NAME, not errors, f"{name}: decoding gave {errors} error events")
    agree(NAME, f"{name}: the packets decoded (each direction's bytes)",
          {"the capture": records_flows(records), "state": flows})
    old = "".join(json.dumps(old_event_json(e)) + "\n" for e in decode_records(
        fed_records["old"], protocol.decoder())).encode()
    written = {"old": envelopes(old)}
    for key, raw in (("new", False), ("raw", True)):
        out = io.BytesIO()
        writer = EventWriter(out, OutputOptions(format="jsonl", raw=raw))
        for event in decode_records(fed_records[key], protocol.decoder()):
            writer.write(event)
        written[key] = envelopes(out.getvalue())
    agree(NAME, f"{name}: the events written (each line's envelope)", written)


def cpu(fn: Any, *args: Any) -> float:
    start = time.process_time()
    fn(*args)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--copies", type=int, default=4)
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'protocol':<15} {'packets':>7} {'state s':>8} {'old s':>8} {'new s':>8} "
          f"{'raw s':>8} {'old/state':>9} {'new/state':>9} {'raw/state':>9}")
    for name, sample in SAMPLES.items():
        protocol = get_protocol(name)
        records = load(protocol, ROOT / "samples" / sample, args.copies)
        runs = {"state": run_state, "old": run_old, "new": run_new,
                "raw": lambda p, r: run_new(p, r, raw=True)}
        fed_records = {key: list(fed(key, records)) for key in runs}
        checked(name, protocol, records, fed_records)
        for fn in runs.values():  # warm-up: imports, per-class plans
            fn(protocol, records[:50])
        best = {key: math.inf for key in runs}
        for _ in range(args.repeat):
            for key, fn in runs.items():
                best[key] = min(best[key], cpu(fn, protocol, fed_records[key]))
        packets = sum(1 for _ in decode_records(records, protocol.decoder()))
        s = best["state"]
        print(f"{name:<15} {packets:>7} {s:8.3f} {best['old']:8.3f} {best['new']:8.3f} "
              f"{best['raw']:8.3f} {best['old'] / s:9.2f} {best['new'] / s:9.2f} "
              f"{best['raw'] / s:9.2f}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
