"""Properties of whole random games (hypothesis draws the seeds), for every player count of
both games: no card is created or lost after any action, a refused action changes nothing,
a view never shows another seat's hand, the deck order or a secret treasury, and replaying
the record gives the same game."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from conftest import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohn_tui.bots import make_bot
from bohn_tui.rules import IllegalAction
from bohn_tui.rules.actions import (
    Accept,
    Action,
    BuyField,
    Decline,
    DiscardHand,
    DiscardOffer,
    EndPlanting,
    EndTrading,
    EndTurn,
    Harvest,
    Offer,
    PlantArea,
    PlantHand,
    Withdraw,
)
from bohn_tui.rules.bohnanza import GameState
from bohn_tui.rules.record import Record
from bohn_tui.simulate import play_game

COUNTS = [("bohnanza", n) for n in range(2, 8)] + [("dahlias", n) for n in range(3, 6)]

VIEW_KEYS = {
    "game", "title", "seat", "players", "active", "phase", "phase_name", "turn", "planted",
    "turned_up", "duel_offer", "offers", "deck_size", "discard_top", "discard_size",
    "runouts", "end_runout", "ending", "field_cost", "duel", "waiting_for", "can_offer",
    "varieties", "over", "scores", "winners", "end_reason",
}  # fmt: skip
PLAYER_KEYS = {
    "seat", "name", "hand_size", "hand", "fields", "coins", "area", "bought_field",
    "can_buy_field",
}  # fmt: skip
OFFER_KEYS = {"id", "seat", "to", "give", "give_hand", "give_up", "want", "counter_to", "declined"}


def check_view(state: GameState, seat: int | None) -> None:
    """What `seat` sees: its own hand only, no deck order, no other seat's coins."""
    v = state.rules.view(state, seat)
    json.dumps(v)  # JSON-ready
    assert set(v) <= VIEW_KEYS, set(v) - VIEW_KEYS  # a new key must be reviewed here
    open_coins = bool(state.options.get("open_treasuries")) or state.over
    for s, p in enumerate(v["players"]):
        assert set(p) <= PLAYER_KEYS, set(p) - PLAYER_KEYS
        assert p["hand_size"] == len(state.players[s].hand)
        if s == seat:
            assert p["hand"] == state.players[s].hand
            assert p["coins"] == len(state.players[s].coins)
        else:
            assert p["hand"] is None
            assert p["coins"] is None or open_coins
    for o in v["offers"]:
        assert set(o) <= OFFER_KEYS
        assert o["give_hand"] is None or o["seat"] == seat
    deck = list(reversed(state.deck.cards))
    if len(deck) >= 6:  # the draw pile's order appears nowhere
        assert json.dumps(deck)[1:-1] not in json.dumps(v)
    assert v["deck_size"] == len(deck)


def candidates(state: GameState, rng: random.Random) -> list[Action]:
    """A handful of actions of every kind with random arguments, most of them illegal."""
    n = state.rules.n
    kinds = list(state.rules.varieties) + ["coffee", "nonsense"]

    def seat() -> int:
        return rng.randrange(-1, n + 1)

    def idx(k: int = 6) -> int:
        return rng.randrange(-1, k)

    def pos() -> tuple[int, ...]:
        return tuple(idx() for _ in range(rng.randrange(3)))

    return [
        rng.choice(
            [
                lambda: PlantHand(seat(), idx(4)),
                lambda: EndPlanting(seat()),
                lambda: PlantArea(seat(), rng.choice(kinds), idx(4)),
                lambda: Harvest(seat(), idx(4)),
                lambda: BuyField(seat()),
                lambda: Offer(
                    seat(),
                    rng.choice([None, seat()]),
                    pos(),
                    pos(),
                    tuple(rng.choice(kinds) for _ in range(rng.randrange(3))),
                    rng.choice([None, idx(state.next_offer + 1)]),
                ),
                lambda: Accept(seat(), idx(state.next_offer + 1), pos(), pos()),
                lambda: Decline(seat(), idx(state.next_offer + 1)),
                lambda: Withdraw(seat(), idx(state.next_offer + 1)),
                lambda: EndTrading(seat()),
                lambda: DiscardOffer(seat(), rng.choice(kinds)),
                lambda: DiscardHand(seat(), idx()),
                lambda: EndTurn(seat()),
            ]
        )()
        for _ in range(3)
    ]


def check_refusals(state: GameState, rng: random.Random) -> None:
    """Actions that are not legal are refused and change nothing (the random generator
    included). Offers and acceptances are not all listed: those are tried on a copy."""
    before = snapshot(state)
    rules = state.rules
    for a in candidates(state, rng):
        listed = 0 <= a.seat < rules.n and a in rules.legal_actions(state, a.seat)
        if listed:
            continue
        target = state
        if isinstance(a, (Offer, Accept)):
            target = copy.deepcopy(state, {id(rules): rules})
        try:
            rules.apply(target, a)
        except IllegalAction as e:
            assert str(e)
            assert snapshot(target) == before, f"refused {a} changed the state"
        else:
            assert target is not state, f"{a} is not listed as legal but was accepted"


def replay_checking(record: Record, rng: random.Random, refusals_every: int) -> GameState:
    """Replay a record action by action, checking the invariants after each one."""
    state = record.start()
    rules = state.rules
    for k, a in enumerate(record.actions):
        rules.apply(state, a)
        assert rules.card_count(state) == state.total, f"after action {k + 1}: {a}"
        for seat in [None, *range(rules.n)]:
            check_view(state, seat)
        if k % refusals_every == 0:
            check_refusals(state, rng)
    return state


def whole_game(game: str, n: int, seed: int, trade: bool, options: dict[str, Any]):
    bots = [make_bot("random", seed + 101 * s, trade) for s in range(n)]
    result = play_game(game, [f"P{s}" for s in range(n)], seed, bots, options)
    assert result.violations == []
    assert result.state.over
    return result


@pytest.mark.parametrize(("game", "n"), COUNTS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), trade=st.booleans(), open_coins=st.booleans())
def test_whole_random_games(game: str, n: int, seed: int, trade: bool, open_coins: bool) -> None:
    options = {"open_treasuries": True} if open_coins else {}
    result = whole_game(game, n, seed, trade, options)
    # the record, through its JSON form, replays to the very same final state
    record = Record.from_json(json.loads(json.dumps(result.record.to_json())))
    replayed = replay_checking(record, random.Random(seed), refusals_every=5)
    assert snapshot(replayed) == snapshot(result.state)
    assert replayed.scores == result.state.scores and replayed.winners == result.state.winners
    # the game is over: nothing more is legal, everything is refused
    assert all(replayed.rules.legal_actions(replayed, s) == [] for s in range(n))
    assert replayed.rules.waiting_for(replayed) == []
    # final harvest: no field holds a card at the end
    assert all(f.count == 0 for p in replayed.players for f in p.fields)


@pytest.mark.parametrize(("game", "n"), COUNTS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_game(game: str, n: int, seed: int) -> None:
    # design.md: "The same config, seed and action list give the same game, always"
    a = whole_game(game, n, seed, True, {})
    b = whole_game(game, n, seed, True, {})
    assert a.record.to_json() == b.record.to_json()
    assert snapshot(a.state) == snapshot(b.state)
