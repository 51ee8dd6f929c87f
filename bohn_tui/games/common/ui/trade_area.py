"""The trade area: turned-up cards, the cards a two-player turn leaves the other (the bean
duel's offer), the viewer's cards to plant and every open offer, shown publicly as if
spoken."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from bohn_tui.games.common.data import load
from bohn_tui.games.common.ui.cards import cards
from bohn_tui.ui.text import clip_cells
from bohn_tui.ui.widgets.base import ViewStatic

LEFT_NAME = 12  # the cells of a name in the label of the cards left for them (a long one cut)


def offer_text(view: dict[str, Any], o: dict[str, Any], names: list[str]) -> Text:
    game = view["game"]
    to = "everybody" if o["to"] is None else names[o["to"]]
    t = Text.assemble((f"#{o['id']} {names[o['seat']]} → {to}: ", "bold"))
    if not o["give"]:  # asking without giving anything back
        t.append("asks for ")
        t.append_text(cards(game, o["want"]))
    elif o["want"]:
        t.append_text(cards(game, o["give"]))
        t.append(" for ")
        t.append_text(cards(game, o["want"]))
    else:
        t.append_text(cards(game, o["give"]))
        t.append(" (a gift)", style="italic")
    if o["counter_to"] is not None:
        t.append(f" counters #{o['counter_to']}", style="dim")
    return t


class TradeArea(ViewStatic):
    FIXED_HEIGHT = True

    def show(
        self,
        view: dict[str, Any],
        names: list[str],
        pile: list[str],
        pile_label: str,
        pile_sel: int | None,
        offer_sel: int | None,
    ) -> None:
        key = (
            view["turned_up"],
            view["duel_offer"],
            view["offers"],
            view["seat"] if view["offers"] else None,  # who "to you" means
            pile,
            pile_label,
        )
        if not self.changed((key, pile_sel, offer_sel)):
            return
        game = view["game"]
        self.border_title = "Trade area"
        lines: list[Text] = []
        up = Text.assemble(("Turned up: ", "bold"))
        up.append_text(cards(game, view["turned_up"]) if view["turned_up"] else Text("—", "dim"))
        lines.append(up)
        if view["duel"] and len(view["players"]) > 1:  # solo leaves nothing to anybody
            # what the game calls them; they are always for the player whose turn it is
            # (left at the end of the other's turn, taken in this one's first phase)
            who = clip_cells(names[view["active"]], LEFT_NAME)
            left = load(game).words.left.format(player=who)
            d = Text.assemble((f"{left}: ", "bold"))
            d.append_text(
                cards(game, view["duel_offer"]) if view["duel_offer"] else Text("—", "dim")
            )
            lines.append(d)
        if pile:
            p = Text.assemble((f"{pile_label}: ", "bold yellow"))
            p.append_text(cards(game, pile, pile_sel))
            lines.append(p)
        if view["offers"]:
            lines.append(Text("Offers:", style="bold"))
            me = view["seat"]
            for o in view["offers"]:
                t = Text("▶ " if o["id"] == offer_sel else "  ")
                t.append_text(offer_text(view, o, names))
                if me is not None and o["seat"] != me and (o["to"] in (me, None)):
                    if me not in o["declined"]:
                        t.append("  ← to you", style="bold yellow")
                lines.append(t)
        self.update(Text("\n").join(lines))
