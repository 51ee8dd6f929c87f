"""Excalibohn at the table, phase 2's spells (issue #23): "First turn up two cards ... Then
decide whether you want to use the spell." A person with the Pile Spell face up gets to
decide before the bots offer: z casts it, e trades without it, and only then e ends the
trading."""

from __future__ import annotations

from pathlib import Path

from helpers.ui import SIZE, make_app, table
from test_ui_excalibohn import GAME, position

from bohn_tui.play.session import Session


async def test_the_active_person_decides_on_the_pile_spell_before_any_offer(
    tmp_path: Path,
) -> None:
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, seed=1)
    position(
        s,
        hands=[["mean", "cap"], ["princess", "white", "cap"], ["princess", "sword", "cap"]],
        fields=[[("white", 2), None], [None, None], [None, None]],
        coins=[[], [], []],
        spells=[["^pile"], ["trade"], ["swap"]],
    )
    s.state.deck.discard = ["princess"]
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        await pilot.press("e")  # phase 1b ends: two cards turned up
        for _ in range(5):
            await pilot.pause()
        assert s.state.phase == "trade" and not s.state.offers  # nobody offered yet
        keys = str(t.query_one("#keys").content)
        assert "z Cast Pile Spell" in keys and "e Trade without the spell" in keys
        assert "End trading" not in keys
        banner = str(t.query_one("#banner").content)
        assert "z casts the Pile Spell, or e trades without it (no offers before)" in banner
        await pilot.press("e")
        for _ in range(5):
            await pilot.pause()
        assert not s.state.phase2_open and s.state.phase == "trade"
        assert "e End trading" in str(t.query_one("#keys").content)
        assert "z Cast" not in str(t.query_one("#keys").content)
