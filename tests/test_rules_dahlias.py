"""Bohnanza: Dahlias on the same engine (dahlias.txt, line numbers in the comments): the
rulebook's worked examples #1-#5, the mats, the end and the tie-break."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers.rules import fields_of, give_coins, grow, play, refused, start, types

from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import (
    Accept,
    BuyField,
    DeckRanOut,
    Decline,
    Drew,
    EndPlanting,
    EndTrading,
    GameOver,
    Harvest,
    Harvested,
    Offer,
    OfferClosed,
    PlantArea,
    PlantHand,
    Traded,
    TurnedUp,
)

FLOWERS = {
    "pumpkin": 6,
    "lights-out": 8,
    "islander": 10,
    "brother": 12,
    "cafe-au-lait": 14,
    "bumble-rumble": 16,
    "gloria": 18,
    "moon-fire": 20,
}


@pytest.mark.parametrize(("n", "fields"), [(3, 3), (4, 2), (5, 2)])
def test_setup_mats_and_deal(n: int, fields: int) -> None:
    # dahlias.txt 29-39: 104 cards of 8 varieties; 60-61: "If there are three players, use
    # the ... three-field side up. If there are four or five players, start with two-field
    # side up."; 65: "deal five cards to each player"
    state, _ = rules_for("dahlias", n).new_game([f"P{i}" for i in range(n)], seed=3)
    assert state.total == Counter(FLOWERS) and sum(state.total.values()) == 104
    assert all(len(p.fields) == fields for p in state.players)
    assert all(len(p.hand) == 5 for p in state.players)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_no_field_can_be_bought(n: int) -> None:
    # dahlias.txt 58: the mats are two- or three-field; the rulebook sells no extra field
    state = start("dahlias", n, [["gloria"] * 5] * n, ["pumpkin"] * 10)
    give_coins(state, 0, "pumpkin", 5)
    refused(state, BuyField(0), "three fields" if n == 3 else "no third field")
    assert BuyField(0) not in state.rules.legal_actions(state, 0)
    assert state.rules.view(state, 0)["players"][0]["can_buy_field"] is False


def test_phases_turn_over_two_and_draw_three() -> None:
    # dahlias.txt 102: "Turn over the top two cards"; 139: "drawing three cards ... Put them
    # in the back of your hand"
    state = start(
        "dahlias", 4, [["gloria"] * 5] * 4, ["gloria"] * 2 + ["pumpkin", "brother", "islander"]
    )
    ev = play(state, PlantHand(0, 0), EndPlanting(0))
    assert TurnedUp(0, ("gloria", "gloria")) in ev
    ev = play(state, EndTrading(0), PlantArea(0, "gloria", 0), PlantArea(0, "gloria", 0))
    assert Drew(0, 3) in ev
    assert state.players[0].hand == ["gloria"] * 4 + ["pumpkin", "brother", "islander"]
    assert state.active == 1  # dahlias.txt 75: "players take turns going to the left"


def test_examples_1_to_4_timon_trades_with_nina() -> None:
    # Example #1 (106): Timon turned over a Brother and a Moon Fire; he keeps the Moon Fire,
    # there is no space for the Brother: "I'd like to trade it for a Lights Out."
    timon = ["moon-fire", "islander", "gloria", "cafe-au-lait", "cafe-au-lait"]
    nina = ["cafe-au-lait", "lights-out", "pumpkin", "pumpkin", "pumpkin"]
    others = [["pumpkin"] * 5] * 2
    state = start("dahlias", 4, [timon, nina, *others], ["brother", "moon-fire"] + ["gloria"] * 6)
    play(state, PlantHand(0, 0), PlantHand(0, 1))  # two planted: turned over at once
    assert state.turned_up == ["brother", "moon-fire"]
    assert fields_of(state, 0) == [("moon-fire", 1), ("islander", 1)]
    play(state, Offer(0, None, give_up=(0,), want=("lights-out",)))
    assert state.rules.waiting_for(state) == [1, 2, 3, 0]
    # nobody wants it: each of the others declines the open offer
    ev = play(state, Decline(1, 1), Decline(2, 1), Decline(3, 1))
    assert ev[-1] == OfferClosed(1, 3, "declined") and state.offers == {}
    # Example #2 (117): "I'll give you the turned-over Brother and a Gloria from my hand for
    # a Lights Out."
    play(state, Offer(0, None, give_hand=(0,), give_up=(0,), want=("lights-out",)))
    assert state.rules.view(state, 1)["offers"][0]["give"] == ["gloria", "brother"]
    # Example #3 (123): Nina accepts and gives him the Lights Out; the cards received go
    # beside the fields, not into the hand (121)
    ev = play(state, Accept(1, 2, give_hand=(1,)))
    assert ev[0] == Traded(2, 0, 1, ("gloria", "brother"), ("lights-out",))
    assert state.players[0].area == ["lights-out"]
    assert state.players[1].area == ["gloria", "brother"]
    assert state.players[0].hand == ["cafe-au-lait"] * 2
    assert state.players[1].hand == ["cafe-au-lait", "pumpkin", "pumpkin", "pumpkin"]
    assert state.turned_up == ["moon-fire"]
    # Example #4 (133): Timon plants the Lights Out and the Moon Fire, Nina the Brother and
    # the Gloria in her two fields, in any order (131)
    play(state, EndTrading(0))
    assert state.players[0].area == ["lights-out", "moon-fire"]
    play(state, PlantArea(1, "brother", 0), PlantArea(1, "gloria", 1))
    assert fields_of(state, 1) == [("brother", 1), ("gloria", 1)]
    # the Lights Out needs a field: Timon harvests his lone Islander first (135)
    refused(state, PlantArea(0, "lights-out", 1), "harvest a field first")
    play(state, Harvest(0, 1), PlantArea(0, "lights-out", 1))
    ev = play(state, PlantArea(0, "moon-fire", 0))
    assert fields_of(state, 0) == [("moon-fire", 2), ("lights-out", 1)]
    assert Drew(0, 3) in ev and state.active == 1
    assert state.rules.card_count(state) == state.total


def test_cards_received_in_a_trade_cannot_be_traded_again() -> None:
    # dahlias.txt 113: "You cannot trade cards you've received in a trade."
    state = start(
        "dahlias", 3, [["gloria"] * 5, ["pumpkin"] * 5, ["islander"] * 5], ["brother"] * 8
    )
    play(state, PlantHand(0, 0), EndPlanting(0))
    play(state, Offer(0, 1, give_up=(0,), want=("pumpkin",)), Accept(1, 1, give_hand=(0,)))
    assert state.players[1].area == ["brother"] and state.players[1].hand == ["pumpkin"] * 4
    # the Brother is in seat 1's trade area; there is no way to name it in an offer: only
    # hand positions (4 left) and, for the active player, turned-up cards
    refused(state, Offer(1, 0, give_hand=(4,)), "no card at hand position 4")
    refused(state, Offer(1, 0, give_up=(0,)), "only the active player")


def test_example_5_three_glorias_pay_one_coin() -> None:
    # Example #5 (160): "Keno has 3 Glorias ... worth 1 coin. Keno turns one card over to its
    # coin side ... he puts the remaining two Glorias on the discard pile."
    state = start("dahlias", 3, [["pumpkin"] * 5] * 3, ["gloria"] * 3 + ["pumpkin"] * 3)
    grow(state, 2, 0, "gloria", 3)
    assert play(state, Harvest(2, 0)) == [Harvested(2, 0, "gloria", 3, 1)]
    assert state.players[2].coins == ["gloria"]
    assert state.deck.discard == ["gloria", "gloria"]
    assert fields_of(state, 2)[0] == (None, 0)


def test_bumble_rumble_market_price_example() -> None:
    # dahlias.txt 149: "1 or 2 ... don't get any gold coins. For 3 or 4 ... one coin. 5 or 6
    # ... two coins, for 7 ... three gold coins, and 8 or more ... four coins."
    for cards, coins in {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 4, 11: 4}.items():
        state = start("dahlias", 3, [["pumpkin"] * 5] * 3, ["bumble-rumble"] * cards)
        grow(state, 1, 2, "bumble-rumble", cards)
        assert play(state, Harvest(1, 2))[0].coins == coins


def test_dahlia_protection_rule() -> None:
    # dahlias.txt 164: "If there is only one flower card in one of your fields, you cannot
    # harvest it as long as you have another field containing more than one flower card."
    state = start("dahlias", 3, [["pumpkin"] * 5] * 3, ["gloria"] * 3 + ["brother"] * 3)
    grow(state, 1, 0, "gloria", 1)
    grow(state, 1, 2, "brother", 2)
    refused(state, Harvest(1, 0), "protected")
    play(state, Harvest(1, 2), Harvest(1, 0))


def finish_with_ties(tied: tuple[int, ...], n: int = 4):
    """The last turn of a Dahlias game in which the `tied` seats have one coin each (three
    Bumble Rumbles on their last field) and seat 0 draws two cards before the end."""
    hands = [["moon-fire"] * 5] + [["pumpkin"] * 5] * (n - 1)
    rest = ["moon-fire", "moon-fire", "gloria", "gloria"] + ["bumble-rumble"] * (3 * len(tied))
    state = start("dahlias", n, hands, rest)
    state.deck.runouts = state.deck.end_at - 1  # past the earlier passes
    for seat in tied:
        grow(state, seat, 1, "bumble-rumble", 3)
    play(state, PlantHand(0, 0), EndPlanting(0), EndTrading(0))
    ev = play(state, PlantArea(0, "moon-fire", 0), PlantArea(0, "moon-fire", 0))
    assert "game_over" in types(ev)
    assert state.scores == tuple(1 if s in tied else 0 for s in range(n))
    return state


@pytest.mark.parametrize(("tied", "winner"), [((0, 1), 1), ((1, 3), 3), ((0, 2), 2)])
def test_tie_goes_to_the_player_furthest_from_the_start_clockwise(tied, winner) -> None:
    # dahlias.txt 178: "If there is a tie, the tied player who sits the furthest away from the
    # starting player (going around the table clockwise) wins the game." 174: "Cards in your
    # hand do not count"
    state = finish_with_ties(tied)
    assert len(state.players[0].hand) == 6  # more cards than anyone: it does not matter
    assert state.winners == (winner,)


def test_game_ends_at_the_third_runout_with_three_players_too() -> None:
    # dahlias.txt 172: "The game ends when the draw pile runs out for the third time."
    assert [rules_for("dahlias", n).count.end_runout for n in (3, 4, 5)] == [3, 3, 3]
    state = finish_with_ties((1,), n=3)
    assert state.deck.runouts == 3 and state.winners == (1,)


def test_runout_while_turning_over_trading_and_phase_3_go_on_with_one_card() -> None:
    # dahlias.txt 172: "If this happens during phase 2 ... complete phases 2 and 3 of your turn
    # (even if you could only turn over one card instead of two), then the game ends."
    hands = [["moon-fire"] * 5] + [["pumpkin"] * 5] * 3
    state = start("dahlias", 4, hands, ["gloria"])
    state.deck.runouts = state.deck.end_at - 1  # past the earlier passes
    ev = play(state, PlantHand(0, 0), EndPlanting(0))
    assert DeckRanOut(3, 0) in ev and state.turned_up == ["gloria"]
    assert state.phase == "trade" and not state.over
    play(state, Offer(0, 1, give_up=(0,), want=("pumpkin",)))
    play(state, state.rules.legal_actions(state, 1)[0])  # seat 1 accepts: gloria for pumpkin
    play(state, EndTrading(0), PlantArea(1, "gloria", 0))
    assert not state.over  # seat 0 still plants in phase 3
    ev = play(state, PlantArea(0, "pumpkin", 1))
    assert isinstance(ev[-1], GameOver) and "drew" not in types(ev)
    assert state.active == 0 and state.over
