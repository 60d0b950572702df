"""The lines a climbing game's table shows one seat — the combination to beat and whose
it is, who leads, the open chop chain, who passed, the declarations — in English or in
Vietnamese. Both ``SheddingGame.table_words`` and
:class:`~vncards.core.ClimbTalk` write the table with these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from vncards.core._events import Cards, Declared
from vncards.core._game import Words

__all__ = ["table_lines"]

_PHRASES = {
    False: {
        "table": "On the table: ",
        "you lead": "The table is empty: you lead.",
        "leads": "The table is empty: {who} leads.",
        "chain": "Chop chain open: {victim} owes {chopper} {value} lá so far.",
        "passed": "Passed this round: {who}.",
        "you declared": "You have declared {what}.",
        "declared": "{who} has declared {what}.",
    },
    True: {
        "table": "Trên bàn: ",
        "you lead": "Bàn trống: bạn đi trước.",
        "leads": "Bàn trống: {who} đi trước.",
        "chain": "Đang chặt: {victim} nợ {chopper} {value} lá.",
        "passed": "Đã bỏ lượt vòng này: {who}.",
        "you declared": "Bạn đã báo {what}.",
        "declared": "{who} đã báo {what}.",
    },
}


def table_lines(
    view: Any,
    players: Sequence[str],
    cards: Callable[[int], list[str]],
    vietnamese: bool,
    named: Mapping[str, str] | None = None,
) -> list[Words]:
    """The table's lines for ``view`` (a climbing game's view: ``table``,
    ``table_seat``, ``passed``, the chain and the declarations), ``cards`` writing a
    card mask as tokens and ``named`` naming a declaration's code (``sam`` → Sâm).

    >>> from vncards.tienlen import plugin
    >>> from vncards.core.climbing._tokens import _cards
    >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
    >>> table_lines(plugin.view(state, state.turn), ["An", "Bình"], _cards, True)
    [('Bàn trống: bạn đi trước.',)]
    """
    say = _PHRASES[vietnamese]
    lines: list[Words] = []
    if view.table is not None:
        owner = players[view.table_seat]
        lines.append((say["table"], Cards(cards(view.table.mask)), f"  ({owner})"))
    elif view.to_act == view.seat:
        lines.append((say["you lead"],))
    elif view.to_act is not None:
        lines.append((say["leads"].format(who=players[view.to_act]),))
    if view.chain_value:
        victim, chopper = players[view.chain_victim], players[view.chain_chopper]
        chain = say["chain"].format(victim=victim, chopper=chopper, value=view.chain_value)
        lines.append((chain,))
    passed = [players[s] for s in range(len(players)) if view.passed >> s & 1]
    if passed:
        lines.append((say["passed"].format(who=", ".join(passed)),))
    for d in view.declarations:
        if isinstance(d, Declared) and d.seat is not None:
            mine = d.seat == view.seat
            text = say["you declared" if mine else "declared"]
            what = (named or {}).get(d.what, d.what)
            lines.append((text.format(who=players[d.seat], what=what),))
    return lines
