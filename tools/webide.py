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
names for that file.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Iterable, List, Union

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
