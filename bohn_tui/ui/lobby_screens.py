"""The lobby's other screens (ui/lobby.py's): the profile with its link code, the
leaderboard, the help (the keys and what each decides: cancel, resign, a person long
awaited). Names are shown as text, never markup (ui/text.literal)."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from bohn_tui.games import GAMES, spec
from bohn_tui.store import accounts as acc
from bohn_tui.store import ratings
from bohn_tui.store import tables as t
from bohn_tui.ui.text import literal


class Lobby(Protocol):
    """What these screens read of the lobby's app (ui/lobby.py's LobbyApp, which imports
    them: a protocol, no import back)."""

    store: Any
    shown: dict[str, Any]
    me: acc.Account | None


def game_title(game: str) -> str:
    try:
        return spec(game).title
    except (KeyError, ValueError):
        return game


class ProfileScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "dismiss", "Back"), Binding("l", "link", "Link code")]

    def __init__(self, lobby: Lobby) -> None:
        super().__init__()
        self.lobby = lobby

    def compose(self) -> ComposeResult:
        me = self.lobby.me
        if me is not None:  # as it is now (a key linked, a rename since the lobby opened)
            me = self.lobby.me = acc.by_id(self.lobby.store.db, me.id) or me
        with Vertical(id="form"):
            yield Label(literal(f"Profile · {me.name if me else ''}"), id="title")
            yield Static(literal(f"SSH keys bound to this account: {me.keys if me else 0}"))
            yield Static(
                "To add a key of another machine, press l for a one-time link code and log in "
                "from there with the command shown (good once, for 15 minutes)."
            )
            yield Static("", id="link")
            yield Static(_record(self.lobby.store.db, me.name) if me else "", id="record")
        yield Footer()

    def action_link(self) -> None:
        me = self.lobby.me
        if me is None:
            return
        code = acc.new_link_code(self.lobby.store.db, me.id)
        port, where = self.lobby.shown.get("port", 22), self.lobby.shown.get("address", "host")
        line = f"ssh -p {port} link-{code}@{where}"
        if self.lobby.shown.get("web"):  # or in a browser (bohn server --web)
            line += f"\nor in a browser at {self.lobby.shown['web']} the code {code}"
        self.query_one("#link", Static).update(literal(line))


def _record(db: Any, name: str) -> Text:
    """An account's finished games and ratings, a line per game: played, won, its best
    score, and its rating (openskill's ordinal, as the leaderboard's)."""
    from bohn_tui.store.stats import player_stats

    rated = {r.game_id: r for r in ratings.ratings_for(db, name)}
    found = player_stats(db, name)
    out = Text()
    out.append("\nYour games", style="bold")
    if not found and not rated:
        out.append("\n  none finished yet")
        return out
    games: dict[str, list[int]] = {}
    for line in found[0].lines if found else ():
        total = games.setdefault(line.game, [0, 0, 0])
        total[0] += line.games
        total[1] += line.wins
        total[2] = max(total[2], line.best)
    for game in [g for g in GAMES if g in games or g in rated]:
        played, won, best = games.get(game, [0, 0, 0])
        out.append(f"\n  {game_title(game)}: ")
        out.append(f"{played} played, {won} won, best {best}")
        if game in rated:
            r = rated[game]
            out.append(f" · rating {r.ordinal:.1f} ({r.games} rated)")
    return out


class BoardScreen(ModalScreen[None]):
    """The leaderboard of each game (store/ratings.py's)."""

    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def __init__(self, store: Any) -> None:
        super().__init__()
        self.store = store

    def compose(self) -> ComposeResult:
        lines = Text()
        for game in GAMES:
            rows = ratings.leaderboard(self.store.db, game)
            if rows:
                lines.append(f"{spec(game).title}\n", style="bold")
            for i, r in enumerate(rows[:10]):
                lines.append(f" {i + 1:>2}. ")
                lines.append_text(literal(r.name))
                lines.append(f"  {r.ordinal:.1f} ({r.games} games)\n")
        if not lines:
            lines.append("No rated games yet: a table of people only is rated at its end.")
        with Vertical(id="form"):
            yield Label("Leaderboard", id="title")
            yield Static(lines)
        yield Footer()


def help_text() -> Text:
    """The lobby's help: its keys, and what a person may decide about a table."""
    days = int(t.ABSENT_SECONDS // 86400)
    out = Text()
    out.append("Keys\n", style="bold")
    for key, what in (
        ("Enter", "play your game, join an open table, watch a running one"),
        ("n", "a new table            w  watch the highlighted table"),
        ("p", "profile and link code  b  the leaderboard"),
        ("a", "all tables             r  read the lobby again"),
        ("x", "cancel an open table you made (before it starts)"),
        ("l l", "leave an open table you sit at (l, then l again)"),
        ("", "your seat opens again; a table you made is cancelled"),
        ("x x", "resign a running game of yours (x, then x again)"),
        ("q", "quit (log out)         ?  this help"),
    ):
        out.append(f"{key:<7}", style="bold")
        out.append(f"{what}\n")
    out.append("\nResigning\n", style="bold")
    out.append(
        "A bot plays your seat to the end, for good: you may watch the table, not play "
        "there again. If the game is rated, you rank last among its people: below everyone "
        "who did not resign (of two who resigned, the first ranks lower). If nobody is left "
        "to play against (a table of two people, or of you and bots), the game ends at "
        "once: over, and rated so. In your statistics a resigned game played out counts "
        "as lost, in last place, flagged resigned; the bot's score is not yours. A table "
        f"you resigned no longer counts among the {t.MAX_TABLES} you may have made.\n"
    )
    out.append("\nA person long awaited\n", style="bold")
    out.append(
        f"When a table has awaited a person away {days} days (or its stand-in time), each "
        "other person at it may let a bot play that seat (s: it stays theirs) or end the "
        "table (e, then e again: abandoned, unrated). A table of yours with bots only "
        "waits for nobody but you: resign it (x x) if you will not finish it.\n"
    )
    return out


class HelpScreen(ModalScreen[None]):
    """The lobby's help (?): its keys and what resigning, cancelling and a person long
    awaited mean."""

    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):  # (80x24: it scrolls)
            yield Label("Help · the lobby", id="title")
            yield Static(help_text(), id="help")
        yield Footer()
