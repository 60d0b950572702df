"""``vncards compare``: every installed game and preset side by side, optionally with
measured figures from simulated games and a chart of them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from vncards.cli._common import InputError, console, emit_json, installed_games
from vncards.cli._queries import default_players
from vncards.cli._simulate import bot_names, run_simulation
from vncards.cli._stats import summarize

__all__ = ["compare_command", "compare_payload", "plot_measures"]

MEASURES = (
    ("instant_win_rate", "instant wins"),
    ("mean_length", "mean length"),
    ("first_player_win_rate", "first player wins"),
    ("draw_rate", "draws"),
)
TITLES = {
    "instant_win_rate": "deals that win at once",
    "mean_length": "mean game length (actions)",
    "first_player_win_rate": "first player wins",
    "draw_rate": "draws",
}


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


def compare_payload(games: int, seed: int, workers: int = 1) -> list[dict[str, Any]]:
    """One column per installed game and preset: its summary, and measured figures
    from ``games`` simulated games when ``games`` > 0."""
    columns = []
    for name, plugin in installed_games().items():
        for preset, rules in plugin.presets.items():
            summary = getattr(plugin, "summary", None)
            column: dict[str, Any] = {
                "game": name,
                "variant": preset,
                "title": plugin.title,
                "summary": dict(summary(rules)) if summary is not None else {},
                "measured": None,
            }
            if games > 0:
                n = default_players(plugin, rules)
                bots = bot_names(plugin, None, n)
                results = run_simulation(
                    name, games=games, players=n, bots=bots, variant=preset, seed=seed,
                    workers=workers, keep_records=False, label=f"{name} {preset}",
                )  # fmt: skip
                stats = summarize(results)
                column["measured"] = {
                    "games": games,
                    "players": n,
                    "bots": bots,
                    "instant_win_rate": stats["instant_win_rate"],
                    "mean_length": stats["mean_length"],
                    "first_player_win_rate": stats["first_player_win_rate"],
                    "first_player_ci95": stats["first_player_ci95"],
                    "draw_rate": stats["draws"] / games,
                    "instant_wins": stats["instant_wins"],
                }
            columns.append(column)
    return columns


def plot_measures(columns: list[dict[str, Any]], path: Path) -> None:
    """Bar charts of the measured figures, one bar per game and preset (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    measured = [c for c in columns if c["measured"] is not None]
    labels = [f"{c['game']}\n{c['variant']}" for c in measured]
    fig, axes = plt.subplots(2, 2, figsize=(max(8.0, 1.6 * len(labels) + 4), 7.5))
    colours = [f"C{i % 10}" for i in range(len(labels))]
    for ax, (key, _) in zip(axes.flat, MEASURES, strict=True):
        values = [c["measured"][key] or 0.0 for c in measured]
        if key == "first_player_win_rate":
            cis = [
                c["measured"]["first_player_ci95"] if c["measured"][key] is not None else None
                for c in measured
            ]
            errs = [
                [v - ci[0] if ci else 0.0 for v, ci in zip(values, cis, strict=True)],
                [ci[1] - v if ci else 0.0 for v, ci in zip(values, cis, strict=True)],
            ]
            bars = ax.bar(labels, values, color=colours, yerr=errs, capsize=4)
            fair = [1 / c["measured"]["players"] for c in measured]
            ax.scatter(
                labels, fair, marker="_", s=600, color="black", zorder=3, label="1 / players"
            )
            ax.legend(loc="upper right", fontsize=8)
        else:
            bars = ax.bar(labels, values, color=colours)
        ax.set_title(TITLES[key])
        top = max([*values, 0.0])
        if key == "first_player_win_rate":
            top = max([top, *(ci[1] for ci in cis if ci)])
        if key == "mean_length":
            ax.bar_label(bars, fmt="%.1f", fontsize=8)
            ax.set_ylim(0, max(top * 1.15, 1.0))
        else:
            raw = [c["measured"][key] for c in measured]
            ax.bar_label(bars, labels=["n/a" if v is None else f"{v:.1%}" for v in raw], fontsize=8)
            ax.set_ylim(0, max(top * 1.25, 0.05))
            ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.tick_params(axis="x", labelsize=8)
    n = measured[0]["measured"]["games"] if measured else 0
    fig.suptitle(f"vncards compare — {n} simulated games per game and preset")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def compare_command(
    games: Annotated[
        int, typer.Option("--games", "-g", min=0, help="Also simulate this many games of each.")
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the simulations.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Processes for the simulations.")
    ] = 1,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw the measured figures to this PNG file.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
) -> None:
    """Compare every installed game and preset side by side.

    Deck, players, hand size, combinations, chops, instant wins, scoring — and, with
    --games N, figures measured over simulated games (--plot draws them).
    """
    if plot is not None and games == 0:
        raise InputError("--plot draws measured figures: give --games N as well")
    columns = compare_payload(games, seed, workers)
    if plot is not None:
        plot_measures(columns, plot)
    if json_out:
        emit_json({"columns": columns})
        return
    if not columns:
        console.print("No game is installed.")
        return
    table = Table(title="Games and presets side by side", title_justify="left", show_lines=True)
    table.add_column("", no_wrap=True, style="bold")
    for c in columns:
        table.add_column(f"{c['game']}\n{c['variant']}")
    keys: list[str] = []
    for c in columns:
        keys.extend(k for k in c["summary"] if k not in keys)
    # Settings every game reports come first, so the rows that compare line up on top.
    keys.sort(key=lambda k: -sum(k in c["summary"] for c in columns))
    for key in keys:
        table.add_row(key.replace("_", " "), *(_cell(c["summary"].get(key)) for c in columns))
    if games > 0:
        table.add_section()
        table.add_row(f"measured ({games} games)", *("" for _ in columns), style="italic")
        for key, label in MEASURES:
            cells = []
            for c in columns:
                v = c["measured"][key]
                if v is None:
                    cells.append("—")
                else:
                    cells.append(f"{v:.1f}" if key == "mean_length" else f"{v:.1%}")
            table.add_row(label, *cells)
    console.print(table)
    if plot is not None:
        console.print(f"Chart written to {plot}.")
