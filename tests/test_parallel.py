"""``wirestruct decode --jobs N``: the output of worker processes is the one-process output,
byte for byte, on every sample and test capture, damaged ones included; memory stays
bounded by the chunks in flight."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_inputs import (
    jsonl,
    sm_compound_body,
    sm_create_static,
    sm_lz4,
    sm_raw_update,
    sm_remove,
    sm_update_body,
    sm_update_joint,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st
from mme_attacks import lying_lengths
from wirestruct import ErrorEvent, decode_records, get_protocol, open_capture, to_jsonable
from wirestruct.core.decoder import PacketContext
from wirestruct.core.records import CaptureRecord, Direction
from wirestruct.parallel import (
    _SPAN,
    ParallelDecode,
    _Chunk,
    _decode_units,
    _init_worker,
    _pattern,
    _rebased,
    _shared_out,
    _split_numbers,
    event_line,
)
from wirestruct.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
MME_DATA = ROOT / "tests" / "data" / "mme"
LOOPBACK = ROOT / "tests" / "data" / "captures"


def _damaged_lines(path: Path, seed: int) -> str:
    """A JSON Lines capture with records cut, bytes flipped, records lost, garbage records
    and a line that is not JSON."""
    rng = random.Random(seed)
    out = []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        data = bytearray.fromhex(record["data"])
        roll = rng.random()
        if roll < 0.04:
            continue                                   # lost: deltas and streams break
        if roll < 0.10 and data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif roll < 0.14:
            data = data[:rng.randrange(len(data) + 1)]
        elif roll < 0.16:
            data = bytearray(rng.randbytes(rng.randrange(1, 64)))
        record["data"] = data.hex()
        out.append(json.dumps(record))
        if roll > 0.995:
            out.append("{not json")
    return "\n".join(out) + "\n"


def _sm_hostile() -> str:
    """Creates, Updates that need their controller type, Removes, a compound holding
    network updates, sub-updates that fail to parse, a broken LZ4 block."""
    updates = [sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(i)))) for i in range(5)]
    updates += [sm_lz4(22, sm_update_body(sm_raw_update(sm_update_joint(i)))) for i in range(5)]
    compound = sm_compound_body([(22, sm_update_body(sm_raw_update(sm_remove(3))
                                                     + sm_raw_update(sm_create_static(9)))),
                                 (22, sm_update_body(sm_raw_update(b"\x60\x00\x00")))])
    updates.append(sm_lz4(29, compound))
    updates.append(sm_lz4(22, sm_update_body(sm_raw_update(sm_update_joint(9)[:-3]))))
    updates.append(bytes([22, 0xF0, 1, 2]))
    return jsonl(updates * 3)


@pytest.fixture(scope="module")
def captures(tmp_path_factory):
    """(capture, extra arguments) of every protocol: samples, test captures, damaged ones."""
    tmp = tmp_path_factory.mktemp("parallel")
    damaged = {}
    for name, protocol, seed in (("scrap_mechanic", "scrap-mechanic", 1), ("mme", "mme", 2),
                                 ("diep", "diep", 3)):
        path = tmp / f"{name}_damaged.jsonl"
        path.write_text(_damaged_lines(SAMPLES / f"{name}.jsonl", seed))
        damaged[name] = (path, ["-p", protocol])
    hostile = tmp / "sm_hostile.jsonl"
    hostile.write_text(_sm_hostile())
    lying = tmp / "mme_lying.jsonl"
    lying.write_text(json.dumps({"t": 0, "dir": "s2c", "data": lying_lengths().hex()}) + "\n")
    return {
        "sm_sample": (SAMPLES / "scrap_mechanic.jsonl", ["-p", "scrap-mechanic"]),
        "mme_sample": (SAMPLES / "mme.jsonl", ["-p", "mme"]),
        "diep_sample": (SAMPLES / "diep.jsonl", ["-p", "diep"]),
        "mme_pcapng": (MME_DATA / "session.pcapng", ["-p", "mme"]),
        "mme_session_raw": (MME_DATA / "session.jsonl", ["-p", "mme", "--raw"]),
        # random bytes as an MME stream: every packet is lost and resynchronized
        "loopback_as_mme": (LOOPBACK / "lo_ethernet.pcap", ["-p", "mme", "--server", "47311"]),
        "sm_damaged": damaged["scrap_mechanic"],
        "mme_damaged": damaged["mme"],
        "diep_damaged": damaged["diep"],
        "sm_hostile": (hostile, ["-p", "scrap-mechanic"]),
        "mme_lying": (lying, ["-p", "mme"]),
    }


CLI_CASES = ("sm_sample", "mme_pcapng", "diep_damaged", "sm_hostile", "mme_damaged")
FMT = (False, "number")   # readable JSON, integers as numbers


def _one_process(capsys, path, extra):
    status = main(["decode", str(path), *extra, "--jobs", "1"])
    out, err = capsys.readouterr()
    return status, out, _head(err)


def _head(stderr: str) -> str:
    """The closing summary's first line: packets and errors."""
    return next(line for line in stderr.splitlines() if line.endswith(" errors"))


def test_cli_jobs_2_prints_what_jobs_1_prints(captures, capsys):
    errors_seen = 0
    # Through real processes for one capture of each kind; the API test below covers all.
    for key in CLI_CASES:
        path, extra = captures[key]
        status, expected, summary = _one_process(capsys, path, extra)
        done = subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", "decode",
                               str(path), *extra, "--jobs", "2"],
                              check=False, capture_output=True, text=True, timeout=300)
        assert done.returncode == status == 0, (key, done.stderr)
        assert done.stdout == expected, key
        assert _head(done.stderr) == summary, key
        errors_seen += int(summary.split()[3])
    assert errors_seen > 20  # the damaged captures did exercise the error paths


def _open(path, extra):
    protocol = get_protocol(extra[1])
    server = extra[extra.index("--server") + 1] if "--server" in extra else None
    return protocol, open_capture(path, server=server)


def test_api_small_chunks_match_one_process(captures):
    """Chunks of 3 packets, at most 2 in flight: events made in this process (framing and
    capture errors, MME transfers) fall between and inside chunks. The capture's path is
    given, so error events name its file, in both."""
    for key, (path, extra) in captures.items():
        fmt = ("--raw" in extra, "number")
        protocol, capture = _open(path, extra)
        with capture:
            events = list(decode_records(capture.records(protocol), protocol.decoder(),
                                         file=capture.path))
        expected = b"".join(event_line(event, fmt) for event in events)
        protocol, capture = _open(path, extra)
        with capture:
            out = ParallelDecode(capture.records(protocol), protocol, jobs=2, fmt=fmt,
                                 chunk_packets=3, max_in_flight=2, path=capture.path)
            text = b"".join(out)
        assert text == expected, key
        errors = sum(isinstance(event, ErrorEvent) for event in events)
        assert (out.tally.packets, out.tally.errors) == (len(events) - errors, errors), key
        assert out.peak_in_flight <= 2


def test_indices_count_every_event_in_order(captures, capsys):
    path, _ = captures["sm_damaged"]
    with open_capture(path) as capture:
        out = b"".join(ParallelDecode(capture.records(), get_protocol("scrap-mechanic"),
                                      jobs=2, chunk_packets=5, path=capture.path))
    events = [json.loads(line) for line in out.splitlines()]
    indexed = [e["index"] for e in events if e["index"] is not None]
    assert indexed == list(range(len(indexed)))
    errors = [e for e in events if "error" in e and e.get("packet_index") is not None]
    assert errors and all(e["packet_index"] == e["index"] for e in errors)
    nested = [e for e in events if e.get("parent") is not None]
    by_index = {e["index"]: e for e in events if e["index"] is not None}
    assert all(by_index[e["parent"]]["name"] == "compound_packet" for e in nested)


def _sm_records(n: int, pulled: list):
    body = sm_lz4(22, sm_update_body(sm_raw_update(sm_create_static(1))
                                     + sm_raw_update(sm_update_joint(2))))
    for i in range(n):
        pulled[0] += 1
        yield CaptureRecord(i, float(i), Direction.S2C, body)


def test_memory_is_bounded_by_the_chunks_in_flight():
    """The records read ahead of the output never exceed the chunks in flight: a long
    capture is not held in memory whatever its length."""
    pulled = [0]
    chunk, in_flight = 8, 2
    out = ParallelDecode(_sm_records(3000, pulled), get_protocol("scrap-mechanic"), jobs=2,
                         chunk_packets=chunk, max_in_flight=in_flight)
    written = ahead = 0
    for text in out:
        written += text.count(b"\n")
        ahead = max(ahead, pulled[0] - written)
    assert written == 3000
    assert out.peak_in_flight <= in_flight
    assert ahead <= (in_flight + 1) * chunk


def test_a_number_in_the_data_like_an_event_number_is_told_apart():
    base = 12345678
    ours = f'{{"index": {base * _SPAN + 40}}}\n'.encode()
    assert _split_numbers(ours, base, 40, 41) == [b'{"index": ', 40, b"}\n"]
    assert b"".join(_rebased(_split_numbers(ours, base, 40, 41), 1000)) == b'{"index": 1040}\n'
    foreign = ours + f'{{"value": {base * _SPAN + 7}}}\n'.encode()
    assert _split_numbers(foreign, base, 40, 41) is None
    bigger = ours + f'{{"value": {base * _SPAN + 7}1}}\n'.encode()  # 19 digits: not the form
    assert b"".join(_rebased(_split_numbers(bigger, base, 40, 41), 2)) == \
        f'{{"index": 42}}\n{{"value": {base * _SPAN + 7}1}}\n'.encode()


def _by_pattern(text, base, low, high):
    """The reference: every number of the base's form found by the exact pattern."""
    parts = _pattern(base).split(text)
    for i in range(1, len(parts), 2):
        if not low <= int(parts[i]) < high:
            return None
        parts[i] = int(parts[i])
    return parts


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.one_of(
    st.sampled_from(["1212", "12121212", "1", "x", "٣", '"', ",", " ", "0"]),
    st.integers(0, 60).map(lambda n: f"{12121212 * _SPAN + n}"),
    st.integers(0, 10**10 - 1).map(lambda n: f"12121212{n}")), max_size=12))
@example(["7", f"{12121212 * _SPAN + 3}", "}"])            # a digit before
@example([f"{12121212 * _SPAN + 3}", "9"])                  # a digit after
@example(["12121212", "00000٣0000", ","])                   # a digit that is not ASCII
@example([f"{12121212 * _SPAN + 3}", f"{12121212 * _SPAN + 4}"])  # one cut after another
def test_event_numbers_are_cut_where_the_exact_pattern_finds_them(pieces):
    # A base whose digits repeat, so cuts overlap, touch digits and run into each other.
    text = "".join(pieces).encode()
    assert _split_numbers(text, 12121212, 0, 50) == _by_pattern(text, 12121212, 0, 50)


def _sequence(chunk):
    """A chunk's output order: its packets, each event made here after the packets it
    followed."""
    out, local = [], list(chunk.local)
    for i, unit in enumerate(chunk.units + [None]):
        out += [item for before, item in local if before == i]
        if unit is not None:
            out.append(unit)
    return out


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(0, 40), st.lists(st.integers(0, 40), max_size=8), st.integers(1, 5))
def test_the_last_chunk_is_shared_out_in_order(n_units, places, parts):
    units = [("unit", i) for i in range(n_units)]
    local = sorted((min(place, n_units), ("local", k)) for k, place in enumerate(places))
    chunk = _Chunk(units=units, local=local)
    shared = _shared_out(chunk, parts)
    assert [x for part in shared for x in _sequence(part)] == _sequence(chunk)
    assert len(shared) <= max(1, parts) and all(len(part) for part in shared)
    if n_units >= parts:
        assert len(shared) == parts or n_units % parts   # every worker has a share
    assert _shared_out(_Chunk(), parts) == []


def test_worker_decodes_a_packet_alone_from_the_staged_state():
    """A Scrap Mechanic Update needs its controller type from a Create in an earlier packet:
    the staged state carries it to a decoder that never saw the Create."""
    protocol = get_protocol("scrap-mechanic")
    with open_capture(SAMPLES / "scrap_mechanic.jsonl") as capture:
        records = list(capture)
    reference = protocol.decoder()
    staging = protocol.decoder()
    for record in records:
        events = reference.feed(record)
        ctx = PacketContext(record.index, record.t, record.direction, record.stream)
        first = staging._next_index
        state = staging.stage_packet(record.data, ctx)
        alone = protocol.decoder().feed(record)   # without the state of earlier packets
        if ([event_line(e, FMT) for e in alone[1:]]
                != [event_line(e, FMT) for e in events[1:]]
                or to_jsonable(alone[0].expansions) != to_jsonable(events[0].expansions)):
            break
    else:
        raise AssertionError("no packet needing an earlier one in the sample")
    assert state[1] and any(state[1])  # looked up, and known from a Create
    assert staging._next_index == first          # staging makes no events
    _init_worker("scrap-mechanic", reference.limits, {}, None, FMT, detach=False)
    base = 10 ** 7
    unit = (record.data, record.index, record.t, int(record.direction), record.stream, 0,
            state, events[0].index, (record.frame, record.t_ns, record.ends))
    _, lines, counts, (packets, errors, _unknown), _ = _decode_units([unit], base)
    assert counts == [len(events)] and (packets, errors) == (len(events), 0)
    expected = [json.loads(event_line(event, FMT)) for event in events]
    got = [json.loads(line) for line in lines[0].splitlines()]  # bytes: UTF-8 JSON
    assert got[0]["index"] == base * _SPAN + events[0].index
    for line in got:
        line["index"] -= base * _SPAN
        if line.get("parent") is not None:     # a subpacket's compound, numbered alike
            line["parent"] -= base * _SPAN
    assert got == expected


def test_a_worker_returns_at_most_chunk_output_and_the_rest_is_sent_again(captures):
    """Packets that decode to far more than their size: a worker stops at chunk_output
    characters and the rest of its chunk is decoded in another part; the output is the
    same, and no part written is longer than chunk_output plus one packet's lines."""
    resubmitted = 0
    for key, (path, extra) in captures.items():
        fmt = ("--raw" in extra, "number")
        protocol, capture = _open(path, extra)
        with capture:
            events = list(decode_records(capture.records(protocol), protocol.decoder(),
                                         file=capture.path))
        lines = [event_line(event, fmt) for event in events]
        protocol, capture = _open(path, extra)
        with capture:
            out = ParallelDecode(capture.records(protocol), protocol, jobs=2, fmt=fmt,
                                 chunk_packets=16, max_in_flight=2, chunk_output=2000,
                                 path=capture.path)
            parts = list(out)
        assert b"".join(parts) == b"".join(lines), key
        resubmitted += out.resubmitted
        biggest = max(len(line) for line in lines)
        assert max(len(part) for part in parts) <= 2000 + 16 * biggest, key
        errors = sum(isinstance(event, ErrorEvent) for event in events)
        assert (out.tally.packets, out.tally.errors) == (len(events) - errors, errors), key
    assert resubmitted > 10


def test_jobs_auto_is_every_core_for_a_large_capture_of_a_protocol_that_gains(tmp_path):
    from wirestruct.parallel import AUTO_MIN_BYTES, auto_jobs, default_jobs
    diep, mme = get_protocol("diep"), get_protocol("mme")
    large = tmp_path / "large.jsonl"
    with open(large, "wb") as out:               # sparse: only its size is looked at
        out.truncate(AUTO_MIN_BYTES)
    assert auto_jobs(diep, large) == auto_jobs(get_protocol("scrap-mechanic"), large) \
        == default_jobs()
    assert auto_jobs(mme, large) == 1            # its in-order stage is most of the work
    assert auto_jobs(diep, ROOT / "samples" / "diep.jsonl") == 1
    assert auto_jobs(diep, "-") == auto_jobs(diep, tmp_path / "missing") == 1


def test_cli_jobs_auto_runs_the_workers_and_prints_the_same(capsys, monkeypatch):
    from wirestruct import parallel
    sample = ROOT / "samples" / "diep.jsonl"
    status, expected, summary = _one_process(capsys, sample, ["-p", "diep"])
    used: list[int] = []
    real = parallel.decode_lines

    def recording(*args, **kwargs):
        used.append(kwargs["jobs"])
        return real(*args, **kwargs)

    monkeypatch.setattr(parallel, "AUTO_MIN_BYTES", 1)
    monkeypatch.setattr(parallel, "decode_lines", recording)
    assert main(["decode", str(sample), "-p", "diep"]) == status == 0   # --jobs auto
    out, err = capsys.readouterr()
    cores = parallel.default_jobs()
    assert used == ([cores] if cores > 1 else [])      # one core: no workers to start
    assert out == expected and _head(err) == summary
    with pytest.raises(SystemExit):
        main(["decode", str(sample), "-p", "diep", "--jobs", "0"])


def test_without_worker_processes_decode_falls_back_to_one_process_and_says_so(
        capsys, monkeypatch):
    """Where no process pool can be made (no working sem_open, no shared memory), the
    decode goes on in this process, the same output, with a line on stderr saying why."""
    from wirestruct import parallel
    sample = ROOT / "samples" / "diep.jsonl"
    status, expected, summary = _one_process(capsys, sample, ["-p", "diep"])

    def no_pool(*args, **kwargs):
        raise NotImplementedError("sem_open is not available here")

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", no_pool)
    assert main(["decode", str(sample), "-p", "diep", "--jobs", "2"]) == status == 0
    out, err = capsys.readouterr()
    assert out == expected and _head(err) == summary
    assert "decoded in one process: no worker process could be started" in err
    assert "sem_open is not available here" in err


def test_tasks_are_sized_by_what_a_packet_took():
    """Doubling from FIRST_CHUNK_PACKETS until a task comes back, then about CHUNK_SECONDS
    of a worker's CPU time per task, within [FIRST_CHUNK_PACKETS, chunk_packets]."""
    from wirestruct.parallel import CHUNK_PACKETS, CHUNK_SECONDS, FIRST_CHUNK_PACKETS
    out = ParallelDecode([], get_protocol("diep"), jobs=2)
    assert out._next_limit(FIRST_CHUNK_PACKETS) == 2 * FIRST_CHUNK_PACKETS
    assert out._next_limit(CHUNK_PACKETS) == CHUNK_PACKETS
    out._cost = 0.004                                    # a diep.io update
    assert out._next_limit(64) == int(CHUNK_SECONDS / 0.004)
    out._cost = 1e-6                                     # cheaper than any task's overhead
    assert out._next_limit(64) == CHUNK_PACKETS
    out._cost = 10.0                                     # a packet that takes seconds
    assert out._next_limit(64) == FIRST_CHUNK_PACKETS
    out._cost = 0.0
    assert out._next_limit(64) == CHUNK_PACKETS
    small = ParallelDecode([], get_protocol("diep"), jobs=2, chunk_packets=3)
    assert small._next_limit(1) == 2 and small._next_limit(3) == 3
    small._cost = 10.0
    assert small._next_limit(3) == 3
