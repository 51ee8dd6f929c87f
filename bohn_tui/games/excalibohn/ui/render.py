"""Excalibohn's table as text, from a view alone (pure: no widget): the spell cards (one's
own in full, the others' as a count and the face-up ones by name), the pass marker, the
abilities of phase 1b with what each does now, the coins turned up and the Sword duel's
rounds, and the decision the game waits for. Nothing here reads the state: what a seat may
not see is not in its view, so it cannot be drawn."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from bohn_tui.games.common.ui.cards import card, name
from bohn_tui.games.excalibohn.cards import TIMING_TEXT, Spell, cards

GAME = "excalibohn"
# the key of each ability at the table (ui/controls.py binds them)
ABILITY_KEYS = {"picker": "t", "mean": "n", "white": "w", "magic": "m", "sword": "s"}
ABILITY_WORDS = {  # the key bar's words (the magic panel says what each does now)
    "picker": "Steal",
    "mean": "Mean coins",
    "white": "White draw",
    "magic": "Magic",
    "sword": "Sword duel",
}
WHEN = {  # when a spell may be used, in a few letters
    "1b": "1b",
    "phase2_start": "start of 2",
    "phase3": "phase 3",
    "phase4": "phase 4",
    "any": "any time",
}
FATES = {"kept": "kept", "taken": "taken", "discarded": "discarded"}
RESULTS = {
    "princess": "taken onto the attacker's pile",
    "magic": "a spell is activated",
    "picker": "steals the attacker's rearmost card",
    "counter": "counterattack!",
    "nothing": "nothing happens",
    "unused": "given back unused",
}
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def roman(n: int) -> str:
    """The pass marker: 1 -> "I.", 4 -> "IV."."""
    return f"{NUMERALS[n - 1]}." if 1 <= n <= len(NUMERALS) else f"{n}."


def pass_text(view: dict[str, Any]) -> str:
    """ "pass II. of IV.": the draw pile's pass now and the last one."""
    return f"pass {roman(view['pass'])} of {roman(view['passes'])}"


def spell(sid: str) -> Spell:
    return cards().spells[sid]


def short_name(sid: str) -> str:
    """A spell's name in a few letters, for narrow places ("Ench. Players")."""
    full = spell(sid).name
    if full.startswith("Enchantment of the "):
        return "Ench. " + full.removeprefix("Enchantment of the ").removeprefix("Fellow ")
    return full.removesuffix(" Spell")


def spell_label(sid: str, width: int) -> str:
    """The spell's name, or its short name where the full one would not fit `width`."""
    full = spell(sid).name
    return full if len(full) <= width else short_name(sid)


def own_spell_line(s: dict[str, Any], castable: bool, width: int) -> Text:
    """One of the viewer's own spell cards: face up (active) or down, its name, Groschen
    and when it may be used; "now" when it can be cast now."""
    sp = spell(s["id"])
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append("● " if s["up"] else "○ ", style="bold magenta" if s["up"] else "dim")
    tail = f" {sp.groschen}G·{WHEN[sp.timing]}"
    if s["temp"]:
        tail += " ↺"
    room = width - 2 - len(tail) - (4 if castable else 0)
    label = spell_label(sp.id, room)
    if len(label) > room:
        label = label[: max(1, room - 1)] + "…"
    line.append(label, style="bold" if s["up"] else "")
    line.append(tail, style="dim")
    if castable:
        line.append(" now", style="bold green")
    return line


def others_spells(p: dict[str, Any], width: int = 40) -> Text:
    """A fellow player's spells as the table shows them: how many, and the face-up ones
    by name (they are public)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    n = p.get("spell_count", len(p.get("spells") or []))
    out.append(f"spells {n}", style="magenta")
    up = [s for s in p.get("spells") or [] if s["up"] and s["id"]]
    if up:
        out.append(": ")
        names = [spell_label(s["id"], width) for s in up]
        out.append(", ".join(names), style="bold magenta")
        out.append(" up", style="dim")
    return out


def coin_text(owner: str, vid: str) -> Text:
    """A turned-up coin: its card and its number (the variety's count)."""
    from bohn_tui.games.common.ui.cards import variety

    v = variety(GAME, vid)
    t = Text(f"{owner}: ")
    t.append_text(card(GAME, vid))
    if v is not None:
        t.append(f" {v.count}", style="bold")
    return t


def shown_lines(view: dict[str, Any], names: list[str]) -> list[Text]:
    """The coins turned up since the last ability, for everyone: a Sword duel's rounds
    (who attacks whom, the coin, what it did), else each coin and its fate (Mean)."""
    out: list[Text] = []
    for i, e in enumerate(view.get("shown") or []):
        owner = names[e["owner"]]
        if e.get("result") is not None:  # a Sword duel's turn-up
            by = names[e["by"]] if e.get("by") is not None else "?"
            t = Text(f"{e.get('round') or i + 1}. {by} ⚔ ", style="bold")
            t.append_text(coin_text(owner, e["card"]))
            t.append(f" → {RESULTS.get(e['result'], e['result'])}")
        else:
            t = Text("• ")
            t.append_text(coin_text(owner, e["card"]))
            fate = e.get("fate") or ""
            t.append(f" → {FATES.get(fate, fate)}", style="bold" if fate == "kept" else "")
        out.append(t)
    return out


def is_duel(view: dict[str, Any]) -> bool:
    """A Sword duel is on the table: its turn-ups shown, or a decision inside it."""
    pending = view.get("pending")
    if pending is not None and pending.get("duel"):
        return True
    return any(e.get("result") is not None for e in view.get("shown") or [])


def pending_text(view: dict[str, Any], names: list[str], viewer: int | None) -> Text | None:
    """The decision the game waits for, in words: the card only where the view holds it
    (the holder's, the victim's)."""
    p = view.get("pending")
    if p is None:
        return None
    seat = p["seat"]
    who = "You" if seat == viewer else names[seat]
    other = names[p["other"]] if p.get("other") is not None else "?"
    held = name(GAME, p["card"]) if p.get("card") else "the card"
    kind = p["kind"]
    t = Text("… ", style="bold yellow")
    if kind == "place":
        if p.get("source") == "stolen":
            if viewer == p.get("other") and p.get("card"):
                t.append(f"{names[seat]} stole your {held}; plants or tucks it")
            else:
                t.append(f"{who}: the card stolen from {other} ({held}): plant or tuck")
        else:
            t.append(f"{who}: the White Bean's draw ({held}): plant or tuck")
    elif kind == "activate":
        n = p.get("count") or 1
        t.append(f"{who}: activate {n} spell card{'s' if n != 1 else ''} (or skip)")
    elif kind == "coin":
        t.append(f"{who}: keep one of two coins from {other}'s pile: ")
        for j, vid in enumerate(p.get("coins") or ()):
            if j:
                t.append(" or ")
            t.append_text(card(GAME, vid))
    elif kind == "face":
        t.append(f"{who}: lay the swapped-in spell face up or down")
    elif kind == "forced":
        t.append(f"{who}: must plant the front card (Enchantment)")
    elif kind == "own_plant":
        t.append(f"{who}: may plant the front card, or skip")
    else:
        t.append(f"{who}: {kind}")
    return t


def ability_lines(
    view: dict[str, Any], names: list[str], keys: bool, usable: set[int] | None = None
) -> list[Text]:
    """The active player's unused abilities with what each does now; `keys`: the viewer is
    that player (each with its key, where `usable` holds its field: one it cannot use now
    reads dim, its text saying why)."""
    out: list[Text] = []
    for a in view.get("abilities") or []:
        if a.get("ability") is None:  # Cap and Princess have none
            continue
        can = usable is None or a["field"] in usable
        t = Text(no_wrap=False, style="" if can else "dim")
        if keys:
            key = ABILITY_KEYS.get(a["ability"], "?") if can else "·"
            t.append(f"{key} ", style="bold #ffa62b" if can else "dim")
        t.append_text(card(GAME, a["variety"]))
        t.append(f" {a['field'] + 1}: ", style="bold")
        t.append(a["text"])
        out.append(t)
    return out


PHASE_WORDS = {  # the view's phase, as the rulebook counts them
    "plant": "phase 1a",
    "magic": "phase 1b",
    "trade": "phase 2",
    "plant_trades": "phase 3",
    "draw": "phase 4",
}
TIMING_PHASES = {"1b": "magic", "phase2_start": "trade", "phase3": "plant_trades", "phase4": "draw"}


def cast_now(view: dict[str, Any], seat: int, sid: str, castable: bool) -> str:
    """Whether `seat`'s face-up spell `sid` can be cast now, and if not, why (from the
    view: whose turn, a decision waiting, the phase, phase 2's first moment)."""
    if castable:
        return "can be cast now (z)"
    active = view["active"]
    timing = spell(sid).timing
    phase = view["phase"]
    if active != seat:
        why = "a spell is cast on your own turn"
    elif view.get("pending") is not None:
        why = "a decision waits first"
    elif timing != "any" and TIMING_PHASES[timing] != phase:
        now = PHASE_WORDS.get(phase, phase)
        why = f"it is cast in {TIMING_TEXT[timing].lower()}; now it is {now}"
    elif timing == "phase2_start" and not view.get("phase2_open"):
        why = "the beginning of phase 2 has passed (an offer came, or you traded without it)"
    else:
        why = "there is nothing it could do now"
    return f"cannot be cast now: {why}"


def spell_texts(
    view: dict[str, Any], seat: int | None, names: list[str], castable: set[int] | None = None
) -> Text:
    """The texts of the spells `seat` may read now: its own (face down or up) and every
    face-up one on the table (public), each with its Groschen and when it may be used;
    with `castable` (the viewer's spell cards a cast is legal for), whether each of its own
    face-up ones can be cast now, or why not."""
    out = Text()
    seen: set[tuple[int, int]] = set()
    groups: list[tuple[str, list[tuple[int, dict[str, Any]]]]] = []
    if seat is not None:
        mine = [(seat, s) for s in view["players"][seat].get("spells") or [] if s["id"]]
        groups.append(("Your spell cards", mine))
    up = [
        (i, s)
        for i, p in enumerate(view["players"])
        if i != seat
        for s in p.get("spells") or []
        if s["id"]
    ]
    groups.append(("Other spell cards you can see", up))
    for title, rows in groups:
        out.append(f"{title}\n", style="bold underline")
        if not rows:
            out.append("none\n", style="dim")
        for owner, s in rows:
            if (owner, s["index"]) in seen:
                continue
            seen.add((owner, s["index"]))
            sp = spell(s["id"])
            state = "face up (active)" if s["up"] else "face down"
            if s["up"] and owner == seat and castable is not None and not view.get("over"):
                state += ", " + cast_now(view, owner, s["id"], s["index"] in castable)
            whose = "" if owner == seat else f"{names[owner]}'s, "
            out.append(f"{sp.name}", style="bold")
            out.append(f" ({sp.name_de}) · {sp.groschen} Groschen · {whose}{state}\n")
            out.append(f"When: {TIMING_TEXT[sp.timing]}", style="italic")
            if s.get("temp"):
                out.append(" · goes back into the spell deck at the end of the turn", style="dim")
            out.append(f"\n{sp.text}\n\n")
    out.append(f"Spell deck: {view.get('spell_deck', 0)} cards face down.\n", style="dim")
    return out
