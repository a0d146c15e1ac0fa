"""What ``convert``, ``encode`` and ``export`` leave behind when the storage refuses the
bytes (a full file system, a read-only one, ``/dev/full``), what ``convert`` writes when
it is not told the protocol, and what tshark reads in what it wrote. Real processes, real
file systems (a small tmpfs mounted for the test: root only), real tshark."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from needs import missing, needs, tmpfs

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
MME = SAMPLES / "mme.jsonl"
DIEP = SAMPLES / "diep.jsonl"
MME_PCAPNG = ROOT / "tests" / "data" / "mme" / "session.pcapng"
ROOM = 12 * 1024          # bytes left free on the full file system: less than any output


def cli(*args: object, cwd: Path = ROOT, env: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", *map(str, args)],
                          check=False, capture_output=True, text=True, cwd=cwd, env=env)


@pytest.fixture
def full_dir() -> Iterator[Path]:
    """A folder on a 256 KiB file system with only ``ROOM`` bytes free."""
    for folder in tmpfs("size=256k,mode=0777"):
        stats = os.statvfs(folder)
        free = stats.f_bavail * stats.f_frsize
        (folder / "filler").write_bytes(bytes(free - ROOM))
        assert 0 < os.statvfs(folder).f_bavail * stats.f_frsize <= ROOM
        yield folder


@pytest.fixture
def read_only_dir() -> Iterator[Path]:
    yield from tmpfs("size=64k,ro")


@pytest.fixture(scope="module")
def mme_events(tmp_path_factory) -> Path:
    events = tmp_path_factory.mktemp("events") / "mme_events.jsonl"
    proc = cli("decode", MME, "-p", "mme")
    assert proc.returncode == 0
    events.write_text(proc.stdout)
    return events


def _refused(proc: subprocess.CompletedProcess[str], name: Path, reason: str) -> None:
    """Exit status 2 (an output that cannot be written), one line naming the file and the
    storage's reason, and no traceback."""
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr
    assert f"wirestruct: cannot write {name}: {reason}" in proc.stderr


# -- a full disk ----------------------------------------------------------------------------
@pytest.mark.parametrize("to", ["jsonl", "wscap", "pcap", "pcapng"])
def test_convert_on_a_full_disk_leaves_no_partial_file(full_dir, to):
    out = full_dir / f"out.{to}"
    proc = cli("convert", MME_PCAPNG, "-p", "mme", "--to", to, "--out", out)
    _refused(proc, out, "No space left on device")
    assert f"{out} is not written (no partial file is left" in proc.stderr
    assert sorted(p.name for p in full_dir.iterdir()) == ["filler"]


def test_convert_on_a_full_disk_keeps_the_file_that_was_there(full_dir):
    out = full_dir / "out.pcap"
    out.write_bytes(b"before")
    proc = cli("convert", MME_PCAPNG, "-p", "mme", "--to", "pcap", "--out", out)
    _refused(proc, out, "No space left on device")
    assert out.read_bytes() == b"before"
    assert sorted(p.name for p in full_dir.iterdir()) == ["filler", "out.pcap"]


@pytest.mark.parametrize("to", ["jsonl", "pcapng"])
def test_encode_on_a_full_disk_leaves_no_partial_file(full_dir, mme_events, to):
    out = full_dir / f"again.{to}"
    proc = cli("encode", mme_events, "-p", "mme", "--out", out)
    _refused(proc, out, "No space left on device")
    assert sorted(p.name for p in full_dir.iterdir()) == ["filler"]


def test_export_on_a_full_disk_removes_what_it_wrote(full_dir):
    out = full_dir / "webide"
    proc = cli("export", MME, "-p", "mme", "--out", out)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"wirestruct: cannot write {out}/" in proc.stderr
    assert "No space left on device; the files of this export are removed" in proc.stderr
    assert sorted(p.name for p in full_dir.iterdir()) == ["filler"]   # the folder it made too


def test_export_on_a_full_disk_into_a_folder_of_the_users(full_dir):
    out = full_dir / "webide"
    out.mkdir()
    proc = cli("export", MME, "-p", "mme", "--out", out)
    assert proc.returncode == 2 and "No space left on device" in proc.stderr
    assert out.is_dir() and list(out.iterdir()) == []        # empty, as it was given
    # ... and the same folder takes the export once there is room.
    (full_dir / "filler").unlink()
    proc = cli("export", MME, "-p", "mme", "--out", out, "--upto", 3)   # a file a page
    assert proc.returncode == 0, proc.stderr
    assert json.loads((out / "manifest.json").read_text())["complete"] is True


def test_a_read_only_file_system_is_named(read_only_dir, mme_events):
    out = read_only_dir / "out.pcap"
    _refused(cli("convert", MME, "-p", "mme", "--to", "pcap", "--out", out), out,
             "Read-only file system")
    _refused(cli("encode", mme_events, "-p", "mme", "--out", out), out, "Read-only file system")
    assert list(read_only_dir.iterdir()) == []


@pytest.mark.parametrize("command", ["convert", "encode"])
def test_dev_full(mme_events, command):
    """A device that is full (written in place: it is not a regular file)."""
    if not os.path.exists("/dev/full"):
        missing("no /dev/full here")
    source = MME if command == "convert" else mme_events
    args = ["--to", "pcap"] if command == "encode" else ["--to", "jsonl"]
    _refused(cli(command, source, "-p", "mme", *args, "--out", "/dev/full"), Path("/dev/full"),
             "No space left on device")


# -- what convert writes ---------------------------------------------------------------------
def _tshark(*args: object) -> list[list[str]]:
    proc = subprocess.run([needs("tshark"), "-n", *map(str, args)], check=True, capture_output=True,
                          text=True, env={**os.environ, "HOME": tempfile.gettempdir()})
    return [line.split("\t") for line in proc.stdout.splitlines()]


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_convert_to_pcap_of_a_message_protocol_writes_udp_datagrams(tmp_path):
    out = tmp_path / "diep.pcap"
    proc = cli("convert", DIEP, "-p", "diep", "--to", "pcap", "--out", out)
    assert proc.returncode == 0, proc.stderr
    records = _records(DIEP)
    assert (f"wrote {len(records)} records to {out} (pcap: Ethernet/IPv4/UDP datagrams to "
            "127.0.0.1:4000; read back with --server 4000)") in proc.stderr
    rows = _tshark("-r", out, "-T", "fields", "-e", "frame.protocols", "-e", "udp.srcport",
                   "-e", "udp.dstport", "-e", "udp.payload")
    assert len(rows) == len(records)
    for row, record in zip(rows, records):
        client = ["50000", "4000"] if record["dir"] == "c2s" else ["4000", "50000"]
        assert row[0].startswith("eth:ethertype:ip:udp") and row[1:3] == client
        assert row[3] == record["data"]
    # and wirestruct reads back what it wrote, told the server
    back = tmp_path / "back.jsonl"
    proc = cli("convert", out, "-p", "diep", "--server", "4000", "--to", "jsonl", "--out", back)
    assert proc.returncode == 0, proc.stderr
    assert [(r["dir"], r["data"]) for r in _records(back)] == [(r["dir"], r["data"])
                                                               for r in records]


def test_convert_to_pcapng_without_the_protocol_detects_it(tmp_path):
    """Without -p the protocol is detected as decode does: a message protocol with a
    Wireshark dissector becomes exported PDUs naming it, as with -p."""
    out = tmp_path / "diep.pcapng"
    proc = cli("convert", DIEP, "--to", "pcapng", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert "wirestruct: protocol diep (detected from the first records" in proc.stderr
    assert (f"wrote {len(_records(DIEP))} records to {out} (pcapng: exported PDUs for the "
            "Wireshark dissector 'diep', link type 252)") in proc.stderr
    given = tmp_path / "given.pcapng"
    assert cli("convert", DIEP, "-p", "diep", "--to", "pcapng", "--out", given).returncode == 0
    assert out.read_bytes() == given.read_bytes()
    rows = _tshark("-r", out, "-T", "fields", "-e", "exported_pdu.prot_name")
    assert rows == [["diep"]] * len(_records(DIEP))


def test_convert_to_pcapng_of_a_stream_capture_says_tcp(tmp_path):
    out = tmp_path / "mme.pcapng"
    proc = cli("convert", MME_PCAPNG, "--to", "pcapng", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert "wirestruct: protocol mme (detected" in proc.stderr
    assert "(pcapng: Ethernet/IPv4/TCP connections to 127.0.0.1:4000)" in proc.stderr
    rows = _tshark("-r", out, "-T", "fields", "-e", "tcp.dstport", "-Y", "tcp.flags.syn == 1 "
                   "&& tcp.flags.ack == 0")
    assert rows == [["4000"]]


def test_convert_of_a_capture_whose_protocol_cannot_be_told(tmp_path):
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"t": 1.0, "dir": "c2s", "data": "ffffffffffffffff"}\n')
    out = tmp_path / "junk.pcapng"
    proc = cli("convert", junk, "--to", "pcapng", "--out", out)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "no protocol decodes the first records" in proc.stderr
    assert proc.stderr.rstrip().endswith("--to pcapng writes a message protocol's packets "
                                         "otherwise than a stream protocol's: pass --protocol")
    assert not out.exists()
    # A JSON Lines copy needs no protocol.
    assert cli("convert", junk, "--to", "jsonl", "--out", tmp_path / "copy.jsonl").returncode == 0


@pytest.mark.parametrize("to", ["jsonl", "pcap"])
def test_convert_that_writes_nothing_fails(tmp_path, to):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    out = tmp_path / f"out.{to}"
    out.write_bytes(b"before")
    proc = cli("convert", empty, "-p", "mme", "--to", to, "--out", out)
    assert proc.returncode == 1, proc.stderr
    assert (f"wirestruct: no record of {empty} could be written (0 unreadable, 0 not "
            f"written), so {out} is not written") in proc.stderr
    assert out.read_bytes() == b"before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.jsonl", f"out.{to}"]


# -- export --verify from a wheel ------------------------------------------------------------
WHEEL_SOURCES = ("pyproject.toml", "README.md", "runtime", "generated", "generated_rw", "ksy",
                 "samples", "tools")
NODE_PACKAGES = ("kaitai-struct-compiler", "kaitai-struct", "js-yaml")
NEEDED = "kaitai-struct-compiler@0.11.0, kaitai-struct@0.11.0, js-yaml"


@pytest.fixture(scope="module")
def wheel_bin(tmp_path_factory) -> Path:
    """The ``wirestruct`` of the wheel built from this checkout, installed into a fresh
    virtualenv (its dependencies from this Python's packages: no network)."""
    needs("node")
    if not all((ROOT / "node_modules" / name).is_dir() for name in NODE_PACKAGES):
        missing("the npm packages are not installed here (npm ci)")
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"      # built from a copy: the checkout gets no build/ folder
    source.mkdir()
    for name in WHEEL_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(source),
                    "-w", str(base / "dist")], check=True, capture_output=True)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True)
    wheel = next((base / "dist").glob("wirestruct-*.whl"))
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-deps", str(wheel)],
                   check=True, capture_output=True)
    return venv / "bin" / "wirestruct"


def _verify(wheel_bin: Path, tmp_path: Path, cwd: Path, node_path: str | None = None,
            ) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "NODE_PATH"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    if node_path is not None:
        env["NODE_PATH"] = node_path
    cwd.mkdir(parents=True, exist_ok=True)
    out = Path(tempfile.mkdtemp(dir=tmp_path)) / "webide"
    return subprocess.run([str(wheel_bin), "export", str(MME), "-p", "mme", "--upto", "3",
                           "--out", str(out), "--verify"], check=False,
                          capture_output=True, text=True, cwd=cwd, env=env)


def _node_modules(folder: Path, *names: str) -> Path:
    """A ``node_modules`` folder holding ``names`` (links to the checkout's packages)."""
    modules = folder / "node_modules"
    modules.mkdir(parents=True)
    for name in names:
        (modules / name).symlink_to(ROOT / "node_modules" / name, target_is_directory=True)
    return modules


def _verified(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 0, proc.stderr
    assert "wirestruct: verified: every file opens with the JavaScript build" in proc.stderr


def test_verify_from_a_wheel_names_what_is_missing_and_the_command(wheel_bin, tmp_path):
    proc = _verify(wheel_bin, tmp_path, tmp_path / "work")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "\n    at " not in proc.stderr
    cache = tmp_path / "cache" / "wirestruct" / "node"
    assert (f"wirestruct: export --verify needs Node.js and the npm packages {NEEDED}; not "
            f"found: {NEEDED} (looked in NODE_PATH, a wirestruct checkout's node_modules, "
            f"{cache} and the node_modules folders of {tmp_path / 'work'} and above); install "
            f"them with: npm install --prefix {cache} kaitai-struct-compiler@0.11.0 "
            "kaitai-struct@0.11.0 js-yaml") in proc.stderr
    # Only what is missing is named.
    partial = _node_modules(tmp_path / "some", "kaitai-struct-compiler", "kaitai-struct")
    proc = _verify(wheel_bin, tmp_path, tmp_path / "work", str(partial))
    assert proc.returncode == 2 and "; not found: js-yaml (looked in" in proc.stderr


def test_verify_from_a_wheel_keeps_the_users_node_path(wheel_bin, tmp_path):
    """The packages in two NODE_PATH folders: both stay searched (none is overwritten)."""
    first = _node_modules(tmp_path / "a", "kaitai-struct-compiler", "kaitai-struct")
    second = _node_modules(tmp_path / "b", "js-yaml")
    _verified(_verify(wheel_bin, tmp_path, tmp_path / "work", f"{first}{os.pathsep}{second}"))


def test_verify_from_a_wheel_finds_the_install_commands_folder(wheel_bin, tmp_path):
    """Where the command the message names installs them: found with no NODE_PATH."""
    _node_modules(tmp_path / "cache" / "wirestruct" / "node", *NODE_PACKAGES)
    _verified(_verify(wheel_bin, tmp_path, tmp_path / "work"))


def test_verify_from_a_wheel_finds_a_projects_node_modules(wheel_bin, tmp_path):
    """``npm install`` in a project folder: found from it and from its subfolders."""
    _node_modules(tmp_path / "project", *NODE_PACKAGES)
    _verified(_verify(wheel_bin, tmp_path, tmp_path / "project" / "captures"))
