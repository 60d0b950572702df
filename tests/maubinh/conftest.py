"""Mậu Binh tests: long evaluations marked ``slow`` run only when asked for with ``-m slow``."""

from __future__ import annotations

from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip this folder's ``slow`` evaluations unless the marker expression names them."""
    if "slow" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="long evaluation: run with -m slow")
    for item in items:
        if item.get_closest_marker("slow") and _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)
