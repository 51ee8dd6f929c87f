"""Trading (phase 2) and planting what was traded (phase 3): bohnanza.txt 28-29 and
dahlias.txt 108-135, rule by rule."""

from __future__ import annotations

from helpers.rules import fields_of, play, refused, start

from bohn_tui.engine.contract import Ask
from bohn_tui.games.common.actions import (
    Accept,
    Decline,
    Drew,
    EndPlanting,
    EndTrading,
    Harvest,
    Offer,
    OfferClosed,
    OfferMade,
    PlantArea,
    PlantHand,
    Traded,
    Withdraw,
)

HANDS = [
    ["wax", "blue", "chili", "stink", "green"],
    ["soy", "red", "black-eyed", "garden", "cocoa"],
    ["red", "red", "red", "red", "red"],
    ["blue", "soy", "blue", "blue", "blue"],
]


def trading():
    """4 players; seat 0 planted its Wax and turned up Soy and Chili: phase 2.
    Seat 0's hand is now Blue, Chili, Stink, Green."""
    state = start("bohnanza", 4, HANDS, ["soy", "chili"] + ["green"] * 12)
    play(state, PlantHand(0, 0), EndPlanting(0))
    assert state.phase == "trade" and state.turned_up == ["soy", "chili"]
    return state


def test_trading_happens_only_in_phase_2() -> None:
    # bohnanza.txt 28: "Trading opens" after the cards are turned up
    state = start("bohnanza", 4, HANDS, ["soy", "chili"] + ["green"] * 12)
    assert state.rules.view(state, 1)["can_offer"] is False
    refused(state, Offer(1, 0, give_hand=(0,)), "phase 2")
    play(state, PlantHand(0, 0), EndPlanting(0))
    assert all(state.rules.view(state, s)["can_offer"] for s in range(4))


def test_trades_only_with_the_active_player() -> None:
    # bohnanza.txt 28: "Trade may only occur with the player whose turn it is."; dahlias.txt
    # 110: "The other players can't trade with each other."
    state = trading()
    refused(state, Offer(1, 2, give_hand=(0,), want=("red",)), "only with P1")
    refused(state, Offer(0, 0, give_hand=(0,)), "another player")
    # an offer from a non-active player without an addressee goes to the active player
    ev = play(state, Offer(2, None, give_hand=(0,), want=("blue",)))
    assert ev == [OfferMade(1, 2, 0, ("red",), ("blue",), None)]
    refused(state, Accept(1, 1), "not made to you")


def test_any_number_of_cards_for_any_number() -> None:
    # dahlias.txt 115: "any number of flowers for any number of other flowers (e.g., two Moon
    # Fires for one Pumpkin)"
    state = trading()
    play(state, Offer(0, 2, give_hand=(1, 3), want=("red", "red", "red")))
    ev = play(state, Accept(2, 1, give_hand=(0, 2, 4)))
    assert ev[0] == Traded(1, 0, 2, ("chili", "green"), ("red", "red", "red"))
    assert state.players[0].area == ["red", "red", "red"]
    assert state.players[2].area == ["chili", "green"]
    assert state.players[2].hand == ["red", "red"]


def test_hand_cards_from_any_position_and_the_rest_keep_their_order() -> None:
    # bohnanza.txt 28: "they may offer/trade any card(s) in their hands in any order";
    # bohnanza.txt 15: the hand is never rearranged
    state = trading()
    play(state, Offer(1, None, give_hand=(3,), want=("stink",)))  # the Garden, 4th card
    play(state, Accept(0, 1, give_hand=(2,)))  # the Stink, 3rd card
    assert state.players[1].hand == ["soy", "red", "black-eyed", "cocoa"]
    assert state.players[0].hand == ["blue", "chili", "green"]
    assert state.players[0].area == ["garden"] and state.players[1].area == ["stink"]


def test_turned_up_cards_are_traded_only_by_the_active_player() -> None:
    # bohnanza.txt 28: "the cards in the active player's trading area"; dahlias.txt 112: "The
    # active player can use the two turned-over cards"
    state = trading()
    refused(state, Offer(1, 0, give_up=(0,)), "only the active player")
    play(state, Offer(1, 0, give_hand=(0,), want=("chili",)))
    refused(state, Accept(0, 1, give_up=(5,)), "no turned-up card 5")
    ev = play(state, Accept(0, 1, give_up=(1,)))  # the turned-up Chili
    assert ev[0] == Traded(1, 1, 0, ("soy",), ("chili",))
    assert state.turned_up == ["soy"] and state.players[0].hand == [
        "blue",
        "chili",
        "stink",
        "green",
    ]


def test_cards_received_cannot_be_traded_again() -> None:
    # bohnanza.txt 28: "No cards that have been traded once may be traded again"; "No cards
    # can ever get placed into a player's hand by trading."
    state = trading()
    play(state, Offer(0, 3, give_up=(0,), want=("blue",)), Accept(3, 1, give_hand=(0,)))
    assert state.players[3].area == ["soy"] and state.players[3].hand == [
        "soy",
        "blue",
        "blue",
        "blue",
    ]
    assert state.players[0].area == ["blue"] and "blue" not in state.turned_up
    # the received cards sit in the trade areas, which no offer can name
    play(state, Offer(3, 0, give_hand=(0,), want=("chili",)))  # the Soy of its own hand
    assert state.rules.view(state, 3)["offers"][0]["give"] == ["soy"]
    assert state.players[3].area == ["soy"]  # unchanged: a different card
    refused(state, Offer(0, 1, give_hand=(4,)), "no card at hand position 4")


def test_hand_cards_stay_in_place_until_the_trade_is_agreed() -> None:
    # dahlias.txt 119: "Only remove flowers from your hand once the trade has been agreed on."
    state = trading()
    hand = list(state.players[1].hand)
    play(state, Offer(1, 0, give_hand=(2, 4), want=("blue",)))
    assert state.players[1].hand == hand
    assert state.rules.view(state, 1)["offers"][0]["give_hand"] == [2, 4]
    assert state.rules.view(state, 0)["offers"][0]["give_hand"] is None  # positions private
    assert state.rules.view(state, 0)["offers"][0]["give"] == ["black-eyed", "cocoa"]
    play(state, Decline(0, 1))
    assert state.players[1].hand == hand and state.offers == {}


def test_gifts_can_be_given_or_refused() -> None:
    # dahlias.txt 125: "you can also give another player cards. Players receiving gifts have
    # to agree to take them, though. If they refuse, you cannot give them the cards."
    state = trading()
    play(state, Offer(0, 2, give_up=(0,)))  # the turned-up Soy, for nothing
    assert Accept(2, 1, (), ()) in state.rules.legal_actions(state, 2)
    ev = play(state, Decline(2, 1))
    assert ev == [OfferClosed(1, 2, "declined")]
    assert state.turned_up == ["soy", "chili"] and state.players[2].area == []
    play(state, Offer(0, 3, give_up=(0,)))
    ev = play(state, Accept(3, 2))
    assert ev[0] == Traded(2, 0, 3, ("soy",), ())
    assert state.players[3].area == ["soy"]


def test_an_offer_to_one_player_only_that_player_may_take() -> None:
    # issue 2: "offers to one player or open to all"
    state = trading()
    play(state, Offer(0, 1, give_up=(1,), want=("red",)))
    refused(state, Accept(2, 1, give_hand=(0,)), "not made to you")
    refused(state, Decline(2, 1), "not made to you")
    assert state.rules.waiting_for(state) == [1, 0]
    assert not any(a.type == "accept" for a in state.rules.legal_actions(state, 2))
    play(state, Accept(1, 1, give_hand=(1,)))
    assert state.players[1].area == ["chili"]


def test_an_open_offer_any_other_player_may_take() -> None:
    state = trading()
    play(state, Offer(0, None, give_up=(0,), want=("red",)))
    assert state.rules.waiting_for(state) == [1, 2, 3, 0]
    play(state, Decline(1, 1))  # one refusal leaves it open to the others
    assert 1 in state.offers and state.rules.waiting_for(state) == [2, 3, 0]
    refused(state, Accept(1, 1, give_hand=(1,)), "not made to you")
    refused(state, Accept(3, 1, give_hand=(0,)), "asks for Red")  # gives a Blue
    play(state, Accept(2, 1, give_hand=(4,)))
    assert state.players[2].area == ["soy"] and state.offers == {}


def test_counter_offers() -> None:
    # issue 2: "counter-offers"; the one asked answers with an offer of its own
    state = trading()
    play(state, Offer(0, None, give_up=(1,), want=("red",)))
    refused(state, Offer(1, 0, give_hand=(0,), counter_to=7), "no offer 7")
    ev = play(state, Offer(1, 0, give_hand=(0, 1), want=("chili",), counter_to=1))
    assert ev == [
        OfferClosed(1, 1, "countered"),
        OfferMade(2, 1, 0, ("soy", "red"), ("chili",), 1),
    ]
    assert 1 in state.offers  # still open to seats 2 and 3
    view = state.rules.view(state, 0)
    assert [o["counter_to"] for o in view["offers"]] == [None, 1]
    ev = play(state, Accept(0, 2, give_up=(1,)))
    # the original named the same turned-up Chili: it closes with the trade
    assert ev[0] == Traded(2, 1, 0, ("soy", "red"), ("chili",))
    assert OfferClosed(1, 0, "cards moved") in ev and state.offers == {}
    # the active player counters an offer made to it, back to its maker
    play(state, Offer(2, 0, give_hand=(0,), want=("stink",)))
    refused(state, Offer(0, 1, give_hand=(0,), counter_to=3), "back to whoever made")
    play(state, Offer(0, 2, give_hand=(0,), want=("red",), counter_to=3))
    assert state.offers[4].counter_to == 3 and 3 not in state.offers


def test_an_offer_follows_its_cards_when_other_cards_leave_the_hand() -> None:
    # dahlias.txt 119: cards stay where they are until a trade moves them
    state = trading()
    play(state, Offer(1, 0, give_hand=(3,), want=("blue",)))  # the Garden
    play(state, Offer(1, 0, give_hand=(0,), want=("soy",), counter_to=None))  # the Soy
    play(state, Accept(0, 2, give_up=(0,)))  # takes the Soy: the Garden moves to position 2
    assert state.offers[1].give_hand == (2,)
    assert state.rules.view(state, 1)["offers"][0]["give"] == ["garden"]
    play(state, Accept(0, 1, give_hand=(0,)))
    assert state.players[0].area == ["soy", "garden"]


def test_offers_must_be_well_formed() -> None:
    state = trading()
    refused(state, Offer(0, 1), "at least one card")
    refused(state, Offer(0, 1, give_hand=(0, 0)), "twice")
    refused(state, Offer(0, 1, give_hand=(9,)), "no card at hand position 9")
    refused(state, Offer(0, 1, give_hand=(-1,)), "no card at hand position -1")
    refused(state, Offer(0, 1, want=("coffee",)), "not a card of this game")  # out with 4
    refused(state, Offer(0, 9, give_hand=(0,)), "another player")


def test_withdraw_only_your_own_offer() -> None:
    state = trading()
    play(state, Offer(0, 1, give_hand=(0,)))
    refused(state, Withdraw(1, 1), "not yours")
    refused(state, Withdraw(0, 5), "no longer open")
    assert play(state, Withdraw(0, 1)) == [OfferClosed(1, 0, "withdrawn")]
    refused(state, Accept(1, 1), "no longer open")


def test_the_active_player_ends_trading() -> None:
    # bohnanza.txt 29: "Trading ends whenever the player whose turn it is decides it should."
    state = trading()
    play(state, Offer(1, 0, give_hand=(0,)), Offer(0, None, give_up=(0,), want=("red",)))
    refused(state, EndTrading(2), "whose turn")
    ev = play(state, EndTrading(0))
    assert OfferClosed(1, 1, "trading ended") in ev and OfferClosed(2, 0, "trading ended") in ev
    assert state.offers == {} and state.phase == "plant_trades"
    refused(state, Offer(1, 0, give_hand=(0,)), "phase 2")


def test_trading_goes_on_after_the_turned_up_cards_are_gone() -> None:
    # dahlias.txt 127: "You may continue trading ... even after the turned-over cards are gone."
    state = trading()
    play(state, Offer(0, 1, give_up=(0, 1)), Accept(1, 1))
    assert state.turned_up == [] and state.phase == "trade"
    play(state, Offer(0, 2, give_hand=(0,), want=("red",)), Accept(2, 2, give_hand=(0,)))
    assert state.players[0].area == ["red"]


def test_phase3_everyone_plants_what_they_received_in_any_order() -> None:
    # bohnanza.txt 29: "At the end of trading, each player must plant all cards in their
    # trading area"; dahlias.txt 131: "in any order you choose"
    state = trading()
    play(state, Offer(0, 1, give_hand=(0, 3), want=("red",)), Accept(1, 1, give_hand=(1,)))
    play(state, Offer(0, 3, give_up=(0,)), Accept(3, 2))
    play(state, EndTrading(0))
    assert state.players[0].area == ["red", "chili"]
    assert state.players[1].area == ["blue", "green"]
    assert state.rules.waiting_for(state) == [0, 1, 3]
    refused(state, PlantArea(2, "red", 0), "no Red")
    play(state, PlantArea(1, "green", 0), PlantArea(3, "soy", 0))  # not the active first
    assert state.rules.waiting_for(state) == [0, 1]
    play(state, PlantArea(0, "chili", 1), PlantArea(1, "blue", 1))
    assert state.active == 0 and state.rules.waiting_for(state) == [0]
    assert fields_of(state, 1) == [("green", 1), ("blue", 1)]
    refused(state, PlantArea(0, "red", 0), "harvest a field first")
    ev = play(state, Harvest(0, 0), PlantArea(0, "red", 0))
    assert Drew(0, 3) in ev and state.active == 1  # phase 4 only once all is planted


def test_asking_for_a_gift() -> None:
    # an offer that gives nothing and wants cards: the other side's gift, if it agrees
    state = trading()
    play(state, Offer(2, None, want=("chili",)))  # to the active player, for nothing
    accept = [a for a in state.rules.legal_actions(state, 0) if isinstance(a, Accept)]
    assert accept == [Accept(0, 1, (), (1,))]  # the turned-up Chili comes first
    ev = play(state, Accept(0, 1, give_hand=(1,)))  # the Chili from the hand instead
    assert ev[0] == Traded(1, 2, 0, (), ("chili",))
    assert state.players[2].area == ["chili"] and state.turned_up == ["soy", "chili"]
    assert state.players[0].hand == ["blue", "stink", "green"]


# -- offers that can no longer be met (issue #11) ------------------------------------------


def offers_seen(state) -> list[int]:
    """The offer ids every seat's view and the public table list."""
    views = [state.rules.view(state, s) for s in [None, 0, 1, 2, 3]]
    ids = {tuple(o["id"] for o in v["offers"]) for v in views}
    assert len(ids) == 1  # everybody sees the same offers
    return list(ids.pop())


def test_an_offer_whose_turned_up_card_was_traded_away_is_dropped() -> None:
    """bohnanza.txt 28: "No cards that have been traded once may be traded again": once the
    turned-up Soy went to P3, P1's offer of that Soy to P2 cannot be met and is gone."""
    from bohn_tui.games.common.log import BeanLog

    state = trading()
    play(state, Offer(0, 1, give_up=(0,), want=("red",)))  # A: the Soy to P2 for a Red
    play(state, Offer(0, 2, give_up=(0,), want=("red",)))  # B: the same Soy to P3
    assert offers_seen(state) == [1, 2]
    ev = play(state, Accept(2, 2, give_hand=(0,)))
    assert OfferClosed(1, 0, "cards moved") in ev and offers_seen(state) == []
    assert not any(a.type == "accept" for a in state.rules.legal_actions(state, 1))
    refused(state, Accept(1, 1, give_hand=(1,)), "no longer open")
    line = BeanLog(state.rules, ["Ana", "Ben", "Cem", "Dan"])(ev[-1], lambda s: "Ana")
    assert line == "Ana's offer is off: a card it names was traded"


def test_an_offer_of_a_hand_card_the_offerer_traded_is_dropped() -> None:
    """dahlias.txt 116: "You cannot trade cards you've received in a trade." P2 offered its
    Garden to P1, then traded that Garden in another trade: the first offer is gone."""
    state = trading()
    play(state, Offer(1, 0, give_hand=(3,), want=("chili",)))  # A: Garden for a Chili
    play(state, Offer(0, 1, give_up=(1,), want=("garden",)))  # B: the turned-up Chili
    ev = play(state, Accept(1, 2, give_hand=(3,)))
    assert Traded(2, 0, 1, ("chili",), ("garden",)) in ev
    assert OfferClosed(1, 1, "cards moved") in ev and offers_seen(state) == []
    assert "garden" not in state.players[1].hand
    refused(state, Accept(0, 1, give_hand=(1,)), "no longer open")


def test_an_offer_an_addressee_may_not_meet_stays_until_answered_and_tells_nothing() -> None:
    """Hands are secret (bohnanza.txt 17: "Cards in the hand are kept hidden"): P2 traded a
    Red away; whether it holds another, only P2 knows. P1's offer asking P2 for a Red stays
    open either way (P2 is offered no acceptance when it has none, only to decline), and the
    table shows the same."""
    seen = []
    for second_red in (False, True):
        hands = [list(h) for h in HANDS]
        if second_red:
            hands[1][2] = "red"  # P2: Soy, Red, Red, Garden, Cocoa
        state = start("bohnanza", 4, hands, ["soy", "chili"] + ["green"] * 12)
        play(state, PlantHand(0, 0), EndPlanting(0))
        play(state, Offer(0, 1, give_up=(0,), want=("red",)))  # A
        play(state, Offer(0, 1, give_up=(1,), want=("red",)), Accept(1, 2, give_hand=(1,)))
        legal = state.rules.legal_actions(state, 1)
        assert Decline(1, 1) in legal
        assert any(a.type == "accept" for a in legal) == second_red
        view = state.rules.view(state, None)
        seen.append((view["offers"], state.rules.asks(state)[1].sentence))
    assert seen[0] == seen[1] and [o["id"] for o in seen[0][0]] == [1]


# -- what each seat is asked (the privacy screen shows it at a hand-over) -------------------


def prompt(state, seat: int) -> str:
    ask = state.rules.asks(state).get(seat)
    return "" if ask is None else ask.sentence


def test_asks_say_what_each_seat_is_asked_and_nothing_untrue() -> None:
    """The privacy screen says why the screen passes: each sentence true to the moment; in
    phase 2 the others may volunteer an offer to the active player (`Ask.volunteer`)."""
    state = start("bohnanza", 4, HANDS, ["soy", "chili"] + ["green"] * 12)
    assert prompt(state, 0) == "It is P1's turn."
    play(state, PlantHand(0, 0), EndPlanting(0))
    assert prompt(state, 0) == "It is P1's turn."  # trading, no offer yet
    asks = state.rules.asks(state)
    assert list(asks) == [0, 1, 2, 3] and not asks[0].volunteer
    assert asks[2] == Ask("offer", "P3 may make P1 an offer.", volunteer=True, window=(1, 0))
    play(state, Offer(0, 1, give_up=(0,), want=("red",)))
    assert prompt(state, 1) == "P1 has an offer for P2."
    play(state, Offer(2, 0, give_hand=(0,), want=("chili",)), Offer(3, 0, give_hand=(0,)))
    assert prompt(state, 0) == "P1 has 2 offers to answer."  # made to P1, not answers
    play(state, Decline(0, 2), Decline(0, 3), Accept(1, 1, give_hand=(1,)))
    play(state, Offer(0, 3, give_up=(0,)))
    assert prompt(state, 3) == "P1 has a gift for P4."
    play(state, Decline(3, 4))
    play(state, Offer(0, None, give_hand=(0,)), Decline(1, 5), Decline(2, 5))
    play(state, Decline(3, 5))
    play(state, Offer(0, 1, give_hand=(0,)))
    play(state, Decline(1, 6))
    assert prompt(state, 0) == "It is P1's turn."
    play(state, EndTrading(0))  # P1: the Red received and the Chili left; P2: the Soy
    assert state.rules.waiting_for(state) == [0, 1]
    assert prompt(state, 0) == "P1 plants the 2 cards left from the trading."
    assert prompt(state, 1) == "P2 plants the 1 card received in trades."
    assert "plants" not in prompt(state, 2)  # P3 received nothing
    play(state, PlantArea(1, "soy", 0), PlantArea(0, "red", 1))
    assert prompt(state, 0) == "P1 plants the 1 card left from the trading."
    play(state, Harvest(0, 0), PlantArea(0, "chili", 0))
    assert state.active == 1 and prompt(state, 1) == "It is P2's turn."


async def test_the_privacy_screen_at_a_new_turn_says_whose_turn_it_is(tmp_path) -> None:
    """After P1's turn the screen passes to Ben: the reason shown is his turn, not a
    planting of cards he never received."""
    from helpers.ui import B3_DECK, make_app, step
    from textual.widgets import Static

    from bohn_tui.play.session import Session
    from bohn_tui.ui.screens.privacy import PrivacyScreen

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        checks: list[int] = []
        await step(pilot, app, checks)  # Ana takes the screen
        for _ in range(20):
            await step(pilot, app, checks)
            if s.state.active == 1 and isinstance(app.screen, PrivacyScreen):
                break
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ben"
        shown = " ".join(str(w.content) for w in app.screen.query(Static))
        assert "It is Ben's turn." in shown and "received" not in shown
