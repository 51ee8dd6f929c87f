"""One player's public board: fields with what they pay now and next, coins, hand size,
received cards still to plant. On a small screen (`small`, set by the table's layout) the
other players' panels are one row each ("compact"): only the player whose board it is (the
viewer, else the player whose turn it is) keeps the whole panel."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widget import Widget

from bohn_tui.games.common.ui.cards import card, cards
from bohn_tui.ui.parts import BoardClick
from bohn_tui.ui.text import clip_cells, literal, name_forms
from bohn_tui.ui.widgets.base import ViewStatic

NAME_WIDTH = 18  # a compact panel's name column at most ("Cem (standard)" fits)
NAME_MIN = 6  # and at least, where its row is short of room
# a compact row's forms, the fullest first: (the cards to plant listed, else how many; the
# gap before the coins, hand and game's part; fields' counts padded into columns; short
# words: "3c" coins, "5h" cards in hand)
ROW_STEPS = (
    (True, "  ", True, False),
    (False, "  ", True, False),
    (False, " ", True, False),
    (False, " ", False, False),
    (False, " ", False, True),
)


def _label(game: str, vid: str) -> Text:
    """A card's short label on its colour, without the padding of a whole card."""
    c = card(game, vid)
    return Text(c.plain.strip(), style=c.style)


def _width(title: str, i: int) -> int:
    """The cells of the `i`th of a title's name_forms (its last where it has fewer)."""
    forms = name_forms(title)
    return cell_len(forms[min(i, len(forms) - 1)])


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

    def _seat_title(self, seat: int, name: str, is_bot: bool) -> str:
        """A seat as the table names it (a bot with its level), else a bot marked."""
        seat_name = getattr(self.screen, "seat_name", None)
        if seat_name is not None:
            return str(seat_name(seat))
        return f"{name} (bot)" if is_bot else name

    def show(self, view: dict[str, Any], is_bot: bool) -> None:
        p = view["players"][self.seat]
        mine = view["seat"] == self.seat  # not the viewer itself: a hand-over repaints 2 panels
        # the board lit (and in focus): the viewer's, else beneath the privacy screen the
        # next viewer's already (public: the screen names them), so that the reveal
        # restyles and lays out nothing
        holder = view["seat"]
        if holder is None:
            holder = getattr(self.screen, "coming", None)
        lit = holder == self.seat
        active = view["active"] == self.seat
        focus = lit if holder is not None else active
        compact = self.small and not focus
        waits = self.seat in view["waiting_for"]
        key = (p, view["active"], mine, lit, view["over"], waits, compact)
        if not self.changed(key):
            return
        waiting = self.seat in view["waiting_for"] and not view["over"]
        mark = "▶ " if active else ("… " if waiting else "")
        you = " · you" if mine else ""
        name = self._seat_title(self.seat, p["name"], is_bot)
        coins = "?" if p["coins"] is None else str(p["coins"])
        self.set_class(active, "active")
        self.set_class(waiting and not active, "waiting")
        self.set_class(lit, "mine")
        self.set_class(compact, "compact")
        if compact:
            self.border_title = self.border_subtitle = None
            self.update(self._row(view, p, mark, name))
            return
        # the name cut by cells (a CJK name is twice as wide as its characters) so that the
        # title keeps " · you" and the subtitle; never read as markup
        room = max(6, self.size.width - 6 - len(mark) - len(you)) if self.size.width else 40
        self.border_title = literal(f"{mark if active else ''}{clip_cells(name, room)}{you}")
        self.border_subtitle = f"coins {coins} · hand {p['hand_size']}"
        self.update(self._fields(view, p))

    def extra(
        self, view: dict[str, Any], p: dict[str, Any], compact: bool, short: bool = False
    ) -> Text | None:
        """A game's own line under the fields (and, `compact`, its part of the one-row
        panel after the hand's size, in its fewest cells where `short`, with no space
        before it): None for none. Excalibohn's spell cards."""
        return None

    def field_note(self, view: dict[str, Any], field: int) -> Text | None:
        """A game's note after one of this seat's fields (None: none)."""
        return None

    def _row(self, view: dict[str, Any], p: dict[str, Any], mark: str, name: str) -> Text:
        """The compact panel: name, fields (kind and count), coins when known, the number of
        cards in hand, the game's part, then the cards to plant; all of it on one row of
        the column, shortened where room is short (ROW_STEPS), the name last, never below
        NAME_MIN cells (only a column too narrow for the shortest row cuts its end)."""
        column = self.parent.size.width if isinstance(self.parent, Widget) else 0
        width = column - 2 if column > 8 else 44  # the column's less the padding
        titles = [self._seat_title(i, q["name"], False) for i, q in enumerate(view["players"])]
        longest = max(cell_len(t) for t in titles)
        forms = name_forms(name)
        last = len(forms) - 1
        # the fullest row with the name whole (cut to NAME_WIDTH), then shorter; then the
        # shorter rows with the shortest name
        tries = [(0, i) for i in range(len(forms))]
        tries += [(step, last) for step in range(1, len(ROW_STEPS))]
        bodies: dict[int, Text] = {}
        body = Text()
        for step, i in tries:
            if step not in bodies:
                bodies[step] = self._row_body(view, p, step)
            body = bodies[step]
            room = width - len(mark) - body.cell_len
            # a bot's level whole (or short) only where every row's would fit: all alike
            need = cell_len(forms[i]) if i == last else max(_width(t, i) for t in titles)
            if min(need, NAME_WIDTH) <= room:
                # as wide as the longest title where room allows (the rows' fields in line)
                col = min(NAME_WIDTH, room, max(longest, cell_len(forms[i]), NAME_MIN))
                return self._row_text(mark, forms[i], col, body)
            if step and room >= NAME_MIN:  # the name cut rather than a shorter row
                return self._row_text(mark, forms[i], min(NAME_WIDTH, room), body)
        out = self._row_text(mark, forms[-1], NAME_MIN, body)
        out.truncate(width, overflow="ellipsis")  # one row: a longer text would wrap
        return out

    @staticmethod
    def _row_text(mark: str, name: str, col: int, body: Text) -> Text:
        name = clip_cells(name, col)
        out = Text(no_wrap=True)
        out.append(mark, style="bold")
        out.append(name + " " * (col - cell_len(name)), style="bold")
        out.append_text(body)
        return out

    def _row_body(self, view: dict[str, Any], p: dict[str, Any], step: int) -> Text:
        """The row after the name, at one of ROW_STEPS."""
        game = view["game"]
        cards_listed, gap, padded, short = ROW_STEPS[step]
        out = Text()
        for f in p["fields"]:
            out.append(" ")
            if f["count"]:
                out.append_text(_label(game, f["variety"]))
                count = f"{f['count']:<2}" if padded else str(f["count"])  # "Chi3 ", "Chi12"
                out.append(count, style="bold")
            else:
                out.append("·    " if padded else "·", style="dim")
        # coins only where the table shows them (others' are mostly secret: "?" says nothing)
        if p["coins"] is not None:
            out.append(f"{gap}{p['coins']}{'c' if short else ' coins'}")
        # apart from a field's count: "Chi3   11 cards"
        out.append(f"{gap}{p['hand_size']}{'h' if short else ' cards'}")
        more = self.extra(view, p, True, short)
        if more is not None and more.plain:
            out.append(gap)
            out.append_text(more)
        if p["area"]:  # what is still to plant: its cards, else how many
            plant = Text(" +", style="bold yellow")
            if cards_listed:
                for i, vid in enumerate(p["area"]):
                    plant.append(" " if i else "")
                    plant.append_text(_label(game, vid))
            else:
                plant.append(str(len(p["area"])))
            out.append_text(plant)
        return out

    def _fields(self, view: dict[str, Any], p: dict[str, Any]) -> Text:
        game = view["game"]
        out = Text()
        for i, f in enumerate(p["fields"]):
            if i:
                out.append("\n")
            out.append(f"{i + 1} ", style="bold")
            note = self.field_note(view, i)
            if not f["count"]:
                out.append("· empty field", style="dim")
                if note is not None:
                    out.append_text(note)
                continue
            out.append_text(card(game, f["variety"]))
            out.append(f"×{f['count']:<2}", style="bold")
            out.append(f" pays {f['pays']}")
            if f["next"]:
                need, coins = f["next"]
                out.append(f" · {need}→{coins}", style="dim")
            if note is not None:
                out.append_text(note)
        if len(p["fields"]) < 3 and view["field_cost"]:
            out.append(f"\n3 · buy for {view['field_cost']} coins", style="dim")
        more = self.extra(view, p, False)
        if more is not None:
            out.append("\n")
            out.append_text(more)
        out.append("\nto plant ", style="bold yellow" if p["area"] else "dim")
        out.append_text(cards(game, p["area"]) if p["area"] else Text("—", style="dim"))
        return out
