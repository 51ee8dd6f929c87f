"""At 80x24 another player's one-row panel says all it shows, within its row, for every
game and player count that has these panels: each field's kind and count, the coins where
they are known, the number of hand cards, the game's own part (Excalibohn's spell cards)
and the cards still to plant; where room is short it says them shorter (a bot's level
"std", "+4" for four cards to plant, "11h" for eleven cards in hand), never cut off."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import make_app, table, until
from rich.cells import cell_len

from bohn_tui.games.common.ui.player_panel import PlayerPanel
from bohn_tui.play.session import Session

NAMES = ["Ana", "Ben", "Cem", "Dora", "Emil", "Fay", "Gus"]
COUNTS = [
    *(("bohnanza", n) for n in range(2, 8)),
    *(("dahlias", n) for n in (3, 5)),
    *(("bohnroschen", n) for n in (2, 3, 6)),
    *(("excalibohn", n) for n in (3, 5)),
]


def crowded(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """`seat`'s board at its fullest: three fields of twelve or more, 23 coins shown, eleven
    hand cards, four cards to plant, two spell cards (one face up) where spells are."""
    p = dict(view["players"][seat])
    kinds = view["varieties"]
    p["fields"] = [
        {"variety": kinds[i], "count": 12 + i, "pays": 4, "next": None} for i in range(3)
    ]
    p.update(coins=23, hand_size=11, area=kinds[:4])
    if "spell_count" in p:
        p.update(spell_count=2, spells=[{"up": True}, {"up": False}])
    return p


@pytest.mark.parametrize(("game", "n"), COUNTS)
async def test_a_compact_row_says_everything_within_80_columns(
    tmp_path: Path, game: str, n: int
) -> None:
    s = Session.new(game, NAMES[:n], {i: "standard" for i in range(1, n)}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        t = table(app)
        others = [t.query_one(f"#player-{seat}", PlayerPanel) for seat in range(1, n)]
        laid_out = lambda: all(p.has_class("compact") and p.region.width for p in others)  # noqa: E731
        await until(pilot, lambda: app.screen is t and t.viewer == 0 and laid_out())
        for seat in range(1, n):
            panel = t.query_one(f"#player-{seat}", PlayerPanel)
            assert panel.has_class("compact")
            width = panel.region.width - 2  # within its padding
            view = t.view
            for p in (view["players"][seat], crowded(view, seat)):
                row = panel._row(view, p, "… ", t.seat_name(seat)).plain
                said = f"{row!r} ({cell_len(row)} of {width} cells)"
                assert cell_len(row) <= width, said
                name = t.client.names[seat]
                assert row.startswith(f"… {name[:4]}"), said
                rest = row[2 + len(name) :]
                assert "…" not in rest, said  # nothing cut but (at most) the bot's level
                for f in p["fields"]:
                    if f["count"]:
                        assert re.search(rf"\b\w+{f['count']}\b", rest), said
                hand = p["hand_size"]
                assert re.search(rf"\b{hand}( cards|h)\b", rest), said
                if p["coins"] is not None:
                    assert re.search(rf"\b{p['coins']}( coins|c)\b", rest), said
                if p["area"]:
                    assert f"+{len(p['area'])}" in rest or "+ " in rest, said
                if "spell_count" in p:
                    assert re.search(rf"\b{p['spell_count']}( spells?|sp)", rest), said
