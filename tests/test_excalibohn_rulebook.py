"""Excalibohn rules corrected to the rulebook's words (issue #23): the Cap Bean's spell card at
the final harvest, phase 3's order, spells activated out of turn, the phase-2 spells' moment.
Each test quotes its sentence of excalibohn.txt."""

from __future__ import annotations

import pytest
from helpers.asks import may_volunteer, window
from helpers.excalibohn import listed, snap, table
from helpers.rules import play, refused

from bohn_tui.games import rules_for, spec
from bohn_tui.games.common.actions import (
    EndPlanting,
    EndTrading,
    Harvest,
    Offer,
    PlantArea,
    PlantHand,
)
from bohn_tui.games.excalibohn.actions import (
    ActivateSpell,
    CastSpell,
    EndMagic,
    Skip,
    SpellDrawn,
    SpellsTurnedDown,
    UseAbility,
)
from bohn_tui.games.excalibohn.state import RULEBOOK_OPTIONS

# -- the Cap Bean at the final harvest -------------------------------------------------------


def final_turn(**kw):
    """Seat `active`'s phase 3 of the last turn (3 players, the pile used up twice and empty):
    planting its one Cap ends the game."""
    return table(n=3, phase="plant_trades", deck=[], runouts=2, **kw)


def test_the_final_harvest_brings_the_cap_spell_card():
    """ "In addition, when you harvest at least 2 Cap Beans you receive a new spell card from
    the spell card deck." (no exception for the final harvest) and "In case of a tie, the
    tied player who can show more Groschen in total on his spell cards wins." """
    st = final_turn(
        area=[["cap"]],
        fields=[[None, None], [("cap", 3), None]],
        coins=[["white", "white"], ["white"], []],
        spells=[["pile"], ["attack"], []],
        spell_deck=["random"],
    )
    ev = play(st, PlantArea(0, "cap", 0))
    assert st.over
    assert [c.id for c in st.spells[1]] == ["attack", "random"] and st.spell_deck == []
    assert SpellDrawn(1, "cap", None) in ev
    assert "You drew the Random Spell." in st.notes[1]
    assert st.scores == (2, 2, 0)
    assert st.winners == (1,)  # 1 + 10 Groschen beat the Pile Spell's 5
    v = st.rules.view(st, 0)
    assert [p["groschen"] for p in v["players"]][1] == 11


def test_the_final_harvest_from_an_empty_spell_deck_brings_none():
    """ "If the spell card deck is empty, you no longer receive another spell card when
    harvesting Cap Beans." """
    st = final_turn(area=[["cap"]], fields=[[None, None], [("cap", 3), None]], spell_deck=[])
    play(st, PlantArea(0, "cap", 0))
    assert st.over and st.spells[1] == [] and st.players[1].coins == ["cap"]


def test_the_final_harvest_goes_from_the_active_player_on():
    """Rule choice (the rulebook is silent on the order of the final harvest): from the
    active player clockwise, so with one spell card left the first Cap harvest from the
    active player on gets it."""
    st = final_turn(
        active=1,
        area=[[], ["cap"]],
        fields=[[("cap", 2), None], [None, None], [("cap", 2), None]],
        spell_deck=["random"],
    )
    play(st, PlantArea(1, "cap", 0))
    assert st.over
    assert [c.id for c in st.spells[2]] == ["random"] and st.spells[0] == []


# -- phase 3: the seats plant in turn ----------------------------------------------------------


def phase3(**kw):
    return table(
        phase="plant_trades",
        area=[["white", "white"], ["mean"], [], ["sword"]],
        fields=[[("white", 1), None], [("cap", 2), None], [], [("cap", 3), ("mean", 2)]],
        spell_deck=["random"],
        **kw,
    )


def test_phase_3_the_active_player_plants_first_the_others_clockwise():
    """ "Everyone may decide for himself in which order he plants the new bean cards. The
    active player begins, the others follow clockwise." """
    st = phase3()
    rules = st.rules
    assert rules.waiting_for(st) == [0] and rules.to_move(st) == 0
    assert list(rules.asks(st)) == [0]
    assert not listed(st, 1, PlantArea) and not listed(st, 3, PlantArea)
    refused(st, PlantArea(1, "mean", 1), "P1 plants first", snap=snap)
    refused(st, PlantArea(3, "sword", 0), "clockwise", snap=snap)
    play(st, PlantArea(0, "white", 0))
    refused(st, PlantArea(1, "mean", 1), "P1 plants first", snap=snap)
    play(st, PlantArea(0, "white", 0))
    assert rules.waiting_for(st) == [1] and listed(st, 1, PlantArea)
    refused(st, PlantArea(3, "sword", 0), "P2 plants first", snap=snap)
    play(st, PlantArea(1, "mean", 1))
    assert rules.waiting_for(st) == [3]  # seat 2 has nothing to plant
    play(st, Harvest(3, 0), PlantArea(3, "sword", 0))
    assert st.phase != "plant_trades"


def test_phase_3_harvests_stay_open_to_everyone():
    """ "You may harvest your bean fields at any time in the game, even if you are not the
    active player." (only the planting goes in turn)"""
    st = phase3()
    assert Harvest(1, 0) in listed(st, 1, Harvest)
    play(st, Harvest(1, 0))  # 2 Cap Beans: the spell card
    assert [c.id for c in st.spells[1]] == ["random"]


def test_phase_3_in_any_order_for_the_records_saved_before():
    """The legacy option (records saved before the correction): every seat plants at once."""
    st = phase3(options={"phase3_in_turn": False})
    assert st.rules.waiting_for(st) == [0, 1, 3]
    assert listed(st, 1, PlantArea)
    play(st, PlantArea(1, "mean", 1))
    assert st.players[1].area == []


def test_each_corrected_rule_is_an_option_the_old_records_replay_without():
    """The corrected rules are options, true by default; the spec's legacy options turn
    each off for the records saved before (docs/formats.md, Records of a corrected rule)."""
    sp = spec("excalibohn")
    assert sp.legacy_options == dict.fromkeys(RULEBOOK_OPTIONS, False)
    assert set(RULEBOOK_OPTIONS) <= set(sp.option_names)
    rules = rules_for("excalibohn", 3)
    for flag in RULEBOOK_OPTIONS:
        with pytest.raises(ValueError, match=flag):
            rules.new_game(["A", "B", "C"], 1, {flag: "yes"})


# -- spells activated out of turn ------------------------------------------------------------


def test_a_spell_activated_in_a_counterattack_stays_up_until_its_owners_turn_ends():
    """ "At the end of your turn, turn your still-activated spell cards back to the back side
    again." (your own: a fellow's spell activated in a counterattack stays face up until the
    end of that fellow's own turn, and is cast then)"""
    st = table(
        n=3,
        fields=[[("sword", 2), ("cap", 1)], [("white", 2), None]],
        coins=[["magic"], ["sword"]],
        hands=[["mean"], ["white", "mean"]],
        spells=[["swap"], ["retuck"]],
    )
    rules = st.rules
    play(st, UseAbility(0, 0, 1))  # a Sword: Nina counterattacks, turns up a Magic Bean
    assert (st.pending[0].kind, st.pending[0].seat) == ("activate", 1)
    play(st, ActivateSpell(1, 0))
    assert st.phase == "trade" and st.spells[1][0].up
    assert not listed(st, 1, CastSpell)  # only the active player casts
    play(st, EndTrading(0), PlantArea(0, "cap", 1), PlantArea(0, "cap", 1))
    assert st.active == 1 and st.phase == "plant"
    assert st.spells[1][0].up  # still up in its owner's own turn
    assert CastSpell(1, 0, index=0, to=1) in listed(st, 1, CastSpell)
    play(st, PlantHand(1, 0), EndPlanting(1))
    assert st.phase == "magic"  # the face-up card is one of its phase 1b's choices
    ev = play(st, EndMagic(1), EndTrading(1), PlantArea(1, "cap", 1), PlantArea(1, "cap", 1))
    assert st.active == 2 and not st.spells[1][0].up
    assert SpellsTurnedDown(1, 1) in ev
    assert rules.view(st, 0)["players"][1]["spells"][0]["id"] == "retuck"  # seen by all


def test_the_end_of_a_turn_turns_down_the_active_players_spells_only():
    """ "At the end of your turn, turn your still-activated spell cards back" """
    st = table(spells=[["^attack", "flow"], ["^retuck"], [], []], attack=True, flow=True)
    events: list = []
    st.rules.spells_end_of_turn(st, events)
    assert not st.spells[0][0].up and st.spells[1][0].up
    assert SpellsTurnedDown(0, 1) in events
    assert not any(isinstance(e, SpellsTurnedDown) and e.seat == 1 for e in events)
    assert not st.attack and not st.flow


def test_every_spell_turns_down_for_the_records_saved_before():
    """The legacy option: every face-up spell turned down at the end of every turn."""
    st = table(spells=[["^attack"], ["^retuck"], [], []], options={"own_spells_down": False})
    events: list = []
    st.rules.spells_end_of_turn(st, events)
    assert not any(c.up for r in st.spells for c in r)
    assert SpellsTurnedDown(1, 1) in events


# -- the phase-2 spells: the active player decides first -----------------------------------


def phase2(spells=("^pile",), **kw):
    base = dict(
        phase="trade",
        phase2_open=True,
        turned_up=["cap", "mean"],
        discard=["princess"],
        hands=[["sword"], ["white", "cap"], ["mean"], []],
        fields=[[("cap", 2), ("sword", 2)], [], [], []],
        spells=[list(spells), [], [], []],
    )
    base.update(kw)
    return table(**base)


def test_nobody_offers_before_the_active_player_decides_on_the_pile_spell():
    """ "You use this card at the beginning of Phase 2. First turn up two cards from the
    draw pile as usual. Then decide whether you want to use the spell" (the Pile Spell):
    nobody may offer before that decision."""
    st = phase2()
    rules = st.rules
    offer = Offer(1, to=0, give_hand=(0,), want=("cap",))
    refused(st, offer, "P1 decides first", snap=snap)
    assert not may_volunteer(st, 1) and not rules.can_offer(st, 1)
    assert not rules.view(st, 1)["can_offer"] and rules.can_offer(st, 0)
    assert rules.waiting_for(st) == [0]
    assert CastSpell(0, 0) in listed(st, 0) and Skip(0) in listed(st, 0)
    play(st, CastSpell(0, 0))  # the spell used: the trading is open
    assert st.turned_up == ["cap", "mean", "princess"]
    assert may_volunteer(st, 1) and not listed(st, 0, Skip)
    play(st, offer)


def test_the_active_player_may_decide_not_to_use_the_spell():
    """ "Then decide whether you want to use the spell" (the Trade Spell too): Skip is the
    decision not to; the fellows may offer then, and the spell is not cast any more."""
    st = phase2(spells=("^trade", "^pile"))
    key = window(st)
    play(st, Skip(0))
    assert not st.phase2_open and not listed(st, 0, CastSpell)
    assert may_volunteer(st, 1) and window(st) != key  # bots asked anew
    play(st, Offer(1, to=0, give_hand=(0,), want=("cap",)))
    refused(st, Skip(0), "nothing to skip", snap=snap)


def test_the_active_players_own_offer_is_its_decision():
    """An offer of the active player ends the spells' moment (as before): then anyone."""
    st = phase2()
    play(st, Offer(0, to=1, give_up=(1,), want=("white",)))
    assert not st.phase2_open and st.rules.can_offer(st, 2)


def test_without_a_castable_phase_2_spell_the_fellows_offer_at_once():
    """Nothing to decide: no wait (an empty discard pile leaves the Pile Spell nothing)."""
    st = phase2(discard=[])
    assert may_volunteer(st, 1) and not listed(st, 0, Skip)
    play(st, Offer(1, to=0, give_hand=(0,), want=("cap",)))


def test_fellows_offer_at_once_in_the_records_saved_before():
    """The legacy option: the fellows' offers were taken at once, closing the moment."""
    st = phase2(options={"phase2_active_first": False})
    play(st, Offer(1, to=0, give_hand=(0,), want=("cap",)))
    assert not st.phase2_open and not listed(st, 0, CastSpell)
