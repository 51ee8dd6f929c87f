"""Excalibohn's rules in a few lines, for `?` and the menu's Rules: the Bohnanza turn with
phase 1b, the abilities and the spells (from cards.py)."""

from __future__ import annotations

from typing import Any

from bohn_tui.games.common.help import ordinal
from bohn_tui.games.excalibohn.cards import TIMING_TEXT, cards


def rules_summary(rules: Any) -> list[str]:
    c = rules.count
    lines = [
        f"{rules.data.title} for {rules.n}",
        f"Each player starts with {c.hands[0]} cards, two fields and one spell card; the"
        " highest Groschen starts.",
        "Your hand is never re-ordered: cards are planted from the front, drawn to the back.",
        "1a. Plant your front card (you must), then the next one if you like.",
        "1b. Use the ability of each planted field once (a row started now brings one more);"
        " discard Magic Beans from the hand to turn spell cards face up.",
        f"2. Turn up {c.turn_up} cards and trade (with a Trade or Pile Spell face up, the"
        " active player decides on it before anyone offers). 3. Plant what you got: the"
        f" active player first, then the others clockwise. 4. Draw {c.draw}.",
        "You may harvest any time, but not during a Sword duel. A field of one card is"
        " protected while another field holds more than one.",
        "Harvesting 2 or more Cap Beans brings a spell card.",
        "Abilities:",
    ]
    for ab in cards().abilities.values():
        lines.append(f"  {rules.vname(ab.variety)}: {ab.text}")
    lines.append("Spells (cast once when face up, by the active player):")
    for s in cards().spells.values():
        lines.append(f"  {s.name} ({s.groschen} Groschen, {TIMING_TEXT[s.timing]}): {s.short}")
    lines += [
        "Where the rulebook is silent:",
        "  A Sword duel ends after 5 turn-ups. A fellow without coins takes no part in the"
        " Mean Bean's turn-up; an empty coin pile turned up by a Sword does nothing.",
        "  Phase 1b is skipped when nothing can be done in it. A spell turned up in a"
        " counterattack stays up until the end of its owner's own turn.",
    ]
    lines += [
        "When the draw pile runs out, the discard pile is shuffled into a new one. When it"
        f" runs out for the {ordinal(c.end_runout)} time there is no new pile: the active"
        " player completes the turn in full (fewer cards are turned up or drawn).",
        "Then everybody harvests every field, from the active player on (2 or more Cap"
        " Beans still bring a spell card); hand cards count for nothing; the most coins wins.",
    ]
    return [*lines, rules.tiebreak_text()]
