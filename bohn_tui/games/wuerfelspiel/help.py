"""The dice game's rules in a few lines, for the help screen (the menu's Rules and `?`): the
rulebook's rules and the choices made where it leaves one (docs/formats.md, "The dice game")."""

from __future__ import annotations

from typing import Any


def rules_summary(rules: Any) -> list[str]:
    """The rules (the first line is the title)."""
    d = rules.data
    pays = ", ".join(f"{k} orders {v}" for k, v in sorted(d.thalers.items()))
    return [
        f"{d.title} for {rules.n}",
        "Each player has two face-up harvest cards: the upper one with five orders, "
        "fulfilled from bottom to top, and the lower one that covers the fulfilled orders.",
        "On your turn roll all five dice. After every roll place at least one more die on the "
        "bean field and roll the rest again; dice on the field are never rolled again.",
        "After every roll, before the roller places anything, every other player's lowest "
        "uncovered orders are checked against the dice of that roll only (never dice already "
        "on the field), several in a row if they fit. Covering is done for you.",
        "The bean figure: once a turn, after the others have checked, roll all the dice just "
        "rolled again (never only some); the others check this roll too.",
        "When all five dice lie on the field, your own upper card is checked against the "
        "field. Then the bean figure passes to the left.",
        f"Anyone with three or more fulfilled orders may harvest at any time (h), also on "
        f"another player's turn. Thalers: {pays}.",
        "Harvest: the upper card turns to a thaler, more thalers come from the pile, the "
        "lower card becomes the upper one and a new lower card is drawn.",
        "The new upper card is checked at once: by another player against the roll just made "
        "(before the roller places from it); by the roller against the bean field once all "
        "five dice lie there, also between turns, until the next roller rolls (the dice lie "
        "on that field until then); anyone else checks nothing then, only at the next roll.",
        "If the pile runs out when you must draw, you exchange five of your single thalers "
        "for an overview card worth five; those five cards are the new pile. With fewer "
        "than five single thalers you cannot: the harvest pays what it can draw.",
        f"End: a harvest that brings a player to {d.target} or more thalers ends the game. "
        "If it is not the roller's, the roller places the dice left at once and checks once "
        "against the field; if it is the roller's own, the turn goes on to its end; "
        "between turns (the next roller has not rolled), nobody rolls or checks again, but "
        "the last roller's new cards are checked against their field.",
        "Then everyone with three or more fulfilled orders harvests (done for you). The most "
        "thalers win; a tie shares the win. Thalers are public.",
    ]
