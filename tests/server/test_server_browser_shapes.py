"""The web table in a real browser with action values that are lists of card lists or
lists of mappings (Phỏm's meld and lay-off): each legal value is offered as a button of
its own, and the posted action is exactly that legal value."""

from __future__ import annotations

import json
from typing import Any

from vncards.server.testing import LiveServer

from tests.server.test_server_browser import READY, browser, legal, page, server

__all__ = ["browser", "page", "server"]

NESTED = ("meld", "lay_off")
SEED = 1


def open_table(page: Any, server: LiveServer, game: str, seed: int) -> None:
    page.goto(f"{server.url}/?game={game}&seed={seed}")
    page.wait_for_selector("body[data-state=setup]")
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
    open_table(page, server, "phom", SEED)
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


def test_mau_binh_showdown_shows_every_chi(page: Any, server: LiveServer) -> None:
    """Web table: at the end of a Mậu Binh game each player's three chi are drawn on the
    felt, the cards being those the reveal events name."""
    open_table(page, server, "maubinh", SEED)
    offered = next(iter(legal(page)[0].values()))
    for key, cards in list(offered.items())[:-1]:
        for i in range(len(cards)):
            page.locator("#hand button").nth(i).click()
        page.click(f'#groups button[data-group="{key}"]')
    page.click("#actions button[data-action=arrange]")
    page.wait_for_selector("body[data-state=finished]")
    reveals = [e for e in page.evaluate("S.view.history") if e["type"] == "reveal"]
    assert reveals
    for e in reveals:
        seat = page.query_selector(f'#showdown [data-player="{e["player"]}"]')
        assert seat is not None
        for chi in ("chi1", "chi2", "chi3"):
            shown = [
                c.get_attribute("data-card")
                for c in seat.query_selector_all(f'[data-part="{chi}"] .card')
            ]
            assert shown == e[chi]
