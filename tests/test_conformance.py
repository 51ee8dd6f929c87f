"""The game contract, checked for every registered game and every player count its spec gives
(issue 9): a new game gets these tests by registering, so nothing here names a game.

- random playthroughs end, within the driver's MAX_ACTIONS, with no invariant violations;
- a refused action changes nothing, the generator included, and says why in words;
- no view holds another seat's secret (`redeal_hidden` deals anew what a seat cannot know and
  its view must not change);
- a record replays to the identical state, and actions and records round-trip through JSON;
- the asks agree with `waiting_for` (volunteers after), and every view is JSON.

The default run plays a few games per count; `slow` runs play more (BOHN_SLOW_GAMES, as in
test_bots.py).
"""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import os
import pickle
import random
from typing import Any

import pytest

from bohn_tui.engine.actions import Action, IllegalAction, action_from_json, to_json
from bohn_tui.engine.driver import MAX_ACTIONS, drive
from bohn_tui.engine.record import Record
from bohn_tui.games import GAMES, read_record, replay, rules_for, spec

CASES = [(g, n) for g in GAMES for n in spec(g).player_counts]
IDS = [f"{g}-{n}" for g, n in CASES]
SLOW_GAMES = int(os.environ.get("BOHN_SLOW_GAMES", "2"))
POINTS = 25  # the checks run at about this many points spread over a game, and at its end
REFUSALS = 40  # refused actions tried at each of those points (a sample of the candidates)

# Out-of-range and wrongly typed values for an action field, by its annotation: no game can
# accept them (bools and lists are left out: Python takes True for 1 and [0] for (0,)).
BAD_VALUES: dict[str, tuple[Any, ...]] = {
    "int": (-1, 99, 10**6, "1", None, 1.5),
    "int | None": (-1, 99, "1"),
    "str": ("", "no-such-card", 1, None),
    "tuple[int, ...]": ((-1,), (99,), "ab", (None,)),
    "tuple[str, ...]": (("no-such-card",), "ab", (1,)),
}
ZERO: dict[str, Any] = {"int": 0, "int | None": None, "str": "", "tuple": ()}


# -- playing -----------------------------------------------------------------------------


def names(n: int) -> list[str]:
    return [f"P{s + 1}" for s in range(n)]


def play(game: str, n: int, seed: int, levels: list[str], turns: int | None = None) -> Record:
    """A whole game through the one driver, bots of `levels` in seat order (for the first
    `turns` turns if given, random bots after them); it must end within MAX_ACTIONS and
    break no invariant. Returns its record."""
    rules = rules_for(game, n)
    state, _ = rules.new_game(names(n), seed)
    make = spec(game).bots
    bots = [make(levels[s % len(levels)], seed * 31 + s, True) for s in range(n)]
    record = Record(game, names(n), seed)
    violations: list[str] = []
    if turns is not None:
        drive(state, bots, record.actions, violations, until_turn=turns)
        bots = [make("random", seed * 37 + s, True) for s in range(n)]
    drive(state, bots, record.actions, violations)
    assert violations == [], f"{game} {n} seed {seed} {levels}: {violations}"
    assert state.over, f"{game} {n} seed {seed}: no end after {len(record.actions)} actions"
    assert len(record.actions) < MAX_ACTIONS
    assert rules.violations(state) == []
    return record


def rules_copy(state: Any) -> Any:
    """A deep copy of a state that shares its (stateless) rules object."""
    return copy.deepcopy(state, {id(state.rules): state.rules})


def freeze(obj: Any, rules: Any) -> Any:
    """Every value in a state as plain comparable data (the generator as its state), for
    comparing two states built apart (pickled bytes also tell which objects are shared);
    the rules object is skipped (it holds no state)."""
    if obj is rules:
        return "<rules>"
    if isinstance(obj, random.Random):
        return ("rng", obj.getstate())
    if isinstance(obj, (str, int, float, bool, type(None))):
        return obj
    if isinstance(obj, (list, tuple)):
        return [freeze(v, rules) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(repr(freeze(v, rules)) for v in obj)
    if isinstance(obj, dict):
        return [(repr(k), freeze(v, rules)) for k, v in obj.items()]
    keys = [f.name for f in dataclasses.fields(obj)] if dataclasses.is_dataclass(obj) else []
    for klass in type(obj).__mro__:
        keys += [k for k in getattr(klass, "__slots__", ()) if k not in keys]
    keys += [k for k in getattr(obj, "__dict__", {}) if k not in keys]
    return (type(obj).__name__, [(k, freeze(getattr(obj, k), rules)) for k in keys])


class _StatePickler(pickle.Pickler):
    """Pickles a state without its rules object (shared and stateless)."""

    def __init__(self, file: io.BytesIO, rules: Any) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.rules = rules

    def persistent_id(self, obj: Any) -> str | None:
        return "rules" if obj is self.rules else None


def snapshot(state: Any) -> tuple[Any, ...]:
    """Everything about a state: its full JSON form, the generator's state, and every field
    of every object in it (as pickled bytes, the generator included), built fresh so that a
    later snapshot shows any change."""
    buffer = io.BytesIO()
    _StatePickler(buffer, state.rules).dump(state)
    return (state.rules.full_state(state), state.rng.getstate(), buffer.getvalue())


# -- refused actions -----------------------------------------------------------------------


def annotation(f: dataclasses.Field[Any]) -> str:
    return str(f.type)


def out_of_range(cls: type[Action], n: int, bases: list[Action]) -> list[Action]:
    """Actions of `cls` with one field out of range: built from the seat's legal actions of
    that type when there are (one wrong field in an otherwise right action), else from
    zeros; and with a seat that does not exist."""
    fields = [f for f in dataclasses.fields(cls) if f.name != "seat"]
    if not bases:
        try:
            bases = [cls(0, **{f.name: ZERO[annotation(f).split("[")[0]] for f in fields})]
        except (KeyError, TypeError):
            return []
    out: list[Action] = []
    for base in bases[:3]:
        for bad_seat in (-1, n, 99):
            out.append(dataclasses.replace(base, seat=bad_seat))
        for f in fields:
            for value in BAD_VALUES.get(annotation(f), ()):
                out.append(dataclasses.replace(base, **{f.name: value}))
    return out


def listed_fully(action: Action) -> bool:
    """Whether `legal_actions` lists every legal action of this kind: not for kinds with
    tuple fields (offers, acceptances: their number is vast, only some are listed)."""
    return not any(annotation(f).startswith("tuple") for f in dataclasses.fields(action))


def check_refusals(
    state: Any, seen: list[Action], action_types: tuple[type[Action], ...], rng: random.Random
) -> int:
    """Try wrong-seat, other-phase and out-of-range actions (a sample of REFUSALS of them) on
    a copy of `state`: each must be refused with a readable message and change nothing.
    Returns how many were tried."""
    rules = state.rules
    n = rules.n
    legal = {s: rules.legal_actions(state, s) for s in range(n)}
    candidates: list[Action] = []
    for s, acts in legal.items():
        for a in acts:  # each seat's legal actions, taken by every other seat
            for t in range(n):
                if t != s:
                    candidates.append(dataclasses.replace(a, seat=t))
    candidates += seen  # legal actions of earlier points (other phases, other turns)
    candidates = [
        a
        for a in dict.fromkeys(candidates)
        if listed_fully(a) and 0 <= a.seat < n and a not in legal[a.seat]
    ]
    for cls in action_types:
        for s in range(n):
            bases = [a for a in legal[s] if type(a) is cls]
            candidates += out_of_range(cls, n, bases)
    if len(candidates) > REFUSALS:
        candidates = rng.sample(candidates, REFUSALS)
    work = rules_copy(state)
    before = snapshot(work)
    for a in candidates:
        try:
            rules.apply(work, a)
        except IllegalAction as e:
            message = str(e)
            assert len(message.split()) >= 3, (a, message)  # a sentence for a player
            assert "object at 0x" not in message and "Traceback" not in message, (a, message)
        except Exception as e:  # not a refusal: a crash on malformed input
            raise AssertionError(f"{a} raised {e!r} instead of IllegalAction") from e
        else:
            raise AssertionError(f"{a} was accepted, though not a legal action now")
        assert snapshot(work) == before, f"{a} changed the state while being refused"
    return len(candidates)


# -- the checks at one point of a game ------------------------------------------------------


def check_views_and_asks(state: Any) -> None:
    """The asks: the seats `waiting_for` names first, in its order, then only volunteers;
    one window for all; a sentence for each."""
    rules = state.rules
    asks = rules.asks(state)
    waiting = rules.waiting_for(state)
    assert list(asks)[: len(waiting)] == waiting, (asks, waiting)
    assert all(a.volunteer for s, a in asks.items() if s not in waiting), asks
    assert len({a.window for a in asks.values()}) <= 1, asks
    assert all(a.sentence.strip() for a in asks.values()), asks
    assert not asks or not state.over
    for seat in [None, *range(rules.n)]:
        view = rules.view(state, seat)
        assert json.loads(json.dumps(view)) == view, f"view of {seat} is not plain JSON"


def check_secrets(state: Any, rng: random.Random) -> tuple[int, int, bool]:
    """For every seat and the public table: deal anew what it cannot know; its view must not
    change. Returns how often some other seat's view changed and how often the full state
    did (so that the check can fail), and whether the seats see different things at all (a
    game with nothing private to a seat, only a hidden pile, has no other seat's view to
    change)."""
    rules = state.rules
    n = rules.n
    views = {s: rules.view(state, s) for s in [None, *range(n)]}
    bare = [{k: v for k, v in view.items() if k != "seat"} for view in views.values()]
    private = any(b != bare[0] for b in bare)
    full = rules.full_state(state)
    others_changed = full_changed = 0
    for seat in views:
        work = rules_copy(state)
        rules.redeal_hidden(work, seat, rng)
        assert rules.view(work, seat) == views[seat], f"the view of {seat} holds a secret"
        others = [t for t in range(n) if t != seat]
        others_changed += any(rules.view(work, t) != views[t] for t in others)
        full_changed += rules.full_state(work) != full
    return others_changed, full_changed, private


def walk(
    record: Record, refusals: bool = True, points: int = POINTS, checked: int | None = None
) -> dict[str, int]:
    """Replay a record action by action (from its JSON form), checking at about `points`
    points spread over its first `checked` actions (None: all of them) and at its end; the
    end state must be the one `replay` gives."""
    raw = json.loads(json.dumps(record.to_json()))
    back = read_record(raw)
    assert back.to_json() == record.to_json()
    assert back.actions == record.actions
    rules = rules_for(record.game, len(record.players))
    action_types = spec(record.game).actions()
    state, _ = rules.new_game(record.players, record.seed, record.options, record.deck)
    rng = random.Random(record.seed)
    seen: list[Action] = []
    counts = {"refused": 0, "others_changed": 0, "full_changed": 0, "points": 0, "private": 0}
    checked = len(record.actions) if checked is None else checked
    every = max(1, checked // points)
    for i, a in enumerate(record.actions):
        assert action_from_json(json.loads(json.dumps(to_json(a)))) == a
        if i % every == 0 and i < checked:
            counts["points"] += 1
            check_views_and_asks(state)
            others, full, private = check_secrets(state, rng)
            counts["others_changed"] += others
            counts["full_changed"] += full
            counts["private"] += private
            if refusals:
                counts["refused"] += check_refusals(state, seen[-40:], action_types, rng)
            assert rules.violations(state) == []
        if listed_fully(a):
            seen.append(a)
        rules.apply(state, a)
    check_views_and_asks(state)
    assert state.over and rules.violations(state) == []
    replayed = replay(back)
    assert rules.full_state(replayed) == rules.full_state(state)
    assert replayed.rng.getstate() == state.rng.getstate()
    assert freeze(replayed, rules) == freeze(state, rules)
    return counts


def conform(game: str, n: int, seeds: range, levels: list[str]) -> None:
    totals = {"refused": 0, "others_changed": 0, "full_changed": 0, "points": 0, "private": 0}
    for seed in seeds:
        counts = walk(play(game, n, seed, levels))
        for k, v in counts.items():
            totals[k] += v
    assert totals["refused"] > 0, "no refused action was tried"
    # the secrets check can fail: redealing changes what is hidden, and other seats' views
    assert totals["full_changed"] > totals["points"], "redeal_hidden never dealt anything"
    if n > 1 and totals["private"]:
        assert totals["others_changed"] > 0, "redealing never changed another seat's view"


# -- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_random_games_conform(game: str, n: int) -> None:
    conform(game, n, range(1, 3), ["random"])


def other_levels(game: str) -> list[str]:
    return [lv for lv in spec(game).bot_levels if lv != "random"]


def opening(record: Record, turns: int) -> int:
    """How many actions of `record` come before its turn `turns` begins."""
    rules = rules_for(record.game, len(record.players))
    state, _ = rules.new_game(record.players, record.seed, record.options, record.deck)
    for i, a in enumerate(record.actions):
        if state.turn >= turns:
            return i
        rules.apply(state, a)
    return len(record.actions)


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_games_of_the_other_levels_conform(game: str, n: int) -> None:
    """Each other level in seat 0 against random seats: for the first 5 turns (the expert's
    search is the slow part), then random bots finish the game. The checks run at about 10
    points of those 5 turns (what the level made happen) and at the end, and the whole
    record replays; the rest is random bots' play, which test_random_games_conform checks.
    `BOHN_FULL=1` checks at 25 points over the whole game, as before."""
    for i, level in enumerate(other_levels(game)):
        record = play(game, n, 100 + i, [level, "random"], turns=5)
        if os.environ.get("BOHN_FULL"):
            walk(record)
        else:
            walk(record, points=10, checked=opening(record, 5))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_more_games_conform(game: str, n: int) -> None:
    """More random games, and whole games of every level mixed (BOHN_SLOW_GAMES=300 plays
    hundreds; the default run plays 2 random ones)."""
    conform(game, n, range(10, 10 + SLOW_GAMES), ["random"])
    for seed in range(20, 20 + SLOW_GAMES // 4):
        walk(play(game, n, seed, other_levels(game) + ["random"]), refusals=False)


def test_every_game_has_cases() -> None:
    assert GAMES and all(spec(g).player_counts for g in GAMES)
    assert {g for g, _ in CASES} == set(GAMES)
