"""Seeded captures of every protocol, small enough that a dozen decode in well under a
second each, written once per test session."""
from __future__ import annotations

from pathlib import Path

import pytest
from wirestruct.protocols.diep import generate as generate_diep
from wirestruct.protocols.mme import generate as generate_mme
from wirestruct.protocols.scrap_mechanic import generate as generate_scrap_mechanic

ROOT = Path(__file__).resolve().parents[2]
PER_PROTOCOL = 12


def write_capture(protocol: str, seed: int, path: Path) -> Path:
    if protocol == "scrap-mechanic":
        with open(path, "w", encoding="utf-8") as out:
            generate_scrap_mechanic.write_jsonl(
                generate_scrap_mechanic.SessionGenerator(seed, 30 + seed % 5), out)
    elif protocol == "diep":
        with open(path, "w", encoding="utf-8") as out:
            generate_diep.write_jsonl(
                generate_diep.generate(seed, ticks=20 + seed % 7, shapes=20), out)
    else:
        turns = generate_mme.session_turns(seed, dims=(32, 32, 32), chatty_rounds=3)
        generate_mme.write_jsonl(generate_mme.session_records(turns, seed), path)
    return path


@pytest.fixture(scope="session")
def captures(tmp_path_factory) -> dict[str, list[Path]]:
    """protocol -> a dozen generated captures, in a folder of their own."""
    out: dict[str, list[Path]] = {}
    for protocol in ("scrap-mechanic", "mme", "diep"):
        folder = tmp_path_factory.mktemp(protocol.replace("-", "_"))
        out[protocol] = [write_capture(protocol, seed, folder / f"s{seed:02d}.jsonl")
                         for seed in range(1, PER_PROTOCOL + 1)]
    return out
