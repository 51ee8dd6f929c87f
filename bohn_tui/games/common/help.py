"""The rules of a bean game in a few lines, for `?` and the menu's Rules (made from its data,
its words and the player count)."""

from __future__ import annotations

from typing import Any

ORDINALS = ("first", "second", "third", "fourth", "fifth")


def ordinal(n: int) -> str:
    """'first', 'second', ... ('6th' past the words)."""
    return ORDINALS[n - 1] if 0 < n <= len(ORDINALS) else f"{n}th"


def end_lines(rules: Any) -> list[str]:
    """When and how the game ends (bohnanza.txt "The game ends instantly the third time the
    deck runs out"; dahlias.txt: phases 2 and 3 are completed first), for the count."""
    data, c = rules.data, rules.count
    if not c.end_runout:  # no limit: the draw pile is reshuffled every time
        return ["When the draw pile runs out, the discard pile is shuffled into a new one."]
    time = ordinal(c.end_runout)
    reshuffle = (
        "When the draw pile runs out, the discard pile is shuffled into a new one; "
        if c.end_runout > 1
        else ""
    )
    pile = "it" if reshuffle else "the draw pile"
    if data.turn_up_end == "after_phase_3":
        how = (
            f"the game ends when {pile} runs out for the {time} time. If that happens as cards are"
            " turned up, phases 2 and 3 of that turn are completed first (with the cards there"
            " are)."
        )
    else:
        how = (
            f"the game ends at once the {time} time {pile} runs out, even while cards are being"
            " turned up (those count for nobody)."
        )
    first = reshuffle + how
    return [
        first[0].upper() + first[1:],
        "Then everybody harvests every field; the most coins wins.",
    ]


def rules_lines(rules: Any) -> list[str]:
    """The bean rules for the player count; the bean duel's turn in its own words
    (card-data.md: "Bean duel turn"), with the hand, the fields and the rest that hold
    for every count."""
    data, c = rules.data, rules.count
    words = data.words
    players = rules.n
    hand = c.hands[0] if len(set(c.hands)) == 1 else "/".join(map(str, c.hands))
    removed = ", ".join(data.varieties[v].name for v in c.removed) or "none"
    head = [
        f"{data.title} for {players}",
        f"Each player starts with {hand} cards and has {c.fields} fields.",
        "Your hand is never re-ordered: cards are planted from the front, drawn to the back.",
    ]
    plant = "Plant your front card (you must), then the next one if you like"
    turn = [
        f"1. {plant}.",
        f"2. Turn up {c.turn_up} cards and trade: the turned-up cards and any hand cards,"
        " for cards of named kinds; gifts too.",
        "An offer that asks for cards you cannot give is declined for you right away (the log"
        " says so; no card is shown).",
        "3. Everybody plants the cards they got; you plant the turned-up ones left.",
    ]
    if c.duel:
        turn = [
            "Bean duel for two, no trading:",
            "1. Plant or discard the cards your opponent left you as an offer.",
            f"2. {plant}; then you may discard one card from anywhere in your hand, face up.",
            f"3. Turn up {c.turn_up} cards; while the top of the discard pile matches one of"
            " them, it is added. Plant any of them: the rest is your opponent's offer.",
        ]
    lines = [
        *head,
        *turn,
        f"4. Draw {c.draw} cards to the back of your hand. The next player goes on.",
        "A field of one card is protected while another field holds more than one.",
        f"{words.cards.capitalize()} removed at this player count: {removed}.",
    ]
    if data.third_field and c.third_field_cost:
        gone = "; the coins paid leave the game" if c.paid_coins == "removed" else ""
        lines.append(f"A third field costs {c.third_field_cost} coins{gone}.")
    if c.duel:
        lines.append("Fields are harvested only on your own turn.")
    return [*lines, *end_lines(rules), rules.tiebreak_text()]
