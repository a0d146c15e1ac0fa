"""The plugin's copy of the generated parsers without the boxes of ternaries that cannot
give false or nil (wirestruct.wireshark.ternaries); the plugin's dissections themselves are
held to the Python decode by test_dissector_lua and test_tshark*."""
from __future__ import annotations

import pytest
from wirestruct.wireshark import generated_lua_dirs
from wirestruct.wireshark.ternaries import never_false, plain_ternaries


@pytest.mark.parametrize("expr, safe", [
    ("-1", True), ("4294967296.0", True), ("x + 1", True), ("#self.items", True),
    ("math.floor(self.zigzag / 2)", True), ("a .. 'b'", True), ("self.len - self._io:pos()", True),
    ("self.b0", False), ("true", False), ("f(x)", False), ("(a + b)", False),
    ("a == 1", False), ("a and b + 1", False), ("x + 1 < 2", False), ("not a", False),
    ("self.items[i + 1]", False),
])
def test_only_arithmetic_and_literal_numbers_never_give_false(expr, safe):
    assert never_false(expr) is safe


def test_a_boxed_ternary_is_plain_only_where_its_value_is_never_false():
    text = ("x = utils.box_unwrap((i == 0) and utils.box_wrap(-1) or (self.e[(i - 1) + 1].index))\n"
            "y = utils.box_unwrap((c) and utils.box_wrap(self.b) or (2))\n"
            "z = utils.box_unwrap((c) and utils.box_wrap(utils.box_unwrap((d) and "
            "utils.box_wrap(1) or (2)) + 1) or (3))")
    assert plain_ternaries(text).split("\n") == [
        "x = ((i == 0) and (-1) or (self.e[(i - 1) + 1].index))",
        "y = utils.box_unwrap((c) and utils.box_wrap(self.b) or (2))",
        "z = ((c) and (((d) and (1) or (2)) + 1) or (3))",
    ]


def test_the_generated_parsers_keep_their_lines():
    changed = 0
    for folder in generated_lua_dirs().values():
        for path in sorted(folder.glob("*.lua")):
            text = path.read_text(encoding="utf-8")
            plain = plain_ternaries(text)
            assert plain.count("\n") == text.count("\n"), path
            changed += plain != text
    assert changed > 0
