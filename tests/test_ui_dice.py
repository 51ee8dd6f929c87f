"""Pilot tests of the dice game's table at 80x24 (issue #12, "The table"): every player and
every order on screen, picking dice and rolling, the bean figure, the roller's chances, who
fulfils what with a roll, a harvest out of turn (and the chooser of whose), no privacy
screen between two people, a person keeps the table while a bot rolls, the help."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from helpers.ui import make_app, table, until
from rich.console import Console
from rich.text import Text

from bohn_tui.games.wuerfelspiel.dice import load
from bohn_tui.games.wuerfelspiel.ui import outlook, render
from bohn_tui.games.wuerfelspiel.ui.board import DiceBox, PlayersBoard
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.help import HelpScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.text import LEVEL_SHORT

GAME = "wuerfelspiel"
SMALL = (80, 24)
NAMES = ["Ana", "Ben", "Cem", "Dora", "Emil"]


@pytest.fixture(autouse=True)
def _chances_built() -> None:
    """The chances' tables built before each table opens (once a process), so that what a
    test sees does not depend on the thread that builds them."""
    outlook.warm_now()


async def test_the_first_frame_does_not_wait_for_the_chances(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chances' tables take about a second to build: the table shows at once, says the
    chances are being worked out, and shows them when they are built, without a key."""
    import threading

    release = threading.Event()
    monkeypatch.setattr(outlook, "_ready", threading.Event())
    monkeypatch.setattr(outlook, "_worker", [])
    real = outlook.warm_now
    monkeypatch.setattr(outlook, "warm_now", lambda: (release.wait(10), real()))
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shows = lambda: " ".join(text(app, "#roll-info").split())  # noqa: E731 (rows joined)
        assert "Working out your exact chances" in shows()
        release.set()
        # (by a deadline, not a count of pauses: the chances are built in a thread)
        await until(pilot, lambda: "More orders this turn, rolling all five:" in shows())
        info = shows()
        assert "More orders this turn, rolling all five:" in info and "%" in info


async def test_a_key_does_not_wait_for_the_chances_worked_out_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #25: every player's chances are worked out ahead (outlook.prefetch) on the
    event loop in steps, so a key pressed meanwhile is handled at once: here one dice state
    a step and a long pause between (the work of three cards: about 40 s), so that the work
    is still under way when `r` rolls; the roll is on the table before the work ends; then
    (in long steps) every player's card is worked out."""
    from collections import OrderedDict, deque

    from bohn_tui.games.wuerfelspiel import chances
    from bohn_tui.games.wuerfelspiel.ui import controls

    monkeypatch.setattr(chances, "_OUTLOOKS", OrderedDict())  # nothing worked out yet
    monkeypatch.setattr(outlook, "_asked", set())
    monkeypatch.setattr(outlook, "_wanted", deque())
    monkeypatch.setattr(outlook, "_doing", [])
    monkeypatch.setattr(outlook, "STEP", 0.0)  # one state a step
    monkeypatch.setattr(controls, "WORK_GAP", 0.05)
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        assert await until(pilot, outlook.pending), "no work asked for"
        await pilot.press("r")
        rolled = lambda: not s.view(None)["first_roll"]  # noqa: E731
        assert await until(pilot, rolled)
        assert outlook.pending(), "the key waited for the chances"
        monkeypatch.setattr(outlook, "STEP", 1.0)
        monkeypatch.setattr(controls, "WORK_GAP", 0.001)
        assert await until(pilot, lambda: not outlook.pending())
        data = load()
        for p in s.view(None)["players"]:
            orders = tuple(data.cards[p["upper"]["number"] - 1].orders)
            assert chances.outlooks_known(data.dice, orders, p["covered"]), p["name"]


def test_every_cards_odds_are_worked_out_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #25: after every card's chances, outlook.work works out every card's printed
    odds (the view's, at a harvest's new card): a view of any card then sums fulfilments
    already known (none of dice._fulfils worked out anew)."""
    from collections import deque

    from bohn_tui.games.wuerfelspiel import dice

    monkeypatch.setattr(outlook, "_wanted", deque())
    monkeypatch.setattr(outlook, "_doing", [])
    monkeypatch.setattr(outlook, "_odds_left", [outlook._odds_parts()])
    assert outlook.pending()
    while outlook.work():
        pass
    assert not outlook.pending()
    data = load()
    misses = dice._fulfils.cache_info().misses
    for card in data.cards:
        for order in card.orders:
            dice.first_roll_odds(order, data.dice)
    assert dice._fulfils.cache_info().misses == misses


def text(app: object, selector: str) -> str:
    return str(app.screen.query_one(selector).content)  # type: ignore[attr-defined]


def screen_text(app: object) -> str:
    """The text of every Static on the screen (help), at 100 columns."""
    console = Console(width=100, record=True, file=io.StringIO())
    for w in app.screen.query("Static"):  # type: ignore[attr-defined]
        console.print(w.content)
    return console.export_text()


def keys(app: object) -> str:
    return text(app, "#keys")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("size", [SMALL, (120, 40)])
async def test_every_player_and_order_shows(tmp_path: Path, n: int, size: tuple[int, int]) -> None:
    """Every player's upper card with its five orders, the odds beside each, the bottom
    order at the bottom; every player's thalers; the five dice; all inside the screen."""
    s = Session.new(GAME, NAMES[:n], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        t = table(app)
        board = t.query_one(PlayersBoard)
        rows = str(board.content).split("\n")
        shown = str(board.content)
        v = s.view(None)
        for seat, p in enumerate(v["players"]):
            assert NAMES[seat] in shown
            odds = [f"{o['odds']}%" for o in p["upper"]["orders"]]
            assert all(x in shown for x in odds)
        # bottom at the bottom: in the first card, order 5 is the row under the name
        first = [r for r in rows if r.strip()][1:6]
        assert (
            first[0]
            .lstrip(" →✓★")
            .startswith(("5", v["players"][0]["upper"]["orders"][4]["text"][:1]))
        )
        # the board fits: inside the screen's width and above the log
        assert board.region.right <= size[0] and board.region.height == len(rows)
        assert max(len(r) for r in rows) <= board.region.width
        assert t.query_one("#log").region.height >= 3
        assert t.query_one("#keys").region.bottom <= size[1]
        dice = str(t.query_one(DiceBox).content)
        assert dice.count("dark") == 2 and dice.count("light") == 3
        assert "Thalers" in text(app, "#roll-info")
        app.save_screenshot(str(tmp_path / "shot.svg"))


async def test_pick_and_roll_with_the_keys(tmp_path: Path) -> None:
    """r rolls all five; 1-5 pick dice of the roll to place (again: unpick); r places the
    picked ones and rolls the rest; the key bar says what r does now."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "r Roll all 5" in keys(app)
        await pilot.press("r")
        await pilot.pause()
        assert s.state.where == ["rolled"] * 5 and s.state.rolls == 1
        assert "r " not in keys(app)  # nothing picked: nothing to place yet
        await pilot.press("1", "3", "4", "4")  # 4 twice: picked, then not
        await pilot.pause()
        box = str(table(app).query_one(DiceBox).content).split("\n")
        assert "◀ place" in box[0] and "◀ place" in box[2] and "◀ place" not in box[3]
        assert "r Place 2, roll 3" in keys(app)
        await pilot.click("#dice", offset=(3, 2))  # a click on die 2 picks it too
        await pilot.pause()
        assert table(app).controls.picked == {0, 1, 2}
        await pilot.click("#dice", offset=(3, 2))
        await pilot.pause()
        faces = list(s.state.faces)
        await pilot.press("r")
        await pilot.pause()
        assert s.state.where[0] == s.state.where[2] == "field"
        assert s.state.faces[0] == faces[0] and s.state.faces[2] == faces[2]
        assert s.state.rolls == 2
        assert "roll 2" in table(app).query_one(DiceBox).border_title
        box = str(table(app).query_one(DiceBox).content).split("\n")
        assert "field" in box[0] and "rolled" in box[1]
        # the dice left to pick (a places those that fit: tests/test_ui_dice_keys.py)
        assert "or pick 2, 4, 5" in text(app, "#banner")


async def test_the_bean_figure_key(tmp_path: Path) -> None:
    """f lays the bean figure down: all the dice just rolled are rolled again; once a
    turn (the key leaves the bar)."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "f Re-roll 5" in keys(app)  # "Figure: re-roll 5" from 100 columns (a's room)
        assert "Bean figure: ready (f)" in str(table(app).query_one(DiceBox).content)
        await pilot.press("f")
        await pilot.pause()
        assert s.state.figure_used and s.state.rolls == 2
        assert "f " not in keys(app)
        assert "used this turn" in str(table(app).query_one(DiceBox).content)
        assert "(bean figure)" in table(app).query_one(DiceBox).border_title


async def test_the_figure_s_words_for_one_die(tmp_path: Path) -> None:
    """The banner's words for the bean figure with two dice left: "both dice", not "all 2";
    with one: "the 1 die", not "all 1"."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "f re-rolls all 5" in text(app, "#banner")  # "(the bean figure)" if room
        await pilot.press("1", "2", "3", "r")
        await pilot.pause()
        assert s.state.where.count("rolled") == 2 and not s.state.figure_used
        banner = " ".join(text(app, "#banner").split())
        assert "f re-rolls both dice" in banner and "all 2" not in banner, banner
        await pilot.press("4", "r")
        await pilot.pause()
        assert s.state.where.count("rolled") == 1 and not s.state.figure_used
        banner = " ".join(text(app, "#banner").split())
        assert "f re-rolls the 1 die (the bean figure)" in banner and "all 1" not in banner


async def test_the_roll_says_who_fulfils_what_and_the_chances(tmp_path: Path) -> None:
    """After a roll: "Ben fulfils order 1 with your roll" for the roller; while the roller
    picks, the chance that the turn ends with 0, 1, 2... more of their own orders."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("r")
        await pilot.pause()
        got = s.view(None)["fulfilled"]
        assert got, "seed 3: Ben fulfils an order with Ana's first roll"
        n = got[0]["orders"][0] + 1
        info = text(app, "#roll-info")
        assert f"Ben fulfils order {n} with your roll." in " ".join(info.split())
        assert "Pick dice to place" in info
        await pilot.press("1")
        await pilot.pause()
        info = " ".join(text(app, "#roll-info").split())
        assert "More orders this turn, placing dice 1:" in info and "%" in info
        # the chances shown sum to about 100
        line = info.split("placing dice 1:")[1].split("With the bean figure")[0]
        total = sum(int(w.rstrip("%")) for w in line.split() if w.endswith("%"))
        assert 97 <= total <= 103


async def test_the_chances_say_what_they_count(tmp_path: Path) -> None:
    """Issue #23: beside the roller's chances a short line says what +k is and what it
    assumes; help says it in full (the picked dice placed, best play from here for the most
    orders, the bean figure while it is left, only the roller's own card at the end)."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        info = " ".join(text(app, "#roll-info").split())
        assert "More orders this turn, placing dice 1:" in info
        assert render.CHANCES_NOTE in info
        await pilot.press("question_mark")
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "The chances beside the roll" in shown
        for words in ("most orders on average", "bean figure", "your own card"):
            assert words in shown, words


async def test_harvest_out_of_turn_and_the_chooser(tmp_path: Path) -> None:
    """Anyone with three or more fulfilled orders may harvest at any time, even on another
    player's turn: h harvests for the one person who may, and asks whose when several may."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {}, seed=3)
    s.state.players[1].covered = 3
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0  # Ana rolls; Ben may harvest on her turn
        assert "h Harvest (Ben)" in keys(app)
        await pilot.press("h")
        await pilot.pause()
        assert s.state.players[1].thalers == 1 and s.state.players[1].covered == 0
        assert any("Ben" in ln.text and "harvest" in ln.text for ln in s.log)
        s.state.players[1].covered = 4
        s.state.players[2].covered = 3
        t.refresh_table()
        await pilot.pause()
        assert "h Harvest (whose?)" in keys(app)
        await pilot.press("h")
        await pilot.pause()
        assert t.choice is not None and "Whose card" in text(app, "#banner")
        assert "1 Ben: 2" in keys(app) and "2 Cem: 1" in keys(app)
        await pilot.press("escape")  # Esc asks nothing more and harvests nothing
        await pilot.pause()
        assert t.choice is None and s.state.players[2].thalers == 0
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert s.state.players[2].thalers == 1 and s.state.players[1].thalers == 1
        assert t.choice is None and t.viewer == 0


@pytest.mark.parametrize("size", [SMALL, (120, 40)])
async def test_one_word_for_who_may_harvest_and_whole_thalers(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Issue #23: a person and a bot who may harvest show the same mark on their cards, and
    the thalers' line breaks between entries, never inside one."""
    names = ["Ana Maria", "Ben Olsen", "Cem Ali", "Dora Lee"]
    s = Session.new(GAME, names, {1: "standard", 3: "expert"}, seed=3)
    for seat in (0, 1, 3):
        s.state.players[seat].covered = 3
    app = BohnApp(Store(tmp_path), s, bot_delay=60)  # the bots wait: the table stands still
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = text(app, "#dice-players")
        heads = [ln for ln in board.splitlines() if "thal" in ln or "t " in ln]
        marks = {m for m in (" · may harvest", " · harvest", " H") for ln in heads if m in ln}
        assert len(marks) == 1, heads
        assert sum(ln.count(next(iter(marks))) for ln in heads) == 3, board
        info = app.screen.query_one("#roll-info")
        width = info.content_size.width
        lines = Text.from_markup(str(info.content)).wrap(Console(), width)
        shown = "\n".join(ln.plain for ln in lines)
        if size == SMALL and "Thalers (" not in shown:
            return  # no room for it under the roller's chances: the cards' heads show them
        thalers = shown.split("Thalers (")[-1].splitlines()
        entries = [f"{n} {p.thalers}" for n, p in zip(names, s.state.players, strict=True)]
        for e in entries:
            assert any(e in row for row in thalers), (e, thalers)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("size", [SMALL, (120, 40)])
async def test_the_table_explains_the_orders_and_shows_bot_levels(
    tmp_path: Path, n: int, size: tuple[int, int]
) -> None:
    """Issue #23: under the cards a legend of the orders' notation ("/" one die of either
    kind, "|" either requirement; the letters where orders show in letters) where the
    room allows it (80x24 with up to three players), and every bot's level on its card."""
    names = ["Ana", "Ben Olsen", "Cem Ali", "Dora Lee"][:n]
    bots = {1: "standard", 2: "expert", 3: "random"}
    s = Session.new(GAME, names, {k: v for k, v in bots.items() if k < n}, seed=3)
    app = BohnApp(Store(tmp_path), s, bot_delay=60)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = text(app, "#dice-players")
        for seat in range(1, n):
            level = bots[seat]
            assert f"{names[seat]} ({level})" in board or (
                f"{names[seat]} ({LEVEL_SHORT[level]})" in board
            ), board
        if n <= 3 or size != SMALL:
            assert all(words in board for words in render.NOTATION), board
            if "+" in board and " + " not in board:  # the orders in letters: their legend
                assert "U Blue" in board and "B Broad" in board


async def test_no_privacy_screen_between_two_people(tmp_path: Path) -> None:
    """Everything is public: the turn passes from Ana to Ben with no privacy screen, and
    the table says why."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        banner = text(app, "#banner")
        assert "Everything is public: no need to pass the screen" in banner or (
            "all public, no screen passing" in banner
        )
        assert "p Pass" not in keys(app)
        await pilot.press("r")
        for _ in range(6):  # place every die rolled, until the turn passes
            await pilot.pause()
            if s.state.roller == 1:
                break
            rolled = [str(i + 1) for i, w in enumerate(s.state.where) if w == "rolled"]
            await pilot.press(*rolled, "r")
        await pilot.pause()
        assert s.state.roller == 1
        assert not isinstance(app.screen, PrivacyScreen)
        assert table(app).viewer == 1 and "Ben: r rolls all five" in text(app, "#banner")


async def test_a_person_keeps_the_table_while_a_bot_rolls(tmp_path: Path) -> None:
    """Hot-seat with a bot: the bot rolls on the table, and a person who may harvest can
    press h meanwhile (the table keeps a person, it does not go blank on a bot's turn)."""
    s = Session.new(GAME, ["Bot", "Ana", "Cem"], {0: "standard"}, seed=3)
    s.state.players[2].covered = 3
    make_app(tmp_path, s)
    app = BohnApp(Store(tmp_path), s, bot_delay=30)  # a bot's move shows for 30 s
    async with app.run_test(size=SMALL) as pilot:
        t = table(app)
        # the bot's roll on the table (it thinks in a thread; waited for by a deadline, with
        # what the table then shows)
        await until(
            pilot,
            lambda: (
                s.state.rolls >= 1
                and t.viewer in (1, 2)
                and "rolling" in text(app, "#banner")
                and "h Harvest (Cem)" in keys(app)
            ),
        )
        assert s.state.roller == 0 and not s.state.first_roll  # the bot is rolling
        assert t.viewer in (1, 2)
        assert "rolling" in text(app, "#banner")
        assert "h Harvest (Cem)" in keys(app)  # covering only adds: Cem still has 3+
        await pilot.press("h")
        await until(pilot, lambda: s.state.players[2].thalers >= 1)
        assert s.state.players[2].thalers >= 1  # 3 or 4 orders: the bot's roll may add one
        assert s.state.roller == 0  # still the bot's turn
        t.client.stop()


async def test_help_shows_the_rules_and_the_dice(tmp_path: Path) -> None:
    """Help is the rulebook's rules (the game's help lines) and the legend of the dice."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = screen_text(app)
        first = s.spec.help(s.rules)[0]
        assert first in shown
        assert "The dice: kinds, letters, faces" in shown and "Gartenbohne" in shown
        assert "Pick" in shown and "Bean figure" in shown and "Harvest" in shown


async def test_help_lists_only_the_keys_of_this_game(tmp_path: Path) -> None:
    """Issue #23: nothing at the dice table is private and every action but the last
    placement of a turn shows new dice, so the table has no pass-screen key and no undo:
    help lists neither, and neither key does anything."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.check_action("undo", ()) is False and t.check_action("pass_screen", ()) is False
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = screen_text(app)
        assert "Undo" not in shown and "Pass screen" not in shown
        assert "Roll" in shown and "Log" in shown and "Menu" in shown
        # issue #23: a, and the die placed by itself (tests/test_ui_dice_keys.py)
        assert "Place what fits" in shown and "places by itself" in " ".join(shown.split())


def test_chances_before_the_first_roll_roll_all_five() -> None:
    """Before a turn's first roll the last roller's field still lies there ("between
    turns the dice stay on the field"), but the new roller rolls all five: the chances
    shown are those of rolling all five, not the old field's certain check."""
    from bohn_tui.games.wuerfelspiel.actions import Roll
    from bohn_tui.games.wuerfelspiel.chances import outlook
    from bohn_tui.games.wuerfelspiel.dice import load
    from bohn_tui.games.wuerfelspiel.ui.outlook import own_outlook

    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    s.apply(Roll(0))
    s.apply(Roll(0, (0, 1, 2, 3, 4)))  # Ana places all five: her turn ends
    v = s.view(None)
    assert v["active"] == 1 and v["first_roll"] and all(d["where"] == "field" for d in v["dice"])
    got = own_outlook(v, ())
    p = v["players"][1]
    card = load().cards[p["upper"]["number"] - 1]
    assert got == tuple(outlook(load(), card.orders, p["covered"], {}, {}, True))
    assert abs(sum(got) - 1) < 1e-9 and max(got) < 1


def test_the_menus_rules_are_the_games_help() -> None:
    """The menu's Rules of the dice game: its help lines and the dice legend."""
    from bohn_tui.games import rules_for, spec
    from bohn_tui.ui.parts import load_parts

    before, after = load_parts(spec(GAME).table).rules_help(GAME, 3)
    console = Console(width=100, record=True, file=io.StringIO())
    for r in [*before, *after]:
        console.print(r)
    shown = console.export_text()
    lines = spec(GAME).help(rules_for(GAME, 3))
    assert lines[0] in shown and lines[-1].split()[0] in shown
    assert "Gartenbohne" in shown


async def test_any_key_anytime_never_breaks_the_table(tmp_path: Path) -> None:
    """Bad input never crashes: random keys on a game of two people and a bot, and the
    table still shows every player."""
    import random

    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {2: "standard"}, seed=8)
    app = make_app(tmp_path, s)
    rng = random.Random(8)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(30):
            await pilot.press(rng.choice("12345rfhr1r2xpu"))
        await pilot.pause()
        t = table(app)
        assert len(s.record.actions) >= 3  # the keys played
        shown = str(t.query_one(PlayersBoard).content)
        assert all(n in shown for n in ("Ana", "Ben", "Cem"))
        assert s.rules.violations(s.state) == []


async def test_the_next_person_takes_the_table_when_a_bot_has_rolled(tmp_path: Path) -> None:
    """Hot-seat, person - bot - person: when the bot's turn ends, the next person has the
    table and its keys at once (while the bot's last move still shows), no privacy
    screen between."""
    s = Session.new(GAME, ["Ana", "Bot", "Cem"], {1: "standard"}, seed=3)
    app = BohnApp(Store(tmp_path), s, bot_delay=0.2)
    async with app.run_test(size=SMALL) as pilot:
        t = table(app)
        await pilot.press("r")
        deadline = time.monotonic() + 30  # by a deadline, not a count of pauses
        while s.state.roller == 0 and time.monotonic() < deadline:
            await pilot.pause()  # Ana places every die rolled, until the turn passes
            if s.state.roller == 0:
                rolled = [str(i + 1) for i, w in enumerate(s.state.where) if w == "rolled"]
                await pilot.press(*rolled)
                await pilot.press("r")
        assert s.state.roller != 0  # Ana's turn passed (the bot's may have too, under load)
        await until(
            pilot, lambda: s.state.roller == 2 and t.viewer == 2 and "r Roll all 5" in keys(app)
        )
        assert s.state.roller == 2 and t.viewer == 2
        assert not isinstance(app.screen, PrivacyScreen)
        assert "r Roll all 5" in keys(app)
        t.client.stop()


def test_every_die_face_reads_on_its_colour() -> None:
    """A face is its word in black or white on the kind's colour, whichever contrasts
    more: at least 4.5:1 (WCAG AA) for every kind; never colour alone."""
    from rich.style import Style

    from bohn_tui.games.common.ui.cards import luminance
    from bohn_tui.games.wuerfelspiel.dice import load
    from bohn_tui.games.wuerfelspiel.ui.render import chip

    for k in load().kinds:
        face = chip(k.id)
        assert k.name in face.plain
        style = Style.parse(str(face.style))
        ink, paper = (c.triplet.hex for c in (style.color, style.bgcolor))  # type: ignore[union-attr]
        hi, lo = sorted((luminance(ink), luminance(paper)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (k.name, ink, paper)
