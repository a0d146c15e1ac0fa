"""The generated Lua parsers on wirestruct's Lua runtime, under real lua5.4 and lua5.2
(and lua5.3 where installed), agree with the Python parse on every packet of every sample
and test capture: every field, parameter and instance value (numbers exactly, text,
bytes, enum names) and every field's byte range as the Python ``tree`` format records
it. One Lua process per task file. Damaged and hostile input gives the same failures as
in Python, as error objects, never a Lua error or a hang."""
from __future__ import annotations

import io
import math
import random
import struct
from collections import Counter
from functools import cache

import lz4.block
import pytest
from kaitaistruct import KaitaiStream
from lua_harness import (
    CAPTURES,
    INTERPRETERS,
    Tasks,
    capture_files,
    capture_items,
    first_difference,
    python_parse,
    run_lua,
)
from needs import needs
from wirestruct.core.errors import WirestructError
from wirestruct.core.lz4block import decompress_block
from wirestruct.core.resources import ksy_root
from wirestruct.wireshark import generated_lua_dirs, lua_dir


def _lua(name: str) -> str:
    return needs(name)


@pytest.fixture(params=INTERPRETERS)
def lua(request) -> str:
    return _lua(request.param)


def is52(lua: str) -> bool:
    return lua.endswith("5.2")


@cache
def packet_tasks(capture: str) -> tuple[Tasks, dict[int, dict]]:
    """The capture's packets (and expanded bodies) as parse tasks, with the Python result
    of each."""
    items, _ = capture_items(capture, CAPTURES[capture])
    tasks = Tasks()
    expected: dict[int, dict] = {}
    for item in items:
        i = tasks.parse(item.spec, item.data, item.label)
        if i not in expected:
            expected[i] = python_parse(item.spec, item.data)
    return tasks, expected


def assert_same(tasks: Tasks, expected: dict[int, dict], results: list[dict], lua: str,
                errors_too: bool = True) -> None:
    problems = []
    for i, got in enumerate(results):
        want = expected[i]
        if "error" in want or "error" in got:
            if ("error" in want) != ("error" in got):
                problems.append(f"{tasks.labels[i]}: python {want.get('error')} "
                                f"vs lua {got.get('error')}")
            continue
        found = (first_difference(want["view"], got["view"], "", is52(lua))
                 or first_difference(want["spans"], got["spans"], " ranges"))
        if found:
            problems.append(f"{tasks.labels[i]}: {found}")
    assert not problems, f"{len(problems)} differ, e.g.\n" + "\n".join(problems[:10])


# -- loading ----------------------------------------------------------------------------------
def test_every_generated_module_and_the_runtime_load(lua):
    tasks = Tasks()
    modules = sorted(p.stem for d in generated_lua_dirs().values() for p in d.glob("*.lua"))
    specs = sorted(p.stem for p in ksy_root().glob("*/*.ksy"))
    assert modules == specs
    for name in modules + ["kaitaistruct", "lz4block", "string_decode", "enum", "utils"]:
        tasks.add(f"load\t{name}", name)
    results = run_lua(lua, tasks)
    assert results == [{"loaded": True}] * len(tasks.lines)


@pytest.mark.parametrize("luac", ["luac5.2", "luac5.4"])
def test_generated_and_runtime_files_parse_with_luac(luac):
    import subprocess
    compiler = _lua(luac)
    files = [p for d in generated_lua_dirs().values() for p in d.glob("*.lua")]
    files += list(lua_dir().glob("*.lua"))
    for path in files:  # one at a time: luac5.4 -p of many files can crash (double free)
        proc = subprocess.run([compiler, "-p", str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


# -- every packet of every capture --------------------------------------------------------------
@pytest.mark.parametrize("capture", sorted(CAPTURES))
def test_every_packet_parses_as_in_python(lua, capture):
    tasks, expected = packet_tasks(capture)
    assert len(tasks.lines) > 100
    assert not any("error" in e for e in expected.values())
    assert_same(tasks, expected, run_lua(lua, tasks), lua)


@cache
def file_tasks() -> tuple[Tasks, dict[int, dict]]:
    tasks = Tasks()
    expected = {}
    for spec, data, label in capture_files():
        parsed = python_parse(spec, data)
        if "error" in parsed:    # a damaged case capture: its spec stops with an error
            continue
        expected[tasks.parse(spec, data, label)] = parsed
    return tasks, expected


def test_capture_files_parse_as_in_python(lua):
    """The capture specs (pcap, pcapng, link layers, IP, TCP, UDP) on whole files."""
    tasks, expected = file_tasks()
    assert len(tasks.lines) >= 7
    assert not any("error" in e for e in expected.values())
    assert_same(tasks, expected, run_lua(lua, tasks), lua)


# -- LZ4 ----------------------------------------------------------------------------------------
@cache
def capture_blocks():
    blocks = []
    for capture in ("samples/scrap_mechanic.jsonl", "samples/diep.jsonl"):
        blocks.extend(capture_items(capture, CAPTURES[capture])[1])
    return blocks


def test_lz4_blocks_of_the_captures_decompress_as_in_python(lua):
    blocks = capture_blocks()
    assert len(blocks) > 300
    tasks = Tasks()
    numbers = [tasks.lz4(b.block, 16 << 20, b.expected_size, b.label) for b in blocks]
    results = run_lua(lua, tasks)       # one a task: a block seen twice is one task
    assert [results[i].get("hex") for i in numbers] == [b.output.hex() for b in blocks]


def _python_lz4(block: bytes, cap: int, expected: int | None) -> dict:
    try:
        return {"hex": decompress_block(block, cap=cap, expected_size=expected).hex()}
    except WirestructError as exc:
        return {"error": {"kind": exc.kind}}


def hostile_blocks() -> list[tuple[str, bytes, int, int | None]]:
    """(label, block, cap, expected size) of LZ4 attacks and damage."""
    rng = random.Random(20240601)
    text = b"".join(b"wirestruct %d " % i for i in range(400))
    good = lz4.block.compress(text, store_size=False)
    bomb = bytes([0x1F, 0x61, 0x01, 0x00]) + b"\xff" * 4000 + b"\x10\x62"
    cases = [
        ("good", good, 1 << 20, None),
        ("good with its size", good, 1 << 20, len(text)),
        ("good, declared one byte short", good, 1 << 20, len(text) - 1),
        ("good, declared one byte long", good, 1 << 20, len(text) + 1),
        ("good over the cap", good, 1000, None),
        ("declared size over the cap", good, 1000, 5000),
        ("bomb: one literal, a long match", bomb, 1 << 20, None),
        ("bomb under a small cap", bomb, 4096, None),
        ("empty", b"", 1 << 20, None),
        ("empty, declared empty", b"", 1 << 20, 0),
        ("only a token", b"\x00", 1 << 20, None),
        ("offset zero, short", bytes([0x10, 0x61, 0x00, 0x00, 0x10, 0x62]), 1 << 20, None),
        ("offset before the start", bytes([0x10, 0x61, 0x05, 0x00, 0x10, 0x62]), 1 << 20, None),
        ("ends after a match", bytes([0x14, 0x61, 0x01, 0x00]), 1 << 20, None),
        ("literal length cut", bytes([0xF0, 0xFF]), 1 << 20, None),
        ("literals past the end", bytes([0x50, 0x61, 0x62]), 1 << 20, None),
        ("match length cut", bytes([0x1F, 0x61, 0x01, 0x00, 0xFF]), 1 << 20, None),
        ("offset cut", bytes([0x10, 0x61, 0x01]), 1 << 20, None),
    ]
    for n in range(1, len(good), max(1, len(good) // 24)):
        cases.append((f"cut to {n} bytes", good[:n], 1 << 20, None))
    for k in range(40):
        damaged = bytearray(good)
        for _ in range(1 + k % 4):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        cases.append((f"damaged #{k}", bytes(damaged), 1 << 20, None))
    for k in range(30):
        cases.append((f"random #{k}", rng.randbytes(rng.randrange(1, 300)), 1 << 16, None))
    return cases


def test_a_match_offset_of_zero_gives_zero_bytes_as_in_python(lua):
    """LZ4 has no offset 0; the lz4 library's safe decoder writes zero bytes for such a
    match (short or long, declared size or not), and so does the Lua runtime."""
    short = bytes([0x54]) + b"abcde" + bytes([0, 0]) + bytes([0x50]) + b"vwxyz"
    long = bytes([0x5F]) + b"abcde" + bytes([0, 0, 100]) + bytes([0x50]) + b"vwxyz"
    cases = [(short, None), (short, 18), (long, None), (long, 129)]
    tasks = Tasks()
    for block, expected in cases:
        tasks.lz4(block, 1 << 20, expected, f"offset 0, {expected}")
    got = [r.get("hex") for r in run_lua(lua, tasks)]
    want = [_python_lz4(block, 1 << 20, expected).get("hex") for block, expected in cases]
    assert want == [(b"abcde" + b"\0" * 8 + b"vwxyz").hex()] * 2 + \
        [(b"abcde" + b"\0" * 119 + b"vwxyz").hex()] * 2
    assert got == want


def _length(n: int) -> tuple[int, bytes]:
    """A token nibble and the length bytes after it for a length of n (n - 15 >= 0)."""
    if n < 15:
        return n, b""
    n -= 15
    return 15, b"\xff" * (n // 255) + bytes([n % 255])


def crafted_blocks(count: int, seed: int) -> list[tuple[str, bytes, int, int | None]]:
    """(label, block, cap, expected size) of raw LZ4 blocks written sequence by sequence,
    sound and not: literal runs and matches of every length class, offsets of 0, of 1 to
    8 (overlapping copies), up to and past the output made, literals that end the block,
    stop short of its end or pass it, matches near the buffer's end; each decoded with no
    declared size (under caps large and small) and with declared sizes around the true
    one, so that sequences fall on both sides of the decoder's fast-loop and end-of-block
    checks. Also real blocks with bytes changed, cut and lengthened."""
    rng = random.Random(seed)
    out: list[tuple[str, bytes, int, int | None]] = []
    while len(out) < count:
        block, made = bytearray(), 0
        for _ in range(rng.choice((0, 1, 2, 3, 5, 12))):
            lit = rng.choice((0, 0, 1, 3, 4, 7, 8, 13, 14, 15, 16, 40, 300))
            mlen = rng.choice((4, 5, 8, 18, 19, 20, 33, 100, 600))
            roll = rng.random()
            offset = (0 if roll < 0.08 else made + lit + 1 if roll < 0.12
                      else made + lit if roll < 0.2 else rng.randint(1, 8) if roll < 0.6
                      else rng.randint(1, max(1, made + lit)))
            lit_nibble, lit_more = _length(lit)
            ml_nibble, ml_more = _length(mlen - 4)
            block += bytes([lit_nibble * 16 + ml_nibble]) + lit_more
            block += rng.randbytes(lit) + struct.pack("<H", offset) + ml_more
            made += lit + mlen
        last = rng.choice((0, 1, 4, 5, 6, 12, 15, 20))
        nibble, more = _length(last)
        block += bytes([nibble * 16]) + more + rng.randbytes(last)
        roll = rng.random()
        if roll < 0.1:
            block = block[:rng.randrange(len(block))]
        elif roll < 0.2:
            block += rng.randbytes(rng.randint(1, 3))
        elif roll < 0.3:
            block[rng.randrange(len(block))] = rng.randrange(256)
        made += last
        label = f"crafted #{len(out)}"
        out.append((label, bytes(block), 1 << 20, None))
        out.append((label + " small cap", bytes(block), rng.randint(1, made + 40), None))
        for delta in (0, rng.randint(-70, 70), rng.randint(-8, 8)):
            out.append((f"{label} declared {made + delta}", bytes(block), 1 << 20,
                        max(0, made + delta)))
    for k in range(count // 10):
        data = b"".join(bytes([rng.randrange(4)]) * rng.randint(1, 30) + rng.randbytes(rng.randint(0, 9))
                        for _ in range(rng.randint(0, 40)))
        good = bytearray(lz4.block.compress(data, store_size=False))
        for _ in range(rng.randint(0, 3)):
            good[rng.randrange(len(good))] = rng.randrange(256)
        block = bytes(good)[:rng.choice((len(good), len(good), rng.randint(0, len(good))))]
        out.append((f"damaged real #{k}", block, 1 << 20, None))
        out.append((f"damaged real #{k} declared", block, 1 << 20, len(data)))
    return out


def test_crafted_lz4_blocks_decompress_or_fail_as_in_python(lua):
    """Thousands of blocks: the same bytes, or the same kind of error, as wirestruct's
    Python on the lz4 library, for every one."""
    cases = crafted_blocks(8000, 99)
    tasks = Tasks()
    numbers = [tasks.lz4(block, cap, expected, label) for label, block, cap, expected in cases]
    results = run_lua(lua, tasks)
    problems, kinds = [], Counter()
    for (label, block, cap, expected), k in zip(cases, numbers):
        want, got = _python_lz4(block, cap, expected), results[k]
        kinds["decoded" if "hex" in want else want["error"]["kind"]] += 1
        if ("hex" in want and got.get("hex") != want["hex"]) or (
                "error" in want and got.get("error", {}).get("kind") != want["error"]["kind"]):
            problems.append(f"{label} {block.hex()} cap {cap}: python {want}, lua {got}")
    assert len(cases) >= 8000
    assert min(kinds["decoded"], kinds["DecompressionError"], kinds["LimitExceededError"]) > 300
    assert not problems, f"{len(problems)} differ:\n" + "\n".join(problems[:10])


def test_hostile_lz4_blocks_fail_as_in_python(lua):
    """Same output, or the same kind of error (DecompressionError, LimitExceededError),
    as wirestruct's Python on the lz4 library, for attacks and damage."""
    cases = hostile_blocks()
    tasks = Tasks()
    for label, block, cap, expected in cases:
        tasks.lz4(block, cap, expected, label)
    results = run_lua(lua, tasks)
    problems = []
    for (label, block, cap, expected), got in zip(cases, results):
        want = _python_lz4(block, cap, expected)
        if "hex" in want:
            if got.get("hex") != want["hex"]:
                problems.append(f"{label}: python decompressed, lua {got}")
        elif got.get("error", {}).get("kind") != want["error"]["kind"]:
            problems.append(f"{label}: python {want['error']['kind']}, lua {got}")
    assert not problems, "\n".join(problems)


def test_a_16_mib_bomb_stops_at_the_cap_in_bounded_time(lua):
    import time
    # 3 bytes of literal, then matches of 255 * 255 + ... bytes: 16 MiB out of 66 KiB in.
    bomb = bytes([0x1F, 0x61, 0x01, 0x00]) + b"\xff" * 66000 + b"\x00\x10\x62"
    tasks = Tasks()
    tasks.lz4(bomb, 16 << 20, None, "bomb")
    tasks.lz4(bomb, 1 << 20, None, "bomb, 1 MiB cap")
    started = time.monotonic()
    results = run_lua(lua, tasks, timeout=120)
    assert time.monotonic() - started < 60
    assert [r["error"]["kind"] for r in results] == ["LimitExceededError"] * 2
    assert _python_lz4(bomb, 1 << 20, None)["error"]["kind"] == "LimitExceededError"


# -- damaged packets ----------------------------------------------------------------------------
def damaged_packets(capture: str, count: int, seed: int) -> list[tuple[str, bytes, str]]:
    """(spec, bytes, label) of packets of the capture cut short and with bytes changed."""
    items, _ = capture_items(capture, CAPTURES[capture])
    rng = random.Random(seed)
    chosen = rng.sample(items, min(count, len(items)))
    out = []
    for item in chosen:
        data = item.data
        for cut in sorted({0, 1, len(data) // 3, len(data) // 2, len(data) - 1}):
            if 0 <= cut < len(data):
                out.append((item.spec, data[:cut], f"{item.label} cut to {cut}"))
        for k in range(3):
            damaged = bytearray(data)
            for _ in range(1 + k):
                damaged[rng.randrange(len(damaged))] = rng.randrange(256)
            out.append((item.spec, bytes(damaged), f"{item.label} damaged #{k}"))
        out.append((item.spec, data + rng.randbytes(3), f"{item.label} with 3 more bytes"))
    return out


@cache
def damaged_tasks(capture: str) -> tuple[Tasks, dict[int, dict]]:
    # diep.io updates are large: fewer of them
    cases = damaged_packets(capture, 16 if "diep" in capture else 40, 7)
    tasks = Tasks()
    expected = {}
    for spec, data, label in cases:
        i = tasks.parse(spec, data, label)
        if i not in expected:
            expected[i] = python_parse(spec, data)
    return tasks, expected


@pytest.mark.parametrize("capture", ["samples/mme.jsonl", "samples/scrap_mechanic.jsonl",
                                     "samples/diep.jsonl"])
def test_damaged_packets_fail_or_parse_as_in_python(lua, capture):
    """Cut, changed and lengthened packets: where Python parses, Lua parses the same
    values and ranges; where Python fails, Lua gives an error object (a ParseError with
    an offset), never a Lua error."""
    tasks, expected = damaged_tasks(capture)
    results = run_lua(lua, tasks)
    assert_same(tasks, expected, results, lua)
    failures = [r["error"] for r in results if "error" in r]
    assert failures, "no damaged packet failed"
    for error in failures:
        assert error["kind"] == "ParseError", error
        assert isinstance(error.get("offset"), int), error
        assert error.get("field_path"), error


# -- errors -------------------------------------------------------------------------------------
def run_one(lua: str, spec: str, data: bytes) -> dict:
    tasks = Tasks()
    tasks.parse(spec, data, "one")
    return run_lua(lua, tasks)[0]


def test_end_of_data_names_the_field_offset_and_expected(lua):
    # MOVE_PLAYER with a payload length of 20 and 3 bytes of payload
    got = run_one(lua, "mme_packet", bytes.fromhex("18001400" "000000"))
    assert got["error"] == {
        "kind": "ParseError",
        "message": "unexpected end of data: requested 20 bytes, but only 3 bytes available",
        "expected": "more bytes", "field_path": "MmePacket.payload", "offset": 4}


def test_a_validation_error_names_the_value_expected_and_where(lua):
    # An IPv4 header whose IHL (5 at least) is 3. The offset is where the field's range
    # starts (a bit field: the byte the stream stood on, as the tree format places it).
    frame = bytes.fromhex("43000014000000004006000000000000000000000000")
    got = run_one(lua, "ipv4_packet", frame)["error"]
    assert got == {"kind": "ParseError", "message": "ValidationLessThanError",
                   "expected": ">= 5", "field_path": "Ipv4Packet.ihl", "offset": 1}
    assert python_parse("ipv4_packet", frame)["error"]["kind"] == "ParseError"
    # A byte-aligned field: its first byte. The TCP data offset (5 at least) of 2.
    segment = bytes.fromhex("0050abcd00000001000000002000ffff00000000")
    got = run_one(lua, "tcp_segment", segment)["error"]
    assert got["field_path"] == "TcpSegment.data_offset" and got["offset"] == 12
    assert got["expected"] == ">= 5"


def test_an_enum_value_the_spec_does_not_list_is_a_number_not_an_error(lua):
    got = run_one(lua, "mme_packet", bytes.fromhex("63000200abcd"))
    assert got["view"]["packet_type"] == 99
    assert got["view"]["payload"] == {"$h": "abcd"}
    assert got["spans"] == {"packet_type": [0, 2], "len_payload": [2, 2], "payload": [4, 2]}


def test_objects_beyond_the_budget_stop_the_parse(lua):
    # A diep 0x00 update saying it deletes 0x7fffffff entities, with 2 KiB of zeroes: each
    # deletion is an object, so the budget (16 an input byte + 4096) stops it first.
    data = bytes.fromhex("00" "00" "ffffffff07") + bytes(2048)
    got = run_one(lua, "diep_clientbound_diepcustom_011c2e9", data)
    assert got["error"]["kind"] in ("ParseError", "LimitExceededError")


# -- stream reads, differentially -----------------------------------------------------------------
OPS = ["u1", "s1", "u2le", "u2be", "s2le", "s2be", "u4le", "u4be", "s4le", "s4be",
       "u8le", "u8be", "s8le", "s8be", "f4le", "f4be", "f8le", "f8be"]


def python_reads(ops: list[str], data: bytes) -> dict:
    stream = KaitaiStream(io.BytesIO(data))
    values, positions = [], []
    for k, op in enumerate(ops, 1):
        try:
            if op.startswith("bbe"):
                value = stream.read_bits_int_be(int(op[3:]))
            elif op.startswith("ble"):
                value = stream.read_bits_int_le(int(op[3:]))
            elif op.startswith("n"):
                value = stream.read_bytes(int(op[1:]))
            elif op.startswith("seek"):
                value = stream.seek(int(op[4:]))
            elif op.startswith("term"):
                term, inc, con, eos = op[4:].split(":")
                value = stream.read_bytes_term(int(term), inc == "1", con == "1", eos == "1")
            elif op == "full":
                value = stream.read_bytes_full()
            elif op == "align":
                value = stream.align_to_byte()
            elif op == "eof":
                value = stream.is_eof()
            elif op == "size":
                value = stream.size()
            else:
                value = getattr(stream, "read_" + op)()
        except Exception:  # noqa: BLE001 - where the first failure happens is compared
            return {"values": values, "pos": positions, "at": k}
        if isinstance(value, (bytes, bytearray)):
            value = {"$h": bytes(value).hex()}
        elif isinstance(value, float) and not math.isfinite(value):
            value = {"$f": "NaN" if math.isnan(value) else
                     ("Infinity" if value > 0 else "-Infinity")}
        values.append(value)
        positions.append(stream.pos())
    return {"values": values, "pos": positions}


def random_ops(rng: random.Random, size: int) -> list[str]:
    ops = []
    for _ in range(rng.randrange(1, 24)):
        r = rng.random()
        if r < 0.35:
            ops.append(rng.choice(OPS))
        elif r < 0.65:
            ops.append(f"{rng.choice(['bbe', 'ble'])}{rng.randrange(1, 46)}")
        elif r < 0.75:
            ops.append(f"n{rng.randrange(0, 9)}")
        elif r < 0.8:
            ops.append(f"seek{rng.randrange(0, size + 3)}")
        elif r < 0.85:
            ops.append(f"term{rng.choice([0, 0x41, 0xff])}:{rng.randrange(2)}:"
                       f"{rng.randrange(2)}:{rng.randrange(2)}")
        elif r < 0.9:
            ops.append(rng.choice(["align", "eof", "size"]))
        else:
            ops.append("full")
    return ops


def _as_lua_sees(value, lua52: bool):
    """A Python 64-bit value as standalone Lua holds it (wrapped on 5.3+ past 2^63,
    rounded to a double on 5.2 past 2^53)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if lua52 and abs(value) > 2**53:
            return float(value)
        if not lua52 and value >= 2**63:
            return value - 2**64
    return value


def test_random_reads_match_kaitai_python(lua):
    rng = random.Random(1234)
    special = [struct.pack("<f", v) for v in (0.0, -0.0, 1.5, -2.25, 1e-45, 3.4e38,
                                             float("inf"), float("-inf"), float("nan"))]
    special += [struct.pack("<d", v) for v in (0.0, -0.0, 5e-324, 1.7976931348623157e308,
                                              -1e-310, float("inf"), 0.1)]
    cases = []
    for k in range(400):
        data = rng.randbytes(rng.randrange(0, 40))
        if k < len(special):
            data = special[k] + special[k][::-1] + data
        cases.append((random_ops(rng, len(data)), data))
    cases.append((["u8le", "u8be", "s8le", "s8be"],
                  bytes.fromhex("ffffffffffffffff" "8000000000000001" "0100000000000080"
                                "7fffffffffffffff")))
    tasks = Tasks()
    for ops, data in cases:
        tasks.reads(",".join(ops), data, "reads")
    results = run_lua(lua, tasks)
    problems = []
    for (ops, data), got in zip(cases, results):
        want = python_reads(ops, data)
        want["values"] = [_as_lua_sees(v, is52(lua)) for v in want["values"]]
        got_cmp = {k: got[k] for k in ("values", "pos", "at") if k in got}
        found = first_difference(want, got_cmp, "", is52(lua))
        if found:
            problems.append(f"{ops} on {data.hex()}: {found}")
    assert not problems, f"{len(problems)} differ, e.g.\n" + "\n".join(problems[:8])


# -- zlib / gzip (MME map data) ----------------------------------------------------------------
def _python_exact(data: bytes, size: int) -> dict:
    from wirestruct.protocols.mme.inflate import inflate_exact
    try:
        return {"hex": inflate_exact(data, size).hex()}
    except WirestructError as exc:
        return {"error": {"kind": exc.kind}}


def _python_feed(pieces: list[bytes], cap: int, per_feed: int) -> dict:
    from wirestruct.protocols.mme.inflate import StreamInflater
    inflater = StreamInflater(cap, per_feed=per_feed)
    sizes, out = [], b""
    for k, piece in enumerate(pieces, 1):
        try:
            got = inflater.feed(piece)
        except WirestructError as exc:
            return {"sizes": sizes, "hex": out.hex(), "at": k, "error": {"kind": exc.kind}}
        sizes.append(len(got))
        out += got
    return {"sizes": sizes, "hex": out.hex(), "inside": inflater.in_stream}


@cache
def zlib_cases() -> list[tuple[str, bytes, int]]:
    """(label, data, size) of map data of the captures and of attacks and damage."""
    import gzip
    import zlib

    from lua_harness import ROOT
    from wirestruct import decode_records, get_protocol, open_capture
    from wirestruct.core.events import PacketEvent
    cases = []
    protocol = get_protocol("mme")
    for capture in ("samples/mme.jsonl", "tests/data/mme/session.pcapng"):
        with open_capture(ROOT / capture) as f:
            for e in decode_records(f.records(protocol), protocol.decoder()):
                if isinstance(e, PacketEvent) and e.name == "map_data":
                    cases.append((f"{capture} #{e.index}", bytes(e.packet.payload.data),
                                  e.packet.payload.region.volume))
    rng = random.Random(5)
    text = b"".join(b"row %d " % (i % 37) for i in range(4000))
    streams = [zlib.compress(text, 9), zlib.compress(rng.randbytes(2000), 0),
               gzip.compress(text[:3000]), zlib.compress(b"", 6),
               gzip.compress(text, mtime=0)[:10] + gzip.compress(text)[10:]]
    bomb = zlib.compress(bytes(1 << 22), 9)            # 4 MiB of zeros from ~4 KiB
    cases += [
        ("zlib", streams[0], len(text)), ("stored", streams[1], 2000),
        ("gzip", streams[2], 3000), ("empty stream", streams[3], 0),
        ("zlib + gzip + stored", streams[0] + streams[2] + streams[1], len(text) + 5000),
        ("one byte short", streams[0], len(text) + 1), ("one byte long", streams[0], len(text) - 1),
        ("bomb over the volume", bomb, 1 << 16), ("bomb at the volume", bomb, 1 << 22),
        ("nothing", b"", 10), ("garbage after a stream", streams[0] + b"\x00", len(text)),
        ("bad header", b"\x78\x9d" + streams[0][2:], len(text)),
        ("preset dictionary", b"\x78\xbb" + streams[0][2:], len(text)),
        ("bad window", b"\x88\x98" + streams[0][2:], len(text)),
        ("bad method", b"\x1f\x8b\x07" + streams[2][3:], 3000),
        ("gzip with a name", gzip_member(text[:500], b"map.bin"), 500),
    ]
    for n in range(1, len(streams[0]), max(1, len(streams[0]) // 16)):
        cases.append((f"cut to {n}", streams[0][:n], len(text)))
    for k in range(60):
        damaged = bytearray(rng.choice(streams[:3]))
        for _ in range(1 + k % 3):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        cases.append((f"damaged #{k}", bytes(damaged), len(text)))
    return cases


def gzip_member(data: bytes, name: bytes) -> bytes:
    """A gzip member with FNAME, FCOMMENT, FEXTRA and FHCRC set."""
    import struct
    import zlib
    header = b"\x1f\x8b\x08" + bytes([0x1E]) + b"\x00" * 4 + b"\x00\x03"
    header += struct.pack("<H", 3) + b"abc" + name + b"\x00" + b"comment\x00"
    header += struct.pack("<H", zlib.crc32(header) & 0xFFFF)
    body = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = body.compress(data) + body.flush()
    return header + deflated + struct.pack("<II", zlib.crc32(data), len(data))


def test_zlib_and_gzip_inflate_as_in_python(lua):
    """The Lua inflater (MME map data in Wireshark) gives Python's output or the same kind
    of error (DecompressionError, LimitExceededError) on the captures' map data, attacks
    (a 1000:1 bomb, streams that lie) and damage."""
    cases = zlib_cases()
    tasks = Tasks()
    at = [tasks.inflate(data, size, label) for label, data, size in cases]
    results = run_lua(lua, tasks, timeout=300)
    problems = []
    for (label, data, size), k in zip(cases, at):
        got = results[k]
        want = _python_exact(data, size)
        if "hex" in want:
            if got.get("hex") != want["hex"]:
                problems.append(f"{label}: python inflated, lua {str(got)[:200]}")
        elif got.get("error", {}).get("kind") != want["error"]["kind"]:
            problems.append(f"{label}: python {want['error']['kind']}, lua {str(got)[:200]}")
    assert sum(1 for c in cases if "#" in c[0] and "capture" not in c[0]) > 5
    assert not problems, "\n".join(problems)


def test_streams_fed_in_pieces_inflate_as_in_python(lua):
    """MAP_TOTAL_DATA: streams across packets, every piece giving the bytes Python's
    inflater gives for it, the caps per piece and in all."""
    import zlib
    text = b"".join(b"col %d " % (i % 23) for i in range(6000))
    data = zlib.compress(text, 9) + zlib.compress(text[:777], 1)
    rng = random.Random(8)
    cases = []
    for size in (1, 3, 64, 1000, len(data)):
        cases.append((f"pieces of {size}", [data[i:i + size] for i in range(0, len(data), size)],
                      1 << 30, 1 << 30))
    cuts = sorted(rng.sample(range(1, len(data)), 20))
    pieces = [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)])]
    cases += [("random pieces", pieces, 1 << 30, 1 << 30),
              ("over the map", pieces, len(text), 1 << 30),
              ("over one piece's cap", pieces, 1 << 30, 4000),
              ("cut", pieces[:-1], 1 << 30, 1 << 30),
              ("corrupt, then more", pieces[:3] + [b"\xff" * 40] + pieces[3:], 1 << 30, 1 << 30)]
    tasks = Tasks()
    at = [tasks.feed(parts, cap, per_feed, label) for label, parts, cap, per_feed in cases]
    results = run_lua(lua, tasks)
    problems = []
    for (label, parts, cap, per_feed), k in zip(cases, at):
        got = results[k]
        want = _python_feed(parts, cap, per_feed)
        for key in ("sizes", "hex", "at") + (() if "error" in want else ("inside",)):
            if want.get(key) != got.get(key):
                problems.append(f"{label}: {key} python {str(want.get(key))[:80]} "
                                f"lua {str(got.get(key))[:80]}")
        if "error" in want and want["error"]["kind"] != got.get("error", {}).get("kind"):
            problems.append(f"{label}: python {want['error']}, lua {got.get('error')}")
    assert not problems, "\n".join(problems)


@cache
def long_match_cases() -> list[tuple[str, bytes, int]]:
    """(label, data, size) whose output is mostly long matches: runs of one byte and
    repeated stretches (short and far back), stored blocks, in zlib streams and gzip
    members, whole, end to end, cut, with damaged checksums and over their size."""
    import zlib
    rng = random.Random(11)

    def deflated(data: bytes, wbits: int, level: int = 9) -> bytes:
        comp = zlib.compressobj(level, zlib.DEFLATED, wbits)
        return comp.compress(data) + comp.flush()

    far = rng.randbytes(20000)
    bodies = [("run", bytes([7]) * 300_000), ("zeros", bytes(70_000)),
              ("ab", b"ab" * 50_000), ("period 10", b"0123456789" * 20_000),
              ("period 300", rng.randbytes(300) * 400), ("far", (far * 9)[:150_000]),
              ("runs of every length", b"".join(bytes([k % 256]) * k for k in range(1, 600))),
              ("stored", rng.randbytes(150_000))]
    cases = []
    for wbits, kind in ((15, "zlib"), (31, "gzip")):
        for name, body in bodies:
            level = 0 if name == "stored" else 9
            data = deflated(body, wbits, level)
            label = f"{kind} {name}"
            cases += [(label, data, len(body)), (f"{label}, one byte over", data, len(body) - 1),
                      (f"{label}, cut", data[:len(data) // 2], len(body))]
            for at in (-8, -5, -1):          # the checksum (zlib) or CRC and length (gzip)
                damaged = bytearray(data)
                damaged[at] ^= 0x40
                cases.append((f"{label}, trailer byte {at} damaged", bytes(damaged), len(body)))
        two = deflated(bodies[0][1], wbits) + deflated(bodies[3][1], wbits)
        cases.append((f"{kind} run + period 10", two, len(bodies[0][1]) + len(bodies[3][1])))
    return cases


def test_long_matches_runs_and_stored_blocks_inflate_as_in_python(lua):
    """Long matches, made of string operations in Lua, with checksums worked out per run,
    give Python's bytes, and its kind of error for a damaged checksum, a cut stream or
    output past the size."""
    cases = long_match_cases()
    tasks = Tasks()
    at = [tasks.inflate(data, size, label) for label, data, size in cases]
    results = run_lua(lua, tasks, timeout=300)
    problems, errors = [], 0
    for (label, data, size), k in zip(cases, at):
        got, want = results[k], _python_exact(data, size)
        if "hex" in want:
            if got.get("hex") != want["hex"]:
                problems.append(f"{label}: python inflated, lua {str(got)[:200]}")
        else:
            errors += 1
            if got.get("error", {}).get("kind") != want["error"]["kind"]:
                problems.append(f"{label}: python {want['error']['kind']}, lua {str(got)[:200]}")
    # a zlib stream's byte -5 is its deflate data's last, whose damaged bit is padding
    assert errors == 2 * 8 * 5 - 8, errors
    assert not problems, "\n".join(problems)


def test_long_matches_and_stored_blocks_fed_in_pieces_inflate_as_in_python(lua):
    """Streams of runs, far matches and stored blocks cut across packets: each piece gives
    the bytes Python's inflater gives for it, also at the caps."""
    import gzip
    import zlib
    rng = random.Random(12)
    far = rng.randbytes(5000)
    data = (zlib.compress(b"x" * 100_000 + (far * 8)[:33_000], 9)
            + gzip.compress(b"yz" * 30_000, 9) + zlib.compress(rng.randbytes(70_000), 0))
    out_size = 100_000 + 33_000 + 60_000 + 70_000
    cuts = sorted(rng.sample(range(1, len(data)), 30))
    pieces = [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)])]
    cases = [("random pieces", pieces, 1 << 30, 1 << 30),
             ("pieces of 97", [data[i:i + 97] for i in range(0, len(data), 97)], 1 << 30, 1 << 30),
             ("over the map", pieces, out_size - 1, 1 << 30),
             ("over one piece's cap", pieces, 1 << 30, 20_000)]
    tasks = Tasks()
    at = [tasks.feed(parts, cap, per_feed, label) for label, parts, cap, per_feed in cases]
    results = run_lua(lua, tasks)
    problems = []
    for (label, parts, cap, per_feed), k in zip(cases, at):
        got, want = results[k], _python_feed(parts, cap, per_feed)
        for key in ("sizes", "hex", "at") + (() if "error" in want else ("inside",)):
            if want.get(key) != got.get(key):
                problems.append(f"{label}: {key} python {str(want.get(key))[:80]} "
                                f"lua {str(got.get(key))[:80]}")
        if "error" in want and want["error"]["kind"] != got.get("error", {}).get("kind"):
            problems.append(f"{label}: python {want['error']}, lua {got.get('error')}")
    assert [("error" in _python_feed(p, c, f)) for _, p, c, f in cases] == [
        False, False, True, True]
    assert not problems, "\n".join(problems)


INSTRUCTION_COUNT = r"""
-- inflate each hex line of a file, print: input bytes, output bytes, Lua VM instructions
-- in thousands (a debug hook every 1000, also in the inflater's coroutine)
package.path = arg[1] .. "/?.lua;" .. package.path
local count = 0
local function hook() count = count + 1 end
local create = coroutine.create
coroutine.create = function(f)
  local co = create(f)
  debug.sethook(co, hook, "", 1000)
  return co
end
local inflate = require("inflate")
for line in io.lines(arg[2]) do
  local data = line:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end)
  count = 0
  debug.sethook(hook, "", 1000)
  local ok, out = inflate.new(2 ^ 40, 2 ^ 40, "map"):feed(data)
  debug.sethook()
  print(#data .. " " .. (ok and #out or -1) .. " " .. count)
end
"""


def test_inflating_costs_instructions_linear_in_the_output_and_few_per_run_byte(lua, tmp_path):
    """Counted in Lua VM instructions (not time): a run of one byte, a short stretch
    repeated (zlib and gzip, whose CRC-32 is worked out per run) cost under 2.5
    instructions per output byte, matches far back under 12, and 4 MiB costs at most
    4.4 times 1 MiB."""
    import zlib
    rng = random.Random(13)
    far = rng.randbytes(20000)
    kinds = []
    for wbits in (15, 31):
        kinds += [(f"run {wbits}", wbits, lambda n: b"\x07" * n, 2.5),
                  (f"period 10 {wbits}", wbits, lambda n: (b"0123456789" * (n // 10 + 1))[:n], 2.5)]
    kinds.append(("far", 15, lambda n: (far * (n // 20000 + 1))[:n], 12))
    lines, expect = [], []
    for name, wbits, body, per_byte in kinds:
        for size in (1 << 20, 4 << 20):
            comp = zlib.compressobj(9, zlib.DEFLATED, wbits)
            lines.append((comp.compress(body(size)) + comp.flush()).hex())
            expect.append((name, size, per_byte))
    (tmp_path / "count.lua").write_text(INSTRUCTION_COUNT)
    (tmp_path / "streams.txt").write_text("\n".join(lines) + "\n")
    import subprocess
    proc = subprocess.run([lua, str(tmp_path / "count.lua"), str(lua_dir()),
                           str(tmp_path / "streams.txt")], capture_output=True, text=True,
                          timeout=600, check=True)
    rows = [tuple(int(x) for x in line.split()) for line in proc.stdout.splitlines()]
    assert [r[1] for r in rows] == [size for _, size, _ in expect]
    problems = []
    for k in range(0, len(rows), 2):
        name, size, per_byte = expect[k]
        small, large = rows[k][2] * 1000, rows[k + 1][2] * 1000
        if small > per_byte * size:
            problems.append(f"{name}: {small / size:.2f} instructions per byte")
        if large > 4.4 * small:
            problems.append(f"{name}: 4 MiB costs {large / small:.2f} times 1 MiB")
    assert not problems, "\n".join(problems)


LZ4_INSTRUCTION_COUNT = r"""
-- decompress each hex line of a file (no declared size, a cap of 2^40), print: input
-- bytes, output bytes, Lua VM instructions in thousands (a debug hook every 1000)
package.path = arg[1] .. "/?.lua;" .. package.path
local count = 0
local function hook() count = count + 1 end
local lz4 = require("lz4block")
for line in io.lines(arg[2]) do
  local data = line:gsub("%x%x", function(c) return string.char(tonumber(c, 16)) end)
  count = 0
  debug.sethook(hook, "", 1000)
  local ok, out = pcall(lz4.decompress, data, 2 ^ 40)
  debug.sethook()
  print(#data .. " " .. (ok and #out or -1) .. " " .. count)
end
"""


def test_lz4_costs_instructions_linear_in_the_output_and_few_per_match_byte(lua, tmp_path):
    """Counted in Lua VM instructions (not time): a run of one byte and a short stretch
    repeated (long matches close by) cost under 0.2 instructions per output byte, long
    matches far back under 0.5, text (short literals and matches) under 30; 4 MiB costs
    at most 4.4 times 1 MiB."""
    import subprocess
    rng = random.Random(21)
    far = rng.randbytes(20000)
    words = [rng.randbytes(rng.randint(3, 9)) for _ in range(300)]
    kinds = [("run", lambda n: b"\x07" * n, 0.2),
             ("period 10", lambda n: (b"0123456789" * (n // 10 + 1))[:n], 0.2),
             ("far", lambda n: (far * (n // 20000 + 1))[:n], 0.5),
             ("words", lambda n: b"".join(rng.choice(words) for _ in range(n // 3))[:n], 30)]
    lines, expect = [], []
    for name, body, per_byte in kinds:
        for size in (1 << 20, 4 << 20):
            lines.append(lz4.block.compress(body(size), store_size=False).hex())
            expect.append((name, size, per_byte))
    (tmp_path / "count.lua").write_text(LZ4_INSTRUCTION_COUNT)
    (tmp_path / "blocks.txt").write_text("\n".join(lines) + "\n")
    proc = subprocess.run([lua, str(tmp_path / "count.lua"), str(lua_dir()),
                           str(tmp_path / "blocks.txt")], capture_output=True, text=True,
                          timeout=600, check=True)
    rows = [tuple(int(x) for x in line.split()) for line in proc.stdout.splitlines()]
    assert [r[1] for r in rows] == [size for _, size, _ in expect]
    problems = []
    for k in range(0, len(rows), 2):
        name, size, per_byte = expect[k]
        small, large = max(rows[k][2], 1) * 1000, rows[k + 1][2] * 1000
        if small > per_byte * size:
            problems.append(f"{name}: {small / size:.2f} instructions per byte")
        if large > 4.4 * small:
            problems.append(f"{name}: 4 MiB costs {large / small:.2f} times 1 MiB")
    assert not problems, "\n".join(problems)
