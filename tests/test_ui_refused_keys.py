"""A game's key that names a move the rules refuse now says why, in one toast, and
changes nothing; a key bound to nothing stays silent."""

from __future__ import annotations

from pathlib import Path

from helpers.ui import SIZE, make_app, stacked, table, until

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
