"""Bohnröschen's table parts: the bean games' parts (games/common/ui) plus the vine row above
the players, the draw and tribute keys, planting a whole kind of the turned-up cards, the
banner's task line, the rules for the menu and `?`, and the solo end screen. The
intermediate phase asks each person behind the privacy screen, like any private decision."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from bohn_tui.games.bohnroschen.actions import (
    DiscardKind,
    DrawCards,
    EndTribute,
    PayTribute,
    PlantKind,
)
from bohn_tui.games.bohnroschen.ui.table import (
    banner,
    banner_hint,
    banner_rows,
    help_text,
    rules_text,
)
from bohn_tui.games.bohnroschen.ui.vine_row import VineRow
from bohn_tui.games.common.actions import Action, DiscardHand, DiscardOffer
from bohn_tui.games.common.ui.cards import card
from bohn_tui.games.common.ui.controls import PANEL_ROWS, BeanControls, bean_bindings
from bohn_tui.games.common.ui.help import bean_help
from bohn_tui.games.common.ui.parts import BEAN_CSS
from bohn_tui.ui.parts import TableParts

BOHNROSCHEN_KEYS = [
    Binding("e", "draw_cards", "Draw cards"),
    Binding("e", "end_tribute", "No more tribute"),
    Binding("t", "pay_tribute", "Pay tribute"),
    Binding("i", "solo_hint", "Hint"),  # solo only (games/bohnroschen/solo_hint.py)
]


class BohnroschenControls(BeanControls):
    keyed = {
        **BeanControls.keyed,
        "discard": (DiscardOffer, DiscardHand, DiscardKind),
        "pay_tribute": (PayTribute,),
        "draw_cards": (DrawCards,),
        "end_tribute": (EndTribute,),
    }
    named_in = {
        **BeanControls.named_in,
        "end_turn": ("plant_trades", "plant_turned_up"),
        "draw_cards": ("draw",),
        "end_tribute": ("intermediate",),
        "pay_tribute": None,  # t names a tribute in any phase
    }

    _banner_rows = 2  # the stylesheet's
    _height = 0  # the screen's, at the last layout

    def left(self) -> list[Widget]:
        return [VineRow(id="vine"), *super().left()]

    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        vine = self.host.query_one("#vine", VineRow)
        tiny = height < 26
        vine.compact = height < 34  # a short screen: a shorter vine row
        vine.tiny = tiny  # 80x24: shorter still, for six players, two key rows and a log
        vine.narrow = width < 100  # a narrow screen: solo's rows in narrower cells
        # 80x24: the vine row and the log without their bottom borders (table.tcss)
        vine.set_class(tiny, "tiny")
        self.host.query_one("#log").set_class(tiny, "tiny")
        self._height = height
        self._squeeze()
        vine.show(self.host.view)

    def _squeeze(self) -> None:
        """80x24 with many players or a tall banner: the vine row without its border too
        (its title goes), where the log would otherwise keep fewer than two lines: the
        screen less the banner, the hand and two key rows (5), the vine row's 3 and the
        players' (the own panel whole, the others a row each)."""
        height = self._height
        players = PANEL_ROWS + len(self.client.names) - 1
        log = height - self._banner_rows - 5 - 3 - players
        self.host.query_one("#vine").set_class(height < 26 and log < 3, "bare")

    def show(self, view: dict[str, Any]) -> None:
        super().show(view)
        self.host.query_one("#vine", VineRow).show(view)

    def banner(self) -> tuple[str, str]:
        """The task (and in solo the race) on lines of their own under the hint: the banner
        grows to hold them whole, at any width."""
        width = self.host.app.size.width - 2  # the banner's padding
        head, hint = banner(super().banner(), self.host.view, self.host.viewer, width)
        rows = banner_rows(head, hint, width)
        if rows != self._banner_rows:
            self._banner_rows = rows
            self.host.query_one("#banner").styles.height = rows
            self._squeeze()
        return head, hint

    def hint(self, v: dict[str, Any], me: int, you: str) -> str:
        own = banner_hint(v, me, you)
        return own if own is not None else super().hint(v, me, you)

    def plant_action(self, field: int) -> Action | None:
        host = self.host
        if host.viewer is None or host.view["phase"] in ("plant", "plant_trades"):
            return super().plant_action(field)
        pile, _ = self.pile()
        if not pile:
            return None
        return PlantKind(host.viewer, pile[self.pile_sel], field)  # a whole kind

    def discard_label(self, a: Action) -> Text | None:
        if isinstance(a, DiscardKind):  # a whole kind of the beans left: say how many go
            n = self.pile()[0].count(a.variety)
            return Text.assemble(f"{n} left: ", card(self.game, a.variety))
        return super().discard_label(a)

    def discard_question(self, choices: list[tuple[str | Text, Any]]) -> str:
        if any(isinstance(a, DiscardKind) for _, a in choices):
            return "Discard which kind? All its beans left go."
        return "Discard which card?"  # phase 1 goes on after it (duel.py), unlike the duel's

    async def action_pay_tribute(self) -> None:
        await self.one((PayTribute,))

    async def action_draw_cards(self) -> None:
        await self.one((DrawCards,))

    async def action_end_tribute(self) -> None:
        await self.one((EndTribute,))

    def end_screen(self) -> Screen[None]:
        if len(self.client.names) == 1:
            from bohn_tui.games.bohnroschen.ui.solo_end import SoloEndScreen

            return SoloEndScreen(self.client)
        return super().end_screen()

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        viewer = self.host.viewer
        extra = help_text(self.client.view(viewer), viewer, self.client.help_lines())
        return bean_help(self.game, len(self.client.names), extra=extra)

    def key_exists(self, action: str, params: tuple[Any, ...] = ()) -> bool:
        """Two players and solo have no intermediate phase (bohnroschen.txt, "Two-player
        game"); the hint is solo's."""
        if action == "end_tribute":
            return not self.host.view["duel"]
        if action == "solo_hint":
            return len(self.client.names) == 1
        return super().key_exists(action, params)

    # -- the solo hint key (games/bohnroschen/solo_hint.py) ----------------------------------

    def check(self, action: str, params: tuple[Any, ...]) -> bool:
        if action == "solo_hint":
            return len(self.client.names) == 1 and bool(self.host.legal)
        return super().check(action, params)

    def action_solo_hint(self) -> None:
        """The expert thinks in a thread (a worker of the table, outside the session's lock:
        keys go on meanwhile), over the view and moves of now; a hint for a table that
        changed meanwhile is dropped. A second `i` replaces a hint still being thought."""
        view, legal, version = self.host.view, list(self.host.legal), self.client.version
        self.host.run_worker(
            self._think_hint(view, legal, version), group="solo-hint", exclusive=True
        )

    async def _think_hint(self, view: dict[str, Any], legal: list[Action], version: int) -> None:
        from bohn_tui.games.bohnroschen import solo_hint

        text = await asyncio.to_thread(solo_hint.hint, view, legal)
        if not text or self.client.version != version or self.client.over:
            return  # the table changed while the expert thought: its hint is for another
        self.host.app.notify(text, title="What the expert would do", timeout=12)


def rules_help(game: str, players: int) -> tuple[list[Any], list[Any]]:
    """The menu's Rules for one player count: Bohnröschen's rules (summary.py), not the
    plain bean game's, and the bean-o-meter."""
    from bohn_tui.games import rules_for
    from bohn_tui.games.bohnroschen.rules import BohnroschenRules

    rules = rules_for(game, players)
    assert isinstance(rules, BohnroschenRules)
    lines = rules.rules_summary()
    return bean_help(game, players, extra=rules_text(lines))


CSS = (*BEAN_CSS, Path(__file__).with_name("table.tcss"))  # the vine row

PARTS = TableParts(bean_bindings(BOHNROSCHEN_KEYS), BohnroschenControls, rules_help, CSS)
