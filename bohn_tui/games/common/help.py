"""The rules of a bean game in a few lines, for `?` (made from its data and player count)."""

from __future__ import annotations

from typing import Any


def rules_lines(rules: Any) -> list[str]:
    data, c = rules.data, rules.count
    players = rules.n
    hand = c.hands[0] if len(set(c.hands)) == 1 else "/".join(map(str, c.hands))
    removed = ", ".join(data.varieties[v].name for v in c.removed) or "none"
    lines = [
        f"{data.title} for {players}",
        f"Each player starts with {hand} cards and has {c.fields} fields.",
        "Your hand is never re-ordered: cards are planted from the front, drawn to the back.",
        "1. Plant your front card (you must), then the next one if you like.",
        f"2. Turn up {c.turn_up} cards and trade: the turned-up cards and any hand cards,"
        " for cards of named kinds; gifts too.",
        "3. Everybody plants the cards they got; you plant the turned-up ones left.",
        f"4. Draw {c.draw} cards to the back of your hand. The next player goes on.",
        "A field of one card is protected while another field holds more than one.",
        f"The game ends when the draw pile has run out {c.end_runout} time(s).",
        f"Beans removed at this player count: {removed}.",
    ]
    if data.third_field and c.third_field_cost:
        lines.append(f"A third field costs {c.third_field_cost} coins.")
    if c.duel:
        lines = [
            lines[0],
            "Bean duel for two: plant or discard the offer left by your opponent, plant 1-2",
            "hand cards (then you may discard one), turn up 3 and plant any; the rest",
            "becomes your opponent's offer. No trading.",
        ]
    tie = (
        "Ties: most cards in hand wins."
        if data.tiebreak == "hand"
        else "Ties: the player furthest from the starting player wins."
    )
    lines.append(tie)
    return lines
