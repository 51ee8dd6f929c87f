"""Bohnröschen's own words (issue #11): the menu's Rules and `?` show Bohnröschen's rules for
every player count, complete and true; the privacy screen's reason at a new turn; the
banner's task line whole at 120x40 and 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.ui import make_app, screen_text, table
from textual.widgets import OptionList

from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.choose import ChooseScreen
from bohn_tui.ui.screens.help import HelpScreen

GAME = "bohnroschen"
# what every count's rules must say, and what the plain bean text said instead
EVERY = ["vine row", "tribute", "castle", "5 coins", "nobody wins", "run out any number"]
WRONG = ["run out 0 time", "furthest from the starting player", "Bean duel"]
BY_COUNT = {
    1: ["violet", "red", "Before each phase 1", "ahead of the card you last fulfilled"],
    2: ["Phase 0", "left for your opponent", "only on your own turn"],
    4: ["intermediate phase", "everybody is asked", "third for 3 coins"],
}


async def menu_rules(tmp_path: Path, n: int) -> str:
    app = BohnApp(Store(tmp_path), None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        choose = app.screen
        assert isinstance(choose, ChooseScreen)
        index = [label for label, _ in choose.choices].index(f"Bohnröschen for {n}")
        choose.query_one(OptionList).highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        return screen_text(app.screen)


@pytest.mark.parametrize("n", [1, 2, 4])
async def test_menu_rules_are_bohnroschen_s(tmp_path: Path, n: int) -> None:
    """Rulebook, the 3-6 player game: "New are an intermediate phase and vine cards with
    tasks"; the end: "The game ends only when a player fulfils the last vine card, or pays
    tribute for it, and at the same time can show that he holds at least five gold coins";
    two players: "The intermediate phase is omitted; tribute is only allowed on your own
    turn"; solo: "Before phase 1, the violet figure is always moved forward ... The red
    figure ... is moved forward one card if, after the violet figure has been moved, the
    violet figure is ahead of the player's figure." """
    text = " ".join((await menu_rules(tmp_path, n)).split())
    assert f"Bohnröschen for {n}" in text
    for words in EVERY[:3] + BY_COUNT[n]:
        assert words in text, words
    if n > 1:
        assert all(words in text for words in EVERY), text
    else:
        assert "Win: reach the castle with at least 5 coins" in text
    for words in WRONG:
        assert words not in text, words
    assert "Bean-o-meter" in text


async def test_question_mark_shows_the_rules_in_a_game(tmp_path: Path) -> None:
    s = Session.new(GAME, ["Ana", "Ben", "Cem", "Dora"], {}, seed=2)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(screen_text(app.screen).split())
    assert "Your figure: Task (card 1)" in text and "Bohnröschen for 4" in text
    for words in EVERY + BY_COUNT[4]:
        assert words in text, words
    assert not any(words in text for words in WRONG)


async def test_a_new_turn_is_said_as_the_turn_even_without_a_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The privacy screen's reason when the game gives no prompt for the seat: the active
    seat's is its turn, not "decides next"."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {}, seed=2)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = table(app)
        monkeypatch.setattr(t.client, "prompt", lambda seat: None)
        assert t._reason(0) == "It is Ana's turn."
        assert t._reason(1) == "Ben decides next."
