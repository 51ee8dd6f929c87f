"""Log lines for Excalibohn's own events (docs/formats.md). The log is public: a stolen or
drawn card and a face-down spell are never named. Pure: no UI, no files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.games.excalibohn.cards import cards

FATES = {"kept": "keeps it", "taken": "it is taken", "discarded": "it is discarded"}
SWORD = {
    "princess": "a Princess Bean: {a} takes it",
    "magic": "a Magic Bean: {a} activates a spell card",
    "picker": "a Picker Bean: {o} steals {a}'s rearmost hand card",
    "counter": "a Sword Bean: {o} counterattacks",
    "nothing": "nothing happens",
}
WHY = {  # why a turn-up does nothing (SwordResult.why); {a} attacks, {o}'s pile turned up
    "no_coins": "nothing happens ({o}'s coin pile is empty)",
    "no_spell": "a Magic Bean, but {a} has no face-down spell card: nothing happens",
    "no_hand": "a Picker Bean, but {a} has no hand card: nothing happens",
    "last": "a Sword Bean at the last turn-up: nothing happens, the duel ends",
}


def spell_name(spell: str | None) -> str:
    s = cards().spells.get(spell or "")
    return s.name if s else "a spell card"


def describe(e: Any, who: Callable[[int | None], str], vname: Callable[[str], str]) -> str:
    """A log line for one of Excalibohn's events ('' for none)."""
    t = e.type
    if t == "spells_dealt":
        return (
            f"Spell cards dealt: {who(e.start)} holds the most Groschen ({e.groschen}) and starts"
        )
    if t == "ability_used":
        ab = cards().abilities.get(e.variety)
        name = ab.name if ab else vname(e.variety)
        on = f" on {who(e.target)}" if e.target is not None else ""
        return f"{who(e.seat)} uses the {name} ability of field {e.field + 1}{on}"
    if t == "card_stolen":
        return f"{who(e.seat)} steals {who(e.victim)}'s rearmost hand card"
    if t == "card_tucked":
        what = "the stolen card" if e.source == "stolen" else "the drawn card"
        return f"{who(e.seat)} tucks {what} behind the hand"
    if t == "coins_shuffled":
        return ""
    if t == "coin_turned_up":
        fate = {
            "kept": "back on the pile",
            "taken": f"taken by {who(e.by)}",
            "discarded": "onto the discard pile",
        }.get(e.fate, e.fate)
        return f"{who(e.owner)}'s coin turned up: {vname(e.card)}, {fate}"
    if t == "sword_result":
        words = WHY.get(e.why, SWORD.get(e.result, e.result))
        text = words.format(a=who(e.seat), o=who(e.other))
        return f"Sword duel, turn-up {e.round}: {text}"
    if t == "spell_activated":
        how = {"magic_bean": " with a Magic Bean from the hand"}.get(e.by, "")
        return f"{who(e.seat)} activates {spell_name(e.spell)}{how}"
    if t == "spell_cast":
        on = f" on {who(e.target)}" if e.target is not None else ""
        return f"{who(e.seat)} casts {spell_name(e.spell)}{on}"
    if t == "spell_drawn":
        if e.source == "cap":
            return f"{who(e.seat)} draws a spell card for the Cap Beans"
        return f"{who(e.seat)} draws {spell_name(e.spell)} face up"
    if t == "spells_swapped":
        return (
            f"{who(e.seat)} swaps the Spell Card Swap for {who(e.target)}'s face-down spell "
            f"card #{e.index + 1}"
        )
    if t == "spell_laid":
        if e.up:
            return f"{who(e.seat)} lays {spell_name(e.spell)} face up"
        return f"{who(e.seat)} lays the spell card received face down"
    if t == "spells_turned_down":
        if not e.count and not e.returned:
            return ""
        back = f"; {len(e.returned)} shuffled back into the spell deck" if e.returned else ""
        return f"{who(e.seat)}'s spell cards turn face down{back}"
    if t == "field_opened":
        return f"{who(e.seat)} opens a third bean field"
    if t == "field_closed":
        moved = f" ({e.moved} cards move to field {e.to + 1})" if e.to is not None else ""
        return f"{who(e.seat)}'s third bean field closes{moved}"
    if t == "field_enchanted":
        return (
            f"{who(e.seat)} enchants field {e.field + 1}: the {vname(e.was)} counts as "
            f"{vname(e.variety)}"
        )
    if t == "turned_up_discarded":
        return f"{who(e.seat)} discards the turned-up {vname(e.variety)}"
    return ""
