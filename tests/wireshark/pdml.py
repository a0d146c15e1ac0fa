"""Reading tshark's PDML and comparing it with the Python parse (tests/wireshark).

A protocol's items are flattened by path, every segment with its occurrence among its
siblings (``payload#0.items#3.x#0``), as the dissector adds them from the specs; the
Python side is :func:`lua_harness.python_parse` (``view``: values by path; ``spans``:
byte ranges as the Python ``tree`` format records them).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

TSHARK = shutil.which("tshark")


def tshark(plugin: Path, capture: Path, *args: str, timeout: float = 600
           ) -> subprocess.CompletedProcess:
    """tshark with the plugin on a capture; it must finish without any Lua error."""
    assert TSHARK is not None
    # a HOME of its own: only the plugin under test, not one installed in the user's
    # personal plugin folder (wirestruct wireshark install), is loaded
    home = Path(plugin).resolve().parent / "home"
    home.mkdir(exist_ok=True)
    proc = subprocess.run([TSHARK, "-X", f"lua_script:{plugin}", "-r", str(capture), *args],
                          capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, LC_ALL="C", HOME=str(home)))
    assert proc.returncode == 0, proc.stderr
    assert "Lua" not in proc.stderr, proc.stderr
    return proc


HERE = Path(__file__).resolve().parent


def fake_tshark(lua: str, plugin: Path, frames: list[tuple], passes: int = 1,
                timeout: float = 600) -> list[dict]:
    """The plugin under a standalone Lua on the stand-in for Wireshark's API
    (``wireshark_api.lua``): per frame ``(proto, number, p2p_dir, src_port, dst_port,
    bytes)``, a dict with ``pdml`` (the frame's tree as tshark's PDML writes it: a
    ``packet`` element), ``protocol``, ``info``, ``experts`` and ``error`` (a Lua error the
    dissector raised: there must be none)."""
    import json
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".frames", delete=False) as f:
        for proto, number, direction, sport, dport, data in frames:
            f.write(f"{proto}\t{number}\t{direction}\t{sport}\t{dport}\t{bytes(data).hex()}\n")
        name = f.name
    try:
        proc = subprocess.run([lua, str(HERE / "dissect.lua"), str(HERE / "wireshark_api.lua"),
                               str(plugin), name, str(passes)],
                              capture_output=True, text=True, encoding="utf-8",
                              errors="replace", timeout=timeout)
    finally:
        Path(name).unlink()
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == len(frames), proc.stderr[-2000:]
    for r in results:
        r["packet"] = ET.fromstring(r["pdml"])
    return results


def protos(pdml: str, name: str) -> list[ET.Element]:
    """Every packet of protocol ``name``, in the order of the packets and within them: its
    protocol items and the packets inside them (``<name>.packet`` subtrees)."""
    return packets_in(ET.fromstring(pdml), name)


def packets_in(root: ET.Element, name: str) -> list[ET.Element]:
    """The packets of protocol ``name`` under ``root`` in document order (a packet before
    the packets inside it)."""
    return [elem for packet in root.iter("packet") for elem in packet.iter()
            if (elem.tag == "proto" and elem.get("name") == name)
            or (elem.tag == "field" and elem.get("name") == f"{name}.packet")]


def proto_name(item: ET.Element) -> str:
    """The protocol of a packet ``protos`` gives."""
    name = item.get("name", "")
    return name[:-len(".packet")] if item.tag == "field" else name


def children(elem: ET.Element, name: str) -> list[ET.Element]:
    return [child for child in elem.findall("field") if child.get("name") == name]


def flatten(elem: ET.Element, proto: str, prefix: str = "",
            out: dict[str, ET.Element] | None = None,
            skip: tuple[str, ...] = ()) -> dict[str, ET.Element]:
    """Fields under ``elem`` by path (``a#0.b#3``); items named ``<proto>.packet_name``,
    the packets inside (``<proto>.packet``) and those starting with one of ``skip`` (and
    what is under them) left out."""
    out = {} if out is None else out
    counts: dict[str, int] = {}
    for child in elem.findall("field"):
        name = child.get("name", "")
        if name in (f"{proto}.packet_name", f"{proto}.packet") or name.startswith(skip):
            continue
        if name == f"{proto}.wirestruct_value":
            fid = child.get("showname", "").split(":")[0]
        elif name.startswith(proto + ".") and not name.endswith("_error"):
            fid = name.rsplit(".", 1)[1]
        else:
            continue
        k = counts.get(fid, 0)
        counts[fid] = k + 1
        path = f"{prefix}{fid}#{k}"
        out[path] = child
        flatten(child, proto, path + ".", out, skip)
    return out


def pdml_key(python_path: str) -> str:
    """``payload.items[3].x`` -> ``payload#0.items#3.x#0``."""
    parts = []
    for segment in python_path.split("."):
        if segment.endswith("]"):
            name, _, index = segment[:-1].partition("[")
            parts.append(f"{name}#{index}")
        else:
            parts.append(f"{segment}#0")
    return ".".join(parts)


_ESCAPES = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
            "\t": "\\t", "\v": "\\v"}


def shown_text(text: str) -> str:
    """Text as Wireshark shows a string field: C0 controls escaped."""
    return re.sub(r"[\x00-\x1f\x7f]",
                  lambda m: _ESCAPES.get(m.group(), f"\\x{ord(m.group()):02x}"), text)


def same_value(py, field: ET.Element) -> bool:
    show = field.get("show", "")
    if isinstance(py, dict) and "$h" in py:
        data = bytes.fromhex(py["$h"])
        text = data.decode("utf-8", "replace")
        return (field.get("value", "") == py["$h"] or show in (text, shown_text(text))
                or field.get("showname", "").endswith(": " + py["$h"]))
    if isinstance(py, dict) and "$enum" in py:
        return show in (str(py["$v"]), py["$enum"]) and (
            py["$enum"] in field.get("showname", "") or show == py["$enum"])
    if isinstance(py, dict) and "$f" in py:
        return show.lower().startswith(py["$f"][:3].lower()) or show.lower().lstrip("-") in (
            "nan", "inf", "infinity")
    if isinstance(py, bool):
        return show in (("1", "true", "True") if py else ("0", "false", "False"))
    if isinstance(py, int):
        # Wireshark 4.0's Lua 5.2 computes with doubles: a computed value beyond 2^53 is
        # the double nearest to it (values read are exact: UInt64/Int64)
        return show == str(py) or (abs(py) > 2**53 and show == str(int(float(py))))
    if isinstance(py, float):
        # Wireshark 4.0 shows floats with FLT_DIG (6) significant digits, doubles with
        # DBL_DIG (15); the value itself is the exact one (a float field's range holds it)
        return show in (f"{py:.6g}", f"{py:.15g}") or (
            show not in ("", "nan") and float(show) == py)
    raise TypeError(py)


def _compare_values(view, fields: dict[str, ET.Element], path: str, problems: list) -> None:
    for key, value in view.items():
        here = f"{path}.{key}" if path else key
        if isinstance(value, list):
            for i, item in enumerate(value):
                _compare_leaf(item, fields, f"{here}[{i}]", problems)
        else:
            _compare_leaf(value, fields, here, problems)


def _compare_leaf(value, fields, here, problems) -> None:
    if isinstance(value, dict) and not any(k.startswith("$") for k in value):
        if pdml_key(here) not in fields and value:
            problems.append(f"{here}: missing")
            return
        _compare_values(value, fields, here, problems)
        return
    field = fields.get(pdml_key(here))
    if field is None:
        problems.append(f"{here}: missing (python {value!r})")
    elif not same_value(value, field):
        problems.append(f"{here}: python {value!r} vs tshark {field.get('show')!r} "
                        f"({field.get('showname')!r})")


def compare_fields(expected: dict, fields: dict[str, ET.Element], base: int,
                   instances: dict[str, bool], where: str) -> list[str]:
    """The items of one parse (``fields``, flattened) against the Python parse
    (``expected``: view and spans), ranges relative to ``base`` in their tab; every item
    must have a range Python has, unless it is an instance or a parameter."""
    problems: list[str] = []
    for path, (off, size) in expected["spans"].items():
        field = fields.get(pdml_key(path))
        if field is None:
            problems.append(f"{where} {path}: no item")
        elif (int(field.get("pos")) - base, int(field.get("size"))) != (off, size):
            problems.append(f"{where} {path}: python ({off}, {size}) vs tshark "
                            f"({int(field.get('pos')) - base}, {field.get('size')})")
    spans = {pdml_key(k) for k in expected["spans"]}
    for key, field in fields.items():
        if not instances.get(field.get("name")) and key not in spans:
            problems.append(f"{where} {key}: an item python has no range for")
    sub: list[str] = []
    _compare_values(expected["view"], fields, "", sub)
    problems.extend(f"{where} {p}" for p in sub)
    return problems
