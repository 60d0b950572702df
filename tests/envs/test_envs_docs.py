"""The two examples of docs/envs.md run as written: the greedy bot evaluated through the
environment, and the numpy self-play learner, which must beat random players by more
than its 95 % interval (docs/envs.md)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "envs.md"
MARK = "<!-- not run: tests/envs/test_envs_docs.py runs this example -->"


def examples() -> list[str]:
    """The python blocks of the page that follow the marker, in order."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.findall(re.escape(MARK) + r"\s*```python\n(.*?)```", text, flags=re.DOTALL)
    assert len(found) == 2, "docs/envs.md should hold the two marked examples"
    return found


def run(code: str) -> str:
    """Run an example in a fresh namespace; what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(PAGE), "exec"), {"__name__": "__docs__"})
    return out.getvalue()


def test_greedy_bot_evaluated_through_the_env_beats_random_players() -> None:
    """The greedy bot, choosing from its seat's view through bot_action, wins more
    often than the quarter of games a random player wins."""
    printed = run(examples()[0])
    match = re.search(r"won (\d+)/(\d+) games, ([+-][\d.]+) lá a game", printed)
    assert match, printed
    wins, games = int(match[1]), int(match[2])
    assert wins / games > 0.25
    assert float(match[3]) > 0
    # the page quotes what the example prints
    assert f"won {wins}/{games} games, {match[3]} lá a game" in PAGE.read_text(encoding="utf-8")


def test_numpy_learner_beats_random_players_beyond_its_interval() -> None:
    """After self-play, the linear REINFORCE policy's win rate against three random
    players lies above 25 % by more than its 95 % half-width."""
    printed = run(examples()[1])
    match = re.search(r"won (\d+)% ± (\d+)%", printed)
    assert match, printed
    rate, half = int(match[1]) / 100, int(match[2]) / 100
    assert rate - half > 0.25, printed
    # the page quotes what the example prints
    assert f"{match[1]} % ± {match[2]} %" in " ".join(PAGE.read_text(encoding="utf-8").split())
