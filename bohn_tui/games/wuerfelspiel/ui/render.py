"""How the dice game's table reads, as Rich text built from the view alone (common12.md's
view): the five dice, every player's upper card with its five orders, and the lines that
say who fulfilled what and what the roller may expect. Pure functions: the widgets
(board.py) only place them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from bohn_tui.games.common.ui.cards import _ink
from bohn_tui.games.wuerfelspiel.dice import EPSILON, DiceData, load, percent
from bohn_tui.ui.text import clip_cells, name_forms

WHERE = {"hand": "to roll", "rolled": "rolled", "field": "field"}
ORDER_ROWS = 5  # a card's orders


def data() -> DiceData:
    return load()


def chip(face: str | None, width: int = 0) -> Text:
    """One die's face: its word on its colour (a letter where `width` is 1; 0: as wide as
    the longest kind's name), never colour alone; a die not rolled yet is a dim dot."""
    width = width or max(len(k.name) for k in data().kinds)
    if face is None:
        return Text(" " + "·".center(width) + " ", style="dim")
    kind = data().by_id[face]
    label = kind.letter if width == 1 else kind.name[:width].ljust(width)
    return Text(f" {label} ", style=f"bold {_ink(kind.colour)} on {kind.colour}")


def letters(text: str) -> str:
    """An order in letters: "Broad + 2 Garden + 2 Red/Blue" -> "B+2G+2R/U"."""
    d = data()
    out = text.replace(" + ", "+").replace(" | ", "|")
    for k in sorted(d.kinds, key=lambda k: -len(k.name)):
        out = out.replace(k.name, k.letter)
    return out.replace(" ", "")


def tight(text: str) -> str:
    """An order without its spaces but in words: "Broad+2 Garden+2 Red/Blue"."""
    return text.replace(" + ", "+").replace(" | ", "|")


FORMS = (lambda t: t, tight, letters)  # an order's text, from the widest to the narrowest


# -- the dice ----------------------------------------------------------------------------------


def dice_text(view: dict[str, Any], picked: set[int], width: int) -> Text:
    """The five dice, one a row: its key, darker or lighter, its face, where it lies, and a
    mark on the ones picked to place."""
    letter = width < 24  # (a narrow box: the faces in letters)
    rows = [
        die_row(d["die"], d["darker"], d["face"], d["where"], d["die"] in picked, letter)
        for d in view["dice"]
    ]
    if view["figure_used"]:
        fig = Text("Bean figure: used this turn", style="dim")
    elif view["can_reroll"]:
        fig = Text("Bean figure: ready (f)", style="bold")
    else:
        fig = Text("Bean figure: not used yet")
    rows.append(fig)
    return Text("\n").join(rows)


@lru_cache(maxsize=256)
def die_row(i: int, darker: bool, face: str | None, where: str, picked: bool, letter: bool) -> Text:
    """One die's row of dice_text (kept: the same row comes back at many keys; a Text
    joined into another is not changed)."""
    shade = ("dark ", "bold reverse") if darker else ("light", "")
    row = Text.assemble((f"{i + 1}", "bold"), " ", shade, " ")
    row.append_text(chip(face, 1 if letter else 0))
    if picked:
        row.append(" ◀ place", style="bold reverse")
    else:
        row.append(f" {WHERE[where]}", style="" if where == "rolled" else "dim")
    return row


# -- the players' cards -------------------------------------------------------------------------


def fulfilled_now(view: dict[str, Any]) -> dict[int, set[int]]:
    """Seat -> the orders the last roll (or check) covered."""
    out: dict[int, set[int]] = {}
    for f in view.get("fulfilled") or []:
        out.setdefault(f["seat"], set()).update(f["orders"])
    return out


def thaler_word(n: int) -> str:
    return f"{n} thaler" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Fit:
    """How the players' cards are laid out: the text form of the orders (an index of
    FORMS), whether each order shows its number, the columns, the width of one card."""

    form: int
    numbers: bool
    cols: int
    width: int


def order_width(view: dict[str, Any], form: int) -> int:
    texts = [
        FORMS[form](o["text"]) for p in view["players"] if p["upper"] for o in p["upper"]["orders"]
    ]
    return max((cell_len(t) for t in texts), default=8)


def fit(view: dict[str, Any], width: int, height: int) -> Fit:
    """The widest form whose cards fit `width` x `height` (height: rows for the players),
    in as few rows of cards as it allows; the narrowest form else."""
    n = len(view["players"])
    f = Fit(len(FORMS) - 1, False, 1, width)
    forms = [(form, True) for form in range(len(FORMS))] + [(len(FORMS) - 1, False)]
    for form, numbers in forms:
        # a line: the mark, the number and a space, the order, a space and its odds
        bw = max(1 + (2 if numbers else 0) + order_width(view, form) + 4, 14)
        cols = max(1, min(n, (width + 1) // (bw + 1)))
        rows = -(-n // cols)
        w = min(width, max(bw, min((width + 1) // cols - 1, bw + 10)))
        f = Fit(form, numbers, cols, w)
        if rows * (ORDER_ROWS + 1) + rows - 1 <= height:
            return f
    return f


HARVEST_NOTES = (" · may harvest", " · harvest", " H")  # who may harvest, widest first


def head_parts(
    view: dict[str, Any], seat: int, name: str, width: int, note: str = ""
) -> tuple[str, str]:
    """A card's name (without a bot's level, or clipped, where it is too long) and its
    thalers, as wide as fit `width` with the roller's mark and `note`."""
    t = view["players"][seat]["thalers"]
    room = width - 1 - cell_len(note)
    # the whole name (a bot's level too) first, its thalers as short as need be; then a
    # bot's level shortened, dropped if need be
    thalers = (thaler_word(t), f"{t} thal.", f"{t}t")
    tries = [(n, f" {tl}") for n in name_forms(name) for tl in thalers]
    for nm, tl in tries:
        if cell_len(nm) + cell_len(tl) <= room:
            break
    return clip_cells(nm, max(1, room - cell_len(tl))), tl


def harvest_note(view: dict[str, Any], names: Sequence[str], width: int) -> str:
    """The one mark every card that may harvest shows: the widest beside which each of
    their names still shows whole."""
    seats = [s for s, p in enumerate(view["players"]) if p["can_harvest"]]
    for note in HARVEST_NOTES:
        if all(head_parts(view, s, names[s], width, note)[0] == names[s] for s in seats):
            return note
    return HARVEST_NOTES[-1]


def header(view: dict[str, Any], seat: int, name: str, width: int, note: str) -> Text:
    """A card's head: who (▶ the roller), their thalers, `note` when they may harvest."""
    p = view["players"][seat]
    roller = seat == view["active"] and not view["over"]
    head = Text("▶" if roller else " ", style="bold")
    nm, tl = head_parts(view, seat, name, width, note if p["can_harvest"] else "")
    head.append(nm, style="bold reverse" if roller else "bold")
    head.append(tl)
    if p["can_harvest"]:
        head.append(note, style="bold green")
    head.truncate(width, pad=True)
    return head


def card_lines(
    view: dict[str, Any], seat: int, name: str, f: Fit, note: str = HARVEST_NOTES[-1]
) -> list[Text]:
    """A player's upper card, its top order first (bottom at the bottom, as on the card):
    ✓ covered, ★ covered by the last roll or check, → the next to fulfil."""
    p = view["players"][seat]
    lines = [header(view, seat, name, f.width, note)]
    upper = p["upper"]
    if upper is None:
        lines += [Text("(no card)", style="dim")] + [Text("")] * (ORDER_ROWS - 1)
        return lines
    new = fulfilled_now(view).get(seat, set())
    orders = upper["orders"]
    rows = []
    for i, o in enumerate(orders):
        if i in new:
            mark, style = "★", "bold reverse green"
        elif o["covered"]:
            mark, style = "✓", "green"
        elif i == p["covered"]:
            mark, style = "→", "bold"
        else:
            mark, style = " ", ""
        text = FORMS[f.form](o["text"])
        odds = f" {o['odds']:>2}%"
        room = f.width - 1 - (2 if f.numbers else 0) - cell_len(odds)
        line = Text.assemble((mark, style), (f"{i + 1} " if f.numbers else "", "dim"))
        line.append(text[:room].ljust(room), style=style if o["covered"] or i in new else "")
        line.append(odds, style="dim")
        rows.append(line)
    return lines + rows[::-1]


def board_text(view: dict[str, Any], names: Sequence[str], f: Fit, height: int = 0) -> Text:
    """Every player's card, in rows of `f.cols`; below them, as much of the orders' legend
    as fits `height` rows (after a blank row where there is room for it)."""
    seats = list(range(len(view["players"])))
    note = harvest_note(view, names, f.width)
    out: list[Text] = []
    for r in range(0, len(seats), f.cols):
        blocks = [card_lines(view, s, names[s], f, note) for s in seats[r : r + f.cols]]
        if out:
            out.append(Text(""))
        for line in range(ORDER_ROWS + 1):
            row = Text()
            for b, block in enumerate(blocks):
                if b:
                    row.append(" ")
                piece = block[line]
                if piece.cell_len != f.width:  # (most are as wide already: no copy)
                    piece = piece.copy()
                    piece.truncate(f.width, pad=True)
                row.append_text(piece)
            out.append(row)
    free = height - len(out)
    more = legend(f, f.cols * (f.width + 1) - 1)[: max(0, free)]
    if more and free > len(more):
        out.append(Text(""))
    out += [Text(r, style="dim") for r in more]
    return Text("\n").join(out)


# -- what the last roll did, the roller's chances ---------------------------------------------


def order_list(orders: Sequence[int]) -> str:
    nums = sorted(o + 1 for o in orders)
    if len(nums) == 1:
        return f"order {nums[0]}"
    if nums == list(range(nums[0], nums[-1] + 1)):
        return f"orders {nums[0]}-{nums[-1]}"
    return "orders " + ", ".join(map(str, nums))


def fulfilled_lines(view: dict[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    """Who fulfilled what with the last roll or check: "Ben fulfils order 2 with your
    roll"; three or more in one line a kind of dice ("With your roll: Ben order 1 · Dora
    orders 1-3 · Emil order 1.")."""
    entries: list[tuple[int, str, str]] = []  # seat, the orders, the dice
    seen: set[int] = set()
    for f in view.get("fulfilled") or []:
        seat = f["seat"]
        again = " of the new card" if seat in seen else ""  # checked again after a harvest
        seen.add(seat)
        if f["source"] == "field":
            dice = "your bean field" if seat == viewer else "the bean field"
        else:
            roller = (view.get("last_roll") or {}).get("roller", view["active"])
            dice = "your roll" if roller == viewer else f"{names[roller]}'s roll"
        entries.append((seat, order_list(f["orders"]) + again, dice))
    if len(entries) <= 2:
        return [
            f"{'You fulfil' if seat == viewer else names[seat] + ' fulfils'} {what} with {dice}."
            for seat, what, dice in entries
        ]
    groups: dict[str, list[str]] = {}
    for seat, what, dice in entries:
        groups.setdefault(dice, []).append(f"{'you' if seat == viewer else names[seat]} {what}")
    return [f"With {dice}: {' · '.join(who)}." for dice, who in groups.items()]


# what the roller's chances are, beside them (help.py's CHANCES_HELP says it in full)
CHANCES_NOTE = "+k: chance of k more orders by your turn's end, playing on at best (? help)."


def chances_line(chances: Sequence[Fraction | float], placing: str) -> Text:
    """The exact chances that the turn ends with 0, 1, 2, ... more orders of one's own."""
    line = Text(f"{placing}: ", style="bold")
    parts = [(k, percent(c)) for k, c in enumerate(chances) if c > EPSILON]
    for j, (k, pc) in enumerate(parts):
        if j:
            line.append(" · ")
        line.append(f"+{k} ", style="dim")
        line.append(f"{pc}%")
    return line


def within(head: str, entries: Sequence[str], width: int, sep: str = " · ") -> list[str]:
    """`head` and `entries` in lines of at most `width` cells (0: one line), broken
    between entries (the separator starts the next line), never inside one."""
    rows = [head]
    for j, entry in enumerate(entries):
        glue = sep if j else " "
        if not rows[-1]:
            rows[-1] = entry
        elif width and cell_len(rows[-1] + glue + entry) > width:
            rows.append(f"{glue.strip()} {entry}".strip())
        else:
            rows[-1] += glue + entry
    return rows


def thalers_line(view: dict[str, Any], names: Sequence[str], width: int = 0) -> str:
    """Everyone's thalers; lines of at most `width` cells (0: one line), broken between
    entries, never inside one."""
    entries = [f"{names[s]} {p['thalers']}" for s, p in enumerate(view["players"])]
    return "\n".join(within(f"Thalers ({view['target']} ends the game):", entries, width))


NOTATION = ("/ either kind of die", "| either requirement")
MULTIPLE = "2 A/B: two dice, each A or B"


def legend(f: Fit, width: int) -> list[str]:
    """The orders' notation, the kinds' letters (where the orders show in letters) and
    what a count before "/" means, the most needed first, in lines of `width`."""
    rows = within("", NOTATION, width)
    if FORMS[f.form] is letters:
        kinds = sorted(data().kinds, key=lambda k: k.letter)
        rows += within("", [f"{k.letter} {k.name}" for k in kinds], width, " ")
    rows += within("", [MULTIPLE], width)
    return rows
