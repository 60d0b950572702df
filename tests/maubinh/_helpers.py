"""What the Mậu Binh tests share: cards from text, arrangements and seeded games."""

from __future__ import annotations

from typing import Any

from vncards.core import format_cards, parse_cards
from vncards.maubinh import Arrange, MauBinhRules, MauBinhState, evaluator, start_game


def ids(text: str) -> list[int]:
    """Card ids of space-separated cards, e.g. ``"AS KS QS"``."""
    return [c.id for c in parse_cards(text.split())]


def key(text: str, rules: MauBinhRules | None = None) -> int:
    """The key of a chi written as text."""
    return evaluator(rules or MauBinhRules()).key(ids(text))


def arrange(seat: int, chi1: str, chi2: str, chi3: str) -> Arrange:
    """An arrangement from three chi written as text."""
    return Arrange.of(seat, ids(chi1), ids(chi2), ids(chi3))


def table(rules: MauBinhRules, *hands: tuple[str, str, str]) -> MauBinhState:
    """A game dealt exactly the given arrangements (one per seat), all of them made."""
    state = start_game(rules, [ids(" ".join(h)) for h in hands])
    for seat, (c1, c2, c3) in enumerate(hands):
        if state.instant[seat] is None:
            from vncards.maubinh import apply_arrange

            apply_arrange(state, arrange(seat, c1, c2, c3))
    return state


def record(
    players: list[str],
    hands: list[tuple[str, str, str]],
    arranged: list[int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A game record dealing each player the three chi given, then each seat in
    ``arranged`` (by default all) arranging them that way."""
    order = range(len(players)) if arranged is None else arranged
    return {
        "game": "maubinh",
        "players": players,
        "hands": {p: format_cards(ids(" ".join(h))) for p, h in zip(players, hands, strict=True)},
        "actions": [
            {
                "player": players[s],
                "arrange": {
                    "chi1": hands[s][0].split(),
                    "chi2": hands[s][1].split(),
                    "chi3": hands[s][2].split(),
                },
            }
            for s in order
        ],
        **extra,
    }
