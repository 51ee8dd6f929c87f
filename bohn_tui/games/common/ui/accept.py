"""Accepting an offer: which of your cards to give when you hold more than it asks for
(hand positions matter in Bohnanza). The rules' default choice is preselected."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, SelectionList
from textual.widgets.selection_list import Selection

from bohn_tui.games.common.actions import Accept
from bohn_tui.games.common.ui.cards import card, cards, name


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
        rows = []
        for where, i, vid in candidates(v, d.seat, o["want"]):
            tag = "turned up" if where == "u" else ("front" if i == 0 else f"hand #{i + 1}")
            label = Text.assemble(f"{tag:<10} ", card(game, vid), " ", name(game, vid))
            rows.append(Selection(label, (where, i), (where, i) in picked))
        want = Text.assemble("It asks for ", cards(game, o["want"]), ". Which do you give?")
        with Vertical(id="choose-box", classes="dialog"):
            yield Label(f"Accept offer #{o['id']}", classes="dialog-title")
            yield Label(want)
            yield SelectionList(*rows, id="give")
            yield Label("Space picks · Enter accepts · Esc cancels", classes="hint")

    def action_send(self) -> None:
        picked = self.query_one("#give", SelectionList).selected
        chosen = Counter(
            vid
            for w, i, vid in candidates(self.view_, self.default.seat, self.offer["want"])
            if (w, i) in picked
        )
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
