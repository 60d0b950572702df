"""The web table in a real browser, drawn from the games' own data: a button for an
action the seat cannot take now is greyed and its title says why, in the page's
language, in the game's own words (Tiến lên and Phỏm); and a game on a deck no page has
seen (suns and moons) is dealt, drawn and played to the end with no page of its own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from vncards.core import get_game
from vncards.server import create_app
from vncards.server.testing import LiveServer

from tests.server._stars import SAO
from tests.server.conftest import installed, talk_of
from tests.server.test_server_browser import browser, open_in_language, page, take_turn

__all__ = ["browser", "page"]


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    with LiveServer(create_app(games={**installed(), "sao": SAO})) as live:
        yield live


def _leading_seed(game: str, players: int) -> int:
    """A seed whose deal has seat 0 (the page's own seat) choose first."""
    plugin = get_game(game)
    rules = plugin.presets[plugin.default_preset]
    for seed in range(1000):
        d = plugin.decision(plugin.new_game(rules, players, seed))
        if d is not None and d.seat == 0:
            return seed
    raise AssertionError("no seed deals seat 0 the first choice")


def _open(pg: Any, server: LiveServer, game: str, seed: int, lang: str) -> None:
    open_in_language(pg, server, game, lang, seed)
    pg.wait_for_selector("body[data-state=mine]")


def _says_why(pg: Any, selector: str, game: str, lang: str) -> str:
    """The refusal code a greyed button shows, once its title says it; the title must
    be the game's own sentence for that code in ``lang``."""
    from playwright.sync_api import expect

    button = pg.locator(selector)
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("data-why", re.compile(r".+"))
    code = button.get_attribute("data-why")
    talk = talk_of(game, lang)
    expect(button).to_have_attribute("title", talk.refusal(code, "\0"))
    return str(code)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_tien_len_greys_a_pass_when_leading_and_a_set_that_is_no_play(
    page: Any, server: LiveServer, lang: str
) -> None:
    """Greyed buttons say why (Tiến lên): leading, the pass button is greyed with the
    game's reason (cannot-pass-lead); two cards that make no combination grey the play
    button with the game's reason for them."""
    from playwright.sync_api import expect

    _open(page, server, "tienlen", _leading_seed("tienlen", 4), lang)
    if lang == "en":
        # the English sentences are the engine's: the title is the message itself
        expect(page.locator("#actions button[data-action=pass]")).to_have_attribute(
            "data-why", "cannot-pass-lead"
        )
        assert page.get_attribute("#actions button[data-action=pass]", "title")
        return
    assert _says_why(page, "#actions button[data-action=pass]", "tienlen", lang) == (
        "cannot-pass-lead"
    )
    hand = page.evaluate("S.view.hand")
    ranks: dict[str, str] = {}
    for card in hand:
        ranks.setdefault(card[:-1], card)
    lows = list(ranks.values())
    first, second = lows[0], lows[-1]
    page.click(f'#hand button[data-card="{first}"]')
    page.click(f'#hand button[data-card="{second}"]')
    code = _says_why(page, "#actions button[data-action=play]", "tienlen", lang)
    assert code in {"not-a-combination", "wrong-first-play"}
    # a legal play again: the button is live and its title says nothing
    page.click(f'#hand button[data-card="{second}"]')
    legal = [a["play"] for a in page.evaluate("S.view.legal") if "play" in a]
    if [first] in legal:
        expect(page.locator("#actions button[data-action=play]")).to_be_enabled()
        expect(page.locator("#actions button[data-action=play]")).not_to_have_attribute(
            "data-why", re.compile(r".+")
        )


def test_phom_greys_what_the_turn_does_not_allow(page: Any, server: LiveServer) -> None:
    """Greyed buttons say why (Phỏm): on the seat's turn every draw, take or discard it
    cannot make now is greyed, with Phỏm's own Vietnamese reason as its title."""
    _open(page, server, "phom", _leading_seed("phom", 4), "vi")
    greyed = page.locator("#actions button[data-flag]")
    assert greyed.count() >= 1
    codes = set()
    for i in range(greyed.count()):
        kind = greyed.nth(i).get_attribute("data-action")
        codes.add(_says_why(page, f"#actions button[data-action={kind}]", "phom", "vi"))
    assert codes
    assert not codes & {"not-offered", "bad-action"}


def test_a_game_on_a_deck_no_page_has_seen_is_drawn_from_its_data(
    page: Any, server: LiveServer
) -> None:
    """Notation as data: Sao's suns and moons show in the hand, on the felt and in the
    log with the game's own words and colours, and the game is played to the end."""
    open_in_language(page, server, "sao", "vi", 5)
    cards = SAO.info.notation
    hand = page.locator("#hand button.card")
    assert hand.count() == 2
    for i in range(2):
        token = hand.nth(i).get_attribute("data-card")
        look = cards.look(token, True)  # type: ignore[misc]
        assert hand.nth(i).inner_text() == look.label
        assert f"c-{look.colour}" in (hand.nth(i).get_attribute("class") or "")
    for _ in range(10):
        if page.locator("body[data-state=finished]").count():
            break
        take_turn(page)
    page.wait_for_selector("body[data-state=finished]")
    laid = page.locator("#public dd[data-key=laid] .card")
    assert laid.count() == 4
    log = page.inner_text("#log")
    assert re.search(r"(mặt trời|trăng) [1-6]", log)
    assert not re.search(r"\b[SM][1-6]\b", log + page.inner_text("#felt"))


def test_mau_binh_arrange_is_greyed_until_each_chi_is_filled(page: Any, server: LiveServer) -> None:
    """Greyed buttons say why (Mậu Binh): *Xếp bài* stays greyed while a chi is empty,
    its title naming the chi to fill next and how many cards it takes."""
    from playwright.sync_api import expect

    open_in_language(page, server, "maubinh", "vi", 3)
    submit = page.locator("#actions button[data-compose]")
    expect(submit).to_be_disabled()
    expect(submit).to_have_attribute("title", "Chọn 5 lá rồi bấm Chi 1")
    hand = page.locator("#hand button")
    for i in range(5):
        hand.nth(i).click()
    page.click('#groups button[data-group="chi1"]')
    expect(submit).to_have_attribute("title", "Chọn 5 lá rồi bấm Chi 2")
