"""The vine row widget on its own: a tiny App mounts it with real Bohnröschen views (games
played on by the Bohnröschen bot), and the tests read the text it puts on screen."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Region

from bohn_tui.games import rules_for
from bohn_tui.games.bohnroschen.bots import BohnroschenBot
from bohn_tui.games.bohnroschen.ui.vine_row import CASTLE, VineRow
from bohn_tui.play.simulate import drive

NAMES = ["Ana", "Ben", "Cem", "Dora", "Emil", "Fay"]


def played(n: int, turns: int, seed: int = 1, options: dict[str, Any] | None = None) -> Any:
    """A game of `n` seats played by bots until turn `turns` begins."""
    rules = rules_for("bohnroschen", n)
    st, _ = rules.new_game(NAMES[:n], seed, options, None)
    drive(st, [BohnroschenBot(seed * 10 + s) for s in range(n)], [], [], until_turn=turns)
    return st


class VineApp(App[None]):
    def __init__(self, view: dict[str, Any], compact: bool = False) -> None:
        super().__init__()
        self.view_data = view
        self.compact = compact

    def compose(self) -> ComposeResult:
        yield VineRow()

    def on_mount(self) -> None:
        row = self.query_one(VineRow)
        row.compact = self.compact
        row.show(self.view_data)


async def shown(view: dict[str, Any], size: tuple[int, int], compact: bool = False) -> list[str]:
    """The widget's lines on screen, border included, at terminal size `size`."""
    app = VineApp(view, compact)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        w = app.query_one(VineRow)
        region = Region(0, 0, w.outer_size.width, w.outer_size.height)
        lines = [strip.text for strip in w.render_lines(region)]
    assert all(len(ln) <= size[0] for ln in lines)
    return lines


def hidden_texts(st: Any) -> set[str]:
    """Task texts of the vine cards no view shows yet (face down or in the pile)."""
    rules = st.rules
    return {rules.cards[c].text for c in st.vine[st.revealed : len(st.vine) - 1]}


async def test_four_players_every_figure_its_task_and_the_row() -> None:
    st = played(4, 20)
    view = st.rules.view(st, 0)
    for size in ((120, 40), (80, 24)):
        lines = await shown(view, size)
        text = "\n".join(lines)
        assert "Vine row" in lines[0]
        # the strip: one cell per position, the castle last, each figure's initial on it
        strip = lines[2].split("  ▯ up")[0]  # without the legend
        assert CASTLE in strip
        cards = view["vine"]["cards"]
        pile = sum(1 for c in cards if c["state"] == "pile" and not c["castle"])
        assert strip.count("░") == pile
        for f in view["vine"]["figures"]:
            assert NAMES[f["seat"]] in text  # every figure by name
        # the viewer's own task, marked, with its text (cut to the width at 80 columns)
        mine = view["players"][0]["task"]
        row = next(ln for ln in lines if "▶" in ln)
        assert f"{view['players'][0]['figure'] + 1:>2}" in row and "Ana" in row
        assert mine["text"][:20] in row
        for t in hidden_texts(st):
            assert t[:40] not in text
        if size == (80, 24):
            assert len(lines) <= 12  # fits beside the rest of the table


async def test_cards_that_left_the_game_and_figures_far_back() -> None:
    st = played(6, 40)
    view = st.rules.view(st, 2)
    gone = sum(1 for c in view["vine"]["cards"] if c["state"] == "gone")
    assert gone > 0  # the bots have moved every figure on by now
    lines = await shown(view, (120, 40))
    assert f"{gone} left the game" in lines[1]
    assert lines[2].startswith("│ " + "· " * gone)
    text = "\n".join(lines)
    for name in NAMES:  # six figures: the ones far back are named on one line
        assert name in text
    assert "▶" in text and "Cem" in next(ln for ln in lines if "▶" in ln)


async def test_compact_for_short_screens_keeps_the_viewer_s_task() -> None:
    st = played(6, 40)
    view = st.rules.view(st, 2)
    full = await shown(view, (80, 24))
    lines = await shown(view, (80, 24), compact=True)
    assert len(lines) <= 2 + 1 + 3 < len(full)  # borders, the strip, three card lines
    assert "left the game" not in "\n".join(lines)  # no summary line
    mine = next(ln for ln in lines if "▶" in ln)
    assert "Cem" in mine and str(view["players"][2]["figure"] + 1) in mine


async def test_face_down_end_shows_no_text() -> None:
    st = played(3, 1, options={"face_down_end": 5})
    # lay the end out by moving the figures on until the pile holds five cards or fewer
    rules = st.rules
    while len(st.vine) - st.revealed > 5:
        st.pos[0] += 1
        rules._update_row(st, [])
    view = rules.view(st, 1)
    lines = await shown(view, (120, 40))
    down = sum(1 for c in view["vine"]["cards"] if c["state"] == "face_down" and not c["castle"])
    assert down > 0 and f"{down} face down" in lines[1]
    assert lines[2].split("  ▯ up")[0].count("▒") == down
    text = "\n".join(lines)
    for t in hidden_texts(st):
        assert t[:40] not in text


async def test_solo_layout_four_rows_and_the_neutral_figures() -> None:
    st = played(1, 6, seed=3)
    view = st.rules.view(st, 0)
    solo = view["vine"]["solo"]
    for size in ((120, 40), (80, 24)):
        lines = await shown(view, size)
        rows = [ln for ln in lines if ln.startswith("│ Row ")]
        assert len(rows) == 4
        assert CASTLE in rows[3] and all(CASTLE not in r for r in rows[:3])
        # each card number in its row: 1-7, 8-14, 15-21, 22-28
        for r, row in enumerate(rows):
            for k in (r * 7 + 1, r * 7 + 7):
                assert f"{k}" in row
        # violet and red stand on their cards, with their letters
        for letter, pos in (("V", solo["violet"]), ("R", solo["red"])):
            row = rows[pos // 7] if pos < 28 else rows[3]
            cell = row.split(f"{pos + 1:>2}", 1)[1][:6]
            assert letter in cell, (letter, pos, row)
        # the player's figure stands on the last card it fulfilled
        standing = solo["player_standing"]
        if standing >= 0:
            cell = rows[standing // 7].split(f"{standing + 1:>2}✓", 1)[1][:5]
            assert "A" in cell
        # four face-up cards ahead with their texts, the task first and marked
        task = view["players"][0]["task"]
        marked = next(ln for ln in lines if "▶" in ln)
        assert f"{view['players'][0]['figure'] + 1}" in marked
        assert task["text"][:20] in marked
        text = "\n".join(lines)
        for t in hidden_texts(st):
            assert t[:40] not in text
        assert "violet" in lines[1] and "red" in lines[1]  # named, not colour alone


async def test_solo_start_figures_in_front_of_their_rows() -> None:
    rules = rules_for("bohnroschen", 1)
    st, _ = rules.new_game(["Ana"], 2, None, None)
    st.red = 20  # as laid out, before the first move of the neutral figures
    view = rules.view(st, 0)
    lines = await shown(view, (80, 24))
    rows = [ln for ln in lines if ln.startswith("│ Row ")]
    assert rows[0].startswith("│ Row 1 A ")
    assert rows[3].startswith("│ Row 4 R ")
    assert "21" in rows[2] and "R" not in rows[2].split("21", 1)[1]
