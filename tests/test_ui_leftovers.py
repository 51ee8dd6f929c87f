"""Bohnanza's leftovers (issue #23): `?` lists only the keys that work in this game at this
player count, and the end screen's columns mean something for the game."""

from __future__ import annotations

from pathlib import Path

from helpers.ui import SIZE, make_app, screen_text, until

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


async def _end_columns(tmp_path: Path, game: str, n: int) -> list[str]:
    from rich.table import Table
    from textual.widgets import Static

    from bohn_tui.games.common.ui.end import EndScreen

    names = ["Ana", "Ben", "Cem", "Dora"][:n]
    s = Session.new(game, names, {i: "standard" for i in range(n)}, seed=4)
    s.run_bots()
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))  # (not two pause()s)
        assert isinstance(app.screen, EndScreen)
        scores = next(w.content for w in app.screen.query(Static) if isinstance(w.content, Table))
        return [str(c.header) for c in scores.columns]


async def test_the_end_of_bohnanza_for_3_has_no_fields_bought(tmp_path: Path) -> None:
    """Three fields from the start: nobody buys one, so no column of them; the cards in
    hand break a tie ("the player with the most cards remaining in their hand wins")."""
    cols = await _end_columns(tmp_path, "bohnanza", 3)
    assert "cards in hand" in cols and "fields bought" not in cols


async def test_the_end_of_excalibohn_shows_its_tie_break_not_bohnanzas(tmp_path: Path) -> None:
    """Excalibohn breaks a tie by Groschen, and no field is bought: neither the hand cards
    nor the fields bought mean anything there."""
    cols = await _end_columns(tmp_path, "excalibohn", 3)
    assert "Groschen" in cols and "cards in hand" not in cols and "fields bought" not in cols
