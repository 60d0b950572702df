"""``vncards compare``: every installed game and preset (or the columns asked for, house
rules included) side by side — their settings, and figures measured over simulated
games: one row per game and preset, the figures as columns.

What a game measures beyond the common figures comes from its
:class:`~vncards.core.ReportsStatistics` capability; its settings from
:class:`~vncards.core.SummarizesRules`. Nothing here knows any game.
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text
from vncards.cli._common import (
    InputError,
    console,
    emit_json,
    err_console,
    get_plugin,
    installed_games,
    parse_rule_settings,
    rules_for,
)
from vncards.cli._files import write_whole
from vncards.cli._queries import default_players
from vncards.cli._runs import warnings_as_lines
from vncards.cli._simulate import RuleOpt, bot_names
from vncards.cli._stats import mean_text, share_text
from vncards.core import GamePlugin, RulesBase, SummarizesRules
from vncards.core._search import Budgeted
from vncards.core.simulate import Run, SimulationStats, simulate_runs

__all__ = ["Column", "compare_command", "compare_payload", "parse_column", "plot_measures"]


@dataclass
class Column:
    """One game and preset, with house rules on top, as compared."""

    plugin: GamePlugin[Any, Any, Any]
    variant: str
    overrides: dict[str, Any] = field(default_factory=dict)
    rules: RulesBase | None = None
    stats: SimulationStats | None = None

    @property
    def label(self) -> str:
        """``game preset`` and the house rules, e.g. ``samloc standard chop_two=20``."""
        extra = " ".join(f"{k}={_value(v)}" for k, v in self.overrides.items())
        return f"{self.plugin.name} {self.variant}" + (f" {extra}" if extra else "")


def _value(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v


def parse_column(spec: str) -> Column:
    """A column from ``GAME[:PRESET][,KEY=VALUE…]``, e.g. ``samloc:standard,chop_two=20``.

    >>> c = parse_column("samloc:a23,chop_two=20")
    >>> c.plugin.name, c.variant, c.overrides
    ('samloc', 'a23', {'chop_two': 20})
    """
    head, *settings = [p.strip() for p in spec.split(",")]
    name, _, variant = head.partition(":")
    if not name:
        raise InputError(f"a column is GAME[:PRESET][,KEY=VALUE...], not {spec!r}")
    plugin = get_plugin(name, allow_reference=False)
    preset = variant or plugin.default_preset
    overrides = parse_rule_settings([s for s in settings if s])
    column = Column(plugin, preset, overrides)
    column.rules = rules_for(plugin, preset, overrides)
    return column


def _columns(specs: list[str], rules: dict[str, Any]) -> list[Column]:
    if specs:
        columns = [parse_column(s) for s in specs]
    else:
        columns = [
            Column(plugin, preset)
            for plugin in installed_games().values()
            for preset in plugin.presets
        ]
    if rules:
        used: set[str] = set()
        for c in columns:
            known = set(type(c.plugin.presets[c.variant]).model_fields)
            mine = {k: v for k, v in rules.items() if k in known}
            used |= mine.keys()
            c.overrides = {**mine, **c.overrides}
        unknown = sorted(set(rules) - used)
        if unknown:
            raise InputError(f"no compared game has the setting {', '.join(unknown)}")
    for c in columns:
        c.rules = rules_for(c.plugin, c.variant, c.overrides)
    return columns


def _players(column: Column, players: int | None) -> int:
    assert column.rules is not None
    if players is None:
        return default_players(column.plugin, column.rules)
    lo, hi = column.plugin.player_range(column.rules)
    if not lo <= players <= hi:
        raise InputError(f"{column.label} is played by {lo} to {hi} players, not {players}")
    return players


def compare_payload(
    games: int,
    seed: int,
    workers: int = 1,
    *,
    columns: list[Column] | None = None,
    players: int | None = None,
    bots: str | None = None,
    think: float = 0.1,
) -> list[dict[str, Any]]:
    """One entry per column: game, preset, house rules, its settings summary, and the
    figures measured over ``games`` simulated games when ``games`` > 0 (by ``bots``,
    ``greedy,search,…`` as ``vncards simulate`` reads them; a bot that searches thinks
    ``think`` seconds per decision)."""
    cols = columns if columns is not None else _columns([], {})
    if games > 0:
        runs = []
        for c in cols:
            n = _players(c, players)
            specs = [
                Budgeted(name, c.plugin.bots[name], think=think)
                for name in bot_names(c.plugin, bots, n)
            ]
            run = Run(c.plugin, games, n, specs, c.variant, c.overrides, seed)
            runs.append(run)
        for c, stats in zip(cols, _simulate(runs, workers, games * len(runs)), strict=True):
            c.stats = stats
    out = []
    for c in cols:
        assert c.rules is not None
        summary = dict(c.plugin.summary(c.rules)) if isinstance(c.plugin, SummarizesRules) else {}
        measured = None
        if c.stats is not None:
            s = c.stats
            measured = s.to_json()
        out.append(
            {
                "game": c.plugin.name,
                "variant": c.variant,
                "rules": c.overrides,
                "title": c.plugin.title,
                "summary": summary,
                "measured": measured,
            }
        )
    return out


def _simulate(runs: list[Run], workers: int, total: int) -> list[SimulationStats]:
    # what the run mends (a worker process that stopped, its games played again) is one
    # ``vncards: warning:`` line, as in ``vncards simulate``
    with warnings_as_lines():
        if not err_console.is_terminal:
            return simulate_runs(runs, workers=workers)
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress(
            BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err_console,
            transient=True,
        ) as bar:  # fmt: skip
            task = bar.add_task("compare", total=total)
            return simulate_runs(runs, workers=workers, progress=lambda k: bar.advance(task, k))


# ----------------------------------------------------------------- readable tables


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_cell(v) for v in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_cell(v)}" for k, v in value.items()) or "—"
    if value is None:
        return "—"
    return str(value)


def _column_name(c: dict[str, Any]) -> str:
    extra = " ".join(f"{k}={_value(v)}" for k, v in c["rules"].items())
    return str(c["variant"]) + (f"\n{extra}" if extra else "")


def settings_tables(columns: list[dict[str, Any]]) -> list[Table]:
    """One table per game: its settings down, its presets (and columns) across."""
    tables = []
    games: dict[str, list[dict[str, Any]]] = {}
    for c in columns:
        games.setdefault(c["game"], []).append(c)
    for name, cols in games.items():
        table = Table(title=f"{cols[0]['title']} ({name})", title_justify="left", show_lines=True)
        table.add_column("setting", style="bold")
        for c in cols:
            table.add_column(_column_name(c), overflow="fold")
        keys: list[str] = []
        for c in cols:
            keys.extend(k for k in c["summary"] if k not in keys)
        for key in keys:
            table.add_row(key.replace("_", " "), *(_cell(c["summary"].get(key)) for c in cols))
        tables.append(table)
    return tables


def figures_table(columns: list[Column]) -> Table:
    """One row per game and preset; the measured figures as columns (fits 100 columns)."""
    first = next(c.stats for c in columns if c.stats is not None)
    table = Table(
        title=f"Measured over {first.games} simulated games each (±: 95% interval)",
        title_justify="left",
        show_lines=True,
        padding=(0, 1),
    )
    table.add_column("game", no_wrap=True)
    table.add_column("preset", no_wrap=True)
    table.add_column("lá/game", justify="right")
    table.add_column("1st seat", justify="right")
    table.add_column("length", justify="right")
    table.add_column("instant", justify="right")
    table.add_column("draw", justify="right")
    table.add_column("share of games", overflow="fold")
    for c in columns:
        s = c.stats
        assert s is not None
        preset = Text(c.variant)
        for k, v in c.overrides.items():
            preset.append(f"\n{k}={_value(v)}", style="yellow")
        own = "\n".join(
            f"{f.statistic.label} {share_text(f.share, interval=False)}" for f in s.figures
        )
        fair = 1 / max(s.players, 1)
        first_seat = share_text(s.first_seat, digits=0)
        table.add_row(
            c.plugin.name,
            preset,
            f"{mean_text(s.moved, digits=1)}\nsd {s.moved.sd:.1f}",
            f"{first_seat}\nfair {fair:.0%}",
            mean_text(s.length, digits=0),
            share_text(s.instant_win, interval=False),
            share_text(s.draw, interval=False),
            own or "—",
        )
    return table


# ----------------------------------------------------------------- charts


_CHARTS: tuple[tuple[str, str], ...] = (
    ("moved", "lá changing hands per game"),
    ("first_seat", "first seat wins (line: fair share)"),
    ("length", "game length (actions)"),
    ("instant_win", "games won at the deal"),
)


def _bars(title: str, rows: list[tuple[str, float, tuple[float, float] | None, float | None]],
          percent: bool) -> str:  # fmt: skip
    """A horizontal bar chart as inline SVG: a label, a bar, its interval, a marker."""
    width, label_w, row_h = 640, 230, 22
    top = max([hi for _, v, ci, m in rows for hi in (v, ci[1] if ci else v, m or 0.0)] + [1e-9])
    scale = (width - label_w - 70) / top
    height = row_h * len(rows) + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' role="img" aria-label="{html.escape(title)}">',
        f'<text x="0" y="14" font-weight="bold">{html.escape(title)}</text>',
    ]
    for i, (label, value, ci, marker) in enumerate(rows):
        y = 24 + i * row_h
        w = max(value * scale, 0.5)
        text = f"{value:.1%}" if percent else f"{value:.1f}"
        out.append(f'<text x="0" y="{y + 14}" font-size="12">{html.escape(label)}</text>')
        out.append(
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row_h - 8}"'
            f' fill="hsl({(i * 47) % 360},55%,55%)"/>'
        )
        if ci is not None:
            x1, x2 = label_w + ci[0] * scale, label_w + ci[1] * scale
            mid = y + row_h / 2
            out.append(f'<line x1="{x1:.1f}" y1="{mid}" x2="{x2:.1f}" y2="{mid}" stroke="black"/>')
        if marker is not None:
            x = label_w + marker * scale
            out.append(
                f'<line x1="{x:.1f}" y1="{y + 1}" x2="{x:.1f}" y2="{y + row_h - 3}"'
                ' stroke="black" stroke-width="2" stroke-dasharray="3,2"/>'
            )
        right = label_w + max(w, (ci[1] * scale) if ci else 0) + 6
        out.append(f'<text x="{right:.1f}" y="{y + 14}" font-size="12">{text}</text>')
    out.append("</svg>")
    return "".join(out)


def _charts(columns: list[Column]) -> list[str]:
    measured = [c for c in columns if c.stats is not None]
    charts = []
    for key, title in _CHARTS:
        rows: list[tuple[str, float, tuple[float, float] | None, float | None]] = []
        for c in measured:
            s = c.stats
            assert s is not None
            if key == "moved":
                rows.append((c.label, s.moved.mean, s.moved.ci95, None))
            elif key == "length":
                rows.append((c.label, s.length.mean, s.length.ci95, None))
            elif key == "first_seat":
                rows.append((c.label, s.first_seat.rate, s.first_seat.ci95, 1 / s.players))
            else:
                rows.append((c.label, s.instant_win.rate, s.instant_win.ci95, None))
        charts.append(_bars(title, rows, percent=key in ("first_seat", "instant_win")))
    labels: dict[str, str] = {}
    for c in measured:
        assert c.stats is not None
        for f in c.stats.figures:
            labels.setdefault(f.statistic.label, f.statistic.description)
    for label in labels:
        rows = []
        for c in measured:
            assert c.stats is not None
            for f in c.stats.figures:
                if f.statistic.label == label:
                    rows.append((c.label, f.share.rate, f.share.ci95, None))
        charts.append(_bars(f"games with {label}", rows, percent=True))
    return charts


def write_html(path: Path, columns: list[Column], payload: list[dict[str, Any]]) -> None:
    """One self-contained page: the settings of every game, the figures and the charts."""
    esc = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<title>vncards compare</title><style>",
        "body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}",
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;",
        "padding:.25em .5em;vertical-align:top;text-align:left}th{background:#eee}",
        "td.n{text-align:right}figure{margin:1.5em 0}</style></head><body>",
        "<h1>vncards compare</h1>",
    ]
    measured = [c for c in columns if c.stats is not None]
    if measured:
        first = measured[0].stats
        assert first is not None
        parts.append(f"<h2>Figures over {first.games} simulated games each</h2>")
        parts.append(
            "<table><tr><th>game</th><th>preset and house rules</th><th>players</th>"
            "<th>lá per game (95%)</th><th>sd</th><th>first seat wins (95%)</th>"
            "<th>length</th><th>instant win</th><th>draw</th><th>game's own</th></tr>"
        )
        for c in measured:
            s = c.stats
            assert s is not None
            own = "<br>".join(
                f"{esc(f.statistic.label)}: {esc(share_text(f.share))}" for f in s.figures
            )
            house = " ".join(f"{k}={_value(v)}" for k, v in c.overrides.items())
            parts.append(
                f"<tr><td>{esc(c.plugin.name)}</td><td>{esc(c.variant)} {esc(house)}</td>"
                f"<td class=n>{s.players}</td><td class=n>{esc(mean_text(s.moved))}</td>"
                f"<td class=n>{s.moved.sd:.1f}</td>"
                f"<td class=n>{esc(share_text(s.first_seat))}</td>"
                f"<td class=n>{esc(mean_text(s.length))}</td>"
                f"<td class=n>{esc(share_text(s.instant_win))}</td>"
                f"<td class=n>{esc(share_text(s.draw))}</td><td>{own or '—'}</td></tr>"
            )
        parts.append("</table>")
        parts.append("<h2>Charts</h2>")
        parts.extend(f"<figure>{svg}</figure>" for svg in _charts(columns))
    parts.append("<h2>Settings</h2>")
    by_game: dict[str, list[dict[str, Any]]] = {}
    for entry in payload:
        by_game.setdefault(entry["game"], []).append(entry)
    for name, cols in by_game.items():
        parts.append(f"<h3>{esc(cols[0]['title'])} ({esc(name)})</h3><table><tr><th>setting</th>")
        parts.extend(f"<th>{esc(_column_name(e))}</th>" for e in cols)
        parts.append("</tr>")
        keys: list[str] = []
        for e in cols:
            keys.extend(k for k in e["summary"] if k not in keys)
        for key in keys:
            cells = "".join(f"<td>{esc(_cell(e['summary'].get(key)))}</td>" for e in cols)
            parts.append(f"<tr><th>{esc(key.replace('_', ' '))}</th>{cells}</tr>")
        parts.append("</table>")
    parts.append("</body></html>\n")
    path.write_text("".join(parts), encoding="utf-8")


def plot_measures(columns: list[dict[str, Any]], path: Path) -> None:
    """Bar charts of the measured figures, one bar per column (PNG, needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    measured = [c for c in columns if c["measured"] is not None]
    if not measured:
        raise InputError("there is nothing to draw: no installed game was measured")
    labels = [f"{c['game']}\n{_column_name(c)}" for c in measured]
    keys = (
        ("moved", "lá changing hands per game"),
        ("first_seat", "first seat wins"),
        ("length", "game length (actions)"),
        ("instant_wins", "games won at the deal"),
    )
    fig, axes = plt.subplots(2, 2, figsize=(max(8.0, 1.6 * len(labels) + 4), 7.5))
    colours = [f"C{i % 10}" for i in range(len(labels))]
    for ax, (key, title) in zip(axes.flat, keys, strict=True):
        figure = [c["measured"][key] for c in measured]
        values = [f["rate"] if "rate" in f else f["mean"] for f in figure]
        errs = [
            [v - f["ci95"][0] for v, f in zip(values, figure, strict=True)],
            [f["ci95"][1] - v for v, f in zip(values, figure, strict=True)],
        ]
        ax.bar(labels, values, color=colours, yerr=errs, capsize=4)
        if key == "first_seat":
            fair = [1 / c["measured"]["players"] for c in measured]
            ax.scatter(labels, fair, marker="_", s=600, color="black", zorder=3)
        if "rate" in figure[0]:
            ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.set_title(title)
        ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)


def _check_writable(path: Path) -> None:
    """InputError when ``path`` is a folder or its folder is missing or read-only."""
    folder = path.parent
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        raise InputError(f"cannot write {_shown(path)}: no such folder, or not writable")


def _written(path: Path, write: Any) -> None:
    """Run ``write(path)`` through :func:`write_whole`: an OSError (no permission, a full
    disk) is one InputError line, and the target is whole or as it was."""
    write_whole(path, write, "the output")


def _shown(path: Path) -> str:
    return " ".join(str(path).split())[:200]


def compare_command(
    games: Annotated[
        int, typer.Option("--games", "-g", min=0, help="Simulate this many games of each.")
    ] = 0,
    column: Annotated[
        list[str] | None,
        typer.Option(
            "--column",
            "-c",
            help="Compare this GAME[:PRESET][,KEY=VALUE...] (repeatable; default: every"
            " installed game and preset).",
        ),
    ] = None,
    rule: RuleOpt = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Players in every simulated game.")
    ] = None,
    settings: Annotated[
        bool, typer.Option("--settings", help="Show every column's settings side by side.")
    ] = False,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the simulations.")] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Processes (default: every core)."),
    ] = None,
    html_file: Annotated[
        Path | None,
        typer.Option("--html", help="Write one page with the settings, figures and charts."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw the measured figures to this PNG file.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
    bots: Annotated[
        str | None,
        typer.Option("--bots", "-b", help="Bot per seat in every column, e.g. search,greedy."),
    ] = None,
    think: Annotated[
        float, typer.Option("--think", min=0.001, help="Seconds of search per bot decision.")
    ] = 0.1,
) -> None:
    """Compare games, presets and house rules side by side.

    With --games N: one row per game and preset with figures measured over N simulated
    games each — lá per game, first-seat advantage, length, instant wins, draws and each
    game's own statistics. --settings (or no --games) shows the settings: deck, players,
    hand size, combinations, chops, instant wins, scoring.
    """
    if plot is not None and games == 0:
        raise InputError("--plot draws measured figures: give --games N as well")
    columns = _columns(list(column or []), parse_rule_settings(rule or []))
    # a chart or page that cannot be written is said before the games, not after
    for out in (plot, html_file):
        if out is not None:
            _check_writable(out)
    n_workers = workers if workers is not None else max(1, os.cpu_count() or 1)
    payload = compare_payload(
        games, seed, n_workers, columns=columns, players=players, bots=bots, think=think
    )
    if plot is not None:
        _written(plot, lambda p: plot_measures(payload, p))
    if html_file is not None:
        _written(html_file, lambda p: write_html(p, columns, payload))
    if json_out:
        emit_json({"columns": payload})
        return
    if not payload:
        console.print("No game is installed.")
        return
    if games > 0:
        console.print(figures_table(columns))
    if settings or games == 0:
        for table in settings_tables(payload):
            console.print(table)
    if plot is not None:
        console.print(f"Chart written to {plot}.")
    if html_file is not None:
        console.print(f"Page written to {html_file}.")
