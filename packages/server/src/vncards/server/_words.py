"""The words a game says at its table, in the language a page asks for (``?lang=vi``
or ``?lang=en``): its lines about the table, a line per event, the sentence that ends
the game and its payment reasons in words, from the game's own
:class:`~vncards.core.SpeaksAtTable`. A game without it has no words here; a page then
writes the table from its JSON alone.

A line is a list of parts: a string, or ``{"cards": [...]}`` for cards a page draws.
A refused action is said in the game's words too (:func:`refusal_in`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from vncards.core import Cards, SpeaksAtTable, resolve_rules, vocabulary_of
from vncards.server._errors import ApiError
from vncards.server._tables import SPECTATOR, Table

__all__ = ["Language", "line_json", "refusal_in", "words_json"]

Language = Literal["vi", "en"]


def line_json(words: Sequence[str | Cards] | None) -> list[Any] | None:
    """A line of words as JSON (cards as ``{"cards": [...]}``; ``None`` stays ``None``).

    >>> line_json(("An đánh ", Cards(("3S", "4S")), "."))
    ['An đánh ', {'cards': ['3S', '4S']}, '.']
    """
    if words is None:
        return None
    return [{"cards": list(w)} if isinstance(w, Cards) else str(w) for w in words]


def _talk(table: Table, plugin: SpeaksAtTable, lang: Language) -> Any:
    """The game's words in ``lang`` (made once a table and language)."""
    talk = table.talks.get(lang)
    if talk is None:
        rules = resolve_rules(table.plugin, table.variant, table.rules)
        talk = table.talks[lang] = plugin.table_talk(vietnamese=lang == "vi", rules=rules)
    return talk


def words_json(table: Table, seat: int | None, lang: Language) -> dict[str, Any] | None:
    """The game's words for ``seat`` (``None``: a spectator, who gets no lines about
    the table, since a game writes those for a seat) in ``lang``; ``None`` for a game
    that does not speak."""
    plugin = table.plugin
    if not isinstance(plugin, SpeaksAtTable):
        return None
    talk = _talk(table, plugin, lang)
    names = table.players
    who = SPECTATOR if seat is None else seat
    lines = [] if seat is None else talk.table(plugin.view(table.state, seat), names)
    seen = table.dealt_events(seat) + [e.seen_by(who) for e in table.events]
    history = [line_json(talk.event(e, names, seat)) for e in seen]
    vocabulary = vocabulary_of(plugin)
    codes = set(vocabulary.transfer_reasons if vocabulary is not None else ())
    outcome = None
    if table.finished:
        result = plugin.result(table.state)
        outcome = talk.outcome(result, names, seat)
        codes.update(t.reason for t in result.transfers)
    return {
        "lang": lang,
        "table": [line_json(line) for line in lines],
        "history": history,
        "outcome": outcome,
        "reasons": {code: talk.reason(code) for code in sorted(codes)},
    }


def refusal_in(table: Table, lang: Language, error: ApiError) -> ApiError:
    """``error`` (a refused action) with the game's own sentence for it in ``lang``
    (its :meth:`~vncards.core.TableTalk.refusal`), marked with that language; in
    Vietnamese, a refusal the game has no sentence for stays as it was, unmarked.

    >>> from vncards.tienlen import plugin
    >>> from vncards.server._tables import new_table
    >>> table, _ = new_table("t", plugin, variant=None, rules=None, players=["A", "B"],
    ...                      bots={}, seed=1, now=0.0)
    >>> said = refusal_in(table, "vi", ApiError(409, "cannot-pass-lead", "You lead."))
    >>> said.message, said.lang
    ('Người đi đầu vòng phải đánh, không được bỏ lượt.', 'vi')
    """
    plugin = table.plugin
    said = error.message
    if isinstance(plugin, SpeaksAtTable):
        said = _talk(table, plugin, lang).refusal(error.code, error.message)
    if lang == "vi" and said == error.message:
        return error
    return ApiError(error.status, error.code, said, lang)
