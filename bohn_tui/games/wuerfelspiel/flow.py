"""The dice game's turn, harvest and end (wuerfelspiel.txt and the rule choices in
docs/formats.md, "The dice game"), on a state whose action has been checked already: every
function here changes the state and appends its events to `ev`.

- After every roll (the bean figure's re-roll too) every other player's lowest uncovered
  orders are checked against that roll's dice only, in seat order from the roller's left.
- When all five dice lie on the field, the roller's own card is checked against the field;
  the bean figure passes left.
- A harvest pays 1/2/3 thalers for 3/4/5 covered orders; the new upper card is checked at once
  against the dice that player may use now (`usable`).
- The pile runs out: the player who must draw exchanges five of their single thalers for an
  overview card, the five cards are the new pile.
- A harvest to 10 or more thalers triggers the end (`trigger_end`); `finish` makes the final
  harvests and ends the game."""

from __future__ import annotations

from collections.abc import Sequence

from bohn_tui.engine.actions import Event
from bohn_tui.games.wuerfelspiel.actions import (
    Covered,
    EndTriggered,
    Exchanged,
    GameEnded,
    Harvested,
    Placed,
    Rolled,
    TurnBegan,
)
from bohn_tui.games.wuerfelspiel.dice import EXCHANGE, DiceData, covered_run, shuffle
from bohn_tui.games.wuerfelspiel.state import FIELD, ROLLED, DiceState

ROLL, FIELD_CHECK = "roll", "field"


def check(
    data: DiceData, st: DiceState, seat: int, faces: Sequence[str], source: str, ev: list[Event]
) -> int:
    """Cover the lowest uncovered orders of `seat`'s upper card that `faces` fulfil one after
    another; returns how many."""
    p = st.players[seat]
    if p.upper is None or p.covered >= 5:
        return 0
    k = covered_run(data.cards[p.upper - 1].orders, p.covered, faces)
    if k:
        orders = tuple(range(p.covered, p.covered + k))
        p.covered += k
        st.fulfilled.append((seat, orders, source))
        # whose dice: the roll's roller, or the seat whose complete field it is
        owner = st.field_seat if source == FIELD_CHECK else st.last_roller
        ev.append(Covered(seat, orders, source, st.roller if owner is None else owner))
    return k


def roll(
    data: DiceData, st: DiceState, dice: tuple[int, ...], figure: bool, ev: list[Event]
) -> None:
    """Roll `dice` (by the roller), then the others check this roll in seat order."""
    faces = st.faces
    shown = data.roll(dice).draw(st.rng)  # the rules' declared chance: data.roll
    for i, face in zip(dice, shown, strict=True):
        faces[i] = face
        st.where[i] = ROLLED
    st.first_roll = False
    st.rolls += 1
    st.last_roller, st.last_dice, st.last_figure, st.open = st.roller, dice, figure, True
    st.field_seat = None
    st.fulfilled = []
    ev.append(Rolled(st.roller, dice, shown, figure))
    n = len(st.players)
    for k in range(1, n):
        check(data, st, (st.roller + k) % n, shown, ROLL, ev)


def place(st: DiceState, dice: tuple[int, ...], ev: list[Event]) -> None:
    """The roller places `dice` of the roll just made on the bean field."""
    for i in dice:
        st.where[i] = FIELD
    st.open = False
    ev.append(Placed(st.roller, dice, tuple(st.faces[i] or "" for i in dice)))


def end_rolling(data: DiceData, st: DiceState, ev: list[Event]) -> None:
    """All five dice lie on the field: the roller checks against it; then the bean figure
    passes left, or the game ends if its end was triggered."""
    st.fulfilled = []
    st.field_seat = st.roller
    check(data, st, st.roller, st.field_faces(), FIELD_CHECK, ev)
    if st.ending is not None:
        finish(data, st, ev)
        return
    st.roller = (st.roller + 1) % len(st.players)
    st.turn += 1
    st.first_roll, st.rolls, st.figure_used = True, 0, False
    ev.append(TurnBegan(st.roller))


def usable(st: DiceState, seat: int) -> tuple[list[str], str] | None:
    """The dice `seat` may check against right after a harvest: a player who is not the
    roller, the roll just made while it is open; the roller, the complete field (until the
    next roll); otherwise none."""
    if st.open and seat != st.roller:
        return st.roll_faces(), ROLL
    if st.field_seat == seat:
        return st.field_faces(), FIELD_CHECK
    return None


def draw(st: DiceState, seat: int, ev: list[Event]) -> int | None:
    """The top card of the pile; when it is empty, an exchange first (if one can be made)."""
    if not st.pile:
        exchange(st, seat, ev)
    return st.pile.pop() if st.pile else None


def exchange(st: DiceState, harvester: int, ev: list[Event]) -> None:
    """The pile is empty while `harvester` must draw: they exchange five of their single
    thalers for an overview card (wuerfelspiel.txt: "In the rare case that you run out of
    harvest cards, take one of the overview cards ... You can exchange it for five single
    thalers that you have already received"); the five cards, shuffled, are the new pile.
    With fewer than five single thalers, or no overview card left, there is no exchange.
    The legacy option `exchange: "most"` (records saved before issue #23) gives the exchange
    to the player with the most single thalers instead (ties from the harvester on)."""
    if st.overview_left <= 0:
        return
    who = harvester
    if st.options.get("exchange") == "most":
        n = len(st.players)
        order = [(harvester + k) % n for k in range(n)]
        who = max(order, key=lambda s: (len(st.players[s].singles), -order.index(s)))
    p = st.players[who]
    if len(p.singles) < 5:
        return
    cards = p.singles[-5:]
    del p.singles[-5:]
    p.overview += 1
    st.overview_left -= 1
    shuffle(EXCHANGE, cards, st.rng)
    st.pile = cards
    ev.append(Exchanged(who))


def harvest(data: DiceData, st: DiceState, seat: int, ev: list[Event]) -> None:
    """`seat` (3+ covered orders) harvests; then its new upper card is checked at once, and
    the harvest may trigger the end."""
    p = st.players[seat]
    orders = p.covered
    pays = data.thalers[orders]
    if p.lower is None:  # left without a lower card: it gets one first
        p.lower = draw(st, seat, ev)
    card = p.upper
    assert card is not None
    p.singles.append(card)
    paid = 1
    for _ in range(pays - 1):
        c = draw(st, seat, ev)
        if c is None:
            break
        p.singles.append(c)
        paid += 1
    p.upper, p.covered = p.lower, 0
    p.lower = draw(st, seat, ev)
    # what the last roll did for this seat was on the card just harvested
    st.fulfilled = [f for f in st.fulfilled if f[0] != seat]
    ev.append(Harvested(seat, card, orders, paid, p.thalers, p.upper, p.lower))
    dice = usable(st, seat)
    if dice is not None:
        check(data, st, seat, dice[0], dice[1], ev)
    if st.ending is None and p.thalers >= data.target:
        trigger_end(data, st, seat, ev)


def trigger_end(data: DiceData, st: DiceState, seat: int, ev: list[Event]) -> None:
    """`seat`'s harvest brought it to the target. Between turns: the end at once. Another
    player's: the roller's dice still to place go on the field (no more rolling, nobody
    checks them), the roller checks once against the field, the end. The roller's own: the
    turn goes on to its end (end_rolling finishes the game)."""
    st.ending = (seat, st.players[seat].thalers)
    ev.append(EndTriggered(seat, st.ending[1]))
    if st.first_roll:
        finish(data, st, ev)
    elif seat != st.roller:
        rest = st.rolled_dice()
        if rest:
            place(st, rest, ev)
        st.fulfilled = []
        st.field_seat = st.roller
        check(data, st, st.roller, st.field_faces(), FIELD_CHECK, ev)
        finish(data, st, ev)


def finish(data: DiceData, st: DiceState, ev: list[Event]) -> None:
    """The final harvests (from the roller on, each player while they have 3+ covered
    orders), then the game is over: the most thalers win, ties share."""
    n = len(st.players)
    st.open = False
    for k in range(n):
        seat = (st.roller + k) % n
        p = st.players[seat]
        while p.ripe:
            harvest(data, st, seat, ev)
    st.over = True
    best = max(p.thalers for p in st.players)
    st.winners = tuple(s for s, p in enumerate(st.players) if p.thalers == best)
    ev.append(GameEnded(st.winners, best))
