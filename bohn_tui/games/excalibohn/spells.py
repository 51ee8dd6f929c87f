"""The eleven spell cards (excalibohn.txt, "The Spell Cards"): a mixin of ExcalibohnRules.

"Use the spell of an activated spell card as the active player in the stated phase. [...]
After you have used a spell, turn the corresponding spell card to the back side. At the
end of your turn, turn your still-activated spell cards back to the back side again."

A spell is cast with CastSpell(spell=its index in the seat's row, and the spell's own
choices). Each spell has a check (raising IllegalAction with one sentence, changing
nothing) and an effect; `spell_actions` lists every choice the checks allow. Timing
(common13.md rule 8): "1b" in phase magic, "phase2_start" in phase trade while
`phase2_open`, "phase3" in plant_trades, "phase4" in draw, "any" in any phase of one's own
turn; never while a decision is pending."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeGuard

from bohn_tui.engine.actions import Action, Event, IllegalAction
from bohn_tui.engine.limits import show
from bohn_tui.games.common.actions import TurnedUp
from bohn_tui.games.common.table import Field, distinct, shuffle
from bohn_tui.games.excalibohn.actions import (
    CastSpell,
    ChooseFace,
    DiscardTurnedUp,
    FieldEnchanted,
    FieldOpened,
    SpellCast,
    SpellDrawn,
    SpellLaid,
    SpellsSwapped,
    SpellsTurnedDown,
    TurnedUpDiscarded,
)
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.state import Pending, SpellCard

# the phases each timing allows (the phase2_start timing also needs st.phase2_open)
SPELLS_BACK = "the spell deck shuffled with the spells put back"  # its chance
OWN_TURN = ("plant", "magic", "trade", "plant_trades", "draw")
PHASES = {
    "1b": ("magic",),
    "phase2_start": ("trade",),
    "phase3": ("plant_trades",),
    "phase4": ("draw",),
    "any": OWN_TURN,
}
WHEN = {  # for the message of a spell cast out of time
    "1b": "in phase 1b",
    "phase2_start": "at the beginning of phase 2, before the first offer",
    "phase3": "in phase 3",
    "phase4": "in phase 4",
    "any": "during your own turn",
}
# the CastSpell fields each spell takes (the others must be None)
CHOICES: dict[str, tuple[str, ...]] = {
    "swap": ("target", "index"),
    "enchant_beans": ("field", "variety"),
    "retuck": ("index", "to"),
}
_FIELDS = ("target", "index", "to", "field", "variety")


def _is_int(x: object) -> TypeGuard[int]:
    return x.__class__ is int


class SpellRules:
    """The spells (see the module). The core (rules.py) provides `push`, `pop`,
    `after_planting`, `draw_cards`, `draw_phase4`, `note`, `_who`, `vname`, `n`."""

    n: int
    push: Callable[..., None]
    pop: Callable[..., None]
    after_planting: Callable[..., None]
    draw_cards: Callable[..., list[str]]
    draw_phase4: Callable[..., None]
    note: Callable[..., None]
    _who: Callable[..., str]
    vname: Callable[..., str]

    # -- the interface -------------------------------------------------------------------

    def spell_handlers(self) -> dict[type[Action], Callable[..., None]]:
        """The handlers (st, action, ev) of CastSpell, ChooseFace and DiscardTurnedUp."""
        return {
            CastSpell: self._cast_spell,
            ChooseFace: self._choose_face,
            DiscardTurnedUp: self._discard_turned_up,
        }

    def spell_actions(self, st: Any, seat: int, out: list[Action]) -> None:
        """Appends the spell actions `seat` may take now (every choice enumerated)."""
        if st.pending:
            d = st.pending[0]
            if d.kind == "face" and d.seat == seat and st.phase != "over" and 0 <= seat < self.n:
                out.append(ChooseFace(seat, True))
                out.append(ChooseFace(seat, False))
            return
        if seat != st.active or st.phase == "over":  # (the active player is a seat)
            return
        for i, card in enumerate(st.spells[seat]):
            if card.up and self._in_time(st, card.id, st.phase):
                for kw in self._choices(st, seat, card.id, st.phase):
                    out.append(CastSpell(seat, i, **kw))
        if st.phase == "plant_trades" and st.discardable:
            area = st.players[seat].area
            for v in distinct(st.discardable):
                if v in area:
                    out.append(DiscardTurnedUp(seat, v))

    def draw_window(self, st: Any) -> bool:
        """Whether phase 4 waits for the active player: a face-up spell of theirs could be
        cast in phase 4 (the Hand Card Spell with no trade this turn, or an "any" spell with
        something to do)."""
        seat = st.active
        for card in st.spells[seat]:
            if card.up and self._in_time(st, card.id, "draw"):
                for _ in self._choices(st, seat, card.id, "draw"):
                    return True
        return False

    def phase2_waits(self, st: Any) -> bool:
        """Phase 2 has begun, no offer is made yet, and the active player could still cast
        a phase-2 spell (the Trade Spell, the Pile Spell): "First turn up two cards ...
        Then decide whether you want to use the spell." Nobody else may offer until the
        active player decides (casts, offers, skips or ends trading). False with the option
        "phase2_active_first" false (the records saved before)."""
        if st.phase != "trade" or not st.phase2_open or st.pending:
            return False
        if not st.rule("phase2_active_first"):
            return False
        seat = st.active
        for card in st.spells[seat]:
            if card.up and cards().spells[card.id].timing == "phase2_start":
                if next(self._choices(st, seat, card.id, "trade"), None) is not None:
                    return True
        return False

    def spells_end_of_turn(self, st: Any, ev: list[Event] | None) -> None:
        """The end of a turn: the active player's face-up spells turn face down ("At the end
        of your turn, turn your still-activated spell cards back": a fellow's, activated in
        a counterattack, stay up until the end of that fellow's own turn; every seat's with
        the option "own_spells_down" false, as in the records saved before); a card turned
        down has been seen, so every seat knows it from now on. The Random Spell's draws
        (temp) go back into the spell deck, which is shuffled with st.rng. The turn's spell
        state is cleared."""
        everyone = tuple(range(self.n))
        returned: list[str] = []
        counts = [0] * self.n
        own = st.rule("own_spells_down")
        for seat, row in enumerate(st.spells):
            kept = []
            for card in row:
                if card.up and (seat == st.active or not own):
                    counts[seat] += 1
                    card.up = False
                    card.known = tuple(s for s in everyone if s != seat)
                if card.temp:
                    returned.append(card.id)
                else:
                    kept.append(card)
            row[:] = kept
        if returned:
            st.spell_deck.extend(returned)
            shuffle(st.spell_deck, st.rng, SPELLS_BACK)
        st.attack = False
        st.flow = False
        st.cast.clear()
        st.discardable.clear()
        if ev is not None:
            ev.append(SpellsTurnedDown(st.active, counts[st.active], tuple(returned)))
            for seat in range(self.n):
                if seat != st.active and counts[seat]:
                    ev.append(SpellsTurnedDown(seat, counts[seat]))

    # -- timing and choices ----------------------------------------------------------------

    def _in_time(self, st: Any, spell: str, phase: str) -> bool:
        timing = cards().spells[spell].timing
        if phase not in PHASES[timing]:
            return False
        return timing != "phase2_start" or st.phase2_open

    def _choices(self, st: Any, seat: int, spell: str, phase: str) -> Iterator[dict[str, Any]]:
        """Every choice of `spell` that its check allows now, as CastSpell keywords (the
        timing already checked; `phase` is the phase it would be cast in)."""
        p = st.players[seat]
        if spell == "swap":
            for t in range(self.n):
                if t != seat:
                    for j, c in enumerate(st.spells[t]):
                        if not c.up:
                            yield {"target": t, "index": j}
        elif spell == "enchant_beans":
            kinds = distinct(p.area)
            for i, f in enumerate(p.fields):
                if f.count == 1:
                    for v in kinds:
                        if v != f.variety:
                            yield {"field": i, "variety": v}
        elif spell == "retuck":
            size = len(p.hand)
            for i in range(size):
                for to in range(size):
                    if to != i:
                        yield {"index": i, "to": to}
        elif self._why_not(st, seat, spell, phase) is None:
            yield {}

    def _why_not(self, st: Any, seat: int, spell: str, phase: str) -> str | None:
        """Why a spell without choices cannot be cast now (None: it can)."""
        if spell == "bean_field":
            if st.temp_fields[seat]:
                return "your third field from the Bean Field Spell is still open"
            if len(st.players[seat].fields) >= 3:
                return "you have three fields already"
        elif spell == "attack" and st.attack:
            return "the Attack Spell is already cast"
        elif spell == "flow":
            if st.flow:
                return "the Magic Card Flow is already running"
            if not st.players[seat].hand:
                return "your hand is empty: there is no front card to plant"
        elif spell == "pile" and not st.deck.discard:
            return "the discard pile is empty"
        elif spell == "random" and not st.spell_deck:
            return "the spell card deck is empty"
        elif spell == "enchant_players" and not any(p.hand for p in st.players):
            return "nobody holds a hand card"
        elif spell == "hand_card" and st.traded:
            return "a trade came about this turn: the Hand Card Spell needs a turn without one"
        return None

    # -- casting ---------------------------------------------------------------------------

    def _cast_spell(self, st: Any, a: CastSpell, ev: list[Event] | None = None) -> None:
        seat = a.seat
        card = self._castable(st, a)
        spell = card.id
        self._check_choices(st, a, spell)
        # checked: from here on nothing raises
        if spell != "swap":
            card.up = False  # used: face down, and known to all (it was cast face up)
            card.known = tuple(s for s in range(self.n) if s != seat)
        st.cast.append(spell)
        if ev is not None:
            ev.append(SpellCast(seat, spell, a.target))
        getattr(self, "_do_" + spell)(st, a, card, ev)

    def _castable(self, st: Any, a: CastSpell) -> SpellCard:
        """The face-up card `a` casts, if it may be cast now (its choices aside)."""
        seat = a.seat
        if st.pending:
            d = st.pending[0]
            if d.seat != seat:
                raise IllegalAction(f"wait: {self._who(st, d.seat)} is deciding first")
            raise IllegalAction("decide what you were asked first")
        if seat != st.active:
            raise IllegalAction(
                f"only {self._who(st, st.active)}, whose turn it is, can cast a spell now"
            )
        row = st.spells[seat]
        if not _is_int(a.spell) or not 0 <= a.spell < len(row):
            raise IllegalAction(f"you have no spell card {show(a.spell)}")
        card: SpellCard = row[a.spell]
        spell = cards().spells[card.id]
        if not card.up:
            raise IllegalAction(f"your spell card {a.spell + 1} is face down: activate it first")
        if not self._in_time(st, card.id, st.phase):
            raise IllegalAction(f"the {spell.name} is cast {WHEN[spell.timing]}")
        return card

    def _check_choices(self, st: Any, a: CastSpell, spell: str) -> None:
        name = cards().spells[spell].name
        takes = CHOICES.get(spell, ())
        for key in _FIELDS:
            if key not in takes and getattr(a, key) is not None:
                raise IllegalAction(f"the {name} takes no {key}")
        for key in takes:
            if getattr(a, key) is None:
                raise IllegalAction(f"the {name} needs a {key}")
        seat = a.seat
        p = st.players[seat]
        if spell == "swap":
            t, j = a.target, a.index
            if not _is_int(t) or not 0 <= t < self.n or t == seat:
                raise IllegalAction(f"there is no fellow player {show(t)} to swap with")
            row = st.spells[t]
            if not _is_int(j) or not 0 <= j < len(row):
                raise IllegalAction(f"{self._who(st, t)} has no spell card {show(j)}")
            if row[j].up:
                raise IllegalAction("the Spell Card Swap takes a face-down spell card")
        elif spell == "enchant_beans":
            i, v = a.field, a.variety
            if not _is_int(i) or not 0 <= i < len(p.fields):
                raise IllegalAction(f"there is no field {show(i)}")
            f = p.fields[i]
            if f.count != 1:
                raise IllegalAction(f"field {i + 1} must hold exactly one bean card")
            if v.__class__ is not str or v not in p.area:
                raise IllegalAction(f"you have no {self._vname(v)} to plant now")
            if v == f.variety:
                raise IllegalAction(
                    f"field {i + 1} holds a {self.vname(v)} already: plant it as usual"
                )
        elif spell == "retuck":
            i, to, size = a.index, a.to, len(p.hand)
            if not _is_int(i) or not 0 <= i < size:
                raise IllegalAction(f"there is no card at hand position {show(i)}")
            if not _is_int(to) or not 0 <= to < size:
                raise IllegalAction(f"there is no hand position {show(to)} to tuck it to")
            if to == i:
                raise IllegalAction("re-tuck the card to another position")
        else:
            why = self._why_not(st, seat, spell, st.phase)
            if why is not None:
                raise IllegalAction(why)

    # -- the effects (checked before: they do not raise) ----------------------------------

    def _do_attack(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        st.attack = True

    def _do_bean_field(
        self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None
    ) -> None:
        st.players[a.seat].fields.append(Field())
        st.temp_fields[a.seat] = True
        if ev is not None:
            ev.append(FieldOpened(a.seat))

    def _do_swap(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        """The caster's Swap for the fellow's face-down card: each takes the other's place
        in its row. The Swap lies face down at the fellow's (everybody saw it cast); the
        card taken is known to its former holder. A Swap drawn by the Random Spell stays
        with the fellow and the card swapped in goes back into the deck instead."""
        seat, t = a.seat, a.target
        assert t is not None and a.index is not None  # _check_choices: swap takes both
        theirs = st.spells[t][a.index]
        everyone = tuple(s for s in range(self.n) if s != t)
        st.spells[t][a.index] = SpellCard(card.id, up=False, temp=False, known=everyone)
        known = tuple(s for s in range(self.n) if s != seat and (s == t or s in theirs.known))
        st.spells[seat][a.spell] = SpellCard(theirs.id, up=False, temp=card.temp, known=known)
        if ev is not None:
            ev.append(SpellsSwapped(seat, t, a.index))
        taken = cards().spells[theirs.id].name
        self.note(  # the log says whose card; which one only its former holder knows
            st, t, f"{self._who(st, seat)} swapped your {taken} away for the Spell Card Swap."
        )
        self.push(st, Pending("face", seat, index=a.spell))

    def _do_trade(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        drawn = self.draw_cards(st, 1, ev)
        st.turned_up.extend(drawn)
        if ev is not None:
            ev.append(TurnedUp(a.seat, tuple(drawn)))

    def _do_flow(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        st.flow = True

    def _do_pile(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        top = st.deck.discard.pop()
        st.turned_up.append(top)
        if ev is not None:
            ev.append(TurnedUp(a.seat, (), (top,)))

    def _do_enchant_beans(
        self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None
    ) -> None:
        seat, v = a.seat, a.variety
        assert a.field is not None and v is not None  # _check_choices: it takes both
        p = st.players[seat]
        f = p.fields[a.field]
        was = f.variety
        p.area.remove(v)
        if st.discardable.count(v) > p.area.count(v):
            st.discardable.remove(v)
        f.variety = v
        f.count = 2
        st.enchanted[(seat, a.field)] = was
        if ev is not None:
            ev.append(FieldEnchanted(seat, a.field, was, v))
        if not p.area:
            self.after_planting(st, ev)

    def _do_enchant_players(
        self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None
    ) -> None:
        """A "forced" plant for each fellow with a hand card, in seat order from the
        caster's left, then the caster's own optional plant ("own_plant")."""
        seat = a.seat
        for k in range(1, self.n):
            s = (seat + k) % self.n
            if st.players[s].hand:
                self.push(st, Pending("forced", s))
        if st.players[seat].hand:
            self.push(st, Pending("own_plant", seat))

    def _do_retuck(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        assert a.to is not None and a.index is not None  # _check_choices: retuck takes both
        hand = st.players[a.seat].hand
        order = list(range(len(hand)))
        order.insert(a.to, order.pop(a.index))  # order[new position] = old position
        hand[:] = [hand[i] for i in order]
        where = {old: new for new, old in enumerate(order)}
        for o in st.offers.values():  # open offers follow the cards to their new places
            if o.seat == a.seat and o.give_hand:
                o.give_hand = tuple(sorted(where[i] for i in o.give_hand))

    def _do_hand_card(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        self.draw_phase4(st, ev, 5)

    def _do_random(self, st: Any, a: CastSpell, card: SpellCard, ev: list[Event] | None) -> None:
        drawn = st.take_spell(a.seat, up=True, temp=True)
        if ev is not None:
            ev.append(SpellDrawn(a.seat, "random", drawn.id))

    def _vname(self, v: Any) -> str:
        """A variety's name for a message, whatever `v` is."""
        return self.vname(v) if v.__class__ is str else show(v)

    # -- the decisions that follow ---------------------------------------------------------

    def _choose_face(self, st: Any, a: ChooseFace, ev: list[Event] | None = None) -> None:
        d = st.pending[0] if st.pending else None
        if d is None or d.kind != "face":
            raise IllegalAction("there is no swapped spell card to lay down")
        if d.seat != a.seat:
            raise IllegalAction(f"the swapped spell card is {self._who(st, d.seat)}'s to lay")
        if a.up.__class__ is not bool:
            raise IllegalAction("lay the card face up (true) or face down (false)")
        card = st.spells[a.seat][d.index]
        card.up = a.up
        if ev is not None:
            ev.append(SpellLaid(a.seat, a.up, card.id if a.up else None))
        self.pop(st, ev)

    def _discard_turned_up(
        self, st: Any, a: DiscardTurnedUp, ev: list[Event] | None = None
    ) -> None:
        if st.phase != "plant_trades" or "trade" not in st.cast:
            raise IllegalAction(
                "turned-up cards may be discarded only in phase 3 after the Trade Spell"
            )
        if st.pending:
            raise IllegalAction(f"wait: {self._who(st, st.pending[0].seat)} is deciding first")
        if a.seat != st.active:
            raise IllegalAction(f"only {self._who(st, st.active)} may discard the turned-up cards")
        p = st.players[a.seat]
        v = a.variety
        if v.__class__ is not str or v not in st.discardable or v not in p.area:
            raise IllegalAction(f"there is no untraded turned-up {self._vname(v)} to discard")
        p.area.remove(v)
        st.discardable.remove(v)
        st.deck.discard.append(v)
        if ev is not None:
            ev.append(TurnedUpDiscarded(a.seat, v))
        if not p.area:
            self.after_planting(st, ev)
