"""A dataset ``wirestruct batch`` writes: one Delta Lake table per table of
:mod:`wirestruct.tables`, read in one place.

    from wirestruct import dataset
    data = dataset.open("DATASET")                  # or "s3://bucket/prefix"
    data.version                                    # the version read
    data.pandas("packets"); data.polars("mme_moves"); data.arrow("captures")
    dataset.open("DATASET", version=3)              # as it was at version 3

Layout (``docs/tables.md``)::

    DATASET/wirestruct-dataset.json      what this is (JSON)
    DATASET/READ-EACH-TABLE-...parquet   text, not Parquet: a plain Parquet reader of the
                                         root stops on it instead of mixing the tables
    DATASET/captures/_delta_log/ ...     one Delta table per table, Parquet files beside
    DATASET/packets/_delta_log/ ...      its transaction log
    DATASET/<protocol's tables>/ ...

A capture is known by the SHA-256 of its bytes (the ``capture`` column of every table).
Its rows are committed table by table, the ``captures`` table last: a capture is in the
dataset once its ``captures`` row is, and the rows of a table that belong to it are those
whose ``write_id`` its ``captures`` row names. Rows of a write whose ``captures`` row never
came (another run won the race for that capture, the run was killed) are not the
dataset's: :func:`open` leaves them out, and the writers remove them. The versions of the
dataset are those of its ``captures`` table; each commit there records the versions of
the other tables it was made against, so a version reads back as it was.

Delta's timestamps are microseconds (the one precision every Delta reader takes), so the
dataset's ``t`` columns are ``timestamp[us, UTC]``: the tables' nanoseconds cut to
microseconds. The ``capture`` column is plain text (Delta has no dictionary type).
This module needs the ``deltalake`` package (``pip install 'wirestruct[delta]'``).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import pyarrow as pa
from wirestruct.core.errors import UsageError
from wirestruct.tables.schemas import CAPTURES as CAPTURE_ROWS
from wirestruct.tables.schemas import TIME

#: The file at the root that says what the folder is (JSON, not Parquet).
MARKER = "wirestruct-dataset.json"
#: A file at the root with a ``.parquet`` name that is not Parquet: a plain Parquet reader
#: of the root (pandas, pyarrow, polars, DuckDB) stops on it, naming it, instead of
#: mixing the tables.
GUARD = "READ-EACH-TABLE-FOLDER-AS-DELTA-NOT-THE-ROOT.parquet"
GUARD_TEXT = ("This folder is a wirestruct dataset: each folder in it is a Delta Lake table "
              "(read with wirestruct.dataset.open, or a Delta reader per folder). It is not "
              "one Parquet dataset.\n")
#: The layout the marker names; a change of the folders or the commit rules bumps it.
LAYOUT = 1
#: The table whose commits make captures visible (and whose versions are the dataset's).
CAPTURES = "captures"
#: The column tying a table's rows to the ``captures`` row that makes them visible.
WRITE_ID = "write_id"
#: The key of wirestruct's part of a commit's metadata.
META = "wirestruct"
#: What ``pip`` installs for this module.
EXTRA = "pip install 'wirestruct[delta]'"

STORED_TIME = pa.timestamp("us", tz="UTC")
_CAPTURE = pa.field("capture", pa.string(), nullable=False)
_WRITE = pa.field(WRITE_ID, pa.string(), nullable=False)

#: The ``captures`` table of a dataset: the capture's SHA-256, where it was read (``path``:
#: relative to ``--root``, or as given; ``name``: the file's name), what the options that
#: shape its rows were (``options``, JSON), then the columns of :mod:`wirestruct.tables`.
CAPTURES_SCHEMA = pa.schema(
    [_CAPTURE, pa.field("path", pa.string()), pa.field("name", pa.string()),
     pa.field("options", pa.string())]
    + [f for f in CAPTURE_ROWS if f.name not in ("capture", "source", "sha256")] + [_WRITE])


def need_deltalake() -> Any:
    """The ``deltalake`` module, or a UsageError saying how to install it."""
    try:
        import deltalake
    except ImportError:
        raise UsageError("datasets are Delta Lake tables and need the deltalake package: "
                         + EXTRA) from None
    return deltalake


def stored_schema(name: str, schema: pa.Schema) -> pa.Schema:
    """The Delta schema of the table ``name`` whose rows :mod:`wirestruct.tables` makes
    in ``schema``: ``capture`` as text, times in microseconds, ``write_id`` last."""
    if name == CAPTURES:
        return CAPTURES_SCHEMA
    fields = [_CAPTURE]
    for field in list(schema)[1:]:
        fields.append(pa.field(field.name, STORED_TIME, field.nullable)
                      if field.type == TIME else field)
    return pa.schema([*fields, _WRITE])


def stored_batch(name: str, batch: pa.RecordBatch, capture: str, write_id: str,
                 schema: pa.Schema, extra: dict[str, Any] | None = None) -> pa.RecordBatch:
    """``batch`` (rows of :mod:`wirestruct.tables`) as the table ``name`` stores it:
    ``capture`` set to the capture's SHA-256, times cut to microseconds, ``write_id``
    added; ``extra`` holds the ``captures`` row's ``path``, ``name`` and ``options``."""
    rows = batch.num_rows
    columns = {"capture": pa.array([capture] * rows, pa.string()),
               WRITE_ID: pa.array([write_id] * rows, pa.string())}
    for key, value in (extra or {}).items():
        columns[key] = pa.array([value] * rows, pa.string())
    arrays = []
    for field in schema:
        if field.name in columns:
            arrays.append(columns[field.name])
            continue
        column = batch.column(field.name)
        arrays.append(column.cast(field.type, safe=False) if column.type != field.type
                      else column)
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


# -- where a dataset lives --------------------------------------------------------------------
def is_url(root: str) -> bool:
    """Whether ``root`` is an object-store URL (``s3://``, ``gs://``, ``az://`` ...)."""
    scheme = urlparse(root).scheme
    return len(scheme) > 1 and scheme != "file"


def table_uri(root: str, name: str) -> str:
    return f"{root.rstrip('/')}/{name}"


def normalized(root: str | os.PathLike[str]) -> str:
    """A local path made absolute; a URL as it is (without a trailing ``/``)."""
    text = os.fspath(root)
    return text.rstrip("/") if is_url(text) else os.path.abspath(text)


def storage_options() -> dict[str, str]:
    """Options for delta-rs beyond its own environment variables (``AWS_*`` ...): none;
    one place to add them."""
    return {}


# -- reading ----------------------------------------------------------------------------------
@dataclass
class Dataset:
    """A dataset as of one version: its tables by name, each with only the rows of the
    captures committed at that version."""

    root: str
    version: int
    tables: dict[str, Any]          #: name -> deltalake.DeltaTable at the version read
    writes: dict[str, str]          #: visible write_id -> capture

    @property
    def names(self) -> list[str]:
        return sorted(self.tables)

    def arrow_dataset(self, name: str) -> Any:
        """The table as a filtered ``pyarrow.dataset.Dataset`` (``write_id`` included)."""
        import pyarrow.compute as pc

        table = self._table(name)
        data = table.to_pyarrow_dataset()
        return data.filter(pc.field(WRITE_ID).isin(pa.array(sorted(self.writes), pa.string())))

    def arrow(self, name: str) -> pa.Table:
        """The table's visible rows (without ``write_id``)."""
        found = self.arrow_dataset(name).to_table()
        return found.drop_columns([WRITE_ID])

    def pandas(self, name: str, **kwargs: Any) -> Any:
        """The table as a pandas DataFrame (``kwargs`` to ``pyarrow.Table.to_pandas``)."""
        return self.arrow(name).to_pandas(**kwargs)

    def polars(self, name: str) -> Any:
        import polars

        return polars.from_arrow(self.arrow(name))

    def _table(self, name: str) -> Any:
        try:
            return self.tables[name]
        except KeyError:
            raise UsageError(f"{self.root} has no table {name!r} at version {self.version} "
                             f"(it has {', '.join(self.names)})") from None


def open(root: str | os.PathLike[str], version: int | None = None) -> Dataset:  # noqa: A001
    """The dataset at ``root`` (a folder or an object-store URL), as of ``version`` (the
    latest by default). Raises UsageError for what is no dataset of this layout (an
    earlier layout named, with how to convert it) and for a version it does not have."""
    deltalake = need_deltalake()
    root = normalized(root)
    check_layout(root)
    options = storage_options()
    captures_uri = table_uri(root, CAPTURES)
    if not deltalake.DeltaTable.is_deltatable(captures_uri, storage_options=options):
        raise UsageError(f"{root} has no captures table yet: nothing was committed to it")
    for _ in range(100):
        captures = deltalake.DeltaTable(captures_uri, storage_options=options)
        latest = captures.version()
        wanted = latest if version is None else version
        if not 0 <= wanted <= latest:
            raise UsageError(f"{root} has versions 0 to {latest}, not {version}")
        if wanted != latest:
            captures.load_as_version(wanted)
        writes = _writes(captures)
        if wanted == latest:
            tables = {name: deltalake.DeltaTable(table_uri(root, name), storage_options=options)
                      for name in list_tables(root) if name != CAPTURES}
            if deltalake.DeltaTable(captures_uri, storage_options=options).version() != latest:
                continue        # a commit came meanwhile: read again, all at one version
        else:
            tables = {name: deltalake.DeltaTable(table_uri(root, name), version=at,
                                                 storage_options=options)
                      for name, at in recorded_versions(captures, wanted).items()}
        tables[CAPTURES] = captures
        return Dataset(root, wanted, tables, writes)
    raise UsageError(f"{root} changed on every read; try again")


def _writes(captures: Any) -> dict[str, str]:
    table = captures.to_pyarrow_dataset().to_table(columns=["capture", WRITE_ID])
    return dict(zip(table.column(WRITE_ID).to_pylist(), table.column("capture").to_pylist()))


def recorded_versions(captures: Any, version: int) -> dict[str, int]:
    """Each table's version as the commits of ``captures`` up to ``version`` recorded it
    (the latest record of each)."""
    found: dict[str, int] = {}
    for commit in captures.history():
        if commit.get("version", -1) > version:
            continue
        for name, at in (commit.get(META) or {}).get("tables", {}).items():
            found.setdefault(name, at)
    return found


def list_tables(root: str) -> list[str]:
    """The Delta tables under ``root`` (folders holding a ``_delta_log``)."""
    deltalake = need_deltalake()
    if not is_url(root):
        return sorted(name for name in os.listdir(root)
                      if os.path.isdir(os.path.join(root, name, "_delta_log")))
    import pyarrow.fs as pafs
    from deltalake.fs import DeltaStorageHandler

    fs = pafs.PyFileSystem(DeltaStorageHandler(root, options=storage_options()))
    names = set()
    for info in fs.get_file_info(pafs.FileSelector("", recursive=False, allow_not_found=True)):
        if info.type == pafs.FileType.Directory:
            name = info.path.rstrip("/").rsplit("/", 1)[-1]
            if deltalake.DeltaTable.is_deltatable(table_uri(root, name),
                                                  storage_options=storage_options()):
                names.add(name)
    return sorted(names)


# -- what a folder is ---------------------------------------------------------------------------
#: Folders of the earlier layout: Parquet partitions per capture and a manifest each.
OLD_MANIFESTS = "_manifests"


def layout_of(root: str) -> str:
    """``"dataset"`` (this layout), ``"earlier"`` (the Parquet layout of wirestruct
    before Delta tables), ``"empty"`` (missing or empty: a new dataset may go there) or
    ``"other"``."""
    if is_url(root):
        return "dataset" if _url_has(root, MARKER) else "empty"
    if os.path.isfile(os.path.join(root, MARKER)):
        return "dataset"
    if os.path.isdir(os.path.join(root, OLD_MANIFESTS)):
        return "earlier"
    if not os.path.isdir(root) or not os.listdir(root):
        return "empty"
    return "other"


def _url_has(root: str, name: str) -> bool:
    import pyarrow.fs as pafs
    from deltalake.fs import DeltaStorageHandler

    need_deltalake()
    fs = pafs.PyFileSystem(DeltaStorageHandler(root, options=storage_options()))
    return fs.get_file_info(name).type == pafs.FileType.File


def check_layout(root: str, *, new_ok: bool = False) -> str:
    """The layout of ``root``; UsageError for one this module does not read (or, unless
    ``new_ok``, for no dataset at all)."""
    found = layout_of(root)
    if found == "earlier":
        raise UsageError(f"{root} is a dataset of the earlier Parquet layout (a folder per "
                         "capture and _manifests/); convert it into a Delta dataset with "
                         f"`wirestruct batch --convert {root} --out NEW`")
    if found == "other":
        raise UsageError(f"{root} is not a wirestruct dataset (it has no {MARKER}) and is "
                         "not empty: nothing is read from or written into it")
    if found == "empty" and not new_ok:
        raise UsageError(f"{root} is not a wirestruct dataset (no {MARKER})")
    return found


def marker_text(now: float | None = None) -> str:
    """What the marker file holds."""
    import json

    return json.dumps({
        "format": "wirestruct dataset", "layout": LAYOUT,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now)),
        "tables": "each folder here is a Delta Lake table; read them with "
                  "wirestruct.dataset.open(root), or each folder with a Delta reader "
                  "(this file stops plain Parquet readers of the root from mixing them)",
        "docs": "docs/tables.md",
    }, indent=1) + "\n"
