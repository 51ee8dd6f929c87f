"""Properties of whole random Bohnröschen games (hypothesis draws the seeds) for solo and 2-6
players: no bean card or coin is created or lost and no vine card either, figures only move
forward, views never show a face-down vine card, a refused action changes nothing, every
listed action is accepted, and the record replays to the same game.

The whole random games are 3 per player count (`BOHN_FULL=1`: 4, the former count)."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import fields

import pytest
from helpers.rules import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohn_tui.engine import IllegalAction
from bohn_tui.engine.record import Record
from bohn_tui.games import read_record, replay, rules_for
from bohn_tui.games.bohnroschen.rules import (
    BohnroschenState,
    DiscardKind,
    DrawCards,
    EndTribute,
    PayTribute,
    PlantKind,
)
from bohn_tui.games.common.actions import (
    Action,
    BuyField,
    DiscardHand,
    EndPlanting,
    EndTrading,
    EndTurn,
    Harvest,
    PlantArea,
    PlantHand,
)
from bohn_tui.games.common.bots import make as make_bot
from bohn_tui.games.common.rules import GameState

GAME = "bohnroschen"
BASE_FIELDS = {f.name for f in fields(GameState)}


def full_snapshot(state: BohnroschenState) -> tuple:
    """The whole state, task bookkeeping and random generator included."""
    mine = {
        f.name: getattr(state, f.name)
        for f in fields(BohnroschenState)
        if f.name not in BASE_FIELDS
    }
    mine["fresh"] = sorted(state.fresh)
    return (snapshot(state), repr(mine))


def candidates(state: BohnroschenState, rng: random.Random) -> list[Action]:
    """Actions of every kind (offers aside) with random arguments, most of them illegal."""
    n = state.rules.n
    kinds = [*state.rules.varieties, "coffee"]

    def seat() -> int:
        return rng.randrange(-1, n + 1)

    def idx(k: int = 6) -> int:
        return rng.randrange(-1, k)

    makers = [
        lambda: PayTribute(seat()),
        lambda: EndTribute(seat()),
        lambda: DrawCards(seat()),
        lambda: PlantKind(seat(), rng.choice(kinds), idx(4)),
        lambda: DiscardKind(seat(), rng.choice(kinds)),
        lambda: PlantHand(seat(), idx(4)),
        lambda: EndPlanting(seat()),
        lambda: PlantArea(seat(), rng.choice(kinds), idx(4)),
        lambda: Harvest(seat(), idx(4)),
        lambda: BuyField(seat()),
        lambda: EndTrading(seat()),
        lambda: DiscardHand(seat(), idx()),
        lambda: EndTurn(seat()),
    ]
    return [rng.choice(makers)() for _ in range(3)]


def check_refusals(state: BohnroschenState, rng: random.Random) -> None:
    rules = state.rules
    before = full_snapshot(state)
    for a in candidates(state, rng):
        if 0 <= a.seat < rules.n and a in rules.legal_actions(state, a.seat):
            continue
        with pytest.raises(IllegalAction):
            rules.apply(state, a)
        assert full_snapshot(state) == before, f"refused {a} changed the state"


def check_views(state: BohnroschenState) -> None:
    """No view holds the id or the text of a vine card that lies face down or in the pile."""
    rules = state.rules
    hidden = [c for i, c in enumerate(state.vine[:-1]) if i >= state.revealed and i >= state.gone]
    secrets = [f'"{c}"' for c in hidden] + [json.dumps(rules.cards[c].text) for c in hidden]
    for seat in [None, *range(rules.n)]:
        view = rules.view(state, seat)
        dumped = json.dumps(view)
        for s in secrets:
            assert s not in dumped, f"seat {seat} sees the face-down vine card {s}"
        for p in view["players"]:  # and no other seat's hand or (secret) treasury
            if p["seat"] != seat:
                assert p["hand"] is None
                assert p["coins"] is None or state.over or state.options.get("open_treasuries")


def figures(state: BohnroschenState) -> tuple:
    return (list(state.pos), list(state.entered), state.violet, state.red)


def play_checking(n: int, seed: int, options: dict) -> tuple[BohnroschenState, Record]:
    rules = rules_for(GAME, n)
    names = [f"P{s}" for s in range(n)]
    state, _ = rules.new_game(names, seed, options)
    record = Record(GAME, names, seed, dict(options))
    rng = random.Random(seed)
    bots = [make_bot("random", seed + 101 * s) for s in range(n)]
    vine = rules.vine_count(state)
    assert vine == Counter([*rules.cards, "castle"])
    before = figures(state)
    for step in range(20_000):
        if state.phase == "over":
            break
        seat = rules.to_move(state)
        legal = rules.legal_actions(state, seat)
        assert legal, f"seat {seat} has nothing to do in {state.phase}"
        if step % 7 == 0:
            check_refusals(state, rng)
        action = bots[seat].choose(seat, lambda s=seat: rules.view(state, s), legal)
        try:
            rules.apply(state, action)
        except IllegalAction:
            assert action not in legal, f"the listed {action} was refused"
            continue
        record.actions.append(action)
        # no card or coin created or lost; the vine cards all stay in the game's count
        assert rules.card_count(state) == state.total, f"after {action}"
        assert rules.vine_count(state) == vine
        # figures only move forward
        after = figures(state)
        assert all(b <= a for b, a in zip(before[0], after[0], strict=True))
        assert all(a or not b for b, a in zip(before[1], after[1], strict=True))
        assert before[2] <= after[2] and before[3] <= after[3]
        before = after
        if step % 3 == 0 or state.phase == "over":
            check_views(state)
    assert state.phase == "over"
    return state, record


WHOLE_GAMES = 4 if os.environ.get("BOHN_FULL") else 3  # hypothesis examples per count


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
@settings(max_examples=WHOLE_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), short=st.booleans(), face_down=st.integers(0, 5))
def test_whole_random_games(n: int, seed: int, short: bool, face_down: int) -> None:
    options: dict = {"face_down_end": face_down, "open_treasuries": face_down == 5}
    if short and n > 1:
        options["short"] = True
    if n == 2 and face_down == 0:
        options["all_face_down"] = True
    state, record = play_checking(n, seed, options)
    rules = state.rules
    # the end: the castle decides; a seat outside it scores nothing
    inside = [s for s in range(n) if state.entered[s]]
    assert set(state.winners) <= set(inside)
    if n > 1:
        assert all(state.scores[s] == 0 for s in range(n) if s not in inside)
    if state.winners:
        best = max(state.scores[s] for s in inside)
        assert all(state.scores[w] == best for w in state.winners)
    if n == 1:  # solo: won in the castle, or lost to a neutral figure (or an empty deck)
        assert bool(state.winners) == state.entered[0]
        assert (
            state.entered[0]
            or state.violet >= 28
            or state.red >= 28
            or not (state.deck.cards or state.deck.discard)
        )
    # nothing more is legal; the record replays to the same game through its JSON form
    assert all(rules.legal_actions(state, s) == [] for s in range(n))
    replayed = replay(read_record(json.loads(json.dumps(record.to_json()))))
    assert full_snapshot(replayed) == full_snapshot(state)
