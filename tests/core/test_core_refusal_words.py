"""Every refusal a game can give has its Vietnamese sentence (a refused move says the
rule in the player's language, at the terminal and in the web table).

The codes are read from each game package's source (every ``IllegalMove("code", …)``
it raises) and, for games built on core's climbing engine, from core's; a new refusal
without Vietnamese words fails here.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import vncards.core
from vncards.core import REFUSALS_VI, SheddingGame, SpeaksAtTable, discover_games

_RAISED = re.compile(r"""(?:IllegalMove|_refuse|refuse)\(\s*["']([a-z0-9-]+)["']""")
_CORE = Path(vncards.core.__file__).parent


def _codes(folder: Path) -> set[str]:
    return {c for f in folder.rglob("*.py") for c in _RAISED.findall(f.read_text("utf-8"))}


GAMES = {name: p for name, p in discover_games().items() if isinstance(p, SpeaksAtTable)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_has_vietnamese_words(name: str) -> None:
    plugin = GAMES[name]
    package = Path(sys.modules[type(getattr(plugin, "game", plugin)).__module__].__file__ or "")
    codes = _codes(package.parent) | set(REFUSALS_VI)
    if isinstance(plugin, SheddingGame):
        codes |= _codes(_CORE / "climbing")
    talk = plugin.table_talk(vietnamese=True)
    english = "THE ENGINE'S ENGLISH SENTENCE"
    missing = sorted(c for c in codes if talk.refusal(c, english) == english)
    assert codes
    assert not missing, f"{name}: no Vietnamese words for {missing}"


def test_the_shared_refusals_are_the_core_codes() -> None:
    """REFUSALS_VI covers what core itself raises (its loop and the climbing engine's
    turn checks)."""
    raised_by_core = _codes(_CORE) - _codes(_CORE / "climbing")
    assert raised_by_core <= set(REFUSALS_VI)
