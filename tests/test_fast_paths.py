"""The engine's fast paths agree with what they stand for: `listed_steps` (the bot
driver's way to apply an action legal_actions listed) with `apply` for every listed
action, `legal_to_move` with `legal_actions`, `next_decision` with to_move and
legal_actions, the harvest trees with the protection rule,
the unrolled planting with the planting rule, the shuffle and the random bot's uniform
draw with the draws they replace (benchmarks/README.md, Engine; benchmarks/same_games.py checks
whole games)."""

from __future__ import annotations

import copy
import dataclasses
import random
from itertools import product
from math import floor
from typing import Any

import pytest

from bohn_tui.engine.capabilities import decides_next
from bohn_tui.engine.contract import window_of
from bohn_tui.engine.driver import BotDriver, drive
from bohn_tui.games import rules_for, spec
from bohn_tui.games import start as start_record
from bohn_tui.games.common.actions import Harvest
from bohn_tui.games.common.bots import make as make_bot
from bohn_tui.games.common.bots.random_bot import RandomBot
from bohn_tui.games.common.table import (
    HARVEST_TREE,
    MAX_TABLED,
    TREE_COUNTS,
    Field,
    distinct,
    harvest_choices,
    harvestable_counts,
    plant_choices,
    shuffle,
)
from bohn_tui.play.simulate import play_game


@pytest.mark.parametrize(
    ("game", "n", "seed"),
    [
        ("bohnanza", 3, 1),
        ("bohnanza", 2, 2),
        ("bohnanza", 4, 3),
        ("bohnanza", 5, 4),
        ("dahlias", 3, 5),
        ("bohnroschen", 2, 6),
        ("bohnroschen", 3, 7),
        ("wuerfelspiel", 3, 8),
        ("excalibohn", 3, 9),
        ("excalibohn", 4, 10),
    ],
)
def test_listed_steps_are_apply_for_every_listed_action(game: str, n: int, seed: int) -> None:
    """Along a random game with trading, for every seat and every action legal_actions
    lists for it, the driver's way to apply it (`listed_steps`, or `step` for rules that
    have none) leaves the same state as apply (the generator included); and legal_to_move
    lists for the seat to_move names (waiting_for's first) what legal_actions lists, and
    so does next_decision (the bean engine's, for the games that are it as it is)."""
    bots = [spec(game).bots("random", seed * 31 + s, True) for s in range(n)]
    record = play_game(game, [f"P{s + 1}" for s in range(n)], seed, bots).record
    state = start_record(record)
    rules = state.rules
    listed = rules.listed_steps
    assert (listed is None) == (game in ("bohnroschen", "excalibohn"))  # their own steps
    decides = decides_next(rules)
    assert decides == (game in ("bohnanza", "dahlias"))  # to_move and legal_actions as they are
    tried = 0
    for k, played in enumerate(record.actions):
        mover = rules.to_move(state)
        assert mover is not None and mover == rules.waiting_for(state)[0]
        assert rules.legal_to_move(state, mover) == rules.legal_actions(state, mover)
        if decides:
            assert rules.next_decision(state) == (mover, rules.legal_actions(state, mover))
        if k % 3 == 0:
            for seat in range(n):
                for a in rules.legal_actions(state, seat):
                    applied = copy.deepcopy(state, {id(rules): rules})
                    stepped = copy.deepcopy(state, {id(rules): rules})
                    rules.apply(applied, a)
                    (rules.step if listed is None else listed[type(a)])(stepped, a)
                    assert _snap(stepped) == _snap(applied), f"action {k}: {a}"
                    tried += 1
        rules.apply(state, played)
    assert rules.to_move(state) is None
    assert not decides or rules.next_decision(state) is None
    assert tried > 100


@pytest.mark.parametrize(("n", "seed"), [(3, 11), (4, 12), (2, 13)])
def test_next_decision_past_its_unrolled_cases(n: int, seed: int) -> None:
    """next_decision is (to_move, legal_actions) where it leaves its written-out cases too:
    a field of more cards than the harvest tree reaches, two fields, a single one, open
    offers (the states of a game with trading, each changed so)."""
    bots = [make_bot("random", seed * 31 + s, True) for s in range(n)]
    record = play_game("bohnanza", [f"P{s + 1}" for s in range(n)], seed, bots).record
    state = start_record(record)
    rules = state.rules
    phases, offers, harvests = set(), 0, 0
    for k, played in enumerate(record.actions):
        if k % 5 == 0:
            for change in range(4):
                st = copy.deepcopy(state, {id(rules): rules})
                for p in st.players:
                    if change == 1:  # past TREE_COUNTS: the tree's IndexError
                        for f in p.fields:
                            f.count = TREE_COUNTS + 8 if f.count else 0
                    elif change == 2:
                        del p.fields[2:]
                    elif change == 3:
                        del p.fields[1:]
                mover = rules.to_move(st)
                assert mover is not None
                legal = rules.legal_actions(st, mover)
                assert rules.next_decision(st) == (mover, legal)
                if n > 2 or mover == st.active:  # the harvests: the protection rule's
                    counts = [f.count for f in st.players[mover].fields]
                    harvests_listed = [a.field for a in legal if isinstance(a, Harvest)]
                    assert harvests_listed == harvestable_counts(counts)
                big = [a for a in legal if change == 1 and isinstance(a, Harvest)]
                for a in big[:1]:  # a harvest of more cards than the game has of the kind
                    applied = copy.deepcopy(st, {id(rules): rules})
                    rules.apply(applied, a)
                    rules.listed_steps[Harvest](st, a)
                    assert _snap(st) == _snap(applied)
                    harvests += 1
            phases.add(state.phase)
            offers += bool(state.offers)
        rules.apply(state, played)
    assert harvests > 10
    if n == 2:  # the bean duel: its own phases, no offers
        assert phases >= {"plant", "take_offer", "plant_turned_up"}
    else:
        assert offers and phases >= {"plant", "trade", "plant_trades"}


@pytest.mark.parametrize(("game", "n", "seed"), [("bohnanza", 3, 5), ("dahlias", 3, 6)])
def test_plain_drive_plays_what_the_session_driver_plays(game: str, n: int, seed: int) -> None:
    """The random bots without trading (the driver's plain loop, through next_decision and
    the listed steps) play what the session's BotDriver plays with the same bots."""
    bots = [spec(game).bots("random", 40 + s, False) for s in range(n)]
    state, _ = rules_for(game, n).new_game([f"P{s + 1}" for s in range(n)], seed)
    actions: list[Any] = []
    violations: list[str] = []
    drive(state, bots, actions, violations)
    assert violations == [] and state.over
    rules = rules_for(game, n)
    again, _ = rules.new_game([f"P{s + 1}" for s in range(n)], seed)
    driver = BotDriver(rules, {s: spec(game).bots("random", 40 + s, False) for s in range(n)})
    played = []
    while (move := driver.next_move(again)) is not None:
        rules.step(again, move.action)
        played.append(move.action)
    assert played == actions and again.over


def _snap(state: Any) -> Any:
    """Everything about a state: each of its fields (as text: a Field has no equality of
    its own), the generator's state, the full state."""
    kept = [f.name for f in dataclasses.fields(state) if f.name not in ("rules", "rng")]
    fields = [repr(getattr(state, name)) for name in kept]
    return fields, state.rng.getstate(), state.rules.full_state(state)


def test_harvest_tree_is_the_protection_rule() -> None:
    """harvest_choices over HARVEST_TREE lists the fields harvestable_counts allows, for
    every pattern of counts up to MAX_TABLED fields, counts past the tree's reach included."""
    counts = [0, 1, 2, 3, 7, TREE_COUNTS - 1, TREE_COUNTS, TREE_COUNTS + 9]
    for n in range(MAX_TABLED + 1):
        for cs in product(counts, repeat=n) if n < 4 else product([0, 1, 2, 40], repeat=n):
            fields = [Field("x" if c else None, c) for c in cs]
            assert harvest_choices(fields, HARVEST_TREE) == tuple(harvestable_counts(cs)), cs


def test_plant_choices_is_the_planting_rule() -> None:
    """Unrolled (three fields) or not, every field that is empty or holds the variety."""
    kinds_options: list[list[str]] = [["a"], ["b"], ["a", "b"], ["c", "a"], []]
    for n in range(1, 5):
        for varieties in product([None, "a", "b"], repeat=n):
            fields = [Field(v, 1 if v else 0) for v in varieties]
            rows = {v: [(v, i) for i in range(n)] for v in "abc"}
            for kinds in kinds_options:
                want = [(v, i) for v in kinds for i in range(n) if varieties[i] in (None, v)]
                assert plant_choices(fields, kinds, rows, []) == want


def test_distinct_is_dict_fromkeys() -> None:
    rng = random.Random(3)
    for _ in range(500):
        cards = [rng.choice("abcd") for _ in range(rng.randint(0, 6))]
        assert list(distinct(cards)) == list(dict.fromkeys(cards))


def test_shuffle_is_the_sort_by_random_keys() -> None:
    """The same order and the same draws as sorting by a key function of random() calls."""
    for seed in range(50):
        cards = [f"c{i % 13}" for i in range(seed * 3)]
        old, new = list(cards), list(cards)
        rng_old, rng_new = random.Random(seed), random.Random(seed)
        key = rng_old.random
        old.sort(key=lambda _: key())
        shuffle(new, rng_new)
        assert new == old
        assert rng_new.getstate() == rng_old.getstate()


def test_random_uniform_draw_is_its_choice() -> None:
    """The random bot without trading offers `uniform`: the bot driver's draw with it,
    legal[floor(uniform() * len(legal))], is what its choose takes, with the same draws."""
    picker, chooser = RandomBot(11, trade=False), RandomBot(11, trade=False)
    for size in [1, 2, 3, 5, 8] * 40:
        legal = [object() for _ in range(size)]
        drawn = legal[floor(picker.uniform() * size)]  # type: ignore[attr-defined]
        assert drawn is chooser.choose(0, dict, legal)  # type: ignore[arg-type]
    assert not hasattr(RandomBot(11, trade=True), "uniform")  # its offers need the view


def test_card_count_is_every_pile_counted() -> None:
    """card_count (one list, counted once) is the count pile by pile, a broken field's
    count below zero included; violations' quick equality finds what Counter's finds."""
    from collections import Counter

    from bohn_tui.games import rules_for

    rules = rules_for("bohnanza", 3)
    bots = [make_bot("random", 40 + s, True) for s in range(3)]
    record = play_game("bohnanza", ["A", "B", "C"], 9, bots).record
    state = start_record(record)
    for k, played in enumerate(record.actions):
        if k % 7 == 0:
            want: Counter[str] = Counter()
            for pile in (state.deck.cards, state.deck.discard, state.removed, state.turned_up):
                want.update(pile)
            want.update(state.duel_offer)
            for p in state.players:
                for pile in (p.hand, p.coins, p.area):
                    want.update(pile)
                for f in p.fields:
                    if f.count:
                        want[f.variety] += f.count
            assert rules.card_count(state) == want
            assert list(rules.card_count(state)) == list(want)  # the same first-seen order
            assert rules.violations(state) == []
        rules.apply(state, played)
    broken = copy.deepcopy(state, {id(rules): rules})
    broken.players[0].fields[0] = Field("x", -2)
    assert rules.card_count(broken)["x"] == -2
    assert any("created or lost" in v for v in rules.violations(broken))
    assert any("broken field" in v for v in rules.violations(broken))
    lost = copy.deepcopy(state, {id(rules): rules})
    lost.deck.discard.pop()
    assert any("created or lost" in v for v in rules.violations(lost))


def test_volunteers_are_what_the_asks_say() -> None:
    """The dice game's `volunteers` (the driver's fast path of `asks`) gives, along random
    games, the asks' window and exactly the seats whose ask lets them volunteer, in order."""
    rules: Any = rules_for("wuerfelspiel", 4)
    seen = set()
    for seed in range(3):
        bots = [spec("wuerfelspiel").bots("random", seed * 5 + s, True) for s in range(4)]
        record = play_game("wuerfelspiel", ["A", "B", "C", "D"], seed, bots).record
        state: Any = start_record(record)
        for played in [*record.actions, None]:
            asks = rules.asks(state)
            want = [s for s, a in asks.items() if a.volunteer]
            assert rules.volunteers(state) == (window_of(asks), want)
            seen.add(len(want))
            if played is not None:
                rules.apply(state, played)
    assert state.over and seen >= {0, 1, 2}  # none, one and several may harvest


def _by_session_driver(game: str, n: int, seed: int, levels: list[str]) -> list[object]:
    """The actions of a game that the session's driver (BotDriver.next_move) plays."""
    rules = rules_for(game, n)
    state, _ = rules.new_game([f"P{s + 1}" for s in range(n)], seed)
    bots = {s: spec(game).bots(lv, seed * 7919 + s, True) for s, lv in enumerate(levels)}
    driver = BotDriver(rules, bots)
    actions: list[object] = []
    while (move := driver.next_move(state)) is not None:
        rules.step(state, move.action)
        actions.append(move.action)
    assert state.over
    return actions


@pytest.mark.parametrize(
    ("game", "n", "seed", "levels"),
    [
        ("wuerfelspiel", 3, 1, ["random"] * 3),
        ("wuerfelspiel", 4, 2, ["standard", "random", "standard", "random"]),
        ("bohnanza", 3, 3, ["random"] * 3),
        ("excalibohn", 3, 4, ["random"] * 3),
    ],
)
def test_drive_plays_what_the_session_driver_plays(
    game: str, n: int, seed: int, levels: list[str]
) -> None:
    """`drive` (simulations, rollouts: its own loop for bots that volunteer) plays the same
    game, action for action, as the session's BotDriver does with the same bots."""
    bots = [spec(game).bots(lv, seed * 7919 + s, True) for s, lv in enumerate(levels)]
    result = play_game(game, [f"P{s + 1}" for s in range(n)], seed, bots)
    assert result.violations == [] and result.state.over
    assert result.record.actions == _by_session_driver(game, n, seed, levels)
