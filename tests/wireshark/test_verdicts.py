"""One verdict in Python and in Wireshark: for every input of the fuzz corpora of mme,
scrap_mechanic and diep (and their seeds and the Lua targets' regression inputs), and for
every hostile-message attack, wirestruct's Python decode and the Wireshark dissector (the
real plugin under a standalone Lua 5.2, Wireshark 4.0's, on the stand-in for its API,
``tests/fuzz/lua/fuzz.lua``) agree, packet by packet, on decoded or refused, and on the
kind of error.

A record of an input is one packet of a message protocol, one TCP segment of MME (its
packets are those the segment completes, as Wireshark dissects them and as
``PacketEvent.record`` names it). Its Python verdict is the set of the class names of the
error events of that record, its Lua verdict the set of kinds of the frame's expert infos;
"decoded" when there are none. Errors of the transport, which Wireshark reports with its
own TCP analysis and not in the dissector (gaps, bytes left at the end of the stream, a
resynchronisation after damage), are not compared, nor are MME inputs with a gap. Errors
of a packet beyond ``max_errors_per_packet`` are summarised on both sides in one error
counting them by kind: the kinds it counts are the packet's kinds (the summary's own
LimitExceededError is not). The corpora run with the limits of the fuzz targets on both sides
(``harness.LIMITS``), the attacks with the defaults. Every disagreement is printed with
the input's name."""
from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "fuzz" / "lua"))
import lua_fuzz  # noqa: E402
from wirestruct.core.errors import WirestructError  # noqa: E402
from wirestruct.core.events import ErrorEvent  # noqa: E402
from wirestruct.core.limits import Limits  # noqa: E402
from wirestruct.core.records import CaptureRecord, Direction  # noqa: E402
from wirestruct.core.session import decode_records  # noqa: E402

LUA = "lua5.2"
TARGETS = sorted(lua_fuzz.TARGETS)
#: Errors of the transport, not of a packet: Wireshark's TCP analysis reports them.
TRANSPORT = {"StreamGapError", "TruncatedStreamError", "ResyncError", "StreamConflictError"}
#: The kinds a summary of errors beyond max_errors_per_packet counts: "(1 DecodeError, ...)".
#: An attack may take this much Lua heap (what Wireshark may take beyond what it takes
#: without the plugin) and this many instructions (a bomb expands to max_decompressed).
HOSTILE_HEAP_KB = 256 * 1024
HOSTILE_INSTRUCTIONS = 2_000_000_000
SUMMARISED = re.compile(r"\d+ ([A-Z]\w*Error)")

pytestmark = pytest.mark.needs(LUA)


def python_verdicts(protocol, records: list, limits: Limits) -> dict[int, set[str]]:
    """Record -> the kinds of its error events (transport errors left out); record -1
    holds errors naming no record, and a raised error."""
    out: dict[int, set[str]] = defaultdict(set)
    try:
        for event in decode_records(records, protocol.decoder(limits=limits)):
            if isinstance(event, ErrorEvent):
                kind = type(event.error).__name__
                record = -1 if event.record is None else event.record
                if "max_errors_per_packet" in str(event.error):
                    out[record].update(SUMMARISED.findall(str(event.error)))
                elif kind not in TRANSPORT:
                    out[record].add(kind)
    except WirestructError as error:
        out[-1].add("raised " + type(error).__name__)
    return out


def lua_verdicts(result: lua_fuzz.Result) -> dict[int, dict[int, tuple[set[str], bool]]]:
    out: dict[int, dict[int, tuple[set[str], bool]]] = defaultdict(dict)
    for index, frame, kinds, _packets, summarised in result.verdicts:
        out[index][frame] = (set() if kinds == "ok" else set(kinds.split(",")), summarised)
    return out


def _text(kinds: set[str]) -> str:
    return ",".join(sorted(kinds)) or "decoded"


def compare(names: list[str], python: list[dict[int, set[str]]],
            lua: dict[int, dict[int, tuple[set[str], bool]]]) -> list[tuple[str, int, str, str]]:
    """(input, record, Python verdict, Lua verdict) of every record where they differ."""
    differ = []
    for index, name in enumerate(names):
        py, lu = python[index], lua.get(index, {})
        for record in sorted(set(py) | set(lu)):
            kinds = py.get(record, set())
            shown, _summarised = lu.get(record, (set(), False))
            if shown != kinds:
                differ.append((name, record, _text(kinds), _text(shown)))
    return differ


def _records(target: str, data: bytes) -> list:
    import harness
    protocol = lua_fuzz.protocol_of(target)
    return harness.split_records(data, streams=protocol.transport == "stream")


@cache
def corpus_run(target: str):
    import harness
    protocol = lua_fuzz.protocol_of(target)
    inputs = lua_fuzz.corpus_inputs(target) + lua_fuzz.regression_inputs(target)
    if protocol.transport == "stream":   # Wireshark does not resynchronise after a gap
        inputs = [(n, d) for n, d in inputs
                  if not any(isinstance(r, WirestructError) for r in _records(target, d))]
    python = [python_verdicts(protocol, _records(target, data), harness.LIMITS)
              for _, data in inputs]
    result = lua_fuzz.run(target, inputs, mode="verdict", lua=LUA, timeout=1800)
    return [name for name, _ in inputs], python, result


@cache
def hostile_run(target: str):
    protocol = lua_fuzz.protocol_of(target)
    attacks = lua_fuzz.hostile_inputs(target)
    python = []
    for attack in attacks:
        records = [CaptureRecord(i, float(i), Direction.S2C if s2c else Direction.C2S, data)
                   for i, (s2c, data) in enumerate(attack.records())]
        python.append(python_verdicts(protocol, records, Limits()))
    result = lua_fuzz.run(target, attacks, mode="verdict", lua=LUA, limits=Limits(),
                          timeout=1800, memory_kb=HOSTILE_HEAP_KB,
                          instructions=HOSTILE_INSTRUCTIONS)
    return [a.name for a in attacks], python, result


#: Inputs the dissector does not yet hold to the properties, and why: the work left. Each
#: must still fail (the test says so once it does not, and the entry is to go).
KNOWN: dict[str, str] = {}


def _check(names, python, result) -> None:
    """No broken property (a Lua error, a runaway, the heap cap) and no disagreement,
    but for the inputs of KNOWN, which must still show theirs."""
    def known(text: str) -> str | None:
        return next((name for name in KNOWN if name in text), None)

    findings = [f"{f.kind}: {f.message[:600]}" for f in result.findings]
    differ_all = compare(names, python, lua_verdicts(result))
    failing_known = {known(f) for f in findings} | {d[0] for d in differ_all if d[0] in KNOWN}
    assert {n for n in KNOWN if n in names} <= failing_known, "now holds: remove from KNOWN"
    broken = [f for f in findings if known(f) is None]
    differ = [d for d in differ_all if d[0] not in KNOWN]
    classes = Counter((py, lu) for _, _, py, lu in differ)
    for name, record, py, lu in differ:
        print(f"{name} record {record}: python {py}, lua {lu}")
    summary = "\n".join(f"  {n:5d} x python {py} / lua {lu}" for (py, lu), n in
                        classes.most_common())
    assert (broken, differ) == ([], []), (
        "the dissector broke a property:\n  " + "\n  ".join(broken) + "\n"
        f"{len(differ)} records of {len({d[0] for d in differ})} inputs (of {len(names)}) "
        f"disagree:\n{summary}")


@pytest.mark.parametrize("target", TARGETS)
def test_corpus_verdicts_agree(target):
    _check(*corpus_run(target))


@pytest.mark.parametrize("target", TARGETS)
def test_hostile_verdicts_agree(target):
    _check(*hostile_run(target))


def test_compare_counts_each_record():
    """The comparison itself: equal sets agree, a record only one side has errors in is a
    disagreement, and so is one kind for another."""
    python = [{0: {"ParseError"}, 1: {"DecodeError", "LimitExceededError"}, 3: set(),
               4: {"DecodeError"}}]
    lua = {0: {0: ({"ParseError"}, False), 1: ({"DecodeError", "LimitExceededError"}, True),
               2: ({"ParseError"}, False), 4: ({"ParseError"}, False)}}
    assert compare(["x"], python, lua) == [("x", 2, "decoded", "ParseError"),
                                           ("x", 4, "DecodeError", "ParseError")]
