"""Build an offer: cards to give (hand positions; for the active player also the turned-up
cards), cards of named kinds wanted (none: a gift), and to whom. Also used to counter."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from bohn_tui.games.common.actions import Offer
from bohn_tui.games.common.ui.cards import card, cards, name


class WantList(OptionList):
    """Varieties with a wanted count: Enter, + or → adds one, - or ← takes one away."""

    BINDINGS = [
        Binding("enter,plus,right,l", "more", "Want one more", show=False),
        Binding("minus,left,h,backspace", "less", "Want one less", show=False),
    ]

    def __init__(self, game: str, kinds: list[str], **kw: Any) -> None:
        self.game = game
        self.kinds = kinds
        self.counts = {k: 0 for k in kinds}
        super().__init__(*[Option(self._label(k)) for k in kinds], **kw)

    def _label(self, k: str) -> Text:
        n = self.counts[k]
        return Text.assemble(
            (f"{n}× " if n else "   ", "bold yellow"), card(self.game, k), " ", name(self.game, k)
        )

    def _change(self, d: int) -> None:
        i = self.highlighted
        if i is None:
            return
        k = self.kinds[i]
        self.counts[k] = max(0, min(4, self.counts[k] + d))
        self.replace_option_prompt_at_index(i, self._label(k))
        self.post_message(self.Changed(self))

    def action_more(self) -> None:
        self._change(1)

    def action_less(self) -> None:
        self._change(-1)

    def wanted(self) -> tuple[str, ...]:
        return tuple(k for k in self.kinds for _ in range(self.counts[k]))

    class Changed(Message):
        def __init__(self, sender: WantList) -> None:
            super().__init__()
            self.sender = sender


class OfferScreen(ModalScreen[Offer | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "send", "Send offer"),
    ]

    def __init__(
        self,
        view: dict[str, Any],
        names: list[str],
        counter: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.view_ = view
        self.names = names
        self.counter = counter
        self.seat: int = view["seat"]

    def compose(self) -> ComposeResult:
        v = self.view_
        game = v["game"]
        me = v["players"][self.seat]
        active = v["active"] == self.seat
        give: list[Selection[tuple[str, int]]] = []
        if active:
            for i, vid in enumerate(v["turned_up"]):
                give.append(
                    Selection(
                        Text.assemble("up  ", card(game, vid), " ", name(game, vid)), ("u", i)
                    )
                )
        for i, vid in enumerate(me["hand"] or []):
            tag = "front" if i == 0 else f"#{i + 1:<4}"
            give.append(
                Selection(Text.assemble(f"{tag} ", card(game, vid), " ", name(game, vid)), ("h", i))
            )
        if self.counter:
            title = f"Counter {self.names[self.counter['seat']]}'s offer #{self.counter['id']}"
        else:
            title = f"{me['name']}: make an offer"
        with Vertical(id="offer-box", classes="dialog"):
            yield Label(title, classes="dialog-title")
            with Horizontal(id="offer-cols"):
                with Vertical():
                    yield Label("You give (Space picks)")
                    yield SelectionList(*give, id="give")
                with Vertical():
                    yield Label("You want (Enter/+, -)")
                    yield WantList(game, v["varieties"], id="want")
                with Vertical(id="to-col"):
                    yield Label("To")
                    yield OptionList(*[Option(t) for t, _ in self._recipients()], id="to")
            yield Static(id="offer-summary")
            with Horizontal(id="offer-buttons"):
                yield Button("Send (Ctrl+S)", id="send", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def _recipients(self) -> list[tuple[str, int | None]]:
        v = self.view_
        if self.counter is not None:
            return [(self.names[self.counter["seat"]], self.counter["seat"])]
        if v["active"] != self.seat:
            return [(self.names[v["active"]] + " (whose turn it is)", v["active"])]
        others = [(self.names[s], s) for s in range(len(self.names)) if s != self.seat]
        return [("everybody", None), *others]

    def on_mount(self) -> None:
        self.query_one("#to", OptionList).highlighted = 0
        self._summarise()

    def build(self) -> Offer:
        picked = self.query_one("#give", SelectionList).selected
        to_list = self.query_one("#to", OptionList)
        to = self._recipients()[to_list.highlighted or 0][1]
        return Offer(
            self.seat,
            to,
            tuple(sorted(i for k, i in picked if k == "h")),
            tuple(sorted(i for k, i in picked if k == "u")),
            self.query_one("#want", WantList).wanted(),
            self.counter["id"] if self.counter else None,
        )

    def _summarise(self) -> None:
        o = self.build()
        v = self.view_
        hand = v["players"][self.seat]["hand"] or []
        give = [v["turned_up"][i] for i in o.give_up] + [hand[i] for i in o.give_hand]
        to = "everybody" if o.to is None else self.names[o.to]
        if not give and not o.want:
            self.query_one("#offer-summary", Static).update(
                "Pick cards to give, to ask for, or both."
            )
            return
        t = Text(f"Offer to {to}: ")
        t.append_text(cards(v["game"], give) if give else Text("nothing"))
        t.append(" for ")
        t.append_text(cards(v["game"], list(o.want)) if o.want else Text("nothing: a gift"))
        self.query_one("#offer-summary", Static).update(t)

    def on_selection_list_selected_changed(self, _: object) -> None:
        self._summarise()

    def on_want_list_changed(self, _: object) -> None:
        self._summarise()

    def on_option_list_option_highlighted(self, _: object) -> None:
        if self.is_mounted:
            self._summarise()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "send":
            self.action_send()
        else:
            self.action_cancel()

    def action_send(self) -> None:
        o = self.build()
        if not (o.give_hand or o.give_up or o.want):
            self.notify("Pick cards to give or to ask for first.", severity="warning")
            return
        self.dismiss(o)

    def action_cancel(self) -> None:
        self.dismiss(None)
