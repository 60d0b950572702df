"""The web table's event log in a real browser: whatever brings an event (the table's
stream, an action's answer, a view after a reload) and in whatever order those arrive,
the log lists the seat's whole history, each event once and in its place. A deal whose
history starts with events of its own (a dealt win, a hand shown before the first move)
puts every later event one place further in the log than on the table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from vncards.server.testing import LiveServer

from tests.server.conftest import games_with_views, installed
from tests.server.test_server_browser import (
    READY,
    browser,
    expect_whole_log,
    page,
    server,
    take_turn,
)
from tests.server.test_server_browser_shapes import open_table

__all__ = ["browser", "page", "server"]

# A page whose action answers and views reach it late (after the table's stream has
# brought the same events), as on a busy machine; a wrapped fetch, so the requests
# themselves go at once.
LATE_ANSWERS = """
const real = window.fetch;
window.fetch = (url, options) => {
  const late = /[/](actions|view)[?]/.test(String(url));
  const answer = real(url, options);
  return late ? answer.then((a) => new Promise((ok) => setTimeout(() => ok(a), 400))) : answer;
};
"""


def deal_seed(game: str, *, finished: bool) -> int:
    """The first seed whose deal at the page's new table (the default preset, four seats
    or the nearest count the game allows) shows the first seat events before any move,
    and is over at once (a dealt win) or not, as ``finished`` asks."""
    if game not in games_with_views():
        pytest.skip(f"{game} is not installed with views")
    plugin = installed()[game]
    rules = plugin.presets[plugin.default_preset]
    lo, hi = plugin.player_range(rules)
    seats = min(hi, max(lo, 4))
    for seed in range(5_000):
        state = plugin.new_game(rules, seats, seed)
        if plugin.view(state, 0).history and (plugin.decision(state) is None) == finished:
            return seed
    raise AssertionError(f"no {game} deal in 5,000 shows events before the first move")


def play_checking_the_log(page: Any, server: LiveServer, turns: int, reload_after: int) -> None:
    """Up to ``turns`` moves by clicking, the whole log checked after each; the page is
    reloaded after move number ``reload_after`` (from 0) and checked again."""
    for turn in range(turns):
        if page.query_selector("body[data-state=finished]"):
            break
        take_turn(page)
        expect_whole_log(page, server)
        if turn == reload_after:
            page.reload()
            page.wait_for_selector(READY)
            expect_whole_log(page, server)


@pytest.fixture
def two_pages(browser: Any) -> Iterator[tuple[Any, Any]]:
    """Two pages, each in its own browser context (two people at two machines)."""
    size = {"width": 1280, "height": 900}
    # bypass_csp: the test's probes are evaluated strings, as in the page fixture
    contexts = [browser.new_context(viewport=size, bypass_csp=True) for _ in range(2)]
    try:
        first, second = (c.new_page() for c in contexts)
        yield first, second
    finally:
        for c in contexts:
            c.close()


def test_a_dealt_win_is_listed_whole_at_both_seats(
    two_pages: tuple[Any, Any], server: LiveServer
) -> None:
    """Web table: a Tiến lên deal that is a win as dealt (its reveal, win and settle
    come before the table's first event, so the view counts no event) is listed whole
    by the page that dealt it and by the friend who opens the join link."""
    seed = deal_seed("tienlen", finished=True)
    host, friend = two_pages
    host.goto(f"{server.url}/?game=tienlen&seed={seed}")
    host.wait_for_selector("body[data-state=setup]")
    host.select_option("#friends", "1")
    host.click("#start")
    host.wait_for_selector("body[data-state=finished]")
    friend.goto(host.get_attribute("#join a.join", "href"))
    friend.wait_for_selector("body[data-state=finished]")
    for p in (host, friend):
        assert p.evaluate("document.body.dataset.events") == "0"
        assert p.is_visible("#result")
        expect_whole_log(p, server)
        assert [e["type"] for e in p.evaluate("S.log")][-1] == "settle"


@pytest.mark.parametrize("game", ["tusac", "maubinh"])
def test_a_deal_shown_before_the_first_move_keeps_every_event_in_place(
    page: Any, server: LiveServer, game: str
) -> None:
    """Web table: after a deal whose history starts with an event of its own (Tứ Sắc's
    four-of-a-kind shown, Mậu Binh's hand declared), the stream, the action's answers
    and a reload all put each event in its place: no event is dropped for the one the
    deal added, none is shown twice."""
    open_table(page, server, game, deal_seed(game, finished=False))
    assert len(page.evaluate("S.log")) > int(page.evaluate("document.body.dataset.events"))
    expect_whole_log(page, server)
    play_checking_the_log(page, server, turns=4, reload_after=0)


def test_late_answers_leave_the_log_whole(page: Any, server: LiveServer) -> None:
    """Web table: when every action's answer and every view reaches the page after the
    table's stream has brought the same events (and after a reload), the log still
    lists each event once, in order."""
    if "tienlen" not in games_with_views():
        pytest.skip("tienlen is not installed with views")
    page.add_init_script(LATE_ANSWERS)
    open_table(page, server, "tienlen", 1)
    play_checking_the_log(page, server, turns=6, reload_after=1)
