"""``vncards simulate``: many bot games, a progress bar, then the statistics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from vncards.cli._common import (
    InputError,
    complete_game,
    console,
    emit_json,
    err_console,
    get_plugin,
    rules_for,
)
from vncards.cli._queries import default_players
from vncards.cli._stats import summarize
from vncards.cli.sim import GameSummary, simulate

__all__ = ["bot_names", "run_simulation", "simulate_command"]


def bot_names(plugin: Any, spec: str | None, players: int) -> list[str]:
    """One bot name per seat from ``greedy,random,…`` (one name fills every seat);
    by default the game's ``greedy`` bot if it has one, else its first."""
    if spec is None:
        known = list(plugin.bots)
        if not known:
            raise InputError(f"{plugin.name} has no bots")
        return ["greedy" if "greedy" in plugin.bots else known[0]] * players
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise InputError(
            f"give one bot per seat or one for all: {len(names)} bots for {players} players"
        )
    unknown = sorted({b for b in names if b not in plugin.bots})
    if unknown:
        raise InputError(
            f"{plugin.name} has no bot {', '.join(unknown)} (known: {', '.join(plugin.bots)})"
        )
    return names


def run_simulation(
    game: str,
    *,
    games: int,
    players: int,
    bots: list[str],
    variant: str | None,
    seed: int,
    workers: int,
    keep_records: bool,
    label: str,
) -> list[GameSummary]:
    """Run :func:`vncards.cli.sim.simulate` with a Rich progress bar on a terminal
    (stderr), and none when output is piped."""
    if not err_console.is_terminal or games == 0:
        return simulate(
            game, games=games, players=players, bots=bots, variant=variant, seed=seed,
            workers=workers, keep_records=keep_records,
        )  # fmt: skip
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=games)
        return simulate(
            game, games=games, players=players, bots=bots, variant=variant, seed=seed,
            workers=workers, keep_records=keep_records,
            progress=lambda k: bar.advance(task, k),
        )  # fmt: skip


def simulate_command(
    game: Annotated[
        str,
        typer.Argument(
            help="Game name (or module:attribute of a plugin).", autocompletion=complete_game
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Number of games.")] = 1000,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players.")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", "-b", help="Bot per seat, e.g. greedy,random (one name: all)."),
    ] = None,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="Preset of the game.")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Processes to use.")] = 1,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Dask scheduler address (tcp://host:port).")
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option("--records", help="Write every game as a record, one JSON per line."),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
) -> None:
    """Simulate many bot games and show their statistics.

    Win rates with 95% Wilson intervals, game length, instant wins, draws, payments and
    the game's own counters. The same seed gives the same numbers whatever the number
    of workers.
    """
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    n = players if players is not None else default_players(plugin, rules)
    names = bot_names(plugin, bots, n)
    keep = records is not None
    if scheduler is not None:
        results = simulate(
            game, games=games, players=n, bots=names, variant=variant, seed=seed,
            scheduler=scheduler, keep_records=keep,
        )  # fmt: skip
    else:
        results = run_simulation(
            game, games=games, players=n, bots=names, variant=variant, seed=seed,
            workers=workers, keep_records=keep, label=f"{plugin.name}",
        )  # fmt: skip
    if records is not None:
        with records.open("w", encoding="utf-8") as f:
            for s in results:
                f.write(json.dumps(s.record, ensure_ascii=False) + "\n")
    stats = summarize(results)
    payload = {
        "game": plugin.name,
        "variant": variant or plugin.default_preset,
        "players": n,
        "bots": names,
        "seed": seed,
        **stats,
    }
    if json_out:
        emit_json(payload)
        return
    show_statistics(plugin.title, payload)
    if records is not None:
        console.print(f"{len(results)} records written to {records}.")


def show_statistics(title: str, data: dict[str, Any]) -> None:
    """The statistics of a run as Rich tables."""
    console.print(
        f"[bold]{title}[/] — variant {data['variant']}, {data['games']} games, "
        f"{data['players']} players, seed {data['seed']}"
    )
    table = Table(title="Per seat", title_justify="left")
    for col in ("seat", "bot", "wins", "win rate", "95% interval", "mean payment (lá)"):
        table.add_column(col, justify="right" if col not in ("bot",) else "left")
    for s in data["seats"]:
        lo, hi = s["ci95"]
        table.add_row(
            str(s["seat"] + 1), s["bot"] or "", str(s["wins"]), f"{s['win_rate']:.1%}",
            f"{lo:.1%} – {hi:.1%}", _mean(s["mean_payment"]),
        )  # fmt: skip
    console.print(table)
    facts = Table(title="Per game", title_justify="left", show_header=False)
    facts.add_column("what")
    facts.add_column("value", justify="right")
    facts.add_row("mean length (actions)", f"{data['mean_length']:.1f}")
    lo, hi = data["first_player_ci95"]
    rate = data["first_player_win_rate"]
    facts.add_row("first player wins", "—" if rate is None else f"{rate:.1%} ({lo:.1%} – {hi:.1%})")
    facts.add_row("draws", str(data["draws"]))
    facts.add_row(
        "instant wins", f"{sum(data['instant_wins'].values())} ({data['instant_win_rate']:.2%})"
    )
    for kind, count in data["instant_wins"].items():
        facts.add_row(f"  {kind}", str(count))
    for key, value in data["per_game"].items():
        facts.add_row(f"{key} per game", f"{value:.3f}")
    console.print(facts)


def _mean(value: float) -> Text:
    text = f"{value:+.2f}"
    return Text(text, style="green" if value > 0 else "red" if value < 0 else "")
