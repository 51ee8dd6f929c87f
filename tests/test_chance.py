"""Chance the rules name (engine/chance.py), for every registered game: wherever the rules
declare chance (`chances(state)` over a seeded game), the probabilities are positive and sum
to 1, and drawing from a seeded generator follows them (a small seeded count). A `Told`
generator gives the outcomes it was told, through the declared chance, and refuses one the
chance cannot give; told nothing, it draws as the seeded generator it is. Nothing here names
a game (the dice game's told rolls are tests/helpers/dice.py's)."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from bohn_tui.engine.chance import Chance, NamesChance, Shuffle, Told, check, dice_roll, places
from bohn_tui.engine.driver import drive
from bohn_tui.games import GAMES, rules_for, spec

DRAWS = 1500  # draws of each chance counted
KEPT = 4  # distinct chances (by name and size) counted per game
SIGMAS = 4.5  # how far a count may stray from its expectation, in standard deviations


def _declared(game: str) -> list[Chance[Any] | Shuffle]:
    """The chances one seeded random game of `game` meets (at most KEPT distinct ones), for
    its middle player count (two-player Bohnanza has no chance after the deal's)."""
    counts = spec(game).player_counts
    n = counts[len(counts) // 2]
    rules = rules_for(game, n)
    assert isinstance(rules, NamesChance), f"{game}: its rules name no chance"
    names = [f"P{s + 1}" for s in range(n)]
    state, _ = rules.new_game(names, 7)
    bots = [spec(game).bots("random", 7 + s, True) for s in range(n)]
    actions: list[Any] = []
    drive(state, bots, actions, [])
    state, _ = rules.new_game(names, 7)
    seen: dict[tuple[str, int], Chance[Any] | Shuffle] = {}
    for a in actions:
        for c in rules.chances(state):
            key = (c.name, len(c.cards) if isinstance(c, Shuffle) else id(c))
            if key not in seen:
                assert check(c) == [], (game, check(c))
                seen[key] = c
        rules.apply(state, a)
    assert rules.chances(state) == [], f"{game}: chance declared after the end"
    # the largest of each name first (they say the most), then the next largest
    ranked = sorted(seen.values(), key=lambda c: -_size(c))
    names = {c.name: c for c in reversed(ranked)}
    rest = [c for c in ranked if c not in names.values()]
    return [*names.values(), *rest][:KEPT]


def _size(chance: Chance[Any] | Shuffle) -> int:
    return len(chance.cards) if isinstance(chance, Shuffle) else len(chance.outcomes)


def _within(counts: Counter[Any], probabilities: dict[Any, Fraction], draws: int) -> list[str]:
    """The outcomes whose count strays more than SIGMAS deviations from p x draws."""
    wrong = []
    for outcome in set(counts) | set(probabilities):
        p = float(probabilities.get(outcome, 0))
        if p == 0:
            wrong.append(f"{outcome!r} drawn {counts[outcome]} times, declared impossible")
            continue
        spread = SIGMAS * math.sqrt(draws * p * (1 - p)) + 1
        if abs(counts[outcome] - p * draws) > spread:
            wrong.append(f"{outcome!r}: {counts[outcome]} of {draws}, expected {p * draws:.0f}")
    return wrong


def _marginals(chance: Chance[Any]) -> list[dict[Any, Fraction]]:
    """A chance of many outcomes (a roll of five dice) by its tuple's places (each die)."""
    out: list[dict[Any, Fraction]] = []
    first = chance.outcomes[0][0]
    for i in range(len(first)):
        m: dict[Any, Fraction] = {}
        for outcome, p in chance.outcomes:
            m[outcome[i]] = m.get(outcome[i], Fraction(0)) + p
        out.append(m)
    return out


def follows(chance: Chance[Any] | Shuffle, seed: int = 1) -> list[str]:
    """What is wrong with DRAWS draws of `chance` from a seeded generator."""
    rng = random.Random(seed)
    if isinstance(chance, Shuffle):
        tops: Counter[Any] = Counter()
        for _ in range(DRAWS // 3):
            cards = list(chance.cards)
            chance.draw(rng, cards)
            assert Counter(cards) == Counter(chance.cards), chance.name
            tops[cards[-1]] += 1
        return _within(tops, dict(chance.place), DRAWS // 3)
    drawn = [chance.draw(rng) for _ in range(DRAWS)]
    if len(chance.outcomes) <= 36 or not isinstance(drawn[0], tuple):
        return _within(Counter(drawn), dict(chance.outcomes), DRAWS)
    wrong = [f"{d!r} declared impossible" for d in set(drawn) if not chance.probability(d)]
    for i, m in enumerate(_marginals(chance)):
        wrong += _within(Counter(d[i] for d in drawn), m, DRAWS)
    return wrong


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_declare_their_chance_and_drawing_follows_it(game: str) -> None:
    declared = _declared(game)
    assert declared, f"{game}: a whole game met no declared chance"
    for chance in declared:
        assert follows(chance) == [], (game, chance.name)


def test_the_checks_find_a_wrong_declaration() -> None:
    skewed = Chance("a bent coin", lambda: [("heads", Fraction(2, 3))], lambda rng: "heads")
    assert check(skewed) == ["a bent coin: the probabilities sum to 2/3"]
    loaded = Chance(
        "a loaded die",
        lambda: [(i, Fraction(1, 6)) for i in range(1, 7)],
        lambda rng: 6 if rng.random() < 0.5 else rng.randrange(1, 6),
    )
    assert check(loaded) == []
    assert follows(loaded) != []  # declared fair, drawn loaded: the count finds it


def test_a_told_generator_gives_the_outcomes_told_and_refuses_impossible_ones() -> None:
    die = dice_roll("two dice", [(1, 2, 3, 4, 5, 6), (1, 1, 1, 2, 2, 2)])
    assert die.probability((6, 1)) == Fraction(1, 12)
    rng = Told(3).tell((6, 1), (2, 2))
    assert [die.draw(rng), die.draw(rng)] == [(6, 1), (2, 2)]
    with pytest.raises(ValueError, match="two dice cannot give"):
        die.draw(Told().tell((1, 3)))
    pile = Shuffle("three cards", ("a", "b", "b"))
    cards = list(pile.cards)
    pile.draw(Told().tell(("b", "a", "b")), cards)
    assert cards == ["b", "a", "b"]
    with pytest.raises(ValueError, match="three cards cannot give"):
        pile.draw(Told().tell(("a", "a", "b")), list(pile.cards))
    assert dict(pile.outcomes) == {
        ("a", "b", "b"): Fraction(1, 3),
        ("b", "a", "b"): Fraction(1, 3),
        ("b", "b", "a"): Fraction(1, 3),
    }


def test_told_nothing_a_told_generator_draws_as_the_seeded_one() -> None:
    """So a test's game goes on as the real one would once the told outcomes are used up."""
    chances: list[Chance[Any] | Shuffle] = [places("a pile of 7", 7), dice_roll("d", [range(6)])]
    told, plain = Told(11), random.Random(11)
    for _ in range(50):
        for c in chances:
            if isinstance(c, Chance):
                assert c.draw(told) == c.draw(plain)
    a, b = list(range(20)), list(range(20))
    Shuffle("s", tuple(a)).draw(told, a)
    Shuffle("s", tuple(b)).draw(plain, b)
    assert a == b and told.getstate() == plain.getstate()


@pytest.mark.parametrize("game", GAMES)
def test_a_game_with_a_told_generator_told_nothing_is_the_same_game(game: str) -> None:
    """The declared chances draw from the state's generator as the rules always have: a game
    whose generator is a Told one (told nothing) is the seeded game, action for action."""
    n = spec(game).player_counts[0]
    rules = rules_for(game, n)
    names = [f"P{s + 1}" for s in range(n)]
    fulls = []
    for told in (False, True):
        state, _ = rules.new_game(names, 5)
        if told:
            rng = Told()
            rng.setstate(state.rng.getstate())
            state.rng = rng
        bots = [spec(game).bots("random", 5 + s, True) for s in range(n)]
        actions: list[Any] = []
        drive(state, bots, actions, [])
        fulls.append((actions, rules.full_state(state)))
    assert fulls[0] == fulls[1]
