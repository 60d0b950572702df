"""The web table in a real browser with action values that are lists of card lists or
lists of mappings (Phỏm's meld and lay-off): each legal value is offered as a button of
its own, and the posted action is exactly that legal value."""

from __future__ import annotations

import json
from typing import Any

import pytest
from vncards.core import parse_card
from vncards.maubinh import evaluator, plugin
from vncards.server.testing import LiveServer

from tests.server.test_server_browser import READY, browser, deal_seed, legal, page, server

__all__ = ["browser", "page", "server"]

NESTED = ("meld", "lay_off")
SEED = 1


def open_table(page: Any, server: LiveServer, game: str, seed: int, bot: str | None = None) -> None:
    """A new table of ``game`` dealt from ``seed``, the other seats played by ``bot``
    (the page's choice, the game's strongest, without)."""
    page.goto(f"{server.url}/?game={game}&seed={seed}")
    page.wait_for_selector("body[data-state=setup]")
    if bot is not None:
        page.select_option("#bot", bot)
    page.click("#start")
    page.wait_for_selector(READY)


def _choose(page: Any, action: dict[str, Any]) -> None:
    kind, value = next(iter(action.items()))
    if kind in NESTED and value == []:
        # only móm is legal: nothing to pick, the plain button sends the empty meld
        page.click(f"#actions button[data-action={kind}]")
    elif kind in NESTED:
        # a locator, not an element handle: it is found again at the click, should
        # the buttons have been drawn anew in between
        buttons = page.locator(f"#actions button[data-action={kind}]")
        choices = [
            json.loads(c) for c in buttons.evaluate_all("bs => bs.map(b => b.dataset.choice)")
        ]
        if value not in choices:
            raise AssertionError(f"no button offers {action}")
        buttons.nth(choices.index(value)).click()
    elif isinstance(value, str):
        page.click(f'#hand button[data-card="{value}"] >> nth=0')
        page.click(f"#actions button[data-action={kind}]")
    else:
        page.click(f"#actions button[data-action={kind}]")
    page.wait_for_function(
        "['mine', 'finished'].includes(document.body.dataset.state)", timeout=60_000
    )


def test_phom_melds_are_chosen_by_clicking(page: Any, server: LiveServer) -> None:
    """Web table: a Phỏm game played by clicks reaches a meld (or móm) and, when one
    is offered, a lay-off; each is posted from its own button and the server takes it."""
    # greedy bots: the search bot thinks for a time, so its game depends on the load
    open_table(page, server, "phom", SEED, bot="greedy")
    done: list[str] = []
    for _ in range(200):
        if page.query_selector("body[data-state=finished]"):
            break
        actions = legal(page)
        nested = [a for a in actions if next(iter(a)) in NESTED]
        if nested:
            # a real meld before móm when one is legal
            nested.sort(key=lambda a: not next(iter(a.values())))
            before = int(page.evaluate("document.body.dataset.events"))
            _choose(page, nested[0])
            assert page.inner_text("#action-error") == ""
            assert int(page.evaluate("document.body.dataset.events")) > before
            done.append(next(iter(nested[0])))
        elif actions:
            _choose(page, actions[0])
        else:
            page.click("#actions button[data-action=decline]")
            page.wait_for_function(
                "['mine', 'finished'].includes(document.body.dataset.state)", timeout=60_000
            )
    assert "meld" in done


def _beats(rules: Any, a: dict[str, Any], b: dict[str, Any], chi: str) -> int:
    """1 when hand ``a`` wins chi ``chi`` against ``b``, -1 when it loses, 0 for a tie,
    from the cards themselves (a fouled hand loses every chi to one that is not)."""
    if a["fouled"] or b["fouled"]:
        return int(b["fouled"]) - int(a["fouled"])
    ev = evaluator(rules)
    key = ev.key5 if chi != "chi3" else ev.key3
    ka, kb = (key(*(parse_card(c).id for c in h[chi])) for h in (a, b))
    return (ka > kb) - (ka < kb)


@pytest.mark.parametrize("fouled", [False, True])
def test_mau_binh_showdown_shows_every_chi_and_who_won_it(
    page: Any, server: LiveServer, fouled: bool
) -> None:
    """Web table: at the end of a Mậu Binh game each player's three chi are drawn on the
    felt, the cards being those the reveal events name, and each chi says whom it beat,
    lost to and tied with, as the cards compare; so too when the player's own hand is
    binh lủng (the offered chi1 and chi2 swapped), which loses every chi."""
    open_table(page, server, "maubinh", SEED)
    offered = next(iter(legal(page)[0].values()))
    groups = {"chi1": offered["chi2"], "chi2": offered["chi1"]} if fouled else offered
    for key in ("chi1", "chi2"):
        for card in groups[key]:
            page.click(f'#hand button[data-card="{card}"]')
        page.click(f'#groups button[data-group="{key}"]')
    page.click("#actions button[data-action=arrange]")
    page.wait_for_selector("body[data-state=finished]")
    reveals = [e for e in page.evaluate("S.view.history") if e["type"] == "reveal"]
    assert len(reveals) == 4
    mine = next(e for e in reveals if e["player"] == page.evaluate("S.me"))
    assert mine["fouled"] is fouled
    rules = plugin.presets[plugin.default_preset]
    verdicts = set()
    for e in reveals:
        seat = page.locator(f'#felt #showdown [data-player="{e["player"]}"]')
        for chi in ("chi1", "chi2", "chi3"):
            part = seat.locator(f'[data-part="{chi}"]')
            shown = part.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)")
            assert shown == e[chi]
            said = part.locator(".verdict").evaluate(
                "v => [v.dataset.won, v.dataset.lost, v.dataset.tied]"
            )
            expected: dict[int, list[str]] = {1: [], -1: [], 0: []}
            for o in reveals:
                if o is not e:
                    expected[_beats(rules, e, o, chi)].append(o["player"])
            assert said == [",".join(expected[k]) for k in (1, -1, 0)]
            verdicts.add(part.locator(".verdict").inner_text().split(" ")[0])
    # the page's words (Vietnamese here), never a code
    assert verdicts <= {"thắng", "thua", "hòa"}


def test_a_second_browser_finds_the_table_in_the_lobby_and_sits(
    browser: Any, server: LiveServer
) -> None:
    """Lobby: a table dealt with its friend's seat listed shows above the new-table form
    of another browser, with its game; a click on the free seat sits there (the seat's
    own view), and the seat leaves the lobby of a third page, whose opening of the
    seat's link (which names the seat) is refused in words."""
    contexts = [browser.new_context(bypass_csp=True) for _ in range(3)]
    host, friend, late = (c.new_page() for c in contexts)
    try:
        # a deal not over at once: a dealt win's table has no seat left to take
        seed = deal_seed("tienlen", lambda plugin, state: plugin.decision(state) is not None)
        host.goto(f"{server.url}/?game=tienlen&seed={seed}")
        host.wait_for_selector("body[data-state=setup]")
        host.select_option("#friends", "1")
        host.check("#listed")
        host.click("#start")
        host.wait_for_selector("body[data-table]")
        table = host.evaluate("S.table")
        friend.goto(server.url)
        friend.wait_for_selector("body[data-state=setup]")
        row = friend.locator(f'#lobby tr[data-table="{table}"]')
        assert row.locator("td").first.inner_text() == "Tiến lên miền Nam (đếm lá)"
        seat = row.locator("button[data-seat]")
        assert seat.inner_text() == "Bạn 2"
        # the lobby is drawn above the form
        lobby_y = friend.locator("#lobby").bounding_box()["y"]
        assert lobby_y < friend.locator("#setup").bounding_box()["y"]
        seat.click()
        friend.wait_for_selector("body[data-table]")
        assert friend.evaluate("S.me") == "Bạn 2"
        assert friend.evaluate("S.token") is not None
        late.goto(server.url)
        late.wait_for_selector("body[data-lobby]")  # the lobby has been read
        assert late.locator(f'#lobby tr[data-table="{table}"]').count() == 0
        # the host's link names the seat; once taken, opening it says so in words
        link = host.get_attribute("#join a.join", "href")
        assert link.endswith("&join=B%E1%BA%A1n%202")
        late.goto("about:blank")  # a new document: only the hash of the address differs
        late.goto(link)
        late.wait_for_function("document.querySelector('#lobby-error').textContent !== ''")
        assert late.inner_text("#lobby-error") == "Ghế này đã có người: chọn ghế khác."
        assert late.evaluate("S.token") is None
    finally:
        for c in contexts:
            c.close()
