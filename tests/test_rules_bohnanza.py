"""Bohnanza for 3-7 players, rule by rule (the bean duel is in test_rules_duel.py, trading in
test_trading.py). Each test names its rule and quotes where the rulebook says it:
bohnanza.txt (line numbers), card-data.md, dahlias.txt for rules the issue takes from it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from helpers.rules import fields_of, give_coins, grow, play, refused, start, types

from bohn_tui.engine.chance import Told
from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import (
    Accept,
    BuyField,
    DeckRanOut,
    Drew,
    EndPlanting,
    EndTrading,
    EndTurn,
    FieldBought,
    GameOver,
    Harvest,
    Harvested,
    Offer,
    PlantArea,
    PlantHand,
    TurnedUp,
)

OTHER = ["red"] * 5  # the hands of seats that play no part in a test


def four(p1: list[str], rest: list[str], others: list[list[str]] | None = None):
    """A 4-player game: seat 0 holds `p1`, the deck continues with `rest` (top first)."""
    return start("bohnanza", 4, [p1, *(others or [OTHER] * 3)], rest)


def quiet_turn(state, seat: int) -> None:
    """Seat plants its front card on a field that takes it, trades nothing and plants the
    turned-up cards wherever they fit (the test chose cards that fit)."""
    rules = state.rules
    plant = [a for a in rules.legal_actions(state, seat) if isinstance(a, PlantHand)]
    play(state, plant[0], EndPlanting(seat), EndTrading(seat))
    while state.players[seat].area:
        choices = [a for a in rules.legal_actions(state, seat) if isinstance(a, PlantArea)]
        play(state, choices[0])


# -- the ordered hand --------------------------------------------------------------------


def test_hand_keeps_the_dealt_order_and_draws_go_to_the_back() -> None:
    # bohnanza.txt 15: "cards in hand must be kept in the order in which they are dealt at
    # all times; they may not be rearranged." 30: drawn cards go "at the back of their hand"
    p1 = ["wax", "blue", "chili", "stink", "green"]
    state = four(p1, ["wax", "blue", "soy", "black-eyed", "garden"] + ["green"] * 10)
    assert state.players[0].hand == p1
    assert state.rules.view(state, 0)["players"][0]["hand"] == p1
    play(state, PlantHand(0, 0), PlantHand(0, 1))  # two planted: turned up at once
    assert state.turned_up == ["wax", "blue"]
    play(state, EndTrading(0), PlantArea(0, "wax", 0), PlantArea(0, "blue", 1))
    assert state.players[0].hand == ["chili", "stink", "green", "soy", "black-eyed", "garden"]
    assert fields_of(state, 0) == [("wax", 2), ("blue", 2)]
    assert state.active == 1


def test_phase1_front_card_must_be_planted() -> None:
    # bohnanza.txt 25: "They must play the first card in their hand (the one at the front)"
    state = four(["chili", "wax", "wax", "wax", "wax"], ["green"] * 10)
    refused(state, EndPlanting(0), "front card")
    legal = state.rules.legal_actions(state, 0)
    assert legal and all(isinstance(a, PlantHand) for a in legal)
    ev = play(state, PlantHand(0, 1))
    assert ev[0].variety == "chili" and fields_of(state, 0) == [(None, 0), ("chili", 1)]
    assert state.players[0].hand == ["wax"] * 4


def test_phase1_second_card_may_be_planted() -> None:
    # bohnanza.txt 26: "They may play the next card in their hand into a field."
    state = four(["chili", "wax", "wax", "wax", "wax"], ["green"] * 10)
    play(state, PlantHand(0, 0))
    assert EndPlanting(0) in state.rules.legal_actions(state, 0)  # may, not must
    play(state, PlantHand(0, 1))
    assert fields_of(state, 0) == [("chili", 1), ("wax", 1)]


def test_phase1_no_third_card_from_the_hand() -> None:
    # dahlias.txt 92: "you may choose to plant one more card ... You can't plant a third";
    # with nothing left to decide, the engine turns up the cards at once (phase 2)
    state = four(["wax"] * 5, ["green"] * 10)
    play(state, PlantHand(0, 0), PlantHand(0, 0))
    assert state.phase == "trade" and state.turned_up == ["green", "green"]
    refused(state, PlantHand(0, 0), "phase 1")
    assert not any(isinstance(a, PlantHand) for a in state.rules.legal_actions(state, 0))


def test_only_the_active_player_plants_from_the_hand() -> None:
    # bohnanza.txt 23-25: phase 1 is the turn of the active player
    state = four(["wax"] * 5, ["green"] * 10)
    refused(state, PlantHand(1, 0), "whose turn")


# -- fields --------------------------------------------------------------------------------


def test_a_field_holds_one_variety() -> None:
    # bohnanza.txt 17: "Each field may contain any number of bean cards, of any one bean type."
    state = four(["wax", "blue", "wax", "wax", "wax"], ["green"] * 10)
    play(state, PlantHand(0, 0))
    msg = refused(state, PlantHand(0, 0), "cannot go on field 1")
    assert "field 2 can take it" in msg
    play(state, PlantHand(0, 1))
    assert fields_of(state, 0) == [("wax", 1), ("blue", 1)]


def test_the_same_variety_may_grow_on_two_fields() -> None:
    # dahlias.txt 86: "You are allowed to plant the same kind ... in two different fields"
    state = four(["wax"] * 5, ["green"] * 10)
    play(state, PlantHand(0, 0), PlantHand(0, 1))
    assert fields_of(state, 0) == [("wax", 1), ("wax", 1)]


def test_forced_harvest_when_no_field_takes_the_card() -> None:
    # bohnanza.txt 17: "If a bean of a type different from those already growing in a field
    # is planted into that field, the beans previously in it must be harvested"
    state = four(["chili"] * 5, ["green"] * 10 + ["wax"] * 3 + ["blue"] * 2)
    grow(state, 0, 0, "wax", 3)
    grow(state, 0, 1, "blue", 2)
    legal = state.rules.legal_actions(state, 0)
    assert not any(isinstance(a, PlantHand) for a in legal)
    assert Harvest(0, 0) in legal and Harvest(0, 1) in legal
    refused(state, PlantHand(0, 0), "harvest a field first")
    ev = play(state, Harvest(0, 1), PlantHand(0, 1))
    assert ev[0] == Harvested(0, 1, "blue", 2, 0)
    assert fields_of(state, 0) == [("wax", 3), ("chili", 1)]
    assert state.deck.discard == ["blue", "blue"]


def test_protection_rule() -> None:
    # bohnanza.txt 17 and 38: "A field containing just one bean may not be harvested by a
    # player who also owns a field containing more than one bean."
    state = four(["chili"] * 5, ["green"] * 10 + ["wax"] * 3 + ["blue"] * 2)
    grow(state, 2, 0, "wax", 1)
    grow(state, 2, 1, "blue", 2)
    refused(state, Harvest(2, 0), "protected")
    assert Harvest(2, 0) not in state.rules.legal_actions(state, 2)
    play(state, Harvest(2, 1))  # the big field may go; then the single one is free
    assert Harvest(2, 0) in state.rules.legal_actions(state, 2)
    play(state, Harvest(2, 0))
    assert fields_of(state, 2) == [(None, 0), (None, 0)]


def test_protection_rule_two_single_fields_are_both_harvestable() -> None:
    # bohnanza.txt 38: only a field of more than one bean protects a single one
    state = four(["chili"] * 5, ["green"] * 10 + ["wax", "blue"])
    grow(state, 1, 0, "wax", 1)
    grow(state, 1, 1, "blue", 1)
    legal = state.rules.legal_actions(state, 1)
    assert Harvest(1, 0) in legal and Harvest(1, 1) in legal


def test_empty_field_cannot_be_harvested() -> None:
    state = four(["chili"] * 5, ["green"] * 10)
    refused(state, Harvest(0, 0), "empty")
    refused(state, Harvest(0, 5), "no field")


def test_any_player_may_harvest_at_any_time() -> None:
    # dahlias.txt 143: "You may harvest ... at any time during the game, even when you're
    # not the active player." (bohnanza.txt 5 of the issue: "Harvest at any time by any player")
    state = four(["chili"] * 5, ["green"] * 10 + ["stink"] * 4)
    grow(state, 3, 0, "stink", 4)
    assert state.active == 0 and state.phase == "plant"
    ev = play(state, Harvest(3, 0))
    assert ev == [Harvested(3, 0, "stink", 4, 1)]
    assert state.players[3].coins == ["stink"]


# -- harvest payout --------------------------------------------------------------------------

# card-data.md 15-27: cards, then the smallest field paying 1, 2, 3, 4 coins (None: "-")
BEAN_O_METER = {
    "coffee": (24, (4, 7, 10, 12)),
    "wax": (22, (4, 7, 9, 11)),
    "blue": (20, (4, 6, 8, 10)),
    "chili": (18, (3, 6, 8, 9)),
    "stink": (16, (3, 5, 7, 8)),
    "green": (14, (3, 5, 6, 7)),
    "soy": (12, (2, 4, 6, 7)),
    "black-eyed": (10, (2, 4, 5, 6)),
    "red": (8, (2, 3, 4, 5)),
    "garden": (6, (None, 2, 3, None)),
    "cocoa": (4, (None, 2, 3, 4)),
}
# dahlias.txt 47-54: the Market Prices
MARKET_PRICE = {
    "pumpkin": (6, (2, 3, None, None)),
    "lights-out": (8, (2, 3, 4, 5)),
    "islander": (10, (2, 4, 5, 6)),
    "brother": (12, (2, 4, 6, 7)),
    "cafe-au-lait": (14, (3, 5, 6, 7)),
    "bumble-rumble": (16, (3, 5, 7, 8)),
    "gloria": (18, (3, 6, 8, 9)),
    "moon-fire": (20, (4, 6, 8, 10)),
}


def expected_coins(steps: tuple[int | None, ...], cards: int) -> int:
    """The largest number of coins whose printed step the field reaches."""
    return max(
        (c for c, need in enumerate(steps, 1) if need is not None and cards >= need), default=0
    )


def harvest_field_of(game: str, variety: str, cards: int):
    """A game where seat 0 has one field of `cards` cards of `variety`; harvest it.
    Returns the state, the events and how many cards went to the discard pile."""
    n = 4 if variety == "cocoa" else 3  # cocoa is out with 3 players, coffee with 4
    filler = {"bohnanza": "red", "dahlias": "pumpkin"}[game]
    if variety == filler:
        filler = {"bohnanza": "blue", "dahlias": "gloria"}[game]
    state = start(game, n, [[filler] * 5] * n, [variety] * cards + [filler] * 3)
    grow(state, 0, 0, variety, cards)
    before = len(state.deck.discard)
    ev = play(state, Harvest(0, 0))
    return state, ev, len(state.deck.discard) - before


def printed_count(game: str, variety: str) -> int:
    return rules_for(game, 4).data.varieties[variety].count


@pytest.mark.parametrize(
    ("game", "variety"),
    [("bohnanza", v) for v in BEAN_O_METER] + [("dahlias", v) for v in MARKET_PRICE],
)
def test_harvest_pays_by_the_bean_o_meter(game: str, variety: str) -> None:
    # bohnanza.txt 36: "consults the list to determine the largest amount of coins ... places
    # that many of the cards face down in his or her treasury ... The rest of the cards go on
    # top of the discard pile"; dahlias.txt 151-158 the same for Market Prices
    count, steps = (BEAN_O_METER if game == "bohnanza" else MARKET_PRICE)[variety]
    assert printed_count(game, variety) == count
    for cards in range(1, count + 1):
        state, ev, discarded = harvest_field_of(game, variety, cards)
        coins = expected_coins(steps, cards)
        assert ev == [Harvested(0, 0, variety, cards, coins)], (variety, cards)
        assert state.players[0].coins == [variety] * coins
        assert discarded == cards - coins
        assert state.deck.discard[len(state.deck.discard) - discarded :] == [variety] * discarded
        assert fields_of(state, 0)[0] == (None, 0)  # dahlias.txt 158: the field is emptied
        assert state.rules.card_count(state) == state.total


def test_stink_example_from_card_data() -> None:
    # card-data.md 29: "Stink 3/5/7/8 pays 0 for 1-2 cards, 1 for 3-4, 2 for 5-6, 3 for 7,
    # 4 for 8 or more."
    pays = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 4, 9: 4, 12: 4}
    for cards, coins in pays.items():
        _, ev, discarded = harvest_field_of("bohnanza", "stink", cards)
        assert ev[0].coins == coins and discarded == cards - coins


def test_cocoa_two_cards_pay_two() -> None:
    # card-data.md 30: "Cocoa's 2-card step is printed as 1 coin in some later editions; 2 is
    # used here."
    _, ev, _ = harvest_field_of("bohnanza", "cocoa", 2)
    assert ev[0].coins == 2


def test_harvested_coins_leave_circulation_the_rest_is_reshuffled() -> None:
    # card-data.md 50: "harvested coin cards leave circulation ... the rest of the field goes
    # to the discard pile"; bohnanza.txt 36: "the number of cards in the deck becomes fewer
    # with each reshuffle"
    state = four(["wax"] * 5, ["blue", "blue"] + ["stink"] * 5)
    grow(state, 0, 0, "stink", 5)
    play(state, Harvest(0, 0))
    assert state.players[0].coins == ["stink", "stink"]
    assert state.deck.discard == ["stink"] * 3
    ev = play(state, PlantHand(0, 0), EndPlanting(0))  # turns up the last two cards
    assert DeckRanOut(1, 3) in ev and TurnedUp(0, ("blue", "blue")) in ev
    assert state.turned_up == ["blue", "blue"]
    assert state.deck.cards == ["stink"] * 3 and state.deck.discard == []
    assert state.players[0].coins == ["stink", "stink"]  # the coins are not reshuffled
    assert state.rules.card_count(state) == state.total


def test_the_reshuffle_is_a_declared_chance_and_a_test_may_choose_its_order() -> None:
    """Before the run-out the rules name it (`chances`: the discard pile shuffled, each of
    its cards equally likely on top); told an order, the new draw pile lies in it."""
    state = four(["wax"] * 5, ["blue", "blue"])
    state.deck.discard = ["soy", "stink", "red"]
    (shuffle,) = state.rules.chances(state)
    assert shuffle.name == "the discard pile shuffled into a new draw pile"
    assert dict(shuffle.place) == {c: Fraction(1, 3) for c in ("soy", "stink", "red")}
    state.rng = Told(1).tell(("red", "soy", "stink"))
    ev = play(state, PlantHand(0, 0), EndPlanting(0))  # turns up the last two cards
    assert DeckRanOut(1, 3) in ev
    assert state.deck.cards == ["red", "soy", "stink"]


# -- the third field -------------------------------------------------------------------------


def test_third_field_costs_three_coins_paid_to_the_discard_pile() -> None:
    # bohnanza.txt 17: "A third field may be bought by any player at any point during the
    # game for three coins."; card-data.md 50: "Coins spent (3rd field ...) go to the discard
    # pile"
    state = four(["wax"] * 5, ["green"] * 10 + ["soy"] * 4)
    give_coins(state, 2, "soy", 2)
    assert state.rules.view(state, 2)["players"][2]["can_buy_field"] is False
    refused(state, BuyField(2), "costs 3 coins")
    give_coins(state, 2, "soy", 2)
    assert state.rules.view(state, 2)["players"][2]["can_buy_field"] is True
    assert BuyField(2) in state.rules.legal_actions(state, 2)  # not the active player
    ev = play(state, BuyField(2))
    assert ev == [FieldBought(2, 3)]
    assert len(state.players[2].fields) == 3 and state.players[2].coins == ["soy"]
    assert state.deck.discard == ["soy"] * 3
    assert state.rules.card_count(state) == state.total


def test_third_field_only_once() -> None:
    # card-data.md 41: "3 coins, once"
    state = four(["wax"] * 5, ["green"] * 10 + ["soy"] * 6)
    give_coins(state, 0, "soy", 6)
    play(state, BuyField(0))
    refused(state, BuyField(0), "three fields already")
    assert BuyField(0) not in state.rules.legal_actions(state, 0)


@pytest.mark.parametrize("n", [6, 7])
def test_third_field_costs_two_coins_with_six_and_seven(n: int) -> None:
    # card-data.md 42: 6-7 players, "3rd field: 2 coins"
    hands = [["blue"] * size for size in (3, 4, 5, 6, 6, 6, 6)[:n]]
    state = start("bohnanza", n, hands, ["green"] * 10 + ["soy"] * 2)
    give_coins(state, n - 1, "soy", 2)
    assert play(state, BuyField(n - 1)) == [FieldBought(n - 1, 2)]
    assert state.players[n - 1].coins == [] and state.deck.discard == ["soy", "soy"]


def test_no_third_field_to_buy_with_three_players_who_start_with_three() -> None:
    # card-data.md 40: 3 players, "3 from the start", 3rd field "-"
    state = start("bohnanza", 3, [OTHER] * 3, ["green"] * 10 + ["soy"] * 5)
    assert all(len(p.fields) == 3 for p in state.players)
    give_coins(state, 0, "soy", 5)
    refused(state, BuyField(0), "three fields")
    assert BuyField(0) not in state.rules.legal_actions(state, 0)


# -- phases 2 to 4 ----------------------------------------------------------------------------


def test_phase2_turns_up_the_top_two_cards() -> None:
    # bohnanza.txt 27: "They must take the top two cards from the deck and place them face up"
    state = four(["wax"] * 5, ["soy", "chili", "green", "green"])
    ev = play(state, PlantHand(0, 0), EndPlanting(0))
    assert TurnedUp(0, ("soy", "chili")) in ev
    assert state.turned_up == ["soy", "chili"] and state.phase == "trade"
    assert state.rules.view(state, 3)["turned_up"] == ["soy", "chili"]  # face up for all


def test_phase3_active_player_plants_turned_up_cards_in_any_order() -> None:
    # bohnanza.txt 29: "each player must plant all cards in their trading area"; dahlias.txt
    # 131: "also ... any turned-over cards you have not traded away ... in any order"
    state = four(["wax"] * 5, ["soy", "chili", "green", "green", "green"])
    play(state, PlantHand(0, 0), EndPlanting(0), EndTrading(0))
    assert state.phase == "plant_trades" and state.players[0].area == ["soy", "chili"]
    refused(state, PlantHand(0, 0), "only in phase 1")
    play(state, Harvest(0, 0), PlantArea(0, "chili", 0))  # the second card first
    assert state.phase == "plant_trades" and state.active == 0  # not done until all planted
    ev = play(state, PlantArea(0, "soy", 1))
    assert Drew(0, 3) in ev and state.active == 1
    assert fields_of(state, 0) == [("chili", 1), ("soy", 1)]


def test_phase3_planting_may_force_a_harvest() -> None:
    # bohnanza.txt 29: "This may involve harvesting beans, possibly several times"
    state = four(["wax"] * 5, ["soy", "soy"] + ["green"] * 3 + ["blue"] * 2)
    grow(state, 0, 1, "blue", 2)
    play(state, PlantHand(0, 0), EndPlanting(0), EndTrading(0))
    refused(state, PlantArea(0, "soy", 0), "cannot go on field 1")
    refused(state, PlantArea(0, "soy", 1), "harvest a field first")
    refused(state, PlantArea(0, "chili", 1), "no Chili")
    play(state, Harvest(0, 1), PlantArea(0, "soy", 1), PlantArea(0, "soy", 1))
    assert fields_of(state, 0) == [("wax", 1), ("soy", 2)]


def test_phase4_draws_three_to_the_back_of_the_hand() -> None:
    # bohnanza.txt 30: "drawing cards from the deck, one by one, and placing them at the back
    # of their hand"; 32: "Draw three cards."
    state = four(["wax", "chili", "chili", "chili", "chili"], ["wax", "wax", "soy", "red", "green"])
    quiet_turn(state, 0)
    assert state.players[0].hand == ["chili"] * 4 + ["soy", "red", "green"]


def test_phase1_is_skipped_with_an_empty_hand() -> None:
    # dahlias.txt 98: "If you don't have any cards in your hand at the start of phase 1, skip
    # it and go straight to phase 2."
    state = four(["wax"] * 5, ["wax", "wax"] + ["green"] * 3 + ["soy", "soy"] + ["green"] * 5)
    play(state, PlantHand(0, 0), EndPlanting(0))
    # seat 1 gives its whole hand away: a gift to the active player
    play(state, Offer(1, 0, give_hand=(0, 1, 2, 3, 4)))
    play(state, state.rules.legal_actions(state, 0)[0])  # accept
    assert state.players[1].hand == []
    play(state, EndTrading(0), *[PlantArea(0, "wax", 0)] * 2)
    ev = play(state, PlantArea(0, "red", 1), *[PlantArea(0, "red", 1)] * 4)
    assert state.active == 1 and state.phase == "trade"
    assert "turned_up" in types(ev) and state.turned_up == ["soy", "soy"]
    assert not any(e.type == "phase_started" and e.phase == "plant" for e in ev)


# -- the deck and the end ----------------------------------------------------------------------


def ending_game(rest: list[str], hands: list[list[str]] | None = None):
    """A 4-player game (seat 0 holds five Wax) whose draw pile holds `rest` and has already
    run out all but the last time (a shortcut past the earlier passes: the run-out count is
    all that differs)."""
    state = start("bohnanza", 4, hands or [["wax"] * 5] + [OTHER] * 3, rest)
    state.deck.runouts = state.deck.end_at - 1
    return state


def test_runout_while_turning_up_ends_the_game_before_any_trade() -> None:
    # bohnanza.txt 42: "The game ends instantly the third time the deck runs out."
    # (every player count: tests/test_end_at_once.py)
    state = ending_game(["soy"], hands=[["wax"] * 5, ["red"] * 5, ["red"] * 5, ["red"] * 5])
    ev = play(state, PlantHand(0, 0), EndPlanting(0))
    assert DeckRanOut(3, 0) in ev and state.turned_up == ["soy"] and state.over
    assert isinstance(ev[-1], GameOver) and "phase_started" not in types(ev)
    refused(state, Offer(0, 1, give_up=(0,), want=("red",)), "over")


def test_runout_in_phase4_ends_the_game_at_once() -> None:
    # bohnanza.txt 42: "The game ends instantly the third time the deck runs out."
    state = ending_game(["wax", "wax", "soy", "chili"])
    ev = play(state, PlantHand(0, 0), EndPlanting(0), EndTrading(0))
    ev += play(state, PlantArea(0, "wax", 0), PlantArea(0, "wax", 0))
    assert Drew(0, 2) in ev and DeckRanOut(3, 0) in ev and isinstance(ev[-1], GameOver)
    assert state.over and state.active == 0
    assert state.players[0].hand == ["wax"] * 4 + ["soy", "chili"]
    refused(state, PlantHand(1, 0), "over")


def test_final_harvest_and_most_coins_wins() -> None:
    # bohnanza.txt 42: "all players harvest all beans in their fields. The player with the
    # most coins in their treasury wins."
    state = ending_game(["wax", "wax", "soy"] + ["red"] * 5 + ["stink"] * 8)
    grow(state, 1, 0, "red", 5)  # 4 coins
    grow(state, 2, 1, "stink", 8)  # 4 coins
    play(state, PlantHand(0, 0), EndPlanting(0))
    ev = play(state, EndTrading(0), PlantArea(0, "wax", 0), PlantArea(0, "wax", 0))
    assert Harvested(1, 0, "red", 5, 4) in ev and Harvested(0, 0, "wax", 3, 0) in ev
    assert all(f == (None, 0) for s in range(4) for f in fields_of(state, s))
    assert state.scores == (0, 4, 4, 0)
    # 1 and 2 tie on 4 coins and on 5 hand cards: they share the win
    assert state.winners == (1, 2)
    assert state.rules.view(state, None)["winners"] == [1, 2]
    assert state.rules.card_count(state) == state.total


def tie_at_the_end(rest: list[str], gift: int = 0):
    """Seats 0 and 3 end with 2 coins each (5 Stink); seat 0 plays the last turn, planting
    Wax, giving `gift` hand cards to seat 1 and drawing whatever is left of `rest` after the
    two turned-up cards."""
    state = ending_game(rest + ["stink"] * 10)
    grow(state, 0, 1, "stink", 5)
    grow(state, 3, 0, "stink", 5)
    play(state, PlantHand(0, 0), EndPlanting(0))
    if gift:
        play(state, Offer(0, 1, give_hand=tuple(range(gift))), Accept(1, 1))
    play(state, EndTrading(0), *[PlantArea(1, "wax", 0)] * gift)
    play(state, PlantArea(0, "wax", 0), PlantArea(0, "wax", 0))
    assert state.over and state.scores == (2, 0, 0, 2)
    return state


def test_tie_most_hand_cards_wins() -> None:
    # bohnanza.txt 42: "In case of a tie, the player with the most cards remaining in their
    # hand wins the game."
    state = tie_at_the_end(["wax", "wax", "soy", "soy"])  # seat 0 draws 2: 6 cards
    assert len(state.players[0].hand) == 6 and len(state.players[3].hand) == 5
    assert state.winners == (0,)
    state = tie_at_the_end(["wax", "wax", "soy"], gift=2)  # 4 - 2 + 1 drawn = 3 cards left
    assert len(state.players[0].hand) == 3
    assert state.winners == (3,)


def test_tie_on_coins_and_hand_cards_is_shared() -> None:
    state = tie_at_the_end(["wax", "wax", "soy"])  # seat 0 draws 1: 5 cards
    assert len(state.players[0].hand) == 5
    assert state.winners == (0, 3)


@pytest.mark.parametrize(
    ("game", "n", "end"),
    [("bohnanza", n, e) for n, e in ((2, 1), (3, 2), (4, 3), (5, 3), (6, 3), (7, 3))]
    + [("dahlias", n, 3) for n in (3, 4, 5)],
)
def test_game_ends_at_the_right_runout(game: str, n: int, end: int) -> None:
    # card-data.md 39-42: the game ends when the deck runs out for the 1st (2), 2nd (3) or
    # 3rd time (4-7); dahlias.txt 172: "the third time"
    from helpers.rules import random_game

    state, events = random_game(game, n, seed=n)
    runouts = [e for e in events if isinstance(e, DeckRanOut)]
    assert [e.time for e in runouts] == list(range(1, end + 1))
    assert all(e.reshuffled > 0 for e in runouts[:-1]) and runouts[-1].reshuffled == 0
    last = max(i for i, e in enumerate(events) if isinstance(e, DeckRanOut))
    after = events[last + 1 :]
    # a run-out while turning up: Dahlias completes that turn's phases 2 and 3, Bohnanza
    # ends at once (the final harvest only); in phase 4: the end
    if after and isinstance(after[0], TurnedUp):
        after = after[1:]
        if game == "bohnanza":
            assert {e.type for e in after} <= {"harvested", "game_over"}
    assert not any(isinstance(e, (TurnedUp, Drew)) for e in after)
    assert {e.phase for e in after if e.type == "phase_started"} <= {
        "trade",
        "plant_trades",
        "plant_turned_up",
    }
    assert {e.seat for e in after if e.type == "phase_started"} <= {state.active}
    assert isinstance(after[-1], GameOver) and state.over


# -- player counts ---------------------------------------------------------------------------

ALL_BEANS = {v: c for v, (c, _) in BEAN_O_METER.items()}


@pytest.mark.parametrize(
    ("n", "removed", "fields", "hands", "draw"),
    [
        (2, {"garden", "cocoa"}, 2, [5, 5], 2),
        (3, {"cocoa"}, 3, [5, 5, 5], 3),
        (4, {"coffee"}, 2, [5] * 4, 3),
        (5, {"coffee"}, 2, [5] * 5, 3),
        (6, {"cocoa", "garden"}, 2, [3, 4, 5, 6, 6, 6], 4),
        (7, {"cocoa", "garden"}, 2, [3, 4, 5, 6, 6, 6, 6], 4),
    ],
)
def test_player_count_rules(n: int, removed: set[str], fields: int, hands, draw: int) -> None:
    # card-data.md 37-42: removed varieties, fields, start hands ("3, 4, 5, then 6 for all
    # others, from the start player on"), cards drawn in phase 4
    rules = rules_for("bohnanza", n)
    state, _ = rules.new_game([f"P{i}" for i in range(n)], seed=11)
    assert state.total == Counter({v: c for v, c in ALL_BEANS.items() if v not in removed})
    assert [len(p.hand) for p in state.players] == hands
    assert all(len(p.fields) == fields for p in state.players)
    assert len(state.deck.cards) == sum(state.total.values()) - sum(hands)
    assert rules.count.draw == draw  # and a turn really draws that many:
    hands_stacked = [["blue"] * h for h in hands]
    state = start("bohnanza", n, hands_stacked, ["blue"] * 20)
    play(state, PlantHand(0, 0), EndPlanting(0))
    assert len(state.turned_up) == (3 if n == 2 else 2)  # card-data.md 46; bohnanza.txt 27
    if n == 2:
        ev = play(state, EndTurn(0))  # the bean duel: the rest is left as the offer
    else:
        ev = play(state, EndTrading(0), PlantArea(0, "blue", 0), PlantArea(0, "blue", 0))
    assert Drew(0, draw) in ev and len(state.players[0].hand) == hands[0] - 1 + draw


# -- secrecy ------------------------------------------------------------------------------------


def test_treasuries_are_secret() -> None:
    # bohnanza.txt 19: "The number of cards in each player's treasury is kept secret"
    state = four(["wax"] * 5, ["green"] * 10 + ["soy"] * 3)
    give_coins(state, 0, "soy", 2)
    give_coins(state, 1, "soy", 1)
    mine = state.rules.view(state, 0)["players"]
    assert mine[0]["coins"] == 2 and mine[1]["coins"] is None
    assert state.rules.view(state, 1)["players"][1]["coins"] == 1
    assert all(p["coins"] is None for p in state.rules.view(state, None)["players"])


def test_open_treasuries_option_shows_every_treasury() -> None:
    state = start(
        "bohnanza", 4, [OTHER] * 4, ["green"] * 10 + ["soy"] * 3, {"open_treasuries": True}
    )
    give_coins(state, 1, "soy", 3)
    assert [p["coins"] for p in state.rules.view(state, 0)["players"]] == [0, 3, 0, 0]
    assert [p["coins"] for p in state.rules.view(state, None)["players"]] == [0, 3, 0, 0]


def test_hand_and_deck_are_hidden_fields_and_areas_are_open() -> None:
    # bohnanza.txt 19: "Cards in the hand are kept hidden. Cards in trading areas and fields
    # are visible to all players."
    state = four(["wax"] * 5, ["soy", "chili"] + ["green"] * 10)
    play(state, PlantHand(0, 0), EndPlanting(0), EndTrading(0))
    v = state.rules.view(state, 2)
    assert v["players"][0]["hand"] is None and v["players"][0]["hand_size"] == 4
    assert v["players"][0]["area"] == ["soy", "chili"]
    assert v["players"][0]["fields"][0] == {"variety": "wax", "count": 1, "pays": 0, "next": [4, 1]}
    assert "deck" not in v and v["deck_size"] == 10


def test_planting_the_last_hand_card_turns_up_at_once() -> None:
    # dahlias.txt 92-102: phase 1 has nothing left to decide once the hand is empty
    state = four(["wax"] * 5, ["wax", "wax"] + ["green"] * 3 + ["soy", "soy"] + ["green"] * 5)
    play(state, PlantHand(0, 0), EndPlanting(0))
    play(state, Offer(1, 0, give_hand=(0, 1, 2, 3)), Accept(0, 1))  # seat 1 keeps one card
    play(state, EndTrading(0), *[PlantArea(0, "wax", 0)] * 2, *[PlantArea(0, "red", 1)] * 4)
    assert state.active == 1 and state.players[1].hand == ["red"]
    ev = play(state, PlantHand(1, 0))
    assert TurnedUp(1, ("soy", "soy")) in ev and state.phase == "trade"


def test_final_harvest_ignores_the_protection_rule() -> None:
    # bohnanza.txt 42: "all players harvest all beans in their fields"
    state = ending_game(["wax", "wax", "soy"] + ["stink"] * 6 + ["soy"])
    grow(state, 2, 0, "soy", 1)
    grow(state, 2, 1, "stink", 6)
    play(state, PlantHand(0, 0), EndPlanting(0), EndTrading(0))
    ev = play(state, PlantArea(0, "wax", 0), PlantArea(0, "wax", 0))
    assert Harvested(2, 0, "soy", 1, 0) in ev and Harvested(2, 1, "stink", 6, 2) in ev
    assert fields_of(state, 2) == [(None, 0), (None, 0)] and state.scores[2] == 2


def test_every_action_is_refused_once_the_game_is_over() -> None:
    state = ending_game(["wax", "wax", "soy"])
    play(state, PlantHand(0, 0), EndPlanting(0), EndTrading(0))
    play(state, PlantArea(0, "wax", 0), PlantArea(0, "wax", 0))
    assert state.over and state.rules.waiting_for(state) == []
    for seat in range(4):
        assert state.rules.legal_actions(state, seat) == []
        for action in (PlantHand(seat, 0), Harvest(seat, 0), BuyField(seat), EndTrading(seat)):
            refused(state, action, "game is over")


def test_unknown_seats_and_foreign_actions_are_refused() -> None:
    from dataclasses import dataclass

    from bohn_tui.engine.actions import Action

    @dataclass(frozen=True)
    class Dance(Action):
        type = "dance"

    state = four(["wax"] * 5, ["green"] * 10)
    refused(state, PlantHand(4, 0), "no seat 4")
    refused(state, PlantHand(-1, 0), "no seat -1")
    refused(state, Dance(0), "not an action of Bohnanza")
    refused(state, PlantHand(0, 2), "no field 3")
    assert state.rules.legal_actions(state, 9) == []


def test_waiting_for_follows_the_phases() -> None:
    state = four(["wax"] * 5, ["soy", "chili"] + ["green"] * 10)
    assert state.rules.waiting_for(state) == [0]
    play(state, PlantHand(0, 0), EndPlanting(0))
    assert state.rules.waiting_for(state) == [0]
    play(state, Offer(0, 2, give_up=(0,)))
    assert state.rules.waiting_for(state) == [2, 0]  # the one asked answers first
    play(state, Accept(2, 1), EndTrading(0))
    assert state.rules.waiting_for(state) == [0, 2]  # all with cards to plant, from the active on
    play(state, PlantArea(2, "soy", 0))
    assert state.rules.waiting_for(state) == [0]


# card-data.md 15-27: the English and German names, in the table's order
NAMES = {
    "coffee": ("Coffee", "Kaffeebohne"),
    "wax": ("Wax", "Wachsbohne"),
    "blue": ("Blue", "Blaue Bohne"),
    "chili": ("Chili", "Feuerbohne"),
    "stink": ("Stink", "Saubohne"),
    "green": ("Green", "Brechbohne"),
    "soy": ("Soy", "Sojabohne"),
    "black-eyed": ("Black-eyed", "Augenbohne"),
    "red": ("Red", "Rote Bohne"),
    "garden": ("Garden", "Gartenbohne"),
    "cocoa": ("Cocoa", "Kakaobohne"),
}


def test_varieties_and_names_match_card_data() -> None:
    data = rules_for("bohnanza", 4).data
    assert list(data.varieties) == list(NAMES)
    assert {k: (v.name, v.name_de) for k, v in data.varieties.items()} == NAMES
    assert sum(v.count for v in data.varieties.values()) == 154  # card-data.md 12
    dahlias = rules_for("dahlias", 4).data
    assert list(dahlias.varieties) == list(MARKET_PRICE)  # dahlias.txt 31-38, by frequency
    assert [v.name for v in dahlias.varieties.values()] == [
        "Pumpkin", "Lights Out", "Islander", "Brother", "Cafe Au Lait", "Bumble Rumble",
        "Gloria", "Moon Fire",
    ]  # fmt: skip
