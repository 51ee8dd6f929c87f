"""The bean duel: Bohnanza for two, with its own turn (card-data.md 44-48):

"Bean duel turn: (1) plant or discard the beans the opponent left as an offer; (2) plant 1-2
hand cards as usual, then you may discard one card from anywhere in your hand, face up;
(3) turn up 3 cards; while the top of the discard pile matches one of them, add it; plant any
of them, the rest are left as the offer for the opponent; (4) draw 2. Beans may be sold only
on your own turn." """

from __future__ import annotations

from pathlib import Path

from helpers.rules import fields_of, give_coins, grow, play, refused, start

from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import (
    BuyField,
    DeckRanOut,
    Discarded,
    DiscardHand,
    DiscardOffer,
    Drew,
    EndPlanting,
    EndTurn,
    FieldBought,
    GameOver,
    Harvest,
    Harvested,
    Offer,
    PlantArea,
    Planted,
    PlantHand,
    TurnedUp,
)

P2_HAND = ["red"] * 5
FILL = ["black-eyed"] * 6  # keeps the draw pile from running out


def duel(p1: list[str], rest: list[str], p2: list[str] | None = None):
    return start("bohnanza", 2, [p1, p2 or P2_HAND], rest)


def test_duel_setup() -> None:
    # card-data.md 39: 2 players: Garden and Cocoa out, 2 fields, 5 cards, draw 2
    rules = rules_for("bohnanza", 2)
    state, _ = rules.new_game(["A", "B"], seed=5)
    assert "garden" not in state.total and "cocoa" not in state.total
    assert sum(state.total.values()) == 144
    assert [len(p.hand) for p in state.players] == [5, 5]
    assert all(len(p.fields) == 2 for p in state.players)
    assert state.phase == "plant" and state.duel_offer == []


def test_duel_turns_up_three() -> None:
    # card-data.md 46: "(3) turn up 3 cards"
    state = duel(["wax"] * 5, ["soy", "chili", "green", "blue", "blue"])
    ev = play(state, PlantHand(0, 0), EndPlanting(0))
    assert TurnedUp(0, ("soy", "chili", "green")) in ev
    assert state.turned_up == ["soy", "chili", "green"] and state.phase == "plant_turned_up"


def test_duel_plant_any_turned_up_the_rest_is_the_offer_then_draw_two() -> None:
    # card-data.md 46-47: "plant any of them, the rest are left as the offer for the
    # opponent; (4) draw 2."
    state = duel(["wax"] * 5, ["soy", "chili", "green", "blue", "stink"] + FILL)
    play(state, PlantHand(0, 0), EndPlanting(0))
    play(state, PlantArea(0, "chili", 1))
    ev = play(state, EndTurn(0))
    assert Drew(0, 2) in ev
    assert state.duel_offer == ["soy", "green"]
    assert state.players[0].hand == ["wax"] * 4 + ["blue", "stink"]
    assert fields_of(state, 0) == [("wax", 1), ("chili", 1)]
    assert state.active == 1 and state.phase == "take_offer"
    assert state.rules.view(state, None)["duel_offer"] == ["soy", "green"]


def test_duel_offer_is_planted_or_discarded_first() -> None:
    # card-data.md 44: "(1) plant or discard the beans the opponent left as an offer"
    state = duel(["wax"] * 5, ["soy", "chili", "green", "blue", "stink"] + FILL)
    play(state, PlantHand(0, 0), EndPlanting(0), PlantArea(0, "chili", 1), EndTurn(0))
    refused(state, PlantHand(1, 0), "only in phase 1")
    refused(state, EndPlanting(1), "not the planting phase")
    refused(state, DiscardOffer(1, "blue"), "no Blue")
    refused(state, DiscardOffer(0, "soy"), "whose turn")
    ev = play(state, PlantArea(1, "soy", 0))
    assert ev == [Planted(1, "soy", 0, "offer")] and state.phase == "take_offer"
    ev = play(state, DiscardOffer(1, "green"))
    assert ev[0] == Discarded(1, "green", "offer")
    assert state.deck.discard == ["green"] and state.phase == "plant"
    play(state, PlantHand(1, 1))
    assert fields_of(state, 1) == [("soy", 1), ("red", 1)]


def test_duel_plant_one_or_two_hand_cards() -> None:
    # card-data.md 45: "(2) plant 1-2 hand cards as usual"
    state = duel(["wax"] * 5, ["soy"] * 6)
    refused(state, EndPlanting(0), "front card")
    play(state, PlantHand(0, 0), PlantHand(0, 0))
    refused(state, PlantHand(0, 0), "two cards")


def test_duel_discard_one_hand_card_from_anywhere_face_up() -> None:
    # card-data.md 45: "then you may discard one card from anywhere in your hand, face up"
    state = duel(["wax", "blue", "chili", "stink", "green"], ["soy"] * 6)
    refused(state, DiscardHand(0, 2), "plant your front card")
    play(state, PlantHand(0, 0))
    refused(state, DiscardHand(0, 4), "no card at hand position 4")
    refused(state, DiscardHand(1, 0), "whose turn")
    ev = play(state, DiscardHand(0, 2))  # the Stink, from the middle of the hand
    assert ev[0] == Discarded(0, "stink", "hand")
    assert state.players[0].hand == ["blue", "chili", "green"]
    assert state.rules.view(state, 1)["discard_top"] == "stink"
    assert state.phase == "plant_turned_up"  # discarding ends the planting: one card only
    refused(state, DiscardHand(0, 0), "only at the end of planting")


def test_duel_discard_tops_matching_the_turned_up_cards_are_added() -> None:
    # card-data.md 46: "while the top of the discard pile matches one of them, add it"
    state = duel(
        ["wax", "soy", "wax", "wax", "wax"], ["soy", "red", "blue"] + FILL + ["green", "red"]
    )
    grow(state, 0, 1, "green", 1)
    play(state, Harvest(0, 1))  # discard: green
    grow(state, 0, 1, "red", 1)
    play(state, Harvest(0, 1))  # discard: green, red
    play(state, PlantHand(0, 0))
    ev = play(state, DiscardHand(0, 0))  # discard: green, red, soy
    assert TurnedUp(0, ("soy", "red", "blue"), ("soy", "red")) in ev
    assert state.turned_up == ["soy", "red", "blue", "soy", "red"]
    assert state.deck.discard == ["green"]  # Green matches none: it stays
    assert state.rules.card_count(state) == state.total


def test_duel_beans_are_sold_only_on_your_own_turn() -> None:
    # card-data.md 47: "Beans may be sold only on your own turn."
    state = duel(["wax"] * 5, ["soy", "chili", "green", "blue"] + FILL + ["stink"] * 3)
    grow(state, 1, 0, "stink", 3)
    refused(state, Harvest(1, 0), "own turn")
    assert not any(isinstance(a, Harvest) for a in state.rules.legal_actions(state, 1))
    play(state, PlantHand(0, 0), EndPlanting(0), EndTurn(0))
    assert state.active == 1
    assert Harvest(1, 0) in state.rules.legal_actions(state, 1)
    play(state, Harvest(1, 0))
    assert state.players[1].coins == ["stink"]


def test_duel_has_no_trading() -> None:
    # card-data.md 44-48: the duel's turn has no trading phase
    state = duel(["wax"] * 5, ["soy", "chili", "green", "blue", "stink"])
    play(state, PlantHand(0, 0), EndPlanting(0))
    assert state.rules.view(state, 0)["can_offer"] is False
    refused(state, Offer(0, 1, give_up=(0,)), "no trading")


def test_duel_third_field_paid_coins_leave_the_game() -> None:
    # card-data.md 39: "3 coins, paid coins leave the game"
    state = duel(["wax"] * 5, ["soy"] * 10)
    give_coins(state, 0, "soy", 3)
    assert play(state, BuyField(0)) == [FieldBought(0, 3)]
    assert state.removed == ["soy"] * 3 and state.deck.discard == []
    assert len(state.players[0].fields) == 3
    assert state.rules.card_count(state) == state.total


def test_duel_ends_when_the_deck_runs_out_the_first_time_in_phase4() -> None:
    # card-data.md 39: the duel "ends when the deck runs out for the 1st time"
    state = duel(["wax"] * 5, ["soy", "chili", "green", "blue"])
    play(state, PlantHand(0, 0), EndPlanting(0))
    ev = play(state, EndTurn(0))
    assert Drew(0, 1) in ev and DeckRanOut(1, 0) in ev and isinstance(ev[-1], GameOver)
    assert state.over and state.duel_offer == ["soy", "chili", "green"]
    assert state.rules.card_count(state) == state.total


def test_duel_runout_while_turning_up_ends_the_game_at_once() -> None:
    # bohnanza.txt 42: "The game ends instantly the third time the deck runs out" (card-data.md
    # 39: in the duel, the 1st time): nothing is planted, no offer is left, nothing is drawn
    state = duel(["wax"] * 5, ["soy", "chili", "soy"])
    state.deck.discard.append(state.deck.cards.pop(0))  # Soy on the discard pile
    ev = play(state, PlantHand(0, 0), EndPlanting(0))
    assert DeckRanOut(1, 0) in ev and isinstance(ev[-1], GameOver) and state.over
    # the matching discard top is not added: the game ended before
    assert state.turned_up == ["soy", "chili"] and state.deck.discard[0] == "soy"
    assert "phase_started" not in [e.type for e in ev] and state.duel_offer == []
    assert Harvested(0, 0, "wax", 1, 0) in ev and state.scores == (0, 0)
    assert state.rules.card_count(state) == state.total


def test_the_in_app_rules_of_the_duel_say_the_hand_the_fields_and_the_turn() -> None:
    """The `?` rules of the duel say what card-data.md 39 gives for two players ("| 2 (bean
    duel) | Garden, Cocoa | 2 | 5 | 2 | 3 coins, paid coins leave the game | 1st time |"):
    the start hand of 5 and the 2 fields, the draw of 2, the kinds removed, the third field's
    price; and its turn (44-48), the harvest on your own turn only, no trading."""
    from bohn_tui.games.common.help import rules_lines

    text = " ".join(rules_lines(rules_for("bohnanza", 2)))
    for said in (
        "Each player starts with 5 cards and has 2 fields.",
        "Bean duel for two, no trading",
        "1. Plant or discard the cards your opponent left you as an offer.",
        "then you may discard one card from anywhere in your hand, face up",
        "3. Turn up 3 cards; while the top of the discard pile matches one of them",
        "the rest is your opponent's offer",
        "4. Draw 2 cards to the back of your hand.",
        "Beans removed at this player count: Garden, Cocoa.",
        "A third field costs 3 coins; the coins paid leave the game.",
        "Fields are harvested only on your own turn.",
        "the first time the draw pile runs out",
    ):
        assert said in text, said
    assert "trade:" not in text  # phase 2's trading is not the duel's


async def test_the_duels_discard_says_that_it_ends_the_planting(tmp_path: Path) -> None:
    """card-data.md 45: "plant 1-2 hand cards as usual, then you may discard one card from
    anywhere in your hand": the discard comes last, the cards are turned up after it; d's
    question says so before the choice (a player who meant to plant a second card first
    is told)."""
    from helpers.ui import make_app, table, until

    from bohn_tui.play.session import Session
    from bohn_tui.ui.screens.choose import ChooseScreen

    s = Session.new("bohnanza", ["Ana", "Ben"], {1: "standard"}, seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table(app).viewer == 0)
        await pilot.press("1")
        await until(pilot, lambda: s.state.planted == 1)
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen))
        chooser = app.screen
        assert isinstance(chooser, ChooseScreen)
        said = "Discard which card? Then no more planting: the cards are turned up."
        assert chooser.title_text == said
