"""Bohnröschen's own words (issue #11): the menu's Rules and `?` show Bohnröschen's rules for
every player count, complete and true; the privacy screen's reason at a new turn; the
banner's task line whole at 120x40 and 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.ui import make_app, screen_text, table, until
from textual.geometry import Region
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
    2: ["Phase 0", "left for your opponent", "only on your own turn", "which leave the game"],
    4: ["intermediate phase", "everybody may pay tribute", "third for 3 coins"],
}


async def menu_rules(tmp_path: Path, n: int) -> str:
    app = BohnApp(Store(tmp_path), None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        choose = app.screen
        assert isinstance(choose, ChooseScreen)
        index = [value for _, value in choose.choices].index(GAME)  # one entry a game
        choose.query_one(OptionList).highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press(str(n))  # its counts inside: a number shows that count's rules
        await pilot.pause()
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


@pytest.mark.parametrize("n", [1, 2])
def test_the_two_player_rules_say_the_third_field_s_coins_leave_the_game(n: int) -> None:
    """Two-player game (solo: "all the rules of the two-player game apply"): "The gold coins
    with which the 3rd bean field is bought and those with which tribute is paid are removed
    from the game entirely." """
    from bohn_tui.games import rules_for, spec

    rules = rules_for(GAME, n)
    text = " ".join(spec(GAME).help(rules))
    assert "the third costs 3 coins, which leave the game (as tribute does)" in text
    assert "the top coin of your stack leaves the game" in text
    many = " ".join(spec(GAME).help(rules_for(GAME, 4)))
    assert "which leave the game" not in many and "goes to the discard pile" in many


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


async def test_a_new_turn_is_said_as_the_turn_even_without_an_ask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The privacy screen's reason when the game asks the seat nothing: the active
    seat's is its turn, not "decides next"."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {}, seed=2)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = table(app)
        monkeypatch.setattr(t.client, "asks", lambda: {})
        assert t._reason(0) == "It is Ana's turn."
        assert t._reason(1) == "Ben decides next."


def whole(widget: object) -> Region:
    size = widget.outer_size  # type: ignore[attr-defined]
    return Region(0, 0, size.width, size.height)


def banner_lines(app: BohnApp) -> list[str]:
    """The banner as drawn: its rows on screen, cut where the screen cuts them."""
    banner = app.screen.query_one("#banner")
    width = banner.region.width
    lines = [strip.text.rstrip() for strip in banner.render_lines(whole(banner))]
    assert all(len(ln) <= width for ln in lines)
    return lines


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_task_line_shows_whole(tmp_path: Path, size: tuple[int, int]) -> None:
    """The longest task ("In phase 4, draw a bean of a kind that lies on one of your bean
    fields.", v19) shows whole in the banner, at 120x40 and at 80x24."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {}, seed=2, options={"vine": ["v19", "v02"]})
    app = make_app(tmp_path, s)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        rows = [row.strip() for row in banner_lines(app)]
        text = " ".join(" ".join(rows).split())
    task = "In phase 4, draw a bean of a kind that lies on one of your bean fields."
    if size == (80, 24):  # in one row of 78 columns: without the card's number (the vine
        # row's line of Ana's figure has it)
        assert f"Task: {task}" in rows, text
    else:
        assert f"Task (card 1): {task}" in text, text
    assert "Ana: plant your front card" in text


async def test_solo_banner_and_log_say_why_the_figures_move(tmp_path: Path) -> None:
    """Solo, rulebook: "Before phase 1, the violet figure is always moved forward ... If it
    is in the first row of vine cards, it is moved forward one vine card ... The red figure
    ... is moved forward one card if, after the violet figure has been moved, the violet
    figure is ahead of the player's figure." The banner says where violet goes next and
    what to pass this turn; the log gives each move's reason."""
    s = Session.new(GAME, ["Ana"], {}, seed=7)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = " ".join(banner_lines(app))
        # violet on card 2 (moved 1 in row 1), Ana on card 1: violet goes to card 3 next
        assert "Violet goes to card 3 next: pass 2 cards now or red moves to card 23." in text
        s.state.pos[0] = 4  # Ana stands on card 4 (her task is card 5): ahead of violet
        t = table(app)
        t.refresh_table()
        await pilot.pause()
        assert "you are on 4: red stays put." in " ".join(banner_lines(app))
    lines = [ln.text for ln in s.log]
    assert "The violet figure moves to card 2 (1 card a turn in row 1)" in lines


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
async def test_80x24_shows_the_row_the_own_panel_and_the_banner(tmp_path: Path, n: int) -> None:
    names = ["Ana", "Ben", "Cem", "Dora", "Eli", "Fay"][:n]
    s = Session.new(GAME, names, {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        if n > 1:
            await pilot.press("enter")
        await pilot.pause()
        t = table(app)
        screen = app.screen.region
        for selector in ("#banner", "#vine", f"#player-{t.viewer}"):
            w = app.screen.query_one(selector)
            assert w.region.height and screen.contains_region(w.region), selector
        own = app.screen.query_one(f"#player-{t.viewer}")
        scroll = app.screen.query_one("#players-scroll").region
        assert scroll.contains_region(own.region), "the own panel is scrolled out of view"
        assert own.region.height == own.outer_size.height, "the own panel is cut"
        assert "Task" in " ".join(banner_lines(app))


def log_rows(app: BohnApp) -> list[str]:
    """The game log's rows of text as drawn, within the screen (cut where it cuts them)."""
    log = app.screen.query_one("#log")
    shown = log.region.intersection(app.screen.region)
    rows = [strip.text for strip in log.render_lines(whole(log))][: shown.height]
    return [r.strip(" │╭╮╰╯─") for r in rows if r.strip(" │╭╮╰╯─")]


def mid_game(names: list[str], seed: int, turn: int) -> Session:
    """Bohnröschen played by bots up to `turn`, then Ana alone a person: a long log."""
    from bohn_tui.engine.record import Record

    s = Session.new(GAME, names, {x: "standard" for x in range(len(names))}, seed=seed)
    while not s.over and not (s.state.turn >= turn and s.state.active == 0):
        s.bot_step()
    rec = Record(s.record.game, s.record.players, s.record.seed, {}, None, list(s.record.actions))
    return Session(rec, {x: "standard" for x in range(1, len(names))}, "screens")


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
async def test_80x24_keeps_two_log_lines_and_the_task_whole(tmp_path: Path, n: int) -> None:
    """At 80x24, mid-game, under the vine row and the players the log shows at least two
    lines of its own (it was squeezed to its top border beneath four players), the task is
    whole in the banner, and the own panel and the hand are whole."""
    from bohn_tui.games.bohnroschen.ui.table import task_line

    names = ["Ana", "Ben", "Cem", "Dora", "Eli", "Fay"][:n]
    s = mid_game(names, seed=4, turn=9)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        t = table(app)

        def laid_out() -> bool:  # the table built, its layout settled: two log rows
            log = app.screen.query_one("#log")
            return not t.building and t.viewer == 0 and log.content_size.height >= 2

        assert await until(pilot, laid_out), app.screen.query_one("#log").content_size
        screen = app.screen.region
        for selector in ("#banner", "#vine", "#player-0", "#log"):
            w = app.screen.query_one(selector)
            assert screen.contains_region(w.region), selector
        own = app.screen.query_one("#player-0")
        assert own.region.height == own.outer_size.height, "the own panel is cut"
        log, hand = app.screen.query_one("#log").region, app.screen.query_one("#bottom").region
        assert log.bottom <= hand.y, "the hand covers the log"
        task = task_line(t.view, 0, app.size.width - 2)
        assert task in [row.strip() for row in banner_lines(app)]  # whole, in one row
        assert log_rows(app), "the log shows nothing"


async def test_solo_rows_fit_80_columns_castle_included(tmp_path: Path) -> None:
    """Solo at 80x24: every card of the four rows and the castle ("The castle card is placed
    as the eighth player card in the fourth row") are on screen, none cut off."""
    s = Session.new(GAME, ["Ana"], {}, seed=7)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#vine")
        lines = [strip.text for strip in row.render_lines(whole(row))]
    text = "\n".join(lines)
    for card in range(1, 29):
        assert f"{card}▯" in text or f"{card}▒" in text or f"{card}✓" in text, card
    assert "♛" in text and "…" not in text.split("▶")[0], text


def test_the_race_line_foretells_the_red_figure() -> None:
    """Over a whole solo run, at every draw (the last moment of a turn), the race line says
    "red moves" exactly when the engine then moves the red figure before the next phase 1."""
    from bohn_tui.games.bohnroschen.rules import DrawCards
    from bohn_tui.games.bohnroschen.ui.table import race_line

    s = Session.new(GAME, ["Ana"], {0: "standard"}, seed=11)
    told = 0
    for _ in range(400):
        if s.over:
            break
        if s.state.phase == "draw":
            line = race_line(s.view(0))
            red = s.state.red
            s.apply(DrawCards(0))
            if s.over or not line or "castle" in line:
                continue
            assert ("red moves" in line) == (s.state.red == red + 1), line
            assert ("red stays put" in line) == (s.state.red == red), line
            told += 1
        else:
            s.bot_step()
    assert told >= 5
