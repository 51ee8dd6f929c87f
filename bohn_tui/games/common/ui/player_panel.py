"""One player's public board: fields with what they pay now and next, coins, hand size,
received cards still to plant. On a small screen (`small`, set by the table's layout) the
other players' panels are one row each ("compact"): only the player whose board it is (the
viewer, else the player whose turn it is) keeps the whole panel."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events

from bohn_tui.games.common.ui.cards import card, cards
from bohn_tui.ui.parts import BoardClick
from bohn_tui.ui.widgets.base import ViewStatic


class PlayerPanel(ViewStatic):
    DEFAULT_CLASSES = "panel"

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__(id=f"player-{seat}", **kw)
        self.seat = seat
        self.small = False  # a small screen: compact unless it is the board in focus

    def on_click(self, event: events.Click) -> None:
        row = event.y - 1  # below the top border
        if not self.has_class("compact") and 0 <= row < 3:
            self.post_message(BoardClick(self.seat, row))  # one of the fields: plant there

    def _seat_title(self, name: str, is_bot: bool) -> str:
        """The seat as the table names it (a bot with its level), else a bot marked."""
        seat_name = getattr(self.screen, "seat_name", None)
        if seat_name is not None:
            return str(seat_name(self.seat))
        return f"{name} (bot)" if is_bot else name

    def show(self, view: dict[str, Any], is_bot: bool) -> None:
        p = view["players"][self.seat]
        mine = view["seat"] == self.seat  # not the viewer itself: a hand-over repaints 2 panels
        active = view["active"] == self.seat
        focus = mine if view["seat"] is not None else active
        compact = self.small and not focus
        key = (p, view["active"], mine, view["over"], self.seat in view["waiting_for"], compact)
        if not self.changed(key):
            return
        waiting = self.seat in view["waiting_for"] and not view["over"]
        mark = "▶ " if active else ("… " if waiting else "")
        you = " · you" if mine else ""
        name = self._seat_title(p["name"], is_bot)
        coins = "?" if p["coins"] is None else str(p["coins"])
        self.set_class(active, "active")
        self.set_class(waiting and not active, "waiting")
        self.set_class(mine, "mine")
        self.set_class(compact, "compact")
        if compact:
            self.border_title = self.border_subtitle = None
            self.update(self._row(view, p, mark, name, coins))
            return
        self.border_title = f"{mark if active else ''}{name}{you}"
        self.border_subtitle = f"coins {coins} · hand {p['hand_size']}"
        self.update(self._fields(view, p))

    def _row(
        self, view: dict[str, Any], p: dict[str, Any], mark: str, name: str, coins: str
    ) -> Text:
        """The compact panel: name, fields (kind and count), coins, hand, cards to plant."""
        game = view["game"]
        fields = Text()
        for f in p["fields"]:
            if f["count"]:
                c = card(game, f["variety"])
                fields.append(c.plain.strip(), style=c.style)
                fields.append(f"{f['count']:<2}", style="bold")
            else:
                fields.append("·   ", style="dim")
        tail = Text(f" {coins} coins {p['hand_size']} cards")
        width = self.content_size.width or 44
        room = max(6, width - len(mark) - 2 - fields.cell_len - tail.cell_len)
        if p["area"]:  # what is still to plant comes last (cut first)
            tail.append(" +", style="bold yellow")
            tail.append_text(cards(game, p["area"]))
        if cell_len(name) > room:
            name = name[: room - 1] + "…"
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(mark, style="bold")
        out.append(name, style="bold")
        out.append(" " * max(2, room + 2 - cell_len(name)))
        out.append_text(fields)
        out.append_text(tail)
        return out

    def _fields(self, view: dict[str, Any], p: dict[str, Any]) -> Text:
        game = view["game"]
        out = Text()
        for i, f in enumerate(p["fields"]):
            if i:
                out.append("\n")
            out.append(f"{i + 1} ", style="bold")
            if not f["count"]:
                out.append("· empty field", style="dim")
                continue
            out.append_text(card(game, f["variety"]))
            out.append(f"×{f['count']:<2}", style="bold")
            out.append(f" pays {f['pays']}")
            if f["next"]:
                need, coins = f["next"]
                out.append(f" · {need}→{coins}", style="dim")
        if len(p["fields"]) < 3 and view["field_cost"]:
            out.append(f"\n3 · buy for {view['field_cost']} coins", style="dim")
        out.append("\nto plant ", style="bold yellow" if p["area"] else "dim")
        out.append_text(cards(game, p["area"]) if p["area"] else Text("—", style="dim"))
        return out
