"""The dice game's and Excalibohn's table widgets repaint and lay out only what a key
changed (issue #25): the dice table's roll box wraps its lines into rows itself (one row a
line, so a changed line repaints its rows only) and shows what Textual's own wrap showed;
Excalibohn's magic panel, as tall as the side column leaves it, changes its number of rows
without a layout, shows the trade area in its place at a phase change without one, and its
spells panel lays nothing out when its height stays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import make_app, table, until
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from bohn_tui.games.common.ui.trade_area import TradeArea
from bohn_tui.games.excalibohn.ui.widgets import MagicPanel, SpellsPanel
from bohn_tui.games.wuerfelspiel.ui.board import RollInfo
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.table import TableScreen

BOX = "height: 12; width: 44; border: round white; padding: 0 1;"


class _Boxes(App[None]):
    CSS = f"RollInfo {{ {BOX} }} #plain {{ {BOX} }}"

    def compose(self) -> ComposeResult:
        yield RollInfo(id="info")
        yield Static(id="plain")


def _cells(app: Any, widget: Any) -> list[list[tuple[str, str]]]:
    """The widget's rows on the screen, cell by cell: the character and its style without
    the offsets Textual keeps for clicks (its meta)."""
    region = widget.region
    rows = app.screen._compositor.render_strips()[region.y : region.bottom]
    out = []
    for strip in rows:
        cells: list[tuple[str, str]] = []
        for seg in strip.crop(region.x, region.right):
            cells += [(ch, str(seg.style)) for ch in seg.text]
        out.append(cells)
    return out


LINES = [
    Text("Cem fulfils order 1 with your roll."),
    Text("More orders this turn, placing dice 1: ", style="bold"),
    Text("+k: chance of k more orders by your turn's end, playing on at best (? help).", "dim"),
    Text.assemble("With the bean figure now: ", ("+0 ", "dim"), "10% · ", ("+1 ", "dim"), "33%"),
]


async def test_the_roll_box_wraps_as_textual_does_and_repaints_only_changed_rows() -> None:
    app = _Boxes()
    async with app.run_test(size=(100, 30)) as pilot:
        info = app.query_one(RollInfo)
        plain = app.query_one("#plain", Static)
        more = [Text("Thalers (10 ends the game): Ana 0 · Ben 0 · Cem 0", "dim")]
        for lines in (LINES, [LINES[0], Text("Nobody fulfils an order.", "dim"), *LINES[2:]]):
            info.show(lines, more)
            plain.update(Text("\n").join([*lines, *more]))  # Textual wraps it
            await until(pilot, lambda: not info._repaint_required and not plain._repaint_required)
            await pilot.pause()
            got, want = _cells(app, info), _cells(app, plain)
            assert got[1:] == want[1:]  # (the top border's row has the title)
        # one line changed: its row repainted, none of the others (each line one row here)
        assert await until(pilot, lambda: not info._styles_cache._dirty_lines)
        info.show([LINES[0], Text("Nobody fulfils an order, again.", "dim"), *LINES[2:]], more)
        assert info._styles_cache._dirty_lines
        assert info._styles_cache._dirty_lines == {2}, info._styles_cache._dirty_lines


async def _excalibohn_table(pilot: Any, app: Any) -> TableScreen:
    assert await until(
        pilot,
        lambda: any(isinstance(t, TableScreen) and not t.building for t in app.screen_stack),
    )
    await pilot.press("enter")  # the first hand-over
    t = table(app)
    assert await until(pilot, lambda: t.viewer is not None and app.screen is t)
    return t


async def test_excalibohns_magic_panel_changes_its_rows_without_a_layout(tmp_path: Path) -> None:
    s = Session.new("excalibohn", ["Ana", "Ben", "Cem"], seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await _excalibohn_table(pilot, app)
        magic = t.query_one("#magic", MagicPanel)
        assert magic.display and not magic.has_class("brief")  # phase 1a: 1fr
        assert await until(pilot, lambda: not magic._layout_required and not t._layout_required)
        view = dict(t.view)
        names = list(t.client.names)
        view["attack"] = True  # a row more: "Attack Spell in force"
        magic.show_magic(view, names, False)
        assert "Attack Spell" in str(magic.content)
        assert not magic._layout_required  # its height is the column's: nothing moves
        view["flow"] = True
        magic.show_magic(view, names, False)
        assert not magic._layout_required
        # above the trade area (phases 2-3) it is as tall as its text: a row more lays out
        magic.set_class(True, "brief")
        magic.show_magic({**view, "attack": False}, names, False)
        assert await until(pilot, lambda: not magic._layout_required and not t._layout_required)
        magic.show_magic({**view, "flow": False}, names, False)
        assert magic._layout_required


async def test_excalibohns_phase_change_shows_the_trade_area_without_a_layout(
    tmp_path: Path,
) -> None:
    """Phases 2-3 show the trade area in the magic panel's place (the same box), so that
    the phase change lays nothing out; with a decision or coins to read, the magic panel
    sits above the real trade area (a layout then: two boxes)."""
    s = Session.new("excalibohn", ["Ana", "Ben", "Cem"], seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await _excalibohn_table(pilot, app)
        magic = t.query_one("#magic", MagicPanel)
        trade = t.query_one("#trade", TradeArea)
        everything = [t, *t.walk_children()]
        assert await until(pilot, lambda: not any(w._layout_required for w in everything))
        assert magic.display and not trade.display  # phase 1a: the magic panel alone
        view = {**t.view, "phase": "trade", "pending": None, "shown": []}
        t.controls.show(view)
        assert magic.border_title == "Trade area" and "Turned up:" in str(magic.content)
        assert not trade.display and not magic.has_class("brief")
        assert not any(w._layout_required for w in everything)  # nothing moved
        t.controls.show({**view, "phase": "draw"})  # phase 4: the magic panel's own text
        assert magic.border_title == "Phase 4" and "draw 3 cards" in str(magic.content)
        assert not any(w._layout_required for w in everything)
        # coins turned up still to read in phase 2: above the trade area, as tall as its text
        coin = t.view["players"][t.viewer]["hand"][0]
        t.controls.show({**view, "shown": [{"owner": 1, "card": coin, "fate": "kept"}]})
        assert magic.has_class("brief") and trade.display
        assert "kept" in str(magic.content) and "Turned up:" in str(trade.content)


async def test_excalibohns_spells_panel_lays_out_only_when_its_height_changes(
    tmp_path: Path,
) -> None:
    s = Session.new("excalibohn", ["Ana", "Ben", "Cem"], seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await _excalibohn_table(pilot, app)
        spells = t.query_one("#spells", SpellsPanel)
        assert await until(pilot, lambda: not spells._layout_required and not t._layout_required)
        # notes that fit under the spell cards: the stylesheet's max-height, set again
        assert spells.fitting_notes(("one",), 1)
        assert spells.fitting_notes(("one", "two"), 1)
        assert not spells._layout_required
        # many notes: the newest shows whole, the panel grows (a layout), then no more
        long = ("a note long enough to take several rows of the panel " * 3,)
        spells.fitting_notes(long, 5)
        assert spells._layout_required
        assert await until(pilot, lambda: not spells._layout_required)
        spells.fitting_notes(long, 5)
        assert not spells._layout_required


async def test_excalibohns_hand_box_is_whole_at_80x24(tmp_path: Path) -> None:
    """Below 30 rows the table's hand box drops its bottom border; Excalibohn's keeps it
    (its log and magic panel give the row), the note holding its place too."""
    s = Session.new("excalibohn", ["Ana", "Ben", "Cem"], seed=5)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await _excalibohn_table(pilot, app)
        assert t.has_class("few-rows")
        hand = next(w for w in t.query(".hand-slot") if w.id != "no-hand")
        assert await until(pilot, lambda: bool(hand.display and hand.region))
        assert hand.outer_size.height == 4 and hand.styles.border_bottom[0] == "heavy"
        # the note in its place (nobody's hand shows: a bot's turn; beneath the privacy
        # screen the empty box stays instead)
        note = t.query_one("#no-hand")
        hand.display, note.display = False, True
        assert await until(pilot, lambda: bool(note.region) and not hand.region)
        assert note.outer_size.height == 4 and note.styles.border_bottom[0] == "round"
        hand.display, note.display = True, False
        assert await until(pilot, lambda: bool(hand.region) and not note.region)
        bottom = hand.region.bottom - 1  # its bottom border's row on the screen
        row = app.screen._compositor.render_strips()[bottom].text
        assert row.startswith("┗") and row.rstrip().endswith("┛"), row
