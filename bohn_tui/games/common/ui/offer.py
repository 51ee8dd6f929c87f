"""Build an offer: cards to give (hand positions; for the active player also the turned-up
cards), cards of named kinds wanted (none: a gift), and to whom. Also used to counter: the
counter opens from the offer it answers, swapped (its wanted cards given, its cards wanted).

Keys: a bean's letter picks it in the focused column, Tab or ←→ change column, a recipient's
digit sends to them, Enter or Ctrl+S sends to the highlighted one. A 1-for-1 offer to one
player: o, the letter to give, →, the letter wanted, the recipient's digit."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from bohn_tui.games.common.actions import Offer
from bohn_tui.games.common.ui.cards import card, cards
from bohn_tui.games.common.ui.picklist import (
    PICKED,
    UNPICKED,
    BeanList,
    PickList,
    WantList,
    bean_letters,
)
from bohn_tui.ui.text import literal

COLUMNS = ("#give", "#want", "#to")
HINT = "a letter or Space picks · - one less · Tab/←→ column · {digits} · Esc cancels"


def give_rows(view: dict[str, Any], seat: int) -> list[tuple[str, int, str]]:
    """The cards `seat` may give: (where, index, variety), turned-up ones first."""
    out = []
    if view["active"] == seat:
        out += [("u", i, vid) for i, vid in enumerate(view["turned_up"])]
    out += [("h", i, vid) for i, vid in enumerate(view["players"][seat]["hand"] or [])]
    return out


def first_of(rows: list[tuple[str, int, str]], want: list[str]) -> set[int]:
    """The first rows that hold the cards `want` names (as many of each kind as it names)."""
    need = Counter(want)
    out = set()
    for r, (_, _, vid) in enumerate(rows):
        if need[vid] > 0:
            need[vid] -= 1
            out.add(r)
    return out


def _tag(where: str, i: int) -> str:
    return "up    " if where == "u" else ("front " if i == 0 else f"#{i + 1:<5}")


class GiveList(PickList):
    """The cards to give: short labels only (the Want column beside it names each bean)."""

    def label(self, i: int) -> Text:
        mark = PICKED if i in self.order else UNPICKED
        key = bean_letters(self.game).get(self.rows[i], " ")
        return Text.assemble(mark, (f"{key} ", "bold"), self.tags[i], card(self.game, self.rows[i]))


class OfferScreen(ModalScreen[Offer | None]):
    DEFAULT_CSS = """
    OfferScreen #offer-columns { height: auto; }
    OfferScreen #offer-columns > Vertical { width: 1fr; height: auto; }
    OfferScreen #offer-columns > #to-column { width: 18; }
    OfferScreen #offer-columns OptionList { height: auto; max-height: 16; }
    OfferScreen #offer-says { height: auto; }
    OfferScreen #offer-hint { width: 100%; }
    OfferScreen #offer-send { height: 1; margin-top: 1; }
    OfferScreen #offer-send Button { margin-right: 2; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s,enter", "send", "Send offer", priority=True),
        Binding("tab,right", "column(1)", "Next column", show=False, priority=True),
        Binding("shift+tab,left", "column(-1)", "Previous column", show=False, priority=True),
        *[Binding(str(d), f"send_to({d - 1})", show=False) for d in range(1, 10)],
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
        self.rows = give_rows(view, self.seat)

    def compose(self) -> ComposeResult:
        v = self.view_
        game = v["game"]
        me = v["players"][self.seat]
        o = self.counter
        picked = first_of(self.rows, o["want"]) if o else set()
        give = GiveList(
            game,
            [vid for _, _, vid in self.rows],
            [_tag(w, i) for w, i, _ in self.rows],
            picked,
            id="give",
        )
        want = WantList(game, v["varieties"], tuple(o["give"]) if o else (), id="want")
        if o:
            title = f"Counter {self.names[o['seat']]}'s offer #{o['id']}"
        else:
            title = f"{me['name']}: make an offer"
        recipients = self._recipients()
        digits = f"1-{len(recipients)} sends to" if len(recipients) > 1 else "1 or Enter sends"
        with Vertical(id="offer-box", classes="dialog"):
            yield Label(literal(title), classes="dialog-title")  # names: text, never markup
            with Horizontal(id="offer-columns"):
                with Vertical():
                    yield Label("You give")
                    yield give
                with Vertical():
                    yield Label("You want")
                    yield want
                with Vertical(id="to-column"):
                    yield Label("To (digit sends)")
                    yield OptionList(
                        *[Option(literal(f"{d + 1} {t}")) for d, (t, _) in enumerate(recipients)],
                        id="to",
                    )
            yield Static(id="offer-says")
            yield Label(HINT.format(digits=digits), id="offer-hint", classes="hint")
            with Horizontal(id="offer-send"):
                yield Button("Send (Enter)", id="send", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def _recipients(self) -> list[tuple[str, int | None]]:
        v = self.view_
        if self.counter is not None:
            return [(self.names[self.counter["seat"]], self.counter["seat"])]
        if v["active"] != self.seat:
            return [(self.names[v["active"]] + " (whose turn it is)", v["active"])]
        others = [(self.names[s], s) for s in range(len(self.names)) if s != self.seat]
        return [("everybody", None), *others]

    def on_resize(self) -> None:
        """The lists take what the screen leaves (the hint and the buttons stay in view)."""
        room = max(3, self.app.size.height - 14)
        for lst in self.query("#offer-columns OptionList"):
            lst.styles.max_height = min(16, room)

    def on_mount(self) -> None:
        self.on_resize()
        self.query_one("#to", OptionList).highlighted = 0
        self.query_one("#give", PickList).focus()
        self._summarise()

    def build(self, to_row: int | None = None) -> Offer:
        picked = [self.rows[r] for r in self.query_one("#give", PickList).picked]
        if to_row is None:
            to_row = self.query_one("#to", OptionList).highlighted or 0
        to = self._recipients()[to_row][1]
        return Offer(
            self.seat,
            to,
            tuple(sorted(i for k, i, _ in picked if k == "h")),
            tuple(sorted(i for k, i, _ in picked if k == "u")),
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
            self.query_one("#offer-says", Static).update("Pick cards to give, to ask for, or both.")
            return
        t = Text(f"Offer to {to}: ")
        t.append_text(cards(v["game"], give) if give else Text("nothing"))
        t.append(" for ")
        t.append_text(cards(v["game"], list(o.want)) if o.want else Text("nothing: a gift"))
        self.query_one("#offer-says", Static).update(t)

    def on_bean_list_changed(self, _: BeanList.Changed) -> None:
        self._summarise()

    def on_option_list_option_highlighted(self, _: object) -> None:
        if self.is_mounted:
            self._summarise()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "send":
            self.action_send()
        else:
            self.action_cancel()

    def action_column(self, step: int) -> None:
        focused = self.focused
        now = next((i for i, c in enumerate(COLUMNS) if focused is self.query_one(c)), -1)
        self.query_one(COLUMNS[(now + step) % len(COLUMNS)]).focus()

    def action_send_to(self, row: int) -> None:
        if row < len(self._recipients()):
            self.query_one("#to", OptionList).highlighted = row
            self.action_send()

    def action_send(self) -> None:
        o = self.build()
        if not (o.give_hand or o.give_up or o.want):
            self.notify("Pick cards to give or to ask for first.", severity="warning")
            return
        self.dismiss(o)

    def action_cancel(self) -> None:
        self.dismiss(None)
