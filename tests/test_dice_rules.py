"""The dice game's rules (wuerfelspiel.txt) and the choices made where it leaves one
(docs/formats.md, "The dice game"), one test per rule: the rulebook's sentence in each
docstring. Seat 0 rolls first; the seats are Matthias, Martina, Björn, Ana, Ben."""

from __future__ import annotations

from helpers.asks import may_volunteer, window
from helpers.dice import DATA, NAMES, act, game, of, refused, reroll, roll

from bohn_tui.games import rules_for, spec
from bohn_tui.games.wuerfelspiel.actions import (
    Covered,
    Dealt,
    EndTriggered,
    GameEnded,
    Harvest,
    Harvested,
    Placed,
    Reroll,
    Roll,
    Rolled,
    TurnBegan,
)
from bohn_tui.games.wuerfelspiel.log import DiceLog

FIVE = ["broad", "blue", "garden", "red", "soy"]  # a first roll
GARDEN_ONLY = ["blue", "blue", "garden", "wax", "wax"]  # card 37: "Garden" only
# cards whose bottom orders are easy to read: 21 "Broad", "Soy + Broad/Blue", ...;
# 37 "Garden", "Garden + Red + Soy/Broad", ...; 27 "Wax", "Soy + Wax/Broad", ...
BROAD_CARD, GARDEN_CARD, WAX_CARD = 21, 37, 27


def finish_turn(st: object, faces: list[str] | None = None) -> list:
    """The roller rolls all five (showing `faces`) and places them all at once."""
    events = roll(st, faces or FIVE)
    return events + roll(st, [], place=(0, 1, 2, 3, 4))


# -- setup -----------------------------------------------------------------------------------


def test_setup_two_face_up_cards_each_and_the_start_player_holds_figure_and_dice() -> None:
    """ "Each player takes two harvest cards from the draw pile and places them face up in
    front of themselves ... one upper (active) and one lower (for covering) harvest card."
    "Whoever ... starts the game and receives the bean figure as well as all five bean dice."
    (Choice: the first named player starts.)"""
    for n in (2, 3, 4, 5):
        rules = rules_for("wuerfelspiel", n)
        st, events = rules.new_game(NAMES[:n], 7)
        dealt = of(events, Dealt)
        assert [d.seat for d in dealt] == list(range(n))
        assert [(p.upper, p.lower) for p in st.players] == [(d.upper, d.lower) for d in dealt]
        assert len(st.pile) == 55 - 2 * n and st.overview_left == 5
        assert of(events, TurnBegan) == [TurnBegan(0)] and st.roller == 0
        assert rules.legal_actions(st, 0) == [Roll(0, ())]
        assert all(rules.legal_actions(st, s) == [] for s in range(1, n))
        view = rules.view(st, None)
        assert view["players"][0]["upper"]["number"] == st.players[0].upper
        assert view["players"][0]["lower"] == st.players[0].lower


def test_two_to_five_players() -> None:
    """ "2 to 5 players (five overview cards, five dice)." """
    assert spec("wuerfelspiel").player_counts == (2, 3, 4, 5)
    for n in (1, 6):
        try:
            rules_for("wuerfelspiel", n)
        except ValueError:
            continue
        raise AssertionError(f"{n} players were accepted")
    assert len(DATA.dice) == 5 and DATA.darker == (True, True, False, False, False)


# -- rolling -----------------------------------------------------------------------------------


def test_the_first_roll_rolls_all_five_and_places_nothing() -> None:
    """ "At the start of your turn you roll all five bean dice." """
    st = game([(1, 2), (3, 4)])
    refused(st, Roll(0, (0,)), "all five")
    events = roll(st, FIVE)
    assert of(events, Rolled) == [Rolled(0, (0, 1, 2, 3, 4), tuple(FIVE), False)]
    assert st.where == ["rolled"] * 5 and st.rolls == 1


def test_after_every_roll_at_least_one_more_die_goes_on_the_field() -> None:
    """ "After every roll, however, you must place at least one more die on the bean
    field." """
    st = game([(1, 2), (3, 4)])
    roll(st, FIVE)
    refused(st, Roll(0, ()), "at least one")
    refused(st, Roll(0, (0, 0)), "only once")
    refused(st, Roll(0, (5,)), "no die 6")
    legal = st.rules.legal_actions(st, 0)
    assert Roll(0, ()) not in legal and len([a for a in legal if isinstance(a, Roll)]) == 31


def test_placed_dice_are_never_rolled_again() -> None:
    """ "Dice that you have already placed on the bean field must not be rolled again." """
    st = game([(1, 2), (3, 4)])
    roll(st, FIVE)
    roll(st, ["wax", "soy", "soy", "wax"], place=(0,))
    refused(st, Roll(0, (0,)), "already lies on the bean field")
    events = roll(st, ["garden", "red"], place=(1, 2))
    assert of(events, Rolled)[0].dice == (3, 4)
    assert st.faces[:3] == ["broad", "wax", "soy"] and st.where[:3] == ["field"] * 3
    assert all(not isinstance(a, Roll) or not {0, 1, 2} & set(a.place)
               for a in st.rules.legal_actions(st, 0))  # fmt: skip


def test_only_the_roller_rolls() -> None:
    """ "If you have the bean figure, you are the actively rolling player." """
    st = game([(1, 2), (3, 4), (5, 6)])
    refused(st, Roll(1, ()), "Matthias is rolling")
    roll(st, FIVE)
    refused(st, Reroll(2), "Matthias is rolling")


# -- the others check every roll ----------------------------------------------------------------


def test_the_others_check_each_roll_against_that_roll_only_in_seat_order() -> None:
    """ "After each dice roll, before the actively rolling player places one or more dice from
    this roll on the bean field, you check on your own upper harvest cards whether you can
    fulfil the lowest not yet covered order with the dice just rolled." (Choice: checked for
    every player by the rules, in seat order from the roller's left.)"""
    st = game([(WAX_CARD, 1), (BROAD_CARD, 2), (GARDEN_CARD, 3), (WAX_CARD + 1, 4)])
    st.roller = 2  # Björn rolls: Ana, then Matthias, then Martina check
    st.players[3].upper = 30  # "Garden + Red/Blue"
    events = roll(st, ["broad", "wax", "garden", "red", "soy"])
    covered = of(events, Covered)
    assert [c.seat for c in covered] == [3, 0, 1]
    assert all(c.source == "roll" and c.roller == 2 for c in covered)
    assert st.players[2].covered == 0  # the roller's own card waits for the field


def test_several_orders_in_sequence_and_dice_not_used_up() -> None:
    """ "If you can fulfil several orders this way, you slide the lower harvest card on
    correspondingly further." "Rolled beans are not "used up" when fulfilling orders." """
    st = game([(1, 2), (BROAD_CARD, 3)])
    # card 21: "Broad", "Soy + Broad/Blue", "Red + 2 Wax/Blue", "Soy + Wax + Red/Broad",
    # "Wax + 2 Red": the Broad, the Soy and the Wax serve several orders
    events = roll(st, ["broad", "blue", "red", "soy", "wax"])
    assert [(c.seat, c.orders) for c in of(events, Covered)] == [(1, (0, 1, 2, 3))]
    assert st.players[1].covered == 4


def test_the_check_stops_at_the_first_order_not_fulfilled() -> None:
    """ "... you check ... whether you can fulfil the lowest not yet covered order" (orders are
    fulfilled from bottom to top: a higher one does not count while a lower one is open)."""
    st = game([(1, 2), (GARDEN_CARD, 3)])  # "Garden" first: no Garden, nothing above counts
    roll(st, ["broad", "blue", "red", "red", "soy"])
    assert st.players[1].covered == 0


def test_dice_already_on_the_field_do_not_count_for_the_others() -> None:
    """ "Attention: For this you must not use dice that already lie on the bean field from
    previous rolls." """
    st = game([(1, 2), (GARDEN_CARD, 3)])
    roll(st, GARDEN_ONLY)  # Martina fulfils "Garden" now
    assert st.players[1].covered == 1
    # her next: "Garden + Red + Soy/Broad"; a Garden lies on the field, this roll has none
    roll(st, ["broad", "soy", "red", "red"], place=(2,))
    assert st.players[1].covered == 1
    roll(st, ["soy", "garden", "red"], place=(0,))
    assert st.players[1].covered == 2


# -- the bean figure ----------------------------------------------------------------------------


def test_the_figure_rerolls_all_dice_just_rolled_once_a_turn_and_the_others_check_again() -> None:
    """ "Once in your turn you may use the bean figure to repeat your roll ... take all the
    dice you have just rolled and roll them all again - after all the others have checked
    ... After your re-roll, too, all the others check again." """
    st = game([(1, 2), (GARDEN_CARD, 3)])
    refused(st, Reroll(0), "roll first")
    roll(st, ["broad", "blue", "red", "red", "soy"])
    assert st.players[1].covered == 0
    events = reroll(st, GARDEN_ONLY)
    assert of(events, Rolled)[0].figure and of(events, Rolled)[0].dice == (0, 1, 2, 3, 4)
    assert [(c.seat, c.orders, c.source) for c in of(events, Covered)] == [(1, (0,), "roll")]
    refused(st, Reroll(0), "once a turn")
    assert Reroll(0) not in st.rules.legal_actions(st, 0)
    finish = roll(st, [], place=(0, 1, 2, 3, 4))
    assert of(finish, TurnBegan) == [TurnBegan(1)]
    roll(st, FIVE)
    assert Reroll(1) in st.rules.legal_actions(st, 1)  # a new turn, the figure stands again


def test_the_figure_after_a_partial_placement_rerolls_the_dice_rolled() -> None:
    """ "And dice that you previously placed on the bean field must stay there." """
    st = game([(1, 2), (3, 4)])
    roll(st, FIVE)
    roll(st, ["soy", "wax", "red"], place=(0, 2))
    events = reroll(st, ["broad", "soy", "garden"])
    assert of(events, Rolled)[0].dice == (1, 3, 4)
    assert (st.faces[0], st.faces[2]) == ("broad", "garden")


# -- the end of the roll and the roller's own check -------------------------------------------


def test_all_five_on_the_field_the_roller_checks_then_the_figure_passes_left() -> None:
    """ "You finish rolling when you have placed all five dice on the bean field. Now you
    check on your own upper harvest card whether, with the dice on the bean field, you
    fulfil the lowest not yet covered order ... At the end of your turn you pass the bean
    figure to the person on your left." """
    st = game([(GARDEN_CARD, 1), (2, 3), (4, 5)])
    roll(st, ["broad", "blue", "red", "red", "soy"])
    roll(st, ["broad", "garden", "wax", "wax"], place=(0,))  # Garden rolled, not placed yet
    assert st.players[0].covered == 0
    events = roll(st, [], place=(1, 2, 3, 4))
    assert [(c.seat, c.orders, c.source, c.roller) for c in of(events, Covered)] == [
        (0, (0,), "field", 0)
    ]
    assert of(events, TurnBegan) == [TurnBegan(1)]
    assert st.roller == 1 and st.first_roll and st.turn == 2 and not st.figure_used
    assert st.rules.legal_actions(st, 1) == [Roll(1, ())]
    # the next turn: the five dice are rolled again
    events = roll(st, FIVE)
    assert of(events, Rolled)[0].dice == (0, 1, 2, 3, 4)


def test_the_roller_is_not_checked_by_the_others_rule() -> None:
    """ "After each roll all the others check ... When you stop rolling, you check on your
    own upper harvest card." """
    st = game([(GARDEN_CARD, 1), (2, 3)])
    events = roll(st, FIVE)  # Garden shows, but Matthias waits for the field
    assert all(c.seat != 0 for c in of(events, Covered))


# -- harvesting ---------------------------------------------------------------------------------


def test_harvest_pays_one_two_three_thalers_for_three_four_five_orders() -> None:
    """ "For three fulfilled orders you receive 1 thaler, for four orders 2 thalers and for
    all five orders 3 thalers." """
    for orders, thalers in ((3, 1), (4, 2), (5, 3)):
        st = game([(1, 2), (3, 4)])
        st.players[1].covered = orders
        act(st, Harvest(1))
        assert st.players[1].thalers == thalers
        assert len(st.pile) == 55 - 4 - thalers  # the extra thalers and the new lower card


def test_fewer_than_three_orders_cannot_harvest() -> None:
    """ "As soon as you have fulfilled three or more orders on your upper harvest card, you may
    harvest." """
    st = game([(1, 2), (3, 4)])
    st.players[1].covered = 2
    refused(st, Harvest(1), "three or more")
    assert Harvest(1) not in st.rules.legal_actions(st, 1)
    st.players[1].covered = 3
    assert st.rules.legal_actions(st, 1) == [Harvest(1)]


def test_anyone_may_harvest_at_any_time_on_another_players_turn() -> None:
    """ "... you may harvest at any time, even if you are not the actively rolling player." """
    st = game([(1, 2), (3, 4), (5, 6)])
    st.players[2].covered = 3
    st.players[0].covered = 3
    assert may_volunteer(st, 2) and may_volunteer(st, 0)
    assert not may_volunteer(st, 1)
    act(st, Harvest(2))  # between turns
    st.players[2].covered = 3
    roll(st, ["wax", "wax", "wax", "wax", "wax"])
    act(st, Harvest(2))  # in the middle of Matthias's turn
    assert st.players[2].thalers == 2
    assert Harvest(0) in st.rules.legal_actions(st, 0)  # the roller too, during the turn
    act(st, Harvest(0))
    assert st.players[0].thalers == 1


def test_proposals_are_asked_after_every_action_and_only_the_roller_is_prompted() -> None:
    """Choice: nobody else is ever waited for; harvests are volunteered, and bots are asked
    after every action."""
    st = game([(1, 2), (3, 4), (5, 6)])
    rules = st.rules
    keys = {window(st)}
    for faces, place in ((FIVE, ()), (["wax", "wax", "wax", "wax"], (0,))):
        roll(st, faces, place)
        keys.add(window(st))
        asks = rules.asks(st)
        assert [(s, a.kind) for s, a in asks.items()] == [(0, "turn")]
        assert not asks[0].private
        assert rules.waiting_for(st) == [0] and rules.to_move(st) == 0
    assert len(keys) == 3


def test_the_harvest_moves_the_cards() -> None:
    """ "Turn your upper harvest card to its thaler side. If you receive more than one
    thaler, take one or two further cards from the draw pile as thalers accordingly ...
    Your previously lower harvest card becomes the new upper harvest card. Draw another card
    from the draw pile and turn it face up. This becomes the new lower harvest card." """
    st = game([(1, 2), (3, 4)], pile=[40, 41, 42, 43])
    st.players[0].covered = 5
    events = act(st, Harvest(0))
    p = st.players[0]
    assert p.singles == [1, 40, 41] and (p.upper, p.lower, p.covered) == (2, 42, 0)
    assert of(events, Harvested) == [Harvested(0, 1, 5, 3, 3, 2, 42)]
    assert st.pile[-1] == 43  # the top card


def test_thalers_are_public() -> None:
    """ "The others may know at any time how many thalers you currently own." (Choice:
    everything is public but the pile's order: every seat's view is the same.)"""
    st = game([(1, 2), (3, 4), (5, 6)])
    st.players[1].covered = 4
    act(st, Harvest(1))
    roll(st, FIVE)
    views = [st.rules.view(st, s) for s in (None, 0, 1, 2)]
    assert all(v["players"][1]["thalers"] == 2 for v in views)
    bare = [{k: v for k, v in view.items() if k != "seat"} for view in views]
    assert all(b == bare[0] for b in bare)
    before = st.rules.view(st, 0)
    st.rules.redeal_hidden(st, 0, __import__("random").Random(3))
    assert st.rules.view(st, 0) == before


# -- the check right after a harvest (choice 3) --------------------------------------------------


def test_after_a_harvest_another_player_checks_the_open_roll() -> None:
    """ "After harvesting, check whether you also fulfil the lowest order of your new upper
    harvest card." (Choice: a player who is not the roller checks against the roll just
    made while it is open.)"""
    st = game([(1, 2), (3, GARDEN_CARD)])
    st.players[1].covered = 3
    roll(st, GARDEN_ONLY)  # Martina's card 3 (4th order "2 Garden"): nothing
    assert st.players[1].covered == 3
    events = act(st, Harvest(1))
    assert [(c.seat, c.orders, c.source, c.roller) for c in of(events, Covered)] == [
        (1, (0,), "roll", 0)
    ]
    assert st.players[1].upper == GARDEN_CARD and st.players[1].covered == 1


def test_what_the_last_roll_did_for_a_harvested_card_leaves_the_view() -> None:
    """The view's "fulfilled" (who fulfilled what with the last roll or check) is about the
    cards on the table: a harvest takes the old card's entry away, and the new card's
    check, if any, is the seat's only entry."""
    st = game([(1, 2), (3, 4)])
    st.players[1].covered = 2
    st.players[1].upper = 9
    roll(st, GARDEN_ONLY)
    st.players[1].covered = 3  # as if this roll had covered orders up to the third
    st.fulfilled = [(1, (2,), "roll")]
    act(st, Harvest(1))
    rows = [f for f in st.rules.view(st, None)["fulfilled"] if f["seat"] == 1]
    assert all(f["orders"] == list(range(len(f["orders"]))) for f in rows), rows
    assert len(rows) <= 1


def test_after_placing_from_the_roll_it_is_no_longer_open() -> None:
    """Choice: the roll is open until the roller places from it or rolls again."""
    st = game([(1, 2), (3, GARDEN_CARD)])
    st.players[1].covered = 3
    roll(st, ["broad", "blue", "garden", "red", "soy"])
    roll(st, ["broad", "soy", "red", "soy"], place=(2,))  # the Garden on the field now
    assert st.players[1].covered >= 3
    act(st, Harvest(1))
    assert st.players[1].covered == 0  # "Garden" first: this roll has none


def test_after_a_harvest_the_roller_checks_the_complete_field_until_the_next_roll() -> None:
    """Choice: the roller checks against the bean field once all five dice lie on it, until
    the next roller rolls; while still rolling, no dice."""
    st = game([(1, GARDEN_CARD), (3, 4)])
    st.players[0].covered = 3
    roll(st, GARDEN_ONLY)
    # mid-turn: the roller's harvest checks nothing
    work = st.copy()
    act(work, Harvest(0))
    assert work.players[0].upper == GARDEN_CARD and work.players[0].covered == 0
    # the field complete (Garden on it), the figure passed on: still Matthias's field
    roll(st, [], place=(0, 1, 2, 3, 4))
    assert st.roller == 1 and st.players[0].covered >= 3
    events = act(st, Harvest(0))
    assert [(c.seat, c.source, c.roller) for c in of(events, Covered)] == [(0, "field", 0)]
    assert st.players[0].covered == 1
    line = DiceLog(NAMES[:2])(of(events, Covered)[0], lambda s: NAMES[s])
    assert line == "Matthias fulfils order 1 with the bean field."
    # once Martina rolls, the old field is gone for Matthias
    st.players[0].covered = 3
    roll(st, ["wax", "wax", "wax", "wax", "wax"])
    act(st, Harvest(0))
    assert st.players[0].covered == 0


def test_a_player_who_is_not_the_roller_between_turns_checks_nothing() -> None:
    """Choice: otherwise no dice (nothing is covered then)."""
    st = game([(1, 2), (3, GARDEN_CARD), (5, 6)])
    finish_turn(st, ["broad", "blue", "garden", "red", "soy"])
    st.players[2].covered = 3  # Björn: not the last roller, not rolling
    st.players[2].lower = 9  # "Garden/Blue" first: the field would fulfil it
    act(st, Harvest(2))
    assert st.players[2].covered == 0


def test_a_check_after_a_harvest_can_allow_another_harvest() -> None:
    """Choice: such a check can cover 3+ again; the player may harvest again."""
    st = game([(1, 41), (3, 4)])
    # card 41: "Garden/Soy", "Garden + Soy/Wax", "Soy + Broad", ...
    finish_turn(st, ["broad", "blue", "garden", "red", "soy"])
    st.players[0].covered = 3
    act(st, Harvest(0))
    assert st.players[0].upper == 41 and st.players[0].covered == 3
    assert Harvest(0) in st.rules.legal_actions(st, 0)


# -- the end (choice 5) ----------------------------------------------------------------------------


def nine(st: object, seat: int) -> None:
    """Give `seat` nine single thalers from the pile."""
    st.players[seat].singles += [st.pile.pop() for _ in range(9)]


def test_another_players_harvest_to_ten_places_the_rollers_dice_and_ends_the_game() -> None:
    """ "If a player has 10 or more bean thalers after harvesting, they trigger the end of the
    game. If this is not the actively rolling player themself, the actively rolling player may
    not continue rolling and must place all dice on the bean field. They check one last time
    whether they can fulfil orders with the dice on the bean field. Finally, everyone may
    still harvest, provided they have three or more fulfilled orders. Then compare the number
    of your bean thalers. The player with the most bean thalers wins." """
    st = game([(GARDEN_CARD, 1), (3, 4), (5, 6)])
    nine(st, 1)
    st.players[1].covered = 3
    st.players[2].covered = 3
    roll(st, ["broad", "blue", "garden", "red", "soy"])
    roll(st, ["wax", "soy", "wax", "soy"], place=(2,))
    events = act(st, Harvest(1))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("EndTriggered") < kinds.index("Placed") < kinds.index("GameEnded")
    assert of(events, EndTriggered) == [EndTriggered(1, 10)]
    assert of(events, Placed)[0].dice == (0, 1, 3, 4) and st.where == ["field"] * 5
    assert not of(events, Rolled)  # no more rolling
    after = events[events.index(of(events, Placed)[0]) :]
    assert not [c for c in of(after, Covered) if c.source == "roll"]  # nobody checks them
    field = [c for c in of(events, Covered) if c.source == "field"]
    assert [(c.seat, c.orders) for c in field] == [(0, (0,))]  # Garden on the field
    # the final harvest: Björn (3 orders) harvests by himself; Matthias has 1
    assert [h.seat for h in of(events, Harvested)] == [1, 2]
    assert st.over and of(events, GameEnded) == [GameEnded((1,), 10)]
    assert st.rules.legal_actions(st, 0) == [] and st.rules.waiting_for(st) == []
    refused(st, Roll(0, (0,)), "game is over")


def test_the_rollers_own_harvest_to_ten_lets_the_turn_go_on_to_its_end() -> None:
    """Choice: if the roller triggered it during their own turn, their turn goes on to its
    end (they may keep rolling; a player may harvest again meanwhile); then the end."""
    st = game([(3, 1), (GARDEN_CARD, 4), (5, 6)])
    nine(st, 0)
    st.players[0].covered = 3
    roll(st, ["broad", "blue", "red", "red", "soy"])
    events = act(st, Harvest(0))
    assert of(events, EndTriggered) == [EndTriggered(0, 10)] and not st.over
    assert st.rules.legal_actions(st, 0)  # rolling goes on
    events = roll(st, ["broad", "garden", "red", "soy"], place=(0,))
    assert [c.seat for c in of(events, Covered)] == [1]  # the others still check
    nine(st, 2)
    st.players[2].covered = 3
    events = act(st, Harvest(2))  # Björn harvests meanwhile, to 10 too: no second trigger
    assert st.players[2].thalers == 10 and not of(events, EndTriggered) and not st.over
    events = roll(st, [], place=(1, 2, 3, 4))
    assert not of(events, TurnBegan) and st.over
    assert [(c.seat, c.source) for c in of(events, Covered)] == [(0, "field")]
    assert of(events, GameEnded) == [GameEnded((0, 2), 10)]


def test_a_harvest_to_ten_between_turns_ends_at_once_the_last_roller_checks_their_field() -> None:
    """Choice: if it is triggered between turns (the next roller has not rolled yet): no more
    rolling and no roller's check; the dice lie on the last roller's field ("Then they take
    all five dice from the bean field and begin their turn": the game ends before that), so
    the last roller checks a new upper card against it, as between turns always, and nobody
    else checks anything. The in-app rules say the same."""
    st = game([(1, GARDEN_CARD), (3, 4)])
    finish_turn(st, FIVE)  # Martina's turn now; Matthias's field shows Garden
    assert st.roller == 1 and st.first_roll
    nine(st, 0)
    st.players[0].covered = 3
    st.players[1].upper, st.players[1].covered = GARDEN_CARD + 1, 0
    events = act(st, Harvest(0))
    assert st.over and not of(events, Placed) and not of(events, Rolled)
    covered = of(events, Covered)
    assert covered and {(c.seat, c.source, c.roller) for c in covered} == {(0, "field", 0)}
    assert covered[0].orders[0] == 0 and st.players[1].covered == 0
    help_text = " ".join(spec("wuerfelspiel").help(st.rules))
    assert "otherwise it waits for the next roll" not in help_text
    assert "between turns" in help_text and "until the next roller rolls" in help_text


def test_the_final_harvests_repeat_while_a_check_gives_three_again_and_ties_share() -> None:
    """ "Finally, everyone may still harvest, provided they have three or more fulfilled
    orders ... In case of a tie, the win is shared." (Choice: the final harvests are
    automatic, from the roller on in seat order, repeated while a check gives 3+ again.)"""
    st = game([(1, 41), (3, 4)])
    # Matthias's field shows Garden and Soy: card 41 "Garden/Soy", "Garden + Soy/Wax",
    # "Soy + Broad" (Broad too): after his harvest, the check covers three again
    finish_turn(st, ["broad", "blue", "garden", "red", "soy"])
    st.players[0].singles += [st.pile.pop() for _ in range(6)]
    st.players[1].singles += [st.pile.pop() for _ in range(9)]
    st.players[0].covered = 3
    st.players[1].covered = 3
    events = act(st, Harvest(1))  # Martina (between turns, the roller now) to 10: the end
    harvests = [(h.seat, h.total) for h in of(events, Harvested)]
    # then the final harvests from the roller (Martina) on: Matthias twice (6 thalers + 2)
    assert harvests[0] == (1, 10)
    assert [s for s, _ in harvests[1:]] == [0, 0]
    assert st.players[0].thalers == 8
    st2 = game([(1, 2), (3, 4)])
    st2.players[0].singles += [st2.pile.pop() for _ in range(9)]
    st2.players[1].singles += [st2.pile.pop() for _ in range(9)]
    st2.players[0].covered = st2.players[1].covered = 3
    events = act(st2, Harvest(1))
    assert of(events, GameEnded) == [GameEnded((0, 1), 10)]
    verdict = st2.rules.summary(st2)["verdict"]
    assert verdict == "Matthias, Martina share the win with 10 thalers each."


# -- the log ------------------------------------------------------------------------------------


def test_the_log_says_each_event_in_words() -> None:
    """The log is public and says who did what: one line per event."""
    st = game([(1, 2), (GARDEN_CARD, 3), (4, 5)])
    events = roll(st, GARDEN_ONLY)
    st.players[1].covered = 3
    events += act(st, Harvest(1))
    log = DiceLog(NAMES[:3])
    lines = [log(e, lambda s: NAMES[s]) for e in events]
    assert lines[0] == "Matthias rolls: Blue Blue Garden Wax Wax."
    assert "Martina fulfils order 1 with Matthias's roll." in lines
    assert any(ln.startswith("Martina harvests 3 orders: 1 thaler (1).") for ln in lines)


def test_the_thaler_chart_has_a_row_per_round_and_the_final_scores() -> None:
    """The end screen's chart of thalers over the game ends with the final harvests."""
    from bohn_tui.play.session import Session

    s = Session.new("wuerfelspiel", NAMES[:3], bots=dict.fromkeys(range(3), "random"), seed=3)
    s.run_bots()
    assert s.over
    coins = s.summary()["coins"]
    assert coins[-1] == s.rules.scores(s.state) and max(coins[-1]) >= 10
    assert coins[0] == [0, 0, 0] and len(coins) >= 3


def test_the_thaler_chart_has_a_row_per_turn() -> None:
    """Issue #23: the end's chart counts turns as the table numbers them: a row at the start
    of every turn (row k: after k turns) and one at the end, so its axis ends at the last
    turn the game showed (not at the rounds played)."""
    from bohn_tui.play.session import Session

    s = Session.new(
        "wuerfelspiel", ["Ana", "Ben", "Cem"], {0: "random", 1: "random", 2: "random"}, seed=5
    )
    s.run_bots()
    assert s.over
    coins = s.summary()["coins"]
    last_turn = s.view(None)["turn"]
    assert len(coins) == last_turn + 1
    assert coins[0] == [0, 0, 0] and coins[-1] == s.rules.summary(s.state)["scores"]
