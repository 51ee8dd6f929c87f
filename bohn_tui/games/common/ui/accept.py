"""Accepting an offer: which of your cards to give when you hold more than it asks for
(hand positions matter in Bohnanza). The rules' default choice is preselected; picking another
card of a kind already picked in full swaps it for the earliest picked one."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from bohn_tui.games.common.actions import Accept
from bohn_tui.games.common.ui.cards import cards
from bohn_tui.games.common.ui.picklist import PickList


def candidates(view: dict[str, Any], seat: int, want: list[str]) -> list[tuple[str, int, str]]:
    """Every card of `seat` that could go to an offer wanting `want`: (where, index, kind)."""
    out = []
    if view["active"] == seat:
        out += [("u", i, v) for i, v in enumerate(view["turned_up"]) if v in want]
    hand = view["players"][seat]["hand"] or []
    out += [("h", i, v) for i, v in enumerate(hand) if v in want]
    return out


def needs_choice(view: dict[str, Any], seat: int, want: list[str]) -> bool:
    """More cards fit than the offer asks for: the player should say which."""
    return len(candidates(view, seat, want)) > len(want)


class AcceptScreen(ModalScreen[Accept | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        # priority: the list would take Enter to toggle a card; Space does that here
        Binding("ctrl+s,enter", "send", "Accept with these cards", priority=True),
    ]

    def __init__(self, view: dict[str, Any], offer: dict[str, Any], default: Accept) -> None:
        super().__init__()
        self.view_ = view
        self.offer = offer
        self.default = default

    def compose(self) -> ComposeResult:
        v, o, d = self.view_, self.offer, self.default
        game = v["game"]
        picked = {("u", i) for i in d.give_up} | {("h", i) for i in d.give_hand}
        rows = candidates(v, d.seat, o["want"])
        tags = [
            f"{'turned up' if w == 'u' else ('front' if i == 0 else f'hand #{i + 1}'):<10} "
            for w, i, _ in rows
        ]
        chosen = {r for r, (w, i, _) in enumerate(rows) if (w, i) in picked}
        give = PickList(
            game, [vid for _, _, vid in rows], tags, chosen, Counter(o["want"]), id="give"
        )
        want = Text.assemble("It asks for ", cards(game, o["want"]), ". Which do you give?")
        with Vertical(id="choose-box", classes="dialog"):
            yield Label(f"Accept offer #{o['id']}", classes="dialog-title")
            yield Label(want)
            yield give
            yield Label("Space or a letter picks · Enter accepts · Esc cancels", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#give", PickList).focus()

    def action_send(self) -> None:
        rows = candidates(self.view_, self.default.seat, self.offer["want"])
        picked = [rows[r][:2] for r in self.query_one("#give", PickList).picked]
        chosen = Counter(rows[r][2] for r in self.query_one("#give", PickList).picked)
        if chosen != Counter(self.offer["want"]):
            self.notify("Pick exactly the cards the offer asks for.", severity="warning")
            return
        self.dismiss(
            Accept(
                self.default.seat,
                self.default.offer,
                tuple(sorted(i for w, i in picked if w == "h")),
                tuple(sorted(i for w, i in picked if w == "u")),
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
