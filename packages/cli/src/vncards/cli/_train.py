"""``vncards train GAME``: train a network for a climbing game by Deep Monte-Carlo
self-play (:mod:`vncards.envs.learn`), with a progress bar, a checkpoint to resume from,
the weights a ``net`` bot loads, and the training curve as JSON (and PNG with
matplotlib).

The learner lives in ``vncards-envs`` (numpy): the CLI imports it only when this
command runs, so ``pip install 'vncards-cli[learn]'`` is what it needs.
"""

from __future__ import annotations

import importlib
import json
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from vncards.cli._common import (
    InputError,
    complete_game,
    console,
    emit_json,
    err_console,
    get_plugin,
    rules_for,
)

__all__ = ["plot_curve", "train_command"]

MISSING = (
    "vncards train needs the learner of vncards-envs (numpy): install"
    " 'vncards-cli[learn]' or vncards-envs beside vncards-cli."
)


def _learner() -> Any:
    # one BLAS thread: a decision's matrices are small, and threads waiting on each
    # other cost more than they save (set before numpy loads; a value given is kept)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        return importlib.import_module("vncards.envs.learn")
    except ModuleNotFoundError as e:
        if e.name is not None and e.name.split(".")[0] in {"vncards", "numpy"}:
            raise InputError(MISSING) from None
        raise


def _widths(text: str, what: str) -> tuple[int, ...]:
    try:
        values = tuple(int(v) for v in text.replace(" ", "").split(",") if v)
    except ValueError:
        values = ()
    if not values or min(values) < 1:
        raise InputError(f"{what} takes whole numbers above 0 separated by commas, not {text!r}")
    return values


def plot_curve(curve: list[dict[str, Any]], path: Path) -> bool:
    """Draw the win share against greedy (with its 95% interval) over games played as a
    PNG; ``False`` when matplotlib is not installed (the ``plot`` extra)."""
    try:
        import matplotlib
    except ModuleNotFoundError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [p["games"] for p in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(games, [p["share_low"] for p in curve], [p["share_high"] for p in curve],
                    alpha=0.25)  # fmt: skip
    ax.plot(games, [p["share"] for p in curve], marker="o")
    ax.set_xlabel("games played")
    ax.set_ylabel("win share against greedy")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100, format="png")
    plt.close(fig)
    return True


def _config(learn: Any, game: str, options: dict[str, Any], seed: int) -> Any:
    play = learn.PlaySettings(
        game=game, variant=options["variant"], players=_widths(options["players"], "--players"),
        explore=options["explore"], greedy_share=options["greedy_share"],
        margin=options["margin"], win_bonus=options["win_bonus"],
    )  # fmt: skip
    return learn.TrainConfig(
        play=play, hidden=_widths(options["hidden"], "--hidden"), lr=options["lr"],
        replay=options["replay"], eval_every=options["eval_every"],
        eval_deals=options["eval_deals"], seed=seed,
    )  # fmt: skip


def _run(trainer: Any, games: int, actors: dict[str, Any], out: Path) -> None:
    def saved(done: int, wanted: int) -> None:
        if done % trainer.config.eval_every == 0 or done >= wanted:
            trainer.save(out / "checkpoint.npz")

    if not err_console.is_terminal:
        trainer.train(games, progress=saved, **actors)
        return
    columns = (TextColumn("training"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task("training", total=games, completed=trainer.games)

        def advance(done: int, wanted: int) -> None:
            bar.update(task, completed=done)
            saved(done, wanted)

        trainer.train(games, progress=advance, **actors)


def train_command(
    game: Annotated[
        str,
        typer.Argument(
            help="A game with network rows: tienlen, samloc, tusac, phom or maubinh.",
            autocompletion=complete_game,
        ),
    ],
    games: Annotated[int, typer.Option("--games", help="Games to have played in all.")] = 20_000,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="Preset of the game.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Folder for the files (default: ./train-GAME)."),
    ] = None,
    players: Annotated[
        str, typer.Option("--players", help="Table sizes, game i using the i-th in turn.")
    ] = "4",
    greedy_share: Annotated[
        float,
        typer.Option("--greedy-share", help="Chance that each seat but one is the greedy bot."),
    ] = 0.5,
    explore: Annotated[
        float, typer.Option("--explore", help="Chance of a random action while learning.")
    ] = 0.05,
    margin: Annotated[
        float,
        typer.Option("--margin", help="How much better than greedy's play another must score."),
    ] = 0.0,
    win_bonus: Annotated[
        float,
        typer.Option("--win-bonus", help="Lá added to a win in the network's targets."),
    ] = 0.0,
    hidden: Annotated[str, typer.Option("--hidden", help="Hidden layer widths.")] = "256,128",
    lr: Annotated[float, typer.Option("--lr", help="Adam's step size.")] = 3e-4,
    replay: Annotated[
        float, typer.Option("--replay", help="Batches fitted per batch of new samples.")
    ] = 3.0,
    eval_every: Annotated[
        int, typer.Option("--eval-every", help="Games between two points of the curve.")
    ] = 5_000,
    eval_deals: Annotated[
        int, typer.Option("--eval-deals", help="Duplicate deals a point is measured on.")
    ] = 50,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="Actor processes.")] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="A Dask scheduler (tcp://HOST:PORT) for the actors."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on from the checkpoint in --out.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Train a network for GAME by Deep Monte-Carlo self-play, measured against the
    greedy bot as it learns.

    Writes to --out: checkpoint.npz (resume with --resume), GAME.npz (the weights a net
    bot loads: vncards.envs.net.net_bot(GAME, weights=...)), curve.json and, with
    matplotlib installed, curve.png. The same seed and settings train the same network.
    """
    learn = _learner()
    rules_for(get_plugin(game), variant)  # an unknown game or preset is refused here
    folder = out if out is not None else Path(f"train-{game}")
    folder.mkdir(parents=True, exist_ok=True)
    options = {
        "players": players, "greedy_share": greedy_share, "explore": explore, "margin": margin,
        "win_bonus": win_bonus, "hidden": hidden, "lr": lr, "replay": replay,
        "eval_every": eval_every, "eval_deals": eval_deals, "variant": variant,
    }  # fmt: skip
    checkpoint = folder / "checkpoint.npz"
    if resume and checkpoint.is_file():
        trainer = learn.Trainer.load(checkpoint)
    else:
        trainer = learn.Trainer(_config(learn, game, options, seed))
    started = time.process_time()
    _run(trainer, games, {"workers": workers, "scheduler": scheduler}, folder)
    trainer.save(checkpoint)
    trainer.export(folder / f"{game}.npz")
    (folder / "curve.json").write_text(json.dumps(trainer.curve, indent=1) + "\n", "utf-8")
    drew = plot_curve(trainer.curve, folder / "curve.png")
    last = trainer.curve[-1] if trainer.curve else None
    if as_json:
        emit_json({"games": trainer.games, "updates": trainer.updates, "last": last,
                   "folder": str(folder), "png": drew})  # fmt: skip
        return
    console.print(f"{trainer.games} games played, {trainer.updates} updates,"
                  f" {time.process_time() - started:.0f} s of CPU time this run")  # fmt: skip
    if last is not None:
        console.print(
            f"against the greedy bot: won {last['share']:.1%} (95% {last['share_low']:.1%}"
            f"–{last['share_high']:.1%}) of {last['eval_games']} games,"
            f" {last['la']:+.2f} lá a game"
        )
    console.print(f"weights: {folder / (game + '.npz')}" + ("" if drew else " (no curve.png:"
                  " matplotlib is not installed)"))  # fmt: skip
