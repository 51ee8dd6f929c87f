"""Set up a game: which game, who sits at the table (people or computer players), options,
seed and the computer players' pace (remembered in the database: the next new game starts
from the last choice)."""

from __future__ import annotations

from typing import Any, Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Switch

from bohn_tui.engine.limits import MAX_NAME
from bohn_tui.engine.options import BOOL, CHOICE, INT, Option
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
            # each game's options from its spec's schema, shown for that game and the
            # player counts they apply to, two a row (the hidden ones take no place), the
            # seed after them
            with Grid(id="options"):
                for g in GAMES:
                    for option in menu_options(g):
                        with Horizontal(classes="row option", id=row_id(g, option)):
                            yield Label(option.label or option.name, classes="label")
                            yield option_widget(option, widget_id(g, option))
                with Horizontal(classes="row"):
                    yield Label("Seed", classes="label")
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
        if event.select.id == "game" or (event.select.id or "").startswith("kind-"):
            self._show_options(str(self.query_one("#game", Select).value))

    def _seats_taken(self, game: str) -> int:
        """How many of the seats shown for `game` someone takes (a person or a computer)."""
        return sum(
            self.query_one(f"#kind-{i}", Select).value != "off"
            for i in range(max(spec(game).player_counts))
        )

    def _show_options(self, game: str) -> None:
        """The options the chosen game reads for the seats taken, and no others; the seats
        its counts allow."""
        data = spec(game)
        for i in range(SEATS):
            self.query_one(f"#seat-{i}").display = i < max(data.player_counts)
        n = self._seats_taken(game)
        for g in GAMES:
            for option in menu_options(g):
                shown = g == game and option.applies(n)
                self.query_one(f"#{row_id(g, option)}").display = shown

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
            self.notify(f"{why}: {seats_hint(game, len(names))}.", severity="error")
            return
        twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
        if twice is not None:  # a name is text (the toast is literal)
            self.notify(
                f"Every player needs a different name: {twice} sits twice.", severity="error"
            )
            return
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except SessionError as e:
            self.notify(str(e), severity="error")
            return
        options = {}
        for option in menu_options(game):
            if option.applies(len(names)):
                widget = self.query_one(f"#{widget_id(game, option)}")
                try:
                    options[option.name] = option_value(option, widget)
                except ValueError as e:
                    self.notify(str(e), severity="error")
                    return
        new = NewGame(game, names, bots, seed, options)
        try:
            pace = str(self.query_one("#pace", Select).value)
            settings.put(self.app.store, settings.BOT_PACE, pace)  # type: ignore[attr-defined]
        except StoreError as e:  # the pace is not kept; the game still starts
            self.notify(str(e), severity="warning")
        self.app.start_game(new)  # type: ignore[attr-defined]


def seats_hint(game: str, taken: int) -> str:
    """What to change when `taken` seats are not a count `game` is for."""
    counts = spec(game).player_counts
    if taken < min(counts):
        more = min(counts) - taken
        seats = "a seat" if more == 1 else f"{more} more seats"
        return f"set {seats} to a person or a computer player"
    fewer = taken - max(counts)
    if fewer <= 0:  # a count between two it is for
        return "set the seats to one of " + ", ".join(map(str, counts)) + " players"
    return f"set {'a seat' if fewer == 1 else f'{fewer} seats'} to empty seat"


def menu_options(game: str) -> list[Option]:
    """The options of `game` a person sets here (its spec's schema, `menu`)."""
    return [o for o in spec(game).options if o.menu]


def row_id(game: str, option: Option) -> str:
    return f"option-{game}-{option.name}"


def widget_id(game: str, option: Option) -> str:
    """The id of the widget that sets `option` of `game` (a switch, a list or a field)."""
    return f"set-{game}-{option.name}"


def option_widget(option: Option, id: str) -> Widget:
    """A switch for a true-or-false option, a list for one of its choices, else a field."""
    if option.type == BOOL:
        return Switch(bool(option.default), id=id, tooltip=option.help or None)
    if option.choices:
        values = [(str(c), c) for c in option.choices]
        default = option.default if option.default in option.choices else option.choices[0]
        select = Select(
            values, value=default, allow_blank=False, id=id, tooltip=option.help or None
        )
        select.styles.width = max(len(t) for t, _ in values) + SELECT_FRAME  # its choices fit
        return select
    kind: Literal["integer", "text"] = "integer" if option.type == INT else "text"
    value = "" if option.default is None else str(option.default)
    return Input(value, id=id, type=kind, tooltip=option.help or None)


def option_value(option: Option, widget: Widget) -> Any:
    """What `widget` (option_widget's) says `option` is; ValueError names what it takes."""
    if isinstance(widget, Switch):
        return widget.value
    if isinstance(widget, Select):
        return widget.value
    assert isinstance(widget, Input) and option.type != CHOICE
    return option.parse(widget.value)
