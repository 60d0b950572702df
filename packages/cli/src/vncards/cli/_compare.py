"""``vncards compare``: every installed game and preset (or the columns asked for, house
rules included) side by side — their settings, and design metrics measured over games
played by bots on shared deals, with each column's paired difference from its game's
baseline.

How the games are played and measured is :mod:`vncards.cli._compare_run`; the terminal
tables :mod:`vncards.cli._compare_view`; the page and chart
:mod:`vncards.cli._compare_html`. Nothing here knows any game.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
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
from vncards.cli._compare_html import _cell, plot_measures, write_html
from vncards.cli._compare_run import (
    SKILLED_ROLLOUTS,
    Column,
    Settings,
    measure,
    measured_json,
    value_text,
)
from vncards.cli._compare_view import game_tables, header_lines
from vncards.cli._files import write_whole
from vncards.cli._runs import warnings_as_lines
from vncards.cli._simulate import RuleOpt
from vncards.core import SummarizesRules
from vncards.core.lab import PROFILES

__all__ = ["Column", "compare_command", "compare_payload", "parse_column", "plot_measures"]


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


def _baselines(columns: list[Column], spec: str | None) -> dict[str, Column]:
    """Each game's baseline column: its first, or the one ``--baseline`` names (added
    in front of its game's columns when none matches it)."""
    out: dict[str, Column] = {}
    for c in columns:
        out.setdefault(c.plugin.name, c)
    if spec is None:
        return out
    wanted = parse_column(spec)
    for c in columns:
        if (c.plugin.name, c.variant, c.overrides) == (
            wanted.plugin.name,
            wanted.variant,
            wanted.overrides,
        ):
            out[c.plugin.name] = c
            return out
    at = next((i for i, c in enumerate(columns) if c.plugin.name == wanted.plugin.name), None)
    if at is None:
        raise InputError(f"the baseline {spec!r} is not a game among the compared columns")
    columns.insert(at, wanted)
    out[wanted.plugin.name] = wanted
    return out


def compare_payload(
    columns: list[Column], settings: Settings | None, baseline: str | None = None
) -> list[dict[str, Any]]:
    """One entry per column: game, preset, house rules, its settings summary, and (when
    ``settings`` has games) what was measured: see :func:`measured_json`."""
    if settings is not None and settings.games > 0:
        _measure(columns, settings, _baselines(columns, baseline))
    out = []
    for c in columns:
        assert c.rules is not None
        summary = dict(c.plugin.summary(c.rules)) if isinstance(c.plugin, SummarizesRules) else {}
        measured = measured_json(c, settings) if c.stats is not None and settings else None
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


def _measure(columns: list[Column], s: Settings, baselines: dict[str, Column]) -> None:
    # what the run mends (a worker process that stopped, its games played again) is one
    # ``vncards: warning:`` line, as in ``vncards simulate``
    with warnings_as_lines():
        if not err_console.is_terminal:
            measure(columns, s, baselines)
            return
        from rich.progress import BarColumn, Progress, TimeElapsedColumn

        with Progress(BarColumn(), TimeElapsedColumn(), console=err_console, transient=True) as bar:
            task = bar.add_task("compare", total=None)

            def advance(k: int) -> None:
                bar.advance(task, k)

            measure(columns, s, baselines, progress=advance)


# ----------------------------------------------------------------- settings tables


def _column_name(c: dict[str, Any]) -> str:
    extra = " ".join(f"{k}={value_text(v)}" for k, v in c["rules"].items())
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


ColumnOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--column",
        "-c",
        help="Compare this GAME[:PRESET][,KEY=VALUE...] (repeatable; default: every"
        " installed game and preset).",
    ),
]

BaselineOpt = Annotated[
    str | None,
    typer.Option(
        "--baseline",
        help="The column GAME[:PRESET][,KEY=VALUE...] the others of its game are"
        " measured against (default: the game's first).",
    ),
]

ProfileOpt = Annotated[
    str,
    typer.Option(
        "--profile",
        help="casual: each game's rule-aware heuristic bot; skilled: its search at a"
        " fixed budget of rollouts.",
    ),
]

RestrictOpt = Annotated[
    str | None,
    typer.Option(
        "--restrict",
        help="Bar the first seat from one rule (e.g. no-chop, no-sam) and measure what"
        " it loses; each game names the rules it can restrict.",
    ),
]

BotsOpt = Annotated[
    str | None,
    typer.Option(
        "--bots",
        "-b",
        help="Bot per seat in every column, e.g. search,greedy (or module:attribute"
        " of a bot factory).",
    ),
]

ThinkOpt = Annotated[
    float | None,
    typer.Option(
        "--think",
        min=0.001,
        help="Seconds of search per decision instead of --rollouts (not reproducible).",
    ),
]


def compare_command(
    games: Annotated[
        int, typer.Option("--games", "-g", min=0, help="Simulate this many deals of each.")
    ] = 0,
    column: ColumnOpt = None,
    rule: RuleOpt = None,
    baseline: BaselineOpt = None,
    profile: ProfileOpt = "casual",
    restrict: RestrictOpt = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Players in every game (default: each preset's own)."),
    ] = None,
    settings: Annotated[
        bool, typer.Option("--settings", help="Show every column's settings side by side.")
    ] = False,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the deals.")] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Processes (default: every core)."),
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Dask scheduler address (tcp://host:port).")
    ] = None,
    html_file: Annotated[
        Path | None,
        typer.Option("--html", help="Write one page with the settings, figures and charts."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw the main figures to this PNG file.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
    bots: BotsOpt = None,
    rollouts: Annotated[
        int,
        typer.Option("--rollouts", min=1, help="Rollouts per decision of a searching bot."),
    ] = SKILLED_ROLLOUTS,
    think: ThinkOpt = None,
) -> None:
    """Compare games, presets and house rules side by side.

    With --games N: each column plays the same N deals (per game) with the profile's
    bots; each game gets a table of design metrics (lá or chi per game, first-seat
    advantage, seat gap, spread, the 95th-percentile loss, duration, forced decisions,
    luck share, skill gaps, its own rule counts per 100 games), every column after the
    game's first with its paired difference from it (* when clear of zero). --settings
    (or no --games) shows the settings: deck, players, hand size, combinations, chops,
    instant wins, scoring. See docs/compare.md for every definition.
    """
    if profile not in PROFILES:
        raise InputError(f"the profile is one of {', '.join(PROFILES)}, not {profile!r}")
    if plot is not None and games == 0:
        raise InputError("--plot draws measured figures: give --games N as well")
    columns = _columns(list(column or []), parse_rule_settings(rule or []))
    # a chart or page that cannot be written is said before the games, not after
    for out in (plot, html_file):
        if out is not None:
            _check_writable(out)
    n_workers = workers if workers is not None else max(1, os.cpu_count() or 1)
    run = Settings(
        games, seed, profile, players, bots, rollouts, think, restrict, n_workers, scheduler
    )
    payload = compare_payload(columns, run, baseline)
    if plot is not None:
        _written(plot, lambda p: plot_measures(payload, p))
    if html_file is not None:
        _written(html_file, lambda p: write_html(p, columns, payload, run))
    if json_out:
        emit_json({"columns": payload})
        return
    if not payload:
        console.print("No game is installed.")
        return
    if games > 0:
        for line in header_lines(columns, run):
            console.print(line, highlight=False)
        for table in game_tables(columns, run, console.width):
            console.print(table)
    if settings or games == 0:
        for table in settings_tables(payload):
            console.print(table)
    if plot is not None:
        console.print(f"Chart written to {plot}.")
    if html_file is not None:
        console.print(f"Page written to {html_file}.")
