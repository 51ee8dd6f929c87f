"""The dice game's end: the thalers of everyone, the winners (ties share the win) and the
chart of thalers over the game; the keys and help of the bean games' end screen."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static

from bohn_tui.games.common.ui.end import EndScreen
from bohn_tui.ui.text import literal
from bohn_tui.ui.widgets.coin_chart import CoinChart


class DiceEndScreen(EndScreen):
    def compose(self) -> ComposeResult:
        c = self.client
        v = c.view(None)
        names = c.names
        winners = list(v.get("winners") or [])
        scores = Table(title="Final thalers", expand=False, box=box.SIMPLE_HEAD)
        for col in ("", "player", "thalers", "overview cards", "orders covered"):
            scores.add_column(col, justify="left" if col in ("", "player") else "right")
        ps = v["players"]
        order = sorted(range(len(names)), key=lambda s: (s not in winners, -ps[s]["thalers"], s))
        for s in order:
            level = c.bot_level(s)
            scores.add_row(
                "★ winner" if s in winners else "",
                literal(names[s] + (f" ({level})" if level else "")),
                str(ps[s]["thalers"]),
                str(ps[s]["overview"]),
                str(ps[s]["covered"]),
            )
        won = " and ".join(names[w] for w in winners)
        if len(winners) > 1:
            verdict = f"{won} share the win with {ps[winners[0]]['thalers']} thalers each."
            headline = f" {won} win! "
        elif winners:
            verdict = f"{won} has the most thalers ({ps[winners[0]]['thalers']})."
            headline = f" {won} wins! "
        else:
            verdict, headline = "", " Nobody wins. "
        verdict = self.summary.get("verdict") or verdict
        reason = self.summary.get("reason") or ""
        with VerticalScroll(id="end-box"):
            title = c.title + ": game over" + (f" · {reason}" if reason else "")
            # names, and what the view says (a host's): text, never markup
            yield Static(literal(title, "bold"), classes="title")
            yield Static(literal(headline, "bold reverse"), id="headline")
            yield Static(literal(verdict), id="tiebreak")
            with Vertical(id="end-scores"):
                yield Static(scores)
            if self.summary.get("coins"):
                yield Static(Text("Thalers over the game", style="bold"))
                yield CoinChart(self.summary["coins"], names, id="chart")
        yield Footer()

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        from bohn_tui.games.wuerfelspiel.ui.help import dice_help

        return dice_help(self.client.help_lines())
