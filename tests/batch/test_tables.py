"""wirestruct.tables: rows equal to what the decoder and tracker produce, error events as
rows, typed diep values, bounded record batches, and captures that cannot be read."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest
from wirestruct import get_protocol, open_capture
from wirestruct.core.events import ErrorEvent, PacketEvent
from wirestruct.core.session import decode_records, track
from wirestruct.tables import TableBuilder, capture_batches, capture_id, tables_of, to_arrow
from wirestruct.tables.rows import time_ns

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = {"scrap-mechanic": ROOT / "samples" / "scrap_mechanic.jsonl",
           "mme": ROOT / "samples" / "mme.jsonl", "diep": ROOT / "samples" / "diep.jsonl"}


def events_and_state(path: Path, protocol: str):
    plugin = get_protocol(protocol)
    tracker = plugin.tracker()
    with open_capture(path) as capture:
        events = list(track(decode_records(capture, plugin.decoder()), tracker))
    return events, tracker.snapshot()


def cli_state(path: Path, protocol: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "wirestruct.tools.cli", "state", str(path),
                          "-p", protocol, "--compact"], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return json.loads(out.stdout)


@pytest.mark.parametrize("protocol", sorted(SAMPLES))
def test_packets_table_is_every_event(protocol):
    path = SAMPLES[protocol]
    events, snapshot = events_and_state(path, protocol)
    tables = to_arrow(path, protocol)
    assert set(tables) == set(tables_of(protocol))
    for name, table in tables.items():
        assert table.schema == tables_of(protocol)[name]
        assert set(table.column("capture").to_pylist()) <= {path.name}
    packets = tables["packets"].to_pylist()
    assert len(packets) == len(events)
    for row, event in zip(packets, events):
        if isinstance(event, PacketEvent):
            assert (row["index"], row["name"], row["packet_id"], row["wire_size"],
                    row["dir"], row["error_kind"]) == (
                event.index, event.name, event.packet_id, len(event.raw),
                event.direction.label, None)
        else:
            assert row["error_kind"] == event.error.kind
            assert row["error_message"] == str(event.error)
            assert row["index"] == event.index
    (final,) = tables["captures"].to_pylist()
    errors = sum(isinstance(e, ErrorEvent) for e in events)
    assert (final["packets"], final["errors"]) == (len(events) - errors, errors)
    assert final["final_tick"] == snapshot.get("tick")
    # the events iterable gives the same rows (without the captures row)
    again = to_arrow(iter(events), protocol, capture=path.name)
    for name in tables_of(protocol):
        if name != "captures":
            assert again[name].equals(tables[name]), name
    assert again["captures"].num_rows == 0


def test_scrap_mechanic_rows_match_the_sub_updates_and_the_state():
    path = SAMPLES["scrap-mechanic"]
    events, snapshot = events_and_state(path, "scrap-mechanic")
    tables = to_arrow(path, "scrap-mechanic")
    subs = [(e.index, s) for e in events if isinstance(e, PacketEvent)
            for s in e.expansions.get("sub_updates", ())]
    rows = tables["sm_sub_updates"].to_pylist()
    assert len(rows) == len(subs) == 617          # the sample's sub-updates
    for row, (index, sub) in zip(rows, subs):
        assert row["packet_index"] == index
        assert (row["netobj_id"], row["update_type"], row["encoding"], row["size"]) == (
            sub.netobj_id, sub.update_type.name, sub.encoding, len(sub.data))
    assert {r["encoding"] for r in rows} == {"raw", "delta"}
    # the last transform of every tracked rigid body is its snapshot's position
    last = {}
    for row in tables["sm_transforms"].to_pylist():
        last[(row["netobj_type"], row["netobj_id"])] = row
    checked = 0
    for obj in snapshot["netobjs"]:
        if obj["transform"] and obj["netobj_type"] == "rigid_body":
            row = last[("rigid_body", obj["id"])]
            assert (row["pos_x"], row["pos_y"], row["pos_z"]) == pytest.approx(
                (obj["transform"]["position"]["x"], obj["transform"]["position"]["y"],
                 obj["transform"]["position"]["z"]))
            checked += 1
    assert checked == 6                           # the sample's tracked rigid bodies
    (final,) = tables["captures"].to_pylist()
    assert final["final_objects"] == len(snapshot["netobjs"])


def test_mme_rows_match_the_state():
    path = SAMPLES["mme"]
    _, snapshot = events_and_state(path, "mme")
    assert cli_state(path, "mme") == snapshot
    tables = to_arrow(path, "mme")
    (final,) = tables["captures"].to_pylist()
    assert [final["map_size_x"], final["map_size_y"], final["map_size_z"]] == \
        snapshot["map"]["dims"]
    assert final["map_sha256"] == snapshot["map"]["sha256"]
    changes = tables["mme_map_changes"].to_pylist()
    setups = [c for c in changes if c["kind"] == "setup"]
    assert setups and [setups[-1]["upper_x"] + 1, setups[-1]["upper_y"] + 1,
                       setups[-1]["upper_z"] + 1] == snapshot["map"]["dims"]
    for change in changes:
        if change["kind"] == "fill":
            assert change["blocks"] == ((change["upper_x"] - change["lower_x"] + 1)
                                        * (change["upper_y"] - change["lower_y"] + 1)
                                        * (change["upper_z"] - change["lower_z"] + 1))
        if change["kind"] == "modify":
            assert change["blocks"] == 1 and change["block_type"] is not None
    chat = tables["mme_chat"].to_pylist()
    s2c_chat = [c["text"] for c in chat if c["dir"] == "s2c"]
    assert s2c_chat == [line["text"] for line in snapshot["chat"]]
    moves = tables["mme_moves"].to_pylist()
    last_self = [m for m in moves if m["is_self"]][-1]
    assert snapshot["self"]["position"] == pytest.approx(
        {k: last_self[k] for k in "xyzuv"})


def test_diep_values_go_to_the_column_of_their_type():
    path = SAMPLES["diep"]
    _, snapshot = events_and_state(path, "diep")
    frame = to_arrow(path, "diep")["diep_entity_fields"].to_pandas()
    kinds = {"vu": "value_int", "vi": "value_int", "float": "value_float",
             "float64Precision": "value_float", "stringNT": "value_str"}
    values = ["value_int", "value_float", "value_str"]
    # the sample's field values of each wire type
    assert frame.wire_type.value_counts().to_dict() == {
        "vi": 14041, "float64Precision": 6287, "float": 1588, "vu": 1378, "entid": 551,
        "stringNT": 103}
    for wire_type, column in kinds.items():
        rows = frame[frame.wire_type == wire_type]
        assert rows[column].notna().all()
        assert rows[[c for c in values if c != column]].isna().all().all()
    refs = frame[frame.wire_type == "entid"]
    assert (refs.value_int.notna() == refs.value_entity_hash.notna()).all()
    # replaying the rows rebuilds the final value of every field of every live entity
    state = {}
    for row in frame.itertuples():
        key = (row.entity_id, row.hash)
        if row.change == "delete":
            state.pop(key, None)
            continue
        if row.change == "create" and key not in state:
            state[key] = {}
        value = _value(row)
        fields = state.setdefault(key, {})
        if row.element == row.element and row.element is not None:  # not NaN: an element
            fields.setdefault(row.field, {})[int(row.element)] = value
        else:
            fields[row.field] = value
    assert len(state) == len(snapshot["entities"])
    for entity in snapshot["entities"]:
        fields = state[(entity["id"], entity["hash"])]
        for key, value in entity["fields"].items():
            got = fields[key]
            if isinstance(value, list):
                got = [got[i] for i in range(len(value))]
            assert got == pytest.approx(value) if not isinstance(value, (str, dict, list)) \
                else got == value, key


def _value(row):
    if row.wire_type == "entid":
        if row.value_entity_hash != row.value_entity_hash:  # NaN: "no entity"
            return None
        return {"hash": int(row.value_entity_hash), "id": int(row.value_int)}
    if row.wire_type == "stringNT":
        return row.value_str
    if row.wire_type in ("float", "float64Precision"):
        return row.value_float
    return int(row.value_int)


def test_batches_are_bounded_and_add_up_to_the_tables():
    path = SAMPLES["diep"]
    whole = to_arrow(path, "diep")
    sizes = {}
    for name, batch in capture_batches(path, "diep", batch_rows=500):
        assert batch.num_rows <= 500
        sizes.setdefault(name, []).append(batch)
    assert len(sizes["diep_entity_fields"]) == -(-whole["diep_entity_fields"].num_rows // 500)
    for name, batches in sizes.items():
        assert pa.Table.from_batches(batches).equals(whole[name]), name


def test_corrupt_packets_become_rows_and_decoding_goes_on(tmp_path):
    lines = SAMPLES["diep"].read_text().splitlines()
    bad = json.loads(lines[10])
    bad["data"] = "02" + "ff" * 8          # a 0x02 packet whose LZ4 block lies
    lines[10] = json.dumps(bad)
    lines[20] = "{not json"
    path = tmp_path / "damaged diep.jsonl"
    path.write_text("\n".join(lines) + "\n")
    tables = to_arrow(path, "diep")
    packets = tables["packets"].to_pylist()
    # the two damaged records; entities the lost update made are then unknown (state errors)
    errors = [r for r in packets if r["error_kind"] and r["error_kind"] != "StateError"]
    assert len(errors) == 2
    assert all(str(path) in r["error_message"] for r in errors)
    assert {r["record"] for r in errors} == {10, 20}
    assert errors[1]["error_kind"] == "CaptureError" or "json" in errors[1]["error_message"].lower()
    assert sum(1 for r in packets if r["name"] and not r["error_kind"]) >= len(lines) - 2
    assert {r["capture"] for r in packets} == {"damaged_diep.jsonl"} == {capture_id(path)}
    # the sample's 24,022 field rows but those of the two damaged records' packets
    assert tables["diep_entity_fields"].num_rows == 23756


@pytest.mark.parametrize("content", [None, b"\x00garbage that is no capture format" * 4])
def test_a_capture_that_cannot_be_read_is_one_error_row(tmp_path, content):
    path = tmp_path / "broken.pcap"
    if content is not None:
        path.write_bytes(content)
    tables = to_arrow(path, "mme")
    (row,) = tables["packets"].to_pylist()
    assert row["error_kind"] and "broken.pcap" in row["error_message"]
    assert row["dropped"] == (len(content) if content else None)
    (final,) = tables["captures"].to_pylist()
    assert (final["packets"], final["errors"], final["error_kind"]) == (0, 1, row["error_kind"])
    assert tables["mme_moves"].num_rows == 0


def test_a_packet_whose_rows_cannot_be_made_is_an_error_row():
    path = SAMPLES["diep"]
    events, _ = events_and_state(path, "diep")
    whole = to_arrow(iter(events), "diep", capture="x")
    update = next(i for i, e in enumerate(events)
                  if isinstance(e, PacketEvent) and e.packet_id == 0 and e.direction.label == "s2c")
    bad = events[update]
    events[update] = PacketEvent(bad.index, bad.record, bad.t, bad.direction, 0, "update",
                                 object(), bad.raw[:-1])     # rows are read from the bytes
    tables = to_arrow(iter(events), "diep", capture="x")
    packets = tables["packets"].to_pylist()
    assert len(packets) == len(events) + 1
    (error,) = [r for r in packets if r["error_kind"]]
    assert error["error_kind"] == "RowError" and error["index"] == bad.index
    assert "no table rows" in error["error_message"] and "update" in error["error_message"]
    lost = sum(1 for r in whole["diep_entity_fields"].to_pylist()
               if r["packet_index"] == bad.index)
    assert tables["diep_entity_fields"].num_rows == whole["diep_entity_fields"].num_rows - lost
    assert lost == 109                            # the fields of the sample's first update


# -- every row maker against its schema, over every real capture and generated sessions ---
MME_SERVER = str(json.loads((ROOT / "tests" / "data" / "mme" / "session.json").read_text())["port"])
REAL = [(path, protocol) for protocol, path in SAMPLES.items()] + [
    (ROOT / "tests" / "data" / "mme" / name, "mme")
    for name in ("session.jsonl", "session.pcap", "session.pcapng")] + [
    (path, protocol) for path in sorted((ROOT / "tests" / "data" / "captures").rglob("*.pcap*"))
    for protocol in SAMPLES]


def _rows_checked(path: Path, protocol: str, **options) -> dict[str, int]:
    """Every row the protocol's row maker makes for every packet of ``path``, each held to
    its table's schema (one value a column but ``capture``); rows a table."""
    plugin = get_protocol(protocol)
    schemas = tables_of(protocol)
    rows_of = plugin.tables().rows()
    counts = {name: 0 for name in schemas}
    seen = set()
    with open_capture(path, **options) as capture:
        for event in track(decode_records(capture, plugin.decoder()), plugin.tracker()):
            if not isinstance(event, PacketEvent):
                continue
            for table, values in rows_of(event):
                assert len(values) == len(schemas[table]) - 1, (path.name, event.name, table)
                counts[table] += 1
                seen.add((event.name, table))
    tables = to_arrow(path, protocol, **options)
    assert not [r for r in tables["packets"].to_pylist() if r["error_kind"] == "RowError"]
    for table, count in counts.items():
        if table not in ("packets", "captures"):
            assert tables[table].num_rows == count, (path.name, table)
    return counts


@pytest.mark.parametrize(("path", "protocol"), REAL,
                         ids=[f"{p.relative_to(ROOT)}-{protocol}" for p, protocol in REAL])
def test_every_row_of_every_real_capture_fits_its_schema(path, protocol):
    options = {"server": MME_SERVER} if path.suffix in (".pcap", ".pcapng") and \
        path.parent.name == "mme" else {}
    counts = _rows_checked(path, protocol, **options)
    if path.parent.name == "mme" or path.name == f"{protocol.replace('-', '_')}.jsonl":
        # the game captures make rows of their own: the MME session is one session in
        # four files, the same rows from each
        assert sum(counts.values()) == {"mme": 284, "diep": 24022,
                                        "scrap-mechanic": 1932}[protocol], path.name


def test_every_row_of_the_generated_sessions_fits_its_schema(captures):
    for protocol, paths in captures.items():
        for path in paths[:4]:
            counts = _rows_checked(path, protocol)
            assert sum(counts.values()) > 0, (protocol, path.name)


def test_a_map_freed_by_map_setup_is_a_free_row(tmp_path):
    """MAP_SETUP without dimensions (the server frees the map) is a ``free`` row."""
    path = tmp_path / "freed.jsonl"
    path.write_text(SAMPLES["mme"].read_text()
                    + '{"t": 1700000099.5, "dir": "s2c", "data": "0e000000"}\n')
    counts = _rows_checked(path, "mme")
    tables = to_arrow(path, "mme")
    last = tables["mme_map_changes"].to_pylist()[-1]
    final = tables["captures"].to_pylist()[0]
    assert last["kind"] == "free" and last["packet_index"] == final["packets"] - 1
    assert {k: v for k, v in last.items() if v is None} == dict.fromkeys(
        ("lower_x", "lower_y", "lower_z", "upper_x", "upper_y", "upper_z", "offset", "blocks",
         "block_type"))
    assert counts["mme_map_changes"] == tables["mme_map_changes"].num_rows
    assert final["errors"] == 1 and final["map_sha256"] is None   # the sample's one error


def test_a_row_of_the_wrong_length_is_a_row_error():
    """A row maker's row that does not fit its schema costs that packet's rows only."""
    events, _ = events_and_state(SAMPLES["mme"], "mme")
    builder = TableBuilder("mme", "x")
    made = builder.rows_of
    builder.rows_of = lambda event: (
        [("mme_moves", (1, 2))] if event.name == "move_player" else made(event))
    batches = [b for e in events for b in builder.add(e)] + list(builder.finish())
    packets = pa.Table.from_batches([b for n, b in batches if n == "packets"]).to_pylist()
    errors = [r for r in packets if r["error_kind"] == "RowError"]
    moves = sum(1 for e in events if getattr(e, "name", None) == "move_player")
    assert len(errors) == moves == 195            # the sample's MOVE_PLAYER packets
    assert "a mme_moves row of 2 values, not 10 (packet_index, t," in errors[0]["error_message"]
    assert not [n for n, _ in batches if n == "mme_moves"]
    assert sum(b.num_rows for n, b in batches if n == "mme_chat") == 25   # the others kept


# -- times ---------------------------------------------------------------------------------
def test_times_are_utc_nanoseconds_from_the_capture_s_decimal_seconds(tmp_path):
    path = tmp_path / "times.jsonl"
    lines = SAMPLES["mme"].read_text().splitlines()[:6]
    records = [json.loads(line) for line in lines]
    # each record's seconds, and the nanoseconds of the decimal text the float reads back
    # as (1700000000.123456789 is no double: it reads back as 1700000000.1234567); 1e300 s
    # is past 2262, no 64-bit count of nanoseconds: null
    stamps = {1700000000.0005: 1700000000000500000, 1700000000.123456789: 1700000000123456700,
              0.1: 100000000, 1e-9: 1, 1e300: None, 1.5: 1500000000}
    for record, t in zip(records, stamps):
        record["t"] = t
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    tables = to_arrow(path, "mme")
    column = tables["packets"].column("t")
    assert column.type == pa.timestamp("ns", tz="UTC")
    expected = list(stamps.values())
    got = column.cast(pa.int64()).to_pylist()
    records_of = tables["packets"].column("record").to_pylist()
    # the packets of the six records: record 3 holds the start of a packet that record 4
    # ends (a packet is of the record it ends in), record 5 two packets
    assert records_of == [0, 1, 2, 4, 5, 5]
    assert got == [expected[record] for record in records_of]
    assert time_ns(PacketEvent(0, 0, 1700000000.0005, None, 0, "x", None)) == \
        1700000000000500000   # not the binary float's ...000499964
    frame = tables["packets"].to_pandas()
    assert str(frame["t"].dtype) == "datetime64[ns, UTC]"
    assert frame["t"][0].isoformat() == "2023-11-14T22:13:20.000500+00:00"
