"""Set up a game: which game, who sits at the table (people or computer players), options,
seed and the computer players' pace (remembered in the database: the next new game starts
from the last choice)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Switch

from bohn_tui.engine.limits import MAX_NAME
from bohn_tui.games import GAMES, spec
from bohn_tui.play.players import NewGame, SessionError, count_error, parse_seed
from bohn_tui.store import settings
from bohn_tui.store.db import StoreError

KINDS = [
    ("empty seat", "off"),
    ("person", "human"),
    ("computer: random", "random"),
    ("computer: standard", "standard"),
    ("computer: expert", "expert"),
]
NAMES = ("Ana", "Ben", "Cem", "Dora", "Emil", "Fay", "Gus")
KIND = ("human", "human", "standard")
OPEN = "open_treasuries"  # the option of a game whose scores are secret
SEATS = len(NAMES)
SELECT_FRAME = 9  # a Select's width beyond its label's: border 2, padding 4, the arrow 2, 1


class NewGameScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start the game"),
    ]

    def compose(self) -> ComposeResult:
        games = [(spec(g).title, g) for g in GAMES]
        with VerticalScroll(id="new-box", classes="dialog"):
            yield Label("New game", classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                select = Select(games, value=GAMES[0], allow_blank=False, id="game")
                # every title on one line: the label, the frame's border, padding and arrow
                select.styles.width = max(len(t) for t, _ in games) + SELECT_FRAME
                yield select
            for i in range(SEATS):
                name, kind = NAMES[i], KIND[i] if i < len(KIND) else "off"
                with Horizontal(classes="row", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield Input(name, id=f"name-{i}", classes="name", max_length=MAX_NAME)
                    yield Select(KINDS, value=kind, allow_blank=False, id=f"kind-{i}")
            with Horizontal(classes="row"):
                # only for a game whose scores are secret (its spec reads the option)
                yield Label("Open treasuries", classes="label", id="open-label")
                yield Switch(False, id="open")
                yield Label("  Seed", classes="label")
                yield Input(placeholder="random", id="seed", type="integer")
            with Horizontal(classes="row"):
                yield Label("Bot pace", classes="label")
                yield Select(
                    [(f"{p} ({d:g} s a move)", p) for p, d in settings.BOT_PACES.items()],
                    value=settings.bot_pace(self.app.store),  # type: ignore[attr-defined]
                    allow_blank=False,
                    id="pace",
                )
            with Horizontal(classes="row"):
                yield Button("Start (Ctrl+S)", id="start", variant="primary")
                yield Button("Back (Esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_options(GAMES[0])
        self.query_one("#game", Select).focus()  # the first key acts on the first field

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self._show_options(str(event.value))

    def _show_options(self, game: str) -> None:
        """The options the chosen game reads, and no others; the seats its counts allow."""
        data = spec(game)
        has = OPEN in data.options
        self.query_one("#open-label").display = has
        self.query_one("#open", Switch).display = has
        for i in range(SEATS):
            self.query_one(f"#seat-{i}").display = i < max(data.player_counts)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_start(self) -> None:
        game = str(self.query_one("#game", Select).value)
        data = spec(game)
        names: list[str] = []
        bots: dict[int, str] = {}
        for i in range(max(data.player_counts)):  # the seats shown
            kind = self.query_one(f"#kind-{i}", Select).value
            if kind == "off":
                continue
            n = self.query_one(f"#name-{i}", Input).value.strip() or f"Player {i + 1}"
            if kind != "human":
                bots[len(names)] = str(kind)
            names.append(n)
        why = count_error(game, len(names))
        if why is not None:
            self.notify(f"{why} (seats taken).", severity="error")
            return
        if len(set(names)) != len(names):
            self.notify("Every player needs a different name.", severity="error")
            return
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except SessionError as e:
            self.notify(str(e), severity="error")
            return
        options = {OPEN: self.query_one("#open", Switch).value} if OPEN in data.options else {}
        new = NewGame(game, names, bots, seed, options)
        try:
            settings.put(
                self.app.store, settings.BOT_PACE, str(self.query_one("#pace", Select).value)
            )  # type: ignore[attr-defined]
        except StoreError as e:  # the pace is not kept; the game still starts
            self.notify(str(e), severity="warning")
        self.app.start_game(new)  # type: ignore[attr-defined]
