"""The command line's outputs, byte for byte, against tests/golden/data/ (see README.md).

Every case of golden_cases.py runs the real ``wirestruct`` command; the cases selected
for this run execute once, concurrently, before the first comparison.
"""

from __future__ import annotations

from pathlib import Path

import golden_cases
import pytest

CASES = golden_cases.all_cases()


@pytest.fixture(scope="module")
def outputs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """The outputs of the cases this session runs (all, or those selected with -k)."""
    here = Path(__file__).resolve()
    selected = {
        item.callspec.params["case"].name
        for item in request.session.items
        if Path(str(item.fspath)).resolve() == here
        and hasattr(item, "callspec") and "case" in item.callspec.params
    }
    cases = [c for c in CASES if c.name in selected]
    return golden_cases.run_cases(cases, tmp_path_factory.mktemp("golden"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_output_unchanged(case: golden_cases.Case, outputs: dict) -> None:
    actual = outputs[case.name]
    if isinstance(actual, BaseException):
        raise actual
    expected = golden_cases.read_golden(case.name)
    if actual != expected:
        pytest.fail(golden_cases.describe_difference(case, expected, actual), pytrace=False)


def test_no_stale_golden_files() -> None:
    stale = golden_cases.stored_names() - {c.name for c in CASES}
    assert not stale, f"golden files of no case (run make_golden.py): {sorted(stale)}"


def test_every_capture_covered() -> None:
    """A capture added to the sample or test data folders needs cases (and golden files)."""
    used = {c.path for c in (*golden_cases.GAME_CAPTURES, *golden_cases.LOOPBACK_CAPTURES)}
    for copy, original in golden_cases.COPIES.items():
        assert original in used
        assert (golden_cases.REPO / copy).read_bytes() == \
            (golden_cases.REPO / original).read_bytes(), copy
        used.add(copy)
    present = {
        path.relative_to(golden_cases.REPO).as_posix()
        for folder, patterns in golden_cases.COVERED_FOLDERS.items()
        for pattern in patterns
        for path in (golden_cases.REPO / folder).glob(pattern)
    }
    assert present - used == set(), f"captures without golden cases: {sorted(present - used)}"
    assert used <= present
