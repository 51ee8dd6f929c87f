"""Excalibohn rules corrected to the rulebook's words (issue #23): the Cap Bean's spell card at
the final harvest, phase 3's order, spells activated out of turn, the phase-2 spells' moment.
Each test quotes its sentence of excalibohn.txt."""

from __future__ import annotations

from helpers.excalibohn import table
from helpers.rules import play

from bohn_tui.games.common.actions import PlantArea
from bohn_tui.games.excalibohn.actions import SpellDrawn

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
