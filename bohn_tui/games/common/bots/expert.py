"""The `expert` level: Monte-Carlo search over sampled hidden information.

For a decision with several sensible choices, the bot samples complete game states that fit
its view (determinization: the cards it cannot see are dealt at random to the other hands,
the draw pile, the discard pile and the treasuries, by their known sizes), plays each
choice out to the end of the turn with `standard` players in every seat, and scores the
outcome with `evaluate.value` (its position against the average of the others). Every
choice is tried on the same samples, so their scores compare fairly. The search stops at a
time budget; planting orders no one could doubt and lone choices are not searched.

Trading goes through `trader.Trader` (on the same kind of sampled states): offers are chosen
by predicting how `standard` answers them, and offers to this seat are accepted only when
they gain it clearly more than the seat that made them. `search=False` (plantings and
harvests as `standard` plays them) and `trader=False` (standard's trading, searched) are
for the paired benchmark runs that measure what each part is worth."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from bohn_tui.engine.bots import Bot, Observe
from bohn_tui.engine.driver import drive
from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import (
    Accept,
    Action,
    BuyField,
    Decline,
    EndTrading,
    Harvest,
    IllegalAction,
)
from bohn_tui.games.common.bots.evaluate import Seat, meters, seat_of, value
from bohn_tui.games.common.bots.people import PeopleAware
from bohn_tui.games.common.bots.standard import StandardBot
from bohn_tui.games.common.bots.trader import PARTNER_WEIGHT, Trader
from bohn_tui.games.common.bots.worlds import determinize
from bohn_tui.games.common.rules import GameState

BUDGET = 0.12  # seconds of search a decision (one more sample may run over it)
MAX_SAMPLES = 24
MAX_CANDIDATES = 5
PRUNE = 1.0  # choices this far below standard's favourite (by its value) are not searched
HORIZON = 1  # rollouts play to the start of this many turns later
ANSWERS = "net"  # answers to offers: "net" (trader.worth_taking), "search", or "net+search"
SEARCH_PROPOSALS = True  # search whether to make standard's proposal, or none


class ExpertBot(PeopleAware):
    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        trade: bool = True,
        budget: float = BUDGET,
        search: bool = True,
        trader: bool = True,
        answers: str = ANSWERS,
        weight: float = PARTNER_WEIGHT,
    ) -> None:
        self.rng = random.Random(seed)
        self.trade = trade
        self.budget = budget
        self.searching = search
        self.answers = answers
        self.std = StandardBot(seed, trade)
        self.gate = self.std.gate  # one count of offers to people for both (bots/people.py)
        self.trader = (
            Trader(random.Random(seed + 1), weight, self.gate) if trader and trade else None
        )
        self.reason = ""

    def propose(self, seat: int, observe: Observe) -> Action | None:
        view = observe()
        if self.trader is not None:
            offer, self.reason = self.trader.offer(seat, view)
            return self.gate.admit(view, offer) if offer is not None else None
        proposal = self.std.propose(seat, lambda: view)
        self.reason = self.std.reason
        if proposal is None or not SEARCH_PROPOSALS:
            return proposal
        scores = self.search(seat, view, [proposal, None])
        return proposal if scores[0] >= scores[1] else None

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        view = observe()
        pick = self.std.choose(seat, lambda: view, legal)
        self.reason = self.std.reason
        if isinstance(pick, BuyField) or view["over"]:
            return pick
        if self.trader is not None and _free_to_offer(view, seat, legal):
            offer, reason = self.trader.offer(seat, view)
            offer = self.gate.admit(view, offer) if offer is not None else None
            if offer is not None:
                self.reason = reason
                return offer
            end = next(a for a in legal if isinstance(a, EndTrading))
            self.reason = "no offer would gain it more than its partner"
            return end
        if self.trader is not None and self.answers != "search" and view["phase"] == "trade":
            legal, pick = self._answer(self.trader, seat, view, legal, pick)
            if self.answers == "net":
                return pick
        if not self.searching and view["phase"] != "trade":
            return pick
        cands = self.candidates(seat, view, legal, pick)
        if len(cands) < 2:
            return pick
        scores = self.search(seat, view, cands)
        best = max(range(len(cands)), key=lambda i: (scores[i], cands[i] == pick))
        chosen = cands[best]
        if chosen != pick:
            self.reason = self._explain(seat, view, chosen)
        return chosen

    def _answer(
        self, trader: Trader, seat: int, view: dict[str, Any], legal: list[Action], pick: Action
    ) -> tuple[list[Action], Action]:
        """Offers to this seat: only acceptances that gain it clearly more than the offering
        seat stay (`trader.worth_taking`); the best of them, or standard's answer if it was
        not an acceptance, or a decline."""
        accepts = [a for a in legal if isinstance(a, Accept)]
        if not accepts:
            return legal, pick
        good = trader.worth_taking(meters(view["game"]), seat, view, accepts)
        keep = {a for a, _ in good}
        legal = [a for a in legal if not isinstance(a, Accept) or a in keep]
        if good:
            best, net = max(good, key=lambda x: x[1])
            if not isinstance(pick, Accept) or pick not in keep:
                pick = best
                self.reason = f"gains about {net:.1f} coins more than the other side"
        elif isinstance(pick, Accept):
            pick = Decline(seat, pick.offer)
            self.reason = "the trade would help the other side more"
        return legal, pick

    # -- what to search ----------------------------------------------------------------

    def candidates(
        self, seat: int, view: dict[str, Any], legal: list[Action], pick: Action
    ) -> list[Action]:
        m = meters(view["game"])
        if view["phase"] == "trade":
            offer = getattr(pick, "offer", None)
            out = [pick]
            for a in legal:
                if isinstance(a, Accept | EndTrading) or (
                    isinstance(a, Decline) and a.offer == offer
                ):
                    if a not in out:
                        out.append(a)
            return out[:MAX_CANDIDATES]
        s = self._seat(view, seat)
        seen: set[tuple[Any, ...]] = set()
        scored = []
        for a in legal:
            # a harvest is searched only when standard would harvest: the rollouts end with
            # the turn, and a harvest's coins are sure while the fields' worth is a guess
            # (searching them cost about 1.5 coins a game against standard players)
            if isinstance(a, BuyField) or (isinstance(a, Harvest) and a != pick):
                continue
            # planting on one empty field or another is the same choice
            f = getattr(a, "field", None)
            key: tuple[Any, ...] = (type(a), getattr(a, "variety", None), f)
            if f is not None and not isinstance(a, Harvest) and s.fields[f][1] == 0:
                key = (type(a), getattr(a, "variety", None), "empty")
            if key in seen:
                continue
            seen.add(key)
            scored.append((self.std.after(m, view, seat, s, a), a))
        if not scored:
            return [pick]
        top = max(v for v, _ in scored)
        out = [pick] + [a for v, a in sorted(scored, key=lambda x: -x[0]) if v >= top - PRUNE]
        return list(dict.fromkeys(out))[:MAX_CANDIDATES]

    @staticmethod
    def _seat(view: dict[str, Any], seat: int) -> Seat:
        return seat_of(view, seat)

    def _explain(self, seat: int, view: dict[str, Any], a: Action) -> str:
        if isinstance(a, Accept):
            return "the sampled futures favour this trade"
        if isinstance(a, Decline):
            return "the sampled futures favour keeping its cards"
        if isinstance(a, EndTrading):
            return "no trade improves its sampled futures"
        m = meters(view["game"])
        return self.std.explain(m, view, self._seat(view, seat), a) or "best in sampled futures"

    # -- the search --------------------------------------------------------------------

    def search(
        self, seat: int, view: dict[str, Any], cands: Sequence[Action | None]
    ) -> list[float]:
        """Each choice's summed outcome over the same sampled worlds (None: do nothing)."""
        rules = rules_for(view["game"], len(view["players"]))  # cached
        m = meters(view["game"])
        totals = [0.0] * len(cands)
        start = time.perf_counter()
        stop_turn = view["turn"] + HORIZON
        for _ in range(MAX_SAMPLES):
            seed = self.rng.random()
            for i, a in enumerate(cands):
                st = determinize(rules, view, seat, random.Random(seed))
                if a is not None:
                    try:
                        rules.step(st, a)
                    except IllegalAction:
                        totals[i] -= 100.0
                        continue
                bots: list[Bot] = [
                    StandardBot(int(seed * 1e9) + s, self.trade) for s in range(rules.n)
                ]
                drive(st, bots, [], [], until_turn=stop_turn, propose_first=False)
                totals[i] += outcome(m, st, seat)
            if time.perf_counter() - start > self.budget:
                break
        return totals


def _free_to_offer(view: dict[str, Any], seat: int, legal: list[Action]) -> bool:
    """The active player in the trade phase with no offer to answer."""
    return (
        view["phase"] == "trade"
        and view["active"] == seat
        and not any(isinstance(a, Accept | Decline) for a in legal)
        and any(isinstance(a, EndTrading) for a in legal)
    )


def outcome(m: Any, st: GameState, seat: int) -> float:
    """The seat's position against the average of the others, by `evaluate.value`."""
    vals = []
    for p in st.players:
        fields = [[f.variety, f.count] for f in p.fields]
        vals.append(value(m, fields, len(p.coins), p.hand, p.area))
    others = [v for s, v in enumerate(vals) if s != seat]
    return vals[seat] - sum(others) / max(1, len(others))
