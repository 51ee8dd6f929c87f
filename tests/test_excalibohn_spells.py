"""The eleven spell cards of Excalibohn (excalibohn.txt, "The Spell Cards"): timing, effect,
the special cases, refusals. Positions are built with tests/helpers/excalibohn's `table`."""

from __future__ import annotations

import pytest
from helpers.excalibohn import snap, table
from helpers.excalibohn import spell_row as row
from helpers.rules import play, refused

from bohn_tui.games.common.actions import (
    Accept,
    EndTrading,
    Harvest,
    Offer,
    PlantArea,
    PlantHand,
    TurnedUp,
)
from bohn_tui.games.excalibohn.actions import (
    CastSpell,
    ChooseFace,
    DiscardTurnedUp,
    FieldEnchanted,
    FieldOpened,
    Skip,
    SpellCast,
    SpellDrawn,
    SpellLaid,
    SpellsSwapped,
    SpellsTurnedDown,
    TurnedUpDiscarded,
)
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.spells import PHASES
from bohn_tui.games.excalibohn.state import ExcalibohnState

ALL_PHASES = ("plant", "magic", "trade", "plant_trades", "draw")


def casts(st: ExcalibohnState, seat: int) -> list[CastSpell]:
    return [a for a in st.rules.legal_actions(st, seat) if isinstance(a, CastSpell)]


def busy_table(spell: str, phase: str, **kw):
    """A position in which `spell` (seat 0's card 0, face up) has something to do."""
    return table(
        phase=phase,
        hands=[["picker", "cap", "mean"], ["sword", "sword"], ["white"], ["magic"]],
        fields=[[("picker", 1), None], [("cap", 2), None], [None, None], [None, None]],
        area=[["sword"], [], [], []],
        spells=[["^" + spell], ["trade"], [], []],
        discard=["white"],
        deck=["magic"] * 6,
        spell_deck=["attack"],
        **kw,
    )


# -- timing ------------------------------------------------------------------------------


@pytest.mark.parametrize("spell", list(cards().spells))
def test_each_spell_is_castable_exactly_in_its_phase(spell):
    """ "Use the spell of an activated spell card as the active player in the stated
    phase." (1b: phase magic; the beginning of phase 2; phase 3; phase 4; any: every phase
    of one's own turn)."""
    timing = cards().spells[spell].timing
    for phase in ALL_PHASES:
        st = busy_table(spell, phase, phase2_open=phase == "trade")
        listed = bool(casts(st, 0))
        assert listed == (phase in PHASES[timing]), (spell, phase)
        if not listed:
            refused(st, CastSpell(0, 0, **_some_choice(spell)), "is cast", snap=snap)


def _some_choice(spell: str) -> dict:
    return {
        "swap": {"target": 1, "index": 0},
        "enchant_beans": {"field": 0, "variety": "sword"},
        "retuck": {"index": 0, "to": 1},
    }.get(spell, {})


@pytest.mark.parametrize("spell", ["trade", "pile"])
def test_phase2_spells_only_before_the_first_offer(spell):
    """ "You use this card at the beginning of Phase 2." Once the first offer is made,
    phase 2 has begun in earnest: too late."""
    st = busy_table(spell, "trade", turned_up=["cap", "mean"], phase2_open=True)
    assert casts(st, 0)
    play(st, Offer(0, to=1, give_up=(0,), want=("sword",)))
    assert not st.phase2_open
    assert not casts(st, 0)
    refused(st, CastSpell(0, 0), "beginning of phase 2", snap=snap)


def test_only_the_active_player_casts():
    """ "Use the spell of an activated spell card as the active player"."""
    st = busy_table("retuck", "magic")
    st.spells[1] = row(["^retuck"])
    assert not casts(st, 1)
    refused(st, CastSpell(1, 0, index=0, to=1), "whose turn it is", snap=snap)


def test_face_down_and_used_spells_are_not_cast():
    """ "You activate a spell card in Phase 1b [...] After you have used a spell, turn the
    corresponding spell card to the back side." Each spell once."""
    st = busy_table("attack", "magic")
    st.spells[0] = row(["attack", "^attack"])
    refused(st, CastSpell(0, 0), "face down", snap=snap)
    play(st, CastSpell(0, 1))
    assert not st.spells[0][1].up
    refused(st, CastSpell(0, 1), "face down", snap=snap)


def test_bad_spell_indexes_and_extra_choices_are_refused():
    st = busy_table("attack", "magic")
    for bad in (5, -1, "0", None, True):
        refused(st, CastSpell(0, bad), "no spell card", snap=snap)
    refused(st, CastSpell(0, 0, target=1), "takes no target", snap=snap)
    refused(st, CastSpell(0, 0, variety="cap"), "takes no variety", snap=snap)


def test_no_cast_while_a_decision_is_pending():
    """Never while another seat's decision is pending: a swap's face choice waits first."""
    st = busy_table("swap", "magic")
    st.spells[0].append(row(["^attack"])[0])
    play(st, CastSpell(0, 0, target=1, index=0))
    assert st.pending[0].kind == "face"
    assert [a for a in casts(st, 0)] == []
    refused(st, CastSpell(0, 1), "decide", snap=snap)


def test_every_listed_cast_applies():
    """Each CastSpell that legal_actions lists is accepted (the checks and the listing
    agree)."""
    for spell in cards().spells:
        for phase in PHASES[cards().spells[spell].timing]:
            st = busy_table(spell, phase, turned_up=["cap"], phase2_open=True)
            for a in casts(st, 0):
                fresh = busy_table(spell, phase, turned_up=["cap"], phase2_open=True)
                fresh.rules.apply(fresh, a)


# -- Attack Spell ------------------------------------------------------------------------


def test_attack_lifts_the_mean_beans_four():
    """ "Use the ability of the Mean Bean, even if you have planted only 1-3 of them.\""""
    st = table(
        phase="magic",
        hands=[[], ["cap"], ["cap"], ["cap"]],
        fields=[[("mean", 2), None], [], [], []],
        coins=[[], ["picker"], ["sword"], ["white"]],
        spells=[["^attack"], [], [], []],
    )
    use = [a for a in st.rules.legal_actions(st, 0) if a.type == "use_ability"]
    assert not use  # 2 Mean Beans: not yet
    events = play(st, CastSpell(0, 0))
    assert SpellCast(0, "attack") in events and st.attack
    use = [a for a in st.rules.legal_actions(st, 0) if a.type == "use_ability"]
    assert use
    events = play(st, use[0])
    assert [e.card for e in events if e.type == "coin_turned_up"] == ["picker", "sword", "white"]
    assert st.players[2].coins == ["sword"] and not st.players[1].coins


def test_attack_gives_the_sword_two_coins():
    """ "If you use the Sword Bean, draw two coins from a fellow player. Use one of them.
    Give the other back without effect by putting it back on the fellow player's coin
    pile.\""""
    st = table(
        phase="magic",
        hands=[["cap"], ["cap"], [], []],
        fields=[[("sword", 1), None], [], [], []],
        coins=[[], ["cap", "princess"], [], []],
        spells=[["^attack"], [], [], []],
    )
    play(st, CastSpell(0, 0))
    from bohn_tui.games.excalibohn.actions import ChooseCoin, UseAbility

    play(st, UseAbility(0, 0, target=1))
    d = st.pending[0]
    assert d.kind == "coin" and d.seat == 0 and sorted(d.coins) == ["cap", "princess"]
    princess = list(d.coins).index("princess")
    play(st, ChooseCoin(0, princess))
    assert st.players[0].coins == ["princess"] and st.players[1].coins == ["cap"]


# -- Bean Field Spell --------------------------------------------------------------------


def bean_field_table():
    st = table(
        phase="magic",
        hands=[["cap", "cap"], [], [], []],
        fields=[[("picker", 3), ("white", 2)], [], [], []],
        spells=[["^bean_field"], [], [], []],
    )
    events = play(st, CastSpell(0, 0))
    assert FieldOpened(0) in events and st.temp_fields[0]
    assert len(st.players[0].fields) == 3
    st.players[0].fields[2].variety, st.players[0].fields[2].count = "cap", 2
    return st


def test_bean_field_opens_a_third_field_that_takes_beans():
    """ "Temporarily open a 3rd bean field next to your bean field tray.\""""
    st = table(
        phase="magic",
        hands=[["cap"], [], [], []],
        fields=[[("picker", 3), ("white", 2)], [], [], []],
        spells=[["^bean_field"], ["^bean_field"], [], []],
    )
    play(st, CastSpell(0, 0))
    assert st.players[0].fields[2].count == 0
    assert st.uses is not None  # a third field
    refused(st, CastSpell(0, 0), "face down", snap=snap)


def test_bean_field_closes_when_another_field_is_harvested():
    """ "If you harvest any of your three fields, you again have only two fields
    available." Field 1 harvested: the third field's beans move onto it."""
    st = bean_field_table()
    play(st, Harvest(0, 0))
    p = st.players[0]
    assert len(p.fields) == 2 and not any(st.temp_fields)
    assert (p.fields[0].variety, p.fields[0].count) == ("cap", 2)


def test_bean_field_closes_when_it_is_harvested_itself():
    """ "If you harvest any of your three fields": the third itself, and it is gone."""
    st = bean_field_table()
    play(st, Harvest(0, 2))
    p = st.players[0]
    assert len(p.fields) == 2 and not any(st.temp_fields)
    assert [(f.variety, f.count) for f in p.fields] == [("picker", 3), ("white", 2)]


def test_bean_field_not_while_a_third_field_is_open():
    """Rule choice: one temporary field a player (a second Bean Field Spell waits for the
    first one's harvest); another player's open third field does not stop it."""
    st = bean_field_table()
    st.spells[0] = row(["^bean_field"])
    assert not casts(st, 0)
    refused(st, CastSpell(0, 0), "still open", snap=snap)
    other = table(
        phase="magic",
        hands=[["cap"], [], [], []],
        fields=[[("picker", 3), None], [("cap", 2), ("mean", 1), None], [], []],
        spells=[["^bean_field"], [], [], []],
    )
    other.temp_fields[1] = True  # Ben's Bean Field (the spell came to Ana by a swap)
    events = play(other, CastSpell(0, 0))
    assert FieldOpened(0) in events and other.temp_fields == [True, True, False, False]
    assert len(other.players[0].fields) == 3 and len(other.players[1].fields) == 3


# -- Spell Card Swap ---------------------------------------------------------------------


def swap_table():
    return table(
        phase="trade",
        phase2_open=True,
        hands=[["cap"], ["cap"], ["cap"], []],
        spells=[["^swap"], ["^trade", "random"], ["flow"], []],
    )


def test_swap_takes_a_face_down_card_and_asks_face_up_or_down():
    """ "Swap this spell card for a face-down spell card of a fellow player. Look at the
    swapped card and decide whether to lay it face up (activated) or face down in front of
    you. Your fellow player lays the received spell card face down in front of him.\""""
    st = swap_table()
    assert [(a.target, a.index) for a in casts(st, 0)] == [(1, 1), (2, 0)]
    events = play(st, CastSpell(0, 0, target=1, index=1))
    assert SpellsSwapped(0, 1, 1) in events
    assert "random" not in repr(events)  # the card taken is a secret
    assert [c.id for c in st.spells[0]] == ["random"] and not st.spells[0][0].up
    assert [(c.id, c.up) for c in st.spells[1]] == [("trade", True), ("swap", False)]
    assert st.pending[0].kind == "face" and st.pending[0].seat == 0
    mine = st.rules.view(st, 0)["players"][0]["spells"]
    theirs = st.rules.view(st, 1)["players"][0]["spells"]
    others = st.rules.view(st, 2)["players"][0]["spells"]
    assert mine[0]["id"] == "random" and theirs[0]["id"] == "random"
    assert others[0]["id"] is None
    assert [a.up for a in st.rules.legal_actions(st, 0) if a.type == "choose_face"] == [
        True,
        False,
    ]
    events = play(st, ChooseFace(0, True))
    assert SpellLaid(0, True, "random") in events
    assert st.spells[0][0].up and not st.pending


def test_swap_laid_face_down_stays_secret():
    st = swap_table()
    play(st, CastSpell(0, 0, target=2, index=0))
    events = play(st, ChooseFace(0, False))
    assert SpellLaid(0, False, None) in events and "flow" not in repr(events)
    assert not st.spells[0][0].up
    assert st.rules.view(st, 1)["players"][0]["spells"][0]["id"] is None


def test_swap_refuses_a_face_up_card_yourself_and_nobody():
    st = swap_table()
    refused(st, CastSpell(0, 0, target=1, index=0), "face-down", snap=snap)
    refused(st, CastSpell(0, 0, target=0, index=0), "no fellow player", snap=snap)
    refused(st, CastSpell(0, 0, target=7, index=0), "no fellow player", snap=snap)
    refused(st, CastSpell(0, 0, target=2, index=3), "no spell card", snap=snap)
    refused(st, CastSpell(0, 0, target=2), "needs a index", snap=snap)
    refused(st, ChooseFace(0, True), "no swapped spell", snap=snap)


def test_only_the_caster_lays_the_swapped_card():
    st = swap_table()
    play(st, CastSpell(0, 0, target=1, index=1))
    refused(st, ChooseFace(1, True), "P1", snap=snap)


# -- Random Spell ------------------------------------------------------------------------


def test_random_draws_face_up_and_returns_at_the_end_of_the_turn():
    """ "Draw the top spell card from the spell card deck and lay it face up (activated) in
    front of you. At the end of your turn you shuffle it back into the spell card deck.\""""
    st = table(
        phase="magic",
        hands=[["cap", "cap"], [], [], []],
        spells=[["^random"], [], [], []],
        spell_deck=["retuck", "attack", "flow"],
    )
    events = play(st, CastSpell(0, 0))
    assert SpellDrawn(0, "random", "retuck") in events
    assert [(c.id, c.up, c.temp) for c in st.spells[0]] == [
        ("random", False, False),
        ("retuck", True, True),
    ]
    events = []
    st.rules.spells_end_of_turn(st, events)
    assert [c.id for c in st.spells[0]] == ["random"]
    assert sorted(st.spell_deck) == ["attack", "flow", "retuck"]
    assert events[0] == SpellsTurnedDown(0, 1, ("retuck",))  # the draw was face up


def test_random_not_with_an_empty_deck():
    """ "If the spell card deck is empty, you can no longer use this spell.\""""
    st = table(
        phase="magic", hands=[["cap"], [], [], []], spells=[["^random"], [], [], []], spell_deck=[]
    )
    assert not casts(st, 0)
    refused(st, CastSpell(0, 0), "deck is empty", snap=snap)


def test_random_with_the_swap_returns_the_card_swapped_in():
    """ "Special case: If you thereby draw the "Zauberkartentausch" and use it, at the end
    of your turn you shuffle the swapped-in spell card back into the spell card deck.\""""
    st = table(
        phase="magic",
        hands=[["cap"], [], [], []],
        spells=[["^random"], ["pile"], [], []],
        spell_deck=["swap", "attack"],
    )
    play(st, CastSpell(0, 0), CastSpell(0, 1, target=1, index=0), ChooseFace(0, True))
    assert [(c.id, c.temp) for c in st.spells[0]] == [("random", False), ("pile", True)]
    assert [(c.id, c.temp) for c in st.spells[1]] == [("swap", False)]
    st.rules.spells_end_of_turn(st, None)
    assert [c.id for c in st.spells[0]] == ["random"]
    assert [c.id for c in st.spells[1]] == ["swap"]
    assert sorted(st.spell_deck) == ["attack", "pile"]


# -- Trade Spell -------------------------------------------------------------------------


def trade_table():
    return table(
        phase="trade",
        phase2_open=True,
        turned_up=["cap", "mean"],
        deck=["white", "magic", "magic", "magic"],
        hands=[["sword"], ["sword"], [], []],
        fields=[[("cap", 2), ("sword", 2)], [], [], []],
        spells=[["^trade"], [], [], []],
    )


def test_trade_turns_up_a_third_card():
    """ "After the first two cards, turn up a third bean card from the draw pile and lay it
    with the other two.\""""
    st = trade_table()
    events = play(st, CastSpell(0, 0))
    assert TurnedUp(0, ("white",)) in events
    assert st.turned_up == ["cap", "mean", "white"]


def test_trade_lets_untraded_cards_go_to_the_discard_in_phase_3():
    """ "In Phase 3 you do not have to plant untraded bean cards still lying out, but may
    instead lay them on the discard pile.\""""
    st = trade_table()
    play(st, CastSpell(0, 0), EndTrading(0))
    assert st.phase == "plant_trades"
    listed = [a.variety for a in st.rules.legal_actions(st, 0) if a.type == "discard_turned_up"]
    assert sorted(listed) == ["cap", "mean", "white"]
    events = play(st, DiscardTurnedUp(0, "white"))
    assert TurnedUpDiscarded(0, "white") in events
    assert st.deck.discard[-1] == "white" and "white" not in st.players[0].area
    refused(st, DiscardTurnedUp(0, "white"), "no untraded", snap=snap)
    refused(st, DiscardTurnedUp(1, "mean"), "only P1", snap=snap)


def test_without_the_trade_spell_turned_up_cards_must_be_planted():
    st = trade_table()
    play(st, EndTrading(0))
    assert not [a for a in st.rules.legal_actions(st, 0) if a.type == "discard_turned_up"]
    refused(st, DiscardTurnedUp(0, "cap"), "after the Trade Spell", snap=snap)


# -- Pile Spell --------------------------------------------------------------------------


def test_pile_adds_the_discard_piles_top():
    """ "First turn up two cards from the draw pile as usual. Then decide whether you want
    to use the spell and add the top card of the discard pile to the two turned-up bean
    cards.\""""
    st = table(
        phase="trade",
        phase2_open=True,
        turned_up=["cap", "mean"],
        discard=["sword", "princess"],
        hands=[["sword"], [], [], []],
        spells=[["^pile"], [], [], []],
    )
    events = play(st, CastSpell(0, 0))
    assert TurnedUp(0, (), ("princess",)) in events
    assert st.turned_up == ["cap", "mean", "princess"] and st.deck.discard == ["sword"]
    from bohn_tui.games import spec

    log = spec("excalibohn").log(st.rules, [p.name for p in st.players])
    lines = [log(e, lambda s: st.players[s].name) for e in events]
    assert "P1 adds Princess Bean from the discard pile to the turned-up cards" in lines
    # used, the card lies face down again, but everyone saw its front: the views name it
    for seat in (None, 1, 2, 3):
        assert st.rules.view(st, seat)["players"][0]["spells"][0]["id"] == "pile"


def test_pile_not_with_an_empty_discard_pile():
    st = table(
        phase="trade",
        phase2_open=True,
        turned_up=["cap", "mean"],
        hands=[["sword"], [], [], []],
        spells=[["^pile"], [], [], []],
    )
    assert not casts(st, 0)
    refused(st, CastSpell(0, 0), "discard pile is empty", snap=snap)


# -- Magic Card Flow ---------------------------------------------------------------------


def test_flow_plants_the_front_card_again_and_again():
    """ "Plant your respective front hand card as often as you like. If you do this in
    Phase 1b and thereby start a new row of cards, you may also use the ability of the
    newly planted bean variety.\""""
    st = table(
        phase="magic",
        hands=[["cap", "cap", "picker", "white"], ["sword"], [], []],
        fields=[[("cap", 1), None], [], [], []],
        spells=[["^flow"], [], [], []],
    )
    play(st, CastSpell(0, 0))
    assert st.flow
    play(st, PlantHand(0, 0), PlantHand(0, 0), PlantHand(0, 1))
    p = st.players[0]
    assert [(f.variety, f.count) for f in p.fields] == [("cap", 3), ("picker", 1)]
    assert p.hand == ["white"]
    uses = [a.field for a in st.rules.legal_actions(st, 0) if a.type == "use_ability"]
    assert 1 in uses  # the new Picker row brings its ability
    play(st, Skip(0))
    assert not st.flow
    assert not [a for a in st.rules.legal_actions(st, 0) if a.type == "plant_hand"]


def test_flow_not_with_an_empty_hand():
    st = table(phase="magic", spells=[["^flow"], [], [], []])
    refused(st, CastSpell(0, 0), "hand is empty", snap=snap)


# -- Enchantment of the Beans ------------------------------------------------------------


def enchant_table():
    return table(
        phase="plant_trades",
        area=[["sword", "sword"], [], [], []],
        fields=[[("picker", 1), ("cap", 1)], [], [], []],
        hands=[["cap"], [], [], []],
        spells=[["^enchant_beans"], [], [], []],
    )


def test_enchantment_of_the_beans_makes_the_first_card_count_as_the_second():
    """ "On a field with exactly one bean card, lay any second bean card that you must plant
    at that moment. The first bean on the field now counts as a bean of the second bean
    variety.\""""
    st = enchant_table()
    assert sorted((a.field, a.variety) for a in casts(st, 0)) == [(0, "sword"), (1, "sword")]
    events = play(st, CastSpell(0, 0, field=0, variety="sword"))
    assert FieldEnchanted(0, 0, "picker", "sword") in events
    f = st.players[0].fields[0]
    assert (f.variety, f.count) == ("sword", 2)
    assert st.enchanted[(0, 0)] == "picker" and st.players[0].area == ["sword"]


def test_enchanted_first_card_goes_to_the_discard_and_the_field_pays_as_the_new_variety():
    """The field pays by the Sword Bean's Bohnometer (3 cards: 1 coin); the enchanted
    Picker Bean is one of the cards discarded."""
    st = enchant_table()
    play(st, CastSpell(0, 0, field=0, variety="sword"), PlantArea(0, "sword", 0))
    st.deck.discard.clear()
    st.phase = "trade"  # (a harvest any time)
    play(st, Harvest(0, 0))
    p = st.players[0]
    assert p.coins == ["sword"]
    assert sorted(st.deck.discard) == ["picker", "sword"]
    assert (0, 0) not in st.enchanted


def test_enchantment_of_the_beans_refusals():
    st = enchant_table()
    st.players[0].fields[1].count = 2
    refused(st, CastSpell(0, 0, field=1, variety="sword"), "exactly one", snap=snap)
    refused(st, CastSpell(0, 0, field=0, variety="mean"), "no Mean Bean", snap=snap)
    refused(st, CastSpell(0, 0, field=5, variety="sword"), "no field", snap=snap)
    refused(st, CastSpell(0, 0, field=0), "needs a variety", snap=snap)
    st.players[0].area.append("picker")
    refused(st, CastSpell(0, 0, field=0, variety="picker"), "already", snap=snap)


def test_enchanting_the_last_card_ends_phase_3():
    st = enchant_table()
    st.players[0].area = ["sword"]
    play(st, CastSpell(0, 0, field=0, variety="sword"))
    assert st.phase != "plant_trades"


# -- Enchantment of the Fellow Players ---------------------------------------------------


def test_enchantment_of_the_fellow_players():
    """ "All fellow players must immediately plant their front hand card. If they have no
    free bean field for it, they must first harvest one. You yourself may plant your front
    hand card, but do not have to.\""""
    st = table(
        phase="magic",
        hands=[["cap", "white"], ["picker", "cap"], ["mean"], []],
        fields=[[("cap", 1), None], [("picker", 1), None], [("cap", 3), ("white", 2)], []],
        spells=[["^enchant_players"], [], [], []],
    )
    play(st, CastSpell(0, 0))
    assert [(d.kind, d.seat) for d in st.pending] == [
        ("forced", 1),
        ("forced", 2),
        ("own_plant", 0),
    ]  # seat 3's hand is empty: not asked
    assert st.rules.waiting_for(st)[0] == 1
    refused(st, Skip(1), "", snap=snap)  # a fellow must plant
    play(st, PlantHand(1, 0))
    assert st.players[1].fields[0].count == 2
    # seat 2: no field takes the Mean Bean: harvest first
    assert not [a for a in st.rules.legal_actions(st, 2) if a.type == "plant_hand"]
    play(st, Harvest(2, 1), PlantHand(2, 1))
    assert st.players[2].fields[1].variety == "mean" and not st.players[2].hand
    play(st, Skip(0))
    assert not st.pending and st.players[0].hand == ["cap", "white"]


def test_enchantment_of_the_fellow_players_own_plant():
    st = table(
        phase="trade",
        phase2_open=False,
        turned_up=["sword"],
        hands=[["cap"], [], [], []],
        fields=[[("cap", 1), None], [], [], []],
        spells=[["^enchant_players"], [], [], []],
    )
    play(st, CastSpell(0, 0))
    assert [(d.kind, d.seat) for d in st.pending] == [("own_plant", 0)]
    play(st, PlantHand(0, 0))
    assert st.players[0].fields[0].count == 2 and not st.pending


# -- Re-tuck Spell -----------------------------------------------------------------------


def test_retuck_moves_one_hand_card():
    """ "Re-tuck a hand card (move it to another position in your hand)." `to` is counted
    after taking the card out."""
    st = table(
        phase="magic",
        hands=[["cap", "mean", "white", "sword"], [], [], []],
        spells=[["^retuck"], [], [], []],
    )
    assert len(casts(st, 0)) == 12  # 4 positions x 3 others
    play(st, CastSpell(0, 0, index=0, to=2))
    assert st.players[0].hand == ["mean", "white", "cap", "sword"]
    st = table(
        phase="magic",
        hands=[["cap", "mean", "white", "sword"], [], [], []],
        spells=[["^retuck"], [], [], []],
    )
    play(st, CastSpell(0, 0, index=3, to=0))
    assert st.players[0].hand == ["sword", "cap", "mean", "white"]


def test_retuck_refusals():
    st = table(
        phase="magic",
        hands=[["cap", "mean"], [], [], []],
        spells=[["^retuck"], [], [], []],
    )
    refused(st, CastSpell(0, 0, index=1, to=1), "another position", snap=snap)
    refused(st, CastSpell(0, 0, index=2, to=0), "no card at hand position", snap=snap)
    refused(st, CastSpell(0, 0, index=0, to=2), "no hand position", snap=snap)
    refused(st, CastSpell(0, 0, index=0), "needs a to", snap=snap)
    st.players[0].hand = ["cap"]
    assert not casts(st, 0)


def test_retuck_in_phase_2_moves_open_offers_with_the_cards():
    st = table(
        phase="trade",
        turned_up=["picker"],
        hands=[["cap", "mean", "white"], ["sword"], [], []],
        spells=[["^retuck"], [], [], []],
    )
    play(st, Offer(0, to=1, give_hand=(1,), want=("sword",)))
    play(st, CastSpell(0, 0, index=1, to=2))
    assert st.players[0].hand == ["cap", "white", "mean"]
    o = next(iter(st.offers.values()))
    assert o.give_hand == (2,)
    events = play(st, Accept(1, o.id, give_hand=(0,)))
    assert next(e for e in events if e.type == "traded").gave == ("mean",)


# -- Hand Card Spell ---------------------------------------------------------------------


def test_hand_card_draws_five_without_a_trade():
    """ "If you forwent trading with your fellow players in Phase 2, draw two more cards,
    i.e. five instead of three cards.\""""
    st = table(
        phase="draw",
        hands=[[], ["cap"], ["cap"], ["cap"]],
        deck=["magic"] * 10,
        spells=[["^hand_card"], [], [], []],
    )
    assert st.rules.draw_window(st)
    play(st, CastSpell(0, 0))
    assert st.players[0].hand == ["magic"] * 5 and st.active == 1


def test_hand_card_not_after_a_gift():
    """ "If you want to use this spell, however, no trade may have come about." A gift
    accepted is a trade: phase 4 draws three, without waiting."""
    st = table(
        phase="trade",
        turned_up=["cap", "cap"],
        hands=[["mean"], ["cap"], ["cap"], ["cap"]],
        fields=[[("cap", 1), None], [None, ("white", 2)], [], []],
        deck=["magic"] * 10,
        spells=[["^hand_card"], [], [], []],
    )
    o = play(st, Offer(0, to=1, give_hand=(0,)))[0].offer
    play(st, Accept(1, o))
    assert st.traded
    play(st, EndTrading(0), PlantArea(0, "cap", 0), PlantArea(0, "cap", 0))
    play(st, PlantArea(1, "mean", 0))
    assert st.active == 1 and st.players[0].hand == ["magic"] * 3


def test_hand_card_refused_after_a_trade():
    st = table(
        phase="draw",
        traded=True,
        hands=[[], [], [], []],
        deck=["magic"] * 10,
        spells=[["^hand_card"], [], [], []],
    )
    assert not st.rules.draw_window(st)
    refused(st, CastSpell(0, 0), "trade came about", snap=snap)


# -- the end of the turn -----------------------------------------------------------------


# (the end of the turn turns spells down: tests/test_excalibohn_rulebook.py)


# -- more refusals and the piles -----------------------------------------------------------


def test_hostile_choices_are_refused_with_a_sentence():
    """Bad input never crashes: wrong types in every choice are one readable refusal."""
    st = enchant_table()
    for bad in (["sword"], 3, {"a": 1}):
        refused(st, CastSpell(0, 0, field=0, variety=bad), "no", snap=snap)
    for bad in ("0", 1.5, True, -1):
        refused(st, CastSpell(0, 0, field=bad, variety="sword"), "no field", snap=snap)
    st = swap_table()
    for bad in ("1", 1.0, None, False):
        refused(st, CastSpell(0, 0, target=bad, index=0), "", snap=snap)
    refused(st, CastSpell(0, 0, target=2, index="0"), "no spell card", snap=snap)
    st = trade_table()
    play(st, CastSpell(0, 0), EndTrading(0))
    for bad in (["cap"], None, 7):
        refused(st, DiscardTurnedUp(0, bad), "no untraded", snap=snap)


def test_no_cast_while_a_fellow_decides():
    """Never while a decision of another seat is pending: the forced plants come first."""
    st = table(
        phase="magic",
        hands=[["cap", "white"], ["picker"], [], []],
        spells=[["^enchant_players", "^retuck"], [], [], []],
    )
    play(st, CastSpell(0, 0))
    assert st.pending[0].seat == 1
    assert not casts(st, 0)
    refused(st, CastSpell(0, 1, index=0, to=1), "P2", snap=snap)


def test_trade_spell_draw_runs_the_pile_out():
    """The third card is the draw pile's last: the discard pile becomes the new draw pile
    (deck_ran_out), as at any draw."""
    st = trade_table()
    st.deck.cards = ["white"]
    st.deck.discard = ["mean", "mean", "mean"]
    events = play(st, CastSpell(0, 0))
    assert [e for e in events if e.type == "deck_ran_out"][0].reshuffled == 3
    assert st.turned_up[-1] == "white" and len(st.deck.cards) == 3


def test_random_cards_are_shuffled_back_with_the_games_generator():
    """ "At the end of your turn you shuffle it back into the spell card deck": the card
    drawn does not simply go back on top; the order depends on the game's generator only."""
    places = set()
    for seed in range(6):
        orders = []
        for _ in range(2):
            st = table(
                phase="magic",
                hands=[["cap"], [], [], []],
                spells=[["^random"], [], [], []],
                spell_deck=["hand_card", "attack", "flow", "pile", "trade", "swap", "retuck"],
            )
            st.rng.seed(seed)
            play(st, CastSpell(0, 0))
            st.rules.spells_end_of_turn(st, None)
            orders.append(list(st.spell_deck))
        assert orders[0] == orders[1]  # the same generator, the same order
        places.add(orders[0].index("hand_card"))
    assert len(places) > 1


def test_the_draw_window_opens_only_for_a_spell_with_something_to_do():
    """Phase 4 waits for the active player only while a face-up spell could be used then:
    the Random Spell with an empty spell deck cannot, so the three cards are drawn at
    once and the turn passes."""
    for deck, waits in (([], False), (["attack"], True)):
        st = table(
            phase="plant_trades",
            area=[["cap"], [], [], []],
            hands=[["mean"], ["cap"], ["cap"], ["cap"]],
            spells=[["^random"], [], [], []],
            spell_deck=deck,
        )
        play(st, PlantArea(0, "cap", 0))
        assert (st.phase == "draw") == waits
        assert st.active == (0 if waits else 1)


def test_swap_tells_the_former_holder_which_card_left_and_nobody_else():
    """Issue #23: the fellow whose face-down card is swapped away is told which one, in
    their own view only (its notes); the public log says whose card and its place, never
    which card."""
    from bohn_tui.games import spec

    st = swap_table()
    events = play(st, CastSpell(0, 0, target=1, index=1))
    rules = st.rules
    told = "P1 swapped your Random Spell away for the Spell Card Swap."
    assert rules.view(st, 1)["notes"] == [told]
    assert not rules.view(st, 2)["notes"] and not rules.view(st, None)["notes"]
    assert not rules.view(st, 0)["notes"]
    log = spec("excalibohn").log(rules, ["P1", "P2", "P3", "P4"])
    lines = [log(e, ["P1", "P2", "P3", "P4"].__getitem__) for e in events]
    assert "P1 swaps the Spell Card Swap for P2's face-down spell card #2" in lines
    assert "Random" not in " ".join(lines)
