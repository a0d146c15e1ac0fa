"""What the Wireshark dissectors must show, checked against wirestruct's Python decode:
every packet's fields (values and byte ranges, with the readable output's rules) and what
the runtime works out beyond the parse (MME map blocks, Scrap Mechanic bodies and
sub-updates), for tshark's PDML and the stand-in API's alike (tests/wireshark)."""
from __future__ import annotations

import re
from functools import cache

from lua_harness import PRESENTED, python_parse
from pdml import children, compare_fields, flatten, pdml_key, proto_name
from wirestruct import get_protocol
from wirestruct.core.events import PacketEvent
from wirestruct.core.lz4block import decompress_block
from wirestruct.wireshark.fields import field_table


@cache
def instances(protocol: str) -> dict[str, bool]:
    return field_table(get_protocol(protocol)).instances()


def check_packets(protocol: str, events: list[PacketEvent], items: list) -> list[str]:
    """Every packet (``events``, nested ones included) against the protocol's items, in
    order."""
    problems: list[str] = []
    if len(items) != len(events):
        problems.append(f"{len(items)} packets shown, wirestruct decodes {len(events)}")
    inst = instances(protocol)
    for n, (event, proto) in enumerate(zip(events, items)):
        where = f"#{n} {event.name}"
        spec = type(event.packet).__module__.rsplit(".", 1)[-1]
        expected = python_parse(spec, bytes(event.raw), PRESENTED)
        if int(proto.get("size")) != len(event.raw):
            problems.append(f"{where}: {proto.get('size')} bytes, not {len(event.raw)}")
        if not proto.get("showname").endswith(", " + event.name):
            problems.append(f"{where}: shown as {proto.get('showname')!r}")
        name = proto_name(proto)
        fields = flatten(proto, name, skip=(f"{name}.expansion",))
        pos = packet_pos(proto, expected, fields)
        problems.extend(compare_fields(expected, fields, pos, inst, where))
        if name == "scrap_mechanic":
            problems.extend(compare_sm_body(event, proto, inst, where, pos))
        else:
            problems.extend(compare_expansions(event, proto, where))
    return problems


def packet_pos(proto, expected: dict, fields: dict) -> int:
    """Where a packet starts in its tab. A packet inside another is a subtree of it, and
    PDML gives an item that starts before its parent in another tab the parent's start
    plus its own: its start is then read off its first field (its own tab's offsets)."""
    pos = int(proto.get("pos"))
    if proto.tag != "field":
        return pos
    for path, (off, size) in expected["spans"].items():
        field = fields.get(pdml_key(path))
        if field is not None and size > 0:
            return int(field.get("pos")) - off
    return pos


def compare_expansions(event, proto, where) -> list[str]:
    """What the runtime works out beyond the parse: inflated map blocks (and where in the
    map a MAP_TOTAL_DATA piece goes), the append buffer's size, a cached file."""
    name = proto_name(proto)
    exp = event.expansions or {}
    shown = {key: children(proto, f"{name}.expansion.{key}")
             for key in ("blocks", "len_buffer", "file")}
    problems = []
    if "blocks" in exp:
        got = shown["blocks"]
        blocks = exp["blocks"]
        if len(got) != 1 or got[0].get("value") != blocks.data.hex():
            problems.append(f"{where}: blocks differ")
        elif hasattr(blocks, "offset"):
            offset = children(got[0], f"{name}.expansion.blocks.offset")
            if [int(o.get("show")) for o in offset] != [blocks.offset]:
                problems.append(f"{where}: blocks at {[o.get('show') for o in offset]}")
    elif shown["blocks"] and name == "mme":
        problems.append(f"{where}: blocks python has not")
    if "len_buffer" in exp and [int(f.get("show")) for f in shown["len_buffer"]] != \
            [exp["len_buffer"]]:
        problems.append(f"{where}: append buffer {[f.get('show') for f in shown['len_buffer']]}")
    if "file" in exp and (len(shown["file"]) != 1 or
                          shown["file"][0].get("value") != exp["file"].data.hex()):
        problems.append(f"{where}: file differs")
    return problems



# -- Scrap Mechanic ---------------------------------------------------------------------------
SM = "scrap_mechanic"
EXPANSION = f"{SM}.expansion"


def body_bytes(event: PacketEvent) -> bytes:
    """A packet's body as the dissector parses it: decompressed at the top level."""
    raw = bytes(event.raw[1:])
    return raw if event.parent is not None else decompress_block(raw)


def compare_network_update(event, exp, base, inst, where) -> list[str]:
    problems = []
    tick = children(exp, f"{EXPANSION}.tick")
    if [int(t.get("show")) for t in tick] != [event.expansions["tick"]]:
        problems.append(f"{where}: tick {[t.get('show') for t in tick]}")
    items = children(exp, f"{EXPANSION}.sub_update")
    subs = event.expansions["sub_updates"]
    if len(items) != len(subs):
        return problems + [f"{where}: {len(items)} sub-updates, not {len(subs)}"]
    rebuilt = 0
    # a sub-update with the data (and known controller type) of an earlier one of the
    # packet shares its parse: its fields are shown once, at the first one
    first: dict[int, tuple[str, bytes]] = {}     # index -> encoding, data
    for sub, item in zip(subs, items):
        here = f"{where} sub_updates[{sub.index}]"
        [index] = children(item, f"{EXPANSION}.sub_update.index")
        [encoding] = children(item, f"{EXPANSION}.sub_update.encoding")
        if (int(index.get("show")), encoding.get("show")) != (sub.index, sub.encoding):
            problems.append(f"{here}: shown as #{index.get('show')} {encoding.get('show')}")
        [data] = children(item, f"{EXPANSION}.sub_update.data")
        if data.get("value") != bytes(sub.data).hex():
            problems.append(f"{here}: data {data.get('value')}")
        if sub.encoding == "raw" and int(item.get("size")) != len(sub.data) + 2:
            problems.append(f"{here}: {item.get('size')} bytes")
        fields = flatten(data, SM, skip=(EXPANSION,))
        twin = re.search(r"\(the data of sub-update (\d+): its fields are shown there\)",
                         data.get("showname", ""))
        if twin:
            if first.get(int(twin.group(1))) != (sub.encoding, bytes(sub.data)) or fields:
                problems.append(f"{here}: shown as the data of sub-update {twin.group(1)}")
            continue
        if sub.encoding == "raw":
            start = int(item.get("pos")) + 2
        else:   # in the tab of rebuilt data, end to end
            start, rebuilt = rebuilt, rebuilt + len(sub.data)
        first[sub.index] = (sub.encoding, bytes(sub.data))
        expected = python_parse("sm_network_update", bytes(sub.data), PRESENTED,
                                (sub.update.known_controller_type,))
        problems.extend(compare_fields(expected, fields, start, inst, here))
    return problems




def compare_sm_body(event, proto, inst, where, pos: int | None = None) -> list[str]:
    """A compressed packet's body: decompressed and parsed with its spec, or framed into
    sub-updates (21/22)."""
    from wirestruct.protocols.scrap_mechanic.wireshark import compressed_bodies

    specs = compressed_bodies()
    exps = children(proto, f"{EXPANSION}.body")
    if event.packet_id not in specs:
        return [f"{where}: a body item"] if exps else []
    if len(exps) != 1:
        return [f"{where}: {len(exps)} body items"]
    [exp] = exps
    problems = []
    # a top-level packet's body is a tab of its own; a sub-packet's is in the compound's
    base = 0 if event.parent is None else (
        int(proto.get("pos")) if pos is None else pos) + 1
    if int(exp.get("size")) != len(body_bytes(event)):
        problems.append(f"{where}: body of {exp.get('size')} bytes")
    if "sub_updates" in event.expansions:
        problems.extend(compare_network_update(event, exp, base, inst, where))
    else:
        expected = python_parse(specs[event.packet_id], body_bytes(event), PRESENTED)
        fields = flatten(exp, SM, skip=(EXPANSION,))
        problems.extend(compare_fields(expected, fields, base, inst, where + " body"))
    return problems
