"""The rules of one player count of Bohnröschen in a few lines, for the help screen."""

from __future__ import annotations

from typing import Any


def rules_summary(rules: Any) -> list[str]:
    """The rules of this player count in a few lines, for the help screen."""
    c = rules.count
    where = "leaves the game" if rules.duel else "goes to the discard pile"
    lines = [
        "Your figure climbs the vine row to Sleeping Beauty's castle. The task on the "
        "card under your figure is recognised at once, whoever's turn it is, and your "
        "figure moves on.",
        f"Or pay tribute: the top coin of your stack {where}, and your figure moves one card on.",
    ]
    if rules.solo:
        lines += [
            "Solo: 4 rows of 7 cards, the castle 8th in row 4; four cards face up ahead.",
            "Before each phase 1 the violet figure moves 1, 2 or 3 cards (rows 1, 2, 3-4); "
            "the red one moves a card when the violet is ahead of you.",
            "Win: reach the castle with 5 coins before either of them does.",
        ]
    if rules.duel:
        if not rules.solo:
            lines.append(
                "Phase 0: plant or discard the beans your opponent left, a whole kind at a time."
            )
        lines += [
            "Phase 1: plant your front card, the second if you like; once, before or "
            "after, you may discard any hand card.",
            "Phase 2: turn up 3 (plus matching cards from the discard pile). Phase 3: "
            "plant them a whole kind at a time on one field; the rest "
            + ("go to the discard pile." if rules.solo else "is left for your opponent."),
            f"Phase 4: pay tribute if you like, then draw {c.draw}. Harvest, the third "
            "field and tribute only on your own turn; garden beans are out.",
        ]
    else:
        lines += [
            f"Phases 1-3 as in Bohnanza ({c.fields} fields"
            + (f", the third for {rules.field_cost} coins)." if rules.field_cost else ")."),
            "Tribute on your own turn until you draw in phase 4; then, in the "
            "intermediate phase, everybody may pay, in any order; nobody may harvest.",
        ]
    if not rules.solo:
        lines.append(
            f"End: past the last vine card with {rules.castle_coins} coins you enter the "
            "castle and end the game; the others harvest and pay their way in. "
            + rules.tiebreak_text()
        )
    return lines
