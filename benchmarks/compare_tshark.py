"""Every TCP stream of a folder of captures, followed by tshark and by wirestruct, compared.

    python benchmarks/compare_tshark.py FOLDER_OR_FILE... [--jobs N] [--json OUT]
                                        [--timeout SECONDS] [--show N]

For each pcap/pcapng file (plain or gzip/xz/zstd-compressed), tshark follows every TCP
stream (``tshark -q -z follow,tcp,raw,N`` for each stream number ``N``) and wirestruct
reassembles every connection (each one followed; when neither the handshake nor a port
tells the server, the receiver of the connection's first segment is taken for it, as
tshark's "Node 1"). Streams are matched by their endpoints and their order among the
streams of the same endpoints, and each direction's bytes are compared.

Printed: the stream directions with data and the share byte-identical; the differing
directions by cause (what wirestruct's error events say about that direction: bytes the
capture missed, a second copy with other contents, bytes after the end, sequence numbers
far outside the window, a SYN with another ISN, connections not followed ...; "unexplained"
when no event names the difference); and the unaccounted bytes: bytes tshark delivers
that wirestruct neither delivers nor names in an error event (``dropped`` with the stream
byte range), and phantom bytes, delivered by wirestruct and not by tshark. (tshark's
follow prints nothing after a hole that no acknowledgment covers, where wirestruct
reports the hole and delivers the bytes after it: such directions are a cause of their
own, and those bytes are not counted as phantom.) Files tshark cannot read are listed
apart. ``--json`` writes every differing direction with its
figures. The exit status is 0 whatever the figures (this is a measurement).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

SUFFIXES = (".pcap", ".pcapng", ".cap", ".pcap.gz", ".pcapng.gz", ".cap.gz", ".dmp",
            ".pcap.zst", ".pcapng.zst", ".pcap.xz", ".pcapng.xz")
#: tshark follow taps per run (each tap reads every packet)
BATCH = 64

_NODE = re.compile(r"^Node ([01]): (.*):(\d+)$")
_MISSING = re.compile(rb"\[\d+ bytes missing in capture file\]\x00")


def captures(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found.extend(p for p in sorted(path.rglob("*"))
                         if p.is_file() and p.name.lower().endswith(SUFFIXES))
        else:
            found.append(path)
    return found


# -- tshark ------------------------------------------------------------------------------

def _endpoint(host: str, port: str) -> tuple[str, int]:
    import ipaddress
    host = host.strip("[]")
    try:
        return str(ipaddress.ip_address(host)), int(port)
    except ValueError:          # tshark names no address (e.g. a tunnel it half reads)
        return host, int(port)


def tshark_streams(path: Path, timeout: float, numbers: list[int] | None = None
                   ) -> dict[int, tuple]:
    """tcp.stream -> (node 0, node 1, bytes 0->1, bytes 1->0), for the streams that carry
    data (or the stream ``numbers`` given). Raises RuntimeError when tshark cannot read
    the file."""
    if numbers is None:
        listing = subprocess.run(["tshark", "-n", "-r", str(path), "-Y", "tcp.len > 0", "-T",
                                  "fields", "-e", "tcp.stream"], capture_output=True,
                                 text=True, timeout=timeout)
        if listing.returncode != 0 and not listing.stdout:
            raise RuntimeError(listing.stderr.strip().splitlines()[-1:] or ["tshark failed"])
        numbers = sorted({int(x) for line in listing.stdout.split()
                          for x in line.split(",") if x})
    out: dict[int, tuple] = {}
    for start in range(0, len(numbers), BATCH):
        batch = numbers[start:start + BATCH]
        args = ["tshark", "-n", "-r", str(path), "-q"]
        for n in batch:
            args += ["-z", f"follow,tcp,raw,{n}"]
        run = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
        for number, block in _follow_blocks(run.stdout):
            out[number] = block
    return out


def _follow_blocks(text: str):
    """(stream number, block) of each follow block of tshark's output. tshark writes a
    gap as the text "[N bytes missing in capture file]" and a NUL in the data; those
    markers are left out (wirestruct names gaps in error events)."""
    blocks = []
    nodes: dict[int, tuple[str, int]] = {}
    data: list[bytearray] | None = None
    number = -1
    for line in text.splitlines():
        if line.startswith("Follow: tcp,raw"):
            nodes, data = {}, [bytearray(), bytearray()]
            continue
        if data is None:
            continue
        if line.startswith("Filter: tcp.stream eq "):
            number = int(line.rsplit(" ", 1)[1])
            continue
        match = _NODE.match(line)
        if match:
            nodes[int(match.group(1))] = _endpoint(match.group(2), match.group(3))
            if len(nodes) == 2:
                blocks.append((number, (nodes[0], nodes[1], data[0], data[1])))
            continue
        stripped = line.strip()
        if stripped and re.fullmatch(r"[0-9a-fA-F]+", stripped):
            chunk = bytes.fromhex(stripped)
            if not _MISSING.fullmatch(chunk):
                data[1 if line.startswith("\t") else 0] += chunk
    return blocks


# -- wirestruct --------------------------------------------------------------------------

def wirestruct_streams(path: Path) -> tuple[dict[int, tuple], dict[tuple, list], list]:
    """stream -> (client, server); (stream, direction) -> [bytes, errors]; file errors.

    The capture is read by ``read_packet_capture`` itself, with two of its parts
    replaced while it reads: the roles, so that every connection is followed, and the
    flow table, to note each connection's endpoints."""
    import ipaddress

    from wirestruct.captures import open_capture, packets
    from wirestruct.captures.flows import roles, table
    from wirestruct.core.records import CaptureRecord

    class Followed(roles.Roles):
        """The receiver of a connection's first segment is its server when nothing
        else tells."""

        def server_of(self, packet):
            found = super().server_of(packet)
            return packet.dst if found is None else found

    ends: dict[int, tuple] = {}

    class Observed(table.Flows):
        def _new(self, tab, key, packet, kind):
            flow, error = super()._new(tab, key, packet, kind)
            if flow is not None and flow.number is not None and kind.startswith("TCP"):
                client = packet.src if flow.server == packet.dst else packet.dst
                ends[flow.number] = tuple(
                    (str(ipaddress.ip_address(end[0])), end[1]) for end in (client, flow.server))
            return flow, error

    directions: dict[tuple, list] = defaultdict(lambda: [bytearray(), []])
    file_errors: list = []
    saved = packets.Roles, packets.Flows
    packets.Roles, packets.Flows = Followed, Observed
    try:
        with open_capture(path) as capture:
            if capture.format not in ("pcap", "pcapng"):
                return {}, {}, [f"a {capture.format} file"]
            items = list(capture.records())
    finally:
        packets.Roles, packets.Flows = saved
    for item in items:
        if isinstance(item, CaptureRecord):
            directions[(item.stream, item.direction.label)][0] += item.data
            continue
        where = item.where
        if where.stream is not None and where.direction is not None:
            directions[(where.stream, where.direction)][1].append(item)
        else:
            file_errors.append(item)
    return ends, dict(directions), file_errors


# -- comparison --------------------------------------------------------------------------

def _cause(errors: list) -> str:
    kinds = Counter()
    for error in errors:
        message = error.message
        if error.kind == "StreamGapError":
            kinds["bytes the capture missed (gap)"] += 1
        elif "differs from the first" in message:
            kinds["second copy with other contents (conflict)"] += 1
        elif "after they were reported missing" in message:
            kinds["bytes after their range was reported missing (late)"] += 1
        elif "after the connection ended" in message:
            kinds["data after the FIN or reset"] += 1
        elif "another initial sequence number" in message:
            kinds["SYN with another ISN"] += 1
        elif "far outside the TCP window" in message:
            kinds["sequence numbers far outside the window"] += 1
        else:
            kinds[error.kind] += 1
    return " + ".join(sorted(kinds)) if kinds else "unexplained"


def _named(errors: list) -> int:
    """Bytes the errors name as not delivered (gaps name bytes tshark lacks too)."""
    return sum(e.dropped for e in errors if e.dropped and e.dropped_unit == "bytes"
               and e.where.span is not None and e.kind != "StreamGapError")


def compare_file(path: Path, timeout: float, theirs: dict | None = None) -> dict:
    """One file's comparison; ``theirs``: tshark's streams when already followed."""
    try:
        return _compare_file(path, timeout, theirs)
    except Exception as exc:  # noqa: BLE001 - one file's failure is reported, not fatal
        return {"file": str(path), "directions": 0, "identical": 0, "differ": [],
                "tshark_bytes": 0, "unaccounted": 0, "phantom": 0,
                "error": f"comparison: {type(exc).__name__}: {exc}"}


def _compare_file(path: Path, timeout: float, theirs: dict | None) -> dict:
    result = {"file": str(path), "directions": 0, "identical": 0, "differ": [],
              "tshark_bytes": 0, "unaccounted": 0, "phantom": 0, "error": None}
    try:
        if theirs is None:
            theirs = tshark_streams(path, timeout)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        result["error"] = f"tshark: {exc}"
        return result
    try:
        ends, ours, _ = wirestruct_streams(path)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding, reported per file
        result["error"] = f"wirestruct: {type(exc).__name__}: {exc}"
        ours, ends = {}, {}
    # Streams with data, in order, per endpoint pair, on each side (an attempt that never
    # carried data is a stream to one and may not be to the other).
    by_pair: dict[frozenset, list[int]] = defaultdict(list)
    for number in sorted(ends):
        if any(ours.get((number, label), [b""])[0] for label in ("c2s", "s2c")):
            by_pair[frozenset(ends[number])].append(number)
    seen_pair: Counter = Counter()
    matched: set[int] = set()
    for number in sorted(theirs):
        node0, node1, forward, backward = theirs[number]
        if not forward and not backward:
            continue
        pair = frozenset((node0, node1))
        candidates = by_pair.get(pair, [])
        ordinal = seen_pair[pair]
        seen_pair[pair] += 1
        mine = candidates[ordinal] if ordinal < len(candidates) else None
        if mine is not None:
            matched.add(mine)
        for src, data in ((node0, forward), (node1, backward)):
            if not data:
                continue
            result["directions"] += 1
            result["tshark_bytes"] += len(data)
            if mine is None:
                got, errors, cause = b"", [], "connection not followed"
            else:
                client, _server = ends[mine]
                label = "c2s" if src == client else "s2c"
                got, errors = ours.get((mine, label), [b"", []])
                got = bytes(got)
                cause = None
            if got == data:
                result["identical"] += 1
                continue
            named = _named(errors)
            missing = max(0, len(data) - len(got) - named)
            phantom = max(0, len(got) - len(data))
            if (cause is None and len(got) > len(data) and got.startswith(data)
                    and any(e.kind == "StreamGapError" for e in errors)):
                # tshark prints nothing after a hole no acknowledgment covers; wirestruct
                # reports the hole and delivers what follows: real bytes, not phantom.
                cause, phantom = "tshark stops at a hole; wirestruct delivers after it", 0
            result["unaccounted"] += missing
            result["phantom"] += phantom
            prefix = next((i for i, (a, b) in enumerate(zip(got, data)) if a != b),
                          min(len(got), len(data)))
            result["differ"].append({
                "stream": number, "from": f"{src[0]}:{src[1]}", "tshark": len(data),
                "wirestruct": len(got), "same_prefix": prefix, "named_dropped": named,
                "unaccounted": missing, "phantom": phantom,
                "cause": cause or _cause(errors)})
    for number in ends:
        if number in matched:
            continue
        for label in ("c2s", "s2c"):
            got = ours.get((number, label), [b"", []])[0]
            if got:
                result["phantom"] += len(got)
                result["differ"].append({
                    "stream": None, "from": f"wirestruct stream {number} {label}",
                    "tshark": 0, "wirestruct": len(got), "same_prefix": 0, "named_dropped": 0,
                    "unaccounted": 0, "phantom": len(got),
                    "cause": "stream tshark does not have"})
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="capture files or folders")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds one tshark run may take")
    parser.add_argument("--json", help="write the per-file results here")
    parser.add_argument("--show", type=int, default=20,
                        help="differing directions to print (largest first)")
    opts = parser.parse_args(argv)
    files = captures(opts.paths)
    with ProcessPoolExecutor(max(1, opts.jobs)) as pool:
        results = list(pool.map(compare_file, files, [opts.timeout] * len(files)))
    report(results, opts.show)
    if opts.json:
        Path(opts.json).write_text(json.dumps(results, indent=1))
    return 0


def report(results: list[dict], show: int) -> None:
    failed = [r for r in results if r["error"]]
    directions = sum(r["directions"] for r in results)
    identical = sum(r["identical"] for r in results)
    with_tcp = sum(1 for r in results if r["directions"])
    print(f"{len(results)} files, {with_tcp} with TCP payload, {len(failed)} not compared")
    share = 100.0 * identical / directions if directions else 100.0
    print(f"stream directions with data: {directions}; byte-identical: {identical} "
          f"({share:.1f}%)")
    print(f"tshark bytes: {sum(r['tshark_bytes'] for r in results):,}; unaccounted: "
          f"{sum(r['unaccounted'] for r in results):,}; phantom: "
          f"{sum(r['phantom'] for r in results):,}")
    causes: Counter = Counter()
    cause_bytes: Counter = Counter()
    differ = [(r["file"], d) for r in results for d in r["differ"]]
    for _, d in differ:
        causes[d["cause"]] += 1
        cause_bytes[d["cause"]] += abs(d["tshark"] - d["wirestruct"])
    if causes:
        print("differing directions by cause (directions, size difference in bytes):")
        for cause, n in causes.most_common():
            print(f"  {n:6}  {cause_bytes[cause]:>12,}  {cause}")
    if differ and show:
        print(f"largest differences (of {len(differ)}):")
        differ.sort(key=lambda fd: -(fd[1]["unaccounted"] + fd[1]["phantom"]
                                     + abs(fd[1]["tshark"] - fd[1]["wirestruct"])))
        for name, d in differ[:show]:
            print(f"  {Path(name).name} stream {d['stream']} from {d['from']}: tshark "
                  f"{d['tshark']}, wirestruct {d['wirestruct']} (same first {d['same_prefix']}"
                  f", named {d['named_dropped']}, unaccounted {d['unaccounted']}, phantom "
                  f"{d['phantom']}): {d['cause']}")
    for r in failed:
        print(f"  not compared: {r['file']}: {r['error']}")


if __name__ == "__main__":
    sys.exit(main())
