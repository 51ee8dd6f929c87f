"""The lobby of `bohn server` (issue #26), one Textual app per run: a new person's name, or an
account's lobby (its games, whose turn it is, yours first; open tables to join; running
tables to watch; a new table; the profile with its link code). It reads the database; what
the person asks for (a name, a table, a seat) goes to the server (`ask`), which decides
whether they may; the app's result is where they go (a table to play or watch, or away).
Names and notes are shown as text, never markup (ui/text.literal)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from bohn_tui.engine.limits import MAX_NAME
from bohn_tui.games import GAMES, spec
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as t
from bohn_tui.ui.lobby_screens import BoardScreen, HelpScreen, ProfileScreen, game_title
from bohn_tui.ui.text import literal

REFRESH = 3.0  # seconds between two readings of the lobby
SHOWN = 15  # tables of a part listed until `a` lists all (a full lobby opens quickly)

CSS = """
Screen { padding: 0 1; }
#title { text-style: bold; height: 1; }
#note { color: $warning; height: auto; }
OptionList { height: 1fr; }
#form { height: auto; padding: 1 2; border: round $accent; width: 76; max-width: 100%; }
#form Input, #form Select { margin-bottom: 1; }
HelpScreen #form { max-height: 100%; }
"""


def _when(at: float, now: float) -> str:
    if not at:
        return ""
    fmt = "%H:%M" if now - at < 86400 else "%Y-%m-%d %H:%M"
    return time.strftime(fmt, time.localtime(at))


def _since(at: float, now: float) -> str:
    """How long ago `at` was, in the largest unit: "3 d", "5 h", "12 min", "just now"."""
    gone = max(0.0, now - at)
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if gone >= size:
            return f"{int(gone // size)} {unit}"
    return "just now"


class NameScreen(Screen[None]):
    """A new person's first login: the name their key is bound to."""

    BINDINGS = [Binding("escape", "leave", "Leave")]

    def __init__(self, hint: str, note: str) -> None:
        super().__init__()
        self.hint, self.note = hint, note

    def compose(self) -> ComposeResult:
        yield Label("Welcome to this bohn server", id="title")
        with Vertical(id="form"):
            yield Static(
                "This SSH key is new here. Choose the name the others will know you by: "
                "from now on this key logs you in as that name (ssh NAME@this-server)."
            )
            yield Input(self.hint, placeholder="your name", max_length=MAX_NAME, id="name")
            yield Label(literal(self.note), id="note")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        lobby = self.app
        assert isinstance(lobby, LobbyApp)
        reply = lobby.ask({"name": event.value})
        account = reply.get("account")
        if isinstance(account, int):
            lobby.me = acc.by_id(lobby.store.db, account)
            lobby.shown["note"] = str(reply.get("note", ""))
            # over the name screen (not in its place: Textual's switch_screen from an app's
            # default screen fails, as it has no result callback); escape is the lobby's
            # no more, q leaves
            self.app.push_screen(LobbyScreen(lobby))
        else:
            self.query_one("#note", Label).update(literal(reply.get("note", "")))

    def action_leave(self) -> None:
        self.app.exit({})


class NewTableScreen(ModalScreen[str]):
    """The form of a new table; dismissed with the lobby's note once an open table is made
    (made again by a second Enter otherwise), left for the table once it runs."""

    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def compose(self) -> ComposeResult:
        games = [(spec(g).title, g) for g in GAMES]
        with Vertical(id="form"):
            yield Label("New table", id="title")
            yield Select(games, value=GAMES[0], allow_blank=False, id="game", compact=True)
            yield Static(_seats_help(GAMES[0]), id="seats-help")
            example = "for example: Ben, open, bot:expert"
            yield Input(placeholder=example, max_length=400, id="seats", compact=True)
            modes = [("live", "live"), ("correspondence (waits days)", "correspondence")]
            yield Select(modes, value="live", allow_blank=False, id="mode", compact=True)
            seen = [("public: listed to everyone", False)]
            seen += [("private: seen and watched by its players only", True)]
            yield Select(seen, value=False, allow_blank=False, id="private", compact=True)
            days = int(t.ABSENT_SECONDS // 86400)  # (then the others may choose: the lobby)
            never = f"no bot plays for a person away (after {days} days: the others' choice)"
            stands = [(never, 0)]
            stands += [(f"a bot plays for a person away {h} h", h) for h in (1, 24, 72)]
            yield Select(stands, value=0, allow_blank=False, id="standin", compact=True)
            rated = [("rated if its seats are people only", False)]
            rated += [("rated with bots too: the people's places among themselves", True)]
            yield Select(rated, value=False, allow_blank=False, id="rate_bots", compact=True)
            yield Button("Make the table", id="make", variant="primary")
            yield Label("", id="note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#seats", Input).focus()  # (the first game is chosen already)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and isinstance(event.value, str):
            self.query_one("#seats-help", Static).update(_seats_help(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._make()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._make()

    def _make(self) -> None:
        raw = self.query_one("#seats", Input).value
        seats = [s.strip() for s in raw.split(",")] if raw.strip() else []
        game = self.query_one("#game", Select).value
        mode = self.query_one("#mode", Select).value
        lobby = self.app
        assert isinstance(lobby, LobbyApp)
        standin = self.query_one("#standin", Select).value
        ask = {"ask": "new", "game": game, "seats": seats, "mode": mode, "standin": standin}
        ask["private"] = self.query_one("#private", Select).value is True
        ask["rate_bots"] = self.query_one("#rate_bots", Select).value is True
        reply = lobby.ask(ask)
        if "play" in reply:
            self.app.exit({"do": "play", "table": str(reply["play"])})
        elif "open" in reply:
            self.dismiss(str(reply.get("note", "")))
        else:
            self.query_one("#note", Label).update(literal(reply.get("note", "")))


def _seats_help(game: str) -> Text:
    """The line over the seats' field: what a seat may be, the game's bot levels named (a
    game's own words: text, never markup)."""
    levels = ", ".join(spec(game).bot_levels)
    return literal(f"Other seats: names, 'open' or 'bot:LEVEL' ({levels})")


def _first_enabled(options: list[Option]) -> int | None:
    return next((i for i, o in enumerate(options) if not o.disabled), None)


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New"),
        Binding("w", "watch", "Watch"),
        Binding("p", "profile", "Profile"),
        Binding("b", "board", "Board"),
        Binding("r", "refresh", "Refresh", show=False),  # (read every 3 s anyway: ?)
        Binding("a", "all", "All"),
        Binding("l", "leave_table", "Leave table"),  # an open table I sit at (l twice)
        Binding("q", "leave", "Quit"),
        Binding("question_mark", "help", "Help", key_display="?"),
        # an open table of mine cancelled, or a running game of mine resigned (x twice)
        Binding("x", "cancel", "Cancel / resign", show=False),
        # a person long awaited (named on the table's line when it can be)
        Binding("s", "stand_in", "Bot plays for them", show=False),
        Binding("e", "end", "End the table", show=False),
    ]

    def __init__(self, lobby: LobbyApp) -> None:
        super().__init__()
        self.lobby = lobby
        self.all = False  # every table of each part listed (else SHOWN)
        self._shown: list[tuple[str | None, str, bool]] = []  # the list as it is now
        self._end_asked = ""  # the table e was pressed on once (a second e ends it)
        self._resign_asked = ""  # the table x was pressed on once (a second x resigns it)
        self._leave_asked = ""  # the open table l was pressed on once (a second l leaves it)

    def compose(self) -> ComposeResult:
        me = self.lobby.me
        yield Label(literal(f"bohn server · {me.name if me else ''}"), id="title")
        yield Label(literal(self.lobby.shown.get("note", "")), id="note")
        # filled here, so that the first layout and frame are the list's (not an empty
        # list's, then the list laid out again)
        options = self._options()
        self._shown = self._key(options)
        tables = OptionList(*options, id="tables")
        tables.highlighted = _first_enabled(options)
        yield tables
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.set_interval(REFRESH, self.action_refresh)

    def action_refresh(self) -> None:
        if self.lobby.me is not None:
            self._show(self._options())

    def _options(self) -> list[Option]:
        """The list's lines as the database has them now (none without an account)."""
        me = self.lobby.me
        if me is None:
            return []
        db = self.lobby.store.db
        listed = t.lobby(db, me.id, self.lobby.now())
        awaited = (a for part in listed.values() for item in part for a in item.row.awaited)
        names = acc.names_of(db, awaited)
        options: list[Option] = []

        def head(text: str) -> None:
            options.append(Option(Text(text, style="bold"), disabled=True))

        def shown(part: str) -> list[t.Listed]:
            """The part's tables to list: SHOWN of them unless all are (`a`)."""
            return listed[part] if self.all else listed[part][:SHOWN]

        def rest(part: str) -> None:
            """The line of how many more tables the part has than are listed."""
            if (more := len(listed[part]) - len(shown(part))) > 0:
                line = Text(f"  and {more} more: a lists all", style="dim")
                options.append(Option(line, disabled=True))

        head("Your games")
        for item in shown("yours"):
            row = item.row
            if row.state == t.RUNNING and me.id in row.resigned:  # (Enter watches it)
                turn = self._running_line(row, item.your_turn, names)
                turn, kind = f"you resigned: a bot plays your seat · {turn}".rstrip(" ·"), "watch"
            elif row.state == t.RUNNING:
                turn, kind = self._running_line(row, item.your_turn, names), "play"
            elif row.state == t.OPEN:  # (Enter says how to leave or cancel it: l, x)
                left = f" · {row.note}" if row.note else ""  # (who left it)
                turn, kind = f"{row.open_seats()} seat(s) open{left}", "waits"
            elif row.state == t.FAILED:
                turn, kind = "stopped (the server could not run it)", "none"
            elif row.state == t.ABANDONED:
                turn, kind = f"ended, unrated: {row.note}", "play"
            else:
                turn, kind = (f"over: {row.note}" if row.note else "over"), "play"
            options.append(self._option(kind, item, turn))
        if not listed["yours"]:
            options.append(Option(Text("  none yet: n makes a table"), disabled=True))
        rest("yours")
        head("Open tables")
        for item in shown("open"):
            left = f" · {item.row.note}" if item.row.note else ""
            options.append(
                self._option("join", item, f"{item.row.open_seats()} seat(s) open{left}")
            )
        rest("open")
        head("Running tables (watch)")
        for item in shown("watch"):
            options.append(self._option("watch", item, ""))
        rest("watch")
        return options

    def _running_line(self, row: t.TableRow, your_turn: bool, names: dict[int, str]) -> str:
        """A running table's status for me: whose turn, since when they are awaited away,
        whom a bot plays for, and what I may decide about a person long awaited."""
        me, now = self.lobby.me, self.lobby.now()
        assert me is not None
        who = ", ".join(names.get(a, "?") for a in row.awaited)
        turn = "▶ your turn" if your_turn else (f"{who}'s turn" if who else "")
        waited = [row.waits[a] for a in row.awaited if a in row.waits]
        if turn and waited:  # how long the table has waited for them (away)
            turn += f" ({_since(row.waits.get(me.id, min(waited)), now)})"
        if me.id in row.standins:
            chose = f" ({row.note})" if row.note else ""  # (who chose it, or none: the time)
            turn += f" · a bot plays for you{chose}: Enter takes your seat back"
        elif row.standins:
            turn += f" · a bot plays for {', '.join(names.get(a, '?') for a in row.standins)}"
        late = row.long_awaited(now, me.id)
        if late:
            gone = ", ".join(names.get(a, "?") for a in late)
            turn += f" · {gone} away long: s lets a bot play, e ends the table"
        return turn

    @staticmethod
    def _key(options: list[Option]) -> list[tuple[str | None, str, bool]]:
        return [(o.id, str(o.prompt), o.disabled) for o in options]

    def _show(self, options: list[Option]) -> None:
        """The list made of `options`, unless it shows just those already (a refresh that
        found nothing new lays nothing out again)."""
        shown = self._key(options)
        if shown == self._shown:
            return
        self._shown = shown
        ol = self.query_one("#tables", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        ol.add_options(options)
        if keep is not None and keep < ol.option_count:
            ol.highlighted = keep
        else:
            ol.highlighted = _first_enabled(options)

    def action_all(self) -> None:
        """List every table of each part (again: SHOWN of each)."""
        self.all = not self.all
        self.action_refresh()

    def _option(self, kind: str, item: t.Listed, status: str) -> Option:
        """A table's line: its status first (yours in reverse), the game, the seats, the
        last move's time; the names as text."""
        row = item.row
        text = Text("  ")
        if status:
            text.append(status, style="bold reverse" if item.your_turn else "bold")
            text.append(" · ")
        text.append(f"{game_title(row.game)}", style="bold")
        if row.mode == "correspondence":
            text.append(" (correspondence)")
        if row.private:
            text.append(" (private)")
        text.append(" · ")
        text.append_text(literal(", ".join(item.names)))
        text.append(f" · {_when(row.last_move, self.lobby.now())}", style="dim")
        return Option(text, id=f"{kind}:{row.id}", disabled=kind == "none")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        kind, _, table = str(event.option.id or "").partition(":")
        if kind == "waits":
            row, me = t.get(self.lobby.store.db, table), self.lobby.me
            made = row is not None and me is not None and row.creator == me.id
            more = " x cancels it." if made else " l leaves it (twice)."
            self.query_one("#note", Label).update(f"It starts when every seat is taken.{more}")
            return
        if kind == "join":
            reply = self.lobby.ask({"ask": "join", "table": table})
            if "play" not in reply:
                self.query_one("#note", Label).update(literal(reply.get("note", "")))
                self.action_refresh()
                return
            kind, table = "play", str(reply["play"])
        if kind in ("play", "watch"):
            self.app.exit({"do": kind, "table": table})

    def action_watch(self) -> None:
        """Watch the highlighted running table, one's own too (a look that does not take
        the seat back from a bot standing in)."""
        ol = self.query_one("#tables", OptionList)
        if ol.highlighted is None:
            return
        kind, _, table = str(ol.get_option_at_index(ol.highlighted).id or "").partition(":")
        row = t.get(self.lobby.store.db, table) if kind in ("play", "watch") else None
        if row is None or row.state != t.RUNNING:
            self.query_one("#note", Label).update("w watches a running table")
            return
        self.app.exit({"do": "watch", "table": table})

    def action_cancel(self) -> None:
        """Cancel the highlighted open table, or resign the highlighted running game of
        mine (x, then x again to be sure); the server decides whether it is mine."""
        kind, table = self._under_cursor()
        if kind == "play":
            self._resign(table)
            return
        row, me = t.get(self.lobby.store.db, table), self.lobby.me
        if row is not None and me is not None and me.id in row.resigned:
            self.query_one("#note", Label).update("You resigned this game: Enter watches it")
            return
        if kind != "waits":
            self.query_one("#note", Label).update(_CANCEL_OR_RESIGN)
            return
        if row is not None and me is not None and row.creator != me.id:  # (joined: l leaves)
            self.query_one("#note", Label).update(_LEAVE)
            return
        reply = self.lobby.ask({"ask": "cancel", "table": table})
        self.query_one("#note", Label).update(literal(reply.get("note", "")))
        self.action_refresh()

    def _resign(self, table: str) -> None:
        """x on a running game of mine: asked once to be sure (what it does said), then
        the server's answer."""
        row, me = t.get(self.lobby.store.db, table), self.lobby.me
        if row is None or me is None or row.state != t.RUNNING or me.id not in row.playing():
            self.query_one("#note", Label).update(_CANCEL_OR_RESIGN)
            return
        if self._resign_asked != table:
            self._resign_asked = table
            left = [a for a in row.playing() if a != me.id]
            what = "a bot plays your seat to the end"
            if row.ends_if_resigned(me.id):
                names = acc.names_of(self.lobby.store.db, left)
                what = f"the game ends now and {names.get(left[0], '?')} wins" if left else ""
                what = what or "the game ends now"
            if row.rated() and left:
                what += " (rated: you rank below everyone who stays)"
            self.query_one("#note", Label).update(
                literal(f"Press x again to resign this game: {what}")
            )
            return
        self._resign_asked = ""
        reply = self.lobby.ask({"ask": "resign", "table": table})
        self.query_one("#note", Label).update(literal(reply.get("note", "")))
        self.action_refresh()

    def action_leave_table(self) -> None:
        """Leave the highlighted open table I sit at (l, then l again to be sure); mine,
        it is cancelled for everyone at it. The server decides whether I may."""
        kind, table = self._under_cursor()
        row, me = t.get(self.lobby.store.db, table), self.lobby.me
        if kind != "waits" or row is None or me is None or row.state != t.OPEN:
            self._leave_asked = ""
            self.query_one("#note", Label).update(_LEAVE)
            return
        if self._leave_asked != table:
            self._leave_asked = table
            what = "your seat opens for anyone"
            if row.creator == me.id:
                what = "you made it, so it is cancelled for everyone at it"
            self.query_one("#note", Label).update(f"Press l again to leave this table: {what}")
            return
        self._leave_asked = ""
        reply = self.lobby.ask({"ask": "leave", "table": table})
        self.query_one("#note", Label).update(literal(reply.get("note", "")))
        self.action_refresh()

    def _under_cursor(self) -> tuple[str, str]:
        """The highlighted line's kind and table ("", "" for none)."""
        ol = self.query_one("#tables", OptionList)
        if ol.highlighted is None:
            return "", ""
        kind, _, table = str(ol.get_option_at_index(ol.highlighted).id or "").partition(":")
        return kind, table

    def action_stand_in(self) -> None:
        """A bot plays for the person long awaited at the highlighted table of mine (the
        server decides whether they are)."""
        kind, table = self._under_cursor()
        if kind != "play":
            self.query_one("#note", Label).update(_LONG_AWAITED)
            return
        reply = self.lobby.ask({"ask": "standin", "table": table})
        self.query_one("#note", Label).update(literal(reply.get("note", "")))
        self.action_refresh()

    def action_end(self) -> None:
        """End the highlighted table of mine, a person long awaited there: e, then e again
        to be sure (the server decides whether they are)."""
        kind, table = self._under_cursor()
        row, me = t.get(self.lobby.store.db, table), self.lobby.me
        if kind != "play" or row is None or me is None:
            self.query_one("#note", Label).update(_LONG_AWAITED)
            return
        if not row.long_awaited(self.lobby.now(), me.id):  # (s asks the server: it says when)
            self.query_one("#note", Label).update(_LONG_AWAITED)
            return
        if self._end_asked != table:
            self._end_asked = table
            self.query_one("#note", Label).update(
                "Press e again to end this table: abandoned, unrated (kept in your games)"
            )
            return
        self._end_asked = ""
        reply = self.lobby.ask({"ask": "abandon", "table": table})
        self.query_one("#note", Label).update(literal(reply.get("note", "")))
        self.action_refresh()

    def action_new(self) -> None:
        self.app.push_screen(NewTableScreen(), self._made)

    def _made(self, note: str | None) -> None:
        """Back from New table with an open table made: its line, the lobby read again."""
        self.query_one("#note", Label).update(literal(note or ""))
        self.action_refresh()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_profile(self) -> None:
        self.app.push_screen(ProfileScreen(self.lobby))

    def action_board(self) -> None:
        self.app.push_screen(BoardScreen(self.lobby.store))

    def action_leave(self) -> None:
        self.app.exit({})


_CANCEL_OR_RESIGN = "x cancels an open table you made, or resigns a running game of yours"
_LEAVE = "l leaves an open table you sit at, before it starts (x x resigns a running game)"
_LONG_AWAITED = (
    f"s or e: a game of yours whose table has awaited a person away "
    f"{int(t.ABSENT_SECONDS // 86400)} days (or its stand-in time)"
)


class LobbyApp(App[dict[str, Any]]):
    """`shown`: what the server hands over: {"mode": "name"|"lobby", "account", "note",
    "hint", "port", "address"}; `ask(request)`: the server's answer to a request ({"name"},
    {"ask": "new", ...}, {"ask": "join", "table"}): {"note": why}, {"account": id} or
    {"play": table}."""

    CSS = CSS
    TITLE = "bohn server"

    def __init__(
        self, store: Any, shown: dict[str, Any], ask: Callable[[dict[str, Any]], dict[str, Any]]
    ) -> None:
        super().__init__()
        self.store, self.shown, self.ask = store, shown, ask
        account = shown.get("account")
        self.me = acc.by_id(store.db, account) if isinstance(account, int) else None
        clock = shown.get("clock", 0.0)  # the server's clock's offset (a test moves it)
        self.offset = float(clock) if isinstance(clock, int | float) else 0.0

    def now(self) -> float:
        """The server's time (store/tables.py's waits are on it)."""
        return time.time() + self.offset

    def get_default_screen(self) -> Screen[Any]:
        """The lobby (or a new person's name screen) is the first screen, in place of
        Textual's empty one (not laid out and drawn before it: the first frame is its own)."""
        if self.shown.get("mode") == "name":
            hint = str(self.shown.get("hint", ""))
            try:
                hint = acc.check_account_name(hint)
            except acc.AccountError:
                hint = ""
            return NameScreen(hint, str(self.shown.get("note", "")))
        return LobbyScreen(self)


__all__ = ["LobbyApp"]
