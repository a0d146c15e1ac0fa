"""The Web IDE view of the bit streams: hand-built packets with both 24 character layouts,
a bit-stream UpdateCharacter and UpdateContainer, and updates whose controller type the
Web IDE recovers from their size, exported with `wirestruct export`, then parsed by the
JavaScript build of our specs under Node (tools/webide_check.js) - the floats computed
from raw bits and every other value must agree with the Python classes."""
import json
import math
import struct

from sm_testlib import bits, f4, float_bits, lz4_packet, raw_update, u
from wirestruct.tools.cli import main as cli
from wirestruct.tools.webide import verify_export


def hdr(update_type, netobj_type, netobj_id, ct=None):
    return bytes([(update_type << 5) | netobj_type]) + (b"" if ct is None else bytes([ct])) \
        + struct.pack(">I", netobj_id)


def packets():
    static = hdr(1, 0, 1, 1) + struct.pack(">H", 1) + f4(1.0, 0.0, 0.0, 0.0) + f4(-1.5, 2.25, 3.0)
    dyn_update = hdr(3, 0, 2) + bytes([0, 3])
    part_update = hdr(3, 1, 3) + struct.pack(">HI3hI", 7, 2, -1, 0, 1, 0xFF00FF00) + b"\x62"
    character = hdr(3, 6, 4) + bits("1111", "010010", u(0xAABBCCDD, 32), u(0x0102, 128),
                                     u(9, 32), "0", u(77, 32))
    container = hdr(3, 4, 5) + struct.pack(">H", 1) + bytes(range(16)) \
        + struct.pack(">IHH", 0xFFFFFFFF, 3, 2) + bits("1", u(1, 16), u(0, 7)) + b"\x11" * 16
    body22 = struct.pack(">I", 99) + b"".join(
        raw_update(s) for s in (static, dyn_update, part_update, character, container))
    walking = bits(u(4, 32), "0", u(0x0C, 8), u(192, 8), u(17, 8), u(250, 8),
                   float_bits(0.1), float_bits(-123.456), float_bits(1e-40))
    tumbling = bits(u(4, 32), "1", *(float_bits(v) for v in (
        0.1, 0.2, 0.3, 0.9, 5.0, 6.0, 7.0, -0.5, 0.0, 9.8, 3.14159, -2.71828, 1e10)))
    body24 = struct.pack(">IIB", 100, 100, 2) + bytes([len(walking) + 2, 6]) + walking \
        + bytes([len(tumbling) + 2, 6]) + tumbling
    compound = struct.pack(">I", 1 + len(body24)) + b"\x18" + body24
    return [lz4_packet(0x16, body22), lz4_packet(0x18, body24), lz4_packet(0x1D, compound),
            lz4_packet(0x1E, struct.pack(">I", 100) + bytes([0x13, 32, 1, 2]))]


def test_bit_streams_agree_in_the_web_ide(tmp_path):
    capture = tmp_path / "bits.jsonl"
    capture.write_text("".join(json.dumps({"t": i, "dir": "s2c", "data": p.hex()}) + "\n"
                               for i, p in enumerate(packets())))
    out = tmp_path / "export"
    assert cli(["export", str(capture), "--protocol", "scrap-mechanic", "--out", str(out)]) == 0
    index = json.loads((out / "index.json").read_text())
    js, problems = verify_export(out)
    assert problems == []
    specs = {target["spec"][:-len(".ksy")] for target in index["files"]}
    assert {"sm_network_update_body", "sm_unreliable_update", "sm_compound_body",
            "sm_player_movement", "sm_packet"} <= specs
    # The JavaScript build computed the floats from the bits, not Python.
    body24 = next(t["file"] for t in index["files"] if t["spec"] == "sm_unreliable_update.ksy")
    walking, tumbling = js[body24]["updates"]
    assert walking["data"]["position"]["y"]["value"] == struct.unpack(">f", f4(-123.456))[0]
    assert tumbling["data"]["angularVelocity"]["z"]["value"] == struct.unpack(">f", f4(1e10))[0]
    assert math.isclose(tumbling["data"]["rotation"]["w"]["value"], 0.9, rel_tol=1e-7)
