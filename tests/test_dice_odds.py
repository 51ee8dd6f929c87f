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
from bohn_tui.games.wuerfelspiel.dice import first_roll_odds, load, percent

DATA = load()

Pred = Callable[[Counter[str]], bool]

# (card, order index, its text, a hand-written test of a roll's counts)
BY_HAND: list[tuple[int, int, str, Pred]] = [
    (6, 0, "Soy/Wax", lambda c: c["soy"] + c["wax"] >= 1),
    (5, 1, "2 Soy | 2 Wax", lambda c: c["soy"] >= 2 or c["wax"] >= 2),
    (21, 0, "Broad", lambda c: c["broad"] >= 1),
    (7, 0, "Soy/Wax + 2 Garden/Red",
     lambda c: c["soy"] + c["wax"] >= 1 and c["garden"] + c["red"] >= 2),
    (1, 4, "Broad + Blue + 3 Garden/Soy",
     lambda c: c["broad"] >= 1 and c["blue"] >= 1 and c["garden"] + c["soy"] >= 3),
    (10, 4, "Red + Soy + 2 Wax", lambda c: c["red"] >= 1 and c["soy"] >= 1 and c["wax"] >= 2),
    (19, 2, "Red + Wax", lambda c: c["red"] >= 1 and c["wax"] >= 1),
]  # fmt: skip


def hand_count(pred: Pred) -> Fraction:
    hits = 0
    for roll in itertools.product(*DATA.dice):  # all 6^5 = 7,776 rolls, each equally likely
        if pred(Counter(roll)):
            hits += 1
    return Fraction(hits, 6**5)


@pytest.mark.parametrize(("card", "index", "text", "pred"), BY_HAND, ids=[b[2] for b in BY_HAND])
def test_odds_agree_with_a_hand_counted_enumeration(
    card: int, index: int, text: str, pred: Pred
) -> None:
    order = DATA.cards[card - 1].orders[index]
    assert order.text == text
    exact = hand_count(pred)
    assert first_roll_odds(order, DATA.dice) == exact
    view = rules_for("wuerfelspiel", 2).card_view(card, 0)
    assert view is not None
    assert view["orders"][index]["odds"] == int(exact * 100 + Fraction(1, 2))


def test_a_hand_counted_value_in_full() -> None:
    """ "Broad": only the two darker dice show it, twice each: 1 - (4/6)^2 = 5/9 (56%)."""
    order = DATA.cards[20].orders[0]
    assert first_roll_odds(order, DATA.dice) == Fraction(5, 9)
    assert percent(Fraction(5, 9)) == 56


def test_every_cards_orders_get_harder_from_bottom_to_top() -> None:
    """ "Each harvest card shows five orders, which you must fulfil from bottom to top" and
    "the smaller the number, the harder the order": on every card, exactly and as printed,
    each order is strictly less likely than the one below it."""
    rules = rules_for("wuerfelspiel", 2)
    assert len(DATA.cards) == 55
    for card in DATA.cards:
        exact = [first_roll_odds(o, DATA.dice) for o in card.orders]
        printed = list(rules.odds(card.number))
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
