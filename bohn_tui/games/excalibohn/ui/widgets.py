"""Excalibohn's board widgets: the player panel with its spell cards (and the enchanted
and temporary fields), the piles with the pass marker and the spell deck, the viewer's own
spells, and the magic panel (phase 1b's abilities, the coins turned up, the Sword duel's
rounds, the decision waited for). They render the view only (render.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from rich.text import Text

from bohn_tui.games.common.ui.cards import card, name
from bohn_tui.games.common.ui.piles import Piles
from bohn_tui.games.common.ui.player_panel import PlayerPanel
from bohn_tui.games.common.ui.trade_area import TradeArea
from bohn_tui.games.excalibohn.ui.render import (
    GAME,
    ability_lines,
    is_duel,
    others_spells,
    own_spell_line,
    pass_text,
    pending_text,
    shown_lines,
)
from bohn_tui.ui.widgets.base import ViewStatic


class ExcaliPanel(PlayerPanel):
    """A player's board: the bean panel plus the spell cards (a count, the face-up ones by
    name), the Bean Field Spell's third field and an enchanted field's first card."""

    def show(self, view: dict[str, Any], is_bot: bool) -> None:
        # the enchantments and the temporary field live beside the players: a change of
        # them must repaint the panel too
        marks = (self.temporary(view), str(view.get("enchanted")))
        if marks != getattr(self, "_marks", None):
            self._marks = marks
            self._key = None
        super().show(view, is_bot)

    def extra(
        self, view: dict[str, Any], p: dict[str, Any], compact: bool, short: bool = False
    ) -> Text | None:
        if compact:  # "2 spells ●1" (one face up), short "2sp●1"
            n = p.get("spell_count", 0)
            up = sum(1 for s in p.get("spells") or [] if s["up"])
            count = f"{n}sp" if short else f"{n} spell{'s' if n != 1 else ''}"
            return Text(count + (f"{'' if short else ' '}●{up}" if up else ""), style="magenta")
        width = self.size.width - 2 if self.size.width > 10 else 40
        return others_spells(p, width - 10)

    def temporary(self, view: dict[str, Any]) -> bool:
        """This seat's third field is the Bean Field Spell's (the view's `temp_fields`)."""
        return bool(view["temp_fields"][self.seat])

    def field_note(self, view: dict[str, Any], field: int) -> Text | None:
        notes = Text()
        if field == 2 and self.temporary(view):
            notes.append(" temporary", style="italic magenta")
        for e in view.get("enchanted") or []:
            if e["seat"] == self.seat and e["field"] == field:
                notes.append(" (1st was ", style="magenta")
                notes.append(name(GAME, e["was"]).removesuffix(" Bean"), style="magenta")
                notes.append(")", style="magenta")
        return notes if notes.plain else None


class ExcaliPiles(Piles):
    """The draw pile with the pass marker (I., II., ...), the discard pile, the spell deck."""

    def show(self, view: dict[str, Any]) -> None:
        keys = ("deck_size", "pass", "passes", "ending", "discard_top", "discard_size")
        if not self.changed((*(view.get(k) for k in keys), view.get("spell_deck"))):
            return
        t = Text.assemble(("Draw ", "bold"), f"{view['deck_size']}  ")
        t.append(pass_text(view), style="bold" if view["ending"] else "dim")
        if view["ending"]:
            t.append(" last!", style="bold red")
        t.append("\nDiscard ", style="bold")
        t.append_text(card(GAME, view["discard_top"]))
        t.append(f" {view['discard_size']}  ")
        t.append("Spells ", style="bold magenta")
        t.append(str(view.get("spell_deck", 0)))
        self.update(t)


SPELL_ROWS = 6  # the spells panel's rows inside its border (table.tcss: max-height 8)


class KeptRows(ViewStatic):
    """Shown again at a new width (its lines wrap anew: `_shown`, the last show); a new
    height of the same width keeps its rows (ViewStatic's own)."""

    _shown: Callable[[], None] | None = None

    def on_resize(self) -> None:
        if self._shown is not None:
            self._shown()


class SpellsPanel(KeptRows):
    """The viewer's spell cards (face down or active, name, Groschen, when; "now" where it
    can be cast) and the notes only the viewer saw this turn. Private: it shows only the
    viewer's view, and nothing while nobody has the screen."""

    _grow: int | None = None  # the max-height set over the stylesheet's (None: not set)

    def show_spells(self, view: dict[str, Any], castable: set[int]) -> None:
        self._shown = partial(self.show_spells, view, castable)  # (the notes wrap anew)
        seat = view["seat"]
        width = self.size.width - 2 if self.size.width > 10 else 30
        key = (seat, str(view["players"][seat]["spells"]) if seat is not None else None)
        notes = tuple(view.get("notes") or []) if seat is not None else ()
        if not self.changed((key, tuple(sorted(castable)), notes, width)):
            return
        if seat is None:
            self.border_title = "Spells"
            self.update(Text("(each player's own spells show on their screen)", style="dim"))
            return
        spells = view["players"][seat]["spells"]
        self.border_title = f"Your spells · {len(spells)} · r reads"
        lines = [own_spell_line(s, s["index"] in castable, width) for s in spells if s["id"]]
        if not lines:
            lines = [Text("no spell cards", style="dim")]
        lines += self.fitting_notes(notes, len(lines))
        self.update(Text("\n").join(lines))

    def fitting_notes(self, notes: tuple[str, ...], spell_rows: int) -> list[Text]:
        """The notes that fit under the spell cards, each wrapped at words: the newest first
        (it always shows whole: the panel grows for it where it must), then older ones
        while they fit."""
        width = max(10, self.content_size.width if self.content_size.width > 10 else 30)
        room = SPELL_ROWS - spell_rows
        kept: list[Text] = []
        for note in reversed(notes):
            t = Text(f"✉ {note}", style="italic yellow")
            need = len(t.wrap(self.app.console, width))
            if kept and need > room:
                break  # the older ones do not fit: dropped
            kept.insert(0, t)
            room -= need
        grow = SPELL_ROWS + 2 - room if room < 0 else None  # (None: the stylesheet's)
        if grow != self._grow:  # (setting it, even to None again, lays the screen out)
            self._grow = grow
            self.styles.max_height = grow
        return kept


class MagicPanel(TradeArea, KeptRows):
    """The magic phase for everyone: the decision waited for, the coins turned up (a Sword
    duel round by round), the active player's unused abilities (with their keys for that
    player) and the spells in force this turn. In phases 2-3 ("brief") it sits above the
    trade area as tall as its text while one is to be read: its height may change. Else it
    is the trade area itself there (show_trade, and at the end): the same box in the same
    place, so a phase change lays nothing out and repaints only the rows that changed
    (issue #25). Its own lines are shown wrapped into rows here (WRAPS), so that a key
    renders and repaints only the rows that changed."""

    WRAPS = True

    def show_trade(self, view: dict[str, Any], *shown: Any) -> None:
        """The trade area in its place (TradeArea.show, `shown` its other arguments):
        phases 2-3 with nothing of the magic phase to read, and the end."""
        self._shown = partial(self.show_trade, view, *shown)
        self.WRAPS = False  # (Textual wraps an offer's line)
        self.FIXED_HEIGHT = True  # (never brief: as tall as the column leaves it)
        self._lines = -1
        self.show(view, *shown)

    def show_magic(
        self, view: dict[str, Any], names: list[str], keys: bool, usable: set[int] | None = None
    ) -> None:
        """`keys`: the viewer is the active player; `usable`: the fields whose ability it
        may use now (the legal actions')."""
        self._shown = partial(self.show_magic, view, names, keys, usable)
        self.WRAPS = True
        parts = ("pending", "shown", "abilities", "attack", "flow", "phase", "seat")
        width = self.content_size.width or 30
        key = (str([view.get(k) for k in parts]), keys, sorted(usable or ()), width)
        if not self.changed(key):
            return
        pending = view.get("pending")
        running = pending is not None and bool(pending.get("duel"))  # a duel's decision
        phase = view["phase"]
        titles = {"plant": "Phase 1a", "magic": "Phase 1b · magic", "draw": "Phase 4"}
        self.border_title = "Sword duel" if running else titles.get(phase, "Coins turned up")
        lines: list[Text] = []
        waiting = pending_text(view, names, view["seat"])
        if waiting is not None:
            lines.append(waiting)
        shown = shown_lines(view, names)
        if shown and is_duel(view) and not running:  # the duel is over: its rounds stay
            lines.append(Text("Sword duel:", style="bold"))
        lines += shown
        abilities = ability_lines(view, names, keys, usable if keys else None)
        if phase != "magic":
            abilities = []  # the uses are phase 1b's
        if abilities and not running:
            if not keys:
                lines.append(Text(f"{names[view['active']]} may use:", style="bold"))
            lines += abilities
        if view.get("attack"):
            lines.append(Text("Attack Spell in force", style="magenta"))
        if view.get("flow"):
            lines.append(Text("Magic Card Flow: plant the front card again", style="magenta"))
        if not lines:
            lines.append(Text(self._idle(view), style="dim"))
        # as tall as the side column leaves it (1fr) outside phases 2-3: its text's rows
        # move nothing else, no layout (issue #25); above the trade area, as tall as its text
        self.FIXED_HEIGHT = not self.has_class("brief")
        if self.FIXED_HEIGHT:
            self._lines = -1  # (its rows not counted meanwhile: brief again, a layout)
        rows = [
            row
            for ln in lines
            for row in self.wrapped_rows((ln.plain, str(ln.style), tuple(ln.spans)), ln, width)
        ]
        self.update(Text("\n").join(rows))

    @staticmethod
    def _idle(view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "plant":
            return "Phase 1b follows: the abilities of the beans on the fields."
        if phase == "draw":
            return "Phase 4: draw 3 cards (a spell may change that)."
        if phase == "magic":
            return "No ability left to use."
        return ""
