"""Excalibohn (excalibohn.txt) for 3-5 players, composed over the Bohnanza turn through its
hooks. Phases: "plant" (1a, as Bohnanza), "magic" (1b: the bean abilities, spells activated
and cast), "trade" (2), "plant_trades" (3), "draw" (the phase-4 window, only while a face-up
spell could still be used then), "over". Decisions out of the turn's order (a stolen card
to place, spells to activate, the Attack Spell's two coins, a forced plant...) wait in
`st.pending`; the first is the one the game waits for. The rule choices where the rulebook
is silent are docs/formats.md's ("Excalibohn")."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from bohn_tui.games.common.actions import (
    Accept,
    Action,
    DeckRanOut,
    Drew,
    EndTrading,
    Event,
    Harvest,
    Harvested,
    IllegalAction,
    Offer,
    PhaseStarted,
    PlantArea,
    Planted,
    PlantHand,
    cached_action,
)
from bohn_tui.games.common.data import GameData
from bohn_tui.games.common.ending import LAST_RUNOUT
from bohn_tui.games.common.rules import (
    OVER,
    PLANT,
    PLANT_TRADES,
    TRADE,
    BeanRules,
    GameState,
)
from bohn_tui.games.common.table import (
    PlayerState,
    harvest,
    harvestable,
    plant_targets,
    shuffle,
)
from bohn_tui.games.excalibohn.abilities import DRAW, MAGIC, Abilities, is_seat
from bohn_tui.games.excalibohn.actions import (
    ActivateSpell,
    ChooseCoin,
    DrawCards,
    EndMagic,
    FieldClosed,
    PlaceCard,
    Skip,
    SpellDrawn,
    SpellsDealt,
    UseAbility,
)
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.decisions import Decisions
from bohn_tui.games.excalibohn.spells import SpellRules
from bohn_tui.games.excalibohn.state import (
    RULEBOOK_OPTIONS,
    ExcalibohnState,
    Pending,
    SpellCard,
)
from bohn_tui.games.excalibohn.views import ExcalibohnViews

SPELLS = "the spell deck shuffled"  # its chance (engine/chance.py), before one is dealt each
PHASE_NAMES = {
    PLANT: "Phase 1a: plant from the hand",
    MAGIC: "Phase 1b: abilities and spells",
    TRADE: "Phase 2: turn up and trade",
    PLANT_TRADES: "Phase 3: plant turned-up and traded cards",
    DRAW: "Phase 4: draw",
    OVER: "Game over",
}


class ExcalibohnRules(
    SpellRules, Decisions, Abilities, ExcalibohnViews, BeanRules[ExcalibohnState]
):
    """Excalibohn for 3-5 players (see the module)."""

    def __init__(self, data: GameData, n_players: int) -> None:
        super().__init__(data, n_players)
        self.magic = cards().magic
        for kind, handler in list(self.handlers.items()):  # nothing else while one decides
            if kind not in (Harvest, PlantHand):
                self.handlers[kind] = self._guarded(handler)
        self.handlers.update(
            {
                Harvest: self._excali_harvest,
                PlantHand: self._excali_plant_hand,
                Offer: self._guarded(self._excali_offer),
                Accept: self._guarded(self._excali_accept),
                ActivateSpell: self._activate,
                PlaceCard: self._place_card,
                ChooseCoin: self._choose_coin,
                EndMagic: self._guarded(self._end_magic),
                Skip: self._skip,
                DrawCards: self._guarded(self._draw_cards),
                **{k: self._guarded(h, own=True) for k, h in self.spell_handlers().items()},
                UseAbility: self._use_ability,
                EndTrading: self._guarded(self._excali_end_trading),
                PlantArea: self._guarded(self._excali_plant_area),
            }
        )
        self.legal_to_move = self.legal_actions

    # -- setup -----------------------------------------------------------------------------

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[ExcalibohnState, list[Event]]:
        """Rule 1: the beans shuffled (or `deck`, top card first), the spells shuffled, one
        each face down; the highest Groschen starts; five hand cards dealt one at a time,
        seat 0 first. Option "open_treasuries" as in Bohnanza; the rules corrected to the
        rulebook (state.RULEBOOK_OPTIONS) are options true by default."""
        if len(names) != self.n:
            raise ValueError(f"this rules object is for {self.n} players, not {len(names)}")
        for flag in RULEBOOK_OPTIONS:  # each true by default (state.RULEBOOK_OPTIONS)
            if (options or {}).get(flag, True).__class__ is not bool:
                raise ValueError(f"option {flag!r} is true or false")
        base, _ = super().new_game(names, seed, options, deck)  # the turn starts below
        st = ExcalibohnState(**{f.name: getattr(base, f.name) for f in fields(GameState)})
        hands = [p.hand for p in st.players]  # Bohnanza deals five at a time: one at a time
        flat = [c for hand in hands for c in hand]
        for s, hand in enumerate(hands):
            hand[:] = flat[s :: self.n]
        spells = list(cards().spells)
        shuffle(spells, st.rng, SPELLS)
        st.spells = [[SpellCard(spells.pop())] for _ in range(self.n)]
        st.spell_deck = spells
        st.notes = [[] for _ in range(self.n)]
        st.temp_fields = [False] * self.n
        groschen = [cards().spells[r[0].id].groschen for r in st.spells]
        st.start = st.active = groschen.index(max(groschen))
        ev: list[Event] = [SpellsDealt(st.start, max(groschen))]
        self.start_turn(st, ev)
        for s, row in enumerate(st.spells):
            self.note(st, s, f"Your spell card: {cards().spells[row[0].id].name}.")
        return st, ev

    # -- the interface the spells call -------------------------------------------------------

    def push(self, st: ExcalibohnState, p: Pending) -> None:
        """A decision to wait for, after those already waiting."""
        st.pending.append(p)

    def pop(self, st: ExcalibohnState, ev: list[Event]) -> None:
        """The first decision is resolved: the next one, or the turn goes on."""
        if st.pending:
            del st.pending[0]
        self.settle(st, ev)

    def settle(self, st: ExcalibohnState, ev: list[Event]) -> None:
        """Nothing is pending: phase 1b ends by itself when nothing is left to do in it;
        phase 3 ends when every trade area is empty."""
        if st.pending or st.phase == OVER:
            return
        if st.phase == MAGIC and not self.magic_choices(st):
            self._turn_up(st, ev)
        elif st.phase == PLANT_TRADES:
            self.after_planting(st, ev)

    def note(self, st: ExcalibohnState, seat: int, text: str) -> None:
        """A sentence only `seat` sees (its view's "notes"), until its next turn begins."""
        st.notes[seat].append(text)

    def plant_card(
        self, st: ExcalibohnState, seat: int, variety: str, field: Any, source: str, ev: list[Event]
    ) -> None:
        """Plant one card on `seat`'s field `field` (raises IllegalAction, changing nothing,
        if it does not fit). In 1b a new row of the active player gives that field a use."""
        p = st.players[seat]
        empty = is_seat(field, len(p.fields)) and not p.fields[field].count
        self._plant(p, variety, field)
        ev.append(Planted(seat, variety, field, source))
        if empty and st.phase == MAGIC and seat == st.active:
            while len(st.uses) <= field:
                st.uses.append(False)
            st.uses[field] = True

    def draw_cards(self, st: ExcalibohnState, n: int, ev: list[Event]) -> list[str]:
        """Up to n cards from the draw pile (fewer once it is used up for the last time)."""
        ran: list[tuple[int, int]] = []
        drawn = st.deck.draw(n, ran, st.rng)
        ev.extend(DeckRanOut(t, size) for t, size in ran)
        return drawn

    def draw_phase4(self, st: ExcalibohnState, ev: list[Event], n: int) -> None:
        """Phase 4: the active player draws n, the face-up spells turn down, then the next
        turn, or the end once the draw pile is used up for the last time."""
        seat = st.active
        if not st.deck.ending:
            drawn = self.draw_cards(st, n, ev)
            st.players[seat].hand.extend(drawn)
            ev.append(Drew(seat, len(drawn)))
            if drawn:
                names = ", ".join(self.vname(c) for c in drawn)
                self.note(st, seat, f"You drew {names}.")
        self.spells_end_of_turn(st, ev)
        st.uses = []
        if st.deck.ending:
            self.game_over(st, ev, LAST_RUNOUT)
            return
        st.active = (seat + 1) % self.n
        self.start_turn(st, ev)

    # -- the turn --------------------------------------------------------------------------

    def start_turn(self, st: GameState, ev: list[Event] | None) -> None:
        if not isinstance(st, ExcalibohnState):
            return  # new_game builds the Excalibohn state first
        assert ev is not None
        st.notes[st.active] = []  # what a seat saw since its own turn began (at one terminal
        # a victim sees its screen only later: its notes wait until its next turn)
        st.shown = []
        st.uses = []
        st.traded = False
        st.phase2_open = False
        super().start_turn(st, ev)

    def planting_done(self, st: ExcalibohnState, p: PlayerState) -> bool:
        if st.flow and p.hand:
            return False
        return super().planting_done(st, p)

    def turn_up_cards(self, st: ExcalibohnState, ev: list[Event] | None) -> None:
        """Phase 1a is over: phase 1b, unless there is nothing to do in it (rule 2)."""
        assert ev is not None
        fields = st.players[st.active].fields
        st.uses = [f.count > 0 for f in fields]
        st.phase = MAGIC
        st.flow = False  # the Magic Card Flow lasts until the phase changes (rule 11)
        if not self.magic_choices(st):
            self._turn_up(st, ev)
            return
        ev.append(PhaseStarted(st.active, MAGIC, st.turn))

    def magic_choices(self, st: ExcalibohnState) -> list[Action]:
        """What the active player could do in phase 1b but end it or harvest."""
        out: list[Action] = []
        self._magic_actions(st, st.active, out)
        return out

    def _turn_up(self, st: ExcalibohnState, ev: list[Event]) -> None:
        """Phase 2 begins: the cards are turned up (phase2_open until the first offer)."""
        st.uses = [False] * len(st.players[st.active].fields)
        st.flow = False
        super().turn_up_cards(st, ev)
        if st.phase == TRADE:
            st.phase2_open = True

    def after_planting(self, st: ExcalibohnState, ev: list[Event] | None) -> None:
        if st.pending or st.phase != PLANT_TRADES:
            return
        super().after_planting(st, ev)

    def end_of_turn(self, st: ExcalibohnState, ev: list[Event] | None) -> None:
        """Phase 4: the draw window while a face-up spell could be used, else the draw."""
        assert ev is not None
        st.flow = False
        if self.draw_window(st):
            st.phase = DRAW
            ev.append(PhaseStarted(st.active, DRAW, st.turn))
            return
        self.draw_phase4(st, ev, self.count.draw)

    def game_over(self, st: ExcalibohnState, ev: list[Event] | None, reason: str) -> None:
        """The final harvest, from the active player on (a Cap harvest of 2+ brings a spell
        card while the deck holds one: its Groschen count in the tie-break), then Bohnanza's
        scoring."""
        for seat in self._order[st.active]:
            for i, f in enumerate(st.players[seat].fields):
                if f.count:
                    self._harvest_field(st, seat, i, ev, final=True)
        for p in st.pending:  # (none is left at the end; a card held would be kept)
            if p.kind == "place" and p.card is not None:
                st.players[p.seat].hand.append(p.card)
        st.pending.clear()
        super().game_over(st, ev, reason)

    def winners(self, st: ExcalibohnState) -> tuple[int, ...]:
        """The most coins; ties: the most Groschen on one's spell cards; then shared."""
        best = max(st.scores)
        tied = [s for s, score in enumerate(st.scores) if score == best]
        if len(tied) > 1:
            money = {s: cards().groschen([c.id for c in st.spells[s]]) for s in tied}
            most = max(money.values())
            tied = [s for s in tied if money[s] == most]
        return tuple(tied)

    def tiebreak_text(self) -> str:
        return "Ties: the tied player with more Groschen on their spell cards wins; then shared."

    def step(self, st: ExcalibohnState, action: Action) -> None:
        """`apply` without its list of events (the handlers build theirs; BeanRules.apply's
        event tap and after_action do nothing here); what its guard refuses goes to apply."""
        handler, seat = self.handlers.get(action.__class__), action.seat
        if handler is None or seat.__class__ is not int or not 0 <= seat < self.n:
            self.apply(st, action)  # raises
        elif st.phase == OVER:
            self.apply(st, action)  # raises
        else:
            handler(st, action, [])

    # -- handlers ------------------------------------------------------------------------------

    def _excali_offer(self, st: ExcalibohnState, a: Offer, ev: list[Event]) -> None:
        if a.seat != st.active and self.phase2_waits(st):
            raise IllegalAction(
                f"wait: {self._who(st, st.active)} decides first whether to use a spell of phase 2"
            )
        self._offer(st, a, ev)
        st.phase2_open = False

    def _excali_accept(self, st: ExcalibohnState, a: Accept, ev: list[Event]) -> None:
        self._accept(st, a, ev)
        st.traded = True
        st.phase2_open = False

    def _excali_end_trading(self, st: ExcalibohnState, a: EndTrading, ev: list[Event]) -> None:
        """Rule 10: after the Trade Spell the untraded turned-up cards may be discarded."""
        if st.phase == TRADE and a.seat == st.active:  # (then _end_trading refuses nothing)
            st.flow = False
            if "trade" in st.cast:
                st.discardable = list(st.turned_up)
        self._end_trading(st, a, ev)
        st.phase2_open = False

    def _excali_plant_area(self, st: ExcalibohnState, a: PlantArea, ev: list[Event]) -> None:
        """Phase 3: "The active player begins, the others follow clockwise." """
        first = self._planter(st)
        if first is not None and a.seat != first and st.players[a.seat].area:
            raise IllegalAction(
                f"{self._who(st, first)} plants first: the active player begins, "
                "the others follow clockwise"
            )
        self._plant_area(st, a, ev)

    def _planter(self, st: ExcalibohnState) -> int | None:
        """Phase 3 in turn: the seat that plants now (the first from the active player on
        with cards in its trade area); None when every seat may (the records saved before)."""
        if st.phase != PLANT_TRADES or not st.rule("phase3_in_turn"):
            return None
        players = st.players
        for s in self._order[st.active]:
            if players[s].area:
                return s
        return None

    def _excali_plant_hand(
        self, st: ExcalibohnState, a: PlantHand, ev: list[Event] | None = None
    ) -> None:
        ev = ev if ev is not None else []
        if st.pending:
            self._own_pending(st, a, "forced", "own_plant")
            self._plant_front(st, a.seat, a.field, ev)
            self.pop(st, ev)
            return
        if st.phase == PLANT and st.planted < 2 and a.seat == st.active:
            self._plant_hand(st, a, ev)
            return
        if st.flow and a.seat == st.active:
            self._plant_front(st, a.seat, a.field, ev)
            return
        self._plant_hand(st, a, ev)  # refuses with Bohnanza's words

    def _plant_front(self, st: ExcalibohnState, seat: int, field: Any, ev: list[Event]) -> None:
        """Plant `seat`'s front hand card outside phase 1a (a forced plant, the caster's own,
        the Magic Card Flow); open offers follow the hand's cards."""
        hand = st.players[seat].hand
        if not hand:
            raise IllegalAction("your hand is empty")
        self.plant_card(st, seat, hand[0], field, "hand", ev)
        del hand[0]
        self._reindex_offers(st, seat, (0,), (), ev)

    def _excali_harvest(
        self, st: ExcalibohnState, a: Harvest, ev: list[Event] | None = None
    ) -> None:
        """Rule 20: any time, by anybody, but not during a Sword duel; the protection rule."""
        ev = ev if ev is not None else []
        if st.pending and any(p.duel for p in st.pending):
            raise IllegalAction("nobody may harvest while the Sword Bean's duel goes on")
        p = st.players[a.seat]
        if not is_seat(a.field, len(p.fields)):
            self._check_field(p, a.field)  # raises
        if a.field not in harvestable(p.fields):
            f = p.fields[a.field]
            if not f.count:
                raise IllegalAction(f"field {a.field + 1} is empty")
            raise IllegalAction(
                f"field {a.field + 1} holds a single {self.vname(f.variety)} and is "
                "protected while another field holds more than one card"
            )
        self._harvest_field(st, a.seat, a.field, ev)
        if st.phase == PLANT_TRADES:
            self.settle(st, ev)

    def _harvest_field(
        self,
        st: ExcalibohnState,
        seat: int,
        index: int,
        ev: list[Event] | None,
        final: bool = False,
    ) -> None:
        """Harvest one field: an enchanted first card to the discard pile, the Cap's spell
        card (at the final harvest too), the temporary third field closed and the use lost
        (not at the final harvest: every field is harvested then)."""
        p = st.players[seat]
        f = p.fields[index]
        variety, count = f.variety, f.count
        assert variety is not None
        coins = harvest(p, index, self.varieties[variety], st.deck.discard)
        was = st.enchanted.pop((seat, index), None)
        if was is not None:
            st.deck.discard[-1] = was  # the first card's real variety (coins < cards always)
        if ev is not None:
            ev.append(Harvested(seat, index, variety, count, coins))
        if not final and seat == st.active and index < len(st.uses):
            st.uses[index] = False
        known = cards()
        if variety == known.cap and count >= known.spell_at:
            card = st.take_spell(seat)
            if card is not None and ev is not None:
                ev.append(SpellDrawn(seat, "cap", None))
                self.note(st, seat, f"You drew the {cards().spells[card.id].name}.")
        if st.temp_fields[seat] and not final:
            self._close_temp_field(st, seat, index, ev)

    def _close_temp_field(
        self, st: ExcalibohnState, seat: int, index: int, ev: list[Event] | None
    ) -> None:
        p = st.players[seat]
        third = p.fields.pop()
        last = len(p.fields)  # the third field's index
        moved, to = 0, None
        if index != last and third.count:
            p.fields[index] = third
            moved, to = third.count, index
            was = st.enchanted.pop((seat, last), None)
            if was is not None:
                st.enchanted[(seat, index)] = was
        if seat == st.active and len(st.uses) > last:
            if to is not None:
                st.uses[to] = st.uses[last]
            del st.uses[last:]
        st.temp_fields[seat] = False
        if ev is not None:
            ev.append(FieldClosed(seat, moved, to))

    def _end_magic(self, st: ExcalibohnState, a: EndMagic, ev: list[Event]) -> None:
        if st.phase != MAGIC:
            raise IllegalAction("this is not phase 1b")
        self._need_active(st, a, "end phase 1b")
        self._turn_up(st, ev)

    def _draw_cards(self, st: ExcalibohnState, a: DrawCards, ev: list[Event]) -> None:
        if st.phase != DRAW:
            raise IllegalAction("cards are drawn only in phase 4")
        self._need_active(st, a, "draw")
        self.draw_phase4(st, ev, self.count.draw)

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self, st: ExcalibohnState, seat: int) -> list[Action]:
        if st.phase == OVER or seat.__class__ is not int or not 0 <= seat < self.n:
            return []  # (not is_seat: one call fewer on the hot path)
        out: list[Action] = []
        if st.pending:  # the decision's seat decides; the others may only harvest
            p = st.pending[0]
            if seat == p.seat:
                self._pending_actions(st, p, out)
                self.spell_actions(st, seat, out)
            if not any(q.duel for q in st.pending):
                self._harvests(st, seat, out)
            return out
        if st.phase == MAGIC:
            if seat == st.active:
                self._magic_actions(st, seat, out)
                self._flow_skip(st, seat, out)
                out.append(cached_action(EndMagic, seat))
            self._harvests(st, seat, out)
            return out
        if st.phase == DRAW:
            if seat == st.active:
                out.append(DrawCards(seat))
            self._harvests(st, seat, out)
        else:
            out = self._legal(st, seat)  # (a new list)
            if st.phase == PLANT_TRADES and self._planter(st) not in (None, seat):  # in turn
                out[:] = [a for a in out if a.__class__ is not PlantArea]
        if st.flow and (st.phase != PLANT or st.planted >= 2):
            self._flow_plants(st, seat, out)
        if seat == st.active:
            self._flow_skip(st, seat, out)
        self.spell_actions(st, seat, out)
        return out

    def _magic_actions(self, st: ExcalibohnState, seat: int, out: list[Action]) -> None:
        """Phase 1b, no decision pending: abilities, Magic Beans from the hand, the flow's
        plants and the spells."""
        if st.pending or seat != st.active:
            return
        self.ability_actions(st, seat, out)
        row = st.spells[seat]
        hand = st.players[seat].hand
        magic = self.magic
        if magic in hand:  # (most hands hold none)
            for m, card in enumerate(hand):
                if card == magic:
                    out.extend(ActivateSpell(seat, i, m) for i, c in enumerate(row) if not c.up)
        if st.flow:
            self._flow_plants(st, seat, out)
        self.spell_actions(st, seat, out)

    def _flow_plants(self, st: ExcalibohnState, seat: int, out: list[Action]) -> None:
        if st.flow and seat == st.active and not st.pending:
            hand = st.players[seat].hand
            if hand:
                out.extend(
                    PlantHand(seat, i) for i in plant_targets(st.players[seat].fields, hand[0])
                )

    def _flow_skip(self, st: ExcalibohnState, seat: int, out: list[Action]) -> None:
        """The rest of a Magic Card Flow may be forgone (Skip), and so may the phase-2
        spells while the fellows wait for that decision. (Not one of phase 1b's choices:
        1b still ends by itself when nothing else is left.)"""
        if seat == st.active and (st.flow or (st.phase2_open and self.phase2_waits(st))):
            out.append(Skip(seat))

    def _harvests(self, st: ExcalibohnState, seat: int, out: list[Action]) -> None:
        out.extend([cached_action(Harvest, seat, i) for i in harvestable(st.players[seat].fields)])

    # -- who acts ------------------------------------------------------------------------------

    def phase_name(self, st: ExcalibohnState) -> str:
        return PHASE_NAMES[st.phase]

    def waiting_for(self, st: ExcalibohnState) -> list[int]:
        if st.pending and st.phase != OVER:
            return [st.pending[0].seat]
        if st.phase in (MAGIC, DRAW):
            return [st.active]
        first = self._planter(st)
        if first is not None:
            return [first]
        return super().waiting_for(st)

    def to_move(self, st: ExcalibohnState) -> int | None:
        """waiting_for(st)[0] without the list (the bot driver's hot path)."""
        phase = st.phase
        if st.pending and phase != OVER:
            return st.pending[0].seat
        if phase == MAGIC or phase == DRAW:
            return st.active
        first = self._planter(st) if phase == PLANT_TRADES else None
        return first if first is not None else BeanRules.to_move(self, st)  # (no super())

    def rules_summary(self) -> list[str]:
        from bohn_tui.games.excalibohn.help import rules_summary

        return rules_summary(self)


# events that show something no seat knew before (an undo must not take them back)
def revealing() -> tuple[type[Event], ...]:
    from bohn_tui.games.common.actions import TurnedUp
    from bohn_tui.games.excalibohn import actions as x

    return (
        TurnedUp,
        Drew,
        DeckRanOut,
        x.CardStolen,
        x.CoinsShuffled,
        x.CoinTurnedUp,
        x.SwordResult,
        x.SpellDrawn,
        x.SpellsSwapped,
        x.SpellLaid,
        x.SpellsTurnedDown,
        x.SpellsDealt,
        x.CardTucked,
    )


__all__ = ["DRAW", "MAGIC", "ExcalibohnRules", "ExcalibohnState", "revealing"]
