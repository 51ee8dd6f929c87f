"""Excalibohn's turn, harvest and end (excalibohn.txt), each rule against the rulebook's
words, the rule choices 1, 2, 18-20 of docs/formats.md, and hostile actions."""

from __future__ import annotations

import pytest
from helpers.asks import may_volunteer
from helpers.excalibohn import listed, snap, table
from helpers.rules import play, refused

from bohn_tui.games import rules_for, spec
from bohn_tui.games.common.actions import (
    Accept,
    DeckRanOut,
    Decline,
    EndPlanting,
    EndTrading,
    GameOver,
    Harvest,
    Harvested,
    Offer,
    PlantArea,
    PlantHand,
    Withdraw,
)
from bohn_tui.games.excalibohn.actions import (
    ActivateSpell,
    ChooseCoin,
    DrawCards,
    EndMagic,
    PlaceCard,
    Skip,
    SpellDrawn,
    SpellsDealt,
    UseAbility,
)
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.state import Pending

NAMES = ["Eiko", "Nina", "Timon", "Keno"]

# -- setup (rule 1) --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_highest_groschen_starts(seed):
    """ "Determine who has the spell card with the highest Groschen amount at the bottom
    right. ... He is the starting player of this game." One spell card each, face down; the
    rest is the spell deck."""
    rules = rules_for("excalibohn", 4)
    st, ev = rules.new_game(NAMES, seed)
    money = [cards().spells[row[0].id].groschen for row in st.spells]
    assert [len(row) for row in st.spells] == [1, 1, 1, 1]
    assert not any(row[0].up for row in st.spells)
    assert len(st.spell_deck) == 7
    assert st.active == st.start == money.index(max(money))
    assert ev[0] == SpellsDealt(st.start, max(money))
    assert rules.view(st, None)["start"] == st.start


def test_hands_are_dealt_one_card_at_a_time():
    """ "Deal five hand cards to each player, one at a time. ... The first card dealt to you
    is the front card of your hand." """
    kinds = list(cards().abilities) + ["princess", "cap"]
    deck = [kinds[i % 7] for i in range(20)] + ["cap"] * 10
    rules = rules_for("excalibohn", 4)
    st, _ = rules.new_game(NAMES, 5, deck=deck)
    for s in range(4):
        assert st.players[s].hand == deck[s:20:4]


def test_each_seat_knows_only_its_own_spell():
    rules = rules_for("excalibohn", 3)
    st, _ = rules.new_game(NAMES[:3], 4)
    for s in range(3):
        v = rules.view(st, s)
        ids = [p["spells"][0]["id"] for p in v["players"]]
        assert ids[s] == st.spells[s][0].id
        assert [i for t, i in enumerate(ids) if t != s] == [None, None]
        assert v["players"][s]["groschen"] == cards().spells[ids[s]].groschen
        assert [p["groschen"] for t, p in enumerate(v["players"]) if t != s] == [None, None]
    assert all(p["spells"][0]["id"] is None for p in rules.view(st, None)["players"])


# -- phase 1a and 1b (rule 2) ----------------------------------------------------------------


def test_phase_1b_follows_the_plants_and_is_skipped_when_nothing_can_be_done():
    """ "After planting one or two cards from your hand there is an additional Phase 1b."
    Rule 2: skipped when the active player can do nothing in it."""
    st = table(phase="plant", hands=[["white", "princess", "cap"]], spells=[["retuck"]])
    play(st, PlantHand(0, 0), EndPlanting(0))
    assert st.phase == "magic" and st.uses == [True, False]
    st = table(phase="plant", hands=[["princess", "cap", "cap"]], spells=[["retuck"]])
    play(st, PlantHand(0, 0), EndPlanting(0))
    assert st.phase == "trade"  # a Princess has no ability, no spell to activate


def test_an_empty_hand_goes_straight_to_phase_1b():
    """ "If you have no cards in your hand at the beginning of Phase 1a, go straight to Phase
    1b." """
    st = table(phase="plant_trades", area=[["cap"]], fields=[[None, None], [("white", 2), None]])
    play(st, PlantArea(0, "cap", 0))
    assert st.active == 1 and st.players[1].hand == []
    assert st.phase == "magic"  # seat 1 has a White Bean row and an empty hand


# -- harvest (rule 20) -----------------------------------------------------------------------


def test_example_6_three_white_beans_one_coin():
    """Example 6: "Keno has 3 White Beans lying on a field. ... he receives one bean coin.
    ... The remaining 2 White Beans he lays on the discard pile." """
    st = table(phase="trade", fields=[[], [], [], [("white", 3), None]])
    ev = play(st, Harvest(3, 0))
    assert Harvested(3, 0, "white", 3, 1) in ev
    assert st.players[3].coins == ["white"] and st.deck.discard[-2:] == ["white", "white"]


def test_the_princess_bohnometer():
    """ "For a harvest of 1 Princess Bean you receive no bean coin. For 2 or 3 Princess Beans
    you receive one coin. For 4 or 5 Princess Beans you receive two coins, for 6 Princess
    Beans three coins and for 7 or more Princess Beans four bean coins." """
    princess = rules_for("excalibohn", 3).varieties["princess"]
    pays = [princess.coins_for(n) for n in range(1, 9)]
    assert pays == [0, 1, 1, 2, 2, 3, 4, 4]


def test_the_cap_bohnometer_and_its_spell_card():
    """ "If you harvest a field with 3 or more Cap Beans, you receive one to three bean coins
    as usual. In addition, when you harvest at least 2 Cap Beans you receive a new spell card
    from the spell card deck. Look at the new card and lay it face down in front of you." """
    cap = rules_for("excalibohn", 3).varieties["cap"]
    assert [cap.coins_for(n) for n in (1, 2, 3, 5, 6, 9)] == [0, 0, 1, 2, 3, 3]
    st = table(phase="trade", fields=[[], [("cap", 2), None]], spells=[[], []])
    top = st.spell_deck[-1]
    ev = play(st, Harvest(1, 0))
    assert SpellDrawn(1, "cap", None) in ev  # the log is public: the spell is not named
    assert [c.id for c in st.spells[1]] == [top] and not st.spells[1][0].up
    assert st.rules.view(st, 1)["players"][1]["spells"][0]["id"] == top
    assert st.rules.view(st, 2)["players"][1]["spells"][0]["id"] is None
    assert st.rules.view(st, 1)["notes"] == [f"You drew the {cards().spells[top].name}."]


def test_one_cap_or_an_empty_spell_deck_brings_no_spell():
    """ "If the spell card deck is empty, you no longer receive another spell card when
    harvesting Cap Beans." """
    st = table(phase="trade", fields=[[], [("cap", 1), None]])
    play(st, Harvest(1, 0))
    assert st.spells[1] == []
    st = table(phase="trade", fields=[[], [("cap", 4), None]], spell_deck=[])
    ev = play(st, Harvest(1, 0))
    assert not [e for e in ev if isinstance(e, SpellDrawn)] and st.spells[1] == []


def test_the_protection_rule():
    """ "You may not harvest a single bean card on a field if on at least one of your fields
    there is more than one bean card." """
    st = table(phase="trade", fields=[[("sword", 1), ("cap", 2)]])
    refused(st, Harvest(0, 0), "protected", snap=snap)
    assert listed(st, 0, Harvest) == [Harvest(0, 1)]


def test_anybody_harvests_any_time():
    """ "You may harvest your bean fields at any time in the game, even if you are not the
    active player." """
    st = table(phase="magic", fields=[[("white", 2), None], [("sword", 3), None]])
    assert Harvest(1, 0) in listed(st, 1)
    play(st, Harvest(1, 0))
    st = table(phase="trade", fields=[[], [], [("mean", 2), None]])
    play(st, Harvest(2, 0))
    assert st.players[2].coins == []


# -- phase 2 and 4 ---------------------------------------------------------------------------


def test_phase2_open_until_the_first_offer_and_a_gift_counts_as_a_trade():
    """Rule 8: phase2_open from the turn-up until the first offer; rule 15: an accepted
    gift counts as a trade."""
    st = table(fields=[[("white", 2), None]], hands=[["cap"], ["sword"]])
    play(st, EndMagic(0))
    assert st.phase2_open and not st.traded
    play(st, Offer(0, to=1, give_hand=(0,)))
    assert not st.phase2_open
    offer = next(iter(st.offers))
    play(st, Accept(1, offer))
    assert st.traded


def test_phase_4_draws_three_and_turns_the_spells_down():
    """ "Draw three cards one after another from the draw pile. ... Now turn all your face-up
    spell cards back to the back side. After that, the player to your left is the new active
    player." """
    st = table(phase="plant_trades", area=[["cap"]], spells=[["^retuck"]], deck=["sword"] * 9)
    st.players[0].hand = ["mean"]
    st.total = st.rules.card_count(st)
    play(st, PlantArea(0, "cap", 0))
    assert st.players[0].hand == ["mean", "sword", "sword", "sword"]
    assert not st.spells[0][0].up and st.active == 1


def test_the_draw_window_waits_for_a_phase_4_spell():
    """Rule 15: the Hand Card Spell in the draw window; DrawCards draws 3 and ends the
    turn."""
    st = table(phase="plant_trades", area=[["cap"]], spells=[["^hand_card"]], deck=["sword"] * 9)
    play(st, PlantArea(0, "cap", 0))
    assert st.phase == "draw" and DrawCards(0) in listed(st, 0)
    refused(st, DrawCards(1), "only", snap=snap)
    play(st, DrawCards(0))
    assert len(st.players[0].hand) == 3 and st.active == 1


# -- the end (rule 19) and the tie-break -----------------------------------------------------


@pytest.mark.parametrize(("n", "last"), [(3, 3), (4, 4), (5, 4)])
def test_the_end_at_the_last_run_out_completes_the_turn(n, last):
    """ "With three players the game ends as soon as the draw pile is used up for the third
    time; with four and five players, when it is used up for the fourth time. You do not
    form a new draw pile, but the active player still completes the current turn in full. It
    can happen that fewer cards are turned up or drawn." """
    st = table(
        n=n,
        fields=[[("white", 2), None]],
        deck=["sword"],
        discard=["cap"] * 5,
        runouts=last - 1,
    )
    ev = play(st, EndMagic(0))
    assert DeckRanOut(last, 0) in ev
    assert st.phase == "trade" and st.turned_up == ["sword"]  # one card, the turn goes on
    assert st.deck.discard == ["cap"] * 5  # no new draw pile
    ev = play(st, EndTrading(0), PlantArea(0, "sword", 1))
    over = [e for e in ev if isinstance(e, GameOver)]
    assert over and st.over
    assert st.players[0].hand == []  # nothing drawn
    assert st.players[0].coins == []  # the final harvest: 2 White pay nothing, 1 Sword none
    assert all(not f.count for p in st.players for f in p.fields)


def test_before_the_last_run_out_the_pile_is_reshuffled():
    """ "If you draw the last bean card from the draw pile, shuffle the cards of the discard
    pile. Then place them ready again as the new draw pile." """
    st = table(n=3, fields=[[("white", 2), None]], deck=["sword"], discard=["cap"] * 5)
    ev = play(st, EndMagic(0))
    assert DeckRanOut(1, 5) in ev and st.phase == "trade"
    assert st.turned_up == ["sword", "cap"] and st.rules.view(st, 0)["pass"] == 2


def end_with(coins: list[list[str]], spells: list[list[str]]):
    st = table(
        n=3,
        phase="plant_trades",
        area=[["cap"]],
        coins=coins,
        spells=spells,
        deck=[],
        runouts=2,
    )
    play(st, PlantArea(0, "cap", 0))
    assert st.over
    return st


def test_the_tie_break_is_the_groschen():
    """ "In case of a tie, the tied player who can show more Groschen in total on his spell
    cards wins. If there is also a tie here, you have several winners." """
    st = end_with([["cap"], ["cap"], []], [["attack"], ["random"], ["swap", "trade"]])
    assert st.scores == (1, 1, 0) and st.winners == (1,)
    st = end_with([["cap"], ["cap"], []], [["attack", "pile"], ["swap", "retuck"], []])
    assert st.winners == (1,)  # 10 Groschen beat 6
    st = end_with([["cap"], ["cap"], []], [["attack", "retuck"], ["bean_field", "retuck"], []])
    assert st.winners == (0, 1)  # 9 Groschen each: both win


# -- decisions and hostile actions -----------------------------------------------------------


def pending_table(kind: str = "place", **kw):
    p = Pending(kind, 1, card="sword", source="stolen", other=0)
    return table(
        fields=[[("picker", 1), None]],
        hands=[["cap"], ["white"]],
        spells=[["retuck"], ["swap"]],
        pending=[p],
        **kw,
    )


def test_nothing_else_while_a_decision_is_pending():
    """Only the seat of the pending decision acts (harvests aside, outside a duel)."""
    st = pending_table()
    assert st.rules.waiting_for(st) == [1]
    assert [a.kind for a in st.rules.asks(st).values()] == ["place_card"]
    refused(st, EndMagic(0), "must decide", snap=snap)
    refused(st, UseAbility(0, 0, 1), "decision", snap=snap)
    refused(st, PlaceCard(0, None), "must decide", snap=snap)  # acting for another seat
    refused(st, PlaceCard(1, 7), "no field", snap=snap)  # a field that does not exist
    refused(st, ChooseCoin(1, 0), "no such decision", snap=snap)
    refused(st, Skip(1), "no such decision", snap=snap)
    assert not listed(st, 0, EndMagic)


def test_hostile_actions_change_nothing():
    st = table(fields=[[("sword", 2), ("cap", 1)]], hands=[["magic"], ["cap"]], spells=[["retuck"]])
    for action, words in [
        (UseAbility(0, 9, 1), "no field"),
        (UseAbility(0, -1, 1), "no field"),
        (UseAbility(0, 0, 0), "fellow player"),
        (UseAbility(0, 0, "1"), "fellow player"),
        (UseAbility(2, 0, 1), "active player"),
        (ActivateSpell(0, 5, 0), "no spell card"),
        (ActivateSpell(0, 0, 3), "no Magic Bean"),
        (ActivateSpell(0, 0, None), "no such decision"),
        (ActivateSpell(1, 0, 0), "phase 1b"),
        (PlaceCard(0, 0), "no such decision"),
        (ChooseCoin(0, 2), "no such decision"),
        (Skip(0), "nothing to skip"),
        (DrawCards(0), "phase 4"),
        (EndMagic(1), "only"),
        (PlantHand(0, 0), "phase 1"),
        (Harvest(0, 5), "no field"),
    ]:
        refused(st, action, words, snap=snap)


def test_the_view_keys():
    st = table(
        fields=[[("mean", 2), ("white", 1)]], hands=[["magic"], ["cap"]], spells=[["retuck"]]
    )
    v = st.rules.view(st, 0)
    for key in (
        "spell_deck",
        "pass",
        "passes",
        "start",
        "uses",
        "abilities",
        "pending",
        "shown",
        "attack",
        "flow",
        "temp_fields",
        "traded",
        "phase2_open",
        "discardable",
        "enchanted",
        "notes",
    ):
        assert key in v, key
    assert v["uses"] == [0, 1] and v["passes"] == 4 and v["pass"] == 1
    assert [a["ability"] for a in v["abilities"]] == ["mean", "white"]
    assert v["abilities"][1]["text"] == "Draw a card and tuck it"
    assert v["phase_name"] == "Phase 1b: abilities and spells"


# -- the log, the help, bohn replay ----------------------------------------------------------


def log_lines(n: int = 4, seed: int = 3) -> list[str]:
    """Every log line of a random game (its events through the spec's log)."""
    import random

    rules = rules_for("excalibohn", n)
    st, ev = rules.new_game(NAMES[:n], seed)
    log = spec("excalibohn").log(rules, NAMES[:n])
    rng = random.Random(seed)
    events = list(ev)
    while not st.over:
        seat = rules.to_move(st)
        legal = rules.legal_actions(st, seat)
        events += rules.apply(st, legal[int(rng.random() * len(legal))])
    return [log(e, lambda s: NAMES[s] if s is not None else "everybody") for e in events]


def test_every_excalibohn_event_has_a_public_log_line():
    """The log is public: a stolen or drawn card and a face-down spell are never named."""
    from bohn_tui.games.excalibohn import actions as x

    log = spec("excalibohn").log(rules_for("excalibohn", 3), NAMES[:3])
    who = NAMES.__getitem__
    samples = [
        x.SpellsDealt(1, 10),
        x.AbilityUsed(0, 1, "sword", 2),
        x.CardStolen(0, 1),
        x.CardTucked(0, "stolen"),
        x.CoinTurnedUp(1, 0, "princess", "taken"),
        x.SwordResult(0, 1, "counter", 1),
        x.SpellActivated(0, 0, "attack", "magic_bean"),
        x.SpellCast(0, "swap", 1),
        x.SpellDrawn(0, "cap", None),
        x.SpellDrawn(0, "random", "trade"),
        x.SpellsSwapped(0, 1, 0),
        x.SpellLaid(0, False, None),
        x.SpellsTurnedDown(0, 2, ("trade",)),
        x.FieldOpened(0),
        x.FieldClosed(0, 3, 1),
        x.FieldEnchanted(0, 1, "picker", "sword"),
        x.TurnedUpDiscarded(0, "mean"),
    ]
    lines = {repr(e): log(e, who) for e in samples}
    assert all(lines.values()), lines
    assert log(x.SpellDrawn(0, "cap", None), who) == "Eiko draws a spell card for the Cap Beans"
    assert log(x.CardStolen(0, 1), who) == "Eiko steals Nina's rearmost hand card"
    assert "Spell" not in log(x.SpellLaid(0, False, None), who)
    assert log(x.SwordResult(0, 1, "counter", 1), who) == (
        "Sword duel, turn-up 1: a Sword Bean: Nina counterattacks"
    )


def test_the_log_of_a_whole_game():
    lines = [line for line in log_lines() if line]
    assert lines[0].startswith("Spell cards dealt:")
    assert any("uses the" in line for line in lines)
    assert lines[-1].startswith("Game over")


def test_the_help_names_every_ability_and_spell():
    rules = rules_for("excalibohn", 4)
    text = "\n".join(spec("excalibohn").help(rules))
    for s in cards().spells.values():
        assert s.name in text
    for ab in cards().abilities.values():
        assert rules.vname(ab.variety) in text
    assert "fourth time" in text and "Groschen" in text


def test_the_state_lines_of_bohn_replay():
    rules = rules_for("excalibohn", 3)
    st, _ = rules.new_game(NAMES[:3], 2)
    lines = spec("excalibohn").state_lines(rules.full_state(st))
    assert lines[0].startswith("Excalibohn, turn 1")
    assert f"  Eiko's spell cards: {cards().spells[st.spells[0][0].id].name}" in lines
    assert lines[-1] == "  Draw pile: pass 1 of 3; spell deck: 8"


# -- what the core does for the spells -------------------------------------------------------


def test_a_forced_plant_harvests_first_when_no_field_takes_it_and_offers_follow():
    """The Enchantment of the Fellow Players: "If they have no free bean field for it, they
    must first harvest one." Rule 13: PlantHand for the "forced" decision; the hand's open
    offers follow their cards."""
    st = table(
        phase="trade",
        fields=[[], [("sword", 2), ("white", 3)]],
        hands=[[], ["cap", "mean", "princess"]],
        pending=[Pending("forced", 1)],
    )
    st.offers.clear()
    rules = st.rules
    from bohn_tui.games.common.trading import PendingOffer

    st.offers[1] = PendingOffer(1, 1, 0, (2,), (), ("sword",), None)  # Nina offers her Princess
    assert not listed(st, 1, PlantHand)
    assert listed(st, 1, Harvest) == [Harvest(1, 0), Harvest(1, 1)]
    refused(st, PlantHand(1, 0), "cannot go", snap=snap)
    play(st, Harvest(1, 1), PlantHand(1, 1))
    assert st.players[1].hand == ["mean", "princess"] and not st.pending
    assert st.offers[1].give_hand == (1,)  # the Princess moved up one place
    assert rules.view(st, 0)["offers"][0]["give"] == ["princess"]


def test_the_flow_plants_the_front_card_again_and_a_new_row_in_1b_brings_a_use():
    """The Magic Card Flow: "Plant your respective front hand card as often as you like. If
    you do this in Phase 1b and thereby start a new row of cards, you may also use the
    ability of the newly planted bean variety." """
    st = table(
        fields=[[("cap", 2), None]], hands=[["white", "cap", "cap"]], flow=True, uses=[False, False]
    )
    assert listed(st, 0, PlantHand) == [PlantHand(0, 1)]
    play(st, PlantHand(0, 1))
    assert st.uses[1] and UseAbility(0, 1) in listed(st, 0)
    play(st, PlantHand(0, 0))  # extends the Cap row: no use
    assert st.uses == [False, True] and st.players[0].hand == ["cap"]  # (the White's unused)
    assert Skip(0) in listed(st, 0)
    play(st, Skip(0))
    assert not st.flow and not listed(st, 0, PlantHand)


def test_a_harvest_closes_the_third_field_and_its_cards_move():
    """The Bean Field Spell: "If you harvest any of your three fields, you again have only
    two fields available." Rule 9: the third field's cards move to the field harvested."""
    st = table(
        phase="trade",
        fields=[[("sword", 3), ("white", 2), ("cap", 1)]],
        temp_fields=[True, False, False, False],
    )
    st.enchanted[(0, 2)] = "mean"
    st.players[0].fields[2].count = 2
    st.total = st.rules.card_count(st)
    play(st, Harvest(0, 0))
    f = st.players[0].fields
    assert len(f) == 2 and (f[0].variety, f[0].count) == ("cap", 2)
    assert st.temp_fields == [False] * 4 and st.enchanted == {(0, 0): "mean"}
    assert st.rules.violations(st) == []


def test_an_enchanted_field_discards_its_first_card_at_the_harvest():
    """The Enchantment of the Beans: "The first bean on the field now counts as a bean of
    the second bean variety." Rule 12: that card goes to the discard pile at the harvest."""
    st = table(phase="trade", fields=[[("sword", 3), None]])
    st.enchanted[(0, 0)] = "picker"
    st.total = st.rules.card_count(st)
    assert st.total["picker"] == 1 and st.total["sword"] == 2
    play(st, Harvest(0, 0))
    assert st.players[0].coins == ["sword"]
    assert sorted(st.deck.discard) == ["picker", "sword"]
    assert st.rules.violations(st) == [] and not st.enchanted


def test_the_flow_lasts_until_the_phase_changes():
    """Rule 11: PlantHand of the front card is legal any number of times until the phase
    changes (or Skip)."""
    st = table(fields=[[("cap", 2), None]], hands=[["cap", "cap"]], flow=True)
    assert listed(st, 0, PlantHand)
    play(st, EndMagic(0))
    assert st.phase == "trade" and not st.flow and not listed(st, 0, PlantHand)


def test_no_offer_while_a_decision_is_pending():
    """Only the decision's seat acts: nobody is told it may offer (a bot would be refused)."""
    st = table(phase="trade", hands=[["cap"], ["sword"]], pending=[Pending("forced", 1)])
    assert not st.rules.can_offer(st, 0) and not may_volunteer(st, 2)
    assert not st.rules.view(st, 0)["can_offer"]
    refused(st, Offer(0, to=1, give_hand=(0,)), "must decide", snap=snap)
    st.pending.clear()
    assert st.rules.can_offer(st, 0) and may_volunteer(st, 2)


def test_examples_2_to_5_trading_and_planting_as_bohnanza():
    """Example 2: "Timon has turned up a Mean Bean and a Princess Bean. He keeps the Princess
    Bean. The Mean Bean he offers to his fellow players ..." Example 3: "In addition to the
    turned-up Mean Bean I offer a Sword Bean from my hand for a Picker Bean." Example 4: "Nina
    accepts Timon's offer ... Timon lays it crosswise next to his fields. Nina does the same
    with the Mean Bean and the Sword Bean." Example 5: "Timon plants the traded Picker Bean
    and the turned-up Princess Bean on his two fields. Nina plants the Mean Bean and the
    Sword Bean on her two fields." """
    timon, nina = 0, 1
    st = table(
        phase="trade",
        turned_up=["mean", "princess"],
        hands=[["sword", "cap"], ["picker", "white"], ["cap"], ["cap"]],
        phase2_open=True,
    )
    play(st, Offer(timon, give_up=(0,), want=("picker",)))
    first = max(st.offers)
    play(st, Decline(nina, first), Withdraw(timon, first))
    play(st, Offer(timon, to=nina, give_hand=(0,), give_up=(0,), want=("picker",)))
    play(st, Accept(nina, max(st.offers), give_hand=(0,)))
    assert st.players[timon].area == ["picker"]
    assert sorted(st.players[nina].area) == ["mean", "sword"]
    assert st.turned_up == ["princess"] and st.traded
    play(st, EndTrading(timon))
    assert sorted(st.players[timon].area) == ["picker", "princess"]
    play(
        st,
        PlantArea(timon, "picker", 0),
        PlantArea(timon, "princess", 1),
        PlantArea(nina, "mean", 0),
    )
    assert st.phase == "plant_trades"
    play(st, PlantArea(nina, "sword", 1))
    assert [f.variety for f in st.players[timon].fields] == ["picker", "princess"]
    assert [f.variety for f in st.players[nina].fields] == ["mean", "sword"]
    assert st.active == nina  # phase 4 drew for Timon and the turn passed


def test_notes_wait_until_the_seats_own_next_turn():
    """A victim's note ("P1 stole your ...") stays past the thief's turn, until its own turn
    begins (at one terminal the victim sees its screen only later)."""
    st = table(fields=[[("picker", 1), None]], hands=[["cap"], [], ["sword", "white"]])
    play(st, UseAbility(0, 0, 2), PlaceCard(0, None))
    assert st.phase == "trade"  # nothing left to do in 1b
    play(st, EndTrading(0), PlantArea(0, "cap", 1), PlantArea(0, "cap", 1))
    assert st.active == 1
    assert st.rules.view(st, 2)["notes"] == ["P1 stole your White Bean."]
    st.active = 2
    st.rules.start_turn(st, [])
    assert st.rules.view(st, 2)["notes"] == []


def test_bohn_simulate_and_bohn_replay(tmp_path):
    """`bohn simulate excalibohn` saves records that `bohn replay` plays to their end."""
    import json

    from typer.testing import CliRunner

    from bohn_tui.cli import app

    runner = CliRunner()
    out = runner.invoke(
        app, ["simulate", "excalibohn", "-p", "3", "-n", "2", "--json", "--save-dir", str(tmp_path)]
    )
    assert out.exit_code == 0 and json.loads(out.stdout)["violations"] == 0, out.output
    for f in sorted(tmp_path.glob("*.json")):
        text = runner.invoke(app, ["replay", str(f)])
        assert text.exit_code == 0 and "Traceback" not in text.output, text.output
        assert "spell cards:" in text.output and "Draw pile: pass 3 of 3" in text.output
        full = json.loads(runner.invoke(app, ["replay", str(f), "--json"]).stdout)
        assert (
            full["over"]
            and len(full["spell_deck_cards"]) + sum(len(p["spells"]) for p in full["players"]) == 11
        )


def test_two_seats_each_with_a_third_field():
    """Rule 9, per seat: a harvest closes only the harvester's temporary third field."""
    st = table(
        phase="trade",
        fields=[[("sword", 3), ("white", 2), ("cap", 2)], [("mean", 2), None, ("magic", 1)]],
        temp_fields=[True, True, False, False],
    )
    assert st.rules.view(st, None)["temp_fields"] == [True, True, False, False]
    play(st, Harvest(1, 0))
    assert st.temp_fields == [True, False, False, False]
    assert [f.variety for f in st.players[1].fields] == ["magic", None]
    assert len(st.players[0].fields) == 3 and st.rules.violations(st) == []


def test_a_turn_that_starts_in_phase_1b_has_its_header_in_the_log() -> None:
    """ "If you have no cards in your hand at the beginning of Phase 1a, go straight to
    Phase 1b": the log still opens the turn with its header, once."""
    from bohn_tui.games import spec
    from bohn_tui.games.common.actions import PhaseStarted

    rules = rules_for("excalibohn", 3)
    log = spec("excalibohn").log(rules, ["Ana", "Ben", "Cem"])
    names = ["Ana", "Ben", "Cem"]

    def line(e: PhaseStarted) -> str:
        return log(e, lambda s: names[s])

    assert line(PhaseStarted(0, "plant", 1)) == "— Turn 1: Ana —"
    assert line(PhaseStarted(0, "magic", 1)) == ""
    assert line(PhaseStarted(1, "magic", 2)) == "— Turn 2: Ben —"  # an empty hand
    assert line(PhaseStarted(1, "trade", 2)) == ""
