"""Properties of whole random dice games, 2 to 5 players (issue #12): thalers and harvest
cards are conserved; a die on the bean field never changes until the turn ends; every check
uses the right dice (recomputed from the events alone: the roll just made for the others, the
complete field for its roller), and no check is missed; a refused action changes nothing (the
state and the generator)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers.asks import may_volunteer

from bohn_tui.engine.actions import Action, Event, IllegalAction
from bohn_tui.games import rules_for
from bohn_tui.games.wuerfelspiel.actions import (
    Covered,
    Dealt,
    GameEnded,
    Harvest,
    Harvested,
    Placed,
    Reroll,
    Roll,
    Rolled,
    TurnBegan,
)
from bohn_tui.games.wuerfelspiel.dice import covered_run, load

DATA = load()
GAMES = [(n, seed) for n in (2, 3, 4, 5) for seed in (1, 2, 3)]


class Shadow:
    """The game as the events tell it: each seat's upper card and covered orders, the last
    roll, the dice on the field. Checks every Covered event against it."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.upper: list[int | None] = [None] * n
        self.covered = [0] * n
        self.roll: tuple[int, tuple[int, ...], tuple[str, ...]] | None = None  # roller, dice
        self.roll_open = False
        self.field: dict[int, str] = {}
        self.field_owner: int | None = None  # whose complete field it is
        self.roller = 0
        self.checks = {"roll": 0, "field": 0}

    def expect_run(self, seat: int, faces: tuple[str, ...] | list[str]) -> int:
        card = self.upper[seat]
        if card is None:
            return 0
        return covered_run(DATA.cards[card - 1].orders, self.covered[seat], faces)

    def events(self, events: list[Event]) -> None:
        pending: list[int] = []  # seats that must be checked against the roll just made
        for e in events:
            if pending and not (isinstance(e, Covered) and e.source == "roll"):
                self._unchecked(pending)
                pending = []
            if isinstance(e, Dealt):
                self.upper[e.seat] = e.upper
            elif isinstance(e, TurnBegan):
                self.roller = e.seat
            elif isinstance(e, Rolled):
                assert e.seat == self.roller
                for i in e.dice:  # a die on the field is never rolled again in its turn
                    assert i not in self.field or self.field_owner is not None, (e, self.field)
                if self.field_owner is not None:  # a new turn's first roll: the field is up
                    assert e.dice == (0, 1, 2, 3, 4) and not e.figure
                    self.field, self.field_owner = {}, None
                if e.figure:
                    assert self.roll is not None and e.dice == self.roll[1]
                self.roll = (e.seat, e.dice, e.faces)
                self.roll_open = True
                pending = [(e.seat + k) % self.n for k in range(1, self.n)]
            elif isinstance(e, Placed):
                assert self.roll is not None and set(e.dice) <= set(self.roll[1])
                for i, f in zip(e.dice, e.faces, strict=True):
                    assert i not in self.field
                    assert f == self.roll[2][self.roll[1].index(i)]
                    self.field[i] = f
                self.roll_open = False
                if len(self.field) == 5:
                    self.field_owner = self.roller
            elif isinstance(e, Covered):
                self._covered(e, pending)
            elif isinstance(e, Harvested):
                assert self.covered[e.seat] == e.orders >= 3
                assert e.thalers <= DATA.thalers[e.orders]
                self.upper[e.seat], self.covered[e.seat] = e.upper, 0
                self._after_harvest(e.seat, events, e)
        if pending:
            self._unchecked(pending)

    def _covered(self, e: Covered, pending: list[int]) -> None:
        if e.source == "roll":
            assert self.roll is not None and self.roll_open and e.roller == self.roll[0]
            assert e.seat != self.roll[0]
            faces: Any = self.roll[2]
            if pending:  # the checks right after the roll: in seat order, none skipped
                while pending and pending[0] != e.seat:
                    self._unchecked([pending.pop(0)])
                assert pending and pending.pop(0) == e.seat
        else:
            assert len(self.field) == 5 and e.roller == e.seat, (e, self.field)
            faces = list(self.field.values())
            self.field_owner = e.seat
        self.checks[e.source] += 1
        assert e.orders[0] == self.covered[e.seat]
        assert len(e.orders) == self.expect_run(e.seat, faces) > 0, e
        self.covered[e.seat] += len(e.orders)

    def _unchecked(self, seats: list[int]) -> None:
        """These seats got no Covered event after the roll: they fulfil nothing with it."""
        assert self.roll is not None
        for s in seats:
            assert self.expect_run(s, self.roll[2]) == 0, (s, self.roll)

    def _after_harvest(self, seat: int, events: list[Event], e: Harvested) -> None:
        """A harvest's own check must come right after it; it is checked when it comes (the
        next event); here: when it does not come, the usable dice fulfil nothing."""
        nxt = events[events.index(e) + 1] if events.index(e) + 1 < len(events) else None
        if isinstance(nxt, Covered) and nxt.seat == seat:
            return
        if self.roll_open and self.roll is not None and seat != self.roller:
            assert self.expect_run(seat, self.roll[2]) == 0
        elif self.field_owner == seat and len(self.field) == 5:
            assert self.expect_run(seat, list(self.field.values())) == 0


def choose(rules: Any, st: Any, rng: random.Random) -> Action:
    """Now and then a harvest by a random seat that may, else a random legal roller action."""
    harvesters = [s for s in range(rules.n) if may_volunteer(st, s)]
    if harvesters and rng.random() < 0.3:
        return Harvest(rng.choice(harvesters))
    return rng.choice(rules.legal_actions(st, st.roller))


def refusals(rules: Any, st: Any) -> list[Action]:
    out: list[Action] = [Roll(s, ()) for s in range(rules.n) if s != st.roller]
    out += [Harvest(s) for s in range(rules.n) if not may_volunteer(st, s)]
    out += [Roll(st.roller, (i,)) for i in range(5) if st.where[i] == "field"]
    out += [Roll(st.roller, (7,)), Roll(st.roller, (0, 0))]
    if st.figure_used or st.first_roll:
        out.append(Reroll(st.roller))
    if not st.first_roll:
        out.append(Roll(st.roller, ()))
    return out


@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_random_games_keep_every_property(n: int, seed: int) -> None:
    rules = rules_for("wuerfelspiel", n)
    st, events = rules.new_game([f"P{s}" for s in range(n)], seed)
    shadow = Shadow(n)
    shadow.events(events)
    rng = random.Random(seed)
    refused = 0
    while not st.over:
        if rng.random() < 0.1:
            for a in refusals(rules, st):
                before = (rules.full_state(st), st.rng.getstate())
                with pytest.raises(IllegalAction):
                    rules.apply(st, a)
                assert (rules.full_state(st), st.rng.getstate()) == before, a
                refused += 1
        # the dice placed this turn (between turns the last turn's field is still shown)
        placed = [] if st.first_roll else [i for i in range(5) if st.where[i] == "field"]
        field = {i: st.faces[i] for i in placed}
        turn = st.turn
        events = rules.apply(st, choose(rules, st, rng))
        shadow.events(events)
        if st.turn == turn and not st.over:  # the turn goes on: the field stays as it was
            assert all(st.where[i] == "field" and st.faces[i] == f for i, f in field.items())
        assert rules.violations(st) == []
        # thalers: single cards + 5 per overview card; harvest cards: 55 in all
        held = sum((p.upper is not None) + (p.lower is not None) for p in st.players)
        assert len(st.pile) + held + sum(len(p.singles) for p in st.players) == 55
        thalers = [p.thalers for p in st.players]
        assert thalers == [len(p.singles) + 5 * p.overview for p in st.players]
        assert [v["thalers"] for v in rules.view(st, None)["players"]] == thalers
    assert isinstance(events[-1], GameEnded)
    assert max(p.thalers for p in st.players) >= DATA.target
    assert refused > 0 and shadow.checks["roll"] > 0 and shadow.checks["field"] > 0


def test_step_and_copy_give_the_same_game_as_apply() -> None:
    """`step` (simulations) and a state's `copy` (bot rollouts) play the same game."""
    rules = rules_for("wuerfelspiel", 3)
    st, _ = rules.new_game(["A", "B", "C"], 9)
    twin = st.copy()
    rng = random.Random(4)
    while not st.over:
        a = choose(rules, st, rng)
        rules.apply(st, a)
        rules.step(twin, a)
        assert rules.full_state(twin) == rules.full_state(st)
    assert twin.rng.getstate() == st.rng.getstate()


def test_random_games_near_an_empty_pile_conserve_cards_and_thalers() -> None:
    """The pile runs out (the overview cards' note): five players with eight or nine single
    thalers each leave five cards or none in the pile; random play on must conserve the 55
    harvest cards and the five overview cards, every check still right; some games exchange."""
    rules = rules_for("wuerfelspiel", 5)
    exchanges = 0
    for seed, each in ((1, 9), (2, 9), (3, 8), (4, 8)):
        st, events = rules.new_game([f"P{s}" for s in range(5)], seed)
        shadow = Shadow(5)
        shadow.events(events)
        for p in st.players:
            p.singles += [st.pile.pop() for _ in range(each)]
        assert len(st.pile) == 5 * (9 - each)
        rng = random.Random(seed)
        made = 0
        while not st.over:
            events = rules.apply(st, choose(rules, st, rng))
            shadow.events(events)
            made += sum(e.type == "exchanged" for e in events)
            assert rules.violations(st) == []
        thalers = [p.thalers for p in st.players]
        assert thalers == [len(p.singles) + 5 * p.overview for p in st.players]
        assert st.overview_left == 5 - made
        exchanges += made
    assert exchanges > 0
