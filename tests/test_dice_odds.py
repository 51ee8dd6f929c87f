"""The percentages beside the orders (wuerfelspiel.txt): "The small numbers to the right of
the orders stand for the probability (in percent) that you roll the required bean kinds right
on the first roll. Therefore: the smaller the number, the harder the order." Computed by the
program over all 6^5 outcomes; here a few are counted by hand, with a plain loop over the
7,776 rolls and predicates written out for each order (no dice.outcomes, no matcher)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from bohn_tui.games import rules_for
from bohn_tui.games.wuerfelspiel.dice import first_roll_odds, load, percent, read, shipped

DATA = read(shipped())  # the game's own deck (the suite plays a fixed one: conftest.py)

Pred = Callable[[Counter[str]], bool]

# (an order's text, a hand-written test of a roll's counts)
BY_HAND: list[tuple[str, Pred]] = [
    ("Broad", lambda c: c["broad"] >= 1),
    ("Red + Wax", lambda c: c["red"] >= 1 and c["wax"] >= 1),
    ("2 Broad", lambda c: c["broad"] >= 2),
    ("2 Wax | 2 Soy", lambda c: c["soy"] >= 2 or c["wax"] >= 2),
    ("Broad + Soy + Red", lambda c: c["broad"] >= 1 and c["soy"] >= 1 and c["red"] >= 1),
    ("Soy/Wax + Red + Garden",
     lambda c: c["soy"] + c["wax"] >= 1 and c["red"] >= 1 and c["garden"] >= 1),
    ("Soy/Wax + 2 Garden/Red",
     lambda c: c["soy"] + c["wax"] >= 1 and c["garden"] + c["red"] >= 2),
    ("Wax + Broad + 3 Soy/Blue",
     lambda c: c["wax"] >= 1 and c["broad"] >= 1 and c["soy"] + c["blue"] >= 3),
]  # fmt: skip


def where(text: str) -> tuple[int, int]:
    """The first card (its number) with an order of this text, and the order's index."""
    return next((c.number, i) for c in DATA.cards for i, o in enumerate(c.orders) if o.text == text)


def hand_count(pred: Pred) -> Fraction:
    hits = 0
    for roll in itertools.product(*DATA.dice):  # all 6^5 = 7,776 rolls, each equally likely
        if pred(Counter(roll)):
            hits += 1
    return Fraction(hits, 6**5)


@pytest.mark.parametrize(("text", "pred"), BY_HAND, ids=[b[0] for b in BY_HAND])
def test_odds_agree_with_a_hand_counted_enumeration(text: str, pred: Pred) -> None:
    card, index = where(text)
    order = DATA.cards[card - 1].orders[index]
    exact = hand_count(pred)
    assert first_roll_odds(order, DATA.dice) == exact


def test_a_hand_counted_value_in_full() -> None:
    """ "Broad": only the two darker dice show it, twice each: 1 - (4/6)^2 = 5/9 (56%)."""
    card, index = where("Broad")
    order = DATA.cards[card - 1].orders[index]
    assert first_roll_odds(order, DATA.dice) == Fraction(5, 9)
    assert percent(Fraction(5, 9)) == 56


def test_every_cards_orders_get_harder_from_bottom_to_top() -> None:
    """ "Each harvest card shows five orders, which you must fulfil from bottom to top" and
    "the smaller the number, the harder the order": on every card, exactly and as printed,
    each order is strictly less likely than the one below it."""
    assert len(DATA.cards) == 55
    for card in DATA.cards:
        exact = [first_roll_odds(o, DATA.dice) for o in card.orders]
        printed = [percent(x) for x in exact]
        assert len(exact) == 5
        assert all(a > b for a, b in itertools.pairwise(exact)), (card.number, exact)
        assert all(a > b for a, b in itertools.pairwise(printed)), (card.number, printed)
        assert all(0 < p < 100 for p in printed), (card.number, printed)


def test_percent_rounds_half_up_and_never_says_0_or_100_for_a_chance() -> None:
    assert percent(Fraction(1, 2)) == 50
    assert percent(Fraction(125, 1000)) == 13  # 12.5 rounds up
    assert percent(Fraction(1, 7776)) == 1  # 0.01%: still a chance
    assert percent(Fraction(7775, 7776)) == 99
    assert percent(Fraction(0)) == 0 and percent(Fraction(1)) == 100


def test_the_data_file_marks_its_content_designed_and_holds_no_odds() -> None:
    """card-data.md: the printed dice and cards are not public, so they are designed here
    (`source = "designed"`), and the percentages are the program's, never written down."""
    import tomllib
    from importlib import resources

    raw = tomllib.loads(
        resources.files("bohn_tui.games.wuerfelspiel").joinpath("data.toml").read_text("utf-8")
    )
    assert len(raw["card"]) == 55 and all(len(c["orders"]) == 5 for c in raw["card"])
    assert all(c["source"] == "designed" for c in raw["card"] + raw["die"])
    assert all(set(c) == {"source", "orders"} for c in raw["card"])  # no odds beside them
    assert all(
        not any(ch == "%" or ch == "." for ch in o) for c in raw["card"] for o in c["orders"]
    )


def test_the_cards_show_the_odds_the_program_computes() -> None:
    """What the table prints beside each order is the exact chance, rounded (the rules'
    view, for every card of the deck they play)."""
    rules = rules_for("wuerfelspiel", 2)
    deck = load()
    for card in deck.cards:
        view = rules.card_view(card.number, 0)
        assert view is not None
        exact = [first_roll_odds(o, deck.dice) for o in card.orders]
        assert [o["odds"] for o in view["orders"]] == [percent(x) for x in exact]
