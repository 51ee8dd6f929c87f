"""The Statistics screen (from the menu): players, recent results, solo runs, bots against
people, two charts (wins over time, the spread of scores) and, when there are ratings (games
of `bohn server`), each game's leaderboard or the chosen player's ratings, one tab each (keys
1-7);
`p` and `g` step through the players and the games to show only one; Esc goes back.

The charts are plotext's (widgets/plot.py), imported when this screen composes, never at
the start of `bohn`. The database is read, never created: a missing one shows the same
line as one without finished games."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static, TabbedContent, TabPane

from bohn_tui.store import db
from bohn_tui.store.stats import Loaded, load
from bohn_tui.ui import stats_tables as t

TABS = ("players", "recent", "solo", "bots", "wins", "spread", "ratings")


def step(choices: list[str | None], now: str | None) -> str | None:
    """The choice after `now`, round (None: all)."""
    i = choices.index(now) if now in choices else 0
    return choices[(i + 1) % len(choices)]


class StatsScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        *(
            Binding(str(i), f"tab('{tab}')", tab.capitalize(), show=False)
            for i, tab in enumerate(TABS, 1)
        ),
        Binding("left", "tab_step(-1)", "Tab", show=False),
        Binding("right", "tab_step(1)", "Tab", show=False),
        Binding("p", "player", "Player"),
        Binding("g", "game", "Game"),
    ]
    DEFAULT_CSS = """
    StatsScreen #stats-head { height: auto; padding: 0 1; }
    StatsScreen #stats-empty { padding: 1 2; }
    StatsScreen #stats-skipped { height: auto; max-height: 6; padding: 0 1; color: $warning; }
    StatsScreen #stats-tabs { height: 1fr; }
    StatsScreen TabPane { height: 1fr; padding: 0 1; }
    StatsScreen VerticalScroll { height: 1fr; }
    StatsScreen LinePlot, StatsScreen BoxPlot { height: 1fr; min-height: 12; }
    """

    def __init__(self, path: Path | None = None) -> None:
        super().__init__()
        self.path = path  # by default the app's database
        self.player: str | None = None
        self.game: str | None = None
        self.tab = TABS[0]
        self.error: str | None = None
        self.loaded: Loaded | None = None

    def _read(self) -> None:
        store = getattr(self.app, "store", None)
        path = self.path or getattr(store, "path", None) or db.data_dir() / db.DB_NAME
        try:
            self.loaded = load(path, self.player, self.game)
            self.error = None
        except db.DatabaseError as e:
            self.loaded, self.error = None, str(e)

    def _head(self) -> Text:
        who = self.player or "everybody"
        what = self._title(self.game) if self.game else "all games"
        tabs = len(TABS) if self.loaded and self.loaded.stats.ratings else len(TABS) - 1
        keys = f"(p player, g game, 1-{tabs} tabs)"
        return Text.assemble(("Statistics", "bold"), f" · {who} · {what}   ", (keys, "dim"))

    def _title(self, game: str) -> str:
        from bohn_tui.games import GAMES, spec

        if game in GAMES:
            return spec(game).title
        return dict(self.loaded.games if self.loaded else ()).get(game, game)

    def compose(self) -> ComposeResult:
        from bohn_tui.ui.widgets.plot import MARKS, BoxPlot, LinePlot

        self._read()  # anew at every compose: a filter chosen, a game finished meanwhile
        loaded = self.loaded
        yield Static(self._head(), id="stats-head")
        if loaded is not None and loaded.stats.skipped:  # bad rows left out: which and why
            yield Static("\n".join(loaded.stats.skipped), id="stats-skipped", markup=False)
        if loaded is None or loaded.stats.empty:
            line = self.error or t.EMPTY
            if loaded is not None and (self.player or self.game) and loaded.people:
                line = "Nothing for this choice: p and g choose another player or game."
            yield Static(line, id="stats-empty", markup=False)
            yield Footer()
            return
        s = loaded.stats
        if self.tab == "ratings" and not s.ratings:  # none for this choice: the first tab
            self.tab = TABS[0]
        with TabbedContent(initial=self.tab, id="stats-tabs"):
            with TabPane("1 Players", id="players"), VerticalScroll():
                if s.players:
                    yield Static(t.players_table(s.players))
                    yield Static(t.by_game_table(s.players))
                else:
                    yield Static("No finished games with people yet.")
            with TabPane("2 Recent", id="recent"), VerticalScroll():
                yield Static(t.recent_table(s.players) if s.players else "No finished games.")
            with TabPane("3 Solo", id="solo"), VerticalScroll():
                if s.solo.runs:
                    for table in t.solo_tables(s.solo):
                        yield Static(table)
                else:
                    filtered = self.player or self.game
                    yield Static("No solo runs here." if filtered else "No solo runs yet.")
            with TabPane("4 Bots", id="bots"), VerticalScroll():
                yield Static(t.bots_table(s.bots) if s.bots else "No games of people and bots.")
            with TabPane("5 Wins over time", id="wins"):
                if s.wins_over_time:
                    yield Static("Wins so far, after each finished game (numbered in order)")
                    series = [(w.name, w.points) for w in s.wins_over_time[: len(MARKS)]]
                    yield LinePlot(series, xlabel="games", steps=True)  # a win is a step
                else:
                    yield Static("No finished games with people yet.")
            with TabPane("6 Score spread", id="spread"):
                if s.spread:
                    yield Static("The people's final scores: lowest, quartiles, median, highest")
                    yield BoxPlot([(sp.title, sp.scores) for sp in s.spread])
                else:
                    yield Static("No finished games with people yet.")
            if s.ratings:  # the tab is there only when there are ratings
                with TabPane("7 Ratings", id="ratings"), VerticalScroll():
                    for table in t.ratings_tables(s.ratings, self.player):
                        yield Static(table)
        yield Footer()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.tab = str(event.pane.id)

    def _tabs(self) -> list[str]:
        """The tabs shown (the ratings only when there are some)."""
        return [tab for tab in TABS if self.query(f"TabPane#{tab}")]

    def action_tab(self, tab: str) -> None:
        if self.query("#stats-tabs") and tab in self._tabs():
            self.query_one("#stats-tabs", TabbedContent).active = tab
            self.tab = tab

    def action_tab_step(self, by: int) -> None:
        tabs = self._tabs() or list(TABS)
        now = tabs.index(self.tab) if self.tab in tabs else 0
        self.action_tab(tabs[(now + by) % len(tabs)])

    async def _again(self) -> None:
        await self.recompose()
        self.focus_next()  # the tabs (the old focus went with the old widgets)
        self.refresh_bindings()

    async def action_player(self) -> None:
        people = list(self.loaded.people) if self.loaded else []
        self.player = step([None, *people], self.player)
        await self._again()

    async def action_game(self) -> None:
        games = [g for g, _ in self.loaded.games] if self.loaded else []
        self.game = step([None, *games], self.game)
        await self._again()

    def action_back(self) -> None:
        self.app.pop_screen()
