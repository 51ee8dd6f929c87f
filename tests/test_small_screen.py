"""At 80x24 everything a player needs is on the screen for every player count each game
allows: every player's panel (the board in focus whole, the others a row each), the
viewer's fields and hand, and the key bar with every legal key, Log, Help, Menu and the
palette (on a second row when one is not enough)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.screen import rows
from helpers.ui import make_app, table, until
from textual.geometry import Region

from bohn_tui.games.common.ui.player_panel import PlayerPanel
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.privacy import PrivacyScreen

SMALL = (80, 24)
NAMES = ["Ana", "Ben", "Cem", "Dora", "Emil", "Fay", "Gus"]
COUNTS = [
    *(("bohnanza", n) for n in range(2, 8)),
    *(("dahlias", n) for n in range(3, 6)),
    *(("bohnroschen", n) for n in range(1, 7)),
]


def check_all_visible(app: object, seat: int) -> None:
    t = table(app)  # type: ignore[arg-type]
    screen = Region(0, 0, *SMALL)
    scroll = t.query_one("#players-scroll").region
    shown = rows(app)
    text = "\n".join(shown)
    for panel in t.query(PlayerPanel):
        r = panel.region
        assert r.area and screen.contains_region(r) and scroll.contains_region(r), (
            panel.seat,
            r,
            scroll,
            text,
        )
        name = t.client.names[panel.seat]
        assert name in shown[r.y], (name, text)  # its row (or its top border) names it
        whole = not panel.has_class("compact")
        assert whole == (panel.seat == seat), (panel.seat, seat, text)
    mine = t.query_one(f"#player-{seat}", PlayerPanel).region
    assert "1 " in shown[mine.y + 1] and "coins" in shown[mine.bottom - 1]  # fields, coins
    hand = t.query_one("HandView").region
    assert screen.contains_region(hand) and "front" in shown[hand.y + 1], text
    keys = " ".join(shown[-3:])
    for word in ("v Log", "? Help", "q Menu", "^p palette"):
        assert word in keys, (word, keys)


@pytest.mark.parametrize(("game", "n"), COUNTS)
async def test_every_player_and_key_on_an_80x24_screen(tmp_path: Path, game: str, n: int) -> None:
    s = Session.new(game, NAMES[:n], {n - 1: "random"} if n > 2 else {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        if n > 1:  # the only person needs no hand-over
            assert isinstance(app.screen, PrivacyScreen)
            await pilot.press("enter")
            await pilot.pause()
        check_all_visible(app, 0)


@pytest.mark.parametrize(("game", "n"), [("bohnanza", 7), ("dahlias", 5), ("bohnroschen", 6)])
async def test_every_player_while_trading_at_80x24(tmp_path: Path, game: str, n: int) -> None:
    """The most players each game allows, in the trading phase with a bot's offer to answer:
    the key bar takes two rows, and still every player and the hand are on the screen."""
    s = Session.new(game, NAMES[:n], {n - 1: "standard"}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1", "e")  # plant, then turn up: trading
        # the bot's offer comes from its thread, then the key bar is laid out again:
        # waited for by a deadline (not one pause())
        t = table(app)
        keys_rows = lambda: t.query_one("#keys").region.height  # noqa: E731
        await until(pilot, lambda: not t.client.busy and keys_rows() == 2)
        await pilot.pause()
        assert keys_rows() == 2
        check_all_visible(app, 0)


async def test_all_trading_keys_show_at_80x24(tmp_path: Path) -> None:
    """In the trading phase of a 7-player game the key bar takes two rows and shows every
    legal key, each whole, Log, Help and Menu among them."""
    s = Session.new("bohnanza", NAMES, {n: "standard" for n in range(3, 7)}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1", "e")  # plant, then turn up: trading
        t = table(app)
        await until(pilot, lambda: not t.client.busy)  # (the bots' offers made, in threads)
        await pilot.pause()
        assert s.state.phase == "trade", s.state.phase
        check_all_visible(app, 0)
        bar = t.query_one("#keys")
        assert bar.region.height == 2 and bar.region.bottom == SMALL[1]
        keys = " ".join(rows(app)[-2:])
        from bohn_tui.ui.widgets.key_bar import shown_keys

        legal = shown_keys(t.bindings_list, lambda a: bool(t.check_action(*_parse(a))))
        assert {"Log", "Help", "Menu", "Offer", "End trading"} <= {d for _, d, _ in legal}, legal
        for label, desc, _ in legal:
            assert f"{label} {desc}" in keys, (label, desc, keys)


def _parse(action: str) -> tuple[str, tuple[int, ...]]:
    from bohn_tui.ui.screens.table import _parse as parse

    return parse(action)


async def test_a_bigger_screen_keeps_whole_panels(tmp_path: Path) -> None:
    """At 120x40 four players keep their whole panels, two to a row."""
    s = Session.new("bohnanza", NAMES[:4], seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        panels = list(table(app).query(PlayerPanel))
        assert not any(p.has_class("compact") for p in panels)
        assert len({p.region.y for p in panels}) == 2


async def test_a_compact_row_shows_fields_and_hand_on_one_row(tmp_path: Path) -> None:
    """A few turns into a 5-player game at 80x24: each other player's row names them and
    shows each planted field's kind and count, and their number of hand cards, on one row."""
    from helpers.ui import play_until, step

    s = Session.new("bohnanza", NAMES[:5], seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        checks = await play_until(pilot, app, lambda s: s.state.turn >= 4)
        while not isinstance(app.screen, PrivacyScreen):
            await step(pilot, app, checks)
        await step(pilot, app, checks)  # the hand-over, confirmed
        t = table(app)
        seat = t.viewer
        assert seat is not None
        check_all_visible(app, seat)
        shown = rows(app)
        planted = 0
        for other in range(5):
            if other == seat:
                continue
            panel = t.query_one(f"#player-{other}", PlayerPanel)
            assert panel.has_class("compact") and panel.region.height == 1
            row = shown[panel.region.y]
            p = s.state.players[other]
            # the hand size stands apart from the last field's count ("Chi3   11 cards")
            assert s.names[other] in row and f"  {len(p.hand)} cards" in row, row
            for f in p.fields:
                if f.count:
                    planted += 1
                    assert f"{s.rules.varieties[f.variety].short}{f.count}" in row, row
        assert planted >= 4  # the others have planted: the rows were checked on something


async def test_the_log_wraps_long_lines_and_shows_the_newest_whole_at_80x24(
    tmp_path: Path,
) -> None:
    """Lines longer than the log is wide wrap at words (never cut at the box's edge), and
    however they wrap, the newest line shows to its last word."""
    from bohn_tui.ui.widgets.game_log import GameLog

    s = Session.new("bohnanza", NAMES[:3], {1: "standard", 2: "standard"}, seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        t = table(app)
        log = t.query_one("#log", GameLog)
        width = log.content_size.width
        # words just over half the width: a row each, more rows than len/width
        word = "x" * (width // 2 + 1)
        for i in range(12):
            s.keep_line(" ".join([word] * 3 + [f"end{i}"]))
        t.advance()
        await pilot.pause()
        shown = rows(app)[log.region.y : log.region.bottom]
        box = "\n".join(r[log.region.x : log.region.right] for r in shown)
        assert "end11" in box, box  # the newest line, whole
        assert "end10" in box
        for r in shown:  # nothing runs past the box's right border
            inner = r[log.content_region.x : log.content_region.right]
            assert "x" * (width // 2 + 2) not in inner, box
        # the whole log (v) fits the screen too: its lines wrap inside it, none is cut
        s.keep_line("the last line " + " ".join(f"w{i}" for i in range(40)))
        await pilot.press("v")
        await pilot.pause()
        box_region = app.screen.query_one("#log-box").region
        assert Region(0, 0, *SMALL).contains_region(box_region), box_region
        text = " ".join(r.strip(" │▎▊█") for r in rows(app))
        assert all(f"w{i}" in text.split() for i in range(40)), text
