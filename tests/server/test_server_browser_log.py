"""The web table's event log in a real browser: whatever brings an event (the table's
stream, an action's answer, a view after a reload) and in whatever order those arrive,
the log lists the seat's whole history, each event once and in its place. A deal whose
history starts with events of its own (a dealt win, a hand shown before the first move)
puts every later event one place further in the log than on the table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from vncards.server.testing import LiveServer

from tests.server.conftest import games_with_views
from tests.server.test_server_browser import (
    READY,
    SETTLED,
    browser,
    click_move,
    deal_seed,
    expect_whole_log,
    page,
    seat_history,
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


# Action answers held back until the test lets them through (`window.release()`).
HELD_ANSWERS = """
const real = window.fetch;
window.hold = () => { window.held = new Promise((ok) => { window.release = ok; }); };
window.fetch = (url, options) => {
  const held = /[/]actions[?]/.test(String(url)) ? window.held : null;
  const answer = real(url, options);
  return held ? answer.then((a) => held.then(() => a)) : answer;
};
"""


def shown_first(finished: bool) -> Callable[[Any, Any], bool]:
    """A deal that shows the first seat events before any move, over at once (a dealt
    win) or not, as ``finished`` asks."""
    return lambda plugin, state: (
        bool(plugin.view(state, 0).history) and ((plugin.decision(state) is None) == finished)
    )


def first_seat_leads(plugin: Any, state: Any) -> bool:
    """A deal the first seat leads, the game not over at once."""
    d = plugin.decision(state)
    return d is not None and d.seat == 0 and not plugin.view(state, 0).history


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


def seat_two(host: Any, friend: Any, server: LiveServer, seed: int, *states: str) -> None:
    """The host deals a Tiến lên table from ``seed`` with a friend's seat, the friend
    opens its join link; each page then shows its state in ``states``."""
    host.goto(f"{server.url}/?game=tienlen&seed={seed}")
    host.wait_for_selector("body[data-state=setup]")
    host.select_option("#friends", "1")
    host.click("#start")
    host.wait_for_selector(f"body[data-state={states[0]}]")
    friend.goto(host.get_attribute("#join a.join", "href"))
    friend.wait_for_selector(f"body[data-state={states[1]}]")


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
    seed = deal_seed("tienlen", shown_first(True))
    host, friend = two_pages
    seat_two(host, friend, server, seed, "finished", "finished")
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
    open_table(page, server, game, deal_seed(game, shown_first(False)))
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


def test_a_view_older_than_the_events_that_came_meanwhile_is_read_again(
    two_pages: tuple[Any, Any], server: LiveServer
) -> None:
    """Web table: the host's action answer is held back while the friend answers it and
    the bots play up to the host's turn again (their events reach the host's page by
    the stream, and the page reads no view while its own action is on its way). Once
    the answer is in, its view is older than those events: the page reads the view
    again and shows the host's turn, not the friend's."""
    seed = deal_seed("tienlen", first_seat_leads)
    host, friend = two_pages
    host.add_init_script(HELD_ANSWERS)
    seat_two(host, friend, server, seed, "mine", "waiting")
    host.evaluate("window.hold()")
    click_move(host)
    friend.wait_for_selector("body[data-state=mine]", timeout=60_000)
    click_move(friend)
    friend.wait_for_function(SETTLED, timeout=60_000)
    # every event is in on the host's page and no view is due: only the answer is left
    history = seat_history(host, server)
    expect(host.locator("#log li")).to_have_count(len(history), timeout=30_000)
    host.wait_for_function("viewTimer === null")
    assert host.evaluate("document.body.dataset.state") == "busy"
    host.evaluate("window.release()")
    expect(host.locator("body")).to_have_attribute("data-state", "mine", timeout=30_000)
    expect(host.locator("body")).to_have_attribute("data-events", str(len(history)), timeout=30_000)
    expect_whole_log(host, server)
