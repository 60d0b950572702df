"""Short paths taken for speed give exactly what the plain paths give: the batched
shuffle, play_game without Decision values, shared Play values, Tiến lên's answer to a
single."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    Bot,
    ClimbState,
    Decision,
    Pass,
    Play,
    PlayList,
    RandomBot,
    Rng,
    classify,
    derive_seed,
    legal_plays,
    play_game,
    resolve_rules,
)
from vncards.core import _rng as rng_module
from vncards.samloc import SamLoc
from vncards.samloc import plugin as samloc
from vncards.samloc._game import build_plugin as build_sam_plugin
from vncards.tienlen import TienLenGame
from vncards.tienlen import plugin as tienlen
from vncards.tienlen._engine import CHOP_TABLE, COMBO_RULES
from vncards.tienlen._plugin import build_plugin

_MASK64 = (1 << 64) - 1


def _splitmix_shuffle(seed: int, items: list[int], limit_of: Any) -> int:
    """SplitMix64 one output at a time, Fisher–Yates from the end with rejection; returns
    the generator's next output afterwards."""
    state = seed & _MASK64

    def next64() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        z = next64()
        while z >= limit_of(n):
            z = next64()
        j = z % n
        items[i], items[j] = items[j], items[i]
    return next64()


def _below_limit(n: int) -> int:
    return (1 << 64) - (1 << 64) % n


@settings(max_examples=300)
@given(st.integers(0, 2**64 - 1), st.integers(0, 140))
def test_batched_shuffle_draws_what_one_at_a_time_draws(seed: int, size: int) -> None:
    """The shuffle computes its SplitMix64 draws side by side in one big int; the deck
    comes out as a draw-by-draw Fisher–Yates leaves it, and the generator ends in the
    same state (decks past 127 cards take the one-at-a-time path)."""
    ours = list(range(size))
    rng = Rng(seed)
    rng.shuffle(ours)
    reference = list(range(size))
    after = _splitmix_shuffle(seed, reference, _below_limit)
    assert ours == reference
    assert rng.next64() == after


@pytest.mark.parametrize("limit", [1 << 63, 3 << 62, 1 << 62])
def test_shuffle_goes_on_one_draw_at_a_time_after_a_rejection(
    limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A draw below() rejects (odds under n / 2**64 with the real bounds, so the bounds
    are lowered here to make them common) hands over to one draw at a time, from the
    generator just past the rejected draw."""
    monkeypatch.setattr(rng_module, "_LIMITS", tuple(limit for _ in range(129)))
    monkeypatch.setattr(rng_module, "_NATIVE", False)  # the pure path's lanes (both builds)
    for k in range(200):
        seed = derive_seed(11, k)
        size = (2, 5, 40, 52, 100)[k % 5]
        ours = list(range(size))
        rng = Rng(seed)
        rng.shuffle(ours)
        reference = list(range(size))
        after = _splitmix_shuffle(seed, reference, lambda n: limit)
        assert ours == reference
        assert rng.next64() == after


class _Recorder:
    """A random bot that also notes what it was offered."""

    name = "recorder"

    def __init__(self, seed: int, seen: list[Any]) -> None:
        self._rng = random.Random(seed)
        self.seen = seen

    def choose(self, view: Any, actions: Any, optional: bool) -> Any | None:
        self.seen.append((view.seat, list(actions), optional))
        if optional and self._rng.random() < 0.7:
            return None
        return actions[int(self._rng.random() * len(actions))]


def _decision_loop(plugin: Any, state: Any, bots: list[_Recorder]) -> list[Any]:
    """play_game's loop written on the public ``decision``."""
    actions: list[Any] = []
    while True:
        d = plugin.decision(state)
        if d is None:
            return actions
        assert isinstance(d, Decision)
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
            actions.append(choice)


@pytest.mark.parametrize("plugin", [tienlen, samloc], ids=["tienlen", "samloc"])
def test_play_game_offers_what_decision_offers(plugin: Any) -> None:
    """play_game asks Tiến lên and Sâm for their decisions without building Decision
    values; bots are offered the same actions, play the same game and end in the same
    state as in a loop over ``decision``."""
    for preset in plugin.presets:
        rules = resolve_rules(plugin, preset)
        for k in range(15):
            seed = derive_seed(5, k)
            fast_seen: list[Any] = []
            slow_seen: list[Any] = []
            fast = plugin.new_game(rules, 4, seed)
            slow = plugin.new_game(rules, 4, seed)
            played = play_game(plugin, fast, [_Recorder(s, fast_seen) for s in range(4)])
            actions = _decision_loop(plugin, slow, [_Recorder(s, slow_seen) for s in range(4)])
            assert played.actions == actions
            assert fast_seen == slow_seen
            assert played.final == slow
            assert plugin.result(played.final) == plugin.result(slow)


def test_play_game_uses_a_decision_a_subclass_replaces() -> None:
    """A subclass that replaces ``decision`` is asked through it, not through the parts
    the base class builds it from."""

    calls: list[int] = []

    class Counting(TienLenGame):
        plays_fast = False  # decides otherwise than the base: the compiled loop may not

        def to_act(self, state: ClimbState) -> Decision[Any] | None:
            calls.append(state.n_actions)
            decision: Decision[Any] | None = super().to_act(state)
            return decision

    game = build_plugin(Counting())
    rules = game.presets[game.default_preset]
    state = game.new_game(rules, 4, 3)
    bots: list[Bot] = [tienlen.bots["random"](s) for s in range(4)]
    played = play_game(game, state, bots)
    assert len(calls) == len(played.actions) + 1


def test_play_list_hands_out_equal_values() -> None:
    """Actions of a PlayList are equal to new Play and Pass values, by index from either
    end, and its bounds and slices are those of a sequence."""
    acts = PlayList(seat=2, masks=[0b1, 0b110], can_pass=True)
    assert [acts[0], acts[1], acts[2]] == [Play(2, 1), Play(2, 6), Pass(2)]
    assert acts[-1] == Pass(2)
    assert acts[-3] == Play(2, 1)
    assert acts[0:2] == [Play(2, 1), Play(2, 6)]
    assert list(acts) == [Play(2, 1), Play(2, 6), Pass(2)]
    assert acts[1] == PlayList(2, [0b110], False)[0]
    with pytest.raises(IndexError):
        acts[3]
    with pytest.raises(IndexError):
        PlayList(2, [1], False)[1]
    # a mask that is not a plain int stays as it was given
    odd = PlayList(0, [True], False)[0]
    assert isinstance(odd, Play)
    assert odd.cards is True


@settings(max_examples=300)
@given(
    st.integers(0, (1 << 52) - 1),
    st.integers(0, 51),
    st.sampled_from([0, 1, 2]),
)
def test_tienlen_answer_to_a_single_is_the_generators(hand: int, card: int, shape: int) -> None:
    """Tiến lên lists the answers to a single (and a 2's chops) itself; they are those
    of the core generator, in its order; other tables go to the generator."""
    table_mask = (1 << card, 1 << (48 + card % 4), 0b11 << (4 * (card // 4)))[shape]
    table = classify(table_mask, COMBO_RULES)
    assert table is not None
    hand &= ~table_mask
    state = ClimbState([hand, table_mask], 0)
    state.table = table
    state.pile = table_mask
    eng = tienlen.engine(tienlen.presets["dem-la"])
    assert eng.plays(state) == legal_plays(hand, COMBO_RULES, table, CHOP_TABLE)


class _Wrapped:
    """A bot that chooses what the bot it wraps chooses, through ``choose``: play_game
    cannot draw for it, so the plain loop runs."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name

    def choose(self, view: Any, actions: Any, optional: bool) -> Any | None:
        return self.bot.choose(view, actions, optional)


@pytest.mark.parametrize("plugin", [tienlen, samloc], ids=["tienlen", "samloc"])
def test_random_bots_play_the_game_they_play_through_choose(plugin: Any) -> None:
    """play_game draws for random bots itself (one draw per choice, as their ``choose``
    does); every preset and table size gives the same actions and the same final state
    as random bots asked through ``choose``, alone or beside other bots. Random bots
    alone read no view, so that playout keeps no events (FastPlayout); beside another
    bot every event is kept, as in the plain loop."""
    for preset in plugin.presets:
        rules = resolve_rules(plugin, preset)
        lo, hi = plugin.player_range(rules)
        for k in range(12):
            n = lo + k % (hi - lo + 1)
            seed = derive_seed(9, k)
            factory = plugin.bots["random"]
            drawn: list[Any] = [factory(derive_seed(seed, s)) for s in range(n)]
            asked: list[Any] = [_Wrapped(factory(derive_seed(seed, s))) for s in range(n)]
            if k % 3 == 2:  # one seat of another kind
                seen: list[Any] = []
                drawn[0] = _Recorder(seed, seen)
                asked[0] = _Recorder(seed, seen)
            fast = play_game(plugin, plugin.new_game(rules, n, seed), drawn)
            plain = play_game(plugin, plugin.new_game(rules, n, seed), asked)
            assert fast.actions == plain.actions
            if k % 3 != 2:  # random bots alone: the events of the deal only
                assert fast.final.events == fast.start.events
                plain.final.events = list(fast.final.events)
            assert fast.final == plain.final
            assert plugin.result(fast.final) == plugin.result(plain.final)


def test_a_random_bot_whose_choose_is_replaced_is_asked() -> None:
    """A random bot whose class gives it a ``choose`` of its own is asked, not drawn for
    (``RandomBot.drawn_in_loop`` goes off for it): here it always takes the last offered
    action, and it is handed its seat's view."""
    offered: list[int] = []

    class Last(RandomBot):
        def choose(self, view: Any, actions: Any, optional: bool) -> Any:
            assert view.seat == 1
            assert view.hand_mask
            offered.append(len(actions))
            return actions[-1]

    assert RandomBot.drawn_in_loop
    assert not Last.drawn_in_loop
    bots: list[Bot] = [tienlen.bots["random"](s) for s in range(4)]
    bots[1] = Last(1)
    rules = resolve_rules(tienlen, None)
    played = play_game(tienlen, tienlen.new_game(rules, 4, 21), bots)
    assert offered
    assert sum(1 for a in played.actions if a.seat == 1) == len(offered)


def test_play_game_applies_through_an_apply_a_subclass_replaces() -> None:
    """A subclass that replaces ``apply`` has every action go through it, random bots
    included."""
    applied: list[Any] = []

    class Logging(SamLoc):
        plays_fast = False  # applies otherwise than the base: the compiled loop may not

        def apply(self, state: ClimbState, action: Any) -> list[Any]:
            applied.append(action)
            events: list[Any] = super().apply(state, action)
            return events

    game = build_sam_plugin(Logging())
    rules = game.presets[game.default_preset]
    bots: list[Bot] = [game.bots["random"](s) for s in range(4)]
    played = play_game(game, game.new_game(rules, 4, 8), bots)
    assert applied == played.actions


def test_sam_hooks_a_subclass_overrides_are_the_ones_the_playout_calls() -> None:
    """Sâm's ``side_decision`` and ``decline`` are compiled functions bound in its class;
    a subclass that overrides them as methods has the compiled playout call its own
    (random bots), and the games are the ones the base plays."""
    asked: list[int] = []
    declined: list[int] = []

    class Watching(SamLoc):
        def side_decision(self, state: ClimbState) -> Any:
            side = super().side_decision(state)
            if side is not None:
                asked.append(side[0])
            return side

        def decline(self, state: ClimbState, seat: int) -> None:
            declined.append(seat)
            super().decline(state, seat)

    game = build_sam_plugin(Watching())
    rules = game.presets[game.default_preset]
    for seed in range(5):
        bots: list[Bot] = [game.bots["random"](s) for s in range(4)]
        played = play_game(game, game.new_game(rules, 4, seed), bots)
        base_bots: list[Bot] = [samloc.bots["random"](s) for s in range(4)]
        base = play_game(samloc, samloc.new_game(rules, 4, seed), base_bots)
        assert played.actions == base.actions
        assert game.result(played.final) == samloc.result(base.final)
    assert asked
    assert declined
    assert set(declined) <= set(asked)


@pytest.mark.parametrize("plugin", [tienlen, samloc], ids=["tienlen", "samloc"])
def test_an_offered_play_made_unchecked_leaves_what_play_leaves(plugin: Any) -> None:
    """Engines with ``offers_legal_plays`` let the fast loop make an offered play without
    checking it again: at each step of games under every preset, every offered play
    made that way leaves the same state as the checked ``play``."""
    for preset in plugin.presets:
        rules = resolve_rules(plugin, preset)
        for g in range(3):
            state = plugin.new_game(rules, 4, derive_seed(17, g))
            eng = state.engine
            assert eng.offers_legal_plays
            rng = random.Random(g)
            tried = 0
            while not state.finished:
                d = plugin.decision(state)
                assert d is not None
                if not d.optional:
                    for mask in eng.plays(state):
                        checked, unchecked = state.copy(), state.copy()
                        eng.play(checked, d.seat, mask)
                        eng._play_offered(unchecked, d.seat, mask)
                        assert unchecked == checked
                        tried += 1
                    action = d.actions[rng.randrange(len(d.actions))]
                    plugin.apply(state, action)
                else:
                    plugin.decline(state, d.seat)
            assert tried > 20


def test_an_engine_that_does_not_vouch_for_its_plays_has_them_checked() -> None:
    """An engine that refuses in ``_check_hook`` a play its ``plays`` offers (and so does
    not set ``offers_legal_plays``) has the fast loop's plays go through ``play``: the
    refusal surfaces instead of the play being made."""
    from vncards.core import ClimbEngine, IllegalMove
    from vncards.tienlen._engine import TienLenEngine

    class NoSingleTwos(TienLenEngine):
        offers_legal_plays = False

        def _check_hook(self, state: ClimbState, seat: int, mask: int, combo: Any) -> None:
            if mask.bit_count() == 1 and mask >> 48:
                raise IllegalMove("no-twos", "No single 2s at this table.")

    assert ClimbEngine.offers_legal_plays is False
    rules = resolve_rules(tienlen, None)

    def games() -> None:  # some game of these plays a single 2
        for seed in range(40):
            state = tienlen.new_game(rules, 4, seed)
            state.engine = NoSingleTwos(rules)
            bots: list[Bot] = [tienlen.bots["random"](seed * 4 + s) for s in range(4)]
            play_game(tienlen, state, bots)

    with pytest.raises(IllegalMove) as refusal:
        games()
    assert refusal.value.code == "no-twos"


def test_an_offered_chop_made_unchecked_grows_the_chain_as_play_does() -> None:
    """The unchecked path classifies a play it has not seen and finds its chop itself:
    with a fresh ``ComboRules`` (nothing classified yet), a 2 led, chopped by 3 đôi
    thông and that chopped by a tứ quý (chặt chồng) leave, step by step, the states the
    checked ``play`` leaves — the chain holds both chops, owed by the last seat chopped."""
    from vncards.core import CardSet, ClimbConfig, ClimbEngine, ComboRules

    eng = ClimbEngine(ClimbConfig(ComboRules(), CHOP_TABLE, lambda target: 10 * target.length))
    hands = ["2S 5C 9D", "3S 3C 4D 4H 5S 5H 7C", "8S 8C 8D 8H 6C", "JC QD"]
    state = ClimbState([CardSet.parse(h).mask for h in hands], 0)
    for seat, cards in [(0, "2S"), (1, "3S 3C 4D 4H 5S 5H"), (2, "8S 8C 8D 8H")]:
        mask = CardSet.parse(cards).mask
        assert mask in eng.plays(state)
        unchecked, checked = state.copy(), state.copy()
        eng._play_offered(unchecked, seat, mask)  # first: this mask is not yet known
        eng.play(checked, seat, mask)
        assert unchecked == checked
        state = checked
    assert (state.chain_value, state.chain_victim, state.chain_chopper) == (10 + 60, 1, 2)


def test_fast_paths_follow_documented_flags_not_function_identity() -> None:
    """The fast loop's seams are flags a class states (or gets from what its body
    overrides): an engine that changes who may pass is asked (``anyone_may_pass`` off),
    one that checks passes its own way has them checked (``offers_legal_passes`` off), a
    game's ``plays_fast`` is what it declares (a game that replaces ``apply`` turns it
    off itself), one that adds ``side_decision`` has it asked, and a random bot with its
    own ``choose`` is asked rather than drawn for."""
    from vncards.core import ClimbEngine, ClimbingGame, SheddingGame

    class NoPassOnSingles(ClimbEngine):
        def _can_pass(self, state: ClimbState) -> bool:
            return state.table is None or state.table.length > 1

    class OwnCheck(ClimbEngine):
        def check_pass(self, state: ClimbState, seat: int) -> None:
            super().check_pass(state, seat)

    class StatesItsFlag(ClimbEngine):
        anyone_may_pass = True

        def _can_pass(self, state: ClimbState) -> bool:
            return True

    assert ClimbEngine.offers_legal_passes
    assert ClimbEngine.anyone_may_pass
    assert NoPassOnSingles.offers_legal_passes
    assert not NoPassOnSingles.anyone_may_pass
    assert not OwnCheck.offers_legal_passes
    assert StatesItsFlag.anyone_may_pass
    assert SheddingGame.plays_fast
    assert not SheddingGame.has_side_decisions
    assert TienLenGame.plays_fast
    assert not TienLenGame.has_side_decisions
    assert SamLoc.has_side_decisions

    class Applies(TienLenGame):
        def apply(self, state: ClimbState, action: Any) -> list[Any]:
            events: list[Any] = super().apply(state, action)
            return events

    # declared, never worked out from what a subclass overrides
    assert Applies.plays_fast
    assert not ClimbingGame.plays_fast

    class Picky(RandomBot):
        def pick(self, actions: Any, optional: bool) -> Any:
            return actions[0]

    assert not Picky.drawn_in_loop
