"""Bohnröschen (shared/rules/bohnroschen.txt), rule by rule, with the rulebook's examples
1, 2a, 2b, 3 and 4 as written. Rows are stacked with the "vine" option; cards that no test
here fulfils by accident (buy a field, trade, draw a black-eyed bean...) fill them up."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers.bohnroschen import GAME, QUIET, four, game, to_phase
from helpers.rules import give_coins, grow, play, refused

from bohn_tui.games import read_record, replay, rules_for
from bohn_tui.games import start as start_record
from bohn_tui.games.bohnroschen.rules import (
    DRAW,
    INTERMEDIATE,
    BohnroschenState,
    CastleEntered,
    DiscardKind,
    DrawCards,
    EndTribute,
    FigureMoved,
    NeutralMoved,
    PayTribute,
    PlantKind,
    TributePaid,
    VineRemoved,
)
from bohn_tui.games.common.actions import (
    Accept,
    BuyField,
    DiscardHand,
    DiscardOffer,
    EndPlanting,
    EndTrading,
    EndTurn,
    Harvest,
    Offer,
    PlantArea,
    PlantHand,
    action_from_json,
    to_json,
)
from bohn_tui.games.common.data import load

KNOWN = [
    "In phase 1, plant two beans of the same kind.",
    "In phase 1, add two beans to one or two bean fields that already exist.",
    "You sell one bean harvest for two gold coins (you keep the coins).",
    "Have exactly one bean on every bean field.",
    "Buy a 3rd bean field.",
    "Have blue beans lying on one field.",
    "Some player has planted at least two red beans.",
    "Some player has planted at least four green beans.",
    "All other bean figures stand in front of your figure.",
    "The draw pile becomes empty.",
]


def moves(events) -> list[tuple[int, str, str]]:
    return [(e.seat, e.card, e.how) for e in events if isinstance(e, FigureMoved)]


# -- content ------------------------------------------------------------------------------


def test_vine_cards_ten_known_eighteen_designed_and_a_castle() -> None:
    data = load(GAME)
    vine = data.extra["vine"]
    assert len(vine) == 28 and len({c["id"] for c in vine}) == 28
    known = [c for c in vine if c["source"] == "rulebook"]
    designed = [c for c in vine if c["source"] == "designed"]
    assert sorted(c["text"] for c in known) == sorted(KNOWN)
    assert len(designed) == 18
    assert data.extra["castle"]["id"] == "castle"
    rules = rules_for(GAME, 4)  # every task parses into something the engine checks
    assert {c.task.check for c in rules.cards.values()} == {"state", "phase", "event"}
    assert {c.task.phase for c in rules.cards.values() if c.task.check == "phase"} == {1, 2, 3, 4}
    named = {v for c in rules.cards.values() for v in c.task.varieties}
    assert named == set(data.varieties)  # all 8 varieties have a task


def test_deck_is_the_german_eight_varieties_taken_from_bohnanza() -> None:
    data, base = load(GAME), load("bohnanza")
    assert list(data.varieties) == [
        "blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden"
    ]  # fmt: skip
    assert all(data.varieties[v] is base.varieties[v] for v in data.varieties)
    for n, cards in ((3, 104), (4, 104), (6, 104), (2, 98), (1, 98)):
        state, _ = rules_for(GAME, n).new_game([f"P{i}" for i in range(n)], seed=n)
        assert sum(state.total.values()) == cards
        assert ("garden" in state.total) == (n >= 3)


def test_six_players_play_as_five() -> None:
    assert rules_for(GAME, 6).count == rules_for(GAME, 5).count


def test_own_actions_have_a_json_form_and_records_parse_them() -> None:
    for a in (
        PayTribute(1),
        EndTribute(0),
        DrawCards(2),
        PlantKind(0, "red", 1),
        DiscardKind(1, "soy"),
    ):
        assert action_from_json(to_json(a)) == a
    rec = read_record({"game": GAME, "players": ["A"], "seed": 3, "actions": []})
    assert replay(rec).phase == "plant"


# -- setup --------------------------------------------------------------------------------


def test_setup_castle_last_four_face_up_all_figures_on_the_first_card() -> None:
    rules = rules_for(GAME, 4)
    state, _ = rules.new_game(["A", "B", "C", "D"], seed=7)
    assert len(state.vine) == 29 and state.vine[-1] == "castle"
    assert state.pos == [0, 0, 0, 0] and state.revealed == 4
    row = rules.view(state, 0)["vine"]["cards"]
    assert [c["state"] for c in row[:5]] == ["face_up"] * 4 + ["pile"]
    assert all("text" not in c for c in row[4:-1])
    assert row[-1]["castle"] and row[-1]["id"] == "castle"


def test_eight_vine_cards_may_be_removed() -> None:
    rules = rules_for(GAME, 4)
    state, _ = rules.new_game(["A", "B", "C", "D"], seed=1, options={"short": True})
    assert len(state.vine) == 21 and len(state.vine_out) == 8
    assert Counter(state.vine) + Counter(state.vine_out) == Counter([*rules.cards, "castle"])
    with pytest.raises(ValueError):
        rules_for(GAME, 1).new_game(["A"], seed=1, options={"short": True})


# -- tasks --------------------------------------------------------------------------------


def test_example_1_tribute_between_two_phase_1_tasks() -> None:
    # two green beans at the front of the hand, a field with a green bean on it
    rest = ["green"] + ["soy"] * 30
    state = game(4, four(["green", "green"]), rest, ["v02", "v05", "v01", *QUIET[1:]])
    grow(state, 0, 0, "green", 1)
    give_coins(state, 0, "soy", 1)
    ev = play(state, PlantHand(0, 0), PlantHand(0, 0))
    assert moves(ev) == [(0, "v02", "task")]  # two beans added to a field that existed
    assert state.phase == "plant"  # still phase 1: the player may pay tribute in it
    ev = play(state, PayTribute(0))
    # tribute for v05, then v01 counts the two greens planted earlier in this phase 1
    assert moves(ev) == [(0, "v05", "tribute"), (0, "v01", "task")]
    assert state.pos[0] == 3


def test_a_phase_task_needs_the_same_phase() -> None:
    state = game(4, four(["green", "green"]), ["soy"] * 30, ["v05", "v01", *QUIET[1:]])
    give_coins(state, 0, "soy", 1)
    play(state, PlantHand(0, 0), PlantHand(0, 0), EndPlanting(0))
    assert state.phase == "trade"
    ev = play(state, PayTribute(0))
    assert moves(ev) == [(0, "v05", "tribute")] and state.pos[0] == 1  # phase 1 is over


def _example_2(harvest_early: bool) -> tuple[BohnroschenState, list]:
    hands = [["soy"] * 5, ["blue", "soy", "soy", "soy", "soy"], ["soy"] * 5, ["soy"] * 5]
    state = game(4, hands, ["red", "red"] + ["chili"] * 40, ["v06", "v07", *QUIET])
    grow(state, 1, 0, "red", 2)  # the opponent has planted two red beans
    play(state, PlantHand(0, 1), EndPlanting(0))
    play(state, Offer(1, to=0, give_hand=(0,)))  # phase 2: the blue bean comes by trade
    play(state, Accept(0, 1))
    if harvest_early:
        play(state, Harvest(1, 0))  # the red beans are harvested still in phase 2
    ev = play(state, EndTrading(0), PlantArea(0, "blue", 0))  # phase 3: plant the blue bean
    return state, ev


def test_example_2a_the_state_task_counts_while_the_figure_stands_on_it() -> None:
    state, ev = _example_2(harvest_early=False)
    assert moves(ev) == [(0, "v06", "task"), (0, "v07", "task")]
    play(state, Harvest(1, 0))  # the opponent harvests the red beans afterwards
    assert state.pos[0] == 2


def test_example_2b_a_state_task_gone_before_the_figure_arrives() -> None:
    state, ev = _example_2(harvest_early=True)
    assert moves(ev) == [(0, "v06", "task")]
    assert state.pos[0] == 1  # "Some player has planted at least two red beans" stays


def test_example_3_only_the_last_figure_fulfils_all_others_in_front() -> None:
    state = game(4, four([]), ["soy"] * 60, ["v09", *QUIET])
    for seat in (0, 1, 2):
        give_coins(state, seat, "soy", 1)
    assert state.pos == [0, 0, 0, 0]  # four figures on the card: nobody is clearly last
    play(state, PayTribute(0))  # on his own turn
    to_phase(state, INTERMEDIATE)
    assert state.rules.waiting_for(state) == [0, 1, 2, 3]  # everyone is asked, coins or none
    ev = play(state, PayTribute(1))
    assert state.pos == [1, 1, 0, 0] and moves(ev) == [(1, "v09", "tribute")]
    ev = play(state, PayTribute(2))
    # three paid; the fourth is clearly the last one and moves on without paying
    assert moves(ev) == [(2, "v09", "tribute"), (3, "v09", "task")]
    assert state.pos == [1, 1, 1, 1] and state.players[3].coins == []


def test_example_4_the_end() -> None:
    row = ["v05", "v14", "v15", "v18", "v16", "v17"]
    state = game(4, four([]), ["blue"] * 30 + ["soy"] * 30, row)
    last = len(row)
    state.pos[:] = [last, last - 4, last - 6, 0]
    give_coins(state, 0, "soy", 4)  # Green fulfilled the last vine card with four coins
    give_coins(state, 1, "soy", 8)
    give_coins(state, 2, "soy", 5)
    grow(state, 0, 0, "blue", 6)
    assert state.phase == "plant"  # four coins are not enough: the game goes on
    ev = play(state, Harvest(0, 0))  # sells one harvest for two coins: six
    assert CastleEntered(0, 6) in ev and state.phase == "over"
    assert state.rules.view(state, None)["first_in_castle"] == 0
    # Red pays exactly four coins for four vine cards and keeps four
    assert len([e for e in ev if isinstance(e, TributePaid) and e.seat == 1]) == 4
    assert state.entered == [True, True, False, False] and state.pos[1] == last
    assert len(state.players[1].coins) == 4
    assert len(state.players[2].coins) == 5 and state.pos[2] == 0  # Yellow does not make it
    assert state.scores == (6, 4, 0, 0) and state.winners == (0,)


def test_castle_later_player_with_the_coins_earlier_ends_the_game() -> None:
    row = ["v05", "v14", "v15", "v18"]
    state = game(4, four([]), ["soy"] * 60, row)
    state.pos[1] = len(row)  # seat 1 is at the castle card with three coins
    give_coins(state, 1, "soy", 3)
    state.pos[0] = len(row) - 1
    give_coins(state, 0, "soy", 6)
    assert state.phase == "plant"
    ev = play(state, PayTribute(0))  # pays for the last card and shows five coins
    assert CastleEntered(0, 5) in ev and state.winners == (0,)


def test_castle_waits_for_five_coins_then_ends_at_once() -> None:
    row = ["v05", "v14", "v15", "v18"]
    state = game(4, four([]), ["soy"] * 60, row)
    give_coins(state, 0, "soy", 4)
    state.pos[0] = len(row) - 1
    play(state, PayTribute(0))
    assert state.pos[0] == len(row) and not state.entered[0] and state.phase == "plant"
    refused(state, PayTribute(0), "passed every vine card")
    grow(state, 0, 1, "soy", 2)  # two soy beans pay one coin
    ev = play(state, Harvest(0, 1))  # harvesting to get the coins is allowed
    assert CastleEntered(0, 4) not in ev and state.phase == "plant"
    grow(state, 0, 1, "soy", 2)
    ev = play(state, Harvest(0, 1))
    assert CastleEntered(0, 5) in ev and state.phase == "over"


def test_ties_in_the_castle_share_the_win() -> None:
    row = ["v05", "v14", "v15", "v18"]
    state = game(4, four([]), ["soy"] * 60, row)
    state.pos[:] = [len(row) - 1, len(row) - 2, 0, 0]
    give_coins(state, 0, "soy", 6)
    give_coins(state, 1, "soy", 7)
    play(state, PayTribute(0))
    assert state.scores == (5, 5, 0, 0) and state.winners == (0, 1)


def test_event_tasks_count_only_while_the_figure_stands_on_the_card() -> None:
    state = game(4, four([]), ["soy"] * 60, ["v05", "v03", *QUIET[1:]])
    grow(state, 0, 0, "soy", 4)
    give_coins(state, 0, "soy", 1)
    play(state, Harvest(0, 0))  # a harvest for two coins before standing on v03
    assert state.pos[0] == 0
    play(state, PayTribute(0))
    assert state.pos[0] == 1  # the earlier harvest does not count for v03
    grow(state, 0, 0, "soy", 4)
    ev = play(state, Harvest(0, 0))
    assert moves(ev) == [(0, "v03", "task")]


def test_tasks_are_fulfilled_whoever_s_turn_it_is() -> None:
    state = game(4, four([]), ["soy"] * 60, ["v03", *QUIET])
    grow(state, 2, 0, "soy", 4)
    ev = play(state, Harvest(2, 0))  # seat 2 harvests in seat 0's phase 1
    assert moves(ev) == [(2, "v03", "task")]


def test_buy_field_and_state_tasks() -> None:
    state = game(4, four([]), ["soy"] * 60, ["v05", "v04", "v27", *QUIET[1:]])
    give_coins(state, 0, "soy", 6)
    ev = play(state, BuyField(0))
    # bought the field; v27 (three coins) holds at once; v04 (one bean on every field) not
    assert moves(ev) == [(0, "v05", "task")]
    play(state, PayTribute(0))
    assert state.pos[0] == 2 and len(state.players[0].coins) == 2  # v27 needs three coins


# -- tribute ------------------------------------------------------------------------------


def test_tribute_top_coin_to_the_discard_pile() -> None:
    state = game(4, four([]), ["soy"] * 30 + ["red"], QUIET)
    give_coins(state, 0, "soy", 1)
    give_coins(state, 0, "red", 1)  # the top of the stack
    ev = play(state, PayTribute(0))
    assert TributePaid(0, "red", False) in ev
    assert state.deck.discard[-1] == "red" and state.players[0].coins == ["soy"]


def test_tribute_only_on_one_s_own_turn_and_with_a_coin() -> None:
    state = game(4, four([]), ["soy"] * 60, [*QUIET, "v16"])
    refused(state, PayTribute(0), "no coin")
    give_coins(state, 1, "soy", 1)
    refused(state, PayTribute(1), "own turn")
    assert PayTribute(1) not in state.rules.legal_actions(state, 1)
    give_coins(state, 0, "soy", 4)
    for phase in ("plant", "trade", "plant_trades", DRAW):
        to_phase(state, phase)
        assert PayTribute(0) in state.rules.legal_actions(state, 0)
    play(state, PayTribute(0))  # phase 4, before drawing
    play(state, DrawCards(0))
    assert state.phase == INTERMEDIATE  # now everybody may pay
    play(state, PayTribute(1))


def test_intermediate_phase_everybody_any_order_repeatedly_nobody_harvests() -> None:
    state = game(4, four([]), ["soy"] * 80, [*QUIET, "v16", "v17"])
    for seat in range(4):
        give_coins(state, seat, "soy", 3)
    grow(state, 2, 0, "soy", 3)
    to_phase(state, INTERMEDIATE)
    rules = state.rules
    assert rules.waiting_for(state) == [0, 1, 2, 3]
    refused(state, Harvest(2, 0), "intermediate")
    assert not any(isinstance(a, Harvest) for a in rules.legal_actions(state, 2))
    play(state, PayTribute(3), PayTribute(1), PayTribute(3), EndTribute(1))
    assert rules.waiting_for(state) == [0, 2, 3]
    play(state, PayTribute(1))  # done, but pays again: asked again
    assert rules.waiting_for(state) == [0, 1, 2, 3]
    play(state, EndTribute(0), EndTribute(1), EndTribute(2))
    assert state.phase == INTERMEDIATE
    play(state, EndTribute(3))
    assert state.phase == "plant" and state.active == 1
    assert state.pos == [0, 2, 0, 2]


def test_intermediate_phase_is_skipped_when_nobody_can_pay() -> None:
    """Records saved before everyone was asked (the legacy option "ask_everyone" false)
    replay as they were played: seats without a coin are not asked (test_roschen_tribute.py:
    by default everyone is)."""
    state = game(4, four([]), ["soy"] * 60, QUIET, ask_everyone=False)
    to_phase(state, DRAW)
    play(state, DrawCards(0))
    assert state.phase == "plant" and state.active == 1


# -- the row ------------------------------------------------------------------------------


def test_three_face_up_in_front_of_the_frontmost_and_passed_cards_leave() -> None:
    row = ["v05", "v14", "v15", "v18", "v16", "v17", "v11", "v12", "v13", "v20"]
    state = game(4, four([]), ["soy"] * 60, row, face_down_end=0)
    give_coins(state, 0, "soy", 3)
    play(state, PayTribute(0), PayTribute(0))
    assert state.revealed == 2 + 4 and state.gone == 0
    to_phase(state, INTERMEDIATE)
    for seat in (1, 2, 3):
        give_coins(state, seat, "soy", 1)
        state.done[seat] = False
    ev = play(state, PayTribute(1), PayTribute(2))
    assert not any(isinstance(e, VineRemoved) for e in ev)
    ev = play(state, PayTribute(3))  # every figure has passed v05 now
    assert VineRemoved(0, "v05") in ev
    view = state.rules.view(state, 1)["vine"]["cards"]
    assert view[0]["state"] == "gone" and view[0]["id"] == "v05"
    assert [c["state"] for c in view[1:7]] == ["face_up"] * 5 + ["pile"]


def test_last_cards_lie_face_down_and_views_hide_them() -> None:
    row = ["v05", "v14", "v15", "v18", "v16", "v17"]
    state = game(4, four([]), ["soy"] * 60, row)  # face_down_end 4 by default
    cards = state.rules.view(state, 0)["vine"]["cards"]
    assert [c["state"] for c in cards] == ["face_up"] * 4 + ["face_down"] * 3
    assert "v17" not in str(state.rules.view(state, 0)) and "v17" not in str(
        state.rules.view(state, None)
    )
    give_coins(state, 0, "soy", 2)
    play(state, PayTribute(0), PayTribute(0))
    assert state.rules.view(state, 2)["vine"]["cards"][5]["id"] == "v17"


def test_the_draw_pile_runs_out_any_number_of_times() -> None:
    from bohn_tui.games.common.bots import make as make_bot
    from bohn_tui.play.simulate import play_game

    bots = [make_bot("random", 100 + s) for s in range(4)]
    record = play_game(GAME, ["A", "B", "C", "D"], 2, bots).record
    state = start_record(record)
    going_on = False  # a moment after the fourth run-out, with the game still going on
    for a in record.actions:
        state.rules.apply(state, a)
        going_on = going_on or (state.deck.runouts >= 4 and state.phase != "over")
    assert going_on


def test_draw_pile_empty_task() -> None:
    state = game(4, four([]), ["soy"] * 5, ["v10", *QUIET])
    to_phase(state, "trade")  # two cards turned up: three left
    to_phase(state, DRAW)
    assert state.pos == [0, 0, 0, 0]
    play(state, DrawCards(0))  # three drawn: the pile became empty
    assert state.pos == [1, 1, 1, 1]


# -- two players --------------------------------------------------------------------------


ROW = [*QUIET, "v16", "v17", "v11", "v12", "v13", "v20"]


def duel(
    p1: list[str], rest: list[str], p2: list[str] | None = None, **options
) -> BohnroschenState:
    return game(2, [p1, p2 or ["soy"] * 5], rest, ROW, **options)


def test_two_players_phases_1_to_4_no_intermediate_phase() -> None:
    state = duel(["red", "chili", "soy", "soy", "soy"], ["red", "red", "chili", "blue"] * 5)
    play(state, DiscardHand(0, 4))  # before planting: any one card from the hand
    refused(state, DiscardHand(0, 3), "already")
    play(state, PlantHand(0, 0), PlantHand(0, 1))  # nothing left to decide: phase 2 follows
    assert state.phase == "plant_turned_up" and state.turned_up == ["red", "red", "chili"]
    refused(state, PlantArea(0, "red", 0), "plant_kind")
    play(state, PlantKind(0, "red", 0))  # both red beans, on the same field
    assert state.players[0].fields[0].count == 3
    play(state, EndTurn(0))
    assert state.phase == DRAW and state.duel_offer == ["chili"]
    play(state, DrawCards(0))
    assert state.active == 1 and state.phase == "take_offer"  # phase 0, no intermediate
    give_coins(state, 0, "blue", 1)
    refused(state, PayTribute(0), "own turn")  # drawing ended the turn
    assert len(state.players[0].hand) == 2 + 2


def test_two_players_phase_0_a_whole_kind_or_nothing() -> None:
    state = duel(["chili"] * 5, ["red", "red", "blue"] + ["green"] * 20)
    play(state, PlantHand(0, 0), EndPlanting(0), EndTurn(0), DrawCards(0))
    assert sorted(state.duel_offer) == ["blue", "red", "red"]
    refused(state, DiscardOffer(1, "red"), "whole kind")
    refused(state, PlantArea(1, "red", 0), "plant_kind")
    ev = play(state, PlantKind(1, "red", 0))
    assert state.players[1].fields[0].count == 2 and len(ev) >= 2
    play(state, DiscardKind(1, "blue"))
    assert state.phase == "plant" and state.deck.discard[-1] == "blue"


def test_two_players_phase_2_takes_matching_discards() -> None:
    state = duel(["soy", "red", "soy", "soy", "soy"], ["red", "chili", "green"] + ["blue"] * 9)
    play(state, DiscardHand(0, 1), PlantHand(0, 0), EndPlanting(0))
    assert state.turned_up == ["red", "chili", "green", "red"]  # the discarded red joins


def test_two_players_phase_2_reshuffles_after_taking_the_matching_discards() -> None:
    state = duel(["soy", "red", "soy", "soy", "soy"], ["red", "chili", "green"])
    play(state, DiscardHand(0, 1), PlantHand(0, 0), EndPlanting(0))
    assert state.turned_up == ["red", "chili", "green", "red"] and state.deck.runouts == 1


def test_two_players_own_turn_only_and_paid_coins_leave_the_game() -> None:
    state = duel(["soy"] * 5, ["blue"] * 30)
    give_coins(state, 1, "blue", 4)
    grow(state, 1, 0, "blue", 2)
    refused(state, Harvest(1, 0), "own turn")
    refused(state, BuyField(1), "own turn")
    refused(state, PayTribute(1), "own turn")
    give_coins(state, 0, "blue", 4)
    play(state, BuyField(0), PayTribute(0))
    assert state.removed == ["blue"] * 4 and state.deck.discard == []


def test_two_players_may_lay_out_every_vine_card_face_down() -> None:
    state = duel(["soy"] * 5, ["blue"] * 30, face_down_end=0)
    cards = state.rules.view(state, 0)["vine"]["cards"]
    assert [c["state"] for c in cards] == ["face_up"] * 4 + ["pile"] * 7
    state = duel(["soy"] * 5, ["blue"] * 30, face_down_end=0, all_face_down=True)
    cards = state.rules.view(state, 0)["vine"]["cards"]
    assert [c["state"] for c in cards] == ["face_up"] * 4 + ["face_down"] * 7
    assert not any(c in str(state.rules.view(state, 1)) for c in ROW[4:])


# -- solo ---------------------------------------------------------------------------------


def solo(rest: list[str] | None = None, row: list[str] | None = None) -> BohnroschenState:
    rules = rules_for(GAME, 1)
    row = row or [*QUIET, *[c for c in rules.cards if c not in QUIET]]
    return game(1, [["soy"] * 5], rest or ["soy"] * 80, row)


def test_solo_layout_four_rows_of_seven_the_castle_eighth_of_row_4() -> None:
    state = solo()
    vine = state.rules.view(state, 0)["vine"]
    assert vine["solo"]["rows"][3] == list(range(21, 28)) and vine["castle"] == 28
    assert [c["state"] for c in vine["cards"]] == ["face_up"] * 4 + ["face_down"] * 25
    give_coins(state, 0, "soy", 3)
    play(state, PayTribute(0), PayTribute(0), PayTribute(0))
    assert state.revealed == 3 + 4  # always exactly four face up ahead of the player


def test_solo_violet_moves_by_rows_and_red_when_violet_is_ahead() -> None:
    state = solo()
    # turn 1 began: violet 0 -> 1, ahead of the player (in front of row 1): red 20 -> 21
    assert (state.violet, state.red) == (1, 21)
    rules = state.rules
    steps = []
    for start_at, player_pos in ((6, 30), (7, 30), (13, 30), (14, 30), (21, 30)):
        state.violet, state.pos[0], state.red = start_at, player_pos, 20
        rules._move_neutrals(state, [])
        steps.append(state.violet - start_at)
    assert steps == [1, 2, 2, 3, 3] and state.red == 20  # never ahead of the player
    state.violet, state.pos[0] = 3, 4  # the player stands on card 3: violet moves to 4
    rules._move_neutrals(state, [])
    assert state.red == 21


def test_solo_lost_when_violet_reaches_the_castle() -> None:
    state = solo()
    state.red = -100  # keep the red figure out of this race
    turns = 0
    while state.phase != "over":
        to_phase(state, DRAW)
        play(state, DrawCards(0))
        turns += 1
    # 7 moves in row 1 (one card each), 4 in row 2 (two), 2 in row 3 and 3 in row 4 (three):
    # the violet figure reaches the castle as turn 16 begins
    assert turns == 15 and state.violet == 28 and state.winners == ()
    assert state.rules.view(state, 0)["solo"] == {
        "turns": 15, "coins": 0, "won": False, "lost": True,
        "passed": state.pos[0], "cards": 28,  # how far the figure got, of the 28 vine cards
    }  # fmt: skip


def test_solo_lost_when_red_reaches_the_castle() -> None:
    state = solo()
    state.red = 27
    to_phase(state, DRAW)
    ev = play(state, DrawCards(0))
    assert NeutralMoved("red", 27, 28) in ev and state.phase == "over" and state.winners == ()


def test_solo_won_in_the_castle_with_five_coins() -> None:
    state = solo()
    state.pos[0] = 27
    give_coins(state, 0, "soy", 6)
    ev = play(state, PayTribute(0))
    assert CastleEntered(0, 5) in ev and state.winners == (0,)
    assert state.rules.view(state, 0)["solo"] == {
        "turns": 1,
        "coins": 5,
        "won": True,
        "lost": False,
        "passed": 28,  # in the castle: every vine card passed
        "cards": 28,
    }


def test_solo_no_phase_0_unwanted_beans_to_the_discard_pile() -> None:
    state = solo(["red", "chili", "blue"] + ["soy"] * 40)
    play(state, PlantHand(0, 0), EndPlanting(0), PlantKind(0, "red", 1), EndTurn(0))
    assert state.deck.discard[-2:] == ["chili", "blue"] and state.duel_offer == []
    play(state, DrawCards(0))
    assert state.phase == "plant"


@pytest.mark.parametrize(
    "options",
    [
        {"face_down_end": 9},
        {"face_down_end": "4"},
        {"short": "yes"},
        {"all_face_down": True},
        {"vine": ["v01", "v01"]},
        {"vine": ["nonsense"]},
        {"vine": "v01"},
    ],
)
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(ValueError):
        rules_for(GAME, 4).new_game(["A", "B", "C", "D"], seed=1, options=options)


# -- every vine card, fulfilled -------------------------------------------------------------
# (card, seat 0's hand, the draw pile, setup, actions, the seats whose figure fulfils it).
# All four figures start on the card; a near miss follows for the cards with a condition.

FILL = ["v05", "v18", "v14", "v15"]


def _grow(*cells: tuple[int, int, str, int]):
    def setup(state: BohnroschenState) -> None:
        for seat, field, variety, count in cells:
            grow(state, seat, field, variety, count)

    return setup


def _coins(seat: int, count: int):
    return lambda state: give_coins(state, seat, "soy", count)


SOY = ["soy"] * 40
TRADE = [PlantHand(0, 0), EndPlanting(0)]  # to phase 2
PHASE_3_TWO_KINDS = [
    *TRADE,
    EndTrading(0),
    PlantArea(0, "chili", 1),
    Harvest(0, 0),
    PlantArea(0, "red", 0),
]
TASKS = [
    ("v01", ["chili", "chili"], SOY, None, [PlantHand(0, 0), PlantHand(0, 0)], [0]),
    ("v02", ["soy", "soy"], SOY, _grow((0, 0, "soy", 1)), [PlantHand(0, 0), PlantHand(0, 0)], [0]),
    ("v03", [], SOY, _grow((2, 0, "soy", 4)), [Harvest(2, 0)], [2]),
    ("v04", ["chili"], SOY, _grow((0, 1, "soy", 1)), [PlantHand(0, 0)], [0]),
    ("v05", [], SOY, _coins(1, 3), [BuyField(1)], [1]),
    ("v06", ["blue"], SOY, None, [PlantHand(0, 0)], [0]),
    ("v07", ["red", "red"], SOY, None, [PlantHand(0, 0), PlantHand(0, 0)], [0, 1, 2, 3]),
    ("v08", [], SOY, _grow((3, 0, "green", 4)), [PlantHand(0, 0)], [0, 1, 2, 3]),
    ("v10", [], ["soy"] * 5, None, [PlantHand(0, 0), EndPlanting(0), EndTrading(0)], []),
    ("v11", ["chili"], SOY, None, [PlantHand(0, 0)], [0]),
    ("v12", ["chili"], SOY, None, [PlantHand(0, 0)], [0]),
    ("v13", [], ["red", "red"] + SOY, None, [PlantHand(0, 0), EndPlanting(0)], [0, 1, 2, 3]),
    ("v14", ["soy", "stink"], SOY, None, [*TRADE, Offer(0, 1, (0,)), Accept(1, 1)], [0]),
    ("v15", [], SOY, None, [*TRADE, Offer(1, to=0, give_hand=(0, 1)), Accept(0, 1)], [0]),
    ("v16", [], SOY, None, [*TRADE, EndTrading(0), PlantArea(0, "soy", 0)], [0]),
    ("v17", [], ["red", "chili"] + SOY, None, PHASE_3_TWO_KINDS, [0]),
    ("v18", [], ["soy"] * 2 + ["black-eyed"] + SOY, None, [], [0]),
    ("v19", [], SOY, None, [], [0]),
    ("v20", [], SOY, _grow((1, 0, "soy", 1)), [Harvest(1, 0)], [1]),
    ("v21", [], SOY, _grow((1, 0, "red", 3)), [Harvest(1, 0)], [1]),
    ("v22", [], SOY, _grow((1, 0, "chili", 2)), [Harvest(1, 0)], [1]),
    ("v23", [], SOY, _grow((1, 0, "stink", 3)), [PlantHand(0, 0)], [1]),
    ("v24", [], SOY, _grow((1, 0, "stink", 3)), [PlantHand(0, 0)], [1]),
    ("v25", [], SOY, _grow((1, 0, "chili", 3)), [PlantHand(0, 0)], [0, 1, 2, 3]),
    ("v26", [], SOY, _grow((1, 0, "stink", 2), (1, 1, "red", 2)), [PlantHand(0, 0)], [1]),
    ("v27", [], SOY, _coins(2, 3), [PlantHand(0, 0)], [2]),
    ("v28", [], SOY, _grow((1, 0, "stink", 2), (1, 1, "red", 2)), [PlantHand(0, 0)], [1]),
]
STOCK = ["chili"] * 4 + ["green"] * 4 + ["stink"] * 5 + ["red"] * 5 + ["blue"] * 2


@pytest.mark.parametrize(("card", "front", "rest", "setup", "actions", "movers"), TASKS)
def test_every_vine_card_is_recognised(card, front, rest, setup, actions, movers) -> None:
    row = [card, *[c for c in FILL if c != card]]
    state = game(4, four(front), rest if card == "v10" else [*rest, *STOCK], row)
    if setup:
        setup(state)
    events = play(state, *actions)
    if card in ("v10", "v18", "v19"):  # phase 4 and the draw pile: draw to the end
        if card == "v10":  # five cards: two turned up, then the pile runs dry
            assert not moves(events)
        to_phase(state, DRAW)
        events = play(state, DrawCards(0))
        if card == "v10":
            movers = [0, 1, 2, 3]
    fulfilled = [seat for seat, left, how in moves(events) if left == card and how == "task"]
    assert sorted(fulfilled) == movers, (card, moves(events))


def test_near_misses_are_not_recognised() -> None:
    # a bean on an empty field is not added to a field that existed; chili is not soy
    state = game(4, four(["chili", "chili"]), SOY + STOCK, ["v02", *FILL])
    play(state, PlantHand(0, 0), PlantHand(0, 0))
    assert state.pos[0] == 0
    state = game(4, four(["soy"]), SOY + STOCK, ["v11", *FILL])
    play(state, PlantHand(0, 0))
    assert state.pos[0] == 0
    # a harvest for one coin is not one for two; two fields of one bean each, not three
    state = game(4, four([]), SOY + STOCK, ["v03", *FILL])
    grow(state, 1, 0, "soy", 2)
    play(state, Harvest(1, 0))
    assert state.pos[1] == 0
    # beans taken from the discard pile are not turned up (two players)
    state = game(2, [["soy", "red", "soy", "soy", "soy"], ["soy"] * 5], ["red", "chili", "green"]
                 + SOY, ["v13", *FILL])  # fmt: skip
    play(state, DiscardHand(0, 1), PlantHand(0, 0), EndPlanting(0))
    assert state.turned_up.count("red") == 2 and state.pos == [0, 0]


def test_player_count_rules() -> None:
    # 3 players: three fields from the start (nothing to buy); 4-6: two, the third for 3
    three, four_, two = rules_for(GAME, 3), rules_for(GAME, 4), rules_for(GAME, 2)
    assert (three.count.fields, three.field_cost, three.count.draw) == (3, 0, 3)
    assert (four_.count.fields, four_.field_cost, four_.count.turn_up) == (2, 3, 2)
    assert (two.count.fields, two.field_cost, two.count.draw, two.count.turn_up) == (2, 3, 2, 3)
    assert two.count.paid_coins == "removed" and four_.count.paid_coins == "discard"


def test_two_players_the_pile_first_runs_out_in_the_second_player_s_phase_2() -> None:
    # rulebook note: after the non-starting player turns up three cards; 98 - 10 dealt = 88
    # cards, five a turn (three turned up, two drawn): turn 18, seat 1
    rules = rules_for(GAME, 2)
    state, _ = rules.new_game(["A", "B"], seed=11)
    rng = random.Random(3)
    while state.deck.runouts == 0:
        seat = rules.to_move(state)
        legal = [a for a in rules.legal_actions(state, seat) if a.type != "pay_tribute"]
        rules.apply(state, rng.choice(legal))
    assert (state.turn, state.active, state.phase) == (18, 1, "plant_turned_up")


def test_the_view_explains_the_task_under_each_figure() -> None:
    state = game(4, four([]), SOY, ["v01", *FILL])
    task = state.rules.view(state, 2)["players"][0]["task"]
    assert task["id"] == "v01" and "phase 1" in task["how"] and "earlier" in task["how"]
    for n in (1, 2, 4):  # the help screen's rules, right for the player count
        text = " ".join(rules_for(GAME, n).rules_summary())
        assert ("violet" in text) == (n == 1) and ("Phase 0" in text) == (n == 2)
        assert ("intermediate" in text) == (n == 4)


def test_solo_can_be_won_through_legal_play() -> None:
    # a deck of red beans only: five a turn, harvested at five for four coins; tribute is
    # paid while more than five coins are left. The run reaches the castle with five coins
    # while the violet and the red figures are still short of it.
    rules = rules_for(GAME, 1)
    state, _ = rules.new_game(["Solo"], seed=4, deck=["red"] * 205)
    steps = ("plant_hand", "plant_kind", "end_planting", "end_turn", "draw_cards")
    for _ in range(400):
        if state.phase == "over":
            break
        p = state.players[0]
        legal = rules.legal_actions(state, 0)
        if p.fields[0].count >= 5 and Harvest(0, 0) in legal:
            action = Harvest(0, 0)
        elif len(p.coins) > 5 and PayTribute(0) in legal:
            action = PayTribute(0)
        else:  # always on field 0
            action = next(
                a for k in steps for a in legal if a.type == k and getattr(a, "field", 0) == 0
            )
        rules.apply(state, action)
    assert state.winners == (0,) and state.entered == [True]
    assert state.violet < 28 and state.red < 28
    assert rules.view(state, 0)["solo"]["won"] and state.turn <= 15
