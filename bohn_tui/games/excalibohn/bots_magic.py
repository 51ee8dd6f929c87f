"""What the Excalibohn bots think the magic is worth (excalibohn.txt, "The Bean Abilities",
"The Spell Cards"): each ability use, each spell cast or activated, each coin of a Sword duel,
in coins, as the bots' value function (games/common/bots/evaluate.py) counts coins.

Every figure is from what the seat's view shows: its own hand and spells, the public table
(fields, hand sizes, spell counts, the discard pile's top). A fellow player's coins are
secret: a Sword or a Mean Bean's use is worth its mean over the coins of the deck.

The numbers are estimates, not measured odds; the benchmark (benchmarks/excalibohn_bots.py)
is where they are judged."""

from __future__ import annotations

from functools import cache
from typing import Any

from bohn_tui.games.common.bots.evaluate import Meters, card_gain, value
from bohn_tui.games.excalibohn.cards import cards

# an ability's use, in coins (the seat's gain against the average fellow player)
PICKER = 0.55  # one more card, and one fewer for the fellow player
WHITE = 0.35  # one more card from the draw pile
WHITE_STRONG = 0.45  # ... that may be planted at once
MEAN = 0.45  # each fellow player with coins but the highest loses one
MAGIC = 0.1  # an activation (the spell's own worth is added: `activation`)
SWORD = 0.3  # the duel's mean: a Princess (17 of 98) is a coin taken, a Sword a counter
SWORD_ATTACK = 0.55  # ... choosing the better of two coins
CAP_SPELL = 0.35  # a Cap harvest of 2+ brings a spell card (and its Groschen)
NEW_USE = 0.8  # a row started in 1b: the share of its ability's worth that is taken
KEEP_USE = 1.0  # harvesting a field in 1b loses its unused use

# a face-up spell cast now, in coins, where `cast_value` has nothing better to go by
SPELL = {
    "attack": 0.0,  # only through the Mean or Sword use it makes stronger
    "bean_field": 0.0,  # the value of the fields with a third one
    "swap": 0.2,  # a fellow's spell for the cheapest one, and the Groschen of the tie
    "trade": 0.35,  # a third card, and untraded ones may be discarded
    "flow": 0.15,  # the plantings it allows are valued as plantings
    "pile": 0.0,  # the discard pile's top as a card to plant
    "enchant_beans": 0.0,  # the fields after it
    "enchant_players": 0.25,  # every fellow plants its front card now, maybe harvesting
    "retuck": 0.0,  # the hand after it
    "hand_card": 0.8,  # two more cards
    "random": 0.3,  # a spell card face up, for this turn
}
# a spell activated, by when it can be used (the active player's: this turn only, it turns
# face down at its end; a fellow's, in a counterattack: in its own next turn)
ACTIVATE = {
    "attack": 0.3,
    "bean_field": 0.35,
    "swap": 0.2,
    "trade": 0.35,
    "flow": 0.25,
    "pile": 0.2,
    "enchant_beans": 0.15,
    "enchant_players": 0.25,
    "retuck": 0.3,
    "hand_card": 0.45,
    "random": 0.3,
}
LATER = ("1b", "phase2_start", "phase3", "phase4")  # the timings in turn order
# a coin turned up for the attacker (the Attack Spell's choice of two)
COIN_RANK = {"princess": 3.0, "magic": 1.0, "sword": -0.5, "picker": -0.6}


@cache
def ability_ids() -> dict[str, str]:
    """Variety id -> ability id ("picker", "mean", ...)."""
    return {v: a.id for v, a in cards().abilities.items()}


def use_worth(ability: str, count: int, attack: bool) -> float:
    """What one use of `ability` on a field of `count` cards is worth."""
    a = next(x for x in cards().abilities.values() if x.id == ability)
    if ability == "picker":
        return PICKER
    if ability == "white":
        return WHITE_STRONG if a.strong and count >= a.strong else WHITE
    if ability == "mean":
        return MEAN
    if ability == "magic":
        return MAGIC
    if ability == "sword":
        return SWORD_ATTACK if attack else SWORD
    return 0.0


def new_row_worth(variety: str, phase: str) -> float:
    """A row of `variety` started now: in 1b it brings a use of the variety's ability."""
    if phase != "magic":
        return 0.0
    ability = ability_ids().get(variety)
    if ability is None or ability == "mean":  # the Mean Bean needs 4 on the field
        return 0.0
    return NEW_USE * use_worth(ability, 1, False)


def phase_order(phase: str) -> int:
    """How far the turn is: 0 phase 1a, 1 phase 1b, 2 phase 2, 3 phase 3, 4 phase 4."""
    return {"plant": 0, "magic": 1, "trade": 2, "plant_trades": 3, "draw": 4}.get(phase, 5)


def still_usable(spell: str, phase: str) -> bool:
    """Whether a spell turned up now can still be used this turn (by its timing)."""
    timing = cards().spells[spell].timing
    if timing == "any":
        return phase_order(phase) <= 4
    return phase_order(phase) <= LATER.index(timing) + 1


def activation(view: dict[str, Any], seat: int, spell: str | None) -> float:
    """What turning face-down spell `spell` (None: unknown) face up is worth now."""
    if spell is None:
        return 0.2
    if view["active"] != seat:  # up until the end of the seat's own next turn
        return 0.0 if spell == "random" and not view["spell_deck"] else ACTIVATE.get(spell, 0.2)
    if not still_usable(spell, view["phase"]):
        return 0.0
    worth = ACTIVATE.get(spell, 0.2)
    if spell == "attack" and not _attack_use(view, seat):
        return 0.0
    if spell == "random" and not view["spell_deck"]:
        return 0.0
    if spell == "hand_card" and view["traded"]:
        return 0.0
    return worth


def _attack_use(view: dict[str, Any], seat: int) -> bool:
    """The seat still has a Mean or Sword use this 1b (what the Attack Spell strengthens)."""
    if view["phase"] != "magic":
        return False
    fields = view["players"][seat]["fields"]
    ids = ability_ids()
    return any(
        ids.get(fields[i]["variety"] or "") in ("mean", "sword")
        for i in view["uses"]
        if i < len(fields)
    )


def coin_rank(card: str, view: dict[str, Any], seat: int) -> float:
    """How good coin `card` is for the attacker choosing it (the Attack Spell)."""
    ability = ability_ids().get(card)
    rank = COIN_RANK.get(ability or card, 0.0)
    if ability == "magic" and not any(not s["up"] for s in view["players"][seat]["spells"]):
        return 0.0
    return rank


def hand_after_retuck(hand: list[str], index: int, to: int) -> list[str]:
    out = list(hand)
    card = out.pop(index)
    out.insert(to, card)
    return out


def pile_worth(m: Meters, fields: list[list[Any]], top: str | None) -> float:
    """The Pile Spell: the discard pile's top card as one more card to plant (or trade)."""
    if top is None:
        return 0.0
    return max(0.0, card_gain(m, fields, top)) + 0.1


def bean_field_worth(
    m: Meters, fields: list[list[Any]], coins: int, hand: list[str], must: list[str]
) -> float:
    """The Bean Field Spell: the value of the fields with a third, empty one."""
    before = value(m, fields, coins, hand, must)
    after = value(m, [*fields, [None, 0]], coins, hand, must)
    return after - before
