"""Bohnanza's leftovers (issue #23): `?` lists only the keys that work in this game at this
player count, and the end screen's columns mean something for the game."""

from __future__ import annotations

from pathlib import Path

from helpers.ui import SIZE, make_app, screen_text

from bohn_tui.play.session import Session


async def _help_text(tmp_path: Path, game: str, n: int) -> str:
    names = ["Ana", "Ben", "Cem", "Dora"][:n]
    s = Session.new(game, names, {i: "standard" for i in range(1, n)}, seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        return screen_text(app.screen)


async def test_help_has_no_third_field_to_buy_in_the_three_player_game(tmp_path: Path) -> None:
    """Bohnanza for 3 (card-data.md): every player has three fields from the start and
    none is bought, so `?` lists no "b Buy 3rd field"."""
    shown = await _help_text(tmp_path, "bohnanza", 3)
    assert "Harvest" in shown and "Buy 3rd field" not in shown


async def test_help_lists_the_third_field_where_it_is_for_sale(tmp_path: Path) -> None:
    """Bohnanza for 4: "A third field may be bought ... for three coins": `b` is listed."""
    shown = await _help_text(tmp_path, "bohnanza", 4)
    assert "Buy 3rd field" in shown
