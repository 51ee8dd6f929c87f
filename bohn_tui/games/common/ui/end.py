"""The end of a game: final scores, the winners with the tie-break explained, and a chart
of every player's coins over the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from bohn_tui.engine.ranking import ranking
from bohn_tui.play.client import SeatClient
from bohn_tui.ui.text import literal
from bohn_tui.ui.widgets.coin_chart import CoinChart


class EndScreen(Screen[None]):
    CSS_PATH = Path(__file__).with_name("end.tcss")  # absolute: its subclasses' too
    BINDINGS = [
        Binding("m,enter", "menu", "Menu"),
        Binding("q", "quit_app", "Quit"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, client: SeatClient) -> None:
        super().__init__()
        self.client = client
        self.summary = client.summary()

    def compose(self) -> ComposeResult:
        s = self.client
        v = s.view(None)
        winners = v["winners"] or []
        names = s.names
        won = " and ".join(names[w] for w in winners)
        summary = self.summary
        standing = summary.get("standing")  # a game's word on where each seat ended
        scores = Table(title="Final scores", expand=False, box=box.SIMPLE_HEAD)
        cols = ["", "player", summary.get("score_title", "coins")]
        # the hand cards only where they break a tie, the bought field only where one is
        # for sale: columns that are always the same say nothing
        hands = summary.get("tiebreak_by", "hand") == "hand"
        bought = bool(v.get("field_cost")) and not standing
        cols += ["ended"] if standing else []
        cols += ["cards in hand"] if hands else []
        cols += ["fields bought"] if bought else []
        more = self.more_columns(v)
        cols += [title for title, _ in more]
        for col in cols:
            scores.add_column(col, justify="left" if col in ("", "player", "ended") else "right")
        for seat in ranking(summary):  # the places of `bohn stats` too
            p = v["players"][seat]
            row = [
                "★ winner" if seat in winners else "",
                literal(names[seat] + (f" ({level})" if (level := s.bot_level(seat)) else "")),
                str(v["scores"][seat]),
            ]
            row += [literal(standing[seat])] if standing else []
            row += [str(p["hand_size"])] if hands else []
            row += ["yes" if p["bought_field"] else ""] if bought else []
            row += [values[seat] for _, values in more]  # the game's figures
            scores.add_row(*row)
        best = max(v["scores"] or [0])
        tied = [names[x] for x, sc in enumerate(v["scores"] or []) if sc == best]
        if "verdict" in summary:  # the game says who won and why
            tie = summary["verdict"]
        elif len(tied) > 1:
            tie = f"{', '.join(tied)} tied on {best} coins. {summary['tiebreak']}"
        else:
            tie = f"{won} has the most coins ({best})."
        # names, and what the view says (a host's, at a remote table): text, never markup
        said = f" {won} win{'s' if len(winners) == 1 else ''}! " if winners else " Nobody wins. "
        with VerticalScroll(id="end-box"):
            title = Text.assemble((f"{v['title']}: game over", "bold"), f" · {v['end_reason']}")
            yield Static(title, classes="title")
            yield Static(literal(said, "bold reverse"), id="headline")
            yield Static(literal(tie), id="tiebreak")
            with Vertical(id="end-scores"):
                yield Static(scores)
            yield Static("[b]Coins over the game[/b] · the final harvest included")
            yield CoinChart(self.summary["coins"], names, id="chart")
        yield Footer()

    def more_columns(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        """A game's own columns of the scores' table: (title, a value per seat), from the
        final public view (Excalibohn: the Groschen of the tie-break)."""
        return []

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A joined table (bohn join) has no menu to go to: only Quit, which leaves."""
        return action != "menu" or getattr(self.app, "remote", None) is None

    def action_menu(self) -> None:
        self.app.to_menu()  # type: ignore[attr-defined]

    def action_quit_app(self) -> None:
        self.app.exit()

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        from bohn_tui.games.common.ui.help import bean_help

        c = self.client
        return bean_help(c.game_id, len(c.names), c.help_lines())

    def action_help(self) -> None:
        from bohn_tui.ui.screens.help import help_for

        self.app.push_screen(help_for(self))
