"""A MkDocs hook: the lists a page would otherwise copy from the code are made from it
when the site is built, so a new game, package or bot appears without editing a page.

A page asks for a list with a comment on a line of its own:

- ``<!-- vncards: packages -->`` — every package of the workspace, what it imports as,
  what it depends on and what it holds (from each ``packages/*/pyproject.toml``);
- ``<!-- vncards: games -->`` — every installed game, its presets, players and bots;
- ``<!-- vncards: bots -->`` — every game's bots and the one ``vncards play`` uses;
- ``<!-- vncards: reasons -->`` — every game's transfer reasons, in the game's words.
"""

from __future__ import annotations

import re
import tomllib
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- vncards: (\w+) -->$", re.M)


def _games() -> dict[str, Any]:
    from vncards.core import discover_games

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a plugin that fails to load is simply left out
        return dict(sorted(discover_games().items()))


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _packages() -> list[tuple[Path, dict[str, Any]]]:
    """The packages with their ``[project]`` tables: the core, then the games (those
    with a ``vncards.games`` entry point), then the tools built on them."""
    found = []
    for path in ROOT.glob("packages/*/pyproject.toml"):
        project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
        game = "vncards.games" in project.get("entry-points", {})
        rank = 0 if path.parent.name == "core" else 1 if game else 2
        found.append((rank, path.parent.name, path, project))
    return [(path, project) for _, _, path, project in sorted(found)]


def packages_table() -> str:
    """The workspace's packages, read from their ``pyproject.toml``."""
    rows = ["| package | import | depends on | what it holds |", "|---|---|---|---|"]
    for path, project in _packages():
        deps = [re.split(r"[<>=!~\[ ;]", d, maxsplit=1)[0] for d in project["dependencies"]]
        imported = "vncards." + path.parent.name
        rows.append(
            f"| `{project['name']}` | `{imported}` | {', '.join(deps) or '—'} |"
            f" {_cell(project['description'])} |"
        )
    return "\n".join(rows)


def games_table() -> str:
    """The installed games: name, title, presets (default first), players, bots."""
    from vncards.core import resolve_rules

    rows = ["| game | title | presets (default first) | players | bots |", "|---|---|---|---|---|"]
    for name, game in _games().items():
        presets = [game.default_preset, *(p for p in game.presets if p != game.default_preset)]
        lo, hi = game.player_range(resolve_rules(game, None))
        bots = ", ".join(f"`{b}`" for b in game.bots)
        rows.append(
            f"| `{name}` | {_cell(game.title)} | {', '.join(f'`{p}`' for p in presets)} |"
            f" {lo}–{hi} | {bots} |"
        )
    return "\n".join(rows)


def bots_table() -> str:
    """Every game's bots, and its strongest: the opponent ``vncards play`` seats."""
    rows = ["| game | bots | default opponent in `vncards play` |", "|---|---|---|"]
    for game in _games().values():
        strongest = getattr(game, "default_opponent", None) or "—"
        bots = ", ".join(f"`{b}`" for b in game.bots)
        rows.append(f"| {_cell(game.title)} | {bots} | `{strongest}` |")
    return "\n".join(rows)


def reasons_table() -> str:
    """Every game's transfer reasons, with the words its play screen uses for them."""
    from vncards.core import SpeaksAtTable

    rows = ["| game | reason | on the play screen |", "|---|---|---|"]
    for name, game in _games().items():
        talk = game.table_talk() if isinstance(game, SpeaksAtTable) else None
        for code in game.record_vocabulary.transfer_reasons:
            said = talk.reason(code) if talk is not None else code
            rows.append(f"| `{name}` | `{code}` | {_cell(said)} |")
    return "\n".join(rows)


LISTS: dict[str, Callable[[], str]] = {
    "packages": packages_table,
    "games": games_table,
    "bots": bots_table,
    "reasons": reasons_table,
}


def render(markdown: str) -> str:
    """``markdown`` with every list comment replaced by its list (the comment is kept,
    so a page can be rendered again)."""
    return MARKER.sub(lambda m: m.group(0) + "\n\n" + LISTS[m.group(1)]() + "\n", markdown)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """MkDocs' hook: the page's Markdown with its lists made from the code."""
    return render(markdown)
