"""The end of a solo Bohnröschen run: won or lost (and to which figure), the turns taken and
the coins, and the best runs so far (of the day, for a daily run). The run is not recorded
here: the store keeps it, once, under its save's id, with the move that ended the game."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from bohn_tui.games.bohnroschen import solo_result
from bohn_tui.games.bohnroschen.ui.table import daily_of
from bohn_tui.play.client import SeatClient
from bohn_tui.store.solo import SoloRun, SoloStore
from bohn_tui.ui.text import literal

BEST = 5


def outcome(view: dict[str, Any]) -> str:
    """One line: how the run ended."""
    solo = view["solo"]
    vine = view["vine"]["solo"]
    turns, coins = solo["turns"], solo["coins"]
    if solo["won"]:
        return f"Won! Into the castle in {turns} turns with {coins} coins."
    castle = view["vine"]["castle"]
    if vine["violet"] >= castle:
        by = "the violet figure reached the castle first"
    elif vine["red"] >= castle:
        by = "the red figure reached the castle first"
    else:
        by = view.get("end_reason") or "the run ended"
    passed = view["players"][0]["figure"]
    return (
        f"Lost: {by}, after {turns} turns ({passed} of {castle} vine cards passed, {coins} coins)."
    )


def best_table(runs: list[SoloRun], title: str, mine: SoloRun | None) -> Table:
    t = Table(title=title, box=box.SIMPLE_HEAD, expand=False)
    for col in ("#", "result", "cards passed", "turns", "coins", "run", "player"):
        right = col in ("#", "cards passed", "turns", "coins")
        t.add_column(col, justify="right" if right else "left")
    for i, r in enumerate(runs, 1):
        this = mine is not None and r.run_id is not None and r.run_id == mine.run_id
        day = f"daily {r.daily.isoformat()}" if r.daily else f"seed {r.seed}"
        t.add_row(
            f"{i}",
            ("won" if r.won else "lost") + (" ◀ this run" if this else ""),
            literal(f"{r.progress} cards" if r.progress else "?"),  # vine cards passed
            str(r.turns),
            str(r.coins),
            day,
            literal(r.name),
            style="bold" if this else None,
        )
    if not runs:
        t.add_row("", "no runs yet", "", "", "", "", "")
    return t


class SoloEndScreen(Screen[None]):
    BINDINGS = [
        Binding("m,enter", "menu", "Menu"),
        Binding("q", "quit_app", "Quit"),
    ]

    DEFAULT_CSS = """
    SoloEndScreen { align: center top; }
    #solo-end-box { width: 90; max-width: 100%; height: 1fr; padding: 1 2; }
    #solo-result { text-style: bold; margin-bottom: 1; }
    #solo-notice { color: $warning; }
    """

    def __init__(self, client: SeatClient, store: SoloStore | None = None) -> None:
        super().__init__()
        self.client = client
        self.store = store if store is not None else SoloStore()
        view = client.view(0)
        self.view_data = view
        self.daily = daily_of(client.options)
        # a remote table knows no seed (the host keeps it): its run is the host's, not kept here
        seed = client.seed if client.seed is not None else 0
        result = solo_result(view)
        name = str(view["players"][0]["name"])
        # the run itself was kept by the store with the move that ended it (store/games.py):
        # this is how the tables below find it
        self.run = SoloRun.of(result, name, seed, self.daily, client.save_id, client.game_id)

    def compose(self) -> ComposeResult:
        v = self.view_data
        with VerticalScroll(id="solo-end-box"):
            yield Static("[b]Bohnröschen solo: the run is over[/b]")
            yield Static(literal(outcome(v)), id="solo-result")  # a view's words: text
            seed = self.client.seed
            if self.daily:
                yield Static(f"Daily run of {self.daily.isoformat()}")
            elif seed is not None:
                yield Static(f"Seed {seed}: `bohn solo --seed {seed}` plays it again")
            played, won = self.store.count()
            yield Static(f"Runs so far: {played}, won {won}.")
            if self.daily:
                day = self.store.best(BEST, self.daily)
                yield Static(best_table(day, f"Best runs of {self.daily.isoformat()}", self.run))
            yield Static(best_table(self.store.best(BEST), "Best runs so far", self.run))
            if self.store.notice:
                yield Static(literal(self.store.notice), id="solo-notice")
        yield Footer()

    def action_menu(self) -> None:
        self.app.to_menu()  # type: ignore[attr-defined]

    def action_quit_app(self) -> None:
        self.app.exit()
