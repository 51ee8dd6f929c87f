"""The dice game rulebook's examples 1 to 5 (wuerfelspiel.txt), exactly as written: the
states are built with chosen harvest cards and dice that show chosen faces. Seat 0 is
Matthias (the roller), seat 1 Martina, seat 2 Björn."""

from __future__ import annotations

from helpers.dice import DATA, act, game, of, refused, reroll, roll

from bohn_tui.games.wuerfelspiel.actions import Covered, Harvest, Harvested, Placed, Reroll, Rolled

# card 21's bottom order is "Broad"; card 35's fourth "2 Wax"; card 5's fourth "2 Broad";
# card 41's orders are "Garden/Soy", "Garden + Soy/Wax", "Soy + Broad", ...
BROAD, TWO_WAX, TWO_BROAD, SOY_TWICE = 21, 35, 5, 41


def test_the_cards_say_what_the_examples_need() -> None:
    text = {c: [o.text for o in DATA.cards[c - 1].orders] for c in (21, 35, 5, 41)}
    assert text[BROAD][0] == "Broad"
    assert text[TWO_WAX][3] == "2 Wax"
    assert text[TWO_BROAD][3] == "2 Broad"
    assert text[SOY_TWICE][:3] == ["Garden/Soy", "Garden + Soy/Wax", "Soy + Broad"]


def example_start() -> object:
    """Martina's lowest uncovered order needs two Wax, Björn's two Broad."""
    st = game([(BROAD, 1), (TWO_WAX, 2), (TWO_BROAD, 3)])
    st.players[1].covered = 3
    st.players[2].covered = 3
    return st


def test_example_1_roll_all_five_place_one_reroll_the_other_four() -> None:
    """ "At the start of his turn, Matthias rolls all five dice. He can use the Broad Bean for
    fulfilling his lowest order and places the corresponding die on the bean field. He then
    re-rolls the other four dice." """
    st = example_start()
    first = roll(st, ["broad", "blue", "garden", "red", "soy"])
    assert of(first, Rolled)[0].dice == (0, 1, 2, 3, 4)
    assert st.players[0].covered == 0  # his own card is checked only when he stops rolling
    second = roll(st, ["soy", "red", "red", "garden"], place=(0,))
    assert of(second, Placed)[0].dice == (0,) and of(second, Placed)[0].faces == ("broad",)
    assert of(second, Rolled)[0].dice == (1, 2, 3, 4)
    assert st.where[0] == "field" and st.faces[0] == "broad"


def test_example_2_others_check_only_the_dice_just_rolled() -> None:
    """ "Matthias rolls four dice. Before he places further dice from this roll on the bean
    field, Martina speaks up. Her lowest order requires two Wax Beans. Matthias has rolled
    these. So she can fulfil the order and slide the lower harvest card over this order.
    Björn lacks the second Broad Bean for fulfilling his lowest order. A Broad Bean does lie
    on the bean field, but it comes from Matthias's previous dice roll, not from the current
    one." """
    st = example_start()
    roll(st, ["broad", "blue", "garden", "red", "soy"])
    events = roll(st, ["broad", "wax", "wax", "garden"], place=(0,))
    assert [(e.seat, e.orders, e.source, e.roller) for e in of(events, Covered)] == [
        (1, (3,), "roll", 0)
    ]
    assert st.players[1].covered == 4
    assert st.players[2].covered == 3  # one Broad rolled, the other on the field: no
    # before Matthias places anything: the roll is open, nothing of it on the field
    assert st.open and [st.where[i] for i in (1, 2, 3, 4)] == ["rolled"] * 4


def test_example_3_the_bean_figure_rerolls_both_dice_just_rolled() -> None:
    """ "Matthias rolls two dice. He is not satisfied with the roll because he can use neither
    of the two dice. He decides on a re-roll. Matthias lays down the bean figure and rolls
    both dice again." And: "You must not decide to re-roll only some of the dice. And dice
    that you previously placed on the bean field must stay there." """
    st = example_start()
    roll(st, ["broad", "blue", "garden", "red", "soy"])
    roll(st, ["blue", "red", "red", "soy"], place=(0,))
    roll(st, ["blue", "wax"], place=(2, 4))  # dice 1 and 3 rolled
    field = {i: st.faces[i] for i in (0, 2, 4)}
    events = reroll(st, ["soy", "garden"])
    rolled = of(events, Rolled)[0]
    assert rolled.figure and rolled.dice == (1, 3) and rolled.faces == ("soy", "garden")
    assert st.figure_used
    assert {i: st.faces[i] for i in (0, 2, 4)} == field
    assert all(st.where[i] == "field" for i in field)
    refused(st, Reroll(0), "once a turn")


def test_example_4_the_field_check_uses_one_soybean_for_two_orders() -> None:
    """ "Matthias finishes rolling after placing all five dice on the bean field. With the
    dice result he fulfils the lowest two orders of his upper harvest card. Accordingly he
    slides the lower harvest card over these two orders. As a reminder: rolled beans are not
    "used up" when fulfilling orders. Here Matthias uses the Soybean for fulfilling both
    orders." """
    st = game([(SOY_TWICE, 1), (2, 3), (4, 6)])
    roll(st, ["blue", "soy", "garden", "red", "red"])
    events = roll(st, [], place=(0, 1, 2, 3, 4))
    covered = of(events, Covered)
    assert [(e.seat, e.orders, e.source) for e in covered] == [(0, (0, 1), "field")]
    assert st.players[0].covered == 2
    # the field is blue, soy, garden, red, red: "Soy + Broad" (order 3) is not fulfilled
    assert sorted(st.field_faces()) == ["blue", "garden", "red", "red", "soy"]


def test_example_5_martina_harvests_four_orders_for_two_thalers() -> None:
    """ "Martina decides to harvest. On her upper harvest card she has fulfilled four orders
    and therefore receives 2 thalers. (1) For the first thaler she turns the upper harvest
    card to its thaler side. (2) For the second she draws a card from the draw pile. (3) She
    places both thalers in front of her. (4) Finally she draws another card from the draw
    pile and turns it face up. This card becomes the new lower harvest card." """
    st = game([(BROAD, 1), (TWO_WAX, 2), (TWO_BROAD, 3)], pile=[50, 51])
    st.players[1].covered = 4
    events = act(st, Harvest(1))  # between turns: "at any time"
    martina = st.players[1]
    assert martina.singles == [TWO_WAX, 50]  # the upper card, then the pile's top card
    assert martina.thalers == 2
    assert martina.upper == 2 and martina.covered == 0  # the lower card is the upper one
    assert martina.lower == 51  # the next card of the pile
    assert len(st.pile) == 55 - 6 - 2
    h = of(events, Harvested)[0]
    assert (h.seat, h.card, h.orders, h.thalers, h.total, h.upper, h.lower) == (
        1,
        TWO_WAX,
        4,
        2,
        2,
        2,
        51,
    )
