"""The `standard` level: a heuristic player. Every planting and harvesting choice goes to
the position worth most by `evaluate.value` (coins, fields against the bean-o-meters, the
cards still to plant, the front of the hand); trades are made and answered by comparing
what each side gains (`evaluate.trade_gain`, `evaluate.fair`)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from bohn_tui.engine.bots import Observe
from bohn_tui.games.common.actions import (
    Accept,
    Action,
    BuyField,
    Decline,
    DiscardHand,
    DiscardOffer,
    EndPlanting,
    EndTrading,
    EndTurn,
    Harvest,
    Offer,
    PlantArea,
    PlantHand,
)
from bohn_tui.games.common.bots.evaluate import (
    MIN_GAIN,
    Meters,
    Seat,
    fair,
    meters,
    plant_one,
    seat_of,
    trade_gain,
    value,
    wanted,
)
from bohn_tui.games.common.bots.people import PeopleAware, PeopleGate
from bohn_tui.games.common.data import load

OFFERS_PER_TURN = 3  # offers the active player makes in one turn
PROPOSALS_PER_TURN = 2  # offers a non-active player makes to the active one in one turn
BUY_TURNS = 3.0  # buy the third field when at least this many own turns seem to be left
DUEL_DENY = 0.8  # in the bean duel, the share of the opponent's gain from leftovers
HARVEST_BIAS = 0.02  # a harvest must be this much better than keeping the field
BUY_REASON = "a third field pays for itself with this much of the game left"
# the phases whose cards to plant lie open on the table (the trading area, the duel's offer,
# the turned-up cards); in the others the next card is the hand's front, which no one else sees
PUBLIC_PILES = frozenset({"plant_trades", "take_offer", "plant_turned_up"})


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class StandardBot(PeopleAware):
    level = "standard"

    def __init__(self, seed: int = 0, trade: bool = True) -> None:
        self.rng = random.Random(seed)
        self.trade = trade
        self.reason = ""
        self._turn = -1
        self._made = 0
        self._tried: set[tuple[Any, ...]] = set()
        self.gate = PeopleGate()  # its offers to people (bots/people.py)

    # -- the protocol ------------------------------------------------------------------

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        self.reason = ""
        view = observe()
        m = meters(view["game"])
        if view["phase"] == "trade":
            return self._trade(m, seat, view, legal)
        if len(legal) == 1:
            return legal[0]
        buy = next((a for a in legal if isinstance(a, BuyField)), None)
        if buy is not None and self.should_buy(view):
            self.reason = BUY_REASON
            return buy
        return self.best_move(m, seat, view, legal)

    def propose(self, seat: int, observe: Observe) -> Action | None:
        """An offer to the active player when trading begins or after a trade."""
        self.reason = ""
        if not self.trade:
            return None
        view = observe()
        if not view["can_offer"] or view["active"] == seat:
            return None
        self._new_turn(view)
        if self._made >= PROPOSALS_PER_TURN:
            return None
        m = meters(view["game"])
        offer = self._proposal(m, seat, view)
        if offer is not None:
            offer = self.gate.admit(view, offer)
        if offer is not None:
            self._made += 1
        return offer

    # -- planting and harvesting -------------------------------------------------------

    def should_buy(self, view: dict[str, Any]) -> bool:
        n = len(view["players"])
        count = load(view["game"]).for_players(n)
        passes = max(0, view["end_runout"] - view["runouts"] - 1)
        cards: int = view["deck_size"] + passes * max(view["discard_size"], 30)
        return cards / (n * (count.turn_up + count.draw)) >= BUY_TURNS

    def best_move(self, m: Meters, seat: int, view: dict[str, Any], legal: list[Action]) -> Action:
        s = seat_of(view, seat)
        best: Action | None = None
        best_v = -1e9
        for a in legal:
            if isinstance(a, BuyField):
                continue
            v = self.after(m, view, seat, s, a)
            if isinstance(a, Harvest):
                v -= HARVEST_BIAS
            if v > best_v:
                best, best_v = a, v
        chosen = best if best is not None else legal[0]
        self.reason = self.explain(m, view, s, chosen)
        return chosen

    def after(self, m: Meters, view: dict[str, Any], seat: int, s: Seat, a: Action) -> float:
        """The value of the position `a` leads to (for the seat that takes it)."""
        phase = view["phase"]
        fields = [list(f) for f in s.fields]
        hand = list(s.hand)
        coins = s.coins
        must: list[str] = list(s.area) if phase == "plant_trades" else []
        may: list[str] = []
        if phase == "take_offer":
            may = list(view["duel_offer"])
        elif phase == "plant_turned_up":
            may = list(view["turned_up"])
        if isinstance(a, PlantHand):
            v = hand.pop(0)
            fields[a.field] = [v, fields[a.field][1] + 1]
        elif isinstance(a, DiscardHand):
            hand.pop(a.index)
        elif isinstance(a, PlantArea):
            pile = must if phase == "plant_trades" else may
            pile.remove(a.variety)
            fields[a.field] = [a.variety, fields[a.field][1] + 1]
        elif isinstance(a, DiscardOffer):
            may.remove(a.variety)
        elif isinstance(a, Harvest):
            fv, c = fields[a.field]
            coins += m.pay_of(fv, c)
            fields[a.field] = [None, 0]
        elif isinstance(a, EndTurn):
            left = may
            may = []
            if len(view["players"]) < 2:  # solo: the rest goes to the discard pile
                return value(m, fields, coins, hand, must, [])
            opp = seat_of(view, 1 - seat)
            deny = sum(max(0.0, plant_one(m, [list(f) for f in opp.fields], v)[0]) for v in left)
            return value(m, fields, coins, hand, must, may) - DUEL_DENY * deny
        return value(m, fields, coins, hand, must, may)

    def explain(self, m: Meters, view: dict[str, Any], s: Seat, a: Action) -> str:
        """A short reason for the game log. The log is public: a reason names only what the
        table sees once the action shows (fields, turned-up cards, offers, the card a
        planting or a discard shows), never a card still in the hand."""
        name = m.names.get
        if isinstance(a, Harvest):
            fv, c = s.fields[a.field]
            nxt = [v for v in self._to_plant(view, s) if not any(f[0] == v for f in s.fields)]
            if nxt and view["phase"] in PUBLIC_PILES:
                return f"needs the field for {name(nxt[0])}"
            if nxt:
                return "needs a free field for the front card of its hand"
            if m.pay_of(fv, c) == m.pay_of(fv, 10**3):
                return f"{name(fv)} pays its most"
            return "frees a field"
        if isinstance(a, PlantHand | PlantArea):
            v = s.hand[0] if isinstance(a, PlantHand) else a.variety
            fv, c = s.fields[a.field]
            if c:
                return f"joins its {c} {name(v)}"
            return f"starts a field of {name(v)}"
        if isinstance(a, EndPlanting) and s.hand:
            return "keeps its next card in hand: no field worth it"
        if isinstance(a, DiscardHand):
            return f"{name(s.hand[a.index])} would spoil a field"
        if isinstance(a, DiscardOffer):
            return f"no good field for {name(a.variety)}"
        if isinstance(a, EndTurn) and view["turned_up"]:
            return "leaves the rest: no room worth it"
        return ""

    @staticmethod
    def _to_plant(view: dict[str, Any], s: Seat) -> list[str]:
        """The cards to plant next: a pile on the table (PUBLIC_PILES), or the hand's front."""
        phase = view["phase"]
        if phase == "plant_trades":
            return s.area
        if phase == "take_offer":
            return list(view["duel_offer"])
        if phase == "plant_turned_up":
            return list(view["turned_up"])
        return s.hand[:1]

    # -- trading -----------------------------------------------------------------------

    def _new_turn(self, view: dict[str, Any]) -> None:
        if view["turn"] != self._turn:
            self._turn, self._made = view["turn"], 0
            self._tried.clear()

    def _trade(self, m: Meters, seat: int, view: dict[str, Any], legal: list[Action]) -> Action:
        self._new_turn(view)
        offers = {o["id"]: o for o in view["offers"]}
        accepts = {a.offer: a for a in legal if isinstance(a, Accept)}
        declines = [a for a in legal if isinstance(a, Decline)]
        best: Accept | None = None
        best_gain = 0.0
        for d in declines:
            acc = accepts.get(d.offer)
            if acc is None:
                continue
            o = offers[d.offer]
            mine = trade_gain(m, view, seat, acc.give_hand, acc.give_up, o["give"])
            got = [view["players"][seat]["hand"][i] for i in acc.give_hand] + [
                view["turned_up"][i] for i in acc.give_up
            ]
            theirs = trade_gain(m, view, o["seat"], (), tuple(o["give_up"]), got, False)
            if fair(mine, theirs, len(view["players"])) and mine > best_gain:
                best, best_gain = acc, mine
        if best is not None:
            o = offers[best.offer]
            self.reason = f"gains about {best_gain:.1f} coins from {self._cards(m, o['give'])}"
            return best
        if declines:
            d = declines[0]
            counter = self._counter(m, seat, view, offers[d.offer])
            counter = self.gate.admit(view, counter) if counter is not None else None
            if counter is not None:
                return counter
            self.reason = "gains too little or gives away too much"
            return d
        end = next((a for a in legal if isinstance(a, EndTrading)), None)
        if end is None:  # only own offers left to withdraw, or nothing: keep it simple
            return legal[0]
        if self.trade and view["can_offer"] and self._made < OFFERS_PER_TURN:
            offer = self._active_offer(m, seat, view)
            offer = self.gate.admit(view, offer) if offer is not None else None
            if offer is not None:
                self._made += 1
                return offer
        self.reason = ""
        return end

    @staticmethod
    def _cards(m: Meters, cards: list[str]) -> str:
        return ", ".join(m.names.get(c, c) for c in cards) or "nothing"

    def _junk(self, m: Meters, seat: int, view: dict[str, Any]) -> list[tuple[float, int]]:
        """Hand positions worth giving away, with what giving each one alone gains."""
        hand = view["players"][seat]["hand"] or []
        out = []
        for i in range(len(hand)):
            g = trade_gain(m, view, seat, (i,), (), [])
            out.append((g, i))
        out.sort(reverse=True)
        return out

    def _active_offer(self, m: Meters, seat: int, view: dict[str, Any]) -> Offer | None:
        up = view["turned_up"]
        unwanted = tuple(
            i for i in range(len(up)) if trade_gain(m, view, seat, (), (i,), []) > 0.05
        )
        wants = wanted(m, view, seat, view["varieties"])
        junk = [i for g, i in self._junk(m, seat, view)[:2] if g > 0.05]
        cands: list[tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]] = []
        for _, w in wants[:2]:
            if unwanted:
                cands.append(((), unwanted, (w,)))
            if junk:
                cands.append(((junk[0],), unwanted, (w,)))
        if unwanted or junk:
            cands.append((tuple(junk[:1]), unwanted, ()))
        best: Offer | None = None
        best_key: tuple[Any, ...] = ()
        best_gain = MIN_GAIN
        others = [p["seat"] for p in view["players"] if p["seat"] != seat]
        for hand_i, up_i, want in cands:
            key = (tuple(view["players"][seat]["hand"][i] for i in hand_i), up_i, want)
            if key in self._tried or not (hand_i or up_i):
                continue
            mine = trade_gain(m, view, seat, hand_i, up_i, list(want))
            give = [view["players"][seat]["hand"][i] for i in hand_i] + [up[i] for i in up_i]
            theirs = max(trade_gain(m, view, o, (), (), give, False) for o in others)
            if fair(mine, theirs, len(view["players"])) and mine > best_gain:
                best_gain, best_key = mine, key
                best = Offer(seat, None, tuple(sorted(hand_i)), tuple(sorted(up_i)), want)
        if best is not None:
            self._tried.add(best_key)
            if best.want:
                self.reason = f"wants {self._cards(m, list(best.want))} for its fields"
            else:
                self.reason = "has no good field for them"
        return best

    def _proposal(
        self, m: Meters, seat: int, view: dict[str, Any], counter_to: dict[str, Any] | None = None
    ) -> Offer | None:
        """Best offer to the active player: cards it can spare for the active player's
        cards it wants (the turned-up ones, or those of an offer it counters)."""
        active = view["active"]
        up = view["turned_up"]
        pool = list(counter_to["give"]) if counter_to is not None else list(up)
        wants = wanted(m, view, seat, dict.fromkeys(pool))
        junk = [i for g, i in self._junk(m, seat, view)[:3] if g > -0.3]
        gives: list[tuple[int, ...]] = [()]
        gives += [(i,) for i in junk]
        gives += [tuple(sorted(c)) for c in combinations(junk[:3], 2)]
        want_sets: list[tuple[str, ...]] = [(v,) for _, v in wants[:2]]
        if len(wants) >= 2 and pool.count(wants[0][1]) + pool.count(wants[1][1]) >= 2:
            want_sets.append((wants[0][1], wants[1][1]))
        hand = view["players"][seat]["hand"] or []
        n = len(view["players"])
        best: Offer | None = None
        best_score = 0.0
        for want in want_sets:
            # the active player gives these from its turned-up cards when it can
            left: list[str | None] = list(up)  # a card picked becomes None: not picked twice
            up_i = []
            for w in want:
                if w in left:
                    k = left.index(w)
                    up_i.append(k)
                    left[k] = None
            for give in gives:
                key = (tuple(hand[i] for i in give), want)
                if key in self._tried:
                    continue
                mine = trade_gain(m, view, seat, give, (), list(want))
                theirs = trade_gain(
                    m, view, active, (), tuple(up_i), [hand[i] for i in give], False
                )
                score = mine - 0.5 * theirs
                if fair(mine, theirs, n) and theirs > -0.05 and score > best_score:
                    best_score = score
                    cid = counter_to["id"] if counter_to is not None else None
                    best = Offer(seat, active, give, (), want, cid)
        if best is None and counter_to is None:
            best = self._unload(m, seat, view)
        if best is not None:
            self._tried.add((tuple(hand[i] for i in best.give_hand), best.want))
            if not self.reason:
                self.reason = f"wants {self._cards(m, list(best.want))} for its fields"
        return best

    def _unload(self, m: Meters, seat: int, view: dict[str, Any]) -> Offer | None:
        """A gift of a hand card that would spoil a field, if the active player can use it."""
        active = view["active"]
        hand = view["players"][seat]["hand"] or []
        for g, i in self._junk(m, seat, view)[:2]:
            if g <= MIN_GAIN:
                break
            key = ((hand[i],), ())
            if key in self._tried:
                continue
            theirs = trade_gain(m, view, active, (), (), [hand[i]], False)
            if theirs > 0 and fair(g, theirs, len(view["players"])):
                self.reason = f"{m.names.get(hand[i])} would spoil one of its fields"
                return Offer(seat, active, (i,), (), ())
        return None

    def _counter(
        self, m: Meters, seat: int, view: dict[str, Any], o: dict[str, Any]
    ) -> Offer | None:
        if not (self.trade and view["can_offer"]) or o["seat"] != view["active"]:
            return None
        if self._made >= PROPOSALS_PER_TURN:
            return None
        offer = self._proposal(m, seat, view, counter_to=o)
        if offer is not None:
            self._made += 1
            self.reason = "counters: " + self.reason
        return offer
