"""Helpers for the dice game's tests: a game with chosen harvest cards, rolls that show chosen
faces (the outcome of the rules' declared chance, told to the state's generator: a
engine.chance.Told, which the roll checks against the faces its dice have), and a snapshot to
prove that a refused action changed nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bohn_tui.engine.actions import Action, Event
from bohn_tui.engine.chance import Told
from bohn_tui.games import rules_for
from bohn_tui.games.wuerfelspiel.actions import Reroll, Roll
from bohn_tui.games.wuerfelspiel.dice import load
from bohn_tui.games.wuerfelspiel.state import DiceState
from helpers.rules import refused as refused_by

DATA = load()
NAMES = ["Matthias", "Martina", "Björn", "Ana", "Ben"]


def game(cards: Sequence[tuple[int, int]], pile: Sequence[int] = (), seed: int = 0) -> DiceState:
    """A game of len(cards) players: seat s gets cards[s] (upper, lower); the pile holds
    `pile` on top (top card first), then the other cards in number order."""
    n = len(cards)
    rules = rules_for("wuerfelspiel", n)
    dealt = [c for pair in cards for c in pair] + list(pile)
    rest = [c for c in range(1, len(DATA.cards) + 1) if c not in dealt]
    st, _ = rules.new_game(NAMES[:n], seed, None, [str(c) for c in dealt + rest])
    st.rng = Told(seed)
    return st


def _queue(st: DiceState, dice: Sequence[int], faces: Sequence[str]) -> None:
    """The next roll (of `dice`) shows `faces`: told to the generator, checked by the roll's
    declared chance when it is drawn (a ValueError: a die has no such face)."""
    assert len(faces) == len(dice), (faces, dice)
    assert isinstance(st.rng, Told)
    if dice:  # (no roll when the last dice are placed)
        st.rng.tell(tuple(faces))


def reroll(st: DiceState, faces: Sequence[str]) -> list[Event]:
    """The roller uses the bean figure; the dice just rolled show `faces` (in die order)."""
    _queue(st, st.last_dice, faces)
    return st.rules.apply(st, Reroll(st.roller))


def roll(st: DiceState, faces: Sequence[str], place: Sequence[int] = ()) -> list[Event]:
    """The roller places `place` (die numbers 0-4) and rolls the rest, showing `faces` (in
    die order; nothing when it places the last dice)."""
    dice_left = [i for i, w in enumerate(st.where) if w != "field" and i not in place]
    _queue(st, range(5) if st.first_roll else dice_left, faces)
    return st.rules.apply(st, Roll(st.roller, tuple(place)))


def act(st: DiceState, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events.extend(st.rules.apply(st, a))
    return events


def of(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def snapshot(st: DiceState) -> tuple[Any, ...]:
    return (st.rules.full_state(st), st.rng.getstate(), list(getattr(st.rng, "queue", [])))


def refused(st: DiceState, action: Action, match: str = "") -> str:
    """`action` is refused with a sentence (containing `match`) and changes nothing."""
    return refused_by(st, action, match, snapshot)
