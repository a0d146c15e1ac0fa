"""`wirestruct export` opens in the Web IDE: the exported specs, compiled by the pinned
compiler's JavaScript build and run under Node on the npm kaitai-struct runtime, parse
every exported file without error and agree with the Python parse."""
import importlib
import json
import math
import subprocess
from pathlib import Path

import pytest

from wirestruct import registry
from wirestruct.jsonify import to_jsonable
from wirestruct.parse import parse
from wirestruct.tools.cli import main as cli

ROOT = Path(__file__).resolve().parent.parent


def camel(spec_id: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in spec_id.split("_"))


def python_parse(folder: str, spec_file: str, data: bytes):
    spec_id = spec_file[:-len(".ksy")]
    package = "capture" if spec_id == "wirestruct_capture" else folder
    module = importlib.import_module(f"wirestruct.generated.{package}.{spec_id}")
    return to_jsonable(parse(getattr(module, camel(spec_id)), data), enum_names=False)


def normalize(value):
    """The JavaScript build names fields in lowerCamelCase; compare names without case
    or underscores, numbers as doubles (JavaScript's u8 is a double)."""
    if isinstance(value, dict):
        return {k.replace("_", "").lower(): normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return value


def diff(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: only in {'python' if key in a else 'javascript'}"
            found = diff(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b)):
            found = diff(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(a, float) and isinstance(b, float) and (a == b or (math.isnan(a) and math.isnan(b))):
        return None
    return None if a == b else f"{path}: python {a!r} vs javascript {b!r}"


def sample_for(name: str) -> Path:
    return ROOT / "samples" / f"{name.replace('-', '_')}.jsonl"


@pytest.mark.parametrize("name", registry.protocol_names())
def test_export_opens_in_the_web_ide_and_agrees_with_python(name, tmp_path):
    out = tmp_path / "export"
    # A slice of the sample keeps the Node run short; it still covers every packet kind
    # the sample's first records hold.
    head = tmp_path / "head.jsonl"
    with open(sample_for(name)) as src:
        head.write_text("".join(line for _, line in zip(range(80), src)))
    assert cli(["export", str(head), "--protocol", name, "--out", str(out)]) == 0
    index = json.loads((out / "index.json").read_text())
    assert index["files"], "the export holds packet files"
    assert (out / "INDEX.txt").read_text().count(".bin  <-  ") == len(index["files"])
    for spec in index["specs"]:
        assert (out / "ksy" / spec).is_file()
    proc = subprocess.run(["node", str(ROOT / "tools" / "webide_check.js"), str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    js = json.loads(proc.stdout)
    folder = registry.get_protocol(name).ksy_folder
    targets = [{"file": index["container"], "spec": index["container_spec"]}] + index["files"]
    assert len(js) == len(targets)
    for target in targets:
        parsed_js = js[target["file"]]
        assert "__error__" not in parsed_js, (target, parsed_js)
        data = (out / target["file"]).read_bytes()
        parsed_py = python_parse(folder, target["spec"], data)
        problem = diff(normalize(parsed_py), normalize(parsed_js))
        assert problem is None, f"{target['file']} with {target['spec']}: {problem}"
