"""One player's public board: fields with what they pay now and next, coins, hand size,
received cards still to plant."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events

from bohn_tui.games.common.ui.cards import card, cards
from bohn_tui.ui.parts import BoardClick
from bohn_tui.ui.widgets.base import ViewStatic


class PlayerPanel(ViewStatic):
    DEFAULT_CLASSES = "panel"

    def on_click(self, event: events.Click) -> None:
        row = event.y - 1  # below the top border
        if 0 <= row < 3:
            self.post_message(BoardClick(self.seat, row))  # one of the fields: plant there

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__(id=f"player-{seat}", **kw)
        self.seat = seat

    def _seat_title(self, name: str, is_bot: bool) -> str:
        """The seat as the table names it (a bot with its level), else a bot marked."""
        seat_name = getattr(self.screen, "seat_name", None)
        if seat_name is not None:
            return str(seat_name(self.seat))
        return f"{name} (bot)" if is_bot else name

    def show(self, view: dict[str, Any], is_bot: bool) -> None:
        p = view["players"][self.seat]
        mine = view["seat"] == self.seat  # not the viewer itself: a hand-over repaints 2 panels
        key = (p, view["active"], mine, view["over"], self.seat in view["waiting_for"])
        if not self.changed(key):
            return
        game = view["game"]
        active = view["active"] == self.seat
        waiting = self.seat in view["waiting_for"] and not view["over"]
        mark = "▶ " if active else ""
        you = " · you" if mine else ""
        self.border_title = f"{mark}{self._seat_title(p['name'], is_bot)}{you}"
        coins = "?" if p["coins"] is None else str(p["coins"])
        self.border_subtitle = f"coins {coins} · hand {p['hand_size']}"
        self.set_class(active, "active")
        self.set_class(waiting and not active, "waiting")
        self.set_class(mine, "mine")
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
        self.update(out)
