"""Excalibohn's computer players (games/excalibohn/bots.py): every decision the game asks is
answered, each ability and spell is used where the rulebook allows it and it pays, whole
games end without a violation, and a bot's reason (the public log) never names a card the
table cannot see. Positions are set up on a new game's state; the rulebook's sentence each
test is about is quoted in its docstring."""

from __future__ import annotations

import random
import re

import pytest

from bohn_tui.engine.driver import BotDriver
from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import Harvest, PlantHand
from bohn_tui.games.common.bots.random_bot import RandomBot
from bohn_tui.games.common.table import Field
from bohn_tui.games.excalibohn.actions import (
    ActivateSpell,
    CastSpell,
    ChooseCoin,
    ChooseFace,
    DrawCards,
    EndMagic,
    PlaceCard,
    UseAbility,
)
from bohn_tui.games.excalibohn.bots import ExcalibohnBot, make
from bohn_tui.games.excalibohn.bots_world import sample_world
from bohn_tui.games.excalibohn.state import Pending, SpellCard

GAME = "excalibohn"
# the words of the log lines themselves ("Ana casts the Pile Spell"): no reason repeats them
REPEATS = ("casts ", "activates ", "uses ", "discards ", "duels ", "tucks ", "steals ")
NAMES = ["Ana", "Ben", "Cem", "Dora", "Eiko"]


def new(n: int = 4, seed: int = 3):
    rules = rules_for(GAME, n)
    st, _ = rules.new_game(NAMES[:n], seed)
    return rules, st


def ask(bot, rules, st, seat: int):
    legal = rules.legal_actions(st, seat)
    assert legal, "the seat has nothing to do"
    action = bot.choose(seat, lambda: rules.view(st, seat), legal)
    assert action in legal
    return action


def to_magic(rules, st, seat: int, fields, hand, spells=()) -> None:
    """`seat` is active in phase 1b with these fields (each with its use), hand and spells."""
    st.active = seat
    st.phase = "magic"
    st.pending.clear()
    p = st.players[seat]
    p.fields = [Field(v, c) if c else Field() for v, c in fields]
    p.hand = list(hand)
    st.spells[seat] = [SpellCard(i, up=up) for i, up in spells]
    st.uses = [c > 0 for _, c in fields]


def test_levels():
    """The levels: random is the bean games' uniform random bot; standard and expert are
    ExcalibohnBots, the expert's trader sampling Excalibohn worlds."""
    assert isinstance(make("random", 1), RandomBot)
    std = make("standard", 1)
    exp = make("expert", 1)
    assert isinstance(std, ExcalibohnBot) and std.level == "standard"
    assert isinstance(exp, ExcalibohnBot) and exp.level == "expert"
    assert exp.other.trader.world is sample_world


def test_stolen_card_joins_a_field():
    """Picker Bean: "Steal the rearmost hand card of a fellow player and either tuck it
    behind your hand or plant it on your fields." A card that joins a row is planted."""
    rules, st = new()
    to_magic(rules, st, 0, [("princess", 2), ("sword", 3)], ["cap"])
    st.pending = [Pending("place", 0, card="princess", source="stolen", other=1)]
    bot = make("standard", 1)
    assert ask(bot, rules, st, 0) == PlaceCard(0, 0)


def test_stolen_card_that_spoils_is_tucked_unnamed():
    """A stolen card that no field takes well is tucked; the reason does not name it (only
    the two players involved know the card)."""
    rules, st = new()
    to_magic(rules, st, 0, [("princess", 3), ("sword", 4)], ["sword"])
    st.pending = [Pending("place", 0, card="cap", source="stolen", other=1)]
    bot = make("standard", 1)
    assert ask(bot, rules, st, 0) == PlaceCard(0, None)
    assert "Cap" not in bot.reason


def test_attack_coin_takes_the_princess():
    """Attack Spell: "draw two coins from a fellow player. Use one of them": a Princess
    Bean (taken onto one's coin pile) before a Picker Bean (the fellow steals a card)."""
    rules, st = new()
    to_magic(rules, st, 0, [("sword", 3), ("cap", 1)], ["cap"])
    st.pending = [Pending("coin", 0, other=1, coins=("picker", "princess"), duel=True)]
    assert ask(make("standard", 1), rules, st, 0) == ChooseCoin(0, 1)


def test_activation_picks_a_spell_for_this_turn():
    """Magic Bean: "Activate one of your spell cards by turning it to the front side." The
    bot turns up the one it can use this turn (the Hand Card Spell in phase 4), not the
    Attack Spell with no Mean or Sword field to strengthen."""
    rules, st = new()
    to_magic(rules, st, 0, [("magic", 2), ("cap", 1)], ["cap"], [("attack", False)])
    st.spells[0].append(SpellCard("hand_card"))
    st.pending = [Pending("activate", 0, count=1)]
    assert ask(make("standard", 1), rules, st, 0) == ActivateSpell(0, 1, None)


def test_swapped_card_laid_face_up_when_usable():
    """Spell Card Swap: "Look at the swapped card and decide whether to lay it face up
    (activated) or face down in front of you." Usable this turn: face up."""
    rules, st = new()
    to_magic(rules, st, 0, [("cap", 1), ("princess", 1)], ["cap"], [("retuck", False)])
    st.pending = [Pending("face", 0, index=0)]
    assert ask(make("standard", 1), rules, st, 0) == ChooseFace(0, True)


def test_forced_plant_harvests_first():
    """Enchantment of the Fellow Players: "All fellow players must immediately plant their
    front hand card. If they have no free bean field for it, they must first harvest one."""
    rules, st = new()
    to_magic(rules, st, 0, [("cap", 1), ("princess", 1)], ["cap"])
    p = st.players[1]
    p.fields = [Field("sword", 5), Field("white", 2)]
    p.hand = ["mean", "sword"]
    st.pending = [Pending("forced", 1)]
    bot = make("standard", 2)
    first = ask(bot, rules, st, 1)
    assert isinstance(first, Harvest)
    rules.apply(st, first)
    assert isinstance(ask(bot, rules, st, 1), PlantHand)


def test_uses_every_ability_before_ending_1b():
    """Phase 1b: "You may use the special abilities of the bean varieties that you have
    planted on your fields." A Picker and a White field: both used, then the phase ends."""
    rules, st = new()
    to_magic(rules, st, 0, [("picker", 1), ("white", 2)], ["cap"])
    for p in st.players[1:]:
        p.hand = p.hand or ["cap"]
    bot = make("standard", 1)
    used = []
    for _ in range(12):
        if st.phase != "magic":  # nothing left to do in 1b: the phase ends by itself
            break
        a = ask(bot, rules, st, 0)
        if isinstance(a, EndMagic):
            break
        used.append(type(a))
        rules.apply(st, a)
        while st.pending and st.pending[0].seat == 0:
            rules.apply(st, ask(bot, rules, st, 0))
    assert used.count(UseAbility) == 2


def test_attack_spell_before_a_weak_mean_field():
    """Attack Spell: "Use the ability of the Mean Bean, even if you have planted only 1-3
    of them." With 2 Mean Beans and the Attack Spell face up: the spell first, then Mean."""
    rules, st = new()
    to_magic(rules, st, 0, [("mean", 2), ("cap", 1)], ["cap"], [("attack", True)])
    for p in st.players[1:]:
        p.coins = ["princess"]
    bot = make("standard", 1)
    first = ask(bot, rules, st, 0)
    assert first == CastSpell(0, 0)
    rules.apply(st, first)
    assert ask(bot, rules, st, 0) == UseAbility(0, 0, None)


def test_hand_card_spell_in_the_draw_window():
    """Hand Card Spell: "If you forwent trading with your fellow players in Phase 2, draw 5
    instead of 3 cards." No trade this turn: it is cast, not the plain draw."""
    rules, st = new()
    to_magic(rules, st, 0, [("cap", 1), ("princess", 1)], ["cap"], [("hand_card", True)])
    st.phase = "draw"
    st.turned_up = []
    st.traded = False
    a = ask(make("standard", 1), rules, st, 0)
    assert a == CastSpell(0, 0) and a != DrawCards(0)


def test_sample_world_fits_the_view():
    """The expert's sampled world shows its seat exactly what the seat sees."""
    rules, st = new(4, 5)
    bots = [make("standard", s) for s in range(4)]
    driver = BotDriver(rules, dict(enumerate(bots)))
    for _ in range(60):
        move = driver.next_move(st)
        rules.apply(st, move.action)
    for seat in range(4):
        view = rules.view(st, seat)
        world = sample_world(rules, view, seat, random.Random(seat))
        again = rules.view(world, seat)
        keys = ("players", "phase", "active", "turned_up", "deck_size", "spell_deck", "temp_fields")
        for key in keys:
            assert again[key] == view[key], key


def _public(view) -> set[str]:
    """The varieties the public table shows."""
    out = set(view["turned_up"]) | {view["discard_top"]}
    for p in view["players"]:
        out |= {f["variety"] for f in p["fields"] if f["count"]}
        out |= set(p["area"])
    for s in view.get("shown") or ():
        out.add(s["card"] if isinstance(s, dict) else s[1])
    for o in view["offers"]:
        out |= set(o["give"]) | set(o["want"])
    return {v for v in out if v}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_whole_games_and_public_reasons(n):
    """Whole games of standard bots (one expert with 4 players) end without a violation;
    every reason names only varieties the public table shows before or after the move (the
    log is public) and says why, not what (the log line says that)."""
    rules, st = new(n, 10 + n)
    # one expert in the 4-player game (its trader samples worlds: the slow part)
    bots = [make("expert" if s == 0 and n == 4 else "standard", 100 * n + s) for s in range(n)]
    names = {rules.varieties[v].name: v for v in rules.varieties}
    word = re.compile("|".join(re.escape(k) for k in names))
    driver = BotDriver(rules, dict(enumerate(bots)))
    moves = 0
    while not st.over and moves < 20_000:
        move = driver.next_move(st)
        assert move is not None
        before = _public(rules.view(st, None))
        rules.apply(st, move.action)
        moves += 1
        reason = bots[move.seat].reason
        public = before | _public(rules.view(st, None))
        for name in word.findall(reason):
            assert names[name] in public, (reason, move.action)
        # a reason says why, not what (the log line says what happened)
        assert not reason.startswith(REPEATS), (reason, move.action)
    assert st.over
    assert rules.violations(st) == []


def first_cast(rules, st, seat: int = 0):
    """The bot's choice at `seat`, which must be a CastSpell."""
    a = ask(make("standard", 1), rules, st, seat)
    assert isinstance(a, CastSpell), a
    return a


def test_bean_field_spell_when_the_hand_needs_room():
    """Bean Field Spell: "Temporarily open a 3rd bean field." Both fields planted and a
    front card that fits neither: the third field is opened."""
    rules, st = new()
    to_magic(rules, st, 0, [("sword", 3), ("princess", 3)], ["white", "white"])
    st.spells[0] = [SpellCard("bean_field", up=True)]
    st.uses = [False, False]
    assert first_cast(rules, st) == CastSpell(0, 0)


def test_trade_spell_at_the_start_of_phase_2():
    """Trade Spell: "You use this card at the beginning of Phase 2. After the first two
    cards, turn up a third bean card from the draw pile"."""
    rules, st = new()
    to_magic(rules, st, 0, [("sword", 3), ("princess", 3)], ["cap"], [("trade", True)])
    rules.apply(st, EndMagic(0))
    assert st.phase == "trade" and st.phase2_open
    a = first_cast(rules, st)
    rules.apply(st, a)
    assert len(st.turned_up) == 3


def test_pile_spell_takes_a_card_that_joins_a_field():
    """Pile Spell: "add the top card of the discard pile to the two turned-up bean cards",
    cast when that card joins one of the bot's fields."""
    rules, st = new()
    to_magic(rules, st, 0, [("sword", 3), ("princess", 3)], ["cap"], [("pile", True)])
    rules.apply(st, EndMagic(0))
    st.deck.discard.append("princess")
    assert first_cast(rules, st) == CastSpell(0, 0)


def test_enchantment_of_the_beans_saves_a_harvest():
    """Enchantment of the Beans: "On a field with exactly one bean card, lay any second
    bean card that you must plant at that moment. The first bean on the field now counts as
    a bean of the second bean variety." One Cap on a field, a Sword to plant, the other
    field of Princess: the Sword goes on the Cap, which now counts as a Sword."""
    rules, st = new()
    to_magic(rules, st, 0, [("cap", 1), ("princess", 4)], ["cap"], [("enchant_beans", True)])
    st.phase = "plant_trades"
    st.players[0].area = ["sword"]
    assert first_cast(rules, st) == CastSpell(0, 0, field=0, variety="sword")


def test_retuck_moves_a_spoiling_front_card():
    """Re-tuck Spell: "Re-tuck a hand card (move it to another position in your hand)."
    A front card that would force a harvest of a good field goes to the back."""
    rules, st = new()
    to_magic(rules, st, 0, [("princess", 5), ("sword", 7)], ["cap", "sword", "princess"])
    st.phase = "plant"
    st.spells[0] = [SpellCard("retuck", up=True)]
    a = first_cast(rules, st)
    assert a.index == 0 and a.to == 2


def test_random_spell_and_swap_are_cast():
    """Random Spell: "Draw the top spell card from the spell card deck and lay it face up";
    Spell Card Swap: "Swap this spell card for a face-down spell card of a fellow player"."""
    for spell in ("random", "swap"):
        rules, st = new()
        to_magic(rules, st, 0, [("princess", 2), ("sword", 2)], ["princess"], [(spell, True)])
        st.uses = [False, False]
        a = first_cast(rules, st)
        assert a.spell == 0
        rules.apply(st, a)
        if spell == "swap":  # the card swapped in: laid face up or down
            assert isinstance(ask(make("standard", 1), rules, st, 0), ChooseFace)


def test_flow_plants_fitting_front_cards():
    """Magic Card Flow: "Plant your respective front hand card as often as you like." The
    front cards that join a row are planted; then the bot stops."""
    rules, st = new()
    to_magic(rules, st, 0, [("princess", 2), ("sword", 2)], ["princess", "sword", "cap"])
    st.spells[0] = [SpellCard("flow", up=True)]
    st.uses = [False, False]
    bot = make("standard", 1)
    rules.apply(st, first_cast(rules, st))
    planted = 0
    for _ in range(5):
        a = ask(bot, rules, st, 0)
        if not isinstance(a, PlantHand):
            break
        rules.apply(st, a)
        planted += 1
    assert planted == 2 and st.players[0].hand == ["cap"]


def test_enchantment_of_the_fellow_players():
    """Enchantment of the Fellow Players: "All fellow players must immediately plant their
    front hand card." Cast while fellows hold cards; each forced plant is answered."""
    rules, st = new(3)
    to_magic(rules, st, 0, [("princess", 2), ("sword", 2)], [], [("enchant_players", True)])
    st.uses = [False, False]
    rules.apply(st, first_cast(rules, st))
    bots = [make("standard", s) for s in range(3)]
    for _ in range(10):
        if not st.pending:
            break
        seat = st.pending[0].seat
        rules.apply(st, ask(bots[seat], rules, st, seat))
    assert not st.pending


def test_mean_with_four_and_sword_at_the_strongest_table():
    """Mean Bean: "You may only use this ability if you have planted at least 4 Mean Beans
    on the field." Sword Bean: "Choose a fellow player": the one whose fields look best
    (coins are secret)."""
    rules, st = new()
    to_magic(rules, st, 0, [("mean", 4), ("sword", 2)], ["cap"])
    st.players[2].fields = [Field("princess", 6), Field("sword", 5)]
    bot = make("standard", 1)
    seen = []
    while st.phase == "magic" and len(seen) < 4:
        a = ask(bot, rules, st, 0)
        if isinstance(a, EndMagic):
            break
        seen.append(a)
        rules.apply(st, a)
        while st.pending:
            s = st.pending[0].seat
            rules.apply(st, ask(make("standard", s), rules, st, s))
    uses = [a for a in seen if isinstance(a, UseAbility)]
    assert UseAbility(0, 0, None) in uses
    assert UseAbility(0, 1, 2) in uses


def test_magic_bean_from_the_hand():
    """ "You may discard Magic Beans from your hand in order to activate your spell cards
    ... It does not matter where this Magic Bean is in your hand." A Magic Bean at the
    back that would spoil a field pays for the Hand Card Spell."""
    rules, st = new()
    to_magic(rules, st, 0, [("princess", 3), ("sword", 3)], ["princess", "magic"])
    st.spells[0] = [SpellCard("hand_card")]
    st.uses = [False, False]
    a = ask(make("standard", 1), rules, st, 0)
    assert a == ActivateSpell(0, 0, 1)
