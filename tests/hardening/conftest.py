"""Hardening tests: long campaigns marked ``slow`` run only when asked for with ``-m slow``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    """Tell the parameter builders whether slow variants are wanted (before collection)."""
    if "slow" in (config.option.markexpr or ""):
        os.environ["VNCARDS_HARDENING_SLOW"] = "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip this folder's ``slow`` campaigns unless the marker expression names them."""
    if "slow" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="long campaign: run with -m slow")
    for item in items:
        if item.get_closest_marker("slow") and _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)
