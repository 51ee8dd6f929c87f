"""Each game speaks its own words (issue #11): Dahlias' flowers and Market Price in its `?`,
its rules and its log, never Bohnanza's beans; Bohnanza's words unchanged. The `?` lists
every card code the table shows with the card's full name (the legend)."""

from __future__ import annotations

import re
from pathlib import Path

from helpers.rules import random_game
from helpers.ui import SIZE, make_app, screen_text

from bohn_tui.games import rules_for
from bohn_tui.games.common.data import load
from bohn_tui.games.common.help import rules_lines
from bohn_tui.games.common.log import BeanLog
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.help import HelpScreen

BEAN = re.compile(r"bean", re.IGNORECASE)


async def help_text(tmp_path: Path, game: str, names: list[str]) -> str:
    """What `?` shows at the first turn, after the hand-over."""
    s = Session.new(game, names, seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        return screen_text(app.screen)


async def test_dahlias_help_says_market_price_and_flowers_never_bean(tmp_path: Path) -> None:
    """dahlias.txt: "Each variety's Market Price is printed at the bottom of its cards";
    "104 Flower Cards". The `?` legend names every card code shown on the table."""
    text = await help_text(tmp_path, "dahlias", ["Ana", "Ben", "Cem"])
    assert "Market Price: cards needed for 1-4 coins" in text
    assert "Flowers removed at this player count: none." in text
    assert not BEAN.search(text), BEAN.findall(text)
    for v in load("dahlias").varieties.values():  # the legend: code and full name on a row
        assert re.search(rf"{v.short}\s+{v.name}\s+{v.count}\b", text), v.name


async def test_bohnanza_help_keeps_its_own_words(tmp_path: Path) -> None:
    text = await help_text(tmp_path, "bohnanza", ["Ana", "Ben", "Cem"])
    assert "Bean-o-meter: cards needed for 1-4 coins" in text
    assert "Beans removed at this player count: Cocoa." in text
    assert "Market Price" not in text and "flower" not in text.lower()


def test_dahlias_log_and_rules_use_no_bean_word() -> None:
    """A whole Dahlias game: no log line and no rules line says "bean"."""
    for n in (3, 4, 5):
        state, events = random_game("dahlias", n, seed=40 + n)
        names = [p.name for p in state.players]
        log = BeanLog(state.rules, names)
        lines = [log(e, lambda s, names=names: "all" if s is None else names[s]) for e in events]
        assert any("harvests" in ln for ln in lines) and lines[-1].startswith("Game over")
        said = " ".join([*lines, *rules_lines(rules_for("dahlias", n))])
        assert not BEAN.search(said), [ln for ln in lines if BEAN.search(ln)]


def test_every_game_names_its_words_in_its_data() -> None:
    assert (load("bohnanza").words.cards, load("bohnanza").words.meter) == (
        "beans",
        "Bean-o-meter",
    )
    assert (load("dahlias").words.cards, load("dahlias").words.meter) == (
        "flowers",
        "Market Price",
    )
    assert load("bohnroschen").words.meter == "Bean-o-meter"
