"""Excalibohn decisions for the computer players (shared/rules/excalibohn.txt).

`ExcalibohnBot` wraps the bean games' bots (games/common/bots/): planting, harvesting and
the value of a table are the standard bot's (`StandardBot.after`, `evaluate.value`), the
trading is the wrapped level's own (standard's, or the expert's trader, which samples
Excalibohn worlds: bots_world.py). The magic is its own (bots_magic.py prices it):

- phase 1b: every ability and spell by what it is worth now, the best first, until
  nothing is worth more than ending the phase: the Attack Spell before a weak Mean field or
  a Sword, Magic Beans from the hand spent when the spell is worth more than the card;
- every decision the game asks out of turn: a stolen or drawn card planted or tucked, an
  activation, the Attack Spell's coin, a swapped card's face, a forced plant (harvesting
  first when it must), the caster's own plant after the Enchantment of the Fellow Players;
- the spells of phase 2's start (Trade, Pile) before the trading, the Enchantment of the
  Beans and the Trade Spell's discards in phase 3, the draw window (the Hand Card Spell).

`random` is the common random bot (uniform over the legal actions). Reasons say only why,
from what the table shows: never a card in a hand, a coin or a face-down spell."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.actions import Action
from bohn_tui.engine.bots import Observe
from bohn_tui.games.common import bots as common_bots
from bohn_tui.games.common.actions import (
    Harvest,
    PlantHand,
)
from bohn_tui.games.common.bots.evaluate import Meters, Seat, fields_value, meters, seat_of, value
from bohn_tui.games.common.bots.standard import HARVEST_BIAS, StandardBot
from bohn_tui.games.excalibohn import bots_magic as magic
from bohn_tui.games.excalibohn.actions import (
    EXCALIBOHN_ACTIONS,
    ActivateSpell,
    CastSpell,
    ChooseCoin,
    ChooseFace,
    DiscardTurnedUp,
    PlaceCard,
    Skip,
    UseAbility,
)
from bohn_tui.games.excalibohn.bots_world import has_temp_field, sample_world
from bohn_tui.games.excalibohn.cards import cards

GAME = "excalibohn"
OWN = tuple(EXCALIBOHN_ACTIONS)
CAST_MARGIN = 0.05  # a spell in phase 2 is cast only when it is worth this much
RETUCK_MARGIN = 0.1  # a re-tuck must improve the hand by this much (it is used once)
# the reasons (why, never what: the log line says what happened)
USE_WHY = {
    "white": "a card more for its hand",
    "mean": "every fellow player but the highest turn-up loses one",
    "magic": "a spell to use this turn",
}
CAST_WHY = {
    "bean_field": "room for the cards it must plant",
    "swap": "hopes for a better spell",
    "trade": "a third card to plant or to trade",
    "flow": "to plant more from its hand",
    "enchant_players": "may force fellow players to harvest early",
    "hand_card": "no trade this turn: two cards more",
    "random": "a free spell for this turn",
}


class ExcalibohnBot:
    """An Excalibohn player on the standard bot's valuations (`base`); the trading is
    `other`'s (the standard bot itself, or the expert that holds it)."""

    def __init__(self, base: StandardBot, other: Any = None) -> None:
        self.base = base
        self.other = other if other is not None else base
        self.level = getattr(self.other, "level", "standard")
        self.reason = ""

    @property
    def people(self) -> frozenset[int]:
        """The seats played by people (games/common/bots/people.py)."""
        return frozenset(getattr(self.other, "people", frozenset()))

    @people.setter
    def people(self, seats: frozenset[int]) -> None:
        for bot in (self.base, self.other):
            if hasattr(bot, "people"):
                bot.people = seats

    # -- the protocol ------------------------------------------------------------------

    def propose(self, seat: int, observe: Observe) -> Action | None:
        view = observe()
        if view.get("pending") is not None:
            return None
        offer = self.other.propose(seat, lambda: view)
        self.reason = self.other.reason
        return offer

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        view = observe()
        self.reason = ""
        if len(legal) == 1:
            return legal[0]
        pending = view.get("pending")
        if pending is not None and pending["seat"] == seat:
            return self.decide(seat, view, legal)
        if view["phase"] == "trade":
            return self._trade(seat, view, legal)
        return self.decide(seat, view, legal)

    # -- trading -----------------------------------------------------------------------

    def _trade(self, seat: int, view: dict[str, Any], legal: list[Action]) -> Action:
        """Phase 2: a spell worth casting first (Trade, Pile at its start), else Skip when
        the fellows wait for that decision; then the wrapped level's trading over the bean
        actions."""
        casts = [a for a in legal if isinstance(a, CastSpell)]
        if casts:
            best = self.decide(seat, view, [*casts, _NOTHING])
            if best is not _NOTHING:
                return best
        skip = next((a for a in legal if isinstance(a, Skip)), None)
        if skip is not None and not view.get("flow"):  # no spell: the fellows may offer
            self.reason = "no spell now: the trading is open"
            return skip
        bean = [a for a in legal if not isinstance(a, OWN)]
        if not bean:
            return self.decide(seat, view, legal)
        action = self.other.choose(seat, lambda: view, bean)
        self.reason = self.other.reason
        return action

    # -- everything else: the best position ----------------------------------------------

    def decide(self, seat: int, view: dict[str, Any], legal: list[Action]) -> Action:
        """The legal action worth most (`worth`), with its reason."""
        m = meters(GAME)
        s = seat_of(view, seat)
        v0 = self._value(m, view, seat, s)
        best, best_v, why = legal[0], -1e9, ""
        for a in legal:
            v, text = self.worth(m, view, seat, s, v0, a)
            if v > best_v:
                best, best_v, why = a, v, text
        if best is _NOTHING:
            return best
        self.reason = why or self.base.explain(m, view, s, best)
        return best

    def _value(self, m: Meters, view: dict[str, Any], seat: int, s: Seat) -> float:
        """The seat's position as it stands (what doing nothing keeps)."""
        return value(m, s.fields, s.coins, s.hand, self._must(view, seat, s))

    @staticmethod
    def _must(view: dict[str, Any], seat: int, s: Seat) -> list[str]:
        return list(s.area) if view["phase"] == "plant_trades" else []

    def worth(
        self, m: Meters, view: dict[str, Any], seat: int, s: Seat, v0: float, a: Action
    ) -> tuple[float, str]:
        """(the value after `a`, a reason) for one legal action."""
        if a is _NOTHING:
            return v0 + CAST_MARGIN, ""
        if isinstance(a, OWN):
            return self._magic(m, view, seat, s, v0, a)
        pending = view.get("pending")
        if isinstance(a, Harvest):
            return self._harvest(m, view, seat, s, a), ""
        if isinstance(a, PlantHand) and pending is not None and pending["kind"] == "forced":
            return self.base.after(m, view, seat, s, a), "must plant its front card"
        v = self.base.after(m, view, seat, s, a)
        if isinstance(a, PlantHand) and s.hand and not s.fields[a.field][1]:
            if view["active"] == seat:
                v += magic.new_row_worth(s.hand[0], view["phase"])
        return v, ""

    def _harvest(self, m: Meters, view: dict[str, Any], seat: int, s: Seat, a: Harvest) -> float:
        fv, c = s.fields[a.field]
        fields = [list(f) for f in s.fields]
        fields[a.field] = [None, 0]
        pending = view.get("pending")
        hand = list(s.hand)
        must = self._must(view, seat, s)
        may: list[str] = []
        if pending is not None and pending["seat"] == seat:
            if pending["kind"] == "forced" and hand:
                must.append(hand.pop(0))
            elif pending["kind"] == "place" and pending.get("card"):
                may.append(pending["card"])
        if has_temp_field(view, seat) and len(fields) > 2:
            # the third field closes: its cards move to the field just harvested
            third = fields.pop()
            if a.field < len(fields):
                fields[a.field] = third
        v = value(m, fields, s.coins + m.pay_of(fv, c), hand, must, may) - HARVEST_BIAS
        if fv == cards().cap and c >= cards().spell_at and view["spell_deck"]:
            v += magic.CAP_SPELL
        if view["phase"] == "magic" and view["active"] == seat and a.field in view["uses"]:
            ability = magic.ability_ids().get(fv or "")
            if ability is not None:
                v -= magic.KEEP_USE * magic.use_worth(ability, c, bool(view["attack"]))
        return v

    # -- Excalibohn's actions ------------------------------------------------------------

    def _magic(
        self, m: Meters, view: dict[str, Any], seat: int, s: Seat, v0: float, a: Action
    ) -> tuple[float, str]:
        names = m.names
        me = view["players"][seat]
        if isinstance(a, UseAbility):
            fv, c = s.fields[a.field]
            ability = magic.ability_ids().get(fv or "", "")
            v = v0 + magic.use_worth(ability, c, bool(view["attack"]))
            if ability == "magic":
                v += max(
                    (magic.activation(view, seat, sp["id"]) for sp in me["spells"] if not sp["up"]),
                    default=0.0,
                )
            if a.target is None:
                return v, USE_WHY.get(ability, "")
            other = view["players"][a.target]
            if ability == "picker":
                return v + 0.01 * other["hand_size"], (
                    f"a card more for its hand; {other['name']} holds {other['hand_size']}"
                )
            return v + 0.01 * _threat(m, other), (f"{other['name']}'s fields look strongest")
        if isinstance(a, ActivateSpell):
            sid = me["spells"][a.spell]["id"]
            v = v0 + magic.activation(view, seat, sid) - 0.01
            if a.magic is not None:
                hand = [c for i, c in enumerate(s.hand) if i != a.magic]
                gain = value(m, s.fields, s.coins, hand, self._must(view, seat, s)) - v0
                if gain > 0:
                    return v + gain, "the Magic Bean would only spoil a field"
                return v + gain, "the spell is worth more this turn than the Magic Bean"
            return v, "to use it this turn" if view["active"] == seat else ""
        if isinstance(a, CastSpell):
            return self._cast(m, view, seat, s, v0, a)
        if isinstance(a, PlaceCard):
            return self._place(m, view, seat, s, a)
        if isinstance(a, ChooseCoin):
            coins = view["pending"]["coins"]
            rank = magic.coin_rank(coins[a.index], view, seat)
            return (
                v0 + rank,
                f"the {names.get(coins[a.index], coins[a.index])} is the better turn-up",
            )
        if isinstance(a, ChooseFace):
            p = view["pending"]
            sid = me["spells"][p["index"]]["id"] if p["index"] < len(me["spells"]) else None
            up = sid is not None and view["active"] == seat
            up = up and magic.still_usable(sid or "", view["phase"])
            return v0 + (0.01 if a.up == up else 0.0), "to use it this turn" if a.up else ""
        if isinstance(a, DiscardTurnedUp):
            must = self._must(view, seat, s)
            if a.variety in must:
                must.remove(a.variety)
            v = value(m, s.fields, s.coins, s.hand, must)
            return v, f"no good field for {names.get(a.variety, a.variety)}"
        return v0, ""  # EndMagic, Skip, DrawCards: the position as it stands

    def _place(
        self, m: Meters, view: dict[str, Any], seat: int, s: Seat, a: PlaceCard
    ) -> tuple[float, str]:
        card = (view.get("pending") or {}).get("card")
        if card is None:
            return value(m, s.fields, s.coins, s.hand), ""
        must = self._must(view, seat, s)
        if a.field is None:
            return value(m, s.fields, s.coins, [*s.hand, card], must), "no field wants it now"
        fields = [list(f) for f in s.fields]
        c = fields[a.field][1]
        fields[a.field] = [card, c + 1]
        v = value(m, fields, s.coins, s.hand, must)
        if not c and view["active"] == seat:
            v += magic.new_row_worth(card, view["phase"])
        name = m.names.get(card, card)
        return v, (f"joins its {c} {name}" if c else f"starts a field of {name}")

    def _cast(
        self, m: Meters, view: dict[str, Any], seat: int, s: Seat, v0: float, a: CastSpell
    ) -> tuple[float, str]:
        me = view["players"][seat]
        sid = me["spells"][a.spell]["id"] or ""
        said = CAST_WHY.get(sid, "")
        must = self._must(view, seat, s)
        if sid == "retuck" and a.index is not None and a.to is not None:
            hand = magic.hand_after_retuck(s.hand, a.index, a.to)
            v = value(m, s.fields, s.coins, hand, must) - RETUCK_MARGIN
            return v, "a card where it fits its fields better"
        if sid == "enchant_beans" and a.field is not None and a.variety is not None:
            fields = [list(f) for f in s.fields]
            fields[a.field] = [a.variety, 2]
            if a.variety in must:
                must.remove(a.variety)
            return value(m, fields, s.coins, s.hand, must), (
                "two of a kind instead of a lone card and a harvest"
            )
        if sid == "bean_field":
            return v0 + magic.bean_field_worth(m, s.fields, s.coins, s.hand, must), said
        if sid == "pile":
            top = view["discard_top"]
            why = f"the {m.names.get(top, top)} on the discard pile suits it" if top else ""
            return v0 + magic.pile_worth(m, s.fields, top), why
        if sid == "attack":
            worth, why = self._attack_worth(view, seat, s)
            return v0 + worth, why
        if sid == "flow":
            front = s.hand[0] if s.hand else None
            fits = front is not None and any(v == front for v, c in s.fields if c)
            return v0 + (magic.SPELL["flow"] if fits else -0.05), said
        if sid == "swap" and a.target is not None:
            other = view["players"][a.target]
            return v0 + magic.SPELL["swap"] + 0.001 * len(other["spells"]), said
        if sid == "enchant_players":
            hands = [p["hand_size"] for p in view["players"] if p["seat"] != seat]
            return v0 + (magic.SPELL[sid] if any(hands) else -0.05), said
        return v0 + magic.SPELL.get(sid, 0.0), said

    @staticmethod
    def _attack_worth(view: dict[str, Any], seat: int, s: Seat) -> tuple[float, str]:
        """The Attack Spell: a Mean use below 4 made possible, or a Sword's two coins."""
        worth, why = -0.05, ""
        for i in view["uses"]:
            if i >= len(s.fields):
                continue
            fv, c = s.fields[i]
            ability = magic.ability_ids().get(fv or "")
            if ability == "mean" and c < 4 and magic.MEAN - 0.05 > worth:
                worth, why = magic.MEAN - 0.05, "so that its Mean Beans work below 4"
            elif ability == "sword" and magic.SWORD_ATTACK - magic.SWORD > worth:
                worth = magic.SWORD_ATTACK - magic.SWORD
                why = "to choose the better of two turn-ups in its duel"
        return worth, why


_NOTHING = Action(-1)  # "none of these" in a choice among spells (never played)


def _threat(m: Meters, p: dict[str, Any]) -> float:
    """How strong a fellow player's table looks (its coins are secret): its fields."""
    return fields_value(m, [[f["variety"], f["count"]] for f in p["fields"]]) + (p["coins"] or 0)


def make(level: str, seed: int = 0, trade: bool = True) -> Any:
    """The bot of `level` for Excalibohn: random as the bean games' own; standard and
    expert through an ExcalibohnBot (the expert's trader on sampled Excalibohn worlds)."""
    bot = common_bots.make(level, seed, trade)
    if level == "random":
        return bot
    std = bot if isinstance(bot, StandardBot) else getattr(bot, "std", None)
    if not isinstance(std, StandardBot):
        return bot
    trader = getattr(bot, "trader", None)
    if trader is not None:
        trader.world = sample_world
    return ExcalibohnBot(base=std, other=bot)


__all__ = ["ExcalibohnBot", "make"]
