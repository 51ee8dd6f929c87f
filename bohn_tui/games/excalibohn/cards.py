"""Excalibohn's printed data beyond the beans (data.toml): the bean abilities and the eleven
spell cards, as the rules, the help, the table and the bots read them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bohn_tui.games.common.data import GameData, load

TIMINGS = ("1b", "phase2_start", "phase3", "phase4", "any")
TIMING_TEXT = {
    "1b": "Phase 1b",
    "phase2_start": "Phase 2 (at its beginning)",
    "phase3": "Phase 3",
    "phase4": "Phase 4",
    "any": "Any time during your turn",
}


@dataclass(frozen=True, slots=True)
class Spell:
    id: str
    name: str
    name_de: str
    groschen: int
    timing: str  # one of TIMINGS
    short: str  # the card's front text
    text: str  # the rulebook's explanation


@dataclass(frozen=True, slots=True)
class Ability:
    variety: str  # the bean variety that has it
    id: str  # "picker", "mean", "white", "magic", "sword"
    name: str
    text: str  # the rulebook's text
    needs: int = 0  # at least this many on the field to use it at all (Mean: 4)
    strong: int = 0  # at least this many for the stronger form (White: plant; Magic: two)


@dataclass(frozen=True, slots=True)
class Cards:
    spells: dict[str, Spell]  # by id, in the rulebook's order (Groschen ascending)
    abilities: dict[str, Ability]  # by variety id; Cap and Princess have none
    spell_at: int  # a Cap harvest of at least this many cards gives a spell card
    cap: str  # the Cap Bean's variety id
    magic: str  # the Magic Bean's variety id (discarded from the hand to activate)

    def groschen(self, ids: list[str]) -> int:
        return sum(self.spells[i].groschen for i in ids)


@cache
def cards(data: GameData | None = None) -> Cards:
    """The abilities and spells of Excalibohn's data.toml."""
    data = data or load("excalibohn")
    raw = data.extra
    spells = {}
    for s in raw["spell"]:
        if s["timing"] not in TIMINGS:
            raise ValueError(f"excalibohn: spell {s['id']!r} has timing {s['timing']!r}")
        spells[s["id"]] = Spell(
            s["id"], s["name"], s["name_de"], s["groschen"], s["timing"], s["short"], s["text"]
        )
    abilities = {
        row["variety"]: Ability(
            row["variety"],
            kind,
            row["name"],
            row["text"],
            row.get("needs", 0),
            row.get("strong", 0),
        )
        for kind, row in raw["abilities"].items()
    }
    magic = next(v for v, a in abilities.items() if a.id == "magic")
    cap, spell_at = raw["spell_card"]["variety"], raw["spell_card"]["cards"]
    return Cards(spells, abilities, spell_at, cap, magic)
