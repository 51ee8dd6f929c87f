"""The `?` help lists the keys of this table only: a third field's key only where a third
field can be had, the trading keys nowhere in a duel (Bohnanza's bean duel, Bohnröschen for
two and solo), a duel's discard and end of turn only there, Bohnröschen's intermediate
phase from three players on and its hint in solo only, passing the screen only where two
people share it, and in the dice game no undo."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers.ui import make_app, table, until
from rich.console import Console

from bohn_tui.play.session import Session
from bohn_tui.ui.screens.help import HelpScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen

NAMES = ["Ana", "Ben", "Cem", "Dora", "Emil", "Fay", "Gus"]
TRADING = {"End trading", "Offer", "Accept", "Decline", "Counter", "Withdraw", "Pick offer"}
# (game, players, people at the screen): the keys' words the help shows, and those it must not
CASES = [
    (
        "bohnanza",
        2,
        1,
        {"Plant on 3", "Buy 3rd field", "Discard", "End turn"},
        {*TRADING, "Pass screen"},
    ),
    (
        "bohnanza",
        3,
        3,
        {"Plant on 3", *TRADING, "Pass screen"},
        {"Buy 3rd field", "Discard", "End turn"},
    ),
    ("bohnanza", 6, 2, {"Plant on 3", "Buy 3rd field", *TRADING}, {"Discard", "End turn"}),
    ("dahlias", 4, 2, {"Plant on 2", *TRADING}, {"Plant on 3", "Buy 3rd field", "Discard"}),
    (
        "bohnroschen",
        1,
        1,
        {"Hint", "Discard", "Pay tribute", "End turn"},
        {*TRADING, "No more tribute", "Pass screen"},
    ),
    (
        "bohnroschen",
        2,
        2,
        {"Discard", "Pass screen", "Draw cards"},
        {*TRADING, "No more tribute", "Hint"},
    ),
    ("bohnroschen", 4, 2, {"No more tribute", *TRADING}, {"Discard", "Hint", "End turn"}),
    ("excalibohn", 3, 2, {"Discard", "End 1b", *TRADING}, {"Plant on 3", "Buy 3rd field"}),
    ("wuerfelspiel", 2, 2, {"Roll", "Harvest"}, {"Undo", "Pass screen"}),
]


def help_keys(screen: HelpScreen) -> set[str]:
    """The words of the help's key list (its rows: the keys, then what they do)."""
    statics = list(screen.query("Static"))
    at = next(i for i, w in enumerate(statics) if str(w.content).startswith("[b]Keys"))
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(statics[at + 1].content)
    return {
        line.strip().split("  ", 1)[1].strip()
        for line in console.export_text().splitlines()
        if line.strip()
    }


@pytest.mark.parametrize(("game", "n", "people", "shown", "absent"), CASES)
async def test_the_help_lists_the_keys_of_this_table(
    tmp_path: Path, game: str, n: int, people: int, shown: set[str], absent: set[str]
) -> None:
    s = Session.new(game, NAMES[:n], {i: "random" for i in range(people, n)}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        t = table(app)
        await until(pilot, lambda: app.screen is t or isinstance(app.screen, PrivacyScreen))
        if isinstance(app.screen, PrivacyScreen):  # the first hand-over
            await pilot.press("enter")
        await until(pilot, lambda: app.screen is t)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert isinstance(app.screen, HelpScreen)
        keys = help_keys(app.screen)
        assert shown <= keys, (shown - keys, keys)
        assert not keys & absent, (keys & absent, keys)


def test_the_help_names_keys_as_the_key_bar_does() -> None:
    """Esc, / and ^q, not "escape", "slash" and "ctrl+q"."""
    from textual.binding import Binding

    from bohn_tui.ui.screens.help import key_table

    bindings = [
        Binding("escape", "a", "Cancel"),
        Binding("slash", "b", "Chat"),
        Binding("ctrl+q", "c", "Quit"),
        Binding("left,h", "d", "Pick card"),
    ]
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(key_table(bindings))
    rows = [line.split() for line in console.export_text().splitlines() if line.strip()]
    assert rows == [["Esc", "Cancel"], ["/", "Chat"], ["^q", "Quit"], ["←", "h", "Pick", "card"]]
