"""The project's machine contracts checked on the three real games: card notation, the
game record, the referee's ruling and the JSON (and exit codes) of every CLI command.

Each test names the contract it checks. The existing CLI tests mostly use a stand-in
game; these run the commands on Tiến lên, Sâm Lốc and Tứ Sắc themselves.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result
from vncards.cli.app import app
from vncards.core import get_game, referee, resolve_rules

GAMES = ("tienlen", "samloc", "tusac")
FRENCH = ("tienlen", "samloc")
ENV = {"VNCARDS_PLUGINS": ",".join(GAMES), "COLUMNS": "200"}
RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records"

# Codes as the games' rules pages name them.
COMBOS = {
    "tienlen": {"single", "pair", "triple", "straight", "quad", "pair-run"},
    "samloc": {"single", "pair", "triple", "straight", "quad"},
}
INSTANT_WINS = {
    "tienlen": {"dragon", "four-twos", "five-pair-run", "six-pairs"},
    "samloc": {"dragon", "four-twos", "one-colour", "three-triples", "five-pairs"},
}
OUTCOMES = {"win", "instant-win", "sam-success", "sam-failed", "draw"}
REPORT_KEYS = {
    "game",
    "variant",
    "legal",
    "finished",
    "outcome",
    "winner",
    "instant_win",
    "payments",
    "transfers",
    "violations",
    "error",
}
FRENCH_JSON = re.compile(r"^(10|[2-9JQKA])[SCDH]$")
TUSAC_JSON = re.compile(r"^[RYGW][KAERCHP]$")


def _run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(app, list(args), input=stdin, env=ENV)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def _json(*args: str) -> Any:
    result = _run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _refused(*args: str, stdin: str | None = None) -> str:
    """Exit 2, nothing on stdout, exactly one line on stderr; that line is returned."""
    result = _run(*args, stdin=stdin)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def _deal_record(game: str, players: int, seed: int, *args: str) -> dict[str, Any]:
    """The fields of `vncards deal` that make up a record."""
    data = _json("deal", game, "-n", str(players), "-s", str(seed), *args, "--json")
    return {k: v for k, v in data.items() if k not in ("instant_wins", "seed")}


def _golden(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / game / f"{name}.json").read_text("utf-8"))
    return data


# ---------------------------------------------------------------- card notation


FRENCH_SPELLINGS = [
    ("3S", "3S"),
    ("3s", "3S"),
    ("3♠", "3S"),
    ("3 bích", "3S"),
    ("3 bich", "3S"),
    ("10h", "10H"),
    ("10H", "10H"),
    ("Th", "10H"),
    ("TH", "10H"),
    ("tH", "10H"),
    ("th", "10H"),
    ("10♥", "10H"),
    ("10 cơ", "10H"),
    ("10 co", "10H"),
    ("Q rô", "QD"),
    ("Q ro", "QD"),
    ("q♦", "QD"),
    ("K chuồn", "KC"),
    ("K chuon", "KC"),
    ("K tép", "KC"),
    ("K tep", "KC"),
    ("k♣", "KC"),
    ("2♥", "2H"),
    ("AS", "AS"),
    ("jd", "JD"),
]


@pytest.mark.parametrize("game", FRENCH)
def test_french_card_spellings_all_read(game: str) -> None:
    """DESIGN, Card notation: ranks 3…2 with T for 10 in any case, suits as letters,
    symbols or Vietnamese words (with or without diacritics, chuồn or tép for clubs);
    JSON output writes the short form with 10 (never T)."""
    by_code: dict[str, list[str]] = {}
    for token, code in FRENCH_SPELLINGS:
        by_code.setdefault(code, []).append(token)
    for code, tokens in by_code.items():
        # every spelling reads as the same card: echoed once per spelling, and the same
        # card more than once is no combination
        data = _json("classify", game, *tokens, "--json")
        assert data["cards"] == [code] * len(tokens), tokens
        assert data["combo"] == ("single" if len(tokens) == 1 else None)


TUSAC_PIECES = {
    "K": ["tướng", "tuong"],
    "A": ["sĩ", "si"],
    "E": ["tượng"],
    "R": ["xe"],
    "C": ["pháo", "phao"],
    "H": ["mã", "ma"],
    "P": ["chốt", "chot", "chuột", "chuot"],
}
TUSAC_COLOURS = {"R": ["đỏ", "do"], "Y": ["vàng", "vang"], "G": ["xanh"], "W": ["trắng", "trang"]}


def test_tusac_card_spellings_all_read() -> None:
    """DESIGN, Card notation: a Tứ Sắc card is a colour letter R Y G W and a piece letter
    K A E R C H P (any case), or its Vietnamese name, piece then colour, with or without
    diacritics, chuột being chốt. (Tượng is left to its diacritic spelling: without
    diacritics it is spelt like tướng.)"""
    for c, colours in TUSAC_COLOURS.items():
        tokens: list[str] = []
        expected: list[str] = []
        for p, pieces in TUSAC_PIECES.items():
            spelt = [c + p, (c + p).lower()] + [f"{pc} {cl}" for pc in pieces for cl in colours]
            tokens += spelt
            expected += [c + p] * len(spelt)
        data = _json("classify", "tusac", *tokens, "--json")
        assert Counter(data["cards"]) == Counter(expected), tokens


@pytest.mark.parametrize(
    ("game", "token"),
    [
        ("tienlen", "Q tím"),
        ("tienlen", "1S"),
        ("samloc", "11H"),
        ("samloc", "J♤♤"),
        ("tusac", "xe tím"),
        ("tusac", "tướng hồng"),
        ("tusac", "RX"),
    ],
)
def test_bad_card_is_one_sentence_naming_the_token(game: str, token: str) -> None:
    """DESIGN, Card notation: bad input gets one clear sentence naming the offending
    token, never a traceback (exit 2, input that cannot be read)."""
    line = _refused("classify", game, "3S" if game != "tusac" else "RK", token, "--json")
    assert f"'{token}'" in line


def test_people_see_card_symbols() -> None:
    """DESIGN, Card notation: people see 3♠ and 10♥ (the readable output), JSON writes 3S."""
    out = _run("classify", "tienlen", "10h", "10 bích")
    assert out.exit_code == 0
    assert "10♠" in out.stdout
    assert "10♥" in out.stdout
    assert "10H" not in out.stdout


# ---------------------------------------------------------------- card lists in options


@pytest.mark.parametrize(
    ("game", "over", "play", "beats"),
    [
        ("tienlen", "8S 8H", "9S 9C", True),
        ("tienlen", "8S,8H", "9S,9C", True),
        ("tienlen", "10 cơ, J cơ, Q cơ", "J bích, Q bích, K rô", True),
        ("tienlen", "10♥ J♥ Q♥", "J♠ Q♠ K♦", True),
        ("samloc", "10 cơ, J cơ, Q cơ", "J bích,Q bích,K rô", True),
        ("samloc", "8S 8H", "8C 8D", False),
    ],
)
def test_option_card_lists(game: str, over: str, play: str, beats: bool) -> None:
    """DESIGN, Other commands: a card list given to an option is one argument, split on
    commas, or on spaces when every card is short notation."""
    data = _json("beats", game, "--over", over, "--play", play, "--json")
    assert data == {"beats": beats, "chop": False}


def test_vietnamese_list_without_commas_is_refused() -> None:
    """DESIGN, Other commands: spaces separate cards only when every card is short, so
    Vietnamese names need commas; without them the value is not a card (exit 2)."""
    line = _refused("beats", "tienlen", "--over", "10 cơ J cơ", "--play", "3S")
    assert "10 cơ J cơ" in line


# ---------------------------------------------------------------- classify


@pytest.mark.parametrize(
    ("game", "variant", "cards", "combo"),
    [
        ("tienlen", None, "7D", "single"),
        ("tienlen", None, "7D 7S", "pair"),
        ("tienlen", None, "7D 7S 7H", "triple"),
        ("tienlen", None, "QS KD AH", "straight"),
        ("tienlen", None, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "straight"),
        ("tienlen", None, "KS AD 2H", None),
        ("tienlen", None, "AS 2D 3H", None),
        ("tienlen", None, "7D 7S 7H 7C", "quad"),
        ("tienlen", None, "3S 3C 4S 4C 5S 5C", "pair-run"),
        ("tienlen", None, "QS QC KS KC AS AC", "pair-run"),
        ("tienlen", None, "KS KC AS AC 2S 2C", None),
        ("tienlen", None, "3S 3C 4S 4C", None),
        ("tienlen", None, "3S 5S", None),
        ("samloc", None, "9H", "single"),
        ("samloc", None, "9H 9S", "pair"),
        ("samloc", None, "9H 9S 9D", "triple"),
        ("samloc", None, "9H 9S 9D 9C", "quad"),
        ("samloc", None, "QS KD AH", "straight"),
        ("samloc", None, "3S 4S 5C 6D 7H 8S 9C 10D JH QS", "straight"),
        ("samloc", None, "KS AD 2H", None),
        ("samloc", None, "AS 2D 3H", None),
        ("samloc", None, "3S 3C 4S 4C 5S 5C", None),
        ("samloc", "a23", "AS 2D 3H", "straight"),
        ("samloc", "a23", "2D 3H 4S", "straight"),
        ("samloc", "a23", "QS KD AH", "straight"),
        ("samloc", "a23", "KS AD 2H", None),
    ],
)
def test_classify_uses_the_rules_page_codes(
    game: str, variant: str | None, cards: str, combo: str | None
) -> None:
    """DESIGN, classify: {"combo": code, "cards": [...]} or combo null (exit 0), the codes
    being the rules page's: Tiến lên has đôi thông (pair-run) and no 2 in straights or
    pair-runs; Sâm has no đôi thông; its a23 preset has A-2-3 and 2-3-4 straights, never
    K-A-2."""
    extra = ["--variant", variant] if variant else []
    data = _json("classify", game, *cards.split(), *extra, "--json")
    assert data["combo"] == combo
    if combo is not None:
        assert combo in COMBOS[game]
        assert sorted(data["cards"]) == sorted(cards.split())


@pytest.mark.parametrize(
    ("cards", "combo"),
    [
        ("GK", "single-general"),
        ("RA", None),
        ("RA RA", "pair"),
        ("YE YE YE", "triple"),
        ("GR GR GR GR", "quad"),
        ("RK RA RE", "general-set"),
        ("RK YA RE", None),
        ("WR WC WH", "chariot-set"),
        ("WR WC GH", None),
        ("RP YP GP", "soldiers"),
        ("RP YP GP WP", "soldiers"),
        ("RP RP YP", None),
        ("RK RK RK RK RK", None),
    ],
)
def test_tusac_classify_names_valid_groups(cards: str, combo: str | None) -> None:
    """Tứ Sắc rules page, Valid groups: a lone Tướng; 2/3/4 identical cards; Tướng+Sĩ+Tượng
    or Xe+Pháo+Mã of one colour; 3 or 4 Chốt of different colours. Any group code is one
    of the game's own combination list (vncards compare)."""
    data = _json("classify", "tusac", *cards.split(), "--json")
    assert data["combo"] == combo
    if combo is not None:
        column = next(c for c in _json("compare", "--json")["columns"] if c["game"] == "tusac")
        assert combo in column["summary"]["combinations"]


# ---------------------------------------------------------------- beats


@pytest.mark.parametrize(
    ("game", "over", "play", "expected"),
    [
        ("tienlen", "9S", "9H", (True, False)),
        ("samloc", "9S", "9H", (False, False)),
        ("samloc", "8S 8H", "8C 8D", (False, False)),
        ("tienlen", "3S 3D", "3C 3H", (True, False)),
        ("tienlen", "2S", "3S 3C 4S 4C 5S 5C", (True, True)),
        ("tienlen", "2S 2H", "3S 3C 4S 4C 5S 5C", (False, False)),
        ("tienlen", "2S 2H", "7S 7C 7D 7H", (True, True)),
        ("tienlen", "3S 3C 4S 4C 5S 5C", "7S 7C 7D 7H", (True, True)),
        ("tienlen", "7S 7C 7D 7H", "3S 3C 4S 4C 5S 5C", (False, False)),
        ("tienlen", "7S 7C 7D 7H", "3S 3C 4S 4C 5S 5C 6S 6C", (True, True)),
        ("tienlen", "2H 2D", "3S 3C 4S 4C 5S 5C 6S 6C", (True, True)),
        ("tienlen", "KH", "2S", (True, False)),
        ("samloc", "2S", "7S 7C 7D 7H", (True, True)),
        ("samloc", "2S 2H", "7S 7C 7D 7H", (False, False)),
        ("samloc", "7S 7C 7D 7H", "8S 8C 8D 8H", (True, True)),
        ("samloc", "3S 4S 5S", "4D 5D 6D 7D", (False, False)),
        ("samloc", "3S 4S 5S", "3H 4H 5H", (False, False)),
        ("samloc", "3S 4S 5S", "4H 5H 6H", (True, False)),
    ],
)
def test_beats_answers_beats_and_chop(
    game: str, over: str, play: str, expected: tuple[bool, bool]
) -> None:
    """DESIGN, beats: {"beats": bool, "chop": bool}, exit 0 even for "no". Rules pages:
    Tiến lên compares suits and has the chop table; Sâm ignores suits, a tứ quý chops a
    single 2 (not a pair of 2s) and a lower tứ quý; same size only."""
    data = _json("beats", game, "--over", over, "--play", play, "--json")
    assert set(data) == {"beats", "chop"}
    assert all(isinstance(v, bool) for v in data.values())
    assert (data["beats"], data["chop"]) == expected


@pytest.mark.parametrize(
    ("game", "over", "play"),
    [
        ("tienlen", "8S", "9S 9S"),
        ("tienlen", "8S 8S", "9S"),
        ("samloc", "2S", "7S,7C,7D,7H,7H"),
    ],
)
def test_beats_with_a_card_written_twice_does_not_beat(game: str, over: str, play: str) -> None:
    """DESIGN, beats: cards that are not a combination of the game simply do not beat
    ({"beats": false, "chop": false}). A 52-card deck holds each card once, so the same
    card twice is no combination (classify answers combo null for it); refusing it as
    unreadable (exit 2) would also keep the contract; vncards answers no."""
    for cards in (over, play):
        tokens = cards.replace(",", " ").split()
        if len(set(tokens)) < len(tokens):
            assert _json("classify", game, *tokens, "--json")["combo"] is None
    result = _run("beats", game, "--over", over, "--play", play, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"beats": False, "chop": False}


def test_moves_refuses_a_hand_with_a_card_written_twice() -> None:
    """DESIGN, moves: a hand of one 52-card deck holds each card once, so a hand naming
    9S twice cannot be read: exit 2 and one line naming the card."""
    result = _run("moves", "tienlen", "--hand", "9S 9S 3C", "--json")
    assert result.exit_code == 2
    assert "9S" in result.stderr
    assert "twice" in result.stderr
    assert result.stderr.strip().count("\n") == 0


# ---------------------------------------------------------------- moves


def _brute_force_moves(
    game: str, variant: str | None, hand: list[str], over: list[str] | None
) -> set[tuple[frozenset[str], str, bool]]:
    plugin: Any = get_game(game)
    rules = resolve_rules(plugin, variant)
    out: set[tuple[frozenset[str], str, bool]] = set()
    for size in range(1, len(hand) + 1):
        for subset in itertools.combinations(hand, size):
            combo = plugin.classify_cards(rules, list(subset))["combo"]
            if combo is None:
                continue
            if over is None:
                out.add((frozenset(subset), combo, False))
                continue
            verdict = plugin.beats_cards(rules, over, list(subset))
            if verdict["beats"]:
                out.add((frozenset(subset), combo, verdict["chop"]))
    return out


@pytest.mark.parametrize(
    ("game", "variant", "hand", "over"),
    [
        ("tienlen", None, "3S 3C 4S 4D 5H 5C 2H 9S", None),
        ("tienlen", None, "3S 3C 4S 4D 5H 5C 2H 9S", "2S"),
        ("tienlen", None, "3S 3C 4S 4D 5H 6C 7H 9S", "3D 4C 5S"),
        ("tienlen", None, "7S 7C 7D 7H 8S 8C 9D 9H", "6S 6C"),
        ("samloc", None, "7S 7C 7D 7H 9S 9H 2C AD", "2S"),
        ("samloc", None, "AS 2C 3D 4H 5S 6S KD QH", None),
        ("samloc", "a23", "AS 2C 3D 4H 5S 6S KD QH", "3C 4C 5D"),
    ],
)
def test_moves_lists_every_legal_play(
    game: str, variant: str | None, hand: str, over: str | None
) -> None:
    """DESIGN, moves: every legal play from the hand, leading or over a combination —
    exactly the subsets that classify as a combination and (over one) beat it, with
    the chop flag beats gives."""
    extra = ["--variant", variant] if variant else []
    extra += ["--over", over] if over else []
    data = _json("moves", game, "--hand", hand, *extra, "--json")
    assert set(data) == {"moves"}
    got = set()
    for move in data["moves"]:
        assert set(move) == {"combo", "cards", "chop"}
        assert isinstance(move["chop"], bool)
        assert move["combo"] in COMBOS[game]
        got.add((frozenset(move["cards"]), move["combo"], move["chop"]))
    assert len(got) == len(data["moves"])
    expected = _brute_force_moves(game, variant, hand.split(), over.split() if over else None)
    assert got == expected


def test_moves_over_a_non_combination_is_an_empty_answer() -> None:
    """DESIGN, Other commands: an answered query, even "no", exits 0."""
    assert _json("moves", "tienlen", "--hand", "9S 9H", "--over", "3S 5H", "--json") == {
        "moves": []
    }


# ---------------------------------------------------------------- deal


@pytest.mark.parametrize(
    ("game", "players", "size"),
    [("tienlen", 3, 13), ("tienlen", 4, 13), ("samloc", 5, 10), ("samloc", 2, 10)],
)
def test_french_deal_shape(game: str, players: int, size: int) -> None:
    """DESIGN, deal: hands and instant wins, the same seed giving the same deal; rules
    pages: 13 cards each in Tiến lên, 10 in Sâm, undealt cards out, no stock."""
    a = _json("deal", game, "--players", str(players), "--seed", "21", "--json")
    assert a == _json("deal", game, "--players", str(players), "--seed", "21", "--json")
    assert a["game"] == game
    assert len(a["players"]) == players
    assert list(a["hands"]) == a["players"]
    cards = [c for h in a["hands"].values() for c in h]
    assert all(len(h) == size for h in a["hands"].values())
    assert len(set(cards)) == len(cards) == players * size
    assert all(FRENCH_JSON.match(c) for c in cards)
    assert "stock" not in a
    assert isinstance(a["instant_wins"], list)


def test_tusac_deal_shape() -> None:
    """DESIGN, deal: hands plus the stock for Tứ Sắc; rules page: 20 cards each, the
    dealer 21, the rest of the 112 cards (4 copies of 28 kinds) in the stock."""
    a = _json("deal", "tusac", "-n", "3", "-s", "4", "--json")
    assert a == _json("deal", "tusac", "-n", "3", "-s", "4", "--json")
    sizes = sorted(len(h) for h in a["hands"].values())
    assert sizes == [20, 20, 21]
    every = [c for h in a["hands"].values() for c in h] + a["stock"]
    assert len(every) == 112
    assert all(TUSAC_JSON.match(c) for c in every)
    assert all(every.count(code) == 4 for code in set(every))
    assert len(set(every)) == 28


@pytest.mark.parametrize(
    ("game", "seed", "player", "code"),
    [
        ("tienlen", 9, "P2", "four-twos"),
        ("tienlen", 124, "P3", "five-pair-run"),
        ("samloc", 145, "P4", "dragon"),
        ("samloc", 223, "P3", "one-colour"),
    ],
)
def test_deal_instant_wins_agree_with_the_referee(
    game: str, seed: int, player: str, code: str
) -> None:
    """DESIGN, deal lists instant wins with the rules page's codes; the same deal sent to
    the referee (no actions) is an instant win of that player with that code."""
    data = _json("deal", game, "-n", "4", "-s", str(seed), "--json")
    assert data["instant_wins"][0] == {"player": player, "code": code}
    assert all(w["code"] in INSTANT_WINS[game] for w in data["instant_wins"])
    record = {k: v for k, v in data.items() if k not in ("instant_wins", "seed")}
    if game == "samloc":
        record.pop("first")  # a first game: the lowest card decides who would lead
    result = _run("referee", "-", "--json", stdin=json.dumps(record, ensure_ascii=False))
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["outcome"], report["winner"], report["instant_win"]) == (
        "instant-win",
        player,
        code,
    )
    assert report["finished"] is True
    assert sum(report["payments"].values()) == 0
    if game == "samloc":
        # Sâm rules page: the instant winner collects 20 lá from each other player
        assert report["payments"] == {p: 60 if p == player else -20 for p in record["players"]}


def test_deal_player_count_outside_the_range_is_refused() -> None:
    """Rules pages: Tiến lên 2–4, Sâm 2–5 (a23: 2–4), Tứ Sắc 2–4; the deal refuses others
    with exit 2."""
    _refused("deal", "tienlen", "-n", "5", "-s", "1", "--json")
    _refused("deal", "samloc", "-n", "6", "-s", "1", "--json")
    _refused("deal", "samloc", "-n", "5", "-s", "1", "--variant", "a23", "--json")
    _refused("deal", "tusac", "-n", "5", "-s", "1", "--json")
    assert len(_json("deal", "samloc", "-n", "5", "-s", "1", "--json")["players"]) == 5


# ---------------------------------------------------------------- analyze tusac


@pytest.mark.parametrize(
    ("cards", "junk", "complete", "points"),
    [
        ("RK", 0, True, 1),
        ("RP", 1, False, 0),
        ("RK RK", 0, True, 2),
        ("RK RK RK", 0, True, 3),
        ("RK RK RK RK", 0, True, 8),
        ("RP RP RP YP GP", 2, False, 0),
        ("RK RK RK RA RE", 2, False, 0),
        ("RP YP GP WP", 0, True, 2),
        ("RP YP GP WP RP YP GP", 0, True, 3),
        ("RR RC RH RR RC RH", 0, True, 2),
        ("GR GR", 0, True, 0),
    ],
)
def test_analyze_junk_completeness_and_points(
    cards: str, junk: int, complete: bool, points: int
) -> None:
    """DESIGN, analyze tusac: {"junk", "complete", "groups", "points"} for a private hand
    of any size, three identical cards a Khạp (locked: never broken), four a Quàn; points
    = lệnh of the best complete grouping (Quàn 8, Khạp 3, four Chốt 2, pair 0, other
    groups 1), 0 when incomplete."""
    data = _json("analyze", "tusac", *cards.split(), "--json")
    assert set(data) == {"junk", "complete", "groups", "points"}
    assert (data["junk"], data["complete"], data["points"]) == (junk, complete, points)
    grouped = sorted(c for g in data["groups"] for c in g)
    assert len(grouped) == len(cards.split()) - junk
    left = list(cards.split())
    for c in grouped:
        left.remove(c)
    for g in data["groups"]:
        assert _json("classify", "tusac", *g, "--json")["combo"] is not None


def test_analyze_takes_vietnamese_names_and_refuses_a_fifth_copy() -> None:
    """DESIGN, analyze and Card notation: names read as codes do; a fifth copy of a card
    is not in the deck — refused in one line naming it."""
    named = _json("analyze", "tusac", "xe vàng", "pháo vàng", "mã vàng", "chuột đỏ", "--json")
    coded = _json("analyze", "tusac", "YR", "YC", "YH", "RP", "--json")
    assert named == coded
    assert "'YR'" in _refused("analyze", "tusac", *["YR"] * 5, "--json")


# ---------------------------------------------------------------- games, rules, compare


def test_games_lists_titles_presets_and_player_ranges() -> None:
    """DESIGN, games: installed games with title, presets and player range; rules pages:
    default presets dem-la / standard / standard; Tiến lên 2–4, Sâm 2–5 (a23 2–4), Tứ Sắc
    2–4."""
    games = {g["name"]: g for g in _json("games", "--json")["games"]}
    assert set(games) == set(GAMES)
    assert games["tienlen"]["title"] == "Tiến lên miền Nam (đếm lá)"
    assert games["samloc"]["title"] == "Sâm Lốc"
    assert games["tusac"]["title"] == "Tứ Sắc"
    assert games["tienlen"]["default_preset"] == "dem-la"
    assert games["samloc"]["default_preset"] == "standard"
    assert games["tusac"]["default_preset"] == "standard"
    assert games["tienlen"]["players"] == [2, 4]
    assert games["samloc"]["players"] == [2, 5]
    assert games["tusac"]["players"] == [2, 4]
    sam = {p["name"]: p["players"] for p in games["samloc"]["presets"]}
    assert sam == {"standard": [2, 5], "a23": [2, 4], "five-players": [2, 5]}


@pytest.mark.parametrize(
    ("game", "variant", "settings"),
    [
        ("tienlen", None, {"first_lead": "random", "passed_may_chop": False}),
        ("samloc", None, {"first_lead": "lowest-card", "finish_on_two": "forbidden"}),
        ("samloc", "a23", {"first_lead": "lowest-card"}),
        ("tusac", None, {"den": True}),
    ],
)
def test_rules_shows_the_settings_the_rules_pages_name(
    game: str, variant: str | None, settings: dict[str, Any]
) -> None:
    """DESIGN, rules GAME [--variant V]: every setting; rules pages name first_lead,
    passed_may_chop (Tiến lên), first_lead and finish_on_two (Sâm), den (Tứ Sắc) with
    their defaults."""
    extra = ["--variant", variant] if variant else []
    data = _json("rules", game, *extra, "--json")
    assert data["game"] == game
    assert data["variant"] == (variant or data["default_variant"])
    for key, value in settings.items():
        assert data["rules"][key] == value, key
    if variant == "a23":
        assert data["differs_from_default"]


def test_compare_has_every_game_and_preset_side_by_side() -> None:
    """DESIGN, compare: all installed games' settings side by side — deck, hand size,
    players, combinations, chops, instant wins, scoring; combination and instant-win
    codes as on the rules pages."""
    columns = _json("compare", "--json")["columns"]
    pairs = {(c["game"], c["variant"]) for c in columns}
    games = {g["name"]: g for g in _json("games", "--json")["games"]}
    assert pairs == {(n, p["name"]) for n, g in games.items() for p in g["presets"]}
    assert {("tienlen", "dem-la"), ("samloc", "standard"), ("samloc", "a23")} <= pairs
    assert {("samloc", "five-players"), ("tusac", "standard")} <= pairs
    for c in columns:
        summary = c["summary"]
        for key in ("deck", "hand_size", "players", "combinations", "chops"):
            assert key in summary, (c["game"], key)
        assert "instant_wins" in summary
        assert "scoring" in summary
        if c["game"] in COMBOS:
            # the Northern Tiến lên has no đôi thông (its rules page, pair_runs false)
            absent = {"pair-run"} if (c["game"], c["variant"]) == ("tienlen", "mien-bac") else set()
            assert set(summary["combinations"]) == COMBOS[c["game"]] - absent
            assert set(summary["instant_wins"]) == INSTANT_WINS[c["game"]]


# ---------------------------------------------------------------- referee


def _golden_names(game: str) -> list[str]:
    return sorted(
        p.name.removesuffix(".json")
        for p in (RECORDS / game).glob("*.json")
        if not p.name.endswith(".expected.json")
    )


def test_referee_report_invariants_on_every_golden_record() -> None:
    """DESIGN, Referee: exactly the eleven fields; outcome one of the five codes or null while
    unfinished; winner null only for a draw or unfinished; instant_win set only for an
    instant win and then a rules page code; payments are ints per player in turn order
    summing to 0 (all 0 for a draw); transfers itemised as from/to/amount/reason, never
    negative, with a net exactly the payments; legal false exactly when error is set, error and
    violations carry index/player/(code|rule)/message and point at that player's action."""
    seen: set[str | None] = set()
    for game in GAMES:
        plugin = get_game(game)
        for name in _golden_names(game):
            record = _golden(game, name)
            report = referee(plugin, record).model_dump(mode="json", by_alias=True)
            where = f"{game}/{name}"
            assert set(report) == REPORT_KEYS, where
            assert report["game"] == game
            assert report["variant"] == (record.get("variant") or plugin.default_preset)
            outcome = report["outcome"]
            seen.add(outcome)
            assert outcome is None or outcome in OUTCOMES, where
            assert (outcome is None) == (not report["finished"]), where
            assert (report["winner"] is None) == (outcome in (None, "draw")), where
            assert (report["instant_win"] is not None) == (outcome == "instant-win"), where
            if report["instant_win"] is not None and game in INSTANT_WINS:
                assert report["instant_win"] in INSTANT_WINS[game], where
            assert list(report["payments"]) == record["players"], where
            assert all(type(v) is int for v in report["payments"].values()), where
            assert sum(report["payments"].values()) == 0, where
            if outcome == "draw":
                assert set(report["payments"].values()) == {0}, where
            net = dict.fromkeys(record["players"], 0)
            for t in report["transfers"]:
                assert set(t) == {"from", "to", "amount", "reason"}, where
                assert t["amount"] > 0, where
                assert t["reason"], where
                assert t["from"] != t["to"], where
                net[t["from"]] -= t["amount"]
                net[t["to"]] += t["amount"]
            assert net == report["payments"], where
            assert report["legal"] is (report["error"] is None), where
            actions = record.get("actions", [])
            if report["error"] is not None:
                err = report["error"]
                assert set(err) == {"index", "player", "code", "message"}, where
                assert actions[err["index"]]["player"] == err["player"], where
                assert err["code"], where
                assert err["message"], where
            for v in report["violations"]:
                assert set(v) == {"index", "player", "rule", "message"}, where
                assert 0 <= v["index"] < len(actions), where
                assert v["player"] in record["players"], where
    assert seen >= OUTCOMES


def test_referee_exit_codes_on_real_games(tmp_path: Path) -> None:
    """DESIGN, Referee: legal record exit 0; an illegal action legal false with the error
    and exit 1 (the JSON still printed); an unreadable record one stderr line, exit 2."""
    legal = _golden("tienlen", "seed-chat-chong-15")
    out = _run("referee", "-", "--json", stdin=json.dumps(legal, ensure_ascii=False))
    assert out.exit_code == 0
    assert json.loads(out.stdout)["legal"] is True
    illegal = _golden("samloc", "sam-declare-after-play")
    out = _run("referee", "-", "--json", stdin=json.dumps(illegal, ensure_ascii=False))
    assert out.exit_code == 1
    ruling = json.loads(out.stdout)
    assert ruling["legal"] is False
    assert ruling["error"]["index"] == 1
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**legal, "first": "Nobody"}), encoding="utf-8")
    assert "'Nobody'" in _refused("referee", str(path), "--json")


def test_referee_variant_and_bet_are_reported() -> None:
    """DESIGN, Game record: variant names a preset (reported back), bet defaults to 1 and
    multiplies every payment."""
    record = _golden("tienlen", "seed-chat-chong-15")
    record.pop("bet", None)
    base = referee(get_game("tienlen"), {**record, "variant": "dem-la"})
    assert base.variant == "dem-la"
    tripled = referee(get_game("tienlen"), {**record, "bet": 3})
    assert tripled.payments == {k: 3 * v for k, v in base.payments.items()}
    assert any(v != 0 for v in base.payments.values())


def test_tusac_first_is_not_used() -> None:
    """DESIGN, Game record: in Tứ Sắc the dealer (the player dealt 21 cards) acts first
    and `first` is not used: naming another player changes nothing."""
    record = _golden("tusac", "win-in-turn")
    plugin = get_game("tusac")
    dealer = next(p for p, h in record["hands"].items() if len(h) == 21)
    plain = referee(plugin, record)
    for other in record["players"]:
        if other != dealer:
            assert referee(plugin, {**record, "first": other}) == plain


def test_sam_declaration_order_in_the_record_does_not_matter() -> None:
    """DESIGN, Game record: when several declare Sâm, the one nearest in turn order from
    the seat that would otherwise lead counts, whatever the order of the declarations."""
    record = _golden("samloc", "sam-declarations-any-order")
    plugin = get_game("samloc")
    declarations = [a for a in record["actions"] if "declare" in a]
    rest = [a for a in record["actions"] if "declare" not in a]
    assert len(declarations) >= 2
    verdicts = set()
    for order in itertools.permutations(declarations):
        changed = copy.deepcopy(record)
        changed["actions"] = [*order, *rest]
        verdicts.add(referee(plugin, changed).model_dump_json())
    assert len(verdicts) == 1
    assert json.loads(verdicts.pop())["legal"] is True


def test_record_name_outside_players_is_unreadable() -> None:
    """DESIGN, Game record: a name in hands, first or actions that is not among the
    players makes the record unreadable (exit 2)."""
    record = _deal_record("samloc", 3, 2)
    stranger = copy.deepcopy(record)
    stranger["hands"]["Zed"] = stranger["hands"].pop("P3")
    assert "Zed" in _refused("referee", "-", stdin=json.dumps(stranger))
    acting = {**record, "actions": [{"player": "Zed", "pass": True}]}
    assert "Zed" in _refused("referee", "-", stdin=json.dumps(acting))


# ---------------------------------------------------------------- simulate


@pytest.mark.parametrize("game", GAMES)
def test_simulate_json_statistics_add_up(game: str) -> None:
    """DESIGN, simulate: many bot games and their statistics (here as JSON): the same
    seed gives the same numbers; per seat wins and mean payments (zero-sum); outcomes,
    draws and instant wins count the games, instant-win codes as on the rules page."""
    args = ("simulate", game, "-g", "6", "-n", "3", "-s", "5", "--json")
    data = _json(*args)
    assert data == _json(*args)
    assert (data["game"], data["games"], data["players"]) == (game, 6, 3)
    assert len(data["seats"]) == len(data["bots"]) == 3
    assert sum(data["outcomes"].values()) == 6
    assert set(data["outcomes"]) <= OUTCOMES
    assert data["draws"]["count"] == data["outcomes"].get("draw", 0)
    assert sum(s["wins"]["count"] for s in data["seats"]) == 6 - data["draws"]["count"]
    assert sum(s["payment"]["mean"] for s in data["seats"]) == pytest.approx(0.0, abs=1e-9)
    kinds = data["instant_wins"]["kinds"]
    assert sum(kinds.values()) == data["outcomes"].get("instant-win", 0)
    if game in INSTANT_WINS:
        assert set(kinds) <= INSTANT_WINS[game]


def test_first_is_required_only_where_the_first_game_rule_is_random() -> None:
    """DESIGN, Game record: without `first` the game's first-game rule applies, and
    `first` is required where that rule is random (Tiến lên's default); `rules` overrides
    one setting of the preset — with first_lead three-of-spades the holder of 3♠ leads,
    so the record reads without `first`."""
    record = _deal_record("tienlen", 4, 21)
    record.pop("first")
    text = json.dumps(record)
    assert "'first'" in _refused("referee", "-", "--json", stdin=text)
    holder = next(p for p, h in record["hands"].items() if "3S" in h)
    other = next(p for p in record["players"] if p != holder)
    override = {**record, "rules": {"first_lead": "three-of-spades"}}
    wrong = {**override, "actions": [{"player": other, "play": [record["hands"][other][0]]}]}
    result = _run("referee", "-", "--json", stdin=json.dumps(wrong))
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout)["error"]["index"] == 0
    right = {**override, "actions": [{"player": holder, "play": ["3S"]}]}
    result = _run("referee", "-", "--json", stdin=json.dumps(right))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["variant"] == "dem-la"
    samloc = _deal_record("samloc", 3, 21)
    samloc.pop("first")
    assert _run("referee", "-", "--json", stdin=json.dumps(samloc)).exit_code == 0
