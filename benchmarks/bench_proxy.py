"""A proxy's work per protocol: decode a generated session, change one field in every
packet, encode it back; packets per second and the factor over real time.

    python benchmarks/bench_proxy.py [--repeat 3] [--protocol NAME] [--length N]
    python benchmarks/bench_proxy.py --against daccc8d [--rounds 3]

Each protocol's generated session (``protocol.generate(seed, length)``, the busiest the
generator makes by default: its ticks or rounds at the game's own rate, both directions)
is made first and held as records (not timed). Timed, one Python thread, the best of
``--repeat`` runs, as a proxy runs it: the records stream through a new decoder, each
event is made readable (``event_json``, the form ``wirestruct decode`` prints and a script
edits), its first float gets 0.25 added (a position, a speed, an angle; a packet with none
is passed on unchanged, and the packets changed are counted), and the events stream
through a new encoder into packets.

Columns: packets (top-level packets in and out: a record of a TCP stream may hold
several), the session's length in seconds of capture time (MME's: at its assumed pace,
below), the packets changed, the proxy's packets/s, and ``x real time``: capture seconds
handled per second of CPU (1.0 = just keeps up with one connection's traffic).
The decode and encode columns time the two halves alone on the same session. MME has no
game tick and its document gives no rate; its generated session's times are a loopback
run's (the socket's, not a game's). Its real time is therefore an assumption, stated:
one chatty round (a client's burst of moves, edits and chat, and the server's moves of
the other players and edits that answer it) per display frame at 60 frames a second, the
busiest a client's position updates are of use (the document asks servers to limit
them), and the joining (map download) counted as taking no time at all.

``--against REV`` times the proxy of this tree and of an earlier revision side by side
instead: the revision is installed as ``bench_against.py`` installs one, and child
processes alternate (earlier, this tree, ...), ``--rounds`` times, each the best of
``--repeat`` proxy runs; it prints each one's best packets/s, real-time factor and the
ratio.

Checked before figures are printed (untimed; the script exits 1 naming the run and
its bytes otherwise): decode alone gives top-level packets whose bytes are the session's,
per stream and direction (byte total and SHA-256), with no error event; encode alone,
from the events unchanged, gives back the session's bytes; the proxy's output is,
byte for byte, what ``wirestruct encode``'s reader makes of the edited events as JSON
text, and it differs from the session when packets were changed. With ``--against``
each child checks the same of its own revision, and the two revisions' proxy outputs
must be the same bytes.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement import Seen, agree, fed, isolated, packet_flows, records_flows, require  # noqa: E402, I001

if "--child" in sys.argv:     # an installed revision's child: its own modules only
    isolated()

from wirestruct import decode_records, get_protocol  # noqa: E402
from wirestruct.core.records import CaptureRecord  # noqa: E402
from wirestruct.output.serialize import event_json  # noqa: E402

NAME = "bench_proxy"
PROTOCOLS = ("scrap-mechanic", "mme", "diep")
#: Protocols whose generated sessions are timed at the game's own tick rate.
TIMED = {"scrap-mechanic", "diep"}
#: MME's assumed pace (see above): chatty rounds a second, and the rounds of a session
#: when ``--length`` does not say.
MME_ROUNDS_PER_SECOND = 60
MME_ROUNDS = 40


def session(name: str, seed: int, length: int | None) -> tuple[list[CaptureRecord], float]:
    """A protocol's generated session as records, and its real time in seconds: the
    capture's for a game with a tick, the assumed pace's for MME."""
    protocol = get_protocol(name)
    assert protocol.generate is not None
    if name == "mme":
        length = length or MME_ROUNDS
    records = [r for r in protocol.generate(seed, length) if isinstance(r, CaptureRecord)]
    if name in TIMED:
        return records, records[-1].t - records[0].t
    assert length is not None
    return records, length / MME_ROUNDS_PER_SECOND


def best(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def _edit(value: Any) -> bool:
    """Adds 0.25 to the first float in ``value`` (depth first); whether there was one."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, float):
                value[key] = item + 0.25
                return True
            if isinstance(item, (dict, list)) and _edit(item):
                return True
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, float):
                value[i] = item + 0.25
                return True
            if isinstance(item, (dict, list)) and _edit(item):
                return True
    return False


class Proxy:
    def __init__(self) -> None:
        self.changed = 0

    def edited(self, events: Iterator[Any]) -> Iterator[dict[str, Any]]:
        for event in events:
            out = event_json(event)
            if "fields" in out and (_edit(out.get("expansions")) or _edit(out["fields"])):
                self.changed += 1
            yield out


def encoded_records(items: Iterable[Any], what: str) -> list[CaptureRecord]:
    """The records an encoder made; the script stops if it reported an error."""
    items = list(items)
    errors = [i for i in items if not isinstance(i, CaptureRecord)]
    require(NAME, not errors, f"{what}: {len(errors)} events not encoded: "
            + "; ".join(str(e) for e in errors[:3]))
    return items


def checked(name: str, protocol: Any, records: list[CaptureRecord], fed_records: dict[str, Any],
            readable: list[Any]) -> tuple[Any, int]:
    """The checks of the module doc; (the proxy output's flows, packets changed)."""
    want = records_flows(records)
    flows, errors = packet_flows(decode_records(iter(fed_records["decode alone"]),
                                                protocol.decoder()))
    require(NAME, not errors, f"{name}: decode alone gave {errors} error events")
    agree(NAME, f"{name}: the packets decoded (top-level packets' bytes per stream and "
          "direction)", {"the session": want, "decode alone": flows})
    agree(NAME, f"{name}: the events encoded back unchanged", {
        "the session": want, "encode alone": records_flows(encoded_records(
            protocol.encoder().encode_events(readable), f"{name}: encode alone"))})
    edit = Proxy()
    out = records_flows(encoded_records(protocol.encoder().encode_events(
        edit.edited(decode_records(iter(fed_records["proxy"]), protocol.decoder()))),
        f"{name}: the proxy"))
    text = b"".join(json.dumps(e).encode() + b"\n"
                    for e in Proxy().edited(decode_records(iter(records), protocol.decoder())))
    try:
        from wirestruct.encode.lines import encoded
        reference = encoded(io.BytesIO(text), protocol.encoder())
    except ImportError:      # a revision before the command's reader had its module
        reference = protocol.encoder().encode_events(json.loads(line)
                                                     for line in text.splitlines())
    agree(NAME, f"{name}: the proxy's output (each stream and direction)", {
        "proxy": out, "the edited events as JSON text, encoded as `wirestruct encode` "
        "reads them": records_flows(encoded_records(reference, f"{name}: the reference"))})
    require(NAME, (out.key() != want.key()) == bool(edit.changed),
            f"{name}: the proxy changed {edit.changed} packets, but its output is "
            f"{'not ' if edit.changed else ''}different from the session")
    return out, edit.changed


def proxy_time(name: str, seed: int, length: int | None, repeat: int, label: str
               ) -> tuple[float, float, int, dict[str, Any]]:
    """(best seconds of ``repeat`` proxy runs, capture seconds, packets, the proxy
    output's digest) of a protocol's generated session, with the wirestruct on
    ``sys.path`` (the fault hook's run names are ``label`` + " proxy", and so on)."""
    protocol = get_protocol(name)
    records, seconds = session(name, seed, length)
    fed_records = {run: list(fed(f"{label} {run}", records)) for run in ("proxy",
                                                                          "decode alone")}
    readable = [event_json(e) for e in decode_records(iter(records), protocol.decoder())]
    out, _ = checked(f"{name} ({label})", protocol, records, fed_records, readable)

    def proxy() -> None:
        for _ in protocol.encoder().encode_events(
                Proxy().edited(decode_records(iter(fed_records["proxy"]), protocol.decoder()))):
            pass
    packets = sum(1 for e in decode_records(iter(records), protocol.decoder())
                  if getattr(e, "parent", 0) is None and hasattr(e, "packet"))
    return best(proxy, repeat), seconds, packets, out.to_json()


def against(rev: str, names: tuple[str, ...], args: argparse.Namespace) -> int:
    """This tree's proxy beside revision ``rev``'s, alternating child processes."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from bench_against import install, install_this_tree
    where = {"earlier": install(rev), "now": install_this_tree()}
    print(f"| protocol | packets | {rev} packets/s | {rev} x real time | this tree packets/s "
          "| this tree x real time | now / earlier |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        got: dict[str, tuple[float, float, int]] = {}
        outputs: dict[str, Seen] = {}
        for _ in range(args.rounds):
            for key, path in where.items():
                env = dict(os.environ, PYTHONPATH=str(path), PYTHONNOUSERSITE="1")
                done = subprocess.run(
                    [sys.executable, os.path.abspath(__file__), "--child", name,
                     "--repeat", str(args.repeat), "--seed", str(args.seed), "--label", key]
                    + (["--length", str(args.length)] if args.length else []),
                    env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
                if done.returncode:
                    raise SystemExit(f"{name} with {path} failed:\n{done.stderr[-3000:]}")
                t, seconds, packets, out = json.loads(done.stdout.strip().splitlines()[-1])
                outputs[key] = Seen(out)
                if key not in got or t < got[key][0]:
                    got[key] = (t, seconds, packets)
            agree(NAME, f"{name}: the proxy's output of {rev} and of this tree", {
                rev: outputs["earlier"], "this tree": outputs["now"]})
        (t0, s0, n), (t1, _, _) = got["earlier"], got["now"]
        def factor(t: float) -> str:
            return f"{s0 / t:,.1f}x"
        print(f"| {name} | {n:,} | {n / t0:,.0f} | {factor(t0)} | {n / t1:,.0f} | "
              f"{factor(t1)} | {t0 / t1:.2f} |", flush=True)
    print(f"best of {args.rounds} alternating child runs, each the best of {args.repeat}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--protocol", action="append", choices=PROTOCOLS)
    parser.add_argument("--length", type=int, help="ticks or rounds (the generator's default)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--against", metavar="REV",
                        help="time this tree beside an earlier revision (see above)")
    parser.add_argument("--rounds", type=int, default=3, help="with --against")
    parser.add_argument("--child", choices=PROTOCOLS, help=argparse.SUPPRESS)
    parser.add_argument("--label", default="now", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(proxy_time(args.child, args.seed, args.length, args.repeat,
                                    args.label)))
        return 0
    if args.against:
        return against(args.against, tuple(args.protocol or PROTOCOLS), args)
    print("| protocol | packets | capture s | packets changed | proxy packets/s | "
          "x real time | decode alone packets/s | encode alone packets/s |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.protocol or PROTOCOLS:
        protocol = get_protocol(name)
        records, seconds = session(name, args.seed, args.length)
        fed_records = {run: list(fed(run, records)) for run in ("proxy", "decode alone")}
        readable = [event_json(e) for e in decode_records(iter(records), protocol.decoder())]
        packets = sum(1 for e in readable if "fields" in e and e.get("parent") is None)
        readable = list(fed("encode alone", readable))
        out_flows, changed = checked(name, protocol, records, fed_records, readable)
        counts: dict[str, int] = {}

        def proxy() -> None:
            edit = Proxy()
            out = sum(1 for item in protocol.encoder().encode_events(
                edit.edited(decode_records(iter(fed_records["proxy"]), protocol.decoder())))
                if isinstance(item, CaptureRecord))
            counts.update(out=out, changed=edit.changed)

        def decode() -> None:
            for event in decode_records(iter(fed_records["decode alone"]), protocol.decoder()):
                event_json(event)

        def encode() -> None:
            for _ in protocol.encoder().encode_events(readable):
                pass

        t_proxy = best(proxy, args.repeat)
        require(NAME, counts["out"] == sum(d.pieces for d in out_flows.flows.values())
                and counts["changed"] == changed,
                f"{name}: the timed proxy made {counts['out']} packets, {counts['changed']} "
                "changed, not what it made when checked")
        t_decode, t_encode = best(decode, args.repeat), best(encode, args.repeat)
        n = packets
        factor = f"{seconds / t_proxy:,.1f}x" + ("" if name in TIMED else " (assumed pace)")
        print(f"| {name} | {n:,} | {seconds:,.1f} | {counts['changed']:,} | {n / t_proxy:,.0f} "
              f"| {factor} | {n / t_decode:,.0f} | {n / t_encode:,.0f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
