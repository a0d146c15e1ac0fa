"""Web IDE export: a capture as files the Kaitai Web IDE opens with our specs.

``wirestruct export CAPTURE --protocol P --out DIR`` writes

* ``DIR/capture.wscap`` - the whole capture as a wirestruct container
  (open with ``ksy/wirestruct_capture.ksy``);
* ``DIR/packets/NNNNNN_<name>_<label>.bin`` - one file per decoded packet (and per
  expansion the protocol offers: decompressed bodies, reconstructed deltas, nested
  packets), each opened with a spec that needs no parameters and no custom ``process``;
* ``DIR/ksy/*.ksy`` - the specs, flat, as the Web IDE stores dropped files (each protocol
  folder of ``ksy/`` is self-contained with sibling imports, so flat copies resolve);
* ``DIR/index.json`` and ``DIR/INDEX.txt`` - which spec opens which file;
* ``DIR/manifest.json`` - every file the export wrote (``--force`` removes exactly these).

The export writes only into a new or empty directory and never through a symbolic link
(:class:`ExportDir`).

In the Web IDE: drag the ``ksy/`` files and a ``.bin`` in, then pick the spec INDEX.txt
names for that file. :func:`verify_export` (``wirestruct export --verify``) proves an
export opens that way: the JavaScript build of the same pinned compiler, run under Node on
the npm ``kaitai-struct`` runtime, parses every file and agrees with the Python parse.
"""
from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO, Literal, TextIO, overload

from wirestruct.captures.files.container import write_header, write_record
from wirestruct.core.decoder import Decoder
from wirestruct.core.errors import OutputError, UsageError, WirestructError
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.records import CaptureRecord
from wirestruct.core.resources import ksy_root, source_checkout
from wirestruct.plugin.protocol import ExportItem, Protocol
from wirestruct.safe_paths import storage_failure

CONTAINER_SPEC = "wirestruct_capture"

#: Every file an export writes is listed here (relative paths), so that ``--force`` can
#: remove exactly the files of the previous export.
MANIFEST = "manifest.json"
#: The package of the capture specs (the container spec every export holds).
CAPTURE_PACKAGE = "wirestruct.generated.capture"
SUBDIRS = ("packets", "ksy")

_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_OPEN_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)



def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)[:48]


class ExportDir:
    """An export directory written without following symbolic links: every directory is
    opened with ``O_NOFOLLOW | O_DIRECTORY`` and every file created with
    ``O_NOFOLLOW | O_EXCL | O_CREAT`` relative to its directory's descriptor, so a link
    planted in the directory (or swapped in while the export runs) makes the export fail
    instead of writing through it. Every file written is recorded for the manifest."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.written: list[str] = []
        #: the storage refused a write (a full disk, a read-only file system)
        self.storage_failed = False
        self._fds: dict[str, int] = {}
        self._fds[""] = _open_dir(self.path)

    def close(self) -> None:
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()

    def subdir(self, name: str) -> None:
        """Create (or open, when --force left it with user files) a subdirectory."""
        try:
            os.mkdir(name, 0o755, dir_fd=self._fds[""])
        except FileExistsError:
            pass
        self._fds[name] = _open_dir(self.path / name, name=name, dir_fd=self._fds[""])

    @overload
    def create(self, relative: str,
               mode: Literal["wb"] = "wb") -> AbstractContextManager[BinaryIO]: ...

    @overload
    def create(self, relative: str, mode: Literal["w"]) -> AbstractContextManager[TextIO]: ...

    @contextmanager
    def create(self, relative: str, mode: str = "wb") -> Iterator[Any]:
        """A new file at ``relative`` (``name`` or ``subdir/name``), never through a link:
        binary (``wb``) or UTF-8 text (``w``)."""
        folder, _, name = relative.rpartition("/")
        try:
            fd = os.open(name, _NEW_FILE, 0o644, dir_fd=self._fds[folder])
        except FileExistsError:
            raise OutputError(f"{self.path / relative} already exists (or is a symbolic "
                                 f"link); the export writes only new files") from None
        except OSError as exc:
            raise OutputError(f"cannot create {self.path / relative}: {exc.strerror}") from None
        self.written.append(relative)
        try:
            with (os.fdopen(fd, mode) if "b" in mode
                  else os.fdopen(fd, mode, encoding="utf-8")) as out:
                yield out
        except OSError as exc:
            failure = storage_failure(exc, self.path / relative,
                                      "the files of this export are removed")
            if failure is None:
                raise
            self.storage_failed = True
            raise failure from None

    def remove_written(self) -> None:
        """Remove every file this export wrote (by name in its folder: a link is removed,
        never followed) and the subfolders this empties."""
        for relative in reversed(self.written):
            folder, _, name = relative.rpartition("/")
            try:
                os.unlink(name, dir_fd=self._fds[folder])
            except OSError:
                pass
        self.written.clear()
        for sub in SUBDIRS:
            if sub in self._fds:
                try:
                    os.rmdir(sub, dir_fd=self._fds[""])
                except OSError:
                    pass          # files of the user's stay, and so does their folder

    def write_manifest(self, complete: bool) -> None:
        files = self.written + [MANIFEST]
        with self.create(MANIFEST, "w") as out:
            json.dump({"wirestruct_export": 1, "complete": complete, "files": files,
                       "dirs": list(SUBDIRS)}, out, indent=1)
            out.write("\n")


def _open_dir(path: Path, *, name: str | None = None, dir_fd: int | None = None) -> int:
    if dir_fd is not None and name is None:
        raise TypeError("a directory opened in dir_fd needs its name")
    try:
        if dir_fd is None or name is None:
            return os.open(path, _OPEN_DIR)
        return os.open(name, _OPEN_DIR, dir_fd=dir_fd)
    except OSError as exc:
        if os.path.islink(path):
            raise OutputError(f"{path} is a symbolic link; the export does not write "
                                 f"through links") from None
        raise OutputError(f"cannot open the directory {path}: {exc.strerror}") from None


def prepare_out_dir(out_dir: Path, *, force: bool = False) -> list[str]:
    """Make ``out_dir`` ready for an export: create it, or accept it when empty. With
    ``force``, remove the files the previous export listed in its manifest (or, for an
    export without one, in its index.json) and nothing else. Returns warnings: the
    files that stay. Raises :class:`OutputError` when the directory cannot be used."""
    out_dir = Path(out_dir)
    if os.path.islink(out_dir):
        raise OutputError(f"{out_dir} is a symbolic link; the export does not write "
                             f"through links")
    if not os.path.lexists(out_dir):
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        os.mkdir(out_dir, 0o755)
        return []
    if not stat.S_ISDIR(os.lstat(out_dir).st_mode):
        raise OutputError(f"{out_dir} exists and is not a directory")
    if not os.listdir(out_dir):
        return []
    if not force:
        raise OutputError(f"{out_dir} is not empty; export into a new or empty directory, "
                             f"or pass --force to replace a previous export there")
    listed = _previous_export(out_dir)
    fds = {"": _open_dir(out_dir)}
    try:
        for sub in SUBDIRS:  # a symlinked subdirectory is refused before anything is removed
            if os.path.lexists(out_dir / sub):
                fds[sub] = _open_dir(out_dir / sub, name=sub, dir_fd=fds[""])
        for relative in listed:
            folder, _, name = relative.rpartition("/")
            if folder not in fds:
                continue
            try:
                if not stat.S_ISDIR(os.lstat(name, dir_fd=fds[folder]).st_mode):
                    os.unlink(name, dir_fd=fds[folder])  # a link is removed, never followed
            except FileNotFoundError:
                pass
        for sub in SUBDIRS:
            try:
                os.rmdir(sub, dir_fd=fds[""])
            except OSError:
                pass  # missing, or holds files the previous export did not write
    finally:
        for fd in fds.values():
            os.close(fd)
    remaining = sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*")
                       if not p.is_dir() or p.is_symlink())
    return [f"{out_dir / name} was not written by the previous export and stays"
            for name in remaining]


def _previous_export(out_dir: Path) -> list[str]:
    """The files the export in ``out_dir`` wrote (validated relative paths)."""
    manifest = out_dir / MANIFEST
    index = out_dir / "index.json"
    try:
        if os.path.lexists(manifest):
            files = _read_json(manifest)["files"]
        elif os.path.lexists(index):
            data = _read_json(index)
            files = ([data["container"], "index.json", "INDEX.txt"]
                     + [f"ksy/{name}" for name in data["specs"]]
                     + [f["file"] for f in data["files"]])
        else:
            raise OutputError(f"{out_dir} is not empty and holds no wirestruct export "
                                 f"({MANIFEST} is missing); --force replaces only a "
                                 f"previous export")
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            raise TypeError("files is not a list of names")
    except (KeyError, TypeError, ValueError, OSError) as exc:
        raise OutputError(f"{out_dir}: the previous export's file list is unreadable "
                             f"({exc}); remove the directory by hand") from None
    return [f for f in files if _is_export_path(f)]


def _read_json(path: Path):
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, encoding="utf-8") as src:
        return json.load(src)


def _is_export_path(relative: str) -> bool:
    """A name the export can have written: ``name`` or ``packets|ksy/name``."""
    parts = PurePosixPath(relative).parts
    if len(parts) == 1:
        folder, name = "", parts[0]
    elif len(parts) == 2:
        folder, name = parts
    else:
        return False
    return (folder in ("",) + SUBDIRS and name not in (".", "..") and "\\" not in relative
            and not relative.startswith("/"))


def export_capture(records: Iterable[CaptureRecord | WirestructError], protocol: Protocol,
                   decoder: Decoder, out_dir: Path, *, only: frozenset[str] | None = None,
                   upto: int | None = None) -> dict:
    """Decode ``records`` and write the export into ``out_dir``, which must exist and be
    ready (:func:`prepare_out_dir`); returns the index written to index.json. ``only``:
    files for the packets of these names alone; ``upto``: stop after packet ``upto`` (the
    container then holds the records read up to it)."""
    from wirestruct.core.session import decode_records

    export_items = protocol.export_items
    if export_items is None:
        raise UsageError(f"protocol {protocol.name} has no Web IDE export")
    out = ExportDir(Path(out_dir))
    try:
        for sub in SUBDIRS:
            out.subdir(sub)
        files: list[dict] = []
        errors: list[dict] = []
        with out.create("capture.wscap") as container:
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
                elif only is None or event.name in only:
                    files.extend(_write_items(out, export_items(event), event))
                if upto is not None and event.index is not None and event.index >= upto:
                    break
        specs = copy_specs(out, protocol.specs.folder)
        index = {"protocol": protocol.name, "container": "capture.wscap",
                 "container_spec": f"{CONTAINER_SPEC}.ksy", "specs": specs, "files": files,
                 "errors": errors}
        with out.create("index.json", "w") as dst:
            dst.write(json.dumps(index, indent=1) + "\n")
        lines = [f"wirestruct export of a {protocol.title} capture", "",
                 "Open in the Kaitai Web IDE: drop every file of ksy/ and the .bin files in, then",
                 "open each file with the spec named here.", "",
                 f"capture.wscap  <-  {CONTAINER_SPEC}.ksy"]
        lines += [f"{f['file']}  <-  {f['spec']}" + (f"   ({f['note']})" if f["note"] else "")
                  for f in files]
        if errors:
            lines += ["", f"{len(errors)} packet(s) did not decode; see index.json 'errors'."]
        lines += ["", f"{MANIFEST} lists every file of this export."]
        with out.create("INDEX.txt", "w") as dst:
            dst.write("\n".join(lines) + "\n")
    except BaseException:
        if out.storage_failed:
            # No room for the rest (nor for a manifest): nothing of the export stays.
            out.remove_written()
            raise
        # Also after a failure, so that --force can remove what was written.
        try:
            out.write_manifest(complete=False)
        except OutputError:
            pass  # the failure being raised says more
        raise
    else:
        out.write_manifest(complete=True)
    finally:
        out.close()
    return index


def _write_items(out: ExportDir, items: list[ExportItem], event: PacketEvent) -> list[dict]:
    """The files of one packet, written; their index entries."""
    files = []
    for item in items:
        name = f"{event.index:06d}_{_safe(event.name)}_{_safe(item.label)}.bin"
        with out.create(f"packets/{name}") as packet:
            packet.write(item.data)
        files.append({"file": f"packets/{name}", "spec": f"{item.spec}.ksy",
                      "packet_index": event.index, "packet": event.name,
                      "label": item.label, "note": item.note})
    return files


def copy_specs(out: ExportDir, folder: Path) -> list[str]:
    """Copy the protocol's specs (``folder``) and the container spec into ``ksy/``, flat;
    returns their file names."""
    if not folder.is_dir():
        raise WirestructError(f"the specs folder {folder} is missing")
    names = []
    sources = sorted(folder.glob("*.ksy"))
    sources.append(ksy_root() / "capture" / f"{CONTAINER_SPEC}.ksy")
    for src in sources:
        with out.create(f"ksy/{src.name}") as dst:
            dst.write(src.read_bytes())
        names.append(src.name)
    return names


# -- verification: open the export as the Web IDE would ---------------------------------------
CHECK_SCRIPT = Path(__file__).resolve().parent / "webide_check.js"


def open_like_webide(out_dir: Path) -> dict:
    """Parse every exported file with the JavaScript build of its spec under Node
    (``tools/webide_check.js``); returns {file: plain JSON or {"__error__": ...}}."""
    import subprocess

    node = shutil.which("node")
    search = node_search_path()
    missing = missing_node_packages(search)
    if node is None or missing:
        raise WirestructError(
            "export --verify needs Node.js and the npm packages " + ", ".join(NODE_PACKAGES)
            + ("; node is not on PATH (install Node.js)" if node is None else
               f"; not found: {', '.join(missing)} (looked in NODE_PATH, a wirestruct "
               f"checkout's node_modules, {node_cache()} and the node_modules folders of "
               f"{Path.cwd()} and above); install them with: {install_command()}"),
            expected="node and " + ", ".join(NODE_PACKAGES))
    # The user's NODE_PATH stays first; the folders found here are added after it.
    env = {**os.environ, "NODE_PATH": os.pathsep.join(str(p) for p in search)}
    proc = subprocess.run([node, str(CHECK_SCRIPT), str(Path(out_dir).resolve())],
                          check=False, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        raise WirestructError(f"the Web IDE check could not run: {last}",
                              expected="node to run tools/webide_check.js")
    return json.loads(proc.stdout)


#: The npm packages the check runs on: the compiler and runtime the Web IDE uses.
NODE_PACKAGES = ("kaitai-struct-compiler@0.11.0", "kaitai-struct@0.11.0", "js-yaml")


def _package_name(spec: str) -> str:
    return spec.rpartition("@")[0] if spec.rfind("@") > 0 else spec


def node_cache() -> Path:
    """The folder wirestruct keeps its own npm packages in (``$XDG_CACHE_HOME`` or
    ``~/.cache``, then ``wirestruct/node``): :func:`install_command` installs there, and
    the check finds them there from any folder, with no NODE_PATH."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "wirestruct" / "node"


def install_command() -> str:
    """The one command that installs the packages the check needs where it finds them."""
    import shlex
    return f"npm install --prefix {shlex.quote(str(node_cache()))} " + " ".join(NODE_PACKAGES)


def node_search_path() -> list[Path]:
    """The folders Node searches for the check's packages, in order: every entry of the
    user's NODE_PATH (kept as given), then those of them that exist of a wirestruct
    checkout's ``node_modules``, :func:`node_cache`'s and the ``node_modules`` folders of
    the working folder and its parents (where ``npm install`` puts packages)."""
    given = [Path(p) for p in os.environ.get("NODE_PATH", "").split(os.pathsep) if p]
    found: list[Path] = []
    checkout = source_checkout()
    if checkout is not None:
        found.append(checkout / "node_modules")
    found.append(node_cache() / "node_modules")
    here = Path.cwd()
    found += [folder / "node_modules" for folder in (here, *here.parents)]
    return given + [p for p in dict.fromkeys(found) if p not in given and p.is_dir()]


def missing_node_packages(search: list[Path]) -> list[str]:
    """The packages of :data:`NODE_PACKAGES` no folder of ``search`` holds."""
    return [spec for spec in NODE_PACKAGES
            if not any((folder / _package_name(spec) / "package.json").is_file()
                       for folder in search)]


def python_view(package: str, spec_file: str, data: bytes):
    """The Python parse of an exported file, in the JavaScript build's terms (enum values
    as integers); ``package`` holds the protocol's generated classes."""
    import importlib

    from wirestruct.core.parse import parse
    from wirestruct.output.jsonify import to_jsonable

    spec_id = spec_file[:-len(".ksy")]
    if spec_id == CONTAINER_SPEC:
        package = CAPTURE_PACKAGE
    module = importlib.import_module(f"{package}.{spec_id}")
    cls = getattr(module, "".join(p[:1].upper() + p[1:] for p in spec_id.split("_")))
    return to_jsonable(parse(cls, data), enum_names=False)


def _same_terms(value):
    """JavaScript names fields in lowerCamelCase; keys are compared without case and
    underscores. Values are left alone: integers are compared exactly."""
    if isinstance(value, dict) and not _rounded(value):
        return {k.replace("_", "").lower(): _same_terms(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_same_terms(v) for v in value]
    return value


ROUNDED = "__rounded__"


def _rounded(value) -> bool:
    return isinstance(value, dict) and set(value) == {ROUNDED}


def same_value(py, js) -> bool:
    """Whether a Python leaf value and the Web IDE's agree, exactly: integers as integers
    (a 64-bit value JavaScript rounded differs), booleans only with booleans. A computed
    instance JavaScript cannot hold exactly (``{"__rounded__": N}`` from
    webide_check.js) agrees when it is the Python value rounded to a double, the rounding
    every JavaScript number gets; the fields it is computed from are compared exactly."""
    if _rounded(js):
        js = js[ROUNDED]
        if isinstance(py, float):
            return py == js  # a float instance that happens to be a large whole number
        if not isinstance(py, int) or isinstance(py, bool) or not isinstance(js, int):
            return False
        try:
            return float(py) == js
        except OverflowError:
            return False
    if isinstance(py, bool) or isinstance(js, bool):
        return type(py) is type(js) and py == js
    return py == js  # int == int, and int == float, are exact in Python


def first_difference(a, b, path: str = ""):
    """Where a Python value (``a``) and the Web IDE's (``b``) first differ, as plain JSON
    values (None when they agree); leaves are compared with :func:`same_value`."""
    if isinstance(a, dict) and isinstance(b, dict) and not _rounded(b):
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
    if same_value(a, b):
        return None
    shown = f"{b[ROUNDED]!r} (computed, rounded)" if _rounded(b) else repr(b)
    return f"{path}: python {a!r} vs javascript {shown}"


def verify_export(out_dir: Path) -> tuple[dict, list[str]]:
    """Open an export as the Web IDE would and compare with the Python parse.

    Returns the JavaScript parse of every file and the list of problems (empty when every
    file opens and agrees)."""
    out_dir = Path(out_dir)
    index = json.loads((out_dir / "index.json").read_text(encoding="utf-8"))
    from wirestruct.plugin import registry
    package = registry.get_protocol(index["protocol"]).specs.package
    js = open_like_webide(out_dir)
    problems = []
    targets = [{"file": index["container"], "spec": index["container_spec"]}] + index["files"]
    for target in targets:
        parsed_js = js.get(target["file"])
        if parsed_js is None or "__error__" in parsed_js:
            problems.append(f"{target['file']} does not open with {target['spec']}: "
                            f"{(parsed_js or {}).get('__error__', 'not parsed')}")
            continue
        parsed_py = python_view(package, target["spec"], (out_dir / target["file"]).read_bytes())
        found = first_difference(_same_terms(parsed_py), _same_terms(parsed_js))
        if found:
            problems.append(f"{target['file']} with {target['spec']}: {found}")
    return js, problems
