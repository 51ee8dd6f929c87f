"""Bots' offers to people. Every offer a bot makes to a person hands the screen to that person
(hot-seat) to answer it, so a bot offers to people seldom and only what it expects them to
take: at most PEOPLE_OFFERS_PER_TURN offers to people a turn, never while one of its offers to
people is still open, and only when the person would visibly gain (PERSON_GAIN, by what the
bot can see: the person's fields and the cards they must plant). An offer to everybody reaches
every person at the table; when it is not admitted it goes to the other bot that gains most
from it instead (bots answer without a hand-over).

`people` (the seats played by people) is set on a bot by whoever seats it (the session); it is
empty by default, and then nothing changes (simulations, benchmarks)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bohn_tui.games.common.actions import Offer
from bohn_tui.games.common.bots.evaluate import meters, trade_gain

PEOPLE_OFFERS_PER_TURN = 1
PERSON_GAIN = 0.3  # coins a person must gain (as far as a bot can see) to take an offer


class PeopleGate:
    """One bot's offers to people: counted per turn, admitted or sent elsewhere."""

    def __init__(self) -> None:
        self.people: frozenset[int] = frozenset()
        self._turn = -1
        self._made = 0

    def reaches(self, seat: int, to: int | None) -> bool:
        """An offer from `seat` to `to` needs a person's answer."""
        return to in self.people if to is not None else any(p != seat for p in self.people)

    def admit(self, view: dict[str, Any], offer: Offer) -> Offer | None:
        """`offer` as it may be made: itself, sent to another bot instead, or None."""
        if not self.reaches(offer.seat, offer.to):
            return offer
        if view["turn"] != self._turn:
            self._turn, self._made = view["turn"], 0
        open_to_people = any(
            o["seat"] == offer.seat and self.reaches(o["seat"], o["to"]) for o in view["offers"]
        )
        seat = offer.seat
        if not open_to_people and self._made < PEOPLE_OFFERS_PER_TURN:
            people = [offer.to] if offer.to is not None else sorted(self.people - {seat})
            people = [p for p in people if could_take(view, offer, p)]
            if people and max(_gain(view, offer, p) for p in people) >= PERSON_GAIN:
                self._made += 1
                return offer
        if offer.to is not None or view["active"] != seat:
            return None
        bots = [p["seat"] for p in view["players"] if p["seat"] not in self.people | {seat}]
        if not bots:
            return None
        best = max(bots, key=lambda b: _gain(view, offer, b))
        if _gain(view, offer, best) <= 0:
            return None
        return Offer(seat, best, offer.give_hand, offer.give_up, offer.want, offer.counter_to)


class PeopleAware:
    """A bot with a PeopleGate: `people` reads and sets the gate's seats."""

    gate: PeopleGate

    @property
    def people(self) -> frozenset[int]:
        """The seats played by people (set by whoever seats the bot)."""
        return self.gate.people

    @people.setter
    def people(self, seats: frozenset[int]) -> None:
        self.gate.people = frozenset(seats)


def could_take(view: dict[str, Any], offer: Offer, taker: int) -> bool:
    """Whether `taker` may hold what `offer` asks for, as far as its maker can see (a person
    who cannot take it is only asked in vain: the session declines for them). The active
    taker gives a wanted kind from the turned-up cards where it lies there; the rest must
    come from the hand: no more cards than it holds, of kinds not all in sight elsewhere
    (the maker's hand, the fields, the trade areas, the turned-up cards, the discard's top)."""
    want = Counter(offer.want)
    up = view["turned_up"]
    if taker == view["active"]:
        for i, v in enumerate(up):
            if i not in offer.give_up and want[v] > 0:
                want[v] -= 1
    rest = +want
    if not rest:
        return True
    if rest.total() > view["players"][taker]["hand_size"]:
        return False
    seen = Counter(view["players"][offer.seat]["hand"] or []) + Counter(up)
    for p in view["players"]:
        seen.update(p["area"])
        for f in p["fields"]:
            if f["count"]:
                seen[f["variety"]] += f["count"]
    if view.get("discard_top") is not None:
        seen[view["discard_top"]] += 1
    counts = meters(view["game"]).counts
    return all(counts.get(v, 0) - seen[v] >= n for v, n in rest.items())


def _gain(view: dict[str, Any], offer: Offer, taker: int) -> float:
    """What `taker` gains (as `offer`'s maker can see) by getting its cards; the active player
    gives the wanted kinds from the turned-up cards when they lie there."""
    m = meters(view["game"])
    me = view["players"][offer.seat]
    up = view["turned_up"]
    give = [(me["hand"] or [])[i] for i in offer.give_hand] + [up[i] for i in offer.give_up]
    theirs_up: list[int] = []
    if taker == view["active"]:
        left = [v if i not in offer.give_up else None for i, v in enumerate(up)]
        for w in offer.want:
            if w in left:
                k = left.index(w)
                theirs_up.append(k)
                left[k] = None
    return trade_gain(m, view, taker, (), tuple(theirs_up), give, False)
