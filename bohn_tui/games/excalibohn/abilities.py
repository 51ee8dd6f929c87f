"""The five bean abilities of phase 1b and the Sword duel (excalibohn.txt, "The Bean
Abilities"): a mixin of ExcalibohnRules. Each ability belongs to a field (`st.uses`); its
decisions wait in `st.pending` (state.Pending) and are resolved by PlaceCard, ActivateSpell,
ChooseCoin and Skip (rules.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard

from bohn_tui.engine.actions import Event, IllegalAction
from bohn_tui.engine.chance import Chance, Shuffle
from bohn_tui.engine.limits import show
from bohn_tui.games.common.actions import Drew
from bohn_tui.games.common.table import shuffle
from bohn_tui.games.excalibohn.actions import (
    AbilityUsed,
    CardStolen,
    CardTucked,
    CoinsShuffled,
    CoinTurnedUp,
    SwordResult,
    UseAbility,
)
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.state import ExcalibohnState, Pending

COINS = "a coin pile shuffled"  # the chance of a duel turn-up (engine/chance.py)
MAGIC = "magic"  # phase 1b
DRAW = "draw"  # the phase-4 window
DUEL_TURN_UPS = 5  # a duel ends after this many turn-ups (a 5th Sword does nothing)
SWORD_RESULTS = {"princess": "princess", "magic": "magic", "picker": "picker", "sword": "counter"}


def is_seat(x: Any, n: int) -> TypeGuard[int]:
    """Whether `x` is a seat number of a game of n (an int, not a bool or a string)."""
    return x.__class__ is int and 0 <= x < n


class Abilities:
    """UseAbility and the Sword duel (see the module). Reads the rules' `varieties`, `n`,
    `push`, `pop`, `draw_cards`, `vname`, `_who`."""

    varieties: dict[str, Any]
    n: int
    _order: list[list[int]]
    push: Callable[[ExcalibohnState, Pending], None]
    settle: Callable[[ExcalibohnState, list[Event]], None]
    note: Callable[[ExcalibohnState, int, str], None]
    draw_cards: Callable[[ExcalibohnState, int, list[Event]], list[str]]
    vname: Callable[[str | None], str]
    _who: Callable[[Any, int], str]

    # -- what may be used ----------------------------------------------------------------

    def chances(self, st: ExcalibohnState) -> list[Chance[Any] | Shuffle]:
        """The bean games' chance (BeanViews.chances: the discard pile reshuffled) and the
        coin piles the abilities the active player may use now shuffle for a turn-up
        (engine/chance.py): the Mean Bean's fellows' piles, the Sword Bean's target's (its
        first turn-up; the duel's later ones follow the answers)."""
        out: list[Chance[Any] | Shuffle] = super().chances(st)  # type: ignore[misc]
        legal: list[Any] = []
        if not st.over and not st.pending:
            self.ability_actions(st, st.active, legal)
        piles: dict[int, Shuffle] = {}
        for a in legal:
            f = st.players[a.seat].fields[a.field]
            kind = cards().abilities[f.variety].id
            owners = self._order[a.seat][1:] if kind == "mean" else [a.target]
            for owner in owners if kind in ("mean", "sword") else ():
                if st.players[owner].coins:
                    piles[owner] = Shuffle(COINS, tuple(st.players[owner].coins))
        return out + list(piles.values())

    def ability_actions(self, st: ExcalibohnState, seat: int, out: list[Any]) -> None:
        """The UseAbility actions of the active player in phase 1b (no decision pending)."""
        fields = st.players[seat].fields
        abilities = cards().abilities
        for i, unused in enumerate(st.uses):
            if not unused or i >= len(fields) or not fields[i].count:
                continue
            if fields[i].variety not in abilities:  # (ability_refusal: it has none)
                continue
            if self.ability_refusal(st, seat, i, None, listing=True) is not None:
                continue
            kind = abilities[fields[i].variety].id  # type: ignore[index]
            if kind in ("picker", "sword"):
                for t in self._order[seat][1:]:
                    if self.ability_refusal(st, seat, i, t) is None:
                        out.append(UseAbility(seat, i, t))
            else:
                out.append(UseAbility(seat, i))

    def ability_refusal(
        self, st: ExcalibohnState, seat: int, field: Any, target: Any, listing: bool = False
    ) -> str | None:
        """Why `seat` may not use the ability of field `field` on `target` now (None: it may).
        `listing`: the target is not checked (yet)."""
        if st.phase != MAGIC:
            return "bean abilities are used only in phase 1b"
        if seat != st.active:
            return "only the active player uses bean abilities"
        if st.pending:
            return "a decision is still open"
        fields = st.players[seat].fields
        if not is_seat(field, len(fields)):
            return f"there is no field {show(field)}"
        f = fields[field]
        if not f.count:
            return f"field {field + 1} is empty"
        ability = None if f.variety is None else cards().abilities.get(f.variety)
        if ability is None:
            return f"the {self.vname(f.variety)} has no ability"
        if field >= len(st.uses) or not st.uses[field]:
            return f"the ability of field {field + 1} is used already this turn"
        if ability.needs and f.count < ability.needs and not st.attack:
            return f"the {ability.name} ability needs {ability.needs} on the field ({f.count} now)"
        if ability.id == "magic" and not any(not c.up for c in st.spells[seat]):
            return "you have no face-down spell card to activate"
        if ability.id in ("picker", "sword"):
            if listing:
                return None
            if not is_seat(target, self.n) or target == seat:
                return f"choose a fellow player as the target, not {show(target)}"
            if ability.id == "picker" and not st.players[target].hand:
                return f"{self._who(st, target)} has no hand card to steal"
        elif target is not None:
            return f"the {ability.name} ability takes no target"
        return None

    # -- using one -----------------------------------------------------------------------

    def _use_ability(self, st: ExcalibohnState, a: UseAbility, ev: list[Event]) -> None:
        why = self.ability_refusal(st, a.seat, a.field, a.target)
        if why is not None:
            raise IllegalAction(why)
        f = st.players[a.seat].fields[a.field]
        ability = cards().abilities[f.variety]  # type: ignore[index]
        st.uses[a.field] = False
        st.shown = []
        ev.append(AbilityUsed(a.seat, a.field, f.variety, a.target))  # type: ignore[arg-type]
        kind = ability.id
        strong = bool(ability.strong) and f.count >= ability.strong
        if kind == "picker":
            self.steal(st, a.seat, a.target, duel=False, ev=ev)  # type: ignore[arg-type]
        elif kind == "mean":
            if f.count < ability.needs:
                st.attack = False  # the Attack Spell is spent on it
            self._mean(st, a.seat, ev)
        elif kind == "white":
            drawn = self.draw_cards(st, 1, ev)
            ev.append(Drew(a.seat, len(drawn)))
            if drawn:
                card = drawn[0]
                self.note(st, a.seat, f"You drew a {self.vname(card)}.")
                if strong:
                    self.push(st, Pending("place", a.seat, card, "drawn"))
                else:
                    st.players[a.seat].hand.append(card)
                    ev.append(CardTucked(a.seat, "drawn"))
        elif kind == "magic":
            self.push(st, Pending("activate", a.seat, count=2 if strong else 1))
        elif kind == "sword":
            self._sword(st, a.seat, a.target, 1, ev)  # type: ignore[arg-type]
        self.settle(st, ev)

    def steal(
        self, st: ExcalibohnState, seat: int, victim: int, duel: bool, ev: list[Event]
    ) -> None:
        """`seat` takes `victim`'s rearmost hand card and holds it (pending "place")."""
        hand = st.players[victim].hand
        if not hand:
            return
        card = hand.pop()
        ev.append(CardStolen(seat, victim))
        name = self.vname(card)
        self.note(st, seat, f"You stole a {name} from {st.players[victim].name}.")
        self.note(st, victim, f"{st.players[seat].name} stole your {name}.")
        self.push(st, Pending("place", seat, card, "stolen", other=victim, duel=duel))

    def _coin_up(self, st: ExcalibohnState, owner: int, ev: list[Event]) -> str | None:
        """`owner` shuffles their coin pile; its top card (None: the pile is empty)."""
        coins = st.players[owner].coins
        if not coins:
            return None
        shuffle(coins, st.rng, COINS)
        ev.append(CoinsShuffled(owner))
        return coins[-1]

    def _mean(self, st: ExcalibohnState, seat: int, ev: list[Event]) -> None:
        """Each fellow with coins turns up the top one; the highest number keeps it (ties:
        all of them), the others discard theirs, in turn from the active player's left."""
        shown: list[tuple[int, str]] = []
        for s in self._order[seat][1:]:
            top = self._coin_up(st, s, ev)
            if top is not None:
                shown.append((s, top))
        if not shown:
            return
        best = max(self.varieties[c].count for _, c in shown)
        for s, c in shown:
            keep = self.varieties[c].count == best
            if not keep:
                st.deck.discard.append(st.players[s].coins.pop())
            fate = "kept" if keep else "discarded"
            st.shown.append((s, c, fate, s, "mean", None, None))
            ev.append(CoinTurnedUp(s, s, c, fate))

    # -- the Sword duel ------------------------------------------------------------------

    def _sword(
        self, st: ExcalibohnState, attacker: int, owner: int, rnd: int, ev: list[Event]
    ) -> None:
        """Turn-up `rnd` of a duel: `owner`'s pile is shuffled and turned up for `attacker`.
        With the Attack Spell (the active player's first turn-up) two coins show."""
        coins = st.players[owner].coins
        if not coins:
            ev.append(SwordResult(attacker, owner, "nothing", rnd, "no_coins"))
            return
        if rnd == 1 and st.attack and len(coins) >= 2:
            st.attack = False
            shuffle(coins, st.rng, COINS)
            ev.append(CoinsShuffled(owner))
            two = (coins[-1], coins[-2])
            self.push(st, Pending("coin", attacker, other=owner, coins=two, duel=True, round=rnd))
            return
        if rnd == 1 and st.attack:
            st.attack = False
        top = self._coin_up(st, owner, ev)
        assert top is not None
        self.sword_effect(st, attacker, owner, top, rnd, ev)

    def sword_effect(
        self, st: ExcalibohnState, attacker: int, owner: int, top: str, rnd: int, ev: list[Event]
    ) -> None:
        """What the coin `top` (the top of `owner`'s pile) does for `attacker`."""
        kind = cards().abilities.get(top)
        kind_id = kind.id if kind is not None else ("princess" if self._is_princess(top) else "")
        if kind_id == "princess":
            st.players[attacker].coins.append(st.players[owner].coins.pop())
            st.shown.append((owner, top, "taken", attacker, "sword", "princess", rnd))
            ev.append(CoinTurnedUp(owner, attacker, top, "taken"))
            ev.append(SwordResult(attacker, owner, "princess", rnd))
            return
        why = ""
        if kind_id == "sword" and rnd >= DUEL_TURN_UPS:
            kind_id, why = "", "last"
        result = SWORD_RESULTS.get(kind_id, "nothing")
        if result == "magic" and not any(not c.up for c in st.spells[attacker]):
            why = "no_spell"
        elif result == "picker" and not st.players[attacker].hand:
            why = "no_hand"
        st.shown.append((owner, top, "kept", attacker, "sword", result, rnd))
        ev.append(CoinTurnedUp(owner, attacker, top, "kept"))
        ev.append(SwordResult(attacker, owner, result, rnd, why))
        if result == "magic":
            if any(not c.up for c in st.spells[attacker]):
                self.push(st, Pending("activate", attacker, count=1, duel=True, round=rnd))
        elif result == "picker":
            self.steal(st, owner, attacker, duel=True, ev=ev)
        elif result == "counter":
            self._sword(st, owner, attacker, rnd + 1, ev)

    def _is_princess(self, variety: str) -> bool:
        """The Princess Bean: the variety without an ability that is not the Cap."""
        return variety not in cards().abilities and variety != cards().cap
