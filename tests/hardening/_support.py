"""What the hardening tests share: the games to attack, records to mutate, bots and checks.

Games are whatever plugins are installed, plus a small climbing game built here on the
core's :class:`~vncards.core.SheddingGame` so the core's record reader and referee loop
are attacked even with no game installed.
"""

from __future__ import annotations

import json
import os
import random
import threading
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from vncards.core import (
    ChopRule,
    ClimbConfig,
    ClimbEngine,
    ClimbState,
    Combo,
    ComboRules,
    GamePlugin,
    GameRecord,
    GameResult,
    Kind,
    PluginWarning,
    RandomBot,
    RecordError,
    RefereeReport,
    RulesBase,
    SheddingGame,
    derive_seed,
    discover_games,
    play_game,
    record_game,
    referee,
    resolve_rules,
)

from tests.fakegames import cards_left_result

ROOT = Path(__file__).resolve().parents[2]
# VmHWM (the peak resident set of this program) rather than ru_maxrss, which Linux
# carries over from the forking parent (pytest itself) across exec
MEASURE_PEAK = """
import sys
from vncards.cli.app import main
sys.argv = ["vncards", *sys.argv[1:]]
try:
    main()
finally:
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    print(f"peak-kb {peak}", file=sys.stderr)
"""
"""``python -c`` source that runs ``vncards`` with the given arguments and prints its peak
memory (``peak-kb N``) on stderr at exit."""

SLOW_MODE = "VNCARDS_HARDENING_SLOW"
"""Set to 1 by this folder's conftest when the run selects ``slow`` tests."""
RECORDS = ROOT / "shared" / "records"

AnyPlugin = GamePlugin[Any, Any, Any]


# ---------------------------------------------------------------- a core-only game


class ToyRules(RulesBase):
    """Rules of the toy game: only whether a passed seat may still chop."""

    passed_may_chop: bool = False


def _toy_chop_value(target: Combo) -> int:
    # a chopped 2 costs 3 lá (black) or 6 (red); a chopped quad 12
    if target.kind == Kind.SINGLE:
        return 3 if target.key & 3 < 2 else 6
    return 12


class ToyGame(SheddingGame[ToyRules]):
    """Two to four seats, 13 cards, Tiến lên combinations, quads chop a 2 or a smaller
    quad; losers pay their cards left. Enough of a game to drive the core referee."""

    name = "toy"
    title = "Toy climbing game"
    rules_model = ToyRules
    presets = {"plain": ToyRules(), "comeback": ToyRules(passed_may_chop=True)}  # noqa: RUF012
    default_preset = "plain"
    bots = {"random": RandomBot}  # noqa: RUF012

    def __init__(self) -> None:
        chops = (
            ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12),
            ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
        )
        self._engines = {
            flag: ClimbEngine(ClimbConfig(ComboRules(), chops, _toy_chop_value, flag))
            for flag in (False, True)
        }

    def engine(self, rules: ToyRules) -> ClimbEngine:
        return self._engines[rules.passed_may_chop]

    def player_range(self, rules: ToyRules) -> tuple[int, int]:
        return (2, 4)

    def hand_size(self, rules: ToyRules) -> int:
        return 13

    def choose_first(self, rules: ToyRules, hands: Sequence[int], seed: int | None) -> int | None:
        # the holder of the lowest dealt card leads, so records never need "first"
        low = min(hands, key=lambda h: h & -h)
        return list(hands).index(low)

    def result(self, state: ClimbState) -> GameResult:
        return cards_left_result(state)

    def summary(self, rules: ToyRules) -> dict[str, Any]:
        return {"deck": "french", "hand_size": 13}


TOY = ToyGame()


# ---------------------------------------------------------------- installed games


@cache
def installed_games() -> dict[str, AnyPlugin]:
    """Installed plugins that load (a plugin still being written is left out)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        return discover_games()


def all_games() -> list[AnyPlugin]:
    """Installed games and the toy game."""
    return [*installed_games().values(), TOY]


def game_presets() -> list[tuple[AnyPlugin, str]]:
    """Every (game, preset) pair to exercise."""
    return [(g, p) for g in all_games() for p in g.presets]


def preset_id(pair: tuple[AnyPlugin, str]) -> str:
    """Test id of a (game, preset) pair."""
    return f"{pair[0].name}-{pair[1]}"


def plugin_for(name: str) -> AnyPlugin | None:
    """The game called ``name`` among those under test."""
    return {g.name: g for g in all_games()}.get(name)


# ---------------------------------------------------------------- records


@dataclass(frozen=True)
class Sample:
    """A record to attack: where it comes from, its JSON, and its plugin."""

    label: str
    data: dict[str, Any]
    plugin: AnyPlugin


def golden_records() -> list[tuple[Path, dict[str, Any], dict[str, Any] | None]]:
    """The project's golden records: (path, record, expected report or None)."""
    out = []
    for path in sorted(RECORDS.glob("*/*.json")):
        if path.name.endswith(".expected.json"):
            continue
        expected_path = path.with_name(path.name[: -len(".json")] + ".expected.json")
        expected = json.loads(expected_path.read_text("utf-8")) if expected_path.exists() else None
        out.append((path, json.loads(path.read_text("utf-8")), expected))
    return out


def bot_record(
    plugin: AnyPlugin, preset: str, seed: int, n_players: int | None = None
) -> GameRecord:
    """The record of a seeded random-bot game."""
    rules = resolve_rules(plugin, preset)
    lo, hi = plugin.player_range(rules)
    n = n_players if n_players is not None else lo + seed % (hi - lo + 1)
    state = plugin.new_game(rules, n, seed)
    bots = [RandomBot(derive_seed(seed, s)) for s in range(n)]
    game = play_game(plugin, state, bots)
    names = ["An", "Bình", "Chi", "Dũng", "Em", "Phúc"][:n]
    return record_game(plugin, game, names, variant=preset, bet=1 + seed % 4)


@cache
def samples() -> tuple[Sample, ...]:
    """Golden records of installed games, and bot-game records of every game and preset."""
    out: list[Sample] = []
    for path, data, _ in golden_records():
        plugin = plugin_for(str(data.get("game")))
        if plugin is not None:
            # "actions" may be left out of a record; the tests read it
            out.append(Sample(f"{path.parent.name}/{path.name}", {"actions": [], **data}, plugin))
    for plugin, preset in game_presets():
        for seed in range(2):
            record = bot_record(plugin, preset, 1000 + seed)
            out.append(Sample(f"{plugin.name}-{preset}-bot{seed}", record.to_json(), plugin))
    return tuple(out)


def sample_params(selected: Sequence[Sample] | None = None, per_game: int = 4) -> list[Any]:
    """Samples as pytest parameters: every bot-game record, and the first ``per_game``
    golden records of each game; with ``-m slow`` the other golden records too, marked
    slow (left out otherwise, so the normal run does not even collect them)."""
    import pytest

    everything = os.environ.get(SLOW_MODE) == "1"
    seen: dict[str, int] = {}
    out = []
    for s in samples() if selected is None else selected:
        golden = "/" in s.label
        seen[s.plugin.name] = seen.get(s.plugin.name, 0) + golden
        slow = golden and seen[s.plugin.name] > per_game
        if slow and not everything:
            continue
        out.append(pytest.param(s, id=s.label, marks=[pytest.mark.slow] if slow else []))
    return out


# ---------------------------------------------------------------- verdicts


def rule(plugin: AnyPlugin, source: str | bytes | dict[str, Any]) -> RefereeReport | RecordError:
    """The referee's verdict on ``source``: a report, or the :class:`RecordError` it raised.

    Any other exception escapes and fails the calling test.
    """
    try:
        return referee(plugin, source)
    except RecordError as e:
        error = e
    message = str(error)
    assert message.strip(), "a RecordError needs a message"
    assert "\n" not in message, f"a RecordError is one line: {message!r}"
    return error


def check_report(report: RefereeReport, data: dict[str, Any]) -> None:
    """What every report must satisfy whatever the record: names, zero sum, error index."""
    players = list(data["players"])
    assert list(report.payments) == players, "payments name each player once, in seat order"
    assert sum(report.payments.values()) == 0, f"payments do not sum to zero: {report.payments}"
    assert report.winner is None or report.winner in players
    assert report.finished == (report.outcome is not None)
    if report.outcome in (None, "draw"):
        assert report.winner is None
    else:
        assert report.winner is not None
    if not report.finished:
        assert report.instant_win is None
    assert report.legal == (report.error is None)
    if report.error is not None:
        actions = data["actions"]
        assert 0 <= report.error.index < len(actions)
        assert report.error.player == actions[report.error.index]["player"]
        assert report.error.code
        assert report.error.code == report.error.code.strip().lower()
        assert " " not in report.error.code, "error codes are kebab-case words"
        assert report.error.message.strip()
    for v in report.violations:
        assert v.player in players
        assert 0 <= v.index < len(data["actions"])


# ---------------------------------------------------------------- bots


def _moved(action: Any) -> int:
    """How many cards an action moves out of a hand (0 for a pass or a draw)."""
    cards = getattr(action, "cards", None)
    if isinstance(cards, int) and not isinstance(cards, bool):
        return cards.bit_count()
    if isinstance(cards, tuple | list | frozenset):
        return len(cards)
    return 0


class GreedyBot:
    """Sheds as many cards as it can at each turn (ties broken by a seeded draw), and
    takes an optional choice only when it moves cards (it never declares Sâm): the
    opposite temperament to a random bot, reaching other corners of the rules."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        if not actions:
            return None
        best = max(_moved(a) for a in actions)
        if optional and best == 0:
            return None
        top = [a for a in actions if _moved(a) == best]
        return top[self.rng.randrange(len(top))]


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` is running (a zombie, which has ended, is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def in_thread(call: Callable[[], object]) -> tuple[threading.Thread, list[BaseException | None]]:
    """``call`` started in a daemon thread, and the list that receives what it raised
    (None when it returned): a test joins the thread with a bound, so a hang fails it."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
        except BaseException as e:  # handed to the test's thread
            outcome.append(e)
        else:
            outcome.append(None)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome
