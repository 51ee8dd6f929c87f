"""The rules of one player count of Bohnröschen in a few lines, for the help screen (the
menu's Rules and `?`): the turn, the vine row, tribute, the castle, the end and the win;
solo: the violet and red figures and why they move."""

from __future__ import annotations

from typing import Any


def rules_summary(rules: Any) -> list[str]:
    """The rules of this player count in a few lines (the first is the title)."""
    c = rules.count
    coins = rules.castle_coins
    where = "leaves the game" if rules.duel else "goes to the discard pile"
    # 2 players (and solo): "The gold coins with which the 3rd bean field is bought and
    # those with which tribute is paid are removed from the game entirely."
    gone = ", which leave the game (as tribute does)" if c.paid_coins == "removed" else ""
    lines = [f"{rules.data.title} for {rules.n}"]
    lines += [
        "Your figure climbs the vine row to Sleeping Beauty's castle. The task on the "
        "card under your figure is recognised at once, whoever's turn it is, and your "
        "figure moves on to the next card.",
        f"Or pay tribute: the top coin of your stack {where}, and your figure moves one card "
        "on (several coins: several cards).",
    ]
    if rules.solo:
        lines += _solo(rules)
    elif rules.duel:
        lines.append(
            "Phase 0: plant or discard the beans your opponent left, a whole kind at a time."
        )
    if rules.duel:
        rest = "go to the discard pile." if rules.solo else "are left for your opponent."
        lines += [
            f"Each player starts with {c.hands[0]} cards and has {c.fields} fields; the third "
            f"costs {rules.field_cost} coins{gone}. Garden beans are out.",
            "Phase 1: plant your front card, the second if you like; once, before or "
            "after, you may discard any hand card.",
            f"Phase 2: turn up {c.turn_up} (plus the matching cards from the top of the "
            "discard pile). Phase 3: plant them a whole kind at a time on one field; "
            f"the rest {rest}",
            f"Phase 4: pay tribute if you like, then draw {c.draw}. Harvest, the third "
            "field and tribute only on your own turn.",
        ]
    else:
        third = f", the third for {rules.field_cost} coins" if rules.field_cost else ""
        lines += [
            f"Each player starts with {c.hands[0]} cards and has {c.fields} fields{third}.",
            "Phases 1-3 as in Bohnanza: plant 1-2 cards from the front of your hand, turn "
            f"up {c.turn_up} and trade, everybody plants what they got.",
            f"Phase 4: pay tribute if you like (your last chance alone), then draw {c.draw}.",
            "Then the intermediate phase: everybody may pay tribute, as often as they like, "
            "each asked in turn behind the privacy screen; nobody may harvest.",
            "Three cards always lie face up in front of the frontmost figure; cards that "
            "every figure has passed leave the game.",
        ]
    lines.append("The draw pile may run out any number of times: the discard pile is shuffled.")
    if rules.solo:
        lines.append(
            f"Win: reach the castle with at least {coins} coins, passing every card in "
            "front of the violet and the red figure, before either of them gets there."
        )
    else:
        lines += [
            f"End: past the last vine card, a figure enters the castle when its player shows "
            f"{coins} coins (harvests count); that ends the game at once. The others harvest "
            "and pay tribute up to the castle if they can.",
            "If no bean card is left to turn up or draw, the game ends the same way.",
            rules.tiebreak_text()
            + " Nobody in the castle: nobody wins. Below the castle, the figure that "
            "climbed furthest ranks first.",
        ]
    return lines


def _solo(rules: Any) -> list[str]:
    lay = rules.solo_layout
    steps = lay["violet_steps"]
    return [
        f"Solo: {lay['rows']} rows of {lay['row_length']} cards, the castle "
        f"{lay['row_length'] + 1}th in row {lay['rows']}; four cards lie face up ahead of "
        "your figure.",
        "The violet and the red figures are the clock you race. Before each phase 1 the "
        f"violet one moves on {steps[0]} card in row 1, {steps[1]} in row 2, {steps[2]} in "
        "rows 3 and 4.",
        "Then the red one moves one card, but only if the violet figure is now ahead of "
        "the card you last fulfilled: keep ahead of violet and red stands still.",
        "If either of them reaches the castle before you, the run is lost.",
    ]
