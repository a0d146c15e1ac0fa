"""The Info column and ``decode --format summary`` come from one description per protocol
(``Presentation.summaries``, :mod:`wirestruct.output.summary_rules`): the plugin's
``summary.lua`` renders it over the parsed Lua objects, Python over the event's readable
form. For every packet of every sample and test capture the Info column - under the
standalone Lua interpreters on the stand-in API, and tshark 4.0's (Lua 5.2) - is exactly
the summary's info column."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from lua_harness import ROOT
from needs import needs, needs_any
from pdml import fake_tshark
from test_dissector_lua import CAPTURES, capture_frames
from wirestruct.output.formats import INFO_WIDTH, _cut, info_text, printable
from wirestruct.output.serialize import serializer
from wirestruct.plugin.registry import get_protocol
from wirestruct.wireshark.plugin import build_plugin

INTERPRETERS = ("lua5.2", "lua5.3", "lua5.4")


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"))


def expected_infos(capture: str, events: list) -> list[str]:
    """Each packet's ``name info`` as the summary writes it (whitespace folded)."""
    info = get_protocol(CAPTURES[capture]).presentation.summaries
    ser = serializer()
    out = []
    for event in events:
        text = _cut(info_text(event, ser.event(event), info), INFO_WIDTH)
        out.append(" ".join(printable(f"{event.name} {text}").split()))
    return out


def shown_infos(infos: list[str]) -> list[str]:
    """The packets' texts of Info columns (a frame's packets are joined by ``|``)."""
    return [" ".join(part.split()) for info in infos for part in info.split(" | ")]


def differences(expected: list[str], shown: list[str]) -> list[str]:
    out = [f"{n}: python {e!r}\n   lua    {s!r}"
           for n, (e, s) in enumerate(zip(expected, shown)) if e != s]
    if len(expected) != len(shown):
        out.append(f"{len(expected)} packets in Python, {len(shown)} in the Info columns")
    return out


@pytest.mark.parametrize("version", INTERPRETERS)
@pytest.mark.parametrize("capture", sorted(CAPTURES))
def test_info_column_is_the_summary_under_every_lua(plugin, capture, version):
    lua = needs(version)
    frames, events = capture_frames(capture)
    results = fake_tshark(lua, plugin, frames)
    assert [r.get("error") for r in results if r.get("error")] == []
    problems = differences(expected_infos(capture, events),
                           shown_infos([r["info"] for r in results]))
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:10])


def test_random_access_shows_the_same_info(plugin):
    """The GUI's way (a first pass without a tree, then the frames backwards): the same
    Info column, rendered from the state each packet kept."""
    lua = needs_any("lua5.4", "lua5.2")
    frames, _ = capture_frames("samples/scrap_mechanic.jsonl")
    once = [r["info"] for r in fake_tshark(lua, plugin, frames)]
    twice = [r["info"] for r in fake_tshark(lua, plugin, frames, passes=2)]
    assert twice == once


def test_every_packet_type_has_its_protocols_summary_in_both():
    """Every packet of every protocol is in the description (which the plugin's config
    carries as it is), so the generic summary is only for packets the specs do not name."""
    from wirestruct.wireshark.plugin import config
    for name in ("scrap-mechanic", "mme", "diep"):
        protocol = get_protocol(name)
        assert protocol.packet_names is not None
        description = protocol.presentation.summaries
        assert sorted(protocol.packet_names() - set(description)) == []
        assert config(protocol)["summaries"] == dict(description)


TSHARK_CAPTURES = {
    "samples/scrap_mechanic.jsonl": ("scrap-mechanic", "Scrap Mechanic"),
    "samples/diep.jsonl": ("diep", "diep.io"),
    "samples/mme.jsonl": ("mme", "MME"),
}


@pytest.mark.needs("tshark")
@pytest.mark.parametrize("capture", sorted(TSHARK_CAPTURES))
def test_tshark_info_column_is_the_summary(plugin, tmp_path, capture):
    """tshark 4.0 (Lua 5.2) with the plugin on each sample converted to pcapng: the
    Protocol column is the protocol's, the Info column each packet's summary."""
    protocol, column = TSHARK_CAPTURES[capture]
    pcapng = tmp_path / "capture.pcapng"
    subprocess.run(["wirestruct", "convert", str(ROOT / capture), "-p", protocol, "--to",
                    "pcapng", "--out", str(pcapng)], check=True, capture_output=True,
                   timeout=300)
    _, events = capture_frames(capture)
    env = dict(os.environ, LC_ALL="C")
    out = subprocess.run(["tshark", "-n", "-r", str(pcapng), "-X", f"lua_script:{plugin}",
                          "-Y", get_protocol(protocol).wireshark.proto,
                          "-T", "fields", "-e", "_ws.col.Protocol", "-e", "_ws.col.Info"],
                         capture_output=True, text=True, env=env, timeout=600, check=True)
    infos = []
    for line in out.stdout.splitlines():
        shown_protocol, _, info = line.partition("\t")
        assert shown_protocol == column
        infos.append(info)
    problems = differences(expected_infos(capture, events), shown_infos(infos))
    assert not problems, f"{len(problems)} differences, e.g.\n" + "\n".join(problems[:10])
