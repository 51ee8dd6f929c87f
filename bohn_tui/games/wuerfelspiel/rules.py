"""The dice game's rules object (engine.contract.Rules): setup, what each seat may do, the
checks of an action before it changes anything, and the contract's reports. The turn itself
is flow.py; the view and the checks of a state are views.py."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from bohn_tui.engine.actions import Action, Event, IllegalAction
from bohn_tui.engine.chance import Chance, Shuffle
from bohn_tui.engine.contract import Ask
from bohn_tui.engine.limits import show
from bohn_tui.games.wuerfelspiel import flow
from bohn_tui.games.wuerfelspiel.actions import Dealt, Harvest, Reroll, Roll, TurnBegan
from bohn_tui.games.wuerfelspiel.dice import DEAL, HARVEST, DiceData, load, shuffle
from bohn_tui.games.wuerfelspiel.state import FIELD, ROLLED, DiceState, Player
from bohn_tui.games.wuerfelspiel.views import DiceViews

OVERVIEW_CARDS = 5


def _subsets(mask: int) -> list[tuple[int, ...]]:
    dice = [i for i in range(5) if mask >> i & 1]
    return [c for r in range(1, len(dice) + 1) for c in combinations(dice, r)]


# the dice a roller may place, by the bitmask of the dice just rolled: every non-empty subset
SUBSETS = [_subsets(mask) for mask in range(32)]


class DiceRules(DiceViews):
    """The rules for `n` players (2-5)."""

    def __init__(self, data: DiceData | None = None, n: int = 4) -> None:
        self.data = data or load()
        if n not in self.data.player_counts:
            counts = ", ".join(map(str, self.data.player_counts))
            raise ValueError(f"the dice game is for {counts} players, not {n}")
        self.n = n
        # the roller's legal rolls by (seat, mask of the dice just rolled), built once
        self._rolls = {
            (s, m): [Roll(s, c) for c in SUBSETS[m]] for s in range(n) for m in range(32)
        }
        self._first = [[Roll(s, ())] for s in range(n)]
        self._harvest = [Harvest(s) for s in range(n)]
        self._reroll = [Reroll(s) for s in range(n)]
        self._odds: dict[int, tuple[int, ...]] = {}
        self.listed_steps = {Roll: self._roll, Reroll: self._do_reroll, Harvest: self._harvest_}

    # -- setup -----------------------------------------------------------------------------

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[DiceState, list[Event]]:
        """Shuffle the 55 harvest cards (or take `deck`: card numbers, the top card first),
        deal two face up to each player (upper, then lower), seat 0 holds the figure. The game
        reads one option, the legacy `exchange` (flow.exchange); any other in a record is
        kept and ignored."""
        if len(names) != self.n:
            raise ValueError(f"this game is for {self.n} players, not {len(names)}")
        rng = random.Random(seed)
        total = len(self.data.cards)
        if deck is None:
            pile = list(range(1, total + 1))
            shuffle(DEAL, pile, rng)
        else:
            pile = self._read_deck(deck)
        pile.reverse()  # its top card last
        players = []
        events: list[Event] = []
        for s, name in enumerate(names):
            upper, lower = pile.pop(), pile.pop()
            players.append(Player(name, upper, lower))
            events.append(Dealt(s, upper, lower))
        st = DiceState(self, rng, players, pile, OVERVIEW_CARDS, options=dict(options or {}))
        events.append(TurnBegan(0))
        return st, events

    def _read_deck(self, deck: list[str]) -> list[int]:
        total = len(self.data.cards)
        wanted = [str(i) for i in range(1, total + 1)]
        if not isinstance(deck, list) or sorted(map(str, deck)) != sorted(wanted):
            bad = [c for c in deck if c not in wanted] if isinstance(deck, list) else [deck]
            if bad:
                raise ValueError(f"the deck holds cards that are not in this game: {show(bad[0])}")
            raise ValueError(f"the deck must hold each of the harvest cards 1-{total} once")
        return [int(c) for c in deck]

    # -- what a seat may do ----------------------------------------------------------------

    def can_harvest(self, st: DiceState, seat: int) -> bool:
        return not st.over and st.players[seat].ripe

    def legal_actions(self, st: DiceState, seat: int) -> list[Action]:
        if st.over or not 0 <= seat < self.n:
            return []
        out: list[Action] = []
        if seat == st.roller:
            out = self.legal_to_move(st, seat)
        elif self.can_harvest(st, seat):
            out.append(self._harvest[seat])
        return out

    def legal_to_move(self, st: DiceState, seat: int) -> list[Action]:
        """The roller's legal actions (the bot driver's hot path)."""
        if st.first_roll:
            out: list[Action] = list(self._first[seat])
        else:
            mask = 0
            for i, w in enumerate(st.where):
                if w == ROLLED:
                    mask |= 1 << i
            out = list(self._rolls[seat, mask])
            if not st.figure_used:
                out.append(self._reroll[seat])
        if st.players[seat].ripe:
            out.append(self._harvest[seat])
        return out

    def chances(self, st: DiceState) -> list[Chance[Any] | Shuffle]:
        """The rolls the roller's legal actions make (engine/chance.py; data.roll): all five
        dice first, then the dice each placement leaves, and the figure's re-roll of the
        dice just rolled. (The exchange's shuffle, flow.exchange, is drawn through its
        declared chance too, dice.EXCHANGE.)"""
        if st.over:
            return []
        out: dict[tuple[int, ...], Chance[Any] | Shuffle] = {}
        for a in self.legal_to_move(st, st.roller):
            if isinstance(a, Roll):
                dice = (
                    (0, 1, 2, 3, 4)
                    if st.first_roll
                    else tuple(i for i, w in enumerate(st.where) if w != FIELD and i not in a.place)
                )
            elif isinstance(a, Reroll):
                dice = st.last_dice
            else:
                continue
            if dice:
                out[dice] = self.data.roll(dice)
        return list(out.values())

    def waiting_for(self, st: DiceState) -> list[int]:
        return [] if st.over else [st.roller]

    def to_move(self, st: DiceState) -> int | None:
        return None if st.over else st.roller

    def asks(self, st: DiceState) -> dict[int, Ask]:
        """The roller's turn, then every other seat that may harvest (a volunteer). Nothing
        is private; the volunteering window is new after every action: anyone may harvest
        at any time."""
        if st.over:
            return {}
        roller, window = st.roller, st.moves
        name = st.players[roller].name
        text = f"{name} rolls all five dice." if st.first_roll else f"{name} places dice."
        may = self.can_harvest(st, roller)
        asks = {roller: Ask("turn", text, private=False, volunteer=may, window=window)}
        for seat, p in enumerate(st.players):
            if seat != roller and self.can_harvest(st, seat):
                text = f"{p.name} may harvest."
                asks[seat] = Ask("harvest", text, private=False, volunteer=True, window=window)
        return asks

    def volunteers(self, st: DiceState) -> tuple[int | None, list[int]]:
        """`asks`' window and the seats it lets volunteer, without its sentences (the bot
        driver's fast path): whoever may harvest, in a window new after every action."""
        if st.over:
            return None, []
        return st.moves, [seat for seat, p in enumerate(st.players) if p.ripe]

    # -- applying --------------------------------------------------------------------------

    def apply(self, st: DiceState, action: Action) -> list[Event]:
        """Check `action` completely, then carry it out (a refusal changes nothing)."""
        ev: list[Event] = []
        if st.over:
            raise IllegalAction("The game is over: nothing more can be done.")
        seat = action.seat
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise IllegalAction(f"There is no seat {show(seat)} in this game.")
        if isinstance(action, Harvest):
            self._check_harvest(st, seat)
            self._harvest_(st, action, ev)
        elif isinstance(action, Roll):
            self._check_roll(st, action)
            self._roll(st, action, ev)
        elif isinstance(action, Reroll):
            self._check_reroll(st, seat)
            self._do_reroll(st, action, ev)
        else:
            raise IllegalAction(f"The dice game has no action {show(action.type)}.")
        return ev

    def step(self, st: DiceState, action: Action) -> None:
        self.apply(st, action)

    def _not_roller(self, st: DiceState, seat: int, what: str) -> None:
        if seat != st.roller:
            roller = st.players[st.roller].name
            raise IllegalAction(f"{st.players[seat].name} cannot {what}: {roller} is rolling.")

    def _check_harvest(self, st: DiceState, seat: int) -> None:
        p = st.players[seat]
        if p.upper is None:
            raise IllegalAction(f"{p.name} has no harvest card to harvest.")
        if p.covered < HARVEST:
            raise IllegalAction(
                f"{p.name} has fulfilled {p.covered} order{'' if p.covered == 1 else 's'}: "
                "a harvest needs three or more."
            )

    def _check_roll(self, st: DiceState, action: Roll) -> None:
        self._not_roller(st, action.seat, "roll")
        place = action.place
        if not isinstance(place, tuple) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in place
        ):
            raise IllegalAction("The dice to place must be given as die numbers 1-5.")
        if st.first_roll:
            if place:
                raise IllegalAction("The first roll of a turn rolls all five dice: place none.")
            return
        if not place:
            raise IllegalAction("After every roll at least one more die goes on the bean field.")
        if len(set(place)) != len(place):
            raise IllegalAction("Each die can be placed only once.")
        for i in place:
            if not 0 <= i < 5:
                raise IllegalAction(f"There is no die {show(i + 1)}: the dice are 1-5.")
            if st.where[i] == FIELD:
                raise IllegalAction(f"Die {i + 1} already lies on the bean field.")

    def _check_reroll(self, st: DiceState, seat: int) -> None:
        self._not_roller(st, seat, "use the bean figure")
        if st.figure_used:
            raise IllegalAction("The bean figure was used this turn already (once a turn).")
        if st.first_roll:
            raise IllegalAction("Roll first: the bean figure re-rolls the dice just rolled.")

    # the changes, for an action already checked (also the driver's listed_steps)

    def _roll(self, st: DiceState, action: Action, ev: list[Event] | None = None) -> None:
        out: list[Event] = [] if ev is None else ev
        st.moves += 1
        if st.first_roll:
            flow.roll(self.data, st, (0, 1, 2, 3, 4), False, out)
            return
        flow.place(st, action.place, out)  # type: ignore[attr-defined]
        rest = tuple(i for i, w in enumerate(st.where) if w != FIELD)
        if rest:
            flow.roll(self.data, st, rest, False, out)
        else:
            flow.end_rolling(self.data, st, out)

    def _do_reroll(self, st: DiceState, action: Action, ev: list[Event] | None = None) -> None:
        st.moves += 1
        st.figure_used = True
        flow.roll(self.data, st, st.last_dice, True, [] if ev is None else ev)

    def _harvest_(self, st: DiceState, action: Action, ev: list[Event] | None = None) -> None:
        st.moves += 1
        flow.harvest(self.data, st, action.seat, [] if ev is None else ev)
