"""The web table speaks to people, never in codes: every installed game played in a real
browser in Vietnamese (and in English), then every text a person sees (the event log,
the status, the felt, the buttons, the settlement, the lobby and the form) is checked
against the codes of that game's records, events, views, bots and presets and the
error codes on its rules page; a refused move reads in the page's language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx2
import pytest
from vncards.core import vocabulary_of
from vncards.server.testing import LiveServer

from tests.server.conftest import installed, talk_of
from tests.server.test_server_browser import (
    browser,
    open_in_language,
    page,
    server,
    take_turn,
)

__all__ = ["browser", "page", "server"]

RULES = Path(__file__).parents[2] / "docs" / "rules"
SEEN = ["#status", "#felt", "#seats", "#actions", "#groups", "#result", "#log", "#me-name"]
# codes that are also words of Vietnamese as people write it
VIETNAMESE = {"chi", "khui"}
TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def _codes(game: str, history: list[dict[str, Any]], public: dict[str, Any]) -> set[str]:
    """Every code the page could leak for ``game``: record action keys, outcomes,
    payment reasons, bots, presets, event types and their code fields, public keys and
    the codes on the game's rules page."""
    plugin = installed()[game]
    vocabulary = vocabulary_of(plugin)
    codes = {*plugin.bots, *plugin.presets, *public}
    if vocabulary is not None:
        codes |= {a.key for a in vocabulary.actions}
        codes |= {*vocabulary.outcomes, *vocabulary.transfer_reasons}
    for e in history:
        codes.add(e["type"])
        codes |= {k for k in e if k not in ("player", "type")}
        for key in ("combo", "outcome", "instant_win", "what", "rule"):
            if isinstance(e.get(key), str):
                codes.add(e[key])
        codes |= {h for h in e.get("hands", ()) if isinstance(h, str)}
        codes |= {t["reason"] for t in e.get("transfers", ())}
    page_text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    codes |= set(re.findall(r"`([a-z]+(?:-[a-z0-9]+)+)`", page_text))
    return {c for c in codes if len(c) > 2 and c not in VIETNAMESE}


def _shown(pg: Any) -> str:
    """What a person sees on the table page, every part of it."""
    return "\n".join(pg.locator(sel).inner_text() for sel in SEEN)


def _leaks(text: str, codes: set[str], lang: str) -> set[str]:
    found = set(TOKEN.findall(text)) & codes
    if lang == "en":
        # English words (pass, play) are English there; compound codes never are
        found = {c for c in found if "-" in c or "_" in c}
    return found


def _play(pg: Any, server: LiveServer, game: str, lang: str, moves: int) -> None:
    open_in_language(pg, server, game, lang, 2)
    for _ in range(moves):
        if pg.locator("body[data-state=finished]").count():
            return
        take_turn(pg)


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("game", sorted(installed()))
def test_no_code_is_shown_to_people(page: Any, server: LiveServer, game: str, lang: str) -> None:
    """Must hold: after a game (or its first moves) in the page's language, no text a
    person sees holds a code; in Vietnamese not even an English word that is one."""
    _play(page, server, game, lang, 300 if game == "tienlen" else 14)
    # every event is drawn (with the game's words when it has some)
    page.wait_for_function("document.querySelectorAll('#log li').length === S.view.history.length")
    view = page.evaluate("S.view")
    codes = _codes(game, view["history"], view["public"])
    assert not _leaks(_shown(page), codes, lang)
    setup = "\n".join(page.locator(s).inner_text() for s in ("#setup", "header"))
    page.click("#again")
    page.wait_for_selector("body[data-state=setup]")
    setup += "\n" + "\n".join(
        [*page.locator("#setup select option").all_inner_texts(), page.inner_text("#lobby")]
    )
    assert not _leaks(setup, codes, lang)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_refused_move_says_why_in_the_page_language(
    page: Any, server: LiveServer, lang: str
) -> None:
    """Refused moves say why: the game's own reason in the page's language (its table
    talk's refusal, asked with ?lang=), never the code, and in Vietnamese never the
    engine's English sentence."""
    _play(page, server, "tienlen", lang, 0)
    page.wait_for_selector("body[data-state=mine]")
    table, token = page.evaluate("[S.table, S.token]")
    # a pass where the seat must lead, or a play that does not beat: refused either way
    body = {"pass": True} if not page.evaluate("S.view.public.table") else {"play": ["3S"]}

    def refused(query: str) -> dict[str, Any]:
        error: dict[str, Any] = httpx2.post(
            f"{server.url}/v1/tables/{table}/actions{query}",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
        ).json()["error"]
        return error

    answer, plain = refused(f"?lang={lang}"), refused("")
    page.evaluate(f"send({body!r})".replace("True", "true"))
    page.wait_for_function("document.querySelector('#action-error').textContent !== ''")
    said = page.inner_text("#action-error")
    assert said == answer["message"]
    assert answer["lang"] == lang
    assert answer["code"] not in said
    talk = talk_of("tienlen", lang)
    assert said == talk.refusal(answer["code"], plain["message"])
    if lang == "vi":
        assert plain["message"] not in said


def test_every_page_text_is_in_both_languages(page: Any, server: LiveServer) -> None:
    """Vietnamese and English each complete: the page's one table of texts gives every
    code both languages (refusals only Vietnamese: in English the service's sentence
    is shown)."""
    page.goto(server.url)
    page.wait_for_selector("body[data-lobby]")
    missing = page.evaluate(
        """() => {
          const out = [];
          const walk = (node, path) => {
            if (typeof node.vi === "string" || typeof node.en === "string") {
              const want = path.startsWith("refusals.") ? ["vi"] : ["vi", "en"];
              for (const lang of want) {
                if (typeof node[lang] !== "string") out.push(`${path}.${lang}`);
              }
              return;
            }
            for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
          };
          walk(TEXT, "");
          return out;
        }"""
    )
    assert missing == []
    assert page.evaluate("Object.keys(TEXT.kind).length") >= 9
