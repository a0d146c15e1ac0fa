"""Regeneration: the pinned compiler, the import rewriting step, the Web IDE's YAML and
import rules, templates, and --check."""
import importlib
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from wirestruct.core.errors import SpecError
from wirestruct.tools import regen

ROOT = Path(__file__).resolve().parent.parent

INNER = """\
meta:
  id: t_inner
  endian: le
seq:
  - id: value
    type: u2
"""
OUTER = """\
meta:
  id: t_outer
  imports:
    - t_inner
seq:
  - id: inner
    type: t_inner
  - id: switch
    type: u1
    enum: switch_state
enums:
  switch_state:
    0: off
    1: on
    2: yes
    3: no
"""


def make_tree(tmp_path: Path, files: dict) -> Path:
    ksy = tmp_path / "ksy"
    for rel, text in files.items():
        path = ksy / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return ksy


def test_rewrite_imports_touches_only_listed_sibling_imports():
    source = "import kaitaistruct\nimport t_inner\nimport zlib\nx = t_inner.TInner\n"
    out = regen.rewrite_imports(source, ["t_inner"])
    assert out == "import kaitaistruct\nfrom . import t_inner\nimport zlib\nx = t_inner.TInner\n"


def test_compiled_package_imports_as_a_package_and_keeps_yaml_1_2_enum_keys(tmp_path):
    ksy = make_tree(tmp_path, {"pkgx/t_inner.ksy": INNER, "pkgx/t_outer.ksy": OUTER})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    assert errors == []
    outer = expected[gen / "pkgx" / "t_outer.py"]
    # The compiler writes a top-level import; regeneration made it package-relative.
    assert "from . import t_inner\n" in outer
    assert "\nimport t_inner\n" not in outer
    for path, text in expected.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    # Import through a package name, the way wirestruct.generated.<folder> is imported,
    # with no sys.path entry for the folder itself.
    (tmp_path / "gen" / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    try:
        mod = importlib.import_module("gen.pkgx.t_outer")
        from io import BytesIO

        from kaitaistruct import KaitaiStream
        obj = mod.TOuter(KaitaiStream(BytesIO(b"\x34\x12\x02")))
        assert obj.inner.value == 0x1234
        # js-yaml (YAML 1.2 core schema) keeps `on`/`off`/`yes`/`no` as strings;
        # PyYAML would have made them booleans and the enum would not compile.
        assert obj.switch.name == "yes"
        assert [m.name for m in mod.TOuter.SwitchState] == ["off", "on", "yes", "no"]
        assert obj._io.is_eof()
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "gen" or n.startswith("gen.")]:
            del sys.modules[name]


@pytest.mark.parametrize("import_name", ["../other/t_inner", "/t_inner"])
def test_only_sibling_imports_resolve(tmp_path, import_name):
    bad = OUTER.replace("    - t_inner", f"    - {import_name}")
    ksy = make_tree(tmp_path, {"pkgy/t_outer.ksy": bad, "other/t_inner.ksy": INNER})
    _, errors = regen.expected_outputs(ksy=ksy, generated=tmp_path / "gen")
    assert any("t_outer.ksy" in e and "sibling" in e for e in errors), errors


def test_compile_errors_fail_in_either_language(tmp_path):
    broken = "meta:\n  id: t_broken\nseq:\n  - id: x\n    type: no_such_type\n"
    ksy = make_tree(tmp_path, {"pkgz/t_broken.ksy": broken})
    _, errors = regen.expected_outputs(ksy=ksy, generated=tmp_path / "gen")
    assert any("python:" in e and "no_such_type" in e for e in errors)
    assert any("javascript:" in e and "no_such_type" in e for e in errors)


def test_meta_id_must_match_file_name(tmp_path):
    ksy = make_tree(tmp_path, {"pkgw/wrong_name.ksy": INNER})
    _, errors = regen.expected_outputs(ksy=ksy, generated=tmp_path / "gen")
    assert any("must equal the file name" in e for e in errors)


def test_file_names_unique_across_ksy(tmp_path):
    ksy = make_tree(tmp_path, {"a/t_inner.ksy": INNER, "b/t_inner.ksy": INNER})
    with pytest.raises(SpecError, match="unique"):
        regen.spec_files(ksy)


def test_templates_render_once_per_data_file(tmp_path):
    template = textwrap.dedent("""\
        meta:
          id: t_tpl_{{ key }}
          endian: le
        seq:
        {% for f in fields %}
          - id: {{ f.name }}
            type: {{ f.type }}
        {% endfor %}
        """)
    ksy = make_tree(tmp_path, {
        "tp/templates/t_tpl.ksy.j2": template,
        "tp/data/b1.json": json.dumps({"fields": [{"name": "a", "type": "u1"},
                                                  {"name": "b", "type": "u2"}]}),
        "tp/data/b2.json": json.dumps({"fields": [{"name": "b", "type": "u2"},
                                                  {"name": "a", "type": "u1"}]}),
    })
    rendered = regen.render_templates(ksy)
    assert sorted(p.name for p in rendered) == ["t_tpl_b1.ksy", "t_tpl_b2.ksy"]
    b2 = rendered[ksy / "tp" / "t_tpl_b2.ksy"]
    assert b2.startswith(
        "# Rendered by `wirestruct regen` from templates/t_tpl.ksy.j2 with data/b2.json.")
    assert b2.index("id: b\n") < b2.index("id: a\n")
    # Rendering is part of regeneration: the rendered spec compiles and is checked.
    expected, errors = regen.expected_outputs(ksy=ksy, generated=tmp_path / "gen")
    assert errors == []
    assert (tmp_path / "gen" / "tp" / "t_tpl_b1.py") in expected
    b1 = ksy / "tp" / "t_tpl_b1.ksy"
    assert regen.differing_files({b1: rendered[b1]}) == [b1]


def test_check_lists_a_hand_edited_generated_file(tmp_path):
    ksy = make_tree(tmp_path, {"pkgv/t_inner.ksy": INNER})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    for path, text in expected.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert regen.differing_files(expected) == []
    edited = gen / "pkgv" / "t_inner.py"
    edited.write_text(edited.read_text() + "# hand edit\n")
    (gen / "pkgv" / "leftover.py").write_text("")
    assert regen.differing_files(expected) == [edited]
    assert regen.stale_files(expected, generated=gen) == [gen / "pkgv" / "leftover.py"]


def test_repository_specs_are_self_contained_folders_with_unique_names():
    specs = regen.spec_files()
    assert specs, "ksy/ has specs"
    names = [p.name for p in specs]
    assert len(names) == len(set(names))
    for spec in specs:
        assert len(spec.relative_to(ROOT / "ksy").parts) == 2


def test_repository_generated_is_what_the_pinned_compiler_makes():
    proc = subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", "regen", "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr


def test_pinned_compiler_version():
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/kaitai-struct-compiler"]["version"] == "0.11.0"
    assert lock["packages"]["node_modules/kaitai-struct"]["version"] == "0.11.0"
    pkg = json.loads((ROOT / "package.json").read_text())
    assert pkg["dependencies"]["kaitai-struct-compiler"] == "0.11.0"


def test_one_folder_is_regenerated_without_touching_a_broken_neighbour(tmp_path):
    ksy = make_tree(tmp_path, {
        "good/t_inner.ksy": INNER,
        "bad/templates/t_bad.ksy.j2": "meta:\n  id: t_bad_{{ key }}\n  x: {{ missing.attr }}\n",
        "bad/data/k.json": "{}",
        "bad/t_broken.ksy": "meta:\n  id: t_broken\nseq:\n  - id: x\n    type: nope\n",
    })
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen, folder="good")
    assert errors == []
    assert sorted(p.relative_to(tmp_path).as_posix() for p in expected) == [
        "gen/good/__init__.py", "gen/good/t_inner.lua", "gen/good/t_inner.py",
        "gen_rw/good/__init__.py", "gen_rw/good/_expressions.py", "gen_rw/good/t_inner.py"]


# The read-write step: ksc.js loads a second instance of the pinned compiler with the
# readWrite argument of MainJs.compile's RuntimeConfig turned on.
COMPILER_JS = ROOT / "node_modules" / "kaitai-struct-compiler" / "kaitai-struct-compiler.js"
READ_ONLY_CONFIG = ("var config = new $c_Lio_kaitai_struct_RuntimeConfig((!debug), debug, "
                    "false, true, false, new $c_Lio_kaitai_struct_CppRuntimeConfig(")


def test_the_pinned_compiler_has_the_patched_text_exactly_once():
    assert COMPILER_JS.read_text(encoding="utf-8").count(READ_ONLY_CONFIG) == 1


@pytest.mark.parametrize("copies", [0, 2])
def test_read_write_patch_fails_loudly_unless_the_text_occurs_once(tmp_path, copies):
    source = COMPILER_JS.read_text(encoding="utf-8")
    if copies == 0:
        reformatted = READ_ONLY_CONFIG.replace("debug), debug", "debug),  debug")
        changed = source.replace(READ_ONLY_CONFIG, reformatted)
    else:
        changed = source + "\n// " + READ_ONLY_CONFIG + "\n"
    assert changed.count(READ_ONLY_CONFIG) == copies
    compiler = tmp_path / "kaitai-struct-compiler.js"
    compiler.write_text(changed, encoding="utf-8")
    ksy = make_tree(tmp_path, {"pkgr/t_inner.ksy": INNER})
    with pytest.raises(SpecError) as err:
        regen.compile_specs([ksy / "pkgr" / "t_inner.ksy"], languages=("python-rw",),
                            compiler=compiler)
    message = str(err.value)
    assert "cannot enable read-write classes" in message
    assert f"{copies} times, not exactly once" in message
    assert str(compiler) in message


def test_read_write_classes_write_what_they_read(tmp_path):
    ksy = make_tree(tmp_path, {"pkgq/t_inner.ksy": INNER, "pkgq/t_outer.ksy": OUTER})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    assert errors == []
    read_only = expected[gen / "pkgq" / "t_outer.py"]
    read_write = expected[tmp_path / "gen_rw" / "pkgq" / "t_outer.py"]
    assert "class TOuter(KaitaiStruct):" in read_only and "def _write__seq" not in read_only
    assert "class TOuter(ReadWriteKaitaiStruct):" in read_write
    assert "def _write__seq(self, io=None):" in read_write and "def _check(self):" in read_write
    assert "from . import t_inner\n" in read_write
    for path, text in expected.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    sys.path.insert(0, str(tmp_path))
    try:
        mod = importlib.import_module("gen_rw.pkgq.t_outer")
        from io import BytesIO

        from kaitaistruct import KaitaiStream
        obj = mod.TOuter(KaitaiStream(BytesIO(b"\x34\x12\x02")))
        obj._read()
        assert (obj.inner.value, obj.switch) == (0x1234, mod.TOuter.SwitchState.yes)
        obj.inner.value = 0xBEEF
        obj.switch = mod.TOuter.SwitchState.on
        obj.inner._check()
        obj._check()
        out = KaitaiStream(BytesIO(bytearray(3)))
        obj._write(out)
        assert out.to_byte_array() == b"\xef\xbe\x01"
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.split(".")[0] in ("gen", "gen_rw")]:
            del sys.modules[name]


# The encoder's expressions: each spec compiled a second time with them as instances.
EXPR = """\
meta:
  id: t_expr
  endian: le
seq:
  - id: kind
    type: u1
    enum: kinds
  - id: wsx_0
    doc: A name the derived instances must not take.
    type: u1
  - id: items
    type: 'item(_index == 0 ? -1 : items[_index - 1].v, kind)'
    repeat: expr
    repeat-expr: 2
  - id: body
    size: 2
    type:
      switch-on: kind
      cases:
        kinds::one: item(wsx_0 + 7, kind)
        kinds::two: item(8, kinds::one)
  - id: tail
    type: u1
    if: _io.size > 6 and kind != kinds::two
types:
  item:
    params:
      - id: prev
        type: s4
      - id: k
        type: u1
        enum: kinds
    seq:
      - id: v
        type: u1
enums:
  kinds:
    1: one
    2: two
"""


def test_expressions_are_the_compilers_translation_as_functions(tmp_path):
    ksy = make_tree(tmp_path, {"pkge/t_expr.ksy": EXPR})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    assert errors == []
    text = expected[tmp_path / "gen_rw" / "pkge" / "_expressions.py"]
    assert "from .t_expr import TExpr\n" in text
    # The derived instances' names stay inside regen; the spec's own field keeps its name.
    assert re.findall(r"\w*wsx\w*", text) == ["wsx_0"]
    for path, body in expected.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    sys.path.insert(0, str(tmp_path))
    try:
        mod = importlib.import_module("gen_rw.pkge.t_expr")
        table = importlib.import_module("gen_rw.pkge._expressions").EXPRESSIONS
        assert sorted(table) == [("t_expr", "", "body", "type"), ("t_expr", "", "items", "type"),
                                 ("t_expr", "", "tail", "if"), ("t_expr", "", "tail", "when")]
        from io import BytesIO

        from kaitaistruct import KaitaiStream
        one = mod.TExpr.Kinds.one
        for data, body, tail in ((b"\x01\x03\x05\x06\x09\x00\x0b", ("item", (10, one)), True),
                                 (b"\x02\x03\x05\x06\x09\x00\x0b", ("item", (8, one)), False),
                                 (b"\x03\x03\x05\x06\x09\x00", None, False)):
            obj = mod.TExpr(KaitaiStream(BytesIO(data)))
            obj._read()
            kind = obj.kind
            assert table["t_expr", "", "items", "type"](obj, 0) == ("item", (-1, kind))
            assert table["t_expr", "", "items", "type"](obj, 1) == ("item", (5, kind))
            assert table["t_expr", "", "body", "type"](obj, None) == body
            assert table["t_expr", "", "tail", "if"](obj, None) is tail is hasattr(obj, "tail")
            if body is not None:      # what the parse chose: the same class and arguments
                assert (obj.body.prev, obj.body.k) == body[1]
            else:
                assert obj.body == b"\x09\x00"
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.split(".")[0] in ("gen", "gen_rw")]:
            del sys.modules[name]


# Lua: the compiler's output beside the Python, loadable on Lua 5.2 (Wireshark 4.0).
SHIFTED = """\
meta:
  id: t_shifted
seq:
  - id: flags
    type: u1
instances:
  high:
    value: flags >> 4
  low:
    value: flags % 16
"""


def test_lua_modules_are_written_beside_the_python_and_require_their_siblings(tmp_path):
    ksy = make_tree(tmp_path, {"pkgl/t_inner.ksy": INNER, "pkgl/t_outer.ksy": OUTER})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    assert errors == []
    lua = expected[gen / "pkgl" / "t_outer.lua"]
    assert 'require("t_inner")' in lua
    assert "TOuter = class.class(KaitaiStruct)" in lua
    assert gen / "pkgl" / "t_inner.lua" in expected
    assert not any(p.suffix == ".lua" for p in expected if "gen_rw" in p.parts)


def test_lua_5_3_operators_are_an_error_naming_the_spec_and_line(tmp_path):
    ksy = make_tree(tmp_path, {"pkgs/t_shifted.ksy": SHIFTED})
    _, errors = regen.expected_outputs(ksy=ksy, generated=tmp_path / "gen")
    assert len(errors) == 1
    assert errors[0].startswith("pkgs/t_shifted.ksy: lua: line ")
    assert "uses `>>`" in errors[0] and "self.flags >> 4" in errors[0]


@pytest.mark.parametrize("source, ops", [
    ("x = a >> 1", [">>"]),
    ("x = a << 1\ny = a & b\nz = a | b", ["<<", "&", "|"]),
    ("x = a ~ b", ["~"]),
    ("x = a // b", ["//"]),
    ("x = a ~= b", []),
    ("-- a >> b, a & b\nx = 1", []),
    ("--[==[ a // b\n a | b ]==]\nx = 1", []),
    ("s = 'a >> b' .. \"c & d\" .. [[e | f]]", []),
    ("s = 'it\\'s ~' .. x", []),
    ("x = a>>b -- and a // b", [">>"]),
])
def test_lua52_problems_skips_comments_and_strings(source, ops):
    found = regen.lua52_problems(source)
    assert [f.split("`")[1] for f in found] == ops


def test_check_lists_a_stale_lua_module(tmp_path):
    ksy = make_tree(tmp_path, {"pkgv/t_inner.ksy": INNER})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    assert errors == []
    for path, text in expected.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert regen.differing_files(expected) == []
    (gen / "pkgv" / "old_spec.lua").write_text("-- from a removed spec\n")
    assert regen.stale_files(expected, generated=gen) == [gen / "pkgv" / "old_spec.lua"]


IN_ENUM = """\
meta:
  id: t_in_enum
seq:
  - id: kind
    type: u1
    enum: kind
    valid:
      in-enum: true
  - id: kinds
    type: u1
    enum: kind
    repeat: expr
    repeat-expr: 2
    valid:
      in-enum: true
enums:
  kind:
    1: one
"""


def test_lua_in_enum_checks_also_refuse_an_entry_without_a_label(tmp_path):
    ksy = make_tree(tmp_path, {"pkge/t_in_enum.ksy": IN_ENUM})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    assert errors == []
    lua = expected[gen / "pkge" / "t_in_enum.lua"]
    assert "if self.kind == nil or self.kind.label == nil then\n" in lua
    assert "if self.kinds[i + 1] == nil or self.kinds[i + 1].label == nil then\n" in lua
    assert lua.count('error("ValidationNotInEnumError")') == 2
    assert lua.count(".label == nil then\n") == 2


def test_rewrite_lua_touches_only_in_enum_checks():
    source = ('  if self.a == nil then\n    error("ValidationNotInEnumError")\n  end\n'
              '  if self.b == nil then\n    error("other")\n  end\n')
    assert regen.rewrite_lua(source) == (
        '  if self.a == nil or self.a.label == nil then\n    error("ValidationNotInEnumError")\n'
        '  end\n  if self.b == nil then\n    error("other")\n  end\n')


TYPED = """\
meta:
  id: t_typed
  endian: be
seq:
  - id: a
    type: u1
    enum: switch_state
  - id: b
    type: u8
  - id: items
    type: u1
    repeat: expr
    repeat-expr: 2
types:
  sub:
    seq:
      - id: x
        type: s2
    instances:
      doubled:
        value: x * 2
instances:
  sum:
    value: a.to_i + 300
  half:
    value: b / 2.0
  big:
    value: b
  is_big:
    value: b > 10
  name:
    value: '"x" + "y"'
  state:
    value: a
  twice:
    value: items
enums:
  switch_state:
    0: off
    1: on
"""


def test_instance_types_are_the_compilers_types_of_the_expressions(tmp_path):
    """INSTANCE_TYPES in the read-only package: the type the compiler gives each value
    instance (from its Go output), for the Wireshark fields of computed values."""
    ksy = make_tree(tmp_path, {"pkgt/t_typed.ksy": TYPED})
    gen = tmp_path / "gen"
    expected, errors = regen.expected_outputs(ksy=ksy, generated=gen)
    assert errors == []
    namespace: dict = {}
    exec(compile(expected[gen / "pkgt" / "__init__.py"], "init", "exec"), namespace)
    assert namespace["INSTANCE_TYPES"] == {
        "t_typed:TTyped": {"big": "u8", "half": "f8", "is_big": "bool", "name": "str",
                           "state": "enum", "sum": "int", "twice": "list"},
        "t_typed:TTyped.Sub": {"doubled": "int"}}
    rw = expected[regen.rw_tree(gen) / "pkgt" / "__init__.py"]
    assert "INSTANCE_TYPES" not in rw
