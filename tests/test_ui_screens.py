"""Pilot tests of undo, help, the command palette's game actions and the end screen."""

from __future__ import annotations

import inspect
from pathlib import Path

from helpers.asks import private_at_start
from helpers.ui import B3_DECK, SIZE, make_app, screen_text, table, until
from textual.widgets import Select, Switch

from bohn_tui.games.common.ui.end import EndScreen
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.help import HelpScreen


async def test_undo_a_plant_but_not_a_turn_up(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "1")
        await pilot.pause()
        t = table(app)
        assert s.state.players[0].fields[0].count == 1 and t.check_action("undo", ())
        await pilot.press("u")
        await pilot.pause()
        assert s.state.players[0].fields[0].count == 0 and s.record.actions == []
        assert "took back" in s.log[-1].text
        await pilot.press("1", "e")  # the turn-up cannot be taken back
        await pilot.pause()
        assert not t.check_action("undo", ())
        await pilot.press("u")
        assert s.state.turned_up == ["coffee", "wax"]


async def test_help_lists_real_keys_and_the_rules(tmp_path: Path) -> None:
    s = Session.new("dahlias", ["Ana", "Ben", "Cem"], seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app.screen)
        assert "Stop planting" in text and "Counter" in text  # from the table's bindings
        assert (
            "Dahlias for 3" in text and "Each player starts with 5 cards and has 3 fields" in text
        )
        assert "Moon Fire" in text  # the bean-o-meter of this game's varieties
        await pilot.press("escape")
        assert app.screen is table(app)


async def test_palette_offers_the_legal_game_actions(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Plant on 1" in titles and "End trading" not in titles
        plant = next(c for c in app.get_system_commands(app.screen) if c.title == "Plant on 1")
        result = plant.callback()
        if inspect.isawaitable(result):  # the palette awaits it as well
            await result
        await pilot.pause()
        assert s.state.players[0].fields[0].count == 1
        assert any(c.title == "Stop planting" for c in app.get_system_commands(app.screen))


async def test_bot_game_ends_on_the_end_screen(tmp_path: Path) -> None:
    s = Session.new(
        "dahlias", ["Ana", "Ben", "Cem"], {0: "random", 1: "random", 2: "random"}, seed=4
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: s.over and isinstance(app.screen, EndScreen))
        best = max(s.state.scores)
        winners = [s.names[w] for w in s.state.winners]
        wanted = [*winners, "game over", f"{best}", "Coins over the game", "Ana (random)"]

        def drawn() -> str:  # the end screen's text once all of it is there (it is filled
            # after it shows: one read after one pause() may come before)
            text = screen_text(app.screen)
            return text if all(w in text for w in wanted) else ""

        await until(pilot, drawn)
        text = screen_text(app.screen)
        assert all(w in text for w in winners) and "game over" in text
        assert f"{best}" in text and "Coins over the game" in text
        assert "Ana (random)" in text and "(bot)" not in text  # each bot with its level


async def test_new_game_from_the_menu(tmp_path: Path) -> None:
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.new_game import NewGameScreen
    from bohn_tui.ui.screens.privacy import PrivacyScreen

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed").value = "42"  # type: ignore[attr-defined]
        app.screen.query_one("#kind-1").value = "random"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        t = table(app)
        assert t.client.session.names == ["Ana", "Ben", "Cem"]
        assert t.client.session.bot_levels == {1: "random", 2: "standard"}
        assert t.client.session.record.seed == 42
        # one person only: no privacy screen, Ana sees her hand at once
        assert not isinstance(app.screen, PrivacyScreen) and t.viewer == 0
        assert Store(tmp_path).list()[0].players == ("Ana", "Ben", "Cem")


async def test_new_game_offers_only_the_options_the_game_reads(tmp_path: Path) -> None:
    """The open-treasuries switch is for games whose scores are secret; for a game with
    everything public (the dice game) it goes, and the game starts without the option and
    without a privacy screen, though two people play."""
    from bohn_tui.games import GAMES
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.privacy import PrivacyScreen

    public = next(g for g in GAMES if not private_at_start(g))
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        # Bohnanza first: its switch shows
        assert app.screen.query_one("#option-bohnanza-open_treasuries").display
        assert isinstance(app.screen.query_one("#set-bohnanza-open_treasuries"), Switch)
        app.screen.query_one("#game").value = public  # type: ignore[attr-defined]
        await pilot.pause()
        assert not [w for w in app.screen.query(".option") if w.display]
        await pilot.press("ctrl+s")
        await pilot.pause()
        t = table(app)
        assert t.client.session.record.game == public and t.client.session.record.options == {}
        assert not isinstance(app.screen, PrivacyScreen) and len(t.client.humans) == 2


async def test_new_game_offers_a_game_s_options_for_the_seats_taken(tmp_path: Path) -> None:
    """The options come from the game's schema, each for the player counts it applies to:
    Bohnröschen's "all face down" is for two players only; a choice is a list, a true or
    false a switch; the game starts with the values set."""
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        s = app.screen
        s.query_one("#game").value = "bohnroschen"  # type: ignore[attr-defined]
        await pilot.pause()

        def shown() -> set[str]:
            return {str(w.id) for w in s.query(".option") if w.display}

        three = {"open_treasuries", "short", "face_down_end"}
        assert shown() == {f"option-bohnroschen-{o}" for o in three}  # Ana, Ben, Cem
        assert isinstance(s.query_one("#set-bohnroschen-face_down_end"), Select)
        s.query_one("#kind-2").value = "off"  # type: ignore[attr-defined]
        await pilot.pause()
        assert "option-bohnroschen-all_face_down" in shown()
        s.query_one("#set-bohnroschen-all_face_down").value = True  # type: ignore[attr-defined]
        s.query_one("#set-bohnroschen-face_down_end").value = 2  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        t = table(app)
        assert t.client.session.record.options == {
            "open_treasuries": False,
            "short": False,
            "face_down_end": 2,
            "all_face_down": True,
        }


async def test_mouse_confirms_the_hand_over_and_plants_on_a_clicked_field(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#privacy-box")
        await pilot.pause()
        assert table(app).viewer == 0
        await pilot.click("#player-0", offset=(5, 2))  # the row of field 2
        await pilot.pause()
        assert s.state.players[0].fields[1].variety == "coffee"
        # the key bar's entries are clickable: its first one now is "Plant on 1/2/3" (the
        # three keys share an entry, which saves a row; it reads whole, the keys last),
        # each number its own field
        assert str(app.screen.query_one("#keys").render()).startswith("Plant on 1/2/3  e ")
        await pilot.click("#keys", offset=(10, 0))  # the "1" (after the bar's padding)
        await pilot.pause()
        assert s.state.players[0].fields[0].variety == "coffee"
        # trading now: a click on a field asks on the table whether to harvest it
        t = table(app)
        await pilot.click("#player-0", offset=(5, 2))
        await pilot.pause()
        assert t.choice is not None and "Harvest this field?" in str(t.query_one("#banner").content)
        assert str(t.query_one("#keys").content).startswith("2 Coffee ×1 → 0 coins  Esc Cancel")
        await pilot.press("escape")  # cancelled: the trade keys are back, nothing harvested
        await pilot.pause()
        assert t.choice is None and "End trading" in str(t.query_one("#keys").content)
        assert s.state.players[0].fields[1].count == 1
        await pilot.click("#player-0", offset=(5, 2))
        await pilot.click("#player-0", offset=(5, 2))  # the second click confirms
        await pilot.pause()
        assert s.state.players[0].fields[1].count == 0 and t.choice is None
        assert "Ana harvests 1 Coffee" in s.log[-1].text


async def test_menu_rules_one_entry_a_game_its_counts_inside(tmp_path: Path) -> None:
    """Rules lists each game once; a game's rules screen shows one count at a time, the
    others a key away, and what changes with the count changes there."""
    from bohn_tui.games import GAMES
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.choose import ChooseScreen

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        assert len(app.screen.choices) == len(GAMES)
        assert app.screen.choices[0] == ("Bohnanza (2 to 7 players)", "bohnanza")
        await pilot.press("1")  # Bohnanza, at its first count: the bean duel
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app.screen)
        assert "Players: [2] 3  4  5  6  7" in text
        assert "Bohnanza for 2" in text and "Bean duel for two" in text
        # removed at two players: named as removed, not in the bean-o-meter
        assert "removed at this player count: Garden, Cocoa." in text
        assert text.count("Garden") == 1, text
        await pilot.press("4")
        await pilot.pause()
        text = screen_text(app.screen)
        assert "Players:  2  3 [4] 5" in text and "Bohnanza for 4" in text
        assert "Beans removed at this player count: Coffee." in text
        await pilot.press("right")
        await pilot.pause()
        assert "Bohnanza for 5" in screen_text(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_a_new_game_shows_its_first_hand_over_before_the_table_is_built(
    tmp_path: Path,
) -> None:
    """The game is built first (its asks say whom the screen passes to, why, and that it is
    private), then the privacy screen shows with the first ask's sentence, and the table is
    built beneath it."""
    from bohn_tui.play.players import NewGame
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.privacy import PrivacyScreen
    from bohn_tui.ui.screens.table import TableScreen

    new = NewGame("bohnanza", ["Ana", "Ben", "Cem"], {2: "random"}, seed=4)
    app = BohnApp(Store(tmp_path), new, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        # the first frame: the privacy screen, with no table yet
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ana"
        assert "It is Ana's turn." in screen_text(app.screen)
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        shown = app.screen
        if shown.reveal is None:  # no table to show yet (checked and pressed in one step)
            shown.action_confirm()  # Enter too early: ignored, nothing is shown
            assert app.screen is shown
        # built beneath the privacy screen: both waited for (the table's screen is in the
        # stack a moment before its own privacy screen is over it)
        built = lambda: any(isinstance(s, TableScreen) for s in app.screen_stack)  # noqa: E731
        assert await until(pilot, lambda: built() and isinstance(app.screen, PrivacyScreen))
        t = table(app)  # built beneath the same privacy screen
        assert isinstance(app.screen, PrivacyScreen) and t.viewer is None
        assert t.client.session.names == ["Ana", "Ben", "Cem"] and t.client.session.is_bot(2)
        await pilot.press("enter")
        # her hand is shown beneath once the table is built (not after one pause())
        await until(
            pilot,
            lambda: (
                app.screen is t
                and t.viewer == 0
                and "Ana's hand" in str(t.query_one("HandView").border_title)
            ),
        )
        assert app.screen is t and t.viewer == 0
        assert "Ana's hand" in str(t.query_one("HandView").border_title)


async def test_a_new_game_that_cannot_start_ends_the_app_with_the_reason(tmp_path: Path) -> None:
    from bohn_tui.play.players import NewGame
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp

    app = BohnApp(Store(tmp_path), NewGame("dahlias", ["Ana", "Ben"]), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
    assert app.return_code == 1
    assert app.start_error == "Bohnanza: Dahlias is for 3 to 5 players, not 2"
    assert Store(tmp_path).list() == []  # nothing was saved


async def test_a_new_game_started_in_a_too_small_terminal_leaves_no_stray_screen(
    tmp_path: Path,
) -> None:
    from bohn_tui.play.players import NewGame
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.menu import MenuScreen
    from bohn_tui.ui.screens.privacy import PrivacyScreen
    from bohn_tui.ui.screens.table import TableScreen
    from bohn_tui.ui.screens.too_small import TooSmallScreen

    new = NewGame("bohnanza", ["Ana", "Ben", "Cem"], seed=1)
    app = BohnApp(Store(tmp_path), new, bot_delay=0)
    async with app.run_test(size=(70, 20)) as pilot:
        # (each screen waited for by a deadline: the table is built after a refresh)
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await until(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        stack = lambda: [type(s) for s in app.screen_stack[1:]]  # noqa: E731
        await until(pilot, lambda: stack() == [TableScreen] and table(app).viewer is not None)
        # one table, with nothing beneath it but the app's own screen
        assert stack() == [TableScreen]
        await pilot.press("q")  # to the menu: the menu, not an old privacy screen
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert isinstance(app.screen, MenuScreen)


async def test_a_toast_stays_on_the_screen_it_was_raised_on(tmp_path: Path) -> None:
    """A refusal toasted on the table is gone from the help screen and from the menu; the
    menu's own "The game is saved" toast shows there."""
    from helpers.screen import seen

    from bohn_tui.games.common.actions import EndTrading
    from bohn_tui.ui.screens.menu import MenuScreen

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert not await table(app).do(EndTrading(0))  # phase 1: the rules refuse it
        await until(pilot, lambda: "Not allowed" in seen(app))  # (a toast: drawn later)
        assert "Not allowed" in seen(app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        # (the help's frame drawn, waited for: then what it does not show)
        helps = lambda: "the bottom line shows the ones you can use now" in seen(app)  # noqa: E731
        assert await until(pilot, helps), seen(app)
        assert isinstance(app.screen, HelpScreen) and "Not allowed" not in seen(app)
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert await until(pilot, lambda: not helps())
        assert "Not allowed" not in seen(app)  # nor back on the table
        await pilot.press("q")
        said = lambda: "The game is saved" in " ".join(seen(app).split())  # noqa: E731
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and said())
        assert isinstance(app.screen, MenuScreen)
        shown = " ".join(seen(app).split())
        assert "Not allowed" not in shown and "The game is saved" in shown


async def test_new_game_focuses_the_game_fits_its_titles_and_shows_only_its_seats(
    tmp_path: Path,
) -> None:
    """The first key acts (the game is focused); every game's title fits the drop-down on
    one line; only as many seats show as the chosen game's counts allow, and a hidden seat
    is not counted."""
    from textual.widgets import Select

    from bohn_tui.games import GAMES, spec
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp

    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        game = app.screen.query_one("#game", Select)
        assert app.focused is game
        label = game.query_one("SelectCurrent #label")
        for g in GAMES:
            game.value = g
            await pilot.pause()
            title = spec(g).title
            assert label.size.width >= len(title), f"{title} wraps"
            high = max(spec(g).player_counts)
            shown = [i for i in range(7) if app.screen.query_one(f"#seat-{i}").display]
            assert shown == list(range(high)), g
        await pilot.press("enter")  # the first Enter opens the list of games
        await pilot.pause()
        assert game.expanded
        await pilot.press("escape")
        # a game of 2-5 with seats 6 and 7 taken before it was chosen: they are not counted
        small = next(g for g in GAMES if max(spec(g).player_counts) < 7)
        game.value = GAMES[0]
        await pilot.pause()
        for i in range(7):
            app.screen.query_one(f"#kind-{i}", Select).value = "human" if i < 3 else "off"
        app.screen.query_one("#kind-6", Select).value = "standard"
        game.value = small
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert table(app).client.session.names == ["Ana", "Ben", "Cem"]
