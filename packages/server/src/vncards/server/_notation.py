"""A game's cards as data for a page: every card's record token and how it looks to
people in Vietnamese and in English, read from the game's
:class:`~vncards.core.Notation`, and its action keys with the JSON Schema of their
values. A page draws any game's cards and offers any game's actions from this alone
(``GET /v1/games/{game}``), so a game with a deck of its own needs no page of its own.

A look is ``{"label", "face", "colour"}``: the words for the card in a line of text,
the parts drawn on its face (a French card's rank and suit; one part otherwise) and
its colour (``red``, ``black``, ``yellow``, ``green``, ``white`` or ``null``).
"""

from __future__ import annotations

from typing import Any

from vncards.core import FRENCH, GamePlugin, Notation, ShowsCards, game_record_schema
from vncards.core import card_from_id as french_card

__all__ = ["card_looks", "game_detail", "notation_of"]

LANGUAGES = ("vi", "en")


def notation_of(plugin: Any) -> Notation | None:
    """The game's notation: the one its :class:`~vncards.core.GameInfo` gives, core's
    French one for a game on the French deck that gives none, else ``None``.

    >>> from vncards.phom import plugin
    >>> notation_of(plugin).name
    'french'
    """
    info = getattr(plugin, "info", None)
    notation = getattr(info, "notation", None)
    if isinstance(notation, Notation):
        return notation
    if getattr(plugin, "deck", "french") == "french":
        return FRENCH
    return None


def _dealt(plugin: GamePlugin[Any, Any, Any]) -> list[str]:
    """Every card token of a deal at the most players (hands and stock), for a game
    that gives no notation to list its deck from."""
    rules = plugin.presets[plugin.default_preset]
    _, most = plugin.player_range(rules)
    dealt = plugin.record_deal(plugin.new_game(rules, most, 0))
    hands = dealt.get("hands", [])
    tokens = [c for hand in (hands.values() if isinstance(hands, dict) else hands) for c in hand]
    tokens += list(dealt.get("stock") or [])
    return sorted(set(tokens))


def _french_look(notation: Notation, token: str) -> dict[str, Any]:
    card = french_card(FRENCH.parse(token))
    colour = "red" if card.suit.symbol in "♦♥" else "black"
    return {"label": card.symbol, "face": [card.rank.label, card.suit.symbol], "colour": colour}


def card_looks(plugin: Any) -> dict[str, dict[str, Any]]:
    """Every card of the game: its token → its look in each language (``vi``, ``en``).

    >>> from vncards.tusac import plugin as tusac
    >>> card_looks(tusac)["RK"]["vi"]
    {'label': 'tướng đỏ', 'face': ['tướng đỏ'], 'colour': 'red'}
    >>> from vncards.tienlen import plugin as tienlen
    >>> card_looks(tienlen)["10H"]["en"]
    {'label': '10♥', 'face': ['10', '♥'], 'colour': 'red'}
    """
    notation = notation_of(plugin)
    tokens = list(notation.deck()) if notation is not None else _dealt(plugin)
    look = notation.look if notation is not None and notation.look is not None else None
    if look is None and isinstance(plugin, ShowsCards):
        look = plugin.card_look
    out: dict[str, dict[str, Any]] = {}
    for token in tokens:
        looks = {}
        for lang in LANGUAGES:
            if look is not None:
                seen = look(token, lang == "vi")
                looks[lang] = {"label": seen.label, "face": [seen.label], "colour": seen.colour}
            elif notation is not None and notation.name == "french":
                looks[lang] = _french_look(notation, token)
            else:
                looks[lang] = {"label": token, "face": [token], "colour": None}
        out[token] = looks
    return out


def _action_keys(plugin: Any) -> list[dict[str, Any]]:
    """The game's record action keys, each with the JSON Schema of its value."""
    try:
        record = game_record_schema(plugin)
    except Exception:  # a game without a vocabulary still plays; its actions are open
        return []
    options = record.get("properties", {}).get("actions", {}).get("items", {}).get("oneOf", [])
    keys = []
    for option in options:
        for key, schema in option.get("properties", {}).items():
            if key != "player":
                keys.append({"key": key, "schema": schema})
    return keys


def game_detail(plugin: Any, entry: dict[str, Any]) -> dict[str, Any]:
    """One game's entry of ``GET /v1/games`` with what a page draws it from: its
    ``notation`` (name and every card's look) and its ``actions`` (keys and value
    schemas).

    >>> from vncards.tienlen import plugin
    >>> detail = game_detail(plugin, {"name": "tienlen"})
    >>> detail["notation"]["name"], len(detail["notation"]["cards"])
    ('french', 52)
    >>> [a["key"] for a in detail["actions"]]
    ['play', 'pass', 'declare']
    """
    notation = notation_of(plugin)
    name = notation.name if notation is not None else getattr(plugin, "deck", "")
    return {
        **entry,
        "notation": {"name": name, "cards": card_looks(plugin)},
        "actions": _action_keys(plugin),
    }
