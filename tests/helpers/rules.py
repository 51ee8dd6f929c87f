"""Helpers for the rules tests: start a game with a stacked deck, drive it with actions,
snapshot a state to prove that a refused action changed nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from bohn_tui.engine import IllegalAction
from bohn_tui.engine.actions import Action, Event
from bohn_tui.games import rules_for
from bohn_tui.games import start as start_record
from bohn_tui.games.common.rules import GameState


def deck_for(game: str, n: int, hands: list[list[str]], rest: Iterable[str] = ()) -> list[str]:
    """A deck (top card first) that deals `hands` (one list per seat, front card first) and
    then holds `rest`. Every seat's hand must have that seat's start size."""
    rules = rules_for(game, n)
    deck: list[str] = []
    assert len(hands) == n
    for seat, hand in enumerate(hands):
        assert len(hand) == rules.count.hand_size(seat), f"seat {seat} needs a full hand"
        deck.extend(hand)
    deck.extend(rest)
    return deck


def start(
    game: str,
    n: int,
    hands: list[list[str]],
    rest: Iterable[str] = (),
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> GameState:
    """A new game whose deck deals `hands` and then holds `rest` (top card first)."""
    rules = rules_for(game, n)
    names = [f"P{s + 1}" for s in range(n)]
    state, _ = rules.new_game(names, seed, options, deck_for(game, n, hands, rest))
    return state


def play(state: GameState, *actions: Action) -> list[Event]:
    """Apply actions in order; every one must be legal. Returns all their events."""
    events: list[Event] = []
    for a in actions:
        events.extend(state.rules.apply(state, a))
    return events


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything about a state, the random generator included, built fresh so that it can
    be compared with a later snapshot."""
    return (
        state.rules.full_state(state),
        state.rng.getstate(),
        state.next_offer,
        state.planted,
        [p.bought_field for p in state.players],
        dict(state.total),
    )


def refused(
    state: Any, action: Action, match: str = "", snap: Callable[[Any], Any] | None = None
) -> str:
    """Assert that `action` is refused with a readable message and changes nothing (by
    `snap`, a game's snapshot; a bean game's by default); return the message."""
    take = snap or snapshot
    before = take(state)
    with pytest.raises(IllegalAction) as info:
        state.rules.apply(state, action)
    message = str(info.value)
    # a sentence for a player: words, no object reprs or tracebacks
    assert len(message.split()) >= 3 and "object at 0x" not in message, message
    assert match.lower() in message.lower(), f"{match!r} not in {message!r}"
    assert take(state) == before, f"{action} changed the state while being refused"
    return message


def fields_of(state: GameState, seat: int) -> list[tuple[str | None, int]]:
    return [(f.variety, f.count) for f in state.players[seat].fields]


def types(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def grow(state: GameState, seat: int, field: int, variety: str, count: int) -> None:
    """Move `count` cards of `variety` from the draw pile onto a field (the shortcut to a
    position that would take many turns to reach; no card is created or lost)."""
    f = state.players[seat].fields[field]
    assert f.count == 0 or f.variety == variety
    pile = state.deck.cards
    for _ in range(count):
        # the draw pile keeps its top card last: take from the bottom, keep the top intact
        pile.remove(variety)
    f.variety = variety
    f.count += count


def give_coins(state: GameState, seat: int, variety: str, count: int) -> None:
    """Move `count` cards of `variety` from the draw pile into a seat's treasury."""
    for _ in range(count):
        state.deck.cards.remove(variety)
        state.players[seat].coins.append(variety)


def random_game(game: str, n: int, seed: int, trade: bool = True) -> tuple[GameState, list[Event]]:
    """A whole game between random bots (bohn_tui.simulate.play_game), replayed from its
    record to collect every event. Returns the replayed final state and the events."""
    from bohn_tui.games.common.bots import make as make_bot
    from bohn_tui.play.simulate import play_game

    bots = [make_bot("random", seed * 31 + s, trade) for s in range(n)]
    result = play_game(game, [f"P{s + 1}" for s in range(n)], seed, bots)
    assert result.violations == [], result.violations
    state = start_record(result.record)
    events: list[Event] = []
    for a in result.record.actions:
        events.extend(state.rules.apply(state, a))
    return state, events
