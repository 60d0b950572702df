"""What a play screen asks of Mậu Binh: its words for the table and its events, the
screen's words in either language (``table_talk``), an arrangement typed by a player,
the solver's hint and the warning before a binh lủng."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from vncards.core import (
    Cards,
    Event,
    NotationError,
    View,
    Words,
    parse_card,
    split_card_list,
)
from vncards.maubinh._bots import SolverBot
from vncards.maubinh._engine import (
    HAND_SIZE,
    Arrange,
    Arranged,
    InstantDeclared,
    MauBinhState,
    Revealed,
    chi_keys,
)
from vncards.maubinh._hands import hand_code
from vncards.maubinh._notation import shown_cards
from vncards.maubinh._settle import is_fouled
from vncards.maubinh._view import MauBinhView
from vncards.maubinh._words import HAND_NAMES, MauBinhTalk, table_talk

__all__ = ["MauBinhScreen"]


_LABEL = re.compile(r"^\s*chi\s*([123])\s*:?\s*", re.IGNORECASE)


def _typed_cards(text: str, hand: Sequence[str], key: str) -> tuple[int, ...]:
    """One typed chi: cards in any notation, or positions in ``hand`` (1 to 13)."""
    pieces = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if pieces and all(p.isdigit() for p in pieces):
        bad = [p for p in pieces if not 1 <= int(p) <= len(hand)]
        if bad:
            raise NotationError(
                bad[0],
                message=f"{key}: your hand has positions 1 to {len(hand)};"
                f" {bad[0]} is not one of them",
                code="chi-position",
                fields={"chi": key, "n": len(hand), "bad": bad[0]},
            )
        return tuple(sorted(parse_card(hand[int(p) - 1]).id for p in pieces))
    try:
        return tuple(sorted(parse_card(t).id for t in split_card_list(text)))
    except NotationError as e:
        error = e
    for piece in pieces:  # name the one piece that is no card, not the whole chi
        try:
            parse_card(piece)
        except NotationError as e:
            error = e
            break
    raise NotationError(
        error.token,
        message=f"{key}: unknown card {error.token!r}",
        code="chi-card",
        fields={"chi": key},
    ) from None


def _split_words(split: Any, keys: Sequence[str]) -> Words:
    """A split as words: its three chi with their hands, in the form typed at play."""
    return (
        "chi1: ", Cards(shown_cards(split.chi1)), f" ({keys[0]}) / chi2: ",
        Cards(shown_cards(split.chi2)), f" ({keys[1]}) / chi3: ",
        Cards(shown_cards(split.chi3)), f" ({keys[2]})",
    )  # fmt: skip


# the solver's suggestion: who suggests it, then its reason (the expected chi)
_HINT = {
    False: ("solver: ", " — about {chi:+.2f} chi against each opponent"),
    True: ("xếp ", " — trung bình được {chi:+.2f} chi với mỗi đối thủ"),
}


class MauBinhScreen:
    """The plugin's words and typed moves for play screens."""

    name = "maubinh"

    def table_words(self, view: View, players: Sequence[str]) -> list[Words]:
        """What the table shows: the instant hands laid face up and who has arranged.

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> plugin.table_words(plugin.view(st, 0), ["An", "Bình"])
        [('Still to arrange: An, Bình.',)]
        """
        if not isinstance(view, MauBinhView):
            raise TypeError(f"{self.name} describes its own views, not {type(view).__name__}")
        lines: list[Words] = []
        shown = view.public.get("shown", [])
        for seat, code in enumerate(view.instant):
            if code is not None:
                lines.append((f"{code} shown by {players[seat]}: ", Cards(shown[seat])))
        waiting = [
            players[s]
            for s in range(len(players))
            if view.instant[s] is None and not view.arranged[s]
        ]
        if waiting and view.to_act is not None:
            lines.append((f"Still to arrange: {', '.join(waiting)}.",))
        return lines

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for this game's events: an instant hand shown, an arrangement made
        (its cards only when this seat may see them), every chi revealed.

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> plugin.event_words(Arranged(0), ["An", "Bình"])
        ('has arranged.',)
        """
        if isinstance(event, InstantDeclared):
            return (f"showed {event.what}: ", Cards(event.cards))
        if isinstance(event, Arranged):
            if not event.chi1:
                return ("has arranged.",)
            return (
                "arranged ", Cards(event.chi1), " / ", Cards(event.chi2), " / ",
                Cards(event.chi3), ".",
            )  # fmt: skip
        if isinstance(event, Revealed):
            foul = " — binh lủng" if event.fouled else ""
            return (
                "revealed ", Cards(event.chi1), f" ({event.hands[0]}) / ", Cards(event.chi2),
                f" ({event.hands[1]}) / ", Cards(event.chi3), f" ({event.hands[2]}){foul}.",
            )  # fmt: skip
        return None

    def table_talk(self, vietnamese: bool = False, rules: Any = None) -> MauBinhTalk:
        """What a play screen says about this game (:class:`~vncards.core.SpeaksAtTable`).

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> plugin.table_talk(vietnamese=True).reason("sap-lang")
        'sập làng'
        """
        return table_talk(self, vietnamese)

    # ------------------------------------------------------------ typed moves, hints

    move_help = (
        "Type your three chi separated by /, the back (chi1, 5 cards) first, then the"
        " middle (chi2, 5 cards) and the front (chi3, 3 cards):",
        "  chi1: AS AH AD 5C 5D / chi2: 9S 9H 7S 8C 2C / chi3: JD QH KS",
        "Or leave the labels out (AS AH AD 5C 5D / 9S 9H 7S 8C 2C / JD QH KS); labelled"
        " chi may come in any order, and a chi may be positions in your hand (1 2 3 4 5).",
        "Each chi must be at least as strong as the one after it (else binh lủng).",
    )

    def parse_move(self, view: View, text: str) -> Arrange:
        """The arrangement a player typed: three groups separated by ``/``, each
        optionally labelled ``chi1:``, ``chi2:``, ``chi3:``; cards in any notation or
        positions in the hand. Whether the cards are the seat's is for ``apply``.

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> v = plugin.view(st, 0)
        >>> a = plugin.parse_move(v, "chi3: 1 2 3 / chi1: 4 5 6 7 8 / chi2: 9 10 11 12 13")
        >>> a.chi3 == tuple(st.hands[0][:3]), plugin.apply(st.copy(), a) != []
        (True, True)
        >>> plugin.parse_move(v, "AS AH / 2C")
        Traceback (most recent call last):
        ...
        vncards.core._errors.NotationError: type three chi separated by /, not 2 (chi1 / ...
        """
        groups = text.split("/")
        if len(groups) != 3:
            raise NotationError(
                text,
                message=f"type three chi separated by /, not {len(groups)} (chi1 / chi2 / chi3)",
                code="chi-count",
                fields={"n": len(groups)},
            )
        labels = [_LABEL.match(g) for g in groups]
        if any(labels) and not all(labels):
            raise NotationError(
                text,
                message="label every chi (chi1: … / chi2: … / chi3: …) or none",
                code="chi-labels",
            )
        chis: dict[str, tuple[int, ...]] = {}
        for i, (g, m) in enumerate(zip(groups, labels, strict=True)):
            key = f"chi{m.group(1)}" if m else f"chi{i + 1}"
            if key in chis:
                raise NotationError(
                    text, message=f"{key} is typed twice", code="chi-twice", fields={"chi": key}
                )
            chis[key] = _typed_cards(g[m.end() :] if m else g, view.hand, key)
        return Arrange(view.seat, chis["chi1"], chis["chi2"], chis["chi3"])

    def hint(self, view: View, vietnamese: bool = False) -> list[tuple[Words, Arrange]]:
        """The solver's arrangement of the seat's cards, with its expected chi against
        one random opponent (none for a seat that does not arrange); in Vietnamese
        with ``vietnamese`` (its hands by their Vietnamese names).

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> [(words[0], action in plugin.legal_actions(st)) for words, action in
        ...  plugin.hint(plugin.view(st, 0))]
        [('solver: chi1: ', True)]
        >>> plugin.hint(plugin.view(st, 0), vietnamese=True)[0][0][-1]
        ' (mậu thầu) — trung bình được +7.67 chi với mỗi đối thủ'
        """
        if not isinstance(view, MauBinhView):
            raise TypeError(f"{self.name} reads its own views, not {type(view).__name__}")
        if not view.legal or len(view.cards) != HAND_SIZE:
            return []
        shown = [parse_card(t).id for cards in view.public.get("shown", []) if cards for t in cards]
        bot = SolverBot(seed=0, samples=200)
        split = bot.split(view.rules, view.cards, shown)
        names: list[str] = [hand_code(k) for k in split.keys]
        if vietnamese:
            names = [HAND_NAMES.get(name, name) for name in names]
        words = _split_words(split, names)
        who, why = _HINT[vietnamese]
        label: Words = (
            who + str(words[0]), *words[1:-1],
            str(words[-1]) + why.format(chi=bot.last_expected),
        )  # fmt: skip
        return [(label, Arrange(view.seat, split.chi1, split.chi2, split.chi3))]

    def action_warning(self, state: MauBinhState, action: Arrange) -> str | None:
        """A sentence when ``action`` is binh lủng (out of order: legal, but the hand
        loses), else ``None``; a screen asks before making it.

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> v = plugin.view(st, 0)
        >>> plugin.action_warning(st, plugin.hint(v)[0][1]) is None
        True
        >>> a = plugin.parse_move(v, "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13")
        >>> print(plugin.action_warning(st, a))
        is binh lủng: chi1 (two-pair) is weaker than chi2 (two-pair), so the hand loses.
        """
        if not isinstance(action, Arrange) or len(action.chi3) != 3:
            return None
        if (len(action.chi1), len(action.chi2)) != (5, 5):
            return None
        keys = chi_keys(state.ev, action)
        if not is_fouled(keys):
            return None
        names = [hand_code(k) for k in keys]
        k = 0 if keys[0] < keys[1] else 1
        return (
            f"is binh lủng: chi{k + 1} ({names[k]}) is weaker than chi{k + 2}"
            f" ({names[k + 1]}), so the hand loses."
        )
