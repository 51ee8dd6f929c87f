"""Excalibohn's invariants over random legal play (3-5 players, a few seeds, the spells
included): no bean card or coin created or lost, eleven spell cards always, every view hides
what it must, and `step` plays the same game as `apply`."""

from __future__ import annotations

import copy
import random

import pytest

from bohn_tui.games import rules_for
from bohn_tui.games.excalibohn.state import ExcalibohnState

BEANS = 98
SPELLS = 11
STEPS = 1500


def beans(st: ExcalibohnState) -> int:
    """Every bean card wherever it is, counted by hand (not by the rules' own count)."""
    n = len(st.deck.cards) + len(st.deck.discard) + len(st.turned_up)
    for p in st.players:
        n += len(p.hand) + len(p.coins) + len(p.area) + sum(f.count for f in p.fields)
    return n + sum(1 for p in st.pending if p.kind == "place" and p.card is not None)


def check_views(st: ExcalibohnState) -> None:
    rules = st.rules
    for seat in [None, *range(rules.n)]:
        v = rules.view(st, seat)
        for s, pv in enumerate(v["players"]):
            if s != seat:
                assert pv["hand"] is None
            for entry, card in zip(pv["spells"], st.spells[s], strict=True):
                everyone = len(card.known) == rules.n - 1  # it was face up: public
                mine = s == seat or (seat in card.known) or (seat is None and everyone)
                known = card.up or st.over or mine
                assert (entry["id"] is not None) == known, (seat, s, entry)
        if st.pending:
            p = st.pending[0]
            sees = seat is not None and (
                seat == p.seat or (p.source == "stolen" and seat == p.other)
            )
            if not sees:
                assert v["pending"]["card"] is None
        if seat is not None:
            assert v["notes"] == st.notes[seat]


def random_game(n: int, seed: int, use_step: bool, steps: int = STEPS) -> list:
    """Random legal actions of the seat the game waits for; returns the actions taken."""
    rules = rules_for("excalibohn", n)
    st, _ = rules.new_game([f"P{s}" for s in range(n)], seed)
    rng = random.Random(seed)
    taken = []
    for i in range(steps):
        if st.over:
            break
        seat = rules.to_move(st)
        legal = rules.legal_actions(st, seat)
        assert legal, (seat, st.phase, st.pending)
        a = legal[int(rng.random() * len(legal))]
        if use_step:
            rules.step(st, a)
        else:
            rules.apply(st, a)
        taken.append(a)
        assert beans(st) == BEANS
        assert sum(len(r) for r in st.spells) + len(st.spell_deck) == SPELLS
        assert rules.violations(st) == []
        if i % 25 == 0:
            check_views(st)
            work = copy.deepcopy(st, {id(rules): rules})
            for seat in [None, *range(n)]:
                before = rules.view(work, seat)
                rules.redeal_hidden(work, seat, rng)
                assert rules.view(work, seat) == before
    return [taken, st]


@pytest.mark.parametrize(("n", "seed"), [(3, 1), (4, 2), (5, 3), (4, 11)])
def test_random_play_keeps_every_card_and_hides_the_secrets(n, seed):
    taken, st = random_game(n, seed, use_step=False)
    assert len(taken) > 50


@pytest.mark.parametrize(("n", "seed"), [(3, 5), (5, 6)])
def test_step_plays_the_same_game_as_apply(n, seed):
    a_taken, a_state = random_game(n, seed, use_step=False, steps=600)
    s_taken, s_state = random_game(n, seed, use_step=True, steps=600)
    assert a_taken == s_taken
    rules = a_state.rules
    assert rules.full_state(a_state) == rules.full_state(s_state)
    assert a_state.rng.getstate() == s_state.rng.getstate()


ODD = [None, -1, 0, 1, 2, 5, 99, True, "1", "sword", "", 1.5]


@pytest.mark.parametrize("seed", [1, 2])
def test_odd_actions_are_refused_and_change_nothing(seed):
    """Bad input never crashes: Excalibohn's actions with odd field values, by any seat,
    at points of random games, are refused (IllegalAction) and change nothing, or are
    legal (then listed)."""
    from dataclasses import fields

    from bohn_tui.engine.actions import IllegalAction
    from bohn_tui.games.excalibohn.actions import EXCALIBOHN_ACTIONS

    rules = rules_for("excalibohn", 3 + seed)
    st, _ = rules.new_game([f"P{s}" for s in range(rules.n)], seed)
    rng = random.Random(seed)
    step = 0
    while not st.over:
        seat = rules.to_move(st)
        legal = rules.legal_actions(st, seat)
        if step % 7 == 0:
            for _ in range(12):
                cls = rng.choice(EXCALIBOHN_ACTIONS)
                kw = {f.name: rng.choice(ODD) for f in fields(cls) if f.name != "seat"}
                a = cls(rng.randrange(-1, rules.n + 1), **kw)
                work = copy.deepcopy(st, {id(rules): rules})
                before = rules.full_state(work), work.rng.getstate()
                try:
                    rules.apply(work, a)
                except IllegalAction:
                    assert (rules.full_state(work), work.rng.getstate()) == before, a
                else:
                    assert a in rules.legal_actions(st, a.seat), a
        rules.apply(st, legal[int(rng.random() * len(legal))])
        step += 1
