"""What a benchmark checks before it prints a figure: that the runs it compares read,
decoded or encoded the same bytes.

A :class:`Digest` keeps a byte total, a piece count and a SHA-256 of the bytes in order;
:class:`Flows` keeps one per stream and direction (reassembled TCP streams, packets of a
connection), so readers that deliver the streams interleaved differently still agree.
:func:`agree` compares the digests of several runs and, when they differ, stops the
benchmark (exit status 1) with a message naming each run's bytes and hash: a reader that
reads less must not look faster.

The fault hook, for the tests of the benchmarks: with ``WIRESTRUCT_BENCH_DROP=NAME[,NAME]``
in the environment, :func:`fed` hands the run of that name its input with one byte less
(the middle record or chunk loses its middle byte) or, for inputs that are not bytes
(events), one item less; :func:`leaky` makes the sink of a reader of that name lose one
byte. The benchmark must then stop, naming the mismatch.

For benchmarks that time the command line in child processes, :data:`MEASURED` runs a
command with its output hashed as it comes and :data:`REFERENCE` says what the library
makes of the same capture; :func:`isolated` keeps a child of an earlier revision from
importing this checkout's modules.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable, Hashable, Iterable
from typing import Any

#: The environment variable of the fault hook.
DROP = "WIRESTRUCT_BENCH_DROP"


class Digest:
    """Bytes seen in order: how many, in how many pieces, and their SHA-256."""

    __slots__ = ("pieces", "size", "_hash")

    def __init__(self, data: Iterable[bytes] = ()) -> None:
        self.pieces = 0
        self.size = 0
        self._hash = hashlib.sha256()
        for piece in data:
            self.add(piece)

    def add(self, data: bytes) -> None:
        self.pieces += 1
        self.size += len(data)
        self._hash.update(data)

    @property
    def sha256(self) -> str:
        return self._hash.hexdigest()

    def key(self) -> tuple[int, str]:
        """What two runs must share: the byte total and the hash (pieces may differ)."""
        return self.size, self.sha256

    def to_json(self) -> dict[str, Any]:
        return {"bytes": self.size, "pieces": self.pieces, "sha256": self.sha256}

    def __str__(self) -> str:
        return f"{self.size:,} bytes, sha256 {self.sha256[:16]}"


class Flows:
    """A :class:`Digest` per flow (a stream and direction, a connection's half), the
    flows compared by their digests, not their names (readers number them differently)."""

    def __init__(self) -> None:
        self.flows: dict[Hashable, Digest] = {}

    def add(self, flow: Hashable, data: bytes) -> None:
        digest = self.flows.get(flow)
        if digest is None:
            digest = self.flows[flow] = Digest()
        digest.add(data)

    @property
    def size(self) -> int:
        return sum(d.size for d in self.flows.values())

    @property
    def sha256(self) -> str:
        """One hash of the flows' hashes, in sorted order (empty flows left out)."""
        return hashlib.sha256("\n".join(sorted(
            d.sha256 for d in self.flows.values() if d.size)).encode()).hexdigest()

    def key(self) -> tuple[int, str]:
        return self.size, self.sha256

    def to_json(self) -> dict[str, Any]:
        return {"bytes": self.size, "flows": sum(1 for d in self.flows.values() if d.size),
                "sha256": self.sha256}

    def __str__(self) -> str:
        flows = sum(1 for d in self.flows.values() if d.size)
        return f"{self.size:,} bytes in {flows} flows, sha256 {self.sha256[:16]}"


class Seen:
    """A digest passed between processes (what :meth:`Digest.to_json` wrote)."""

    def __init__(self, got: dict[str, Any]) -> None:
        self.size, self.sha256 = int(got["bytes"]), str(got["sha256"])
        self.flows = got.get("flows")

    def key(self) -> tuple[int, str]:
        return self.size, self.sha256

    def __str__(self) -> str:
        flows = f" in {self.flows} flows" if self.flows is not None else ""
        return f"{self.size:,} bytes{flows}, sha256 {self.sha256[:16]}"


def records_flows(records: Iterable[Any]) -> Flows:
    """The data of capture records, per stream and direction."""
    flows = Flows()
    for r in records:
        flows.add((r.stream, r.direction), r.data)
    return flows


def packet_flows(events: Iterable[Any]) -> tuple[Flows, int]:
    """The bytes of a decoder's top-level packets per stream and direction, and its error
    events: a decoder that read all of its input without an error gives back the flows
    of its records."""
    flows, errors = Flows(), 0
    for event in events:
        raw = getattr(event, "raw", None)
        if raw is None:
            errors += 1
        elif event.parent is None:
            flows.add((event.stream, event.direction), raw)
    return flows, errors


def agree(benchmark: str, what: str, runs: dict[str, Any]) -> None:
    """Stop the benchmark (status 1) unless every run's ``key()`` is the same."""
    keys = {name: run.key() for name, run in runs.items()}
    if len(set(keys.values())) <= 1:
        return
    lines = [f"{benchmark}: the runs do not agree on {what} (so no figure of them is "
             "printed):"]
    lines += [f"  {name}: {run}" for name, run in runs.items()]
    raise SystemExit("\n".join(lines))


def require(benchmark: str, ok: bool, message: str) -> None:
    """Stop the benchmark (status 1) with ``message`` unless ``ok``."""
    if not ok:
        raise SystemExit(f"{benchmark}: {message} (so no figure of it is printed)")


def dropping(run: str) -> bool:
    """Whether the fault hook names ``run``."""
    return bool(run) and run in os.environ.get(DROP, "").split(",")


def fed(run: str, items: Iterable[Any]) -> Iterable[Any]:
    """``items`` as they are, or with one byte (or one item) less when the fault hook
    names ``run``."""
    if not dropping(run):
        return items
    items = list(items)
    middle = len(items) // 2
    for i in [*range(middle, len(items)), *range(middle)]:
        item = items[i]
        if isinstance(item, (bytes, bytearray)) and item:
            return [*items[:i], _cut(bytes(item)), *items[i + 1:]]
        data = getattr(item, "data", None)
        if isinstance(data, bytes) and data:
            return [*items[:i], dataclasses.replace(item, data=_cut(data)), *items[i + 1:]]
    return items[:middle] + items[middle + 1:]


def _cut(data: bytes) -> bytes:
    """``data`` without its middle byte."""
    return data[:len(data) // 2] + data[len(data) // 2 + 1:]


def leaky(run: str, add: Callable[[Any, bytes], None]) -> Callable[[Any, bytes], None]:
    """``add`` (a reader's sink of ``(flow, data)``) as it is, or cutting the last byte
    of the first piece of data when the fault hook names ``run``."""
    if not dropping(run):
        return add
    cut = False

    def cutting(flow: Any, data: bytes) -> None:
        nonlocal cut
        if data and not cut:
            cut, data = True, data[:-1]
        add(flow, data)
    return cutting


#: Run in a child process: what the library makes of a capture, as ``wirestruct decode``
#: (JSON Lines) and ``wirestruct state`` print it: argv = benchmarks folder, protocol,
#: capture, run name (for the fault hook).
REFERENCE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from agreement import Digest, fed
from wirestruct import decode_records, get_protocol, open_capture, track
from wirestruct.output.serialize import dumps_document, dumps_event
protocol = get_protocol(sys.argv[2])
with open_capture(sys.argv[3]) as capture:
    records = list(capture)
got = {}
for command in ("decode", "state"):
    mine = fed(f"{sys.argv[4]} {command}", records)
    if command == "decode":
        lines = Digest(dumps_event(e, line=True) for e in decode_records(
            mine, protocol.decoder(), file=sys.argv[3]))
        got[command] = lines.to_json()
    else:
        tracker = protocol.tracker()
        for _ in track(decode_records(mine, protocol.decoder()), tracker):
            pass
        got[command] = Digest([dumps_document(tracker.snapshot())]).to_json()
print(json.dumps(got))
"""

#: Run in a child process: run a command (argv[1:]) with its output hashed as it comes;
#: prints the command's peak RSS (KiB), CPU seconds, exit status and output digest.
MEASURED = r"""
import hashlib, json, resource, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
digest, size = hashlib.sha256(), 0
for block in iter(lambda: child.stdout.read(1 << 16), b""):
    digest.update(block)
    size += len(block)
status = child.wait()
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rss_kb": r.ru_maxrss, "cpu": r.ru_utime + r.ru_stime, "status": status,
                  "out": {"bytes": size, "sha256": digest.hexdigest()}}))
"""


def isolated() -> None:
    """Import ``wirestruct`` only from ``sys.path`` from now on (a child process of an
    earlier revision, installed in a folder on ``PYTHONPATH``): an editable install's
    finders would otherwise hand it this checkout's modules where the revision has none
    of that name."""
    import sys
    editable = "__editable__"
    sys.meta_path[:] = [f for f in sys.meta_path
                        if editable not in str(getattr(f, "__module__", ""))]
    sys.path_hooks[:] = [h for h in sys.path_hooks
                         if editable not in str(getattr(h, "__module__", ""))]
    sys.path[:] = [p for p in sys.path if editable not in p]
    sys.path_importer_cache.clear()


def print_json(got: Any) -> None:
    """A child process's answer: one JSON line on stdout."""
    print(json.dumps(got, separators=(",", ":")))
