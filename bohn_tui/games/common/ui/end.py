"""The end of a game: final scores, the winners with the tie-break explained, and a chart
of every player's coins over the game."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from bohn_tui.play.client import SeatClient
from bohn_tui.ui.widgets.coin_chart import CoinChart


class EndScreen(Screen[None]):
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
        scores = Table(title="Final scores", expand=False, box=box.SIMPLE_HEAD)
        for col in ("", "player", "coins", "cards in hand", "fields bought"):
            scores.add_column(col, justify="right" if col not in ("", "player") else "left")
        order = sorted(range(len(names)), key=lambda x: (-(v["scores"] or [0])[x], x))
        for seat in order:
            p = v["players"][seat]
            scores.add_row(
                "★ winner" if seat in winners else "",
                names[seat] + (" (bot)" if s.is_bot(seat) else ""),
                str(v["scores"][seat]),
                str(p["hand_size"]),
                "yes" if p["bought_field"] else "",
            )
        best = max(v["scores"] or [0])
        tied = [names[x] for x, sc in enumerate(v["scores"] or []) if sc == best]
        if len(tied) > 1:
            tie = f"{', '.join(tied)} tied on {best} coins. {self.summary['tiebreak']}"
        else:
            tie = f"{won} has the most coins ({best})."
        with VerticalScroll(id="end-box"):
            yield Static(f"[b]{v['title']}: game over[/b] · {v['end_reason']}", classes="title")
            yield Static(f"[b reverse] {won} win{'s' if len(winners) == 1 else ''}! [/]")
            yield Static(tie, id="tiebreak")
            with Vertical(id="end-scores"):
                yield Static(scores)
            yield Static("[b]Coins over the game[/b] · the final harvest included")
            yield CoinChart(self.summary["coins"], names, id="chart")
        yield Footer()

    def action_menu(self) -> None:
        from bohn_tui.ui.screens.menu import MenuScreen

        self.app.switch_screen(MenuScreen())

    def action_quit_app(self) -> None:
        self.app.exit()

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        from bohn_tui.games.common.ui.help import bean_help

        c = self.client
        return bean_help(c.game_id, len(c.names), c.help_lines())

    def action_help(self) -> None:
        from bohn_tui.ui.screens.help import help_for

        self.app.push_screen(help_for(self))
