"""The roller's exact chances (chances.py) against a brute force over every face of every die
left (Fractions, dice by number, no multisets), and the expert's choice in cases whose right
answer is plain."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from bohn_tui.games.wuerfelspiel import chances, dice

DATA = dice.load()
CARD = DATA.cards[0]  # Garden + Red/Soy, Broad + Red/Blue, Soy + Blue + Garden/Broad, ...


def brute(orders, start, field, left, figure):
    """(expected covered orders, distribution, whether some choice tied with a different
    distribution) for rolling the dice `left` (numbers) next to `field`, playing on to
    maximise the expected number, by enumerating every face tuple and every placement."""
    m = len(orders) - start + 1
    if not left:
        k = dice.covered_run(orders, start, tuple(field.values()))
        return Fraction(k), tuple(Fraction(int(i == k)) for i in range(m)), False
    total = [Fraction(0)] * m
    exp = Fraction(0)
    tied = False
    faces_of = [DATA.dice[d] for d in left]
    again = brute(orders, start, field, left, False) if figure else None
    for faces in itertools.product(*faces_of):
        rolled = dict(zip(left, faces, strict=True))
        options = []
        for n in range(1, len(left) + 1):
            for part in itertools.combinations(left, n):
                rest = tuple(d for d in left if d not in part)
                options.append(
                    brute(orders, start, {**field, **{d: rolled[d] for d in part}}, rest, figure)
                )
        if again is not None:
            options.append(again)
        best = max(o[0] for o in options)
        winners = {o[1] for o in options if o[0] == best}
        tied = tied or len(winners) > 1 or any(o[2] for o in options if o[0] == best)
        dist = next(o[1] for o in options if o[0] == best)
        exp += best
        total = [t + x for t, x in zip(total, dist, strict=True)]
    n = 6 ** len(left)
    return exp / n, tuple(t / n for t in total), tied


CASES = [
    # (start, field, dice left): one or two dice left, with and without the figure
    (0, {0: "broad", 1: "blue", 2: "garden", 3: "red"}, (4,)),
    (0, {0: "soy", 1: "wax", 2: "wax", 3: "soy"}, (4,)),
    (1, {0: "broad", 2: "garden", 3: "red"}, (1, 4)),
    (0, {1: "blue", 2: "garden", 4: "soy"}, (0, 3)),
    (2, {2: "garden", 3: "red", 4: "soy"}, (0, 1)),
]


@pytest.mark.parametrize("figure", [False, True])
@pytest.mark.parametrize("start,field,left", CASES)
def test_outlook_matches_brute_force(start, field, left, figure):
    """The chance of each number of covered orders equals an enumeration of every face of the
    dice left and every placement ("you must place at least one die ... re-roll all dice
    that you have not placed"; the figure: "take all the dice you have just rolled and roll
    them all again")."""
    exp, dist, tied = brute(CARD.orders, start, field, left, figure)
    got = chances.outlook(DATA, CARD.orders, start, field, {}, figure)
    assert len(got) == len(CARD.orders) - start + 1
    assert sum(k * p for k, p in enumerate(got)) == pytest.approx(float(exp), abs=1e-12)
    if not tied:
        assert got == pytest.approx([float(x) for x in dist], abs=1e-12)


def test_brute_force_cases_are_not_all_ties():
    """The distribution comparison above really runs for some cases."""
    assert any(not brute(CARD.orders, s, f, left, True)[2] for s, f, left in CASES)


def test_outlook_after_placing_from_the_roll():
    """`place` goes to the field before the rest is rolled: placing die 4 of the roll next
    to four field dice leaves nothing to roll."""
    field = {0: "broad", 1: "blue", 2: "garden", 3: "red"}
    sure = chances.outlook(DATA, CARD.orders, 0, field, {4: "soy"}, True)
    assert sure == (0.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # Garden+Red, Broad+Blue, Soy+Blue+Broad
    part = chances.outlook(DATA, CARD.orders, 0, {0: "broad", 1: "blue"}, {2: "garden"}, False)
    exp, dist, tied = brute(CARD.orders, 0, {0: "broad", 1: "blue", 2: "garden"}, (3, 4), False)
    assert sum(k * p for k, p in enumerate(part)) == pytest.approx(float(exp), abs=1e-12)


def test_outlook_sums_to_one_from_every_start():
    """The chances of 0..5 more covered orders add up to one, from the first roll of a turn
    and from the middle of one."""
    for card in DATA.cards[:5]:
        for start in range(len(card.orders) + 1):
            for figure in (False, True):
                got = chances.outlook(DATA, card.orders, start, {}, {}, figure)
                assert len(got) == len(card.orders) - start + 1
                assert sum(got) == pytest.approx(1.0, abs=1e-12)
                assert all(p >= 0 for p in got)
        mid = chances.outlook(DATA, card.orders, 0, {1: "soy"}, {2: "red", 3: "garden"}, True)
        assert sum(mid) == pytest.approx(1.0, abs=1e-12)


def test_certain_when_nothing_is_left():
    """All five on the field: the check of the field is certain (0 or 1 chances)."""
    field = {0: "broad", 1: "blue", 2: "garden", 3: "red", 4: "wax"}
    for start in range(4):
        got = chances.outlook(DATA, CARD.orders, start, field, {}, True)
        k = dice.covered_run(CARD.orders, start, tuple(field.values()))
        assert got == tuple(1.0 if i == k else 0.0 for i in range(len(CARD.orders) - start + 1))
    assert k == 1  # from order 4 (Garden + Red + 2 Wax/Blue): Blue and Wax
    assert chances.outlook(DATA, CARD.orders, 0, field, {}, False)[2] == 1.0  # not the Soy


def test_the_figure_raises_the_chances():
    """With the figure left the expected number is never lower than without it."""
    for card in DATA.cards[:5]:
        with_it = chances.outlook(DATA, card.orders, 0, {}, {}, True)
        without = chances.outlook(DATA, card.orders, 0, {}, {}, False)
        ev = [sum(k * p for k, p in enumerate(d)) for d in (with_it, without)]
        assert ev[0] >= ev[1] - 1e-12
    assert ev[0] > ev[1]


def test_bad_input_is_refused_plainly():
    """A face a die does not have, or a die twice, is a ValueError, not a crash elsewhere."""
    with pytest.raises(ValueError):
        chances.outlook(DATA, CARD.orders, 0, {0: "garden"}, {}, True)  # die 0 is darker
    with pytest.raises(ValueError):
        chances.outlook(DATA, CARD.orders, 0, {2: "red"}, {2: "red"}, True)
    with pytest.raises(ValueError):
        chances.best_move(DATA, CARD.orders, 0, [], {}, {}, True)
    with pytest.raises(ValueError):
        chances.outlook(DATA, CARD.orders, 6, {}, {}, True)


FOUR = {0: "broad", 1: "blue", 2: "garden", 3: "red"}  # orders 1 and 2 done; 3 needs a Soy


def test_expert_places_what_completes_the_card():
    """The roll that completes the three orders the field can reach is placed whole: the
    fourth order cannot be reached with five dice, and rolling on only gives the others."""
    rolled = {0: "broad", 1: "blue", 2: "garden", 3: "red", 4: "soy"}
    others = [(DATA.cards[1].orders, 0), (DATA.cards[2].orders, 0)]
    choice = chances.best_move(DATA, CARD.orders, 0, others, {}, rolled, True)
    assert choice == chances.Choice((0, 1, 2, 3, 4), False, pytest.approx(1.0))
    last = chances.best_move(DATA, CARD.orders, 0, [], FOUR, {4: "soy"}, True)
    assert last.place == (4,) and not last.figure


def test_expert_uses_the_figure_on_a_useless_last_die():
    """One die left showing Wax (two orders), the figure unused and nobody else to feed:
    re-rolling gives a 1 in 6 chance of the Soy for the third order, so it uses the figure;
    without the figure it must place the die."""
    choice = chances.best_move(DATA, CARD.orders, 0, [], FOUR, {4: "wax"}, True)
    assert choice.figure and choice.place == ()
    v = chances.VALUES
    assert choice.value == pytest.approx(v[3] / 6 + 5 * v[2] / 6)
    assert chances.best_move(DATA, CARD.orders, 0, [], FOUR, {4: "wax"}, False).place == (4,)


def test_expert_spares_the_others_when_they_gain_much():
    """The same Wax with a heavy weight on what the re-roll gives the others: it places."""
    rich = [(card.orders, 0) for card in DATA.cards[:4]]
    choice = chances.best_move(DATA, CARD.orders, 0, rich, FOUR, {4: "wax"}, True, weight=1.0)
    assert choice.place == (4,) and not choice.figure


def test_expert_counts_the_next_card_after_a_harvest():
    """Three orders at the end of the turn: the roller harvests and its new upper card is
    checked against the same full field (the lead's rule 3), so the lower card's orders
    that the field fulfils count too. Card 2 (Garden + Wax/Broad, Garden + Broad, Soy + Wax
    + Garden/Red) takes two orders from Broad, Blue, Garden, Red, Soy."""
    lower = DATA.cards[1].orders
    v = chances.VALUES
    alone = chances.best_move(DATA, CARD.orders, 0, [], FOUR, {4: "soy"}, False)
    both = chances.best_move(DATA, CARD.orders, 0, [], FOUR, {4: "soy"}, False, lower=lower)
    assert alone.value == pytest.approx(v[3])
    assert both.value == pytest.approx(v[3] + v[2])
    # below three orders no harvest follows: the lower card counts for nothing
    short = chances.best_move(DATA, CARD.orders, 0, [], FOUR, {4: "wax"}, False, lower=lower)
    assert short.value == pytest.approx(v[2])
