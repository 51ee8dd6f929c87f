"""Excalibohn's bean abilities and the Sword duel (excalibohn.txt, "The Bean Abilities"),
each against the rulebook's words, and the rule choices 2-7 of docs/formats.md."""

from __future__ import annotations

from helpers.excalibohn import listed, snap, table
from helpers.rules import play, refused

from bohn_tui.games.common.actions import Harvest, Planted
from bohn_tui.games.excalibohn.actions import (
    ActivateSpell,
    CardStolen,
    ChooseCoin,
    CoinTurnedUp,
    EndMagic,
    PlaceCard,
    Skip,
    SwordResult,
    UseAbility,
)
from bohn_tui.games.excalibohn.state import ExcalibohnState

# -- the Picker Bean -------------------------------------------------------------------------


def picker_table(**kw) -> ExcalibohnState:
    base = dict(
        fields=[[("picker", 1), ("princess", 1)]],
        hands=[["sword"], ["mean", "white", "picker"], [], ["cap"]],
        spells=[["attack"]],
    )
    base.update(kw)
    return table(**base)


def test_picker_steals_the_rearmost_hand_card():
    """ "Steal the rearmost hand card of a fellow player and either tuck it behind your hand
    or plant it on your fields." """
    st = picker_table()
    ev = play(st, UseAbility(0, 0, 1))
    assert CardStolen(0, 1) in ev
    assert st.players[1].hand == ["mean", "white"]
    p = st.pending[0]
    assert (p.kind, p.seat, p.card, p.source, p.other) == ("place", 0, "picker", "stolen", 1)
    assert st.rules.view(st, 1)["pending"]["card"] == "picker"  # the victim sees it
    assert st.rules.view(st, 2)["pending"]["card"] is None
    assert st.rules.view(st, None)["pending"]["card"] is None
    play(st, PlaceCard(0, None))
    assert st.players[0].hand == ["sword", "picker"]


def test_example_1_a_picker_extending_a_row_brings_no_new_use():
    """Example 1: "Since it is another Picker Bean, he plants it directly on his existing
    field. Because with the new Picker Bean he has extended the row of cards and not newly
    started it, he cannot use the ability of the Picker Bean again." """
    st = picker_table()
    play(st, UseAbility(0, 0, 1), PlaceCard(0, 0))
    assert st.players[0].fields[0].count == 2
    assert not st.uses[0]
    assert not listed(st, 0, UseAbility)


def test_a_stolen_bean_starting_a_row_in_1b_brings_its_ability():
    """ "If you thereby start a new row of cards on a field in Phase 1b, you may use the
    ability of the newly planted bean in the same Phase 1b." """
    st = picker_table(fields=[[("picker", 1), None]], hands=[[], ["mean", "sword"]])
    play(st, UseAbility(0, 0, 1), PlaceCard(0, 1))
    assert st.phase == "magic" and st.uses[1]
    assert UseAbility(0, 1, 2) in listed(st, 0)


def test_picker_may_harvest_first_to_make_room():
    """Rule 5: "The player may harvest first to make room" (outside a duel)."""
    st = picker_table(fields=[[("picker", 1), ("princess", 3)]])
    play(st, UseAbility(0, 0, 1))
    assert PlaceCard(0, 1) not in listed(st, 0)
    assert Harvest(0, 1) in listed(st, 0)
    play(st, Harvest(0, 1), PlaceCard(0, 1))
    assert st.players[0].fields[1].variety == "picker"


def test_picker_refusals():
    st = picker_table()
    refused(st, UseAbility(0, 0, 2), "no hand card", snap=snap)  # an empty hand
    refused(st, UseAbility(0, 0, 0), "fellow player", snap=snap)  # yourself
    refused(st, UseAbility(0, 0, None), "fellow player", snap=snap)
    refused(st, UseAbility(0, 0, 9), "fellow player", snap=snap)
    refused(st, UseAbility(0, 5, 1), "no field", snap=snap)  # a field that does not exist
    refused(st, UseAbility(0, 1, 1), "no ability", snap=snap)  # the Princess
    refused(st, UseAbility(1, 0, 2), "active player", snap=snap)  # acting for another seat
    for p in st.players[1:]:
        p.hand = []
    assert st.rules.view(st, 0)["abilities"][0]["text"] == (
        "No fellow player has a hand card to steal"
    )
    assert all(a.target != 2 for a in listed(st, 0, UseAbility))


# -- the Mean Bean ---------------------------------------------------------------------------


def test_mean_example_eiko():
    """The example: "Eiko has planted 4 Mean Beans ... Nina turns up a Princess Bean (17),
    Timon a Picker Bean (9) and Keno a White Bean (14). Nina has turned up the highest number
    and may put the card back on her coin pile. Timon and Keno put their turned-up cards one
    after another on the discard pile." """
    st = table(
        fields=[[("mean", 4), None]],
        coins=[[], ["princess"], ["picker"], ["white"]],
        discard=["cap"],
    )
    ev = play(st, UseAbility(0, 0))
    shown = [e for e in ev if isinstance(e, CoinTurnedUp)]
    assert shown == [
        CoinTurnedUp(1, 1, "princess", "kept"),
        CoinTurnedUp(2, 2, "picker", "discarded"),
        CoinTurnedUp(3, 3, "white", "discarded"),
    ]
    assert st.players[1].coins == ["princess"]
    assert st.players[2].coins == [] and st.players[3].coins == []
    assert st.deck.discard[-2:] == ["picker", "white"]  # Timon's first, then Keno's


def test_mean_needs_four_on_the_field():
    """ "You may only use this ability if you have planted at least 4 Mean Beans on the
    field." """
    st = table(fields=[[("mean", 3), ("sword", 1)]], coins=[[], ["cap"]])
    assert UseAbility(0, 0) not in listed(st, 0)
    refused(st, UseAbility(0, 0), "needs 4", snap=snap)
    entry = st.rules.view(st, 0)["abilities"][0]
    assert entry["text"] == "Needs 4 Mean Beans on the field (3 now)"


def test_mean_ties_all_keep_and_empty_piles_take_no_part():
    """ "Whoever turns up the highest number puts his card back on his coin pile. This can
    also be several players." Rule 3: an empty coin pile takes no part."""
    st = table(fields=[[("mean", 5), None]], coins=[[], ["sword"], [], ["sword"]])
    ev = play(st, UseAbility(0, 0))
    assert [e.owner for e in ev if isinstance(e, CoinTurnedUp)] == [1, 3]
    assert st.players[1].coins == ["sword"] and st.players[3].coins == ["sword"]


# -- the White Bean --------------------------------------------------------------------------


def test_white_below_four_tucks_the_drawn_card():
    """ "Draw a card from the draw pile and tuck it behind your hand." """
    st = table(fields=[[("white", 3), ("sword", 1)]], hands=[["cap"]], deck=["magic", "cap"])
    ev = play(st, UseAbility(0, 0))
    assert st.players[0].hand == ["cap", "magic"]
    assert not st.pending
    assert "magic" not in repr([e for e in ev])  # the log is public: the card is not named
    assert st.rules.view(st, 0)["notes"] == ["You drew a Magic Bean."]
    assert st.rules.view(st, 1)["notes"] == []


def test_white_with_four_may_plant_the_drawn_card():
    """ "If you have planted 4 or more White Beans on the field, you may also plant the drawn
    bean directly on your fields." A new row in 1b brings its ability (rule 2)."""
    st = table(fields=[[("white", 4), None]], deck=["sword", "cap"])
    play(st, UseAbility(0, 0))
    p = st.pending[0]
    assert (p.kind, p.card, p.source, p.plant) == ("place", "sword", "drawn", True)
    assert st.rules.view(st, 1)["pending"]["card"] is None
    ev = play(st, PlaceCard(0, 1))
    assert Planted(0, "sword", 1, "drawn") in ev
    assert st.uses[1]


def test_white_with_the_pile_used_up_draws_nothing():
    """Rule 4: none when the pile is used up for the last time: nothing happens."""
    st = table(fields=[[("white", 4), ("cap", 1)]], deck=[], runouts=3)
    play(st, UseAbility(0, 0))
    assert not st.pending and st.deck.ending


# -- the Magic Bean --------------------------------------------------------------------------


def test_magic_activates_one_spell_card():
    """ "Activate one of your spell cards by turning it to the front side." """
    st = table(fields=[[("magic", 3), ("cap", 1)]], spells=[["attack", "retuck"]])
    play(st, UseAbility(0, 0))
    assert (st.pending[0].kind, st.pending[0].count) == ("activate", 1)
    assert listed(st, 0, Skip) == [Skip(0)]
    play(st, ActivateSpell(0, 1))
    assert [c.up for c in st.spells[0]] == [False, True] and not st.pending


def test_magic_with_four_activates_up_to_two():
    """ "If you have planted 4 or more Magic Beans on the field, you may activate up to two
    spell cards." """
    st = table(fields=[[("magic", 4), ("cap", 1)]], spells=[["attack", "retuck", "swap"]])
    play(st, UseAbility(0, 0), ActivateSpell(0, 0), ActivateSpell(0, 2))
    assert [c.up for c in st.spells[0]] == [True, False, True] and not st.pending
    st = table(fields=[[("magic", 4), ("cap", 1)]], spells=[["attack", "retuck"]])
    play(st, UseAbility(0, 0), ActivateSpell(0, 0), Skip(0))  # "up to"
    assert not st.pending


def test_magic_is_not_listed_without_a_face_down_spell():
    """Rule 6: only face-down spells can be activated; with none the use is not listed."""
    st = table(fields=[[("magic", 3), ("sword", 1)]], spells=[["^attack"]])
    assert UseAbility(0, 0) not in listed(st, 0)
    refused(st, UseAbility(0, 0), "no face-down spell", snap=snap)
    assert st.rules.view(st, 0)["abilities"][0]["text"] == "No face-down spell card to activate"


def test_magic_beans_from_the_hand_activate_spells():
    """ "For each spell card you want to activate, place one Magic Bean on the discard pile.
    It does not matter where this Magic Bean is in your hand." """
    st = table(fields=[[("cap", 2), None]], hands=[["sword", "magic", "cap"]], spells=[["retuck"]])
    assert ActivateSpell(0, 0, 1) in listed(st, 0)
    play(st, ActivateSpell(0, 0, 1))
    assert st.players[0].hand == ["sword", "cap"]
    assert st.deck.discard[-1] == "magic" and st.spells[0][0].up
    refused(st, ActivateSpell(0, 0, 0), "no Magic Bean", snap=snap)


def test_magic_beans_from_the_hand_only_in_1b():
    """Rule 6: Magic Beans discarded from the hand activate spells in phase 1b only."""
    st = table(phase="trade", hands=[["magic"]], spells=[["retuck"]])
    refused(st, ActivateSpell(0, 0, 0), "phase 1b", snap=snap)


# -- the Sword Bean --------------------------------------------------------------------------


def sword_table(mine: list[str], theirs: list[str], **kw) -> ExcalibohnState:
    base = dict(
        fields=[[("sword", 2), ("cap", 1)], [("white", 2), None]],
        coins=[mine, theirs],
        hands=[["cap", "mean"], ["white"]],
        spells=[["retuck"], ["swap"]],
    )
    base.update(kw)
    return table(**base)


def results(ev) -> list[str]:
    return [e.result for e in ev if isinstance(e, SwordResult)]


def test_sword_princess_is_taken():
    """ "Princess Bean: Take the turned-up Princess Bean and put it on your coin pile." """
    st = sword_table([], ["princess"])
    ev = play(st, UseAbility(0, 0, 1))
    assert results(ev) == ["princess"]
    assert st.players[0].coins == ["princess"] and st.players[1].coins == []


def test_sword_magic_activates_one_of_your_spells():
    """ "Magic Bean: Activate one of your own spell cards. The turned-up Magic Bean you put
    back on the fellow player's coin pile." Nobody harvests during the duel."""
    st = sword_table([], ["magic"])
    play(st, UseAbility(0, 0, 1))
    p = st.pending[0]
    assert (p.kind, p.seat, p.duel) == ("activate", 0, True)
    assert st.players[1].coins == ["magic"]
    refused(st, Harvest(1, 0), "duel", snap=snap)
    assert not listed(st, 1, Harvest)
    play(st, ActivateSpell(0, 0))
    assert st.spells[0][0].up


def test_sword_picker_lets_the_fellow_steal():
    """ "Picker Bean: Your fellow player steals your rearmost hand card. He tucks it behind
    his hand or plants it on his fields." """
    st = sword_table([], ["picker"])
    ev = play(st, UseAbility(0, 0, 1))
    assert CardStolen(1, 0) in ev and st.players[0].hand == ["cap"]
    p = st.pending[0]
    assert (p.kind, p.seat, p.card, p.duel) == ("place", 1, "mean", True)
    assert st.rules.view(st, 0)["pending"]["card"] == "mean"
    assert st.rules.view(st, 2)["pending"]["card"] is None
    assert PlaceCard(1, 1) in listed(st, 1) and not listed(st, 1, Harvest)
    play(st, PlaceCard(1, 1))
    assert st.players[1].fields[1].variety == "mean"


def test_sword_counterattack():
    """ "Sword Bean: Your fellow player carries out a counterattack. ... Then shuffle your own
    coin pile and let your fellow player turn up the top card. Depending on the bean turned
    up, you carry out the action described above." """
    st = sword_table(["princess"], ["sword"])
    ev = play(st, UseAbility(0, 0, 1))
    assert results(ev) == ["counter", "princess"]
    assert st.players[1].coins == ["sword", "princess"] and st.players[0].coins == []
    shown = st.rules.view(st, 2)["shown"]
    assert shown == [
        {
            "owner": 1,
            "card": "sword",
            "fate": "kept",
            "by": 0,
            "ability": "sword",
            "result": "counter",
            "round": 1,
        },
        {
            "owner": 0,
            "card": "princess",
            "fate": "taken",
            "by": 1,
            "ability": "sword",
            "result": "princess",
            "round": 2,
        },
    ]


def test_sword_duel_ends_after_five_turn_ups():
    """Rule 7: a duel ends after at most 5 turn-ups (a 5th Sword does nothing)."""
    st = sword_table(["sword", "sword"], ["sword"])
    ev = play(st, UseAbility(0, 0, 1))
    assert results(ev) == ["counter"] * 4 + ["nothing"]


def test_sword_cap_mean_white_and_an_empty_pile_do_nothing():
    """ "If you turn up a Cap Bean, a Mean Bean or a White Bean, nothing further happens."
    Rule 7: an empty pile: nothing happens."""
    for coin in ("cap", "mean", "white"):
        st = sword_table([], [coin])
        assert results(play(st, UseAbility(0, 0, 1))) == ["nothing"]
        assert st.players[1].coins == [coin]
    st = sword_table([], [])
    assert results(play(st, UseAbility(0, 0, 1))) == ["nothing"]


def test_sword_with_the_attack_spell_shows_two_coins():
    """ "If you use the Sword Bean, draw two coins from a fellow player. Use one of them. Give
    the other back without effect by putting it back on the fellow player's coin pile." """
    st = sword_table([], ["princess", "white"], attack=True)
    play(st, UseAbility(0, 0, 1))
    p = st.pending[0]
    assert p.kind == "coin" and sorted(p.coins) == ["princess", "white"]
    assert st.rules.view(st, 2)["pending"]["coins"] == list(p.coins)  # public
    refused(st, Harvest(0, 1), "duel", snap=snap)
    pick = p.coins.index("princess")
    ev = play(st, ChooseCoin(0, pick))
    assert results(ev) == ["princess"]
    assert st.players[0].coins == ["princess"] and st.players[1].coins == ["white"]
    assert not st.attack


def test_sword_targets_any_fellow_and_only_a_fellow():
    st = sword_table([], ["cap"])
    targets = sorted(a.target for a in listed(st, 0, UseAbility))
    assert targets == [1, 2, 3]  # seats 2 and 3 have no coins: nothing would happen
    refused(st, UseAbility(0, 0, 0), "fellow player", snap=snap)


# -- uses and phase 1b -----------------------------------------------------------------------


def test_one_use_per_field_and_two_fields_two_uses():
    """ "If you have planted the same bean variety on several fields, you can use its ability
    correspondingly several times." """
    st = table(fields=[[("white", 1), ("white", 1)]], deck=["cap", "cap", "cap"])
    play(st, UseAbility(0, 0))
    refused(st, UseAbility(0, 0), "used already", snap=snap)
    play(st, UseAbility(0, 1))
    assert st.players[0].hand == ["cap", "cap"]
    assert st.phase == "trade"  # nothing left to do in 1b: it ends by itself (rule 2)


def test_harvesting_a_field_loses_its_use():
    """Rule 2: harvesting a field loses its unused use."""
    st = table(fields=[[("white", 2), ("picker", 2)]], hands=[[], ["cap"]])
    play(st, Harvest(0, 0))
    assert not st.uses[0]
    assert all(a.field == 1 for a in listed(st, 0, UseAbility))


def test_end_magic_moves_to_phase_2():
    st = table(fields=[[("white", 2), None]])
    play(st, EndMagic(0))
    assert st.phase == "trade" and st.phase2_open and len(st.turned_up) == 2
    refused(st, UseAbility(0, 0), "phase 1b", snap=snap)


def test_sword_says_why_a_turn_up_does_nothing():
    """Issue #23: "Sword duel, turn-up 1: nothing happens" said no why. An empty pile, a
    Magic Bean without a face-down spell, a Picker Bean facing an empty hand and a Sword at
    the fifth turn-up each say so in the (public) log line."""
    from bohn_tui.games import spec

    log = spec("excalibohn").log(table().rules, ["Ana", "Ben", "Cem", "Dora"])
    who = ["Ana", "Ben", "Cem", "Dora"].__getitem__

    def line(st: ExcalibohnState) -> str:
        ev = play(st, UseAbility(0, 0, 1))
        return next(log(e, who) for e in ev if isinstance(e, SwordResult))

    assert (
        line(sword_table([], []))
        == "Sword duel, turn-up 1: nothing happens (Ben's coin pile is empty)"
    )
    text = line(sword_table([], ["magic"], spells=[["^retuck"], ["swap"]]))
    assert "Magic Bean, but Ana has no face-down spell card: nothing happens" in text
    text = line(sword_table([], ["picker"], hands=[[], ["white"]]))
    assert "Picker Bean, but Ana has no hand card: nothing happens" in text
    st = sword_table(["sword", "sword"], ["sword"])
    ev = play(st, UseAbility(0, 0, 1))
    last = [log(e, who) for e in ev if isinstance(e, SwordResult)][-1]
    assert last == "Sword duel, turn-up 5: a Sword Bean at the last turn-up: nothing happens, " + (
        "the duel ends"
    )
    assert line(sword_table([], ["cap"])) == "Sword duel, turn-up 1: nothing happens"
