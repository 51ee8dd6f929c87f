"""Trading to win, for `expert`: offers chosen by predicting how `standard` answers them.

`standard`'s answer to an offer is a fixed function of the answering seat's view. The only
thing `expert` cannot see in that view is the answering seat's hand, so it samples it
(`worlds.determinize`: the unseen cards dealt at random), puts the offer on the sampled
table and asks a `StandardBot` what it would answer there. Over a few samples this gives,
for each candidate offer, how likely it is to be taken and what the taker gains. An offer
is worth making by `(own gain - PARTNER_WEIGHT * taker's gain)` times that likelihood: a
trade in a 4-player game helps two seats against the other two, so it must help this seat
more than the seat it trades with. Candidates: the turned-up cards and hand cards this seat
can spare, for nothing or for the kinds it wants most, to each other seat or to all."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import Accept, Action, IllegalAction, Offer
from bohn_tui.games.common.bots.evaluate import MIN_GAIN, Meters, meters, trade_gain, wanted
from bohn_tui.games.common.bots.people import PeopleGate
from bohn_tui.games.common.bots.standard import StandardBot
from bohn_tui.games.common.bots.worlds import determinize

SAMPLES = 8  # sampled hands per decision (shared by every candidate)
PER_WANT = 3  # candidates kept per wanted set (the ones that gain this seat most)
WANT_KINDS = 3  # kinds considered for the want side
PARTNER_WEIGHT = 0.33  # how much the taker's gain counts against this seat's (paired runs)
MIN_SCORE = 0.1  # expected net gain below which no offer is made
OFFERS_PER_TURN = 4  # own offers as the active player in one turn
PROPOSALS_PER_TURN = 2  # offers to the active player in one turn
TAKEN_BY_PEOPLE = 0.5  # an offer that reaches a person must be taken in this share of samples

# a sampled world from (rules, view, seat, rng): the bean games' `determinize`; a game whose
# state holds more than the bean table (Excalibohn's spells) passes its own
World = Callable[[Any, dict[str, Any], int, random.Random], Any]


@dataclass(slots=True)
class Candidate:
    offer: Offer
    mine: float  # this seat's gain if the offer is taken
    give: list[str]  # the cards it gives
    score: float = 0.0  # summed over samples: net gain when taken
    taken: int = 0  # samples in which it is taken


class Trader:
    """Makes offers for one seat; remembers what it tried this turn."""

    def __init__(
        self,
        rng: random.Random,
        weight: float = PARTNER_WEIGHT,
        gate: PeopleGate | None = None,
        world: World = determinize,
    ) -> None:
        self.rng = rng
        self.world = world  # how a world that fits the view is sampled
        self.gate = gate if gate is not None else PeopleGate()  # who the people are
        self.weight = weight  # how much the other side's gain counts against this seat's
        self._turn = -1
        self._made = 0
        self._tried: set[tuple[Any, ...]] = set()

    def offer(self, seat: int, view: dict[str, Any]) -> tuple[Offer | None, str]:
        """The best offer to make now (None: none worth it), with a reason for the log."""
        if view["turn"] != self._turn:
            self._turn, self._made = view["turn"], 0
            self._tried.clear()
        active = view["active"] == seat
        if not view["can_offer"] or self._made >= (
            OFFERS_PER_TURN if active else PROPOSALS_PER_TURN
        ):
            return None, ""
        m = meters(view["game"])
        cands = [c for c in candidates(m, seat, view) if _key(c.offer) not in self._tried]
        if not cands:
            return None, ""
        predict(m, seat, view, cands, self.rng, SAMPLES, self.weight, self.world)
        # a person answers every offer that reaches them: only those likely to be taken
        cands = [
            c
            for c in cands
            if not self.gate.reaches(seat, c.offer.to) or c.taken >= TAKEN_BY_PEOPLE * SAMPLES
        ]
        if not cands:
            return None, ""
        best = max(cands, key=lambda c: c.score)
        if best.score / SAMPLES < MIN_SCORE:
            return None, ""
        self._made += 1
        self._tried.add(_key(best.offer))
        names = m.names
        want = ", ".join(names[v] for v in best.offer.want)
        why = f"wants {want} for its fields" if want else "has no good field for them"
        return best.offer, why  # the log is for players: no sample counts

    def worth_taking(
        self, m: Meters, seat: int, view: dict[str, Any], accepts: list[Accept]
    ) -> list[tuple[Accept, float]]:
        """The acceptances that gain this seat more than MIN_GAIN and whose net gain (this
        seat's gain less `weight` times the offering seat's, whose hand is sampled) is at
        least MIN_SCORE, each with that net gain."""
        rules = rules_for(view["game"], len(view["players"]))
        offers = {o["id"]: o for o in view["offers"]}
        hand = view["players"][seat]["hand"] or []
        up = view["turned_up"]
        theirs = [0.0] * len(accepts)
        for _ in range(SAMPLES):
            st = self.world(rules, view, seat, random.Random(self.rng.random()))
            for k, a in enumerate(accepts):
                o = st.offers[a.offer]
                got = [hand[i] for i in a.give_hand] + [up[i] for i in a.give_up]
                theirs[k] += trade_gain(
                    m, rules.view(st, o.seat), o.seat, o.give_hand, o.give_up, got
                )
        out = []
        for k, a in enumerate(accepts):
            mine = trade_gain(m, view, seat, a.give_hand, a.give_up, offers[a.offer]["give"])
            net = mine - self.weight * theirs[k] / SAMPLES
            if mine > MIN_GAIN and net >= MIN_SCORE:
                out.append((a, net))
        return out


def _key(o: Offer) -> tuple[Any, ...]:
    return (o.to, o.give_hand, o.give_up, o.want)


def candidates(m: Meters, seat: int, view: dict[str, Any]) -> list[Candidate]:
    """Offers worth predicting: for each wanted set (nothing, one of the kinds this seat
    gains most from, or two of them), the few ways of giving that gain it most; each to
    every seat that may take it (the active player: to each other seat and to all)."""
    me = view["players"][seat]
    hand: list[str] = me["hand"] or []
    up: list[str] = view["turned_up"]
    active = view["active"] == seat
    kinds = wanted(m, view, seat, view["varieties"])
    wants: list[tuple[str, ...]] = [()] + [(v,) for _, v in kinds[:WANT_KINDS]]
    if kinds:
        wants.append((kinds[0][1], kinds[0][1]))
    if len(kinds) > 1:
        wants.append((kinds[0][1], kinds[1][1]))
    singles = [(i,) for i in range(len(hand))]
    hand_sets: list[tuple[int, ...]] = [(), *singles]
    if not active:
        hand_sets += list(combinations(range(len(hand)), 2))
    up_sets: list[tuple[int, ...]] = [()]
    if active:
        up_sets += [c for k in range(1, len(up) + 1) for c in combinations(range(len(up)), k)]
    seats = [p["seat"] for p in view["players"] if p["seat"] != seat]
    targets: list[int | None] = [*seats, None] if active else [view["active"]]
    out: list[Candidate] = []
    for want in wants:
        scored = []
        for h in hand_sets:
            for u in up_sets:
                if not (h or u or want):
                    continue
                mine = trade_gain(m, view, seat, h, u, list(want))
                if mine > MIN_GAIN:
                    scored.append((mine, h, u))
        scored.sort(reverse=True)
        for mine, h, u in scored[:PER_WANT]:
            give = [hand[i] for i in h] + [up[i] for i in u]
            for to in targets:
                out.append(Candidate(Offer(seat, to, h, u, want), mine, give))
    return out


def answer(rules: Any, st: Any, seat: int) -> Action:
    """What `standard` answers at `seat` in state `st`, short of a counter-offer (a bot
    that does not trade still accepts and declines; it only never offers)."""
    legal = rules.legal_actions(st, seat)
    return StandardBot(seat, trade=False).choose(seat, lambda: rules.view(st, seat), legal)


def predict(
    m: Meters,
    seat: int,
    view: dict[str, Any],
    cands: list[Candidate],
    rng: random.Random,
    samples: int,
    weight: float = PARTNER_WEIGHT,
    world: World = determinize,
) -> None:
    """Adds to each candidate's `score` and `taken` over `samples` sampled worlds: in each,
    the offer is put on the table and the seats it goes to answer in turn as `standard`
    would; the first to accept takes it (a counter-offer counts as no)."""
    rules = rules_for(view["game"], len(view["players"]))
    for _ in range(samples):
        st = world(rules, view, seat, random.Random(rng.random()))
        for c in cands:
            oid = st.next_offer
            try:
                rules.step(st, c.offer)
            except IllegalAction:
                continue
            order = [s for s in rules.waiting_for(st) if s != seat and _to(st, oid, s)]
            for s in order:
                a = answer(rules, st, s)
                if isinstance(a, Accept) and a.offer == oid:
                    theirs = trade_gain(m, rules.view(st, s), s, a.give_hand, a.give_up, c.give)
                    c.score += c.mine - weight * theirs
                    c.taken += 1
                    break
            st.offers.pop(oid, None)
            st.next_offer = oid


def _to(st: Any, oid: int, s: int) -> bool:
    o = st.offers.get(oid)
    return o is not None and (o.to is None or o.to == s)
