"""Strings not valid in their encoding in the Wireshark dissectors, as in wirestruct's
decode (wirestruct.core.lossy): the packet is kept (not malformed), the string shows with
U+FFFD for each ill-formed run, and one ParseError expert info says which bytes, with the
message of the Python decoder's error event."""
from __future__ import annotations

import pytest
from needs import needs
from pdml import fake_tshark
from test_edges_strings import BAD, SM, alert, decode, display_message
from wirestruct.core.events import ErrorEvent
from wirestruct.wireshark.plugin import build_plugin


@pytest.fixture(scope="module")
def plugin(tmp_path_factory):
    return build_plugin(tmp_path_factory.mktemp("plugin"), ["scrap-mechanic"], tshark=None)


@pytest.fixture(params=["lua5.2", "lua5.4"])
def lua(request):
    return needs(request.param)


CASES = [
    alert(BAD),
    alert(b"ok \xe2\x82 \xf0\x80\x80 \xed\xa0\x80 \xc0\xaf end"),   # cut, overlong, surrogate
    alert(b"\x80" * 20),                                            # more runs than shown
    display_message(b"kind \xff", b"fine"),
]


@pytest.mark.parametrize("packet", CASES, ids=range(len(CASES)))
def test_a_bad_string_is_kept_with_the_decoders_note(lua, plugin, packet):
    events = decode(SM, [packet])
    python = [e.error.message for e in events if isinstance(e, ErrorEvent)]
    [shown] = fake_tshark(lua, plugin, [("scrap_mechanic", 1, 1, 4000, 50000, packet)])
    assert "error" not in shown
    assert "Malformed" not in shown["info"]
    assert shown["info"].startswith(events[0].name)
    lua_notes = [m.split(": ", 1)[1] for m in shown["experts"] if m.startswith("ParseError")]
    assert [n.split(" (expected")[0] for n in lua_notes] == python
    body = events[0].expansions["body"]
    for name in ("message", "message_type"):
        value = getattr(body, name, None)
        if value is not None:
            assert f'show="{value}"' in shown["pdml"]
