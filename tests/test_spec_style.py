"""Every spec carries a full meta, a doc and a doc-ref, and every type says what it is.
Specs are read with js-yaml, as the Web IDE reads them."""
import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOAD = """
const yaml = require('js-yaml'), fs = require('fs'), path = require('path');
const out = {};
for (const dir of fs.readdirSync('ksy')) {
  for (const f of fs.readdirSync(path.join('ksy', dir))) {
    if (f.endsWith('.ksy')) out[dir + '/' + f] = yaml.load(fs.readFileSync(path.join('ksy', dir, f), 'utf8'));
  }
}
process.stdout.write(JSON.stringify(out));
"""


def load_specs():
    proc = subprocess.run(["node", "-e", LOAD], capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(proc.stdout)


SPECS = load_specs()


@pytest.mark.parametrize("name", sorted(SPECS))
def test_full_meta_doc_and_doc_ref(name):
    spec = SPECS[name]
    meta = spec["meta"]
    for key in ("id", "title", "license", "ks-version", "endian", "bit-endian"):
        assert key in meta, f"{name}: meta.{key}"
    assert meta["license"] == "MIT"
    assert str(meta["ks-version"]) == "0.11"
    assert spec.get("doc") and spec.get("doc-ref"), name
    for type_name, body in (spec.get("types") or {}).items():
        assert body.get("doc") or body.get("doc-ref"), f"{name}: type {type_name} has no doc"
    for imported in meta.get("imports") or []:
        assert "/" not in imported and (ROOT / "ksy" / name.split("/")[0] / f"{imported}.ksy").is_file()
