"""Solo Bohnröschen's first screen and hint (issue #23): the first screen says how the run is
won, and the hint's why names what decides that move (the task it fulfils, the field and
the other one, the coins tribute would cost), so different moves get different reasons."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import make_app, screen_text, until

from bohn_tui.games import rules_for
from bohn_tui.games.bohnroschen.solo_hint import advise, describe
from bohn_tui.games.bohnroschen.solo_search import Planner
from bohn_tui.games.bohnroschen.ui.table import banner
from bohn_tui.play.session import Session

GAME = "bohnroschen"
OLD = "it leaves the fields and the hand best placed for the harvests"  # every move's, before


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_first_screen_says_how_to_win(tmp_path: Path, size: tuple[int, int]) -> None:
    """bohnroschen.txt: "The solo player's aim is to reach the castle, passing all the cards
    in front of the violet and the red figure, with the minimum of five gold coins." The
    first screen says so, without `?`."""
    app = make_app(tmp_path, Session.new(GAME, ["Ana"], {}, seed=3))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app.screen).split())
        assert "Win: reach the castle ♛ with 5 coins before violet or red gets there." in text


def test_the_goal_line_is_the_first_turn_s_only() -> None:
    rules = rules_for(GAME, 1)
    state, _ = rules.new_game(["Ana"], 3)
    view = rules.view(state, 0)
    assert "Win: reach the castle" in banner(("Turn 1", "Ana: plant."), view, 0)[1]
    later = dict(view, turn=2)
    assert "Win:" not in banner(("Turn 2", "Ana: plant."), later, 0)[1]
    several = rules_for(GAME, 3)
    st3, _ = several.new_game(["Ana", "Ben", "Cem"], 3)
    assert "Win:" not in banner(("Turn 1", "Ana: plant."), several.view(st3, 0), 0)[1]


def run_hints(seed: int, decisions: int) -> list[tuple[dict[str, Any], str, str]]:
    """The first `decisions` hints of an expert-played solo run: (view, move, why)."""
    rules = rules_for(GAME, 1)
    state, _ = rules.new_game(["Ana"], seed)
    planner = Planner()
    out = []
    while state.phase != "over" and len(out) < decisions:
        view, legal = rules.view(state, 0), rules.legal_actions(state, 0)
        action, why = advise(view, legal)
        out.append((view, describe(view, action), why))
        rules.step(state, planner.choose(view, legal))
    return out


def test_the_hint_names_what_decides_each_move() -> None:
    """Seed 7's first turns: a planting that fulfils a task quotes that task; a field
    choice names the other field's end; drawing names the harvest it does not make; no move
    gets the one sentence every move had before."""
    hints = run_hints(7, 36)
    whys = [why for _, _, why in hints]
    assert OLD not in whys
    assert len(set(whys)) >= len(whys) // 2, whys  # different moves, different reasons
    by_move = {(v["turn"], v["phase"], move): why for v, move, why in hints}
    task = by_move[(4, "plant_turned_up", "plant all the Stink on field 1")]
    assert "fulfils card 4 (“Have exactly two beans on every bean field.”)" in task
    field = by_move[(1, "plant_turned_up", "plant all the Red on field 1")]
    assert "field 2 Green ×2" in field  # the Green stay on field 2
    stop = by_move[(1, "draw", "draw your cards (ends the turn)")]
    assert "after harvesting field 2 (Green ×2): field 2 empty" in stop  # why not harvest
    assert task != field and task != stop


def test_a_tie_says_so() -> None:
    """Two empty fields: either is as good, and the hint says which other move would do."""
    view, move, why = run_hints(3, 1)[0]
    assert move == "plant your front card (Black-eyed) on field 2"
    assert why.startswith("planting your front card (Black-eyed) on field 1 would do just as well")


def slow_hint(
    monkeypatch: pytest.MonkeyPatch, seconds: float, until: threading.Event | None = None
) -> list[str]:
    """The hint, made to think `seconds` longer (in whatever thread it runs), or until the
    test sets `until` (60 s at most): then it is still thinking whatever the machine's load;
    the hints made."""
    import time

    from bohn_tui.games.bohnroschen import solo_hint

    made: list[str] = []
    real = solo_hint.hint

    def slow(view: dict[str, Any], legal: list[Any]) -> str:
        if until is not None:
            until.wait(60)
        else:
            time.sleep(seconds)
        made.append(real(view, legal))
        return made[-1]

    monkeypatch.setattr(solo_hint, "hint", slow)
    return made


async def test_keys_work_while_the_expert_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint thinks off the event loop: a key pressed meanwhile plants at once, and the
    hint made for the table before that planting is dropped, not shown."""
    # the expert thinks until the key has gone through (not for 1 s, which a loaded
    # machine may spend before the key is taken)
    thinking = threading.Event()
    made = slow_hint(monkeypatch, 1.0, thinking)
    session = Session.new(GAME, ["Ana"], {}, seed=3)
    app = make_app(tmp_path, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.press("1")  # plant the front card on field 1 while the expert thinks
        await until(pilot, lambda: session.state.players[0].fields[0].count == 1)
        assert not made, "the hint had finished before the key was taken"
        assert session.state.players[0].fields[0].count == 1  # the key went through
        thinking.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert made, "the hint never finished"
        assert not [n for n in app._notifications if n.title == "What the expert would do"]


async def test_the_hint_shows_when_the_table_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = slow_hint(monkeypatch, 0.3)
    app = make_app(tmp_path, Session.new(GAME, ["Ana"], {}, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = [n.message for n in app._notifications if n.title == "What the expert would do"]
        assert shown == made and shown[0].startswith("Expert: plant your front card")
