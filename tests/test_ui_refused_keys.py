"""A game's key that names a move the rules refuse now says why, in one toast, and
changes nothing; a key bound to nothing stays silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import SIZE, make_app, stacked, table, until
from textual.pilot import Pilot

from bohn_tui.play.session import Session

DECK = stacked(
    "bohnanza",
    [["red"] + ["chili"] * 4, ["garden"] * 5, ["blue"] * 5, ["soy"] * 5],
    ["green", "stink", "wax"] * 20,
)


def toasts(app: object) -> list[str]:
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]


async def test_a_refused_plant_key_says_why_and_changes_nothing(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem", "Dora"], seed=1, deck=DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("enter")  # Ana takes the screen
        await until(pilot, lambda: table(app).viewer == 0)
        await pilot.press("1")  # Red on field 1
        fields = lambda: [(f.variety, f.count) for f in s.state.players[0].fields]  # noqa: E731
        await until(pilot, lambda: fields()[0] == ("red", 1))
        assert fields() == [("red", 1), (None, 0)]
        before = (fields(), list(s.state.players[0].hand), len(s.log))
        await pilot.press("1")  # Chili on the Red field: refused, with the rules' reason
        said = "Chili cannot go on field 1: it holds Red; field 2 can take it"
        await until(pilot, lambda: any(said in t for t in toasts(app)))
        assert any(said in t for t in toasts(app)), toasts(app)
        await pilot.press("3")  # four players have two fields
        said3 = "there is no field 3: 2 fields are in play"
        await until(pilot, lambda: said3 in toasts(app))
        assert said3 in toasts(app), toasts(app)
        assert (fields(), list(s.state.players[0].hand), len(s.log)) == before
        n = len(toasts(app))
        await pilot.press("5")  # bound to nothing: silent
        await pilot.press("2")  # and a legal key still plants
        await until(pilot, lambda: fields()[1] == ("chili", 1))
        assert fields() == [("red", 1), ("chili", 1)]
        assert len(toasts(app)) == n


async def says(pilot: Pilot[Any], key: str, said: str) -> None:
    """`key` pressed: one more toast, and it says `said` (the rules' reason)."""
    app = pilot.app
    n = len(toasts(app))
    await pilot.press(key)
    await until(pilot, lambda: len(toasts(app)) > n)
    assert toasts(app)[-1] == said, (key, toasts(app))


def dice_state(s: Session) -> tuple[object, ...]:
    st = s.state
    return (list(st.where), list(st.faces), st.rolls, st.figure_used, len(s.record.actions))


async def test_the_dice_games_refused_keys_say_the_rules_reason(tmp_path: Path) -> None:
    """The dice game's keys that name a move the rules refuse say why, as text, and change
    nothing: the bean figure before a roll ("Then take all the dice you have just rolled"),
    a die placed on the first roll, a harvest of too few orders ("three or more fulfilled
    orders"), a die on the bean field picked again ("must not be rolled again"); a key
    bound to nothing stays silent."""
    from bohn_tui.games.wuerfelspiel.ui import outlook

    outlook.warm_now()
    s = Session.new("wuerfelspiel", ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: table(app).viewer == 0)
        before = dice_state(s)
        for key, said in [
            ("f", "Roll first: the bean figure re-rolls the dice just rolled."),
            ("a", "The first roll of a turn rolls all five dice: place none."),
            ("1", "The first roll of a turn rolls all five dice: place none."),
            ("h", "Ana has fulfilled 0 orders: a harvest needs three or more."),
        ]:
            await says(pilot, key, said)
        assert dice_state(s) == before
        n = len(toasts(app))
        await pilot.press("9")  # bound to nothing: silent
        await pilot.press("r")  # a legal key still rolls
        await until(pilot, lambda: s.state.rolls == 1)
        await pilot.press("1", "r")  # die 1 placed, the rest rolled again
        await until(pilot, lambda: s.state.rolls == 2)
        assert len(toasts(app)) == n
        before = dice_state(s)
        await pilot.press("1")  # die 1 lies on the bean field
        said = "Die 1 already lies on the bean field."
        await until(pilot, lambda: said in toasts(app))
        assert toasts(app)[-1] == said and dice_state(s) == before


async def test_bohnroschens_refused_keys_say_the_rules_reason(tmp_path: Path) -> None:
    """Bohnröschen's t (a tribute, "he instead pays one gold coin", with none) and e
    (ending phase 1 before "They must play the first card in their hand") say the rules'
    reason and change nothing; a key bound to nothing stays silent."""
    s = Session.new("bohnroschen", ["Ana", "Ben"], {1: "random"}, seed=1)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: table(app).viewer == 0 and s.state.phase == "plant")
        front = s.rules.varieties[s.state.players[0].hand[0]].name
        before = (list(s.state.players[0].hand), s.state.phase, len(s.log))
        for key, said in [
            ("t", "you have no coin to pay tribute with"),
            ("e", f"you must plant your front card ({front}) first"),
        ]:
            await says(pilot, key, said)
        assert (list(s.state.players[0].hand), s.state.phase, len(s.log)) == before
        n = len(toasts(app))
        await pilot.press("9")  # bound to nothing: silent
        await pilot.press("1")  # a legal key still plants
        await until(pilot, lambda: len(s.state.players[0].hand) == len(before[0]) - 1)
        assert len(toasts(app)) == n


async def test_excalibohns_refused_keys_say_the_rules_reason(tmp_path: Path) -> None:
    """Excalibohn's ability keys before phase 1b ("The active player uses these in Phase
    1b") and its e before the front card is planted say the rules' reason and change
    nothing."""
    s = Session.new("excalibohn", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=9)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: table(app).viewer == 0)  # Ana starts (seed 9)
        assert s.state.active == 0 and s.state.phase == "plant" and not s.state.planted
        front = s.rules.varieties[s.state.players[0].hand[0]].name
        before = (list(s.state.players[0].hand), s.state.phase, len(s.log))
        for key, said in [
            ("n", "bean abilities are used only in phase 1b"),
            ("s", "bean abilities are used only in phase 1b"),
            ("e", f"you must plant your front card ({front}) first"),
        ]:
            await says(pilot, key, said)
        assert (list(s.state.players[0].hand), s.state.phase, len(s.log)) == before
