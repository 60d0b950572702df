"""The query commands machines rely on: games, rules, classify, beats, moves, deal, analyze.

Each answers with ``--json`` exactly as the project's CLI contract says, or with a
readable Rich rendering otherwise. An answered query (even "no") exits 0.
"""

from __future__ import annotations

import inspect
import json
import secrets
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text
from vncards.cli._common import (
    InputError,
    card_tokens,
    complete_game,
    console,
    emit_json,
    get_plugin,
    installed_games,
    plain,
    rules_for,
    untrusted,
)
from vncards.cli._display import cards_for, words_text
from vncards.core import (
    AnalyzesHands,
    BeatsCards,
    ClassifiesCards,
    DealsJson,
    DescribesAnalysis,
    ExplainsPresets,
    GamePlugin,
    ListsMoves,
    RulesBase,
    game_record_schema,
)

__all__ = [
    "analyze_command",
    "beats_command",
    "classify_command",
    "deal_command",
    "deal_payload",
    "default_players",
    "games_command",
    "games_payload",
    "moves_command",
    "rules_command",
    "schema_command",
]

GameArg = Annotated[
    str,
    typer.Argument(help="Game name, as `vncards games` lists it.", autocompletion=complete_game),
]
VariantOpt = Annotated[
    str | None, typer.Option("--variant", "-v", help="Preset of the game (default: its default).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]
CardsArg = Annotated[
    list[str], typer.Argument(help="Cards, one per argument (quote names with a space).")
]


def _players_of(plugin: GamePlugin[Any, Any, Any]) -> tuple[int, int]:
    lo, hi = plugin.player_range(plugin.presets[plugin.default_preset])
    return int(lo), int(hi)


def games_payload() -> list[dict[str, Any]]:
    """Every installed game with its title, deck, presets, player range and bots."""
    out = []
    for name, plugin in installed_games().items():
        presets = []
        for preset, rules in plugin.presets.items():
            lo, hi = plugin.player_range(rules)
            presets.append({"name": preset, "players": [lo, hi]})
        out.append(
            {
                "name": name,
                "title": plugin.title,
                "deck": plugin.deck,
                "default_preset": plugin.default_preset,
                "presets": presets,
                "players": list(_players_of(plugin)),
                "bots": list(plugin.bots),
            }
        )
    return out


def games_command(json_out: JsonOpt = False) -> None:
    """List the installed games: title, presets, player range, bots."""
    games = games_payload()
    if json_out:
        emit_json({"games": games})
        return
    if not games:
        console.print("No game is installed.")
        return
    table = Table(title="Installed games", title_justify="left")
    for col in ("game", "title", "deck", "presets (default first)", "players", "bots"):
        table.add_column(col)
    for g in games:
        names = [p["name"] for p in g["presets"]]
        names.sort(key=lambda n: n != g["default_preset"])
        lo, hi = g["players"]
        cells = (g["name"], g["title"], g["deck"], ", ".join(names), f"{lo}–{hi}")
        table.add_row(*(Text(plain(c)) for c in (*cells, ", ".join(g["bots"]))))
    console.print(table)


def _rules_payload(
    plugin: GamePlugin[Any, Any, Any], variant: str | None, rules: RulesBase
) -> dict[str, Any]:
    name = variant or plugin.default_preset
    settings = rules.model_dump(mode="json")
    default = plugin.presets[plugin.default_preset].model_dump(mode="json")
    differs = {k: v for k, v in settings.items() if default.get(k) != v}
    payload: dict[str, Any] = {
        "game": plugin.name,
        "title": plugin.title,
        "variant": name,
        "default_variant": plugin.default_preset,
        "rules": settings,
        "differs_from_default": differs,
    }
    if isinstance(plugin, ExplainsPresets):
        payload["notes"] = plugin.preset_differences(name)
    return payload


def rules_command(game: GameArg, variant: VariantOpt = None, json_out: JsonOpt = False) -> None:
    """Show every rule setting of a game's preset."""
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    data = _rules_payload(plugin, variant, rules)
    if json_out:
        emit_json(data)
        return
    console.print(
        f"[bold]{untrusted(plugin.title)}[/] — variant [bold]{untrusted(data['variant'])}[/]"
    )
    table = Table(show_header=True)
    table.add_column("setting")
    table.add_column("value")
    for key, value in data["rules"].items():
        mark = " [yellow](≠ default)[/]" if key in data["differs_from_default"] else ""
        table.add_row(Text(plain(key)), f"{untrusted(repr(value))}{mark}")
    console.print(table)
    notes = data.get("notes")
    if isinstance(notes, dict) and notes:
        diff = Table(
            title=f"{data['variant']} against {plugin.default_preset}", title_justify="left"
        )
        for col in ("setting", plugin.default_preset, data["variant"]):
            diff.add_column(col)
        for key, pair in notes.items():
            old, new = pair if isinstance(pair, list | tuple) and len(pair) == 2 else ("", pair)
            diff.add_row(key, repr(old), repr(new))
        console.print(diff)
    elif notes:
        console.print(str(notes), markup=False)


def classify_command(
    game: GameArg, cards: CardsArg, variant: VariantOpt = None, json_out: JsonOpt = False
) -> None:
    """Name the combination some cards form (or say they form none)."""
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    if not isinstance(plugin, ClassifiesCards):
        raise _unanswered(plugin, "classify")
    data: dict[str, Any] = plugin.classify_cards(rules, card_tokens(plugin, cards))
    if json_out:
        emit_json(data)
        return
    shown = cards_for(plugin, data.get("cards", []))
    if data.get("combo") is None:
        console.print(Text.assemble(shown, " is no combination in ", plugin.title, "."))
    else:
        console.print(Text.assemble(shown, " is a ", (data["combo"], "bold"), "."))


def beats_command(
    game: GameArg,
    over: Annotated[str, typer.Option("--over", help="The combination on the table.")],
    play: Annotated[str, typer.Option("--play", help="The cards played over it.")],
    variant: VariantOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Say whether a play beats the table's combination, and whether as a chop."""
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    if not isinstance(plugin, BeatsCards):
        raise _unanswered(plugin, "beats")
    over_t = card_tokens(plugin, [over])
    play_t = card_tokens(plugin, [play])
    data: dict[str, bool] = plugin.beats_cards(rules, over_t, play_t)
    if json_out:
        emit_json(data)
        return
    a, b = cards_for(plugin, play_t), cards_for(plugin, over_t)
    if data["beats"]:
        how = " chops " if data["chop"] else " beats "
        console.print(Text.assemble(a, (how, "bold green"), b, "."))
    else:
        console.print(Text.assemble(a, (" does not beat ", "bold red"), b, "."))


def moves_command(
    game: GameArg,
    hand: Annotated[str, typer.Option("--hand", help="The cards in hand.")],
    over: Annotated[
        str | None, typer.Option("--over", help="The combination to beat (leading if absent).")
    ] = None,
    variant: VariantOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """List every legal play from a hand, leading or over a combination."""
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    if not isinstance(plugin, ListsMoves):
        raise _unanswered(plugin, "moves")
    over_t = card_tokens(plugin, [over]) if over else None
    hand_t = card_tokens(plugin, [hand])
    size = getattr(plugin, "hand_size", None)
    if callable(size) and len(hand_t) > int(size(rules)):
        # the plays of a hand grow exponentially with its size: refuse what no deal gives
        raise InputError(
            f"a {plugin.name} hand holds at most {int(size(rules))} cards, not {len(hand_t)}"
        )
    data: list[dict[str, Any]] = plugin.moves_cards(rules, hand_t, over_t)
    if json_out:
        emit_json({"moves": data})
        return
    if not data:
        console.print("No legal play: pass.")
        return
    table = Table(title=f"{len(data)} legal plays", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("combination")
    table.add_column("cards")
    table.add_column("chop")
    for i, m in enumerate(data, 1):
        table.add_row(
            str(i), m["combo"], cards_for(plugin, m["cards"]), "chop" if m.get("chop") else ""
        )
    console.print(table)


def _unanswered(plugin: GamePlugin[Any, Any, Any], what: str) -> InputError:
    return InputError(f"{plugin.name} does not answer {what} queries")


def default_players(plugin: GamePlugin[Any, Any, Any], rules: RulesBase) -> int:
    """Four players when the rules allow it, else the nearest allowed number."""
    lo, hi = plugin.player_range(rules)
    return max(int(lo), min(4, int(hi)))


def deal_payload(
    plugin: GamePlugin[Any, Any, Any], rules: RulesBase, n_players: int, seed: int
) -> dict[str, Any]:
    """A seeded deal as record fields plus its instant wins, from the plugin's own
    ``deal_json`` when it has one, else from the protocol alone."""
    lo, hi = plugin.player_range(rules)
    if not lo <= n_players <= hi:
        raise InputError(f"{plugin.name} is played by {lo} to {hi} players, not {n_players}")
    if isinstance(plugin, DealsJson):
        data: dict[str, Any] = dict(plugin.deal_json(rules, n_players, seed))
    else:
        state = plugin.new_game(rules, n_players, seed)
        deal = plugin.record_deal(state)
        players = [f"P{i + 1}" for i in range(n_players)]
        data = {
            "game": plugin.name,
            "players": players,
            "hands": {players[i]: cards for i, cards in enumerate(deal["hands"])},
        }
        if deal.get("first") is not None:
            data["first"] = players[deal["first"]]
        if deal.get("stock") is not None:
            data["stock"] = deal["stock"]
        res = plugin.result(state)
        wins = []
        if res.instant_win is not None and res.winner is not None:
            wins.append({"player": players[res.winner], "code": res.instant_win})
        data["instant_wins"] = wins
    return data


def deal_command(
    game: GameArg,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Seed; the same seed gives the same deal.")
    ] = None,
    variant: VariantOpt = None,
    vietnamese: Annotated[bool, typer.Option("--vi", help="Vietnamese card names.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Deal a game from a seed: hands, stock (where there is one), instant wins."""
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    n = players if players is not None else default_players(plugin, rules)
    chosen = seed if seed is not None else secrets.randbelow(2**32)
    data = deal_payload(plugin, rules, n, chosen)
    data.setdefault("variant", variant or plugin.default_preset)
    data.setdefault("seed", chosen)
    if json_out:
        emit_json(data)
        return
    console.print(f"[bold]{untrusted(plugin.title)}[/] — {n} players, seed {chosen}")
    sep = ", " if vietnamese else " "
    for name, cards in data["hands"].items():
        lead = " (acts first)" if data.get("first") == name else ""
        console.print(
            Text.assemble(
                (f"{name:>4}{lead}: ", "bold"),
                cards_for(plugin, cards, vietnamese=vietnamese, sep=sep),
            )
        )
    if data.get("stock") is not None:
        console.print(f"stock: {len(data['stock'])} cards")
    for win in data.get("instant_wins", []):
        console.print(f"[bold yellow]Instant win[/]: {win['player']} holds {win['code']}.")


def analyze_command(
    game: GameArg, cards: CardsArg, variant: VariantOpt = None, json_out: JsonOpt = False
) -> None:
    """Analyse a private hand in the game's own words, for a game that answers it.

    What is said is the game's: its groups, what is left over, the points it counts.
    """
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    if not isinstance(plugin, AnalyzesHands):
        raise _unanswered(plugin, "analyze")
    tokens = card_tokens(plugin, cards)
    if "rules" in inspect.signature(plugin.analyze_cards).parameters:
        data: dict[str, Any] = plugin.analyze_cards(tokens, rules=rules)  # type: ignore[call-arg]
    else:
        data = plugin.analyze_cards(tokens)
    if json_out:
        emit_json(data)
        return
    if isinstance(plugin, DescribesAnalysis):  # the game words its own answer
        for line in plugin.analysis_words(data):
            console.print(words_text(plugin, line))
        return
    for key, value in data.items():  # a game that does not word its answer: its fields
        console.print(f"{key}: {json.dumps(value, ensure_ascii=False)}", markup=False)


def schema_command(
    game: GameArg,
    variant: VariantOpt = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="Accepted for uniformity: the schema is JSON.")
    ] = False,
) -> None:
    """Print the strict JSON Schema of GAME's records.

    The envelope and the game's own action keys, each with the shape of its value (a
    record an action of which has no known key, two keys or a value of the wrong shape
    fails it). With --variant, the schema of that variant's records (their variant must
    name it).
    """
    plugin = get_plugin(game)
    emit_json(game_record_schema(plugin, variant))
