"""Bohnröschen's intermediate phase keeps every treasury secret (issue #11): every seat whose
figure has a card ahead is asked, coins or none, in the same order for
people and bots; each person is asked behind the privacy screen; nothing shows a count.
(Records saved before replay by their old rule: tests/test_legacy_rules.py.)"""

from __future__ import annotations

import html
import re
from pathlib import Path

from helpers.bohnroschen import QUIET, four, game, to_phase
from helpers.rules import give_coins, play
from helpers.ui import make_app, table

from bohn_tui.games.bohnroschen.rules import (
    DRAW,
    INTERMEDIATE,
    DrawCards,
    EndTribute,
    PayTribute,
)
from bohn_tui.games.common.ui.player_panel import PlayerPanel
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.privacy import PrivacyScreen

COUNT = re.compile(r"coins \d")
EVERYONE = {"ask_everyone": True}


def shown(app: object) -> str:
    """The screen as the players see it: the screenshot's text without its markup."""
    svg = app.export_screenshot()  # type: ignore[attr-defined]
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def test_every_seat_is_asked_coins_or_none() -> None:
    """Rulebook: "When the active player has finished his turn by drawing the three cards, an
    intermediate phase begins. Now all players, including the player whose turn it was, may
    pay tribute." Nobody has a coin here, and still every seat is asked, in seat order from
    the active player: skipping the poor would tell the table who has none."""
    state = game(4, four([]), ["soy"] * 60, QUIET, ask_everyone=True)
    rules = state.rules
    to_phase(state, DRAW)
    play(state, DrawCards(0))
    assert state.phase == INTERMEDIATE
    assert rules.waiting_for(state) == [0, 1, 2, 3]
    for seat in range(4):  # no coin: "no more tribute" is the only answer
        assert rules.legal_actions(state, seat) == [EndTribute(seat)]
        assert rules.asks(state)[seat].kind == "tribute"
    play(state, *(EndTribute(s) for s in range(4)))
    assert state.phase == "plant" and state.active == 1


def test_the_last_coin_paid_is_asked_again_like_any_other() -> None:
    """Rulebook: "Paying tribute during the intermediate phase happens without any fixed
    order, and it may happen several times." A seat that pays its last coin is asked again
    (it can only say it is done), as a seat with coins left would be."""
    state = game(4, four([]), ["soy"] * 80, QUIET, ask_everyone=True)
    give_coins(state, 2, "soy", 1)
    give_coins(state, 3, "soy", 2)
    rules = state.rules
    to_phase(state, INTERMEDIATE)
    play(state, EndTribute(0), EndTribute(1), PayTribute(2), PayTribute(3))
    assert rules.waiting_for(state) == [2, 3]  # out of coins or not: the same question
    assert rules.legal_actions(state, 2) == [EndTribute(2)]
    assert PayTribute(3) in rules.legal_actions(state, 3)


def test_a_figure_past_the_last_card_is_not_asked() -> None:
    """Only the row decides who is not asked (everybody sees it): a figure at the castle card
    has nothing to pay tribute for."""
    state = game(3, [["soy"] * 5] * 3, ["soy"] * 60, QUIET[:2], ask_everyone=True)
    state.pos[1] = len(state.vine) - 1  # waits at the castle for five coins
    to_phase(state, INTERMEDIATE)
    assert state.rules.waiting_for(state) == [0, 2]


async def test_each_person_is_asked_behind_the_privacy_screen(tmp_path: Path) -> None:
    """Ana, Ben and Cem at one screen; Ben holds a coin, Cem none: both are handed the screen
    for the same question, the privacy screen hides every panel's count, and once a person
    has the screen only their own panel shows their coins. After the phase the screen goes
    to Ben for his turn, said as his turn."""
    s = Session.new("bohnroschen", ["Ana", "Ben", "Cem"], {}, seed=2, options=EVERYONE)
    to_phase(s.state, DRAW)
    give_coins(s.state, 1, "soy", 1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:  # whole panels (80x24: one row each)
        await pilot.press("enter")  # Ana, phase 4
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0
        await pilot.press("e")  # draws: the intermediate phase; Ana is asked first
        await pilot.pause()
        assert s.state.phase == INTERMEDIATE and t.viewer == 0
        await pilot.press("e")  # no more tribute
        await pilot.pause()
        for seat, key in ((1, "t"), (1, "e"), (2, "e")):  # Ben pays, is asked again; Cem
            if seat != t.viewer:
                assert isinstance(app.screen, PrivacyScreen), (seat, app.screen)
                assert "may pay tribute" in app.screen.reason
                assert not COUNT.search(shown(app)), "a count on the cover"
                await pilot.press("enter")
                await pilot.pause()
            assert app.screen is t and t.viewer == seat
            assert "coins ?" in shown(app)  # the check above reads the screen for real
            for panel in t.query(PlayerPanel):
                sub = str(panel.border_subtitle)
                if panel.seat == seat:
                    assert COUNT.search(sub), sub
                else:
                    assert "coins ?" in sub, sub
            await pilot.press(key)
            await pilot.pause()
        assert s.state.pos[1] == 1 and s.state.pos[2] == 0
        assert s.state.phase == "plant" and s.state.active == 1
        assert isinstance(app.screen, PrivacyScreen)
        assert app.screen.reason == "It is Ben's turn."
    assert not any(COUNT.search(ln.text) for ln in s.log)
