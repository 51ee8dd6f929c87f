"""Tribute, the figures on the vine row and the tasks: every event of an action is
turned into task facts as it happens (the event tap); fulfilled tasks move their figures."""

from __future__ import annotations

from collections.abc import Iterable

from bohn_tui.games.bohnroschen.actions import (
    EndTribute,
    PayTribute,
)
from bohn_tui.games.bohnroschen.core import RulesCore
from bohn_tui.games.bohnroschen.events import (
    CastleEntered,
    FigureMoved,
    TributeDone,
    TributePaid,
    VineRemoved,
    VineRevealed,
)
from bohn_tui.games.bohnroschen.phases import (
    _OWN_TURN,
    INTERMEDIATE,
    PHASE_NUMBER,
)
from bohn_tui.games.bohnroschen.state import BohnroschenState
from bohn_tui.games.bohnroschen.tasks import Fact, Task, VineCard
from bohn_tui.games.common.actions import (
    DeckRanOut,
    Event,
    FieldBought,
    Harvested,
    IllegalAction,
    PhaseStarted,
    Planted,
    Traded,
    TurnedUp,
)
from bohn_tui.games.common.rules import (
    OVER,
)
from bohn_tui.games.common.table import (
    pay_coins,
)


class _Tap(list[Event]):
    """The event list of one action: each event is turned into task facts as it happens."""

    __slots__ = ("rules", "st")

    def __init__(self, rules: Progress, st: BohnroschenState) -> None:
        super().__init__()
        self.rules = rules
        self.st = st

    def append(self, e: Event) -> None:
        list.append(self, e)
        self.rules._on_event(self.st, e, self)

    def extend(self, events: Iterable[Event]) -> None:
        for e in events:
            self.append(e)


# ---------------------------------------------------------------------------------------
# Rules


class Progress(RulesCore):
    """Tribute, the figures and the tasks (a mixin of BohnroschenRules)."""

    # -- tribute -----------------------------------------------------------------------------

    def _asked_in_intermediate(self, st: BohnroschenState, seat: int) -> bool:
        """Whether the intermediate phase asks `seat` about tribute: every seat whose figure
        has a vine card still ahead of it, coins or none; only the row, which everybody sees,
        decides it, a treasury never does (who is asked tells nobody a count). With the
        option "ask_everyone" false (the records saved before, replayed with the game's
        legacy options): only the seats that hold a coin."""
        ahead = not st.entered[seat] and st.pos[seat] < len(st.vine) - 1
        if st.options.get("ask_everyone", True):
            return ahead
        return ahead and bool(st.players[seat].coins)

    def tribute_refusal(self, st: BohnroschenState, seat: int) -> str | None:
        """Why `seat` may not pay tribute now (None: it may)."""
        if st.phase == OVER:
            return "the game is over"
        if st.entered[seat] or st.pos[seat] >= len(st.vine) - 1:
            return "your figure has passed every vine card already"
        if not st.players[seat].coins:
            return "you have no coin to pay tribute with"
        if st.phase == INTERMEDIATE:
            return None
        if seat != st.active or st.phase not in _OWN_TURN:
            if self.duel:
                return "tribute is paid only on your own turn"
            return "tribute is paid on your own turn or in the intermediate phase"
        return None

    def _pay_tribute(self, st: BohnroschenState, a: PayTribute, ev: list[Event]) -> None:
        why = self.tribute_refusal(st, a.seat)
        if why:
            raise IllegalAction(why)
        self._pay_one(st, a.seat, ev)
        if st.phase == INTERMEDIATE:
            st.done[a.seat] = False

    def _pay_one(self, st: BohnroschenState, seat: int, ev: list[Event]) -> None:
        """One coin, top of the stack first, to the discard pile (two players and solo: out
        of the game); the figure moves one vine card on."""
        p = st.players[seat]
        removed = self.count.paid_coins == "removed"
        coin = p.coins[-1]
        pay_coins(p, 1, st.removed if removed else st.deck.discard)
        ev.append(TributePaid(seat, coin, removed))
        self._advance(st, seat, "tribute", ev)

    def _end_tribute(self, st: BohnroschenState, a: EndTribute, ev: list[Event]) -> None:
        if st.phase != INTERMEDIATE:
            raise IllegalAction("there is no intermediate phase on now")
        if st.done[a.seat]:
            raise IllegalAction("you are done with tribute in this intermediate phase")
        st.done[a.seat] = True
        ev.append(TributeDone(a.seat))

    # -- figures, tasks and the row ----------------------------------------------------------

    def _advance(self, st: BohnroschenState, seat: int, how: str, ev: list[Event]) -> None:
        p = st.pos[seat]
        card = st.vine[p]
        st.pos[seat] = p + 1
        st.since[seat] = []
        ev.append(FigureMoved(seat, card, p + 1, how, self.cards[card].text))
        self._update_row(st, ev)

    def _update_row(self, st: BohnroschenState, ev: list[Event]) -> None:
        """A) three face-up cards in front of the frontmost figure (solo: four in front of
        the player's); B) cards every figure has passed leave the game (not in solo)."""
        ahead = st.pos[0] + 4 if self.solo else max(st.pos) + 4
        target = min(ahead, len(st.vine))
        while st.revealed < target:
            ev.append(VineRevealed(st.revealed, st.vine[st.revealed]))
            st.revealed += 1
        if not self.solo:
            low = min(st.pos)
            while st.gone < low:
                ev.append(VineRemoved(st.gone, st.vine[st.gone]))
                st.gone += 1

    def task_of(self, st: BohnroschenState, seat: int) -> VineCard | None:
        """The vine card under the seat's figure (None: at or in the castle)."""
        p = st.pos[seat]
        return None if p >= len(st.vine) - 1 else self.cards[st.vine[p]]

    def _ahead_of(self, st: BohnroschenState, seat: int) -> list[bool]:
        """For each other figure: does it stand in front of `seat`'s figure?"""
        if self.solo:  # the player stands on the card before its task
            standing = st.pos[0] - 1
            return [st.violet > standing, st.red > standing]
        me = st.pos[seat]
        return [st.pos[o] > me or st.entered[o] for o in range(self.n) if o != seat]

    def _state_holds(self, st: BohnroschenState, seat: int, t: Task) -> bool:
        p = st.players[seat]
        kind = t.state
        if kind == "own_field" or kind == "any_field":
            least = max(1, t.min_cards)
            players = st.players if kind == "any_field" else [p]
            return any(
                f.count >= least and (not t.varieties or f.variety in t.varieties)
                for q in players
                for f in q.fields
            )
        if kind == "every_field":
            return all(f.count == t.cards for f in p.fields)
        if kind == "empty_field":
            return any(f.count == 0 for f in p.fields) and any(
                f.count >= t.min_cards for f in p.fields
            )
        if kind == "kinds_on_fields":
            least = max(1, t.min_cards)
            return len({f.variety for f in p.fields if f.count >= least}) >= t.kinds
        if kind == "last_figure":
            ahead = self._ahead_of(st, seat)
            return bool(ahead) and all(ahead)
        return len(p.coins) >= t.min_coins  # "coins"

    def _fulfilled(self, st: BohnroschenState, seat: int, t: Task) -> bool:
        if t.check == "state":
            return self._state_holds(st, seat, t)
        if t.check == "phase":
            if st.phase_key[1] != t.phase:
                return False
            facts = [f for f in st.phase_facts if t.matches(f, seat)]
        else:
            facts = st.since[seat]
        return bool(facts) and t.enough(facts)

    def _check_tasks(self, st: BohnroschenState, ev: list[Event]) -> None:
        """Move every figure whose task is fulfilled, until none is; then the castle: the
        first figure past the last vine card with enough coins enters and ends the game."""
        if st.phase == OVER:
            return
        last = len(st.vine) - 1
        order = self._order[st.active]
        moved = True
        while moved:
            moved = False
            for s in order:
                p = st.pos[s]
                if p < last and self._fulfilled(st, s, self.cards[st.vine[p]].task):
                    self._advance(st, s, "task", ev)
                    moved = True
        for s in order:
            if st.pos[s] == last and len(st.players[s].coins) >= self.castle_coins:
                st.entered[s] = True
                st.ender = s
                ev.append(CastleEntered(s, len(st.players[s].coins)))
                self.game_over(st, ev, f"{st.players[s].name} entered the castle")
                return

    def _new_phase(self, st: BohnroschenState, ev: list[Event], number: int) -> None:
        """A new phase begins: the tasks of the one ending are checked with its facts."""
        key = (st.turn, number)
        if key == st.phase_key:
            return
        self._check_tasks(st, ev)
        st.phase_key = key
        st.phase_facts = []
        st.fresh = set()

    def _fact(self, st: BohnroschenState, f: Fact) -> None:
        st.phase_facts.append(f)
        last = len(st.vine) - 1
        for s in range(self.n):
            p = st.pos[s]
            if p < last:
                t = self.cards[st.vine[p]].task
                if t.check == "event" and t.matches(f, s):
                    st.since[s].append(f)

    def _on_event(self, st: BohnroschenState, e: Event, ev: list[Event]) -> None:
        """Turn one event into task facts, as it happens."""
        if st.phase == OVER:
            return
        if type(e) is Planted:  # (the exact classes: `is`, never isinstance)
            f = st.players[e.seat].fields[e.field]
            before = f.count - 1
            key = (e.seat, e.field)
            existing = before > 0 and key not in st.fresh
            if not before:
                st.fresh.add(key)
            self._fact(st, Fact("plant", e.seat, e.variety, e.source, before, flag=existing))
        elif type(e) is Harvested:
            self._fact(st, Fact("harvest", e.seat, e.variety, cards=e.count, coins=e.coins))
        elif type(e) is FieldBought:
            self._fact(st, Fact("buy_field", e.seat))
        elif type(e) is TurnedUp:
            for v in e.cards:  # the beans taken from the discard pile are not turned up
                self._fact(st, Fact("turn_up", e.seat, v))
        elif type(e) is Traded:
            for v in e.gave:
                self._fact(st, Fact("trade_give", e.seat, v))
                self._fact(st, Fact("trade_get", e.other, v))
            for v in e.got:
                self._fact(st, Fact("trade_give", e.other, v))
                self._fact(st, Fact("trade_get", e.seat, v))
        elif type(e) is DeckRanOut:
            self._fact(st, Fact("deck_empty"))
        elif type(e) is PhaseStarted:
            self._new_phase(st, ev, PHASE_NUMBER[e.phase])
