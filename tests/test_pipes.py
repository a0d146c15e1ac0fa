"""Captures from pipes, compressed captures and followed files, read by real processes.

Every test runs the command line as its own process, with another real process writing
the capture into a pipe or a file while it reads; a writer pauses at a chosen byte until
the test has seen the reader decode what came before (a file appears), which shows the
reader streams instead of waiting for the end. The waits have generous timeouts that only
guard against a hang; nothing is timed.
"""
import gzip
import json
import lzma
import os
import select
import signal
import socket
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
import zstandard
from needs import missing, needs_any, needs_root

ROOT = Path(__file__).resolve().parent.parent
MME_PCAP = ROOT / "tests" / "data" / "mme" / "session.pcap"
MME_JSONL = ROOT / "samples" / "mme.jsonl"
HANG_GUARD = 20.0   # seconds; only ever reached if the reader hangs

#: A writer process: copies FILE to stdout (or appends it to OUT), in small chunks,
#: stopping at byte PAUSE until the file GO exists.
WRITER = r"""
import os, sys, time
src, pause, go = sys.argv[1], int(sys.argv[2]), sys.argv[3]
out = open(sys.argv[4], "ab", buffering=0) if len(sys.argv) > 4 else sys.stdout.buffer
data = open(src, "rb").read()
def write(part):
    for i in range(0, len(part), 997):
        out.write(part[i:i + 997]); out.flush()
write(data[:pause])
while not os.path.exists(go):
    time.sleep(0.01)
write(data[pause:])
"""


def write_slowly(*args, **kw):
    """Start the writer process (see WRITER) with these arguments."""
    return subprocess.Popen([sys.executable, "-c", WRITER, *map(str, args)], **kw)


def cli(*args):
    return [sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)]


def decoded(*args, **kw):
    proc = subprocess.run(cli("decode", *args), capture_output=True, cwd=ROOT, check=False, **kw)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()], proc.stderr.decode()


_pending: dict = {}


def read_line(proc) -> bytes:
    """The next line the process writes to stdout (unbuffered here, so select sees it)."""
    fd = proc.stdout.fileno()
    buf = _pending.get(proc.pid, b"")
    while b"\n" not in buf:
        ready, _, _ = select.select([fd], [], [], HANG_GUARD)
        assert ready, "the reader produced nothing"
        chunk = os.read(fd, 65536)
        assert chunk, "the reader ended"
        buf += chunk
    line, _, _pending[proc.pid] = buf.partition(b"\n")
    return line


def rest_of(proc, out: bytes) -> bytes:
    """What read_line had read ahead of the process's stdout, then ``out``."""
    return _pending.pop(proc.pid, b"") + out


@pytest.fixture(scope="module")
def mme_pcap_events():
    return decoded(MME_PCAP, "-p", "mme")[0]


def test_pcap_streams_from_a_pipe_as_a_writer_process_writes_it(tmp_path, mme_pcap_events):
    go = tmp_path / "go"
    data = MME_PCAP.read_bytes()
    pause = len(data) // 2
    writer = write_slowly(MME_PCAP, pause, go, stdout=subprocess.PIPE)
    reader = subprocess.Popen(cli("decode", "-", "-p", "mme"), stdin=writer.stdout,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    writer.stdout.close()
    try:
        first = json.loads(read_line(reader))   # decoded while the writer waits mid-file
        assert first == mme_pcap_events[0]
        go.touch()
        out, err = reader.communicate(timeout=HANG_GUARD)
    finally:
        go.touch()
        writer.wait(timeout=HANG_GUARD)
    assert reader.returncode == 0, err
    events = [first] + [json.loads(line) for line in rest_of(reader, out).splitlines()]
    assert events == mme_pcap_events
    assert f"{len(mme_pcap_events)} packets, 0 errors" in err.decode()


@pytest.mark.parametrize("name", ["gzip", "xz", "zstd"])
def test_compressed_captures_open_by_magic_from_files_and_pipes(tmp_path, name, mme_pcap_events):
    data = MME_PCAP.read_bytes()
    packed = {"gzip": gzip.compress, "xz": lzma.compress,
              "zstd": zstandard.ZstdCompressor().compress}[name](data)
    path = tmp_path / "capture.bin"          # no telling suffix: the magic bytes decide
    path.write_bytes(packed)
    assert decoded(path)[0] == mme_pcap_events          # protocol detected, too
    assert decoded("-", "-p", "mme", input=packed)[0] == mme_pcap_events
    jsonl = tmp_path / "capture.jsonl.x"
    jsonl.write_bytes({"gzip": gzip.compress, "xz": lzma.compress,
                       "zstd": zstandard.ZstdCompressor().compress}[name](MME_JSONL.read_bytes()))
    assert decoded(jsonl, "-p", "mme")[0] == decoded(MME_JSONL, "-p", "mme")[0]


def _flushed_halves(name: str, data: bytes) -> tuple[bytes, int]:
    """``data`` compressed with a flush in the middle (as a live compressing writer does);
    and where the flush ends."""
    half = data.index(b"\n", len(data) // 2) + 1
    if name == "gzip":
        import io
        buf = io.BytesIO()
        with gzip.GzipFile(fileobj=buf, mode="wb") as out:
            out.write(data[:half])
            out.flush()
            pause = buf.tell()
            out.write(data[half:])
        return buf.getvalue(), pause
    compressor = zstandard.ZstdCompressor().compressobj()
    first = compressor.compress(data[:half]) + compressor.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    return first + compressor.compress(data[half:]) + compressor.flush(), len(first)


@pytest.mark.parametrize("name", ["gzip", "zstd"])
def test_a_compressed_pipe_is_decoded_as_it_arrives(tmp_path, name):
    packed, pause = _flushed_halves(name, MME_JSONL.read_bytes())
    source = tmp_path / "capture.z"
    source.write_bytes(packed)
    go = tmp_path / "go"
    writer = write_slowly(source, pause, go, stdout=subprocess.PIPE)
    reader = subprocess.Popen(cli("decode", "-", "-p", "mme"), stdin=writer.stdout,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    writer.stdout.close()
    try:
        first = json.loads(read_line(reader))    # while the writer waits after the flush
        go.touch()
        out, err = reader.communicate(timeout=HANG_GUARD)
    finally:
        go.touch()
        writer.wait(timeout=HANG_GUARD)
    full = decoded(MME_JSONL, "-p", "mme")[0]
    assert [first] + [json.loads(line) for line in rest_of(reader, out).splitlines()] == full
    assert reader.returncode == 0, err


def test_a_cut_off_compressed_capture_keeps_what_came_before_and_says_where(tmp_path):
    data = gzip.compress(MME_JSONL.read_bytes())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    events, err = decoded(cut, "-p", "mme")
    packets = [e for e in events if "error" not in e]
    errors = [e for e in events if "error" in e]
    full = decoded(MME_JSONL, "-p", "mme")[0]
    assert packets and packets == full[: len(packets)]
    broken = [e for e in errors if "gzip data unreadable" in e["message"]]
    assert len(broken) == 1 and broken[0]["expected"] == "complete gzip data"
    # the offset is in the decompressed data: what zlib inflates of the half kept
    readable = len(zlib.decompressobj(wbits=31).decompress(data[: len(data) // 2]))
    assert broken[0]["file"] == str(cut) and broken[0]["offset"] == readable
    assert broken[0]["message"].startswith(f"gzip data unreadable after {readable} bytes")
    assert "CaptureError" in err


def test_stdin_that_never_ends_stops_on_sigint_with_the_summary(tmp_path):
    go = tmp_path / "go"
    writer = write_slowly(MME_JSONL, 4000, go, stdout=subprocess.PIPE)
    reader = subprocess.Popen(cli("decode", "-", "-p", "mme"), stdin=writer.stdout,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    writer.stdout.close()
    try:
        first = json.loads(read_line(reader))
        reader.send_signal(signal.SIGINT)
        _, err = reader.communicate(timeout=HANG_GUARD)
    finally:
        go.touch()
        writer.wait(timeout=HANG_GUARD)
    assert first["index"] == 0
    assert reader.returncode == 130
    assert b"Traceback" not in err and b"(interrupted)" in err and b"packets, 0 errors" in err


def test_follow_reads_a_growing_file_until_sigint(tmp_path):
    """A writer process appends a JSON Lines capture, stopping in the middle of a line;
    the follower waits for the rest of that line instead of calling it an error."""
    source = MME_JSONL.read_bytes()
    pause = source.index(b"\n", len(source) // 2) - 10      # inside a line
    complete_lines = source[:pause].count(b"\n")
    growing = tmp_path / "growing.jsonl"
    growing.write_bytes(b"")
    go = tmp_path / "go"
    writer = write_slowly(MME_JSONL, pause, go, growing)
    reader = subprocess.Popen(cli("decode", growing, "-p", "mme", "--follow"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    lines = []
    try:
        full = decoded(MME_JSONL, "-p", "mme")[0]
        before = [e for e in full if e["record"] < complete_lines]
        while len(lines) < len(before):      # everything before the half-written line
            lines.append(json.loads(read_line(reader)))
        go.touch()
        writer.wait(timeout=HANG_GUARD)
        while len(lines) < len(full):        # then the rest, that line included
            lines.append(json.loads(read_line(reader)))
        reader.send_signal(signal.SIGINT)
        out, err = reader.communicate(timeout=HANG_GUARD)
    finally:
        go.touch()
        if reader.poll() is None:
            reader.kill()
    assert lines == full and not rest_of(reader, out)
    assert reader.returncode == 130
    text = err.decode()
    assert f"{len(full)} packets, 0 errors (interrupted)" in text and "Traceback" not in text


def test_state_follow_prints_the_state_so_far_on_sigint(tmp_path):
    growing = tmp_path / "growing.jsonl"
    growing.write_bytes(MME_JSONL.read_bytes())
    reader = subprocess.Popen(cli("state", growing, "-p", "mme", "--follow", "--compact"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        # state prints nothing until the end: wait until the follower has read the whole
        # file and sleeps waiting for more, which it does only once its parser has taken
        # every complete record (seen in /proc: read position and the sleep it waits in)
        deadline = time.monotonic() + HANG_GUARD
        while not _waiting_at_end(reader.pid, growing):
            assert time.monotonic() < deadline and reader.poll() is None
            time.sleep(0.05)
        reader.send_signal(signal.SIGINT)
        out, err = reader.communicate(timeout=HANG_GUARD)
    finally:
        if reader.poll() is None:
            reader.kill()
    assert reader.returncode == 130
    expected = subprocess.run(cli("state", MME_JSONL, "-p", "mme", "--compact"),
                              capture_output=True, cwd=ROOT, check=True).stdout
    assert json.loads(out) == json.loads(expected)
    assert b"(interrupted)" in err


def _waiting_at_end(pid: int, path: Path) -> bool:
    try:
        if "nanosleep" not in Path(f"/proc/{pid}/wchan").read_text():
            return False
    except OSError:
        return False
    size = path.stat().st_size
    fd_dir = Path(f"/proc/{pid}/fd")
    try:
        for fd in fd_dir.iterdir():
            if os.path.realpath(fd) == str(path.resolve()):
                pos = int((Path(f"/proc/{pid}/fdinfo") / fd.name).read_text().split()[1])
                return pos >= size
    except (FileNotFoundError, ProcessLookupError):
        pass
    return False


def test_follow_of_standard_input_is_a_usage_error():
    proc = subprocess.run(cli("decode", "-", "-p", "mme", "--follow"), input=b"",
                          capture_output=True, cwd=ROOT, check=False)
    assert proc.returncode == 2 and b"standard input" in proc.stderr


# -- a live capture: tcpdump (or dumpcap) on loopback, piped into the reader ----------------
def _capture_command(port: int) -> list[str]:
    needs_root("a live capture on lo")
    tool = needs_any("tcpdump", "dumpcap")
    if tool.endswith("tcpdump"):
        return [tool, "-U", "-w", "-", "-i", "lo", f"tcp port {port}"]
    return [tool, "-q", "-i", "lo", "-f", f"tcp port {port}", "-w", "-"]


def test_live_loopback_capture_piped_into_decode(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = _capture_command(port)
    records = [json.loads(line) for line in MME_JSONL.read_text().splitlines()][:40]
    capture = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader = subprocess.Popen(cli("decode", "-", "-p", "mme", "--server", port),
                              stdin=capture.stdout, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, cwd=ROOT)
    capture.stdout.close()
    try:
        if not _wait_capturing(capture):
            missing(f"{command[0]} could not capture on lo")
        time.sleep(2.0)   # dumpcap says so before its filter is attached; not a measurement
        _replay_over_tcp(records, port)
        wanted = [(e["dir"], e["name"]) for e in decoded(MME_JSONL, "-p", "mme")[0]][:5]
        # decoded while the capture is still running
        got = []
        for _ in wanted:
            if reader.poll() is not None:
                pytest.fail(f"reader ended: {reader.stderr.read()!r}")
            got.append(json.loads(read_line(reader)))
    finally:
        capture.send_signal(signal.SIGINT)
        capture.wait(timeout=HANG_GUARD)
        _, err = reader.communicate(timeout=HANG_GUARD)
    assert reader.returncode == 0, err
    assert [(e["dir"], e.get("name")) for e in got] == wanted


def _wait_capturing(proc) -> bool:
    """dumpcap/tcpdump say on stderr when they start listening."""
    deadline = time.monotonic() + HANG_GUARD
    text = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 1.0)
        if ready:
            chunk = os.read(proc.stderr.fileno(), 4096)
            if not chunk:
                return False
            text += chunk
            if b"listening" in text.lower() or b"capturing" in text.lower():
                return True
    return False


def _replay_over_tcp(records, port: int) -> None:
    """Send the records' bytes between a real server and client on 127.0.0.1."""
    with socket.create_server(("127.0.0.1", port)) as server:
        client = socket.create_connection(("127.0.0.1", port))
        conn, _ = server.accept()
        with client, conn:
            for record in records:
                sender, receiver = (client, conn) if record["dir"] == "c2s" else (conn, client)
                data = bytes.fromhex(record["data"])
                sender.sendall(data)
                got = b""
                while len(got) < len(data):
                    got += receiver.recv(len(data) - len(got))
