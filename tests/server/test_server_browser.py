"""The web table in a real browser (Debian's chromium driven by Playwright): a whole
Tiến lên game played by clicking cards, the first moves of Sâm, Tứ Sắc and Mậu Binh, the
settlement at the end, and the labels in Vietnamese and English.

The server runs in a thread on 127.0.0.1 on a port the system chooses. Without
/usr/bin/chromium these tests are skipped (CI installs it with apt-get).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from vncards.server import create_app
from vncards.server.testing import LiveServer

from tests.server.conftest import games_with_views, installed

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Debian's chromium is not at /usr/bin/chromium (apt-get install chromium; CI does)",
)

READY = "body[data-state=mine], body[data-state=finished]"


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    with LiveServer(create_app()) as live:
        yield live


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    # the test's own probes are strings Playwright evaluates, which the page's content
    # security policy forbids (the page itself runs no evaluated code)
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="vi-VN", bypass_csp=True
    )
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == []


def open_table(page: Any, server: LiveServer, game: str) -> None:
    """A new table of ``game`` at the page, dealt from the first seed whose game is not
    over as dealt (a dealt win, tới trắng or an instant Mậu Binh hand, would leave no
    move to click: some deals in a hundred are such)."""
    seed = deal_seed(game, lambda plugin, state: plugin.decision(state) is not None)
    page.goto(f"{server.url}/?game={game}&seed={seed}")
    page.wait_for_selector("body[data-state=setup]")
    page.click("#start")
    page.wait_for_selector(READY)


def open_in_language(page: Any, server: LiveServer, game: str, lang: str, seed: int) -> None:
    """A new table of ``game`` dealt from ``seed``, the page in ``lang``."""
    page.goto(server.url)
    page.wait_for_selector("body[data-lobby]")
    page.evaluate(f"localStorage.setItem('vncards-lang', '{lang}')")
    page.goto(f"{server.url}/?game={game}&seed={seed}")
    page.wait_for_selector("body[data-lobby]")
    page.click("#start")
    page.wait_for_selector(READY)


def deal_seed(game: str, wanted: Callable[[Any, Any], bool]) -> int:
    """The first seed whose deal at the page's new table (the default preset, four seats
    or the nearest count the game allows) is one that ``wanted(plugin, state)``."""
    if game not in games_with_views():
        pytest.skip(f"{game} is not installed with views")
    plugin = installed()[game]
    rules = plugin.presets[plugin.default_preset]
    lo, hi = plugin.player_range(rules)
    seats = min(hi, max(lo, 4))
    for seed in range(5_000):
        if wanted(plugin, plugin.new_game(rules, seats, seed)):
            return seed
    raise AssertionError(f"no {game} deal in 5,000 is the one wanted")


def seat_history(page: Any, server: LiveServer) -> list[dict[str, Any]]:
    """The history of the page's seat as the service gives it (a spectator's without a
    token): the events of the deal that seat saw, then every event of the table."""
    table, token = page.evaluate("[S.table, S.token]")
    if token:
        headers = {"Authorization": f"Bearer {token}"}
        view = httpx2.get(f"{server.url}/v1/tables/{table}/view", headers=headers)
    else:
        view = httpx2.get(f"{server.url}/v1/tables/{table}/spectate")
    history: list[dict[str, Any]] = view.json()["history"]
    return history


def expect_whole_log(page: Any, server: LiveServer) -> None:
    """The page's event log lists the seat's whole history, each event once and in its
    place. Call it when no event is due (the seat's turn, or the game over): it waits,
    as long as the page takes to show the events still on their way (they are paced),
    for the log to have as many lines as the history, then compares them."""
    from playwright.sync_api import expect

    history = seat_history(page, server)
    log = page.locator("#log li")
    expect(log).to_have_count(len(history), timeout=30_000)
    assert log.evaluate_all("lis => lis.map(li => li.dataset.type)") == [e["type"] for e in history]
    assert page.evaluate("S.log") == history


def legal(page: Any) -> list[dict[str, Any]]:
    """The seat's legal actions, as the page lists them."""
    return [
        json.loads(b.get_attribute("data-legal")) for b in page.query_selector_all("#legal button")
    ]


def click_cards(page: Any, cards: list[str]) -> None:
    for card in cards:
        page.click(f'#hand button[data-card="{card}"]:not(.selected) >> nth=0')


def take_turn(page: Any) -> str:
    """Make one choice the way a person does: click the cards of the first legal play
    (or discard, take, arrangement), then its button; else pass, draw or decline."""
    actions = legal(page)
    with_cards = [a for a in actions if not isinstance(next(iter(a.values())), bool)]
    choice = with_cards[0] if with_cards else (actions[0] if actions else None)
    if choice is None:
        page.click("#actions button[data-action=decline]")
        kind = "decline"
    else:
        kind, value = next(iter(choice.items()))
        if isinstance(value, list):
            click_cards(page, value)
        elif isinstance(value, str) and page.query_selector(f'#hand button[data-card="{value}"]'):
            click_cards(page, [value])
        elif isinstance(value, dict):
            arrange(page, value)
        page.click(f"#actions button[data-action={kind}]")
    page.wait_for_function(
        "['mine', 'finished'].includes(document.body.dataset.state)", timeout=60_000
    )
    return kind


def arrange(page: Any, offered: dict[str, list[str]]) -> None:
    """Fill each named group (Mậu Binh's chi) with the next cards of the hand, as many
    as the offered arrangement puts there; the last group fills itself."""
    for key, cards in list(offered.items())[:-1]:
        n = len(cards)
        buttons = page.locator("#hand button")  # found again at each click
        for i in range(n):
            buttons.nth(i).click()
        page.click(f'#groups button[data-group="{key}"]')


def test_a_whole_tien_len_game_is_played_by_clicking(page: Any, server: LiveServer) -> None:
    """Web table: a Tiến lên game from the deal to the settlement, every move made by
    clicking cards and buttons; the settlement shown is the referee's ruling on the
    table's record."""
    open_table(page, server, "tienlen")
    for _ in range(300):
        if page.query_selector("body[data-state=finished]"):
            break
        take_turn(page)
    assert page.query_selector("body[data-state=finished]")
    assert page.is_visible("#result")
    shown = {
        row.get_attribute("data-player"): int(row.query_selector("td.num").inner_text())
        for row in page.query_selector_all("#payments tbody tr")
    }
    assert sum(shown.values()) == 0
    assert page.query_selector_all("#log li")
    table, token = page.evaluate("[S.table, S.token]")
    headers = {"Authorization": f"Bearer {token}"}
    record = httpx2.get(f"{server.url}/v1/tables/{table}/record", headers=headers).json()
    report = httpx2.post(f"{server.url}/v1/referee", json=record).json()
    assert report["legal"]
    assert report["finished"]
    assert report["payments"] == shown


@pytest.mark.parametrize("game", ["samloc", "tusac"])
def test_the_first_moves_of_sam_and_tu_sac_by_clicking(
    page: Any, server: LiveServer, game: str
) -> None:
    """Web table: Sâm and Tứ Sắc up to the first few moves; each move shows in the
    event log and the hand follows."""
    open_table(page, server, game)
    kinds = []
    for _ in range(4):
        if page.query_selector("body[data-state=finished]"):
            break
        before = int(page.evaluate("document.body.dataset.events"))
        kinds.append(take_turn(page))
        if kinds[-1] != "decline":
            assert int(page.evaluate("document.body.dataset.events")) > before
    assert kinds
    assert page.query_selector_all("#log li")
    if not page.query_selector("body[data-state=finished]"):
        # the events came over the table's WebSocket, every one of them
        assert page.evaluate("S.ws !== null && S.ws.readyState === WebSocket.OPEN")
    expect_whole_log(page, server)


def test_mau_binh_is_arranged_by_clicking(page: Any, server: LiveServer) -> None:
    """Web table: a game whose action is a named arrangement (Mậu Binh's three chi) is
    played with the same page: pick cards, put them in a chi, arrange."""
    open_table(page, server, "maubinh")
    for _ in range(5):
        if page.query_selector("body[data-state=finished]"):
            break
        take_turn(page)
    assert page.query_selector("body[data-state=finished]")
    assert page.is_visible("#result")


def test_labels_in_vietnamese_and_english(page: Any, server: LiveServer) -> None:
    page.goto(server.url)
    page.wait_for_selector("body[data-state=setup]")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("body[data-state=setup]")
    assert page.inner_text("#start") == "Chia bài"
    page.click("#lang")
    assert page.inner_text("#start") == "Deal"
    assert page.inner_text("#setup-title") == "New table"
    page.click("#lang")
    assert page.inner_text("#start") == "Chia bài"


SETTLED = "['mine', 'waiting', 'finished'].includes(document.body.dataset.state)"


def _move(page: Any) -> None:
    """One choice by clicking (as take_turn), then wait until the page has its answer,
    whoever is to act next."""
    click_move(page)
    page.wait_for_function(SETTLED, timeout=60_000)


def click_move(page: Any) -> None:
    """One choice by clicking (as take_turn), not waiting for its answer."""
    actions = legal(page)
    with_cards = [a for a in actions if not isinstance(next(iter(a.values())), bool)]
    if with_cards:
        kind, value = next(iter(with_cards[0].items()))
        click_cards(page, value if isinstance(value, list) else [value])
        page.click(f"#actions button[data-action={kind}]")
    elif actions:
        page.click(f"#actions button[data-action={next(iter(actions[0]))}]")
    else:
        page.click("#actions button[data-action=decline]")


def test_two_browsers_play_one_tien_len_table_and_one_reloads(
    browser: Any, server: LiveServer
) -> None:
    """People at one table: one browser deals a table with a friend's seat, a second
    browser (its own context) opens the join link, both play by clicking to the end,
    and the friend reloads mid-game and goes on where it was; each page lists every
    event exactly once."""
    if "tienlen" not in games_with_views():
        pytest.skip("tienlen is not installed with views")
    size = {"width": 1280, "height": 900}
    # bypass_csp: the test's probes are evaluated strings, as in the page fixture
    contexts = [browser.new_context(viewport=size, bypass_csp=True) for _ in range(2)]
    host, friend = (c.new_page() for c in contexts)
    try:
        host.goto(f"{server.url}/?game=tienlen")
        host.wait_for_selector("body[data-state=setup]")
        host.select_option("#friends", "1")
        host.click("#start")
        host.wait_for_function(SETTLED)
        if host.evaluate("document.body.dataset.state") == "mine":
            host.click("#actions button[data-action=hint]")  # the strongest bot's choice
            host.wait_for_function("document.querySelector('#action-error').textContent")
            said = host.inner_text("#action-error")
            assert said.startswith(("Gợi ý:", "Hint:")), said
            host.evaluate("S.selected.clear(); renderHand(S.view); updateButtons()")
        link = host.get_attribute("#join a.join", "href")
        friend.goto(link)
        friend.wait_for_function(SETTLED)
        reloaded = False
        for _ in range(400):
            if all(p.evaluate("document.body.dataset.state") == "finished" for p in (host, friend)):
                break
            for p in (host, friend):
                if p.evaluate("document.body.dataset.state") == "mine":
                    _move(p)
                    if p is friend and not reloaded:
                        # the friend's first move made: reload, and the seat resumes
                        friend.reload()
                        friend.wait_for_function(SETTLED)
                        reloaded = True
            for p in (host, friend):
                p.wait_for_function(SETTLED)
        assert reloaded or host.evaluate("S.view.history.length") < 4  # a dealt win ends at once
        for p in (host, friend):
            p.wait_for_function("document.body.dataset.state === 'finished'", timeout=60_000)
            expect_whole_log(p, server)
        seats = {p.evaluate("S.me") for p in (host, friend)}
        assert len(seats) == 2
    finally:
        for c in contexts:
            c.close()


def test_leaving_a_table_for_a_new_game_is_not_undone_by_a_late_view(
    page: Any, server: LiveServer
) -> None:
    """Web table: a view read still on its way when the player goes back to the setup
    ("New game") does not draw the table again when it arrives, and the table's stream
    is closed as the page's own (no reconnect follows)."""
    open_table(page, server, "tienlen")
    held: list[Any] = []
    page.route("**/view?*", lambda route: held.append(route))  # the next view read waits
    page.evaluate("window.lateRead = refresh(); 0")
    while not held:  # until the request reaches the route
        page.wait_for_function("true")
    page.evaluate("document.querySelector('#again').click()")
    assert page.evaluate("[S.table, S.ws, document.body.dataset.state]") == [None, None, "setup"]
    held[0].continue_()
    page.evaluate("window.lateRead")  # the read done, its answer handled
    assert page.evaluate("document.body.dataset.state") == "setup"
    assert page.is_hidden("#table")
    assert page.is_visible("#setup")
