"""Bohnröschen: the Bohnanza expansion in which every figure climbs a row of vine cards to
Sleeping Beauty's castle (shared/rules/bohnroschen.txt). 3-6 players, 2 players and solo.

The Bohnanza engine plays the beans; this module adds the vine row, the figures, the
tasks, tribute, the castle and the end, and its own turn shapes:

- 3-6 players: phases 1-3 of Bohnanza, then "draw" (phase 4: the active player may still
  pay tribute, then draws) and "intermediate" (everybody may pay tribute, in any order and
  repeatedly, nobody may harvest; every seat with a vine card ahead is asked, coins or
  none, so that nobody learns a count; with "ask_everyone" false, as in the records saved
  before, seats without a coin are skipped; it ends when every seat asked has said it is
  done).
- 2 players: phase 0 "take_offer" (plant or discard the beans the opponent left, a whole
  kind at a time), phase 1 "plant" (the front card, optionally the second, and one discard
  from the hand before or after), phase 2 (three cards turned up, plus matching discards),
  phase 3 "plant_turned_up" (a whole kind at a time; the rest is left for the opponent),
  phase 4 "draw". Harvest, third field and tribute only on one's own turn; paid coins leave.
- Solo: the two-player turn without phase 0; the violet and red neutral figures move
  before phase 1; unwanted turned-up beans go to the discard pile.

Tasks are recognised by the engine itself: every event of an action is turned into a fact
(a planting, a harvest, a trade, a draw...) as it happens; after each action, and at each
change of phase, every figure whose task is fulfilled moves on at once (FigureMoved).
Phase tasks count the facts of the current phase; event tasks the facts since the figure
arrived on the card; state tasks look at the table as it is.

The end: the first figure past the last vine card that shows five coins enters the castle
and ends the game; the others harvest and pay their way in if they can; the most coins in
the castle win. The draw pile may run out any number of times. One designed rule keeps
every game finite: when no bean card is left to turn up or to draw (all of them in hands,
fields and treasuries), the game ends the same way.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import fields
from typing import Any

from bohn_tui.engine.contract import Ask
from bohn_tui.games.bohnroschen.actions import (
    DiscardKind,
    DrawCards,
    EndTribute,
    PayTribute,
    PlantKind,
)
from bohn_tui.games.bohnroschen.duel import TwoPlayerTurn
from bohn_tui.games.bohnroschen.events import (  # noqa: F401  (re-exported: tests, log)
    CastleEntered,
    DeckReshuffled,
    FigureMoved,
    NeutralMoved,
    TributeDone,
    TributePaid,
    VineRemoved,
    VineRevealed,
)
from bohn_tui.games.bohnroschen.phases import (  # noqa: F401  (re-exported)
    _OWN_TURN,
    DRAW,
    INTERMEDIATE,
    PHASE_NAMES,
    PHASE_NUMBER,
    VINE_DATA_KEYS,
)
from bohn_tui.games.bohnroschen.progress import Progress, _Tap
from bohn_tui.games.bohnroschen.state import BohnroschenState  # noqa: F401
from bohn_tui.games.bohnroschen.summary import rules_summary
from bohn_tui.games.bohnroschen.tasks import CASTLE, Fact, Task, VineCard  # noqa: F401
from bohn_tui.games.bohnroschen.views import BohnroschenViews
from bohn_tui.games.common.actions import (
    Action,
    BuyField,
    DeckRanOut,
    Discarded,
    DiscardHand,
    DiscardOffer,
    Drew,
    EndPlanting,
    EndTurn,
    Event,
    GameOver,
    Harvest,
    Harvested,
    IllegalAction,
    PhaseStarted,
    PlantArea,
    TurnedUp,
)
from bohn_tui.games.common.data import GameData
from bohn_tui.games.common.rules import (
    OVER,
    PLANT,
    PLANT_TRADES,
    PLANT_TURNED_UP,
    TAKE_OFFER,
    TRADE,
    BeanRules,
    GameState,
)
from bohn_tui.games.common.table import (
    RESHUFFLE,
    PlayerState,
    harvest,
    harvestable,
    plant_choices,
    shuffle,
)

VINE = "the vine row shuffled"  # its chance (engine/chance.py): the vine cards' order


def violet_after(layout: dict[str, Any], castle: int, violet: int) -> int:
    """Solo: where the violet figure goes from layout card `violet` at its next move: on by
    its row's steps (data.toml's `violet_steps`), at most to the castle."""
    row = min(violet // layout["row_length"], layout["rows"] - 1)
    step: int = layout["violet_steps"][row]
    return min(castle, violet + step)


class BohnroschenRules(Progress, TwoPlayerTurn, BohnroschenViews, BeanRules[BohnroschenState]):
    """Bohnröschen for 1 (solo), 2 and 3-6 players."""

    def __init__(self, data: GameData, n_players: int) -> None:
        super().__init__(data, n_players)
        self.solo = n_players == 1
        extra = data.extra
        self.castle_coins: int = extra["castle_coins"]
        self.figure_colours: list[str] = list(extra["figure_colours"])
        self.solo_layout: dict[str, Any] = dict(extra["solo"])
        self.castle_text: str = extra["castle"]["text"]
        self.cards: dict[str, VineCard] = {}
        for raw in extra["vine"]:
            self.cards[raw["id"]] = VineCard(
                raw["id"], raw["text"], raw["source"], Task.from_data(raw["id"], raw)
            )
        self.handlers.update(  # its own actions, and its rules for some of Bohnanza's
            {
                PayTribute: self._pay_tribute,
                EndTribute: self._end_tribute,
                DrawCards: self._draw_cards,
                PlantKind: self._plant_kind,
                DiscardKind: self._discard_kind,
                PlantArea: self._plant_traded,
                DiscardOffer: self._refuse_discard_offer,
                DiscardHand: self._discard_from_hand,
                EndPlanting: self._end_phase_1,
                Harvest: self._harvest_own_turn,
                BuyField: self._buy_field_own_turn,
                EndTurn: self._end_phase_3,
            }
        )
        seats = range(n_players)
        self._a_tribute = [PayTribute(s) for s in seats]
        self._a_done = [EndTribute(s) for s in seats]
        self._a_draw = [DrawCards(s) for s in seats]
        self._a_end_turn = [EndTurn(s) for s in seats]
        self._a_plant_kind = [
            {v: [PlantKind(s, v, i) for i in range(3)] for v in self.varieties} for s in seats
        ]

    # -- setup -----------------------------------------------------------------------------

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[GameState, list[Event]]:
        """Options: "short" (remove eight vine cards), "face_down_end" (lay the last 0-5
        cards of the pile out face down; 4 by default), "all_face_down" (two players: lay
        the whole row out face down at once, as in the solo game), "ask_everyone" (true by
        default: the intermediate phase asks every seat, coins or none, so no treasury
        shows; false for the records saved before, which skipped the seats without a coin:
        the game's legacy options), "vine" (the row's order,
        vine card ids without the castle; shuffled by default), "daily" (solo: the day of a
        daily run). Each is refused with a ValueError naming it when it is of the wrong kind;
        the options of Bohnanza hold too."""
        if len(names) != self.n:
            raise ValueError(f"this rules object is for {self.n} players, not {len(names)}")
        opts = dict(options or {})
        end = opts.get("face_down_end", 4)
        if end.__class__ is not int or not 0 <= end <= 5:
            raise ValueError("option 'face_down_end' is a whole number from 0 to 5")
        for flag in ("short", "all_face_down", "ask_everyone"):
            if opts.get(flag, False).__class__ is not bool:
                raise ValueError(f"option {flag!r} is true or false")
        daily = opts.get("daily")
        if daily is not None and not _is_day(daily):
            raise ValueError("option 'daily' is the day of a daily run, YYYY-MM-DD")
        if opts.get("all_face_down") and self.n > 2:
            raise ValueError("option 'all_face_down' is for two players (solo always has it)")
        base, _ = super().new_game(names, seed, opts, deck)  # deals; the turn starts below
        st = BohnroschenState(**{f.name: getattr(base, f.name) for f in fields(GameState)})
        order = opts.get("vine")
        if order is None:
            order = list(self.cards)
            shuffle(order, st.rng, VINE)
        else:
            if not isinstance(order, list) or not all(
                isinstance(c, str) and c in self.cards for c in order
            ):
                raise ValueError("option 'vine' is a list of vine card ids")
            if len(set(order)) != len(order) or not order:
                raise ValueError("option 'vine' must list distinct vine card ids")
            order = list(order)
        if opts.get("short"):
            if self.solo:
                raise ValueError("the solo layout uses all 28 vine cards")
            out = [c for c in self.cards if c not in order]
            need = max(0, 8 - len(out))  # eight out of the game in all
            order, out = order[need:], out + order[:need]
            st.vine_out = out
        else:
            st.vine_out = [c for c in self.cards if c not in order]
        if self.solo and len(order) != len(self.cards):
            raise ValueError("the solo layout uses all 28 vine cards")
        st.vine = order + [CASTLE]
        st.pos = [0] * self.n
        st.entered = [False] * self.n
        st.since = [[] for _ in range(self.n)]
        st.done = [True] * self.n
        if self.solo:
            st.violet = self.solo_layout["violet_start"]
            st.red = self.solo_layout["red_start"]
        ev = _Tap(self, st)
        self._update_row(st, ev)
        self.start_turn(st, ev)
        self.after_action(st, ev)
        return st, list(ev)

    @property
    def castle_index(self) -> int:
        """Solo: the castle's place in the layout (4 rows of 7: card 28)."""
        rows: int = self.solo_layout["rows"]
        length: int = self.solo_layout["row_length"]
        return rows * length

    # -- the turn --------------------------------------------------------------------------

    def start_turn(self, st: GameState, ev: list[Event] | None) -> None:
        if not isinstance(st, BohnroschenState):
            return  # new_game builds the Bohnröschen state first
        assert ev is not None
        st.discarded = False
        if self.solo:
            self._move_neutrals(st, ev)
            if st.phase == OVER:
                return
        super().start_turn(st, ev)

    def _move_neutrals(self, st: BohnroschenState, ev: list[Event]) -> None:
        """Solo, before phase 1: the violet figure moves on 1, 2 or 3 cards by its row; then
        the red one moves a card if the violet figure is ahead of the player's."""
        castle = self.castle_index
        start = st.violet
        st.violet = violet_after(self.solo_layout, castle, st.violet)
        ev.append(NeutralMoved("violet", start, st.violet))
        if st.violet >= castle:
            self.game_over(st, ev, "the violet figure reached the castle first")
            return
        if st.violet > st.pos[0] - 1:  # the player stands on the last card fulfilled
            st.red += 1
            ev.append(NeutralMoved("red", st.red - 1, st.red))
            if st.red >= castle:
                self.game_over(st, ev, "the red figure reached the castle first")

    def turn_up_cards(self, st: BohnroschenState, ev: list[Event] | None) -> None:
        assert ev is not None
        self._new_phase(st, ev, 2)
        if st.phase == OVER:
            return
        cards, pending = self._draw(st, self.count.turn_up, ev, defer=self.duel)
        from_discard: list[str] = []
        if self.duel:  # while the discard pile's top matches a turned-up kind, add it
            discard = st.deck.discard
            while discard and discard[-1] in cards:
                from_discard.append(discard.pop())
        st.turned_up = cards + from_discard
        ev.append(TurnedUp(st.active, tuple(cards), tuple(from_discard)))
        if pending:  # the draw pile is shuffled only after the matching cards were taken
            self._ran_out(st, ev)
        if not cards and self._exhausted(st):
            self.game_over(st, ev, "no bean cards are left to turn up")
            return
        st.phase = PLANT_TURNED_UP if self.duel else TRADE
        ev.append(PhaseStarted(st.active, st.phase, st.turn))

    def after_planting(self, st: BohnroschenState, ev: list[Event] | None) -> None:
        if st.phase == OVER:
            return
        for p in st.players:
            if p.area:
                return
        self.end_of_turn(st, ev)

    def end_of_turn(self, st: BohnroschenState, ev: list[Event] | None) -> None:
        """Phase 4 is a phase of its own here: tribute may still be paid before drawing."""
        st.phase = DRAW
        assert ev is not None
        ev.append(PhaseStarted(st.active, DRAW, st.turn))

    def _end_phase_3(self, st: BohnroschenState, a: EndTurn, ev: list[Event] | None) -> None:
        """Two players, end of phase 3: the beans not planted are left for the opponent
        (solo: they go to the discard pile); phase 4 follows."""
        if st.phase != PLANT_TURNED_UP:
            raise IllegalAction("the turned-up beans are left only at the end of phase 3")
        self._need_active(st, a, "end phase 3")
        assert ev is not None
        left, st.turned_up = st.turned_up, []
        if self.solo:
            st.deck.discard.extend(left)
            for v in left:
                ev.append(Discarded(a.seat, v, "turned_up"))
        else:
            st.duel_offer = left
        self.end_of_turn(st, ev)

    def _draw_cards(self, st: BohnroschenState, a: DrawCards, ev: list[Event]) -> None:
        if st.phase != DRAW:
            raise IllegalAction("cards are drawn only in phase 4")
        self._need_active(st, a, "draw")
        p = st.players[a.seat]
        drawn, _ = self._draw(st, self.count.draw, ev)
        p.hand.extend(drawn)
        ev.append(Drew(a.seat, len(drawn)))
        for v in drawn:
            on_field = any(f.variety == v and f.count for f in p.fields)
            self._fact(st, Fact("draw", a.seat, v, flag=on_field))
        self._check_tasks(st, ev)
        if st.phase == OVER:
            return
        if not drawn and self._exhausted(st):
            self.game_over(st, ev, "no bean cards are left to draw")
            return
        if self.duel:
            self._next_turn(st, ev)
            return
        st.phase = INTERMEDIATE
        st.done = [not self._asked_in_intermediate(st, s) for s in range(self.n)]
        if all(st.done):  # nobody to ask: the intermediate phase is skipped
            self._next_turn(st, ev)
            return
        ev.append(PhaseStarted(st.active, INTERMEDIATE, st.turn))

    def _next_turn(self, st: BohnroschenState, ev: list[Event]) -> None:
        st.active = (st.active + 1) % self.n
        self.start_turn(st, ev)

    # -- the draw pile (it may run out any number of times) ---------------------------------

    def _draw(
        self, st: BohnroschenState, n: int, ev: list[Event], defer: bool = False
    ) -> tuple[list[str], bool]:
        """Draw up to n cards. When the pile becomes empty the discard pile is shuffled into
        a new one, at once or (defer) by the caller: (cards, run-out still to do)."""
        deck = st.deck
        out: list[str] = []
        pending = False
        for _ in range(n):
            if not deck.cards:
                if pending:
                    self._ran_out(st, ev)
                    pending = False
                elif deck.discard:
                    self._reshuffle(st)
                    ev.append(DeckReshuffled(len(deck.cards)))
                if not deck.cards:
                    break
            out.append(deck.cards.pop())
            if not deck.cards:
                pending = True
        if pending and not defer:
            self._ran_out(st, ev)
            pending = False
        return out, pending

    def _reshuffle(self, st: BohnroschenState) -> None:
        deck = st.deck
        deck.cards, deck.discard = deck.discard, []
        shuffle(deck.cards, st.rng, RESHUFFLE)

    def _ran_out(self, st: BohnroschenState, ev: list[Event]) -> None:
        st.deck.runouts += 1
        self._reshuffle(st)
        ev.append(DeckRanOut(st.deck.runouts, len(st.deck.cards)))

    @staticmethod
    def _exhausted(st: BohnroschenState) -> bool:
        return not st.deck.cards and not st.deck.discard

    # -- apply -------------------------------------------------------------------------------

    def event_tap(self, st: BohnroschenState) -> list[Event]:
        """The events of one action are turned into task facts as they happen."""
        return _Tap(self, st)

    def step(self, st: BohnroschenState, action: Action) -> None:
        """The tasks are recognised from the events, so a step is a whole apply."""
        self.apply(st, action)

    def after_action(self, st: BohnroschenState, ev: list[Event]) -> None:
        """After every action: every fulfilled task moves its figure; an intermediate phase
        in which every seat is done ends. Asking everyone, a seat that has just paid its
        last coin is asked again all the same (it can only answer "no more tribute"): the
        others learn nothing of its treasury from the questions."""
        self._check_tasks(st, ev)
        if st.phase == INTERMEDIATE:
            for s in range(self.n):
                if not self._asked_in_intermediate(st, s):
                    st.done[s] = True  # nothing to ask it (see _asked_in_intermediate)
            if all(st.done):
                self._next_turn(st, ev)
                self._check_tasks(st, ev)

    # -- who acts, and what they may do -------------------------------------------------------

    def waiting_for(self, st: BohnroschenState) -> list[int]:
        if st.phase == INTERMEDIATE:
            return [s for s in self._order[st.active] if not st.done[s]]
        return super().waiting_for(st)

    def phase_prompt(self, st: BohnroschenState, seat: int) -> Ask | None:
        name = st.players[seat].name
        if st.phase == INTERMEDIATE:
            return Ask("tribute", f"{name} may pay tribute (intermediate phase).")
        if st.phase == DRAW and seat == st.active:
            return Ask("turn", f"It is {name}'s turn.")
        return None

    def to_move(self, st: BohnroschenState) -> int | None:
        seats = self.waiting_for(st)
        return seats[0] if seats else None

    def legal_actions(self, st: BohnroschenState, seat: int) -> list[Action]:
        phase = st.phase
        if phase == OVER or not 0 <= seat < self.n:
            return []
        if phase in (TRADE, PLANT_TRADES) or (phase == PLANT and not self.duel):
            out = super().legal_actions(st, seat)
        else:
            out = []
            p = st.players[seat]
            active = seat == st.active
            if phase == INTERMEDIATE:
                if not st.done[seat]:
                    out.append(self._a_done[seat])
                if self.can_buy_field(st, p, seat):
                    out.append(self._a_buy[seat])
            elif active:
                if phase == DRAW:
                    out.append(self._a_draw[seat])
                elif phase == PLANT:  # two players
                    if st.planted < 2 and p.hand:
                        plant_choices(p.fields, p.hand[:1], self._a_plant_hand[seat], out)
                    if st.planted or not p.hand:
                        out.append(self._a_end_planting[seat])
                    if not st.discarded:
                        out.extend(DiscardHand(seat, i) for i in range(len(p.hand)))
                elif phase == TAKE_OFFER:
                    self._kind_choices(seat, p, st.duel_offer, out)
                    out.extend(DiscardKind(seat, v) for v in dict.fromkeys(st.duel_offer))
                elif phase == PLANT_TURNED_UP:
                    self._kind_choices(seat, p, st.turned_up, out)
                    out.append(self._a_end_turn[seat])
                self._harvest_buy(st, seat, p, out)
            elif phase == DRAW and not self.duel:
                self._harvest_buy(st, seat, p, out)
        if self.tribute_refusal(st, seat) is None:
            out.append(self._a_tribute[seat])
        return out

    def _kind_choices(self, seat: int, p: PlayerState, pile: list[str], out: list[Action]) -> None:
        plant_choices(p.fields, dict.fromkeys(pile), self._a_plant_kind[seat], out)

    def _harvest_buy(
        self, st: BohnroschenState, seat: int, p: PlayerState, out: list[Action]
    ) -> None:
        row = self._a_harvest[seat]
        out.extend(row[i] for i in harvestable(p.fields))
        if self.can_buy_field(st, p, seat):
            out.append(self._a_buy[seat])

    # -- the end -----------------------------------------------------------------------------

    def game_over(self, st: BohnroschenState, ev: list[Event] | None, reason: str) -> None:
        """The first figure entered the castle (or the solo run was lost, or no cards are
        left): every other player harvests and pays tribute up to the castle if they can;
        the most coins in the castle wins, a tie shares the win."""
        assert ev is not None
        if st.phase == OVER:
            return
        st.phase = OVER  # from here on no task is checked
        st.offers.clear()
        last = len(st.vine) - 1
        if not self.solo:
            for s in self._order[st.active]:
                if st.entered[s]:
                    continue
                p = st.players[s]
                for i, f in enumerate(p.fields):
                    if f.count:
                        variety, count = f.variety, f.count
                        coins = harvest(p, i, self.varieties[variety], st.deck.discard)  # type: ignore[index]
                        ev.append(Harvested(s, i, variety, count, coins))  # type: ignore[arg-type]
                need = last - st.pos[s]
                if len(p.coins) >= need:
                    for _ in range(need):
                        self._pay_one(st, s, ev)
                    st.entered[s] = True
                    ev.append(CastleEntered(s, len(p.coins)))
        if self.solo:
            st.scores = (len(st.players[0].coins),)
        else:
            st.scores = tuple(
                len(p.coins) if st.entered[s] else 0 for s, p in enumerate(st.players)
            )
        st.winners = self.winners(st)
        st.end_reason = reason
        ev.append(GameOver(st.scores, st.winners, reason))

    def winners(self, st: BohnroschenState) -> tuple[int, ...]:
        inside = [s for s in range(self.n) if st.entered[s]]
        if not inside:
            return ()
        best = max(st.scores[s] for s in inside)
        return tuple(s for s in inside if st.scores[s] == best)

    def tiebreak_text(self) -> str:
        return "Most coins in the castle wins; a tie shares the win."

    def rules_summary(self) -> list[str]:
        """The rules of this player count in a few lines (summary.py)."""
        return rules_summary(self)


# events that show something no seat knew before (an undo must not take them back)
REVEALING = (VineRevealed, TributePaid, DeckReshuffled, DeckRanOut, TurnedUp, Drew)


def _is_day(value: Any) -> bool:
    """Whether an option holds a day as YYYY-MM-DD (the daily solo run's)."""
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True
