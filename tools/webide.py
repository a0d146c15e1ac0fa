"""Web IDE export: a capture as files the Kaitai Web IDE opens with our specs.

``wirestruct export CAPTURE --protocol P --out DIR`` writes

* ``DIR/capture.wscap`` - the whole capture as a wirestruct container
  (open with ``ksy/wirestruct_capture.ksy``);
* ``DIR/packets/NNNNNN_<name>_<label>.bin`` - one file per decoded packet (and per
  expansion the protocol offers: decompressed bodies, reconstructed deltas, nested
  packets), each opened with a spec that needs no parameters and no custom ``process``;
* ``DIR/ksy/*.ksy`` - the specs, flat, as the Web IDE stores dropped files (each protocol
  folder of ``ksy/`` is self-contained with sibling imports, so flat copies resolve);
* ``DIR/index.json`` and ``DIR/INDEX.txt`` - which spec opens which file.

In the Web IDE: drag the ``ksy/`` files and a ``.bin`` in, then pick the spec INDEX.txt
names for that file. :func:`verify_export` (``wirestruct export --verify``) proves an
export opens that way: the JavaScript build of the same pinned compiler, run under Node on
the npm ``kaitai-struct`` runtime, parses every file and agrees with the Python parse.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Iterable, List, Tuple, Union

from wirestruct.captures.container import write_header, write_record
from wirestruct.errors import WirestructError
from wirestruct.events import ErrorEvent
from wirestruct.protocol import Decoder, Protocol
from wirestruct.records import CaptureRecord

from .regen import KSY

CONTAINER_SPEC = "wirestruct_capture"


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)[:48]


def export_capture(records: Iterable[Union[CaptureRecord, WirestructError]], protocol: Protocol,
                   decoder: Decoder, out_dir: Path, *, ksy_dir: Path = KSY) -> dict:
    """Decode ``records`` and write the export; returns the index written to index.json."""
    from wirestruct.session import decode_records

    out_dir = Path(out_dir)
    packets_dir = out_dir / "packets"
    specs_dir = out_dir / "ksy"
    packets_dir.mkdir(parents=True, exist_ok=True)
    specs_dir.mkdir(parents=True, exist_ok=True)
    files: List[dict] = []
    errors: List[dict] = []

    with open(out_dir / "capture.wscap", "wb") as container:
        write_header(container, protocol.name)

        def tee(items):
            # The capture is read once: records go to the container as they stream past.
            for item in items:
                if isinstance(item, CaptureRecord):
                    write_record(container, item)
                yield item

        for event in decode_records(tee(records), decoder):
            if isinstance(event, ErrorEvent):
                errors.append(event.error.to_json())
                continue
            for item in protocol.export_items(event):
                name = f"{event.index:06d}_{_safe(event.name)}_{_safe(item.label)}.bin"
                (packets_dir / name).write_bytes(item.data)
                files.append({"file": f"packets/{name}", "spec": f"{item.spec}.ksy",
                              "packet_index": event.index, "packet": event.name,
                              "label": item.label, "note": item.note})
    specs = copy_specs(ksy_dir, specs_dir, protocol.ksy_folder)
    index = {"protocol": protocol.name, "container": "capture.wscap",
             "container_spec": f"{CONTAINER_SPEC}.ksy", "specs": specs, "files": files,
             "errors": errors}
    (out_dir / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    lines = [f"wirestruct export of a {protocol.title} capture", "",
             "Open in the Kaitai Web IDE: drop every file of ksy/ and the .bin files in, then",
             "open each file with the spec named here.", "",
             f"capture.wscap  <-  {CONTAINER_SPEC}.ksy"]
    lines += [f"{f['file']}  <-  {f['spec']}" + (f"   ({f['note']})" if f["note"] else "")
              for f in files]
    if errors:
        lines += ["", f"{len(errors)} packet(s) did not decode; see index.json 'errors'."]
    (out_dir / "INDEX.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return index


def copy_specs(ksy_dir: Path, out: Path, folder: str) -> List[str]:
    """Copy the protocol's specs and the container spec, flat; returns their file names."""
    if not ksy_dir.is_dir():
        raise WirestructError(f"the specs folder {ksy_dir} is missing; export needs a source "
                              f"checkout of wirestruct")
    names = []
    sources = sorted((ksy_dir / folder).glob("*.ksy")) + [ksy_dir / "capture" / f"{CONTAINER_SPEC}.ksy"]
    for src in sources:
        shutil.copyfile(src, out / src.name)
        names.append(src.name)
    return names


# -- verification: open the export as the Web IDE would ---------------------------------------
CHECK_SCRIPT = KSY.parent / "tools" / "webide_check.js"


def open_like_webide(out_dir: Path) -> dict:
    """Parse every exported file with the JavaScript build of its spec under Node
    (``tools/webide_check.js``); returns {file: plain JSON or {"__error__": ...}}."""
    import subprocess

    proc = subprocess.run(["node", str(CHECK_SCRIPT), str(out_dir)], capture_output=True,
                          text=True, cwd=KSY.parent)
    if proc.returncode != 0:
        raise WirestructError(f"the Web IDE check could not run: {proc.stderr.strip()}")
    return json.loads(proc.stdout)


def python_view(folder: str, spec_file: str, data: bytes):
    """The Python parse of an exported file, in the JavaScript build's terms (enum values
    as integers)."""
    import importlib

    from wirestruct.jsonify import to_jsonable
    from wirestruct.parse import parse

    spec_id = spec_file[:-len(".ksy")]
    package = "capture" if spec_id == CONTAINER_SPEC else folder
    module = importlib.import_module(f"wirestruct.generated.{package}.{spec_id}")
    cls = getattr(module, "".join(p[:1].upper() + p[1:] for p in spec_id.split("_")))
    return to_jsonable(parse(cls, data), enum_names=False)


def _same_terms(value):
    """JavaScript names fields in lowerCamelCase and holds every number as a double."""
    if isinstance(value, dict):
        return {k.replace("_", "").lower(): _same_terms(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_same_terms(v) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return value


def first_difference(a, b, path: str = ""):
    """Where two plain JSON values first differ (None when they agree)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: only in {'python' if key in a else 'javascript'}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: python {a!r} vs javascript {b!r}"


def verify_export(out_dir: Path) -> Tuple[dict, List[str]]:
    """Open an export as the Web IDE would and compare with the Python parse.

    Returns the JavaScript parse of every file and the list of problems (empty when every
    file opens and agrees)."""
    out_dir = Path(out_dir)
    index = json.loads((out_dir / "index.json").read_text(encoding="utf-8"))
    from wirestruct import registry
    folder = registry.get_protocol(index["protocol"]).ksy_folder
    js = open_like_webide(out_dir)
    problems = []
    targets = [{"file": index["container"], "spec": index["container_spec"]}] + index["files"]
    for target in targets:
        parsed_js = js.get(target["file"])
        if parsed_js is None or "__error__" in parsed_js:
            problems.append(f"{target['file']} does not open with {target['spec']}: "
                            f"{(parsed_js or {}).get('__error__', 'not parsed')}")
            continue
        parsed_py = python_view(folder, target["spec"], (out_dir / target["file"]).read_bytes())
        found = first_difference(_same_terms(parsed_py), _same_terms(parsed_js))
        if found:
            problems.append(f"{target['file']} with {target['spec']}: {found}")
    return js, problems
