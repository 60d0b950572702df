"""How ``vncards compare`` reads at the terminal: for each game one compact table, its
figures down and its columns across, each cell the figure with its 95% interval (the
baseline column) or with its paired difference from the baseline (the others, marked
when clear of zero). Built to fit 80 columns: labels are short, cells never wrap.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from vncards.cli._compare_run import Column, Settings
from vncards.core.facts import facts_of
from vncards.core.metrics import Delta, Estimate, Figure

__all__ = ["SHOWN", "by_game", "figure_text", "game_tables", "number"]

SHOWN = (
    "moved", "first_seat", "seat_gap", "spread", "loss_p95", "length",
    "forced", "luck", "skill_casual", "skill_search", "restricted", "decided_at",
    "lead_changes", "comebacks", "instant_wins", "draws",
)  # fmt: skip
"""The figures a terminal table shows, in order (then the game's rule counts); the
page and the JSON have every figure."""


def number(value: float, unit: str, *, signed: bool = False) -> str:
    """A figure's value as the tables write it: shares in %, counts per 100 games
    whole, other values with one decimal (none from 100 up).

    >>> number(0.256, "%"), number(12.34, "lá"), number(-3.0, "lá", signed=True)
    ('25.6%', '12.3', '-3.0')
    >>> number(0.02, "%", signed=True), number(340.0, "/100"), number(-0.0004, "%", signed=True)
    ('+2.0%', '340', '+0.0%')
    """
    sign = "+" if signed else ""
    if round(value, 3 if unit == "%" else 1) == 0:
        value = 0.0  # no "-0.0": a difference that rounds to nothing has no sign
    if unit == "%":
        return f"{value * 100:{sign}.1f}%"
    if abs(value) >= 100 or (unit == "/100" and abs(value) >= 10):
        return f"{value:{sign}.0f}"
    return f"{value:{sign}.1f}"


def figure_text(figure: Figure, est: Estimate, d: Delta | None) -> Text:
    """One cell: ``value ±half`` for the baseline, ``value (+diff)`` for the others,
    the difference bold with ``*`` when clear of zero.

    >>> f = Figure("x", "x", "lá", ("main",))
    >>> figure_text(f, Estimate(3.0, (2.0, 4.0), 10), None).plain
    '3.0 ±1.0'
    >>> figure_text(f, Estimate(3.0, (2.0, 4.0), 10), Delta(1.0, (0.5, 1.5), True)).plain
    '3.0 +1.0*'
    """
    if est.value is None:
        return Text("—")
    text = Text(number(est.value, figure.unit))
    if d is None:
        if est.ci95 is not None:
            half = (est.ci95[1] - est.ci95[0]) / 2
            text.append(f" ±{number(half, figure.unit)}", style="dim")
        return text
    diff = number(d.mean, figure.unit, signed=True)
    text.append(" ")
    text.append(diff + ("*" if d.clear else ""), style="bold yellow" if d.clear else "dim")
    return text


def by_game(columns: Sequence[Column]) -> dict[str, list[Column]]:
    """The columns grouped by game, in order of first appearance."""
    out: dict[str, list[Column]] = {}
    for c in columns:
        out.setdefault(c.plugin.name, []).append(c)
    return out


def _meaningful(figure: Figure, cols: Sequence[Column]) -> bool:
    """A count or rate that is zero in every column says nothing: it is left out."""
    ests = [c.estimates.get(figure.key) for c in cols]
    if all(e is None or e.value is None for e in ests):
        return False
    if figure.unit == "/100" or figure.key in ("instant_wins", "draws"):
        return any(e is not None and e.value for e in ests)
    if figure.key == "luck":  # bots that replay a deal exactly: the share is 1 by design
        return not all(e is None or (e.value == 1.0 and e.ci95 == (1.0, 1.0)) for e in ests)
    return True


def _bots_text(c: Column) -> str:
    names = list(dict.fromkeys(c.bots))
    return f"{c.players}×{names[0]}" if len(names) == 1 else ",".join(c.bots)


def game_tables(columns: Sequence[Column], s: Settings, width: int) -> list[Any]:
    """One table per game, each within ``width`` columns; two narrow games side by side
    when both fit in ``width``."""
    return _side_by_side(_each_game(columns, width), width)


def _side_by_side(items: list[Group], width: int) -> list[Any]:
    """``items`` in order, each beside the first later one that fits with it in
    ``width`` (two columns apart), as one row of a grid."""
    measure = Console(width=width, color_system=None, file=io.StringIO())
    # a game is as wide as its table: its title wraps to that
    widths = [Measurement.get(measure, measure.options, g.renderables[1]).maximum for g in items]
    out: list[Any] = []
    placed: set[int] = set()
    for k, item in enumerate(items):
        if k in placed:
            continue
        partner = next(
            (j for j in range(k + 1, len(items))
             if j not in placed and widths[k] + 2 + widths[j] <= width),
            None,
        )  # fmt: skip
        if partner is None:
            out.append(item)
            continue
        placed.add(partner)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=widths[k])
        grid.add_column(width=widths[partner])
        grid.add_row(item, items[partner])
        out.append(grid)
    return out


def _each_game(columns: Sequence[Column], width: int) -> list[Group]:
    """A title and a table for each game."""
    out: list[Group] = []
    for cols in by_game(columns).values():
        first = cols[0]
        facts = facts_of(first.plugin)
        # who plays goes in the title; a head says its players when they differ
        names = {",".join(dict.fromkeys(c.bots)) for c in cols}
        counts = {c.players for c in cols}
        heads = []
        for c in cols:
            # a house rule per line: a head is never cut, however long the rules
            head = Text("\n".join(c.name.split(" ")), style="bold" if c.baseline else "")
            if len(names) > 1:
                head.append(f" {_bots_text(c)}", style="dim")
            elif len(counts) > 1:
                head.append(f" ({c.players})", style="dim")
            heads.append(head)
        who = ""
        if len(names) == 1:
            who = f" · bots: {names.pop()}" + (f" × {counts.pop()}" if len(counts) == 1 else "")
        # the title wraps within the table's width (never cut): a game set beside another
        # keeps its name whole
        title = Text(f"{first.plugin.title} ({first.plugin.name}) · {facts.unit}{who}")
        title.stylize("bold")
        label_w = 18
        cell_w = max(9, (width - label_w - 1 - 2 * len(cols)) // max(1, len(cols)))
        table = Table(
            box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="underline"
        )
        table.add_column("", no_wrap=True, max_width=label_w, overflow="crop")
        for head in heads:
            table.add_column(head, justify="right", max_width=cell_w, overflow="fold")
        figures = {f.key: f for c in cols for f in c.figures}
        order = [k for k in SHOWN if k in figures] + [k for k in figures if k.startswith("per100.")]
        for key in order:
            f = figures[key]
            if not _meaningful(f, cols):
                continue
            cells = []
            for c in cols:
                est = c.estimates.get(key)
                d = c.deltas.get(key) if c.deltas is not None else None
                cells.append(figure_text(f, est, d) if est is not None else Text("—"))
            label = f.label + (" /100" if f.unit == "/100" else "")
            table.add_row(label, *cells)
        out.append(Group(title, table))
    return out


def run_lines(s: Settings) -> list[str]:
    """What was run: games, seed, profile (or the bots given), the restriction.

    >>> run_lines(Settings(games=500))
    ['Measured over 500 games each, seed 0, profile casual.']
    """
    who = "bots as given" if s.bots is not None else f"profile {s.profile}"
    lines = [f"Measured over {s.games} games each, seed {s.seed}, {who}."]
    if s.restrict:
        lines.append(f"Restricted play: the first seat may not use {s.restrict}.")
    return lines


def header_lines(columns: Sequence[Column], s: Settings) -> list[str]:
    """The lines above the tables: games, profile, what the cells mean."""
    first, *rest = run_lines(s)
    return [
        first.removesuffix(".") + "; * clear of zero.",
        "A game's columns share deals: first ±95% interval, others paired difference.",
        *rest,
    ]
