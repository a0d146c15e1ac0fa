"""The Scrap Mechanic packet table of the runtime (``packets.PACKETS``) against the specs'
packet id enum (whose docs name each body's spec and whether it is compressed) and against
the independent reading of the pages (``sm_pages.PACKETS``)."""
from __future__ import annotations

import re

import sm_pages as pages
import yaml
from wirestruct.core.resources import ksy_root
from wirestruct.protocols.scrap_mechanic import packets


def enum_docs() -> dict[int, str]:
    spec = yaml.safe_load((ksy_root() / "scrap_mechanic" / "sm_common.ksy").read_text())
    return {number: entry.get("doc", "") for number, entry in spec["enums"]["packet_id"].items()}


def test_table_is_the_enum():
    docs = enum_docs()
    assert set(packets.PACKETS) == set(docs)
    for packet_id, info in packets.PACKETS.items():
        doc = " ".join(docs[packet_id].split())
        compressed = "not compressed" not in doc
        assert info.compressed == compressed, packet_id
        named = re.findall(r"`(sm_[a-z0-9_]+)`", doc)
        if named:
            assert info.spec == named[0], packet_id
        assert (ksy_root() / "scrap_mechanic" / f"{info.spec}.ksy").exists()


def test_table_is_the_pages():
    for packet_id, page in pages.PACKETS.items():
        info = packets.PACKETS[packet_id]
        assert info.compressed == page.compressed, page.page
        bound = {("c2s", "s2c"): "both", ("c2s",): "c2s", ("s2c",): "s2c"}[page.directions]
        assert info.bound_to == bound, page.page


def test_compressed_set():
    assert packets.COMPRESSED == {2, 6, 8, 9, 11, 13, 18, 19, 21, 22, *range(24, 36), 39, 43,
                                  44, 45, 52}
