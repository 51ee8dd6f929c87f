"""Pocket duel's rules (README.md beside the package): the state, the actions and events,
the views, and the log's words. Chance is named (engine/chance.py) and drawn from one seeded
generator (`state.rng`): the deal's shuffle and each draw (`chances`), so that a record
replays from its seed."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bohn_tui.engine.actions import Action, Event, IllegalAction, register_actions
from bohn_tui.engine.chance import Chance, Shuffle, places
from bohn_tui.engine.contract import Ask

CARDS = tuple(v for v in range(1, 6) for _ in range(2))  # 1 to 5, twice
HAND = 2  # dealt to each
MOST = 3  # cards a hand may hold: with three you must play
DEAL = "the deal: the ten cards shuffled"  # the game's chance: this shuffle and each draw
DRAW = "the draw: a card from the pile, any of its places alike"

HELP = (
    "Two players, ten cards (1 to 5, twice); each holds a hidden hand of two.",
    "Your turn: play a card (it scores its value) or draw one from the pile (at most 3 in hand).",
    "The other player answers a played card: block it with a card of the same value (both "
    "are discarded, nobody scores) or let it stand.",
    "The game ends when the pile is empty and the player to move has no card: most points win.",
)


@dataclass(frozen=True, slots=True)
class Play(Action):
    type: ClassVar[str] = "duel_play"
    card: int

    def words(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    type: ClassVar[str] = "duel_draw"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    type: ClassVar[str] = "duel_answer"
    block: bool

    def words(self) -> str:
        return "block" if self.block else "let it stand"


ACTIONS: tuple[type[Action], ...] = (Play, Draw, Answer)
register_actions(*ACTIONS)


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    type: ClassVar[str] = "duel_dealt"


@dataclass(frozen=True, slots=True)
class Played(Event):
    type: ClassVar[str] = "duel_played"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    type: ClassVar[str] = "duel_drew"
    seat: int


@dataclass(frozen=True, slots=True)
class Answered(Event):
    type: ClassVar[str] = "duel_answered"
    seat: int
    block: bool
    card: int


@dataclass(frozen=True, slots=True)
class Ended(Event):
    type: ClassVar[str] = "duel_ended"


@dataclass
class DuelState:
    rules: DuelRules
    names: list[str]
    rng: random.Random
    hands: list[list[int]]
    pile: list[int]
    scores: list[int] = field(default_factory=lambda: [0, 0])
    gone: list[int] = field(default_factory=list)  # played and blocked cards
    active: int = 0
    pending: int | None = None  # the card played, waiting for the other's answer
    turn: int = 1
    ended: bool = False

    @property
    def over(self) -> bool:
        return self.ended


def describe(event: Event, who: Callable[[int | None], str]) -> str:
    """The log's line of an event ('' for none)."""
    if isinstance(event, Played):
        return f"{who(event.seat)} plays a {event.card}."
    if isinstance(event, Drew):
        return f"{who(event.seat)} draws a card."
    if isinstance(event, Answered):
        done = "blocks it" if event.block else f"lets it stand: {event.card} points"
        return f"{who(event.seat)} {done}."
    if isinstance(event, Ended):
        return "The pile is empty and the hand too: the game is over."
    return ""


class DuelRules:
    def __init__(self, n: int) -> None:
        if n != 2:
            raise ValueError(f"Pocket duel is for 2 players, not {n}")
        self.n = n

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[DuelState, list[Event]]:
        if len(names) != 2:
            raise ValueError(f"Pocket duel is for 2 players, not {len(names)}")
        if options:
            raise ValueError(f"Pocket duel has no options ({len(options)} given)")
        if deck is not None:
            raise ValueError("Pocket duel deals its own cards")
        rng = random.Random(seed)
        pile = list(CARDS)
        Shuffle(DEAL, CARDS, "swaps").draw(rng, pile)
        hands = [sorted(pile[:HAND]), sorted(pile[HAND : 2 * HAND])]
        return DuelState(self, list(names), rng, hands, pile[2 * HAND :]), [Dealt()]

    def legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        if state.ended or seat not in (0, 1):
            return []
        hand = state.hands[seat]
        if state.pending is not None:
            if seat != 1 - state.active:
                return []
            return [Answer(seat, True), Answer(seat, False)][state.pending not in hand :]
        if seat != state.active:
            return []
        out: list[Action] = [Play(seat, c) for c in sorted(set(hand))]
        if state.pile and len(hand) < MOST:
            out.append(Draw(seat))
        return out

    def apply(self, state: DuelState, action: Action) -> list[Event]:
        if action not in self.legal_actions(state, action.seat):
            raise IllegalAction(f"not now: {action.words()}")
        seat = action.seat
        events: list[Event] = []
        if isinstance(action, Play):
            state.hands[seat].remove(action.card)
            state.pending = action.card
            events.append(Played(seat, action.card))
        elif isinstance(action, Draw):
            card = state.pile.pop(places(DRAW, len(state.pile)).draw(state.rng))
            state.hands[seat] = sorted([*state.hands[seat], card])
            events.append(Drew(seat))
            events += self._next(state)
        elif isinstance(action, Answer):
            card = state.pending
            assert card is not None
            state.gone.append(card)
            if action.block:
                state.hands[seat].remove(card)
                state.gone.append(card)
            else:
                state.scores[state.active] += card
            state.pending = None
            events.append(Answered(seat, action.block, card))
            events += self._next(state)
        return events

    def _next(self, state: DuelState) -> list[Event]:
        state.active = 1 - state.active
        state.turn += 1
        if not state.pile and not state.hands[state.active]:
            state.ended = True
            return [Ended()]
        return []

    def chances(self, state: DuelState) -> list[Chance[int] | Shuffle]:
        """What the actions legal now leave to chance: a draw, while the pile holds cards."""
        if Draw(state.active) not in self.legal_actions(state, state.active):
            return []
        return [places(DRAW, len(state.pile))]

    def step(self, state: DuelState, action: Action) -> None:
        self.apply(state, action)

    def view(self, state: DuelState, seat: int | None) -> dict[str, Any]:
        players = [
            {
                "name": state.names[s],
                "score": state.scores[s],
                "hand_size": len(state.hands[s]),
                **({"hand": list(state.hands[s])} if s == seat else {}),
            }
            for s in range(2)
        ]
        return {
            "game": "testgame",
            "title": "Pocket duel",
            "turn": state.turn,
            "active": state.active,
            "pending": state.pending,
            "pile": len(state.pile),
            "gone": list(state.gone),
            "players": players,
            "scores": list(state.scores),
            "over": state.ended,
            "winners": self._winners(state) if state.ended else [],
            "end_reason": "the pile and a hand are empty" if state.ended else "",
        }

    def _winners(self, state: DuelState) -> list[int]:
        best = max(state.scores)
        return [s for s in range(2) if state.scores[s] == best]

    def waiting_for(self, state: DuelState) -> list[int]:
        if state.ended:
            return []
        return [1 - state.active] if state.pending is not None else [state.active]

    def to_move(self, state: DuelState) -> int | None:
        waiting = self.waiting_for(state)
        return waiting[0] if waiting else None

    def asks(self, state: DuelState) -> dict[int, Ask]:
        """The active seat's turn, or the other's answer to the card it played (the hand
        is hidden: private). Nobody volunteers."""
        if state.ended:
            return {}
        a = state.active
        if state.pending is not None:
            text = (
                f"{state.names[1 - a]}: block {state.names[a]}'s {state.pending} or let it stand."
            )
            return {1 - a: Ask("answer", text)}
        return {a: Ask("turn", f"{state.names[a]}'s turn: play a card or draw.")}

    def scores(self, state: DuelState) -> list[int]:
        return list(state.scores)

    def redeal_hidden(self, state: DuelState, seat: int | None, rng: random.Random) -> None:
        """The cards `seat` cannot see (the pile, the other hand) dealt anew."""
        hidden = [s for s in range(2) if s != seat]
        pool = [*state.pile, *(c for s in hidden for c in state.hands[s])]
        rng.shuffle(pool)
        for s in hidden:
            n = len(state.hands[s])
            state.hands[s], pool = sorted(pool[:n]), pool[n:]
        state.pile = pool

    def violations(self, state: DuelState) -> list[str]:
        held = [*state.pile, *state.gone, *(c for h in state.hands for c in h)]
        if state.pending is not None:
            held.append(state.pending)
        if Counter(held) != Counter(CARDS):
            return [f"the cards are not the ten: {sorted(held)}"]
        if any(len(h) > MOST for h in state.hands):
            return ["a hand holds more than three cards"]
        return []

    def full_state(self, state: DuelState) -> dict[str, Any]:
        view = self.view(state, None)
        for s, p in enumerate(view["players"]):
            p["hand"] = list(state.hands[s])
        return {**view, "pile": list(state.pile)}

    def summary(self, state: DuelState) -> dict[str, Any]:
        winners = self._winners(state) if state.ended else []
        return {
            "scores": list(state.scores),
            "winners": winners,
            "reason": "the pile and a hand are empty",
            "score_title": "points",
        }
