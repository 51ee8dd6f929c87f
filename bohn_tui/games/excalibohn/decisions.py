"""The decisions the game waits for out of the turn's order (state.Pending): who may act
while one is open, their actions (PlaceCard, ActivateSpell, ChooseCoin, Skip) and their
asks (`Ask`: the queue's first decision is what its seat is asked, by the kinds of
ASK_KINDS). A mixin of ExcalibohnRules (rules.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.engine.actions import Action, Event, IllegalAction
from bohn_tui.engine.contract import Ask
from bohn_tui.engine.limits import show
from bohn_tui.games.common.actions import PlantHand
from bohn_tui.games.common.table import plant_targets
from bohn_tui.games.excalibohn.abilities import DRAW, MAGIC, is_seat
from bohn_tui.games.excalibohn.actions import (
    ActivateSpell,
    CardTucked,
    ChooseCoin,
    CoinTurnedUp,
    PlaceCard,
    Skip,
    SpellActivated,
)
from bohn_tui.games.excalibohn.state import ExcalibohnState, Pending, SpellCard

ASK_KINDS = {
    "place": "place_card",
    "activate": "activate",
    "coin": "choose_coin",
    "face": "choose_face",
    "forced": "forced_plant",
    "own_plant": "turn",
}


class Decisions:
    """Pending decisions (see the module). Reads the rules' `pop`, `settle`, `plant_card`,
    `sword_effect`, `magic`, `_who`, `_need_active`."""

    magic: str
    pop: Callable[..., None]
    settle: Callable[..., None]
    plant_card: Callable[..., None]
    sword_effect: Callable[..., None]
    phase2_waits: Callable[..., bool]
    _who: Callable[..., str]

    def _guarded(self, handler: Callable[..., None], own: bool = False) -> Callable[..., None]:
        """`handler`, refused while another seat's decision (or, unless `own`, any
        decision) is pending."""

        def run(st: ExcalibohnState, a: Action, ev: list[Event] | None = None) -> None:
            if st.pending and (not own or st.pending[0].seat != a.seat):
                raise IllegalAction(self._waiting_text(st))
            handler(st, a, ev if ev is not None else [])

        return run

    def _waiting_text(self, st: ExcalibohnState) -> str:
        p = st.pending[0]
        return f"first {self._who(st, p.seat)} must decide ({ASK_KINDS[p.kind].replace('_', ' ')})"

    def _own_pending(self, st: ExcalibohnState, a: Action, *kinds: str) -> Pending:
        if not st.pending or st.pending[0].kind not in kinds:
            raise IllegalAction("there is no such decision to make now")
        p = st.pending[0]
        if p.seat != a.seat:
            raise IllegalAction(self._waiting_text(st))
        return p

    def _activate(
        self, st: ExcalibohnState, a: ActivateSpell, ev: list[Event] | None = None
    ) -> None:
        """A spell turned face up: for an activation granted (pending "activate"), or for a
        Magic Bean from the hand (phase 1b, the active player)."""
        ev = ev if ev is not None else []
        row = st.spells[a.seat]
        if a.magic is None:
            p = self._own_pending(st, a, "activate")
            card = self._face_down(row, a.spell)
            card.up = True
            ev.append(SpellActivated(a.seat, a.spell, card.id, "sword" if p.duel else "ability"))
            p.count -= 1
            if p.count <= 0 or all(c.up for c in row):
                self.pop(st, ev)
            return
        if st.pending:
            raise IllegalAction(self._waiting_text(st))
        if st.phase != MAGIC or a.seat != st.active:
            raise IllegalAction("Magic Beans from the hand activate spells only in your phase 1b")
        hand = st.players[a.seat].hand
        if not is_seat(a.magic, len(hand)) or hand[a.magic] != self.magic:
            raise IllegalAction(f"there is no Magic Bean at hand position {show(a.magic)}")
        card = self._face_down(row, a.spell)
        st.deck.discard.append(hand.pop(a.magic))
        card.up = True
        ev.append(SpellActivated(a.seat, a.spell, card.id, "magic_bean"))
        self.settle(st, ev)

    @staticmethod
    def _face_down(row: list[SpellCard], index: Any) -> SpellCard:
        if not is_seat(index, len(row)):
            raise IllegalAction(f"you have no spell card {show(index)}")
        if row[index].up:
            raise IllegalAction("that spell card is face up already")
        return row[index]

    def _place_card(self, st: ExcalibohnState, a: PlaceCard, ev: list[Event] | None = None) -> None:
        ev = ev if ev is not None else []
        p = self._own_pending(st, a, "place")
        assert p.card is not None
        if a.field is None:
            st.players[a.seat].hand.append(p.card)
            ev.append(CardTucked(a.seat, p.source))
        else:
            if not p.plant:
                raise IllegalAction("this card can only be tucked behind your hand")
            self.plant_card(st, a.seat, p.card, a.field, p.source, ev)
        self.pop(st, ev)

    def _choose_coin(
        self, st: ExcalibohnState, a: ChooseCoin, ev: list[Event] | None = None
    ) -> None:
        ev = ev if ev is not None else []
        p = self._own_pending(st, a, "coin")
        if a.index.__class__ is not int or a.index not in (0, 1):
            raise IllegalAction(f"choose coin 0 or 1, not {show(a.index)}")
        owner = p.other
        assert owner is not None
        coins = st.players[owner].coins
        if a.index == 1:  # the chosen coin on top; the other goes back without effect
            coins[-1], coins[-2] = coins[-2], coins[-1]
        other = p.coins[1 - a.index]
        del st.pending[0]
        st.shown.append((owner, other, "kept", a.seat, "sword", "unused", p.round))
        ev.append(CoinTurnedUp(owner, a.seat, other, "kept"))
        self.sword_effect(st, a.seat, owner, p.coins[a.index], p.round, ev)
        self.settle(st, ev)

    def _skip(self, st: ExcalibohnState, a: Skip, ev: list[Event] | None = None) -> None:
        ev = ev if ev is not None else []
        if st.pending:
            self._own_pending(st, a, "activate", "own_plant")
            self.pop(st, ev)
            return
        if st.flow and a.seat == st.active:
            st.flow = False
            self.settle(st, ev)
            return
        if self.phase2_waits(st) and a.seat == st.active:  # no phase-2 spell: trade on
            st.phase2_open = False
            return
        raise IllegalAction("there is nothing to skip now")

    def _pending_actions(self, st: ExcalibohnState, p: Pending, out: list[Action]) -> None:
        seat = p.seat
        fields = st.players[seat].fields
        if p.kind == "place":
            out.append(PlaceCard(seat, None))
            if p.plant and p.card is not None:
                out.extend(PlaceCard(seat, i) for i in plant_targets(fields, p.card))
        elif p.kind == "activate":
            out.extend(ActivateSpell(seat, i) for i, c in enumerate(st.spells[seat]) if not c.up)
            out.append(Skip(seat))
        elif p.kind == "coin":
            out.extend([ChooseCoin(seat, 0), ChooseCoin(seat, 1)])
        elif p.kind in ("forced", "own_plant"):
            hand = st.players[seat].hand
            if hand:
                out.extend(PlantHand(seat, i) for i in plant_targets(fields, hand[0]))
            if p.kind == "own_plant":
                out.append(Skip(seat))

    def phase_prompt(self, st: ExcalibohnState, seat: int) -> Ask | None:
        name = st.players[seat].name
        if st.pending and st.pending[0].seat == seat:
            p = st.pending[0]
            kind = ASK_KINDS[p.kind]
            text = {
                "place_card": f"{name} places the card taken: plant it or tuck it.",
                "activate": f"{name} may turn {p.count} spell card(s) face up.",
                "choose_coin": f"{name} chooses one of the two coins turned up.",
                "choose_face": f"{name} lays the spell card received face up or down.",
                "forced_plant": f"{name} must plant the front hand card.",
                "turn": f"{name} may plant the front hand card.",
            }[kind]
            return Ask(kind, text)
        if st.phase in (MAGIC, DRAW) and seat == st.active:
            return Ask("turn", f"It is {name}'s turn.")
        return None

    def can_offer(self, st: ExcalibohnState, seat: int) -> bool:
        """No offer while a decision is pending, nor a fellow's while the active player
        decides on a phase-2 spell (either would be refused)."""
        if st.pending or (seat != st.active and self.phase2_waits(st)):
            return False
        may: bool = super().can_offer(st, seat)  # type: ignore[misc]
        return may

    def may_volunteer(self, st: ExcalibohnState, seat: int) -> bool:
        if st.pending or self.phase2_waits(st):
            return False
        may: bool = super().may_volunteer(st, seat)  # type: ignore[misc]
        return may

    def volunteer_window(self, st: ExcalibohnState) -> Any:
        """Bohnanza's windows, and one more when the active player has decided on the
        phase-2 spells (the fellows are asked for offers only then)."""
        key = super().volunteer_window(st)  # type: ignore[misc]
        return None if key is None else (*key, self.phase2_waits(st))
