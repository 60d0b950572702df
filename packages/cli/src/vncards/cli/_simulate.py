"""``vncards simulate``: many bot games, a progress bar, then the statistics.

The games are played and counted by core (:mod:`vncards.core.simulate`); this module
reads the options, shows progress and prints the figures.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import os
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import IO, Annotated, Any

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
    parse_rule_settings,
    plain,
    rules_for,
    untrusted,
)
from vncards.cli._files import part_file
from vncards.cli._queries import default_players
from vncards.cli._runs import STOPPED, sigterm_as_interrupt, warnings_as_lines
from vncards.cli._stats import mean_text, share_text
from vncards.core import GamePlugin, PluginError, RulesBase
from vncards.core._plugins import offered_elsewhere
from vncards.core._search import Budgeted
from vncards.core.simulate import (
    GameSummary,
    SimulationError,
    SimulationStats,
    Tally,
    bot_factory,
    default_bot,
    play_games,
)

__all__ = [
    "bot_names",
    "bot_specs",
    "check_bots",
    "run_simulation",
    "show_statistics",
    "simulate_command",
]

RuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        "-r",
        help="A house rule on top of the preset, KEY=VALUE (repeatable), e.g. chop_two=20.",
    ),
]


def bot_names(
    plugin: GamePlugin[Any, Any, Any],
    spec: str | None,
    players: int,
    *,
    allow_reference: bool = False,
) -> list[str]:
    """One bot name per seat from ``greedy,random,…`` (one name fills every seat);
    by default the game's default bot (``greedy`` if it has one, else its first). With
    ``allow_reference``, a seat may name a bot factory as ``module:attribute``."""
    if spec is None:
        if not plugin.bots:
            raise InputError(f"{plugin.name} has no bots")
        return [default_bot(plugin)] * players
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise InputError(
            f"give one bot per seat or one for all: {len(names)} bots for {players} players"
        )
    check_bots(plugin, names, allow_reference=allow_reference)
    return names


def check_bots(
    plugin: GamePlugin[Any, Any, Any], names: Sequence[str], *, allow_reference: bool = True
) -> None:
    """Refuse a bot that is not one of the game's, nor (``allow_reference``) a
    ``module:attribute`` bot factory that can be imported: one sentence saying which
    part is missing."""
    unknown = sorted(
        {b for b in names if b not in plugin.bots and not (allow_reference and ":" in b)}
    )
    if unknown:
        also = ", or module:attribute naming a bot factory" if allow_reference else ""
        elsewhere = [offered_elsewhere(plugin.name, b) for b in unknown]
        raise InputError(
            f"{plugin.name} has no bot {', '.join(unknown)} (known: {', '.join(plugin.bots)}{also})"
            + "".join(f"; {e}" for e in elsewhere if e)
        )
    for name in names:
        try:
            bot_factory(plugin, name)
        except PluginError as e:
            raise InputError(str(e)) from None


DEFAULT_THINK = 0.1
"""Seconds a searching bot thinks per decision when ``--think`` is not given."""


def bot_specs(plugin: GamePlugin[Any, Any, Any], names: Sequence[str], think: float) -> list[Any]:
    """The bots of the seats for a simulation: a bot whose factory takes a thinking budget
    (``think``, seconds per decision) gets this one; any other stays a name, which worker
    processes look up in the game themselves."""
    specs: list[Any] = []
    for name in names:
        factory = bot_factory(plugin, name)
        specs.append(Budgeted(name, factory, think=think) if searches(factory) else name)
    return specs


def searches(factory: Any) -> bool:
    """Whether a bot factory takes a thinking budget (a bot that searches)."""
    try:
        return "think" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def checked_players(
    plugin: GamePlugin[Any, Any, Any], rules: RulesBase, players: int | None
) -> int:
    """``players``, or the default count, refused when the rules do not allow it."""
    n = players if players is not None else default_players(plugin, rules)
    lo, hi = plugin.player_range(rules)
    if not lo <= n <= hi:
        raise InputError(f"{plugin.name} is played by {lo} to {hi} players, not {n}")
    return n


def run_simulation(
    game: str | GamePlugin[Any, Any, Any],
    *,
    games: int,
    players: int,
    bots: Sequence[Any],
    variant: str | None,
    rules: Mapping[str, Any] | None = None,
    seed: int,
    workers: int,
    keep_records: bool = False,
    scheduler: str | None = None,
    force_workers: bool = False,
    label: str,
    on_game: Callable[[GameSummary], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play the games through core's :func:`~vncards.core.simulate.play_games`, with a
    Rich progress bar on a terminal (stderr) and none when output is piped.

    With ``on_game`` each game's summary goes to it in game order as it finishes and
    none is kept; ``progress(k)`` is called after each chunk of ``k`` games. What the run
    mends on its way (a worker process that stopped, its games played again) is one
    ``vncards: warning:`` line on stderr as it happens."""
    kwargs: dict[str, Any] = {
        "games": games, "players": players, "bots": list(bots), "variant": variant,
        "rules": dict(rules or {}), "seed": seed, "workers": workers,
        "scheduler": scheduler, "keep_records": keep_records, "on_game": on_game,
        "force_workers": force_workers,
    }  # fmt: skip
    with warnings_as_lines():
        if not err_console.is_terminal or games == 0:
            return play_games(game, progress=progress, **kwargs)
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err_console,
            transient=True,
        ) as bar:
            task = bar.add_task(label, total=games)

            def advance(k: int) -> None:
                bar.advance(task, k)
                if progress is not None:
                    progress(k)

            return play_games(game, progress=advance, **kwargs)


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
        typer.Option(
            "--bots",
            "-b",
            help="Bot per seat, e.g. greedy,random (one name: all); or module:attribute"
            " of a bot factory.",
        ),
    ] = None,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="Preset of the game.")
    ] = None,
    rule: RuleOpt = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run.")] = 0,
    workers: Annotated[
        int,
        typer.Option("--workers", "-w", min=1, help="Processes to use (at most one per CPU)."),
    ] = 1,
    force_workers: Annotated[
        bool,
        typer.Option(
            "--force-workers", help="Start --workers processes even beyond the CPU count."
        ),
    ] = False,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Dask scheduler address (tcp://host:port).")
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            help="Write every game as a record, one JSON per line, as it finishes; the"
            " file replaces FILE at the end (a device or a pipe, such as /dev/null, is"
            " written to as it is). Interrupted, the finished games are kept in"
            " FILE.partial (whole lines) and FILE is left as it was.",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
    think: Annotated[
        float | None,
        typer.Option(
            "--think", min=0.001, help="Seconds a searching bot thinks per decision (0.1)."
        ),
    ] = None,
) -> None:
    """Simulate many bot games and show their statistics.

    Win rates with 95% Wilson intervals, lá per game, first-seat advantage, game length,
    instant wins, draws and the game's own statistics, under a preset with house rules
    on top (--rule KEY=VALUE). The same seed gives the same numbers whatever the number
    of workers.
    """
    plugin = get_plugin(game)
    overrides = parse_rule_settings(rule or [])
    rules = rules_for(plugin, variant, overrides)
    n = checked_players(plugin, rules, players)
    names = bot_names(plugin, bots, n, allow_reference=True)
    # a bot that searches thinks --think seconds per decision (others ignore it)
    specs = bot_specs(plugin, names, DEFAULT_THINK if think is None else think)
    # the statistics are counted as the games come: memory stays flat however many
    tally = Tally(players=n, bots=names)
    run = partial(
        run_simulation, game, games=games, players=n, bots=specs, variant=variant,
        rules=overrides, seed=seed, workers=workers, scheduler=scheduler,
        force_workers=force_workers, label=plugin.name,
    )  # fmt: skip
    written = _simulate_writing(run, tally, records)
    stats = tally.stats(plugin, variant=variant, rules=overrides, seed=seed)
    if json_out:
        emit_json(stats.to_json())
        return
    show_statistics(stats)
    if records is not None:
        console.print(f"{written} records written to {records}.")


def _simulate_writing(run: Callable[..., object], tally: Tally, records: Path | None) -> int:
    """Run the simulation (``run``: :func:`run_simulation` with its settings), each game counted
    in ``tally`` and, with ``records``, written to that file as it finishes; the number
    of records written. Interrupted, the finished games are kept in ``FILE.partial``."""
    written = 0
    part: IO[str] | None = None

    def on_game(summary: GameSummary) -> None:
        nonlocal written
        tally.add(summary)
        out = part
        if out is not None and records is not None:
            line = json.dumps(summary.record, ensure_ascii=False) + "\n"
            _guarded(records, lambda: out.write(line))
            written += 1

    def flush(_: int) -> None:
        out = part
        if out is not None and records is not None:
            _guarded(records, out.flush)

    finished = False
    # kill (SIGTERM) stops the run as Ctrl-C does: the finished games are kept in
    # FILE.partial, no temporary file is left and the exit is the same
    with sigterm_as_interrupt():
        try:
            # the records go to a file beside the target, made before any game is played
            # (an unwritable place is said at once), written game by game as the games
            # finish (a full disk is said when it happens) and put in the target's place
            # only at the end
            part = _records_file(records) if records is not None else None
            run(keep_records=records is not None, on_game=on_game, progress=flush)
            if part is not None and records is not None:
                _finish_records(part, records)
            finished = True
        except (KeyboardInterrupt, SimulationError) as e:
            if part is not None and records is not None and written and not _direct(part, records):
                kept = _keep_partial(part, records)
                err_console.print(
                    f"Stopped: the first {written} games, finished in order, kept in"
                    f" {plain(kept)}.",
                    markup=False,
                    highlight=False,
                    soft_wrap=True,
                )
                if isinstance(e, KeyboardInterrupt):  # that line is the one line
                    raise typer.Exit(STOPPED) from None
            raise
        finally:
            if part is not None:
                with contextlib.suppress(OSError):
                    part.close()
                if not finished and records is not None and not _direct(part, records):
                    Path(part.name).unlink(missing_ok=True)
    return written


def _records_file(target: Path) -> IO[str]:
    """A new file in the target's folder for the records; InputError when none can be
    made there (no such folder, no permission, a read-only disk) or the target is a
    folder. A target that is there and is not a regular file (a device such as
    ``/dev/null``, a named pipe) is written to as it is, never replaced."""
    if target.is_dir():
        raise InputError(f"cannot write the records to {plain(target)}: it is a folder")
    try:
        if target.exists() and not target.is_file():
            return open(target, "w", encoding="utf-8")  # closed by the caller
        return part_file(target)
    except OSError as e:
        raise InputError(f"cannot write the records to {plain(target)}: {e.strerror}") from None


def _guarded(target: Path, write: Callable[[], object]) -> None:
    """Run one write to the records file; a full disk is an InputError at once."""
    try:
        write()
    except OSError as e:
        raise InputError(f"cannot write the records to {plain(target)}: {e.strerror}") from None


def _direct(part: IO[str], target: Path) -> bool:
    """Whether the records go straight to the target (a device or a pipe)."""
    return Path(part.name) == target


def _finish_records(part: IO[str], target: Path) -> None:
    """Put the written records file in the target's place."""
    try:
        if _direct(part, target):
            part.close()
            return
        part.flush()
        os.fsync(part.fileno())
        part.close()
        os.replace(part.name, target)
    except OSError as e:  # a full disk, a target that is a folder
        raise InputError(f"cannot write the records to {plain(target)}: {e.strerror}") from None


def _keep_partial(part: IO[str], target: Path) -> Path:
    """After an interruption: the records written so far, cut after their last whole
    line, moved to ``TARGET.partial`` (the target itself stays as it was)."""
    kept = target.with_name(target.name + ".partial")
    with contextlib.suppress(OSError):
        part.flush()
    with contextlib.suppress(OSError):
        part.close()
    try:
        with open(part.name, "rb+") as f:
            size = f.seek(0, os.SEEK_END)
            start = max(0, size - (1 << 16))
            while True:
                f.seek(start)
                tail = f.read(size - start)
                cut = tail.rfind(b"\n")
                if cut >= 0 or start == 0:
                    f.truncate(start + cut + 1 if cut >= 0 else 0)
                    break
                start = max(0, start - (1 << 16))
        os.replace(part.name, kept)
    except OSError:
        return Path(part.name)
    return kept


def show_statistics(stats: SimulationStats) -> None:
    """The statistics of a run as Rich tables."""
    house = untrusted(", ".join(f"{k}={v}" for k, v in stats.overrides.items()))
    console.print(
        f"[bold]{untrusted(stats.title)}[/] — variant {untrusted(stats.variant)}"
        + (f" with {house}" if house else "")
        + f", {stats.games} games, {stats.players} players, seed {stats.seed}",
        markup=True,
    )
    table = Table(title="Per seat", title_justify="left")
    for col in ("seat", "bot", "wins", "win rate", "95% interval", "mean payment (lá)"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for s in stats.seats:
        lo, hi = s.wins.ci95
        table.add_row(
            str(s.seat + 1), s.bot or "", str(s.wins.count), f"{s.wins.rate:.1%}",
            f"{lo:.1%} – {hi:.1%}", _signed(s.payment.mean),
        )  # fmt: skip
    console.print(table)
    facts = Table(title="Per game", title_justify="left", show_header=False)
    facts.add_column("what")
    facts.add_column("value", justify="right")
    m = stats.moved
    facts.add_row("lá changing hands", f"{mean_text(m)} (sd {m.sd:.1f})")
    facts.add_row("mean length (actions)", mean_text(stats.length))
    facts.add_row(
        "first seat wins",
        f"{share_text(stats.first_seat)} (fair: {1 / max(stats.players, 1):.0%})",
    )
    facts.add_row("first seat's mean payment", mean_text(stats.first_seat_payment))
    facts.add_row("draws", f"{stats.draw.count} ({share_text(stats.draw)})")
    facts.add_row("instant wins", f"{stats.instant_win.count} ({share_text(stats.instant_win)})")
    for kind, count in stats.instant_wins.items():
        facts.add_row(f"  {kind}", str(count))
    for f in stats.figures:
        facts.add_row(f"games with {f.statistic.label}", share_text(f.share))
    for key, value in stats.other_counters().items():
        facts.add_row(f"{key.replace('_', ' ')} per game", f"{value:.3f}")
    console.print(facts)


def _signed(value: float) -> Text:
    text = f"{value:+.2f}"
    return Text(text, style="green" if value > 0 else "red" if value < 0 else "")
