"""What each seat sees of a Bohnanza or Dahlias state (`view`, JSON-ready), what it is asked
(`asks`), the scores and winners, the whole state
for `bohn replay --json`, and the checks: every card counted, what a seat cannot see dealt
anew (`redeal_hidden`, through the `hidden_places` hook), what is wrong with a state. A
mixin of BeanRules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bohn_tui.engine.chance import Chance, Shuffle
from bohn_tui.engine.contract import Ask
from bohn_tui.engine.hidden import redeal
from bohn_tui.games.common.phases import OVER, PLANT_TRADES, TRADE
from bohn_tui.games.common.table import RESHUFFLE, Field, PlayerState, count_cards
from bohn_tui.games.common.trading import PendingOffer

Places = list[tuple[list[str], int]]  # (pile, index) of cards, for redeal_hidden


class BeanViews:
    """The views and checks of BeanRules (see the module)."""

    data: Any
    varieties: dict[str, Any]
    field_cost: int
    duel: bool
    # what it uses of the rules' other parts (st: the state of the game on these rules)
    waiting_for: Callable[[Any], list[int]]
    phase_name: Callable[[Any], str]
    can_offer: Callable[[Any, int], bool]
    can_buy_field: Callable[[Any, PlayerState, int], bool]
    _addressees: Callable[[Any, PendingOffer], list[int]]

    def winners(self, st: Any) -> tuple[int, ...]:
        best = max(st.scores)
        tied = [s for s, score in enumerate(st.scores) if score == best]
        if len(tied) > 1 and self.data.tiebreak == "hand":
            most = max(len(st.players[s].hand) for s in tied)
            tied = [s for s in tied if len(st.players[s].hand) == most]
        elif len(tied) > 1 and self.data.tiebreak == "furthest_from_start":
            tied = [max(tied)]  # the starting player is seat 0; play goes to the left
        return tuple(tied)

    def tiebreak_text(self) -> str:
        if self.data.tiebreak == "hand":
            return "Ties: most cards in hand wins; a tie there shares the win."
        if self.data.tiebreak == "furthest_from_start":
            return "Ties: the tied player furthest from the starting player (clockwise) wins."
        return "Ties: the tied players share the win."

    def asks(self, st: Any) -> dict[int, Ask]:
        """What each seat in `waiting_for` is asked (engine.contract.Ask), then the seats that
        may only volunteer an offer; in a volunteering window (`volunteer_window`) every ask
        carries it, and says whether its seat may volunteer (`may_volunteer`)."""
        asks = {seat: self.prompt(st, seat) for seat in self.waiting_for(st)}
        window = self.volunteer_window(st)
        if window is None:
            return asks
        for seat, p in enumerate(st.players):
            may = self.may_volunteer(st, seat)
            ask = asks.get(seat)
            if ask is not None:
                asks[seat] = replace(ask, volunteer=may, window=window)
            elif may:
                text = f"{p.name} may make {st.players[st.active].name} an offer."
                asks[seat] = Ask("offer", text, volunteer=True, window=window)
        return asks

    def volunteer_window(self, st: Any) -> Any:
        """The volunteering window now (Trading's: None while nobody may volunteer)."""
        raise NotImplementedError

    def may_volunteer(self, st: Any, seat: int) -> bool:
        """Whether `seat` may volunteer an action in the window now (Trading's)."""
        raise NotImplementedError

    def prompt(self, st: Any, seat: int) -> Ask:
        """What `seat` is asked now, in words true to the moment (the privacy screen shows
        them at a hand-over). A game's own phases add theirs (`phase_prompt`)."""
        own = self.phase_prompt(st, seat)
        if own is not None:
            return own
        names = [p.name for p in st.players]
        name = names[seat]
        if st.phase == TRADE:
            to_answer = [
                o for o in st.offers.values() if o.seat != seat and seat in self._addressees(st, o)
            ]
            if len(to_answer) == 1:
                o = to_answer[0]
                kind = "a gift" if not o.want else "an offer"
                text = f"{names[o.seat]} has {kind} for {name}."
                return Ask("answer_offer", text, about=o.id)
            if to_answer:
                text = f"{name} has {len(to_answer)} offers to answer."
                return Ask("answer_offer", text, about=to_answer[0].id)
        area = len(st.players[seat].area)
        if st.phase == PLANT_TRADES and area:
            cards = f"{area} card{'s' if area != 1 else ''}"
            if seat == st.active:
                text = f"{name} plants the {cards} left from the trading."
                return Ask("turn", text)
            text = f"{name} plants the {cards} received in trades."
            return Ask("plant_received", text)
        if seat == st.active:
            return Ask("turn", f"It is {name}'s turn.")
        return Ask("decide", f"{name} decides next.")

    def phase_prompt(self, st: Any, seat: int) -> Ask | None:
        """Hook: what a game asks in a phase of its own (None: the Bohnanza asks)."""
        return None

    def scores(self, st: Any) -> list[int]:
        return [len(p.coins) for p in st.players]

    def summary(self, st: Any) -> dict[str, Any]:
        """The end of the game: scores, winners, why it ended and the tie-break rule."""
        return {
            "scores": list(st.scores),
            "winners": list(st.winners),
            "reason": st.end_reason,
            "tiebreak": self.tiebreak_text(),
            "tiebreak_by": self.data.tiebreak,  # "hand": the hand cards decide (the end
            # screen's column of them means something only then)
        }

    # -- views -----------------------------------------------------------------------------

    @staticmethod
    def open_coins(st: Any) -> bool:
        """Whether every seat sees every treasury's size: with open treasuries, or when the
        game is over. Otherwise a seat sees only its own."""
        return bool(st.options.get("open_treasuries")) or st.phase == OVER

    def view(self, st: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may know, as a JSON-ready dict; seat None is the public table."""
        open_coins = self.open_coins(st)
        players = []
        for s, p in enumerate(st.players):
            mine = s == seat
            players.append(
                {
                    "seat": s,
                    "name": p.name,
                    "hand_size": len(p.hand),
                    "hand": list(p.hand) if mine else None,
                    "fields": [self.field_view(f) for f in p.fields],
                    "coins": len(p.coins) if (mine or open_coins) else None,
                    "area": list(p.area),
                    "bought_field": p.bought_field,
                    "can_buy_field": self.can_buy_field(st, p, s) if mine else None,
                }
            )
        return {
            "game": self.data.game,
            "title": self.data.title,
            "seat": seat,
            "players": players,
            "active": st.active,
            "phase": st.phase,
            "phase_name": self.phase_name(st),
            "turn": st.turn,
            "planted": st.planted,
            "turned_up": list(st.turned_up),
            "duel_offer": list(st.duel_offer),
            "offers": [
                {
                    "id": o.id,
                    "seat": o.seat,
                    "to": o.to,
                    "give": [st.players[o.seat].hand[i] for i in o.give_hand]
                    + [st.turned_up[i] for i in o.give_up],
                    "give_hand": list(o.give_hand) if o.seat == seat else None,
                    "give_up": list(o.give_up),
                    "want": list(o.want),
                    "counter_to": o.counter_to,
                    "declined": sorted(o.declined),
                }
                for o in st.offers.values()
            ],
            "deck_size": len(st.deck.cards),
            "discard_top": st.deck.discard[-1] if st.deck.discard else None,
            "discard_size": len(st.deck.discard),
            "runouts": st.deck.runouts,
            "end_runout": st.deck.end_at,
            "ending": st.deck.ending,
            "field_cost": self.field_cost,
            "duel": self.duel,
            "waiting_for": self.waiting_for(st),
            "can_offer": self.can_offer(st, seat) if seat is not None else False,
            "varieties": list(self.varieties),
            "over": st.phase == OVER,
            "scores": list(st.scores) if st.phase == OVER else None,
            "winners": list(st.winners) if st.phase == OVER else None,
            "end_reason": st.end_reason or None,
        }

    def field_view(self, f: Field) -> dict[str, Any]:
        if not f.count:
            return {"variety": None, "count": 0, "pays": 0, "next": None}
        v = self.varieties[f.variety]  # type: ignore[index]
        step = v.next_step(f.count)
        return {
            "variety": f.variety,
            "count": f.count,
            "pays": v.coins_for(f.count),
            "next": list(step) if step else None,
        }

    # -- checks ----------------------------------------------------------------------------

    def card_count(self, st: Any) -> Counter[str]:
        """Every card wherever it is: deck, discard, hands, fields, coins, areas, offers."""
        # one list, counted once (a Counter's update is costly): the same first-seen order
        cards = st.deck.cards + st.deck.discard + st.removed + st.turned_up + st.duel_offer
        for p in st.players:
            cards += p.hand
            cards += p.coins
            cards += p.area
            for f in p.fields:
                if f.count:
                    cards += [f.variety] * f.count
        c = count_cards(cards)
        for p in st.players:  # a broken field's count below zero (a violation) counts too
            for f in p.fields:
                if f.count < 0:
                    c[f.variety] += f.count
        return c

    def chances(self, st: Any) -> list[Chance[Any] | Shuffle]:
        """The chance a bean game meets next (engine/chance.py): when the draw pile runs out,
        the discard pile shuffled into a new one (while a run-out still reshuffles:
        `reshuffles`). Draws and turn-ups come from a pile shuffled already (the deal's
        shuffle, common.table.DEAL): no chance of their own; to a seat they are hidden cards
        (`redeal_hidden`)."""
        if st.over or not st.deck.discard or not self.reshuffles(st):
            return []
        return [Shuffle(RESHUFFLE, tuple(st.deck.discard))]

    def reshuffles(self, st: Any) -> bool:
        """Hook for `chances`: whether the next run-out of the draw pile reshuffles the
        discard pile (Bohnanza: all but the last, which ends the game)."""
        return not st.deck.ending and st.deck.runouts + 1 < st.deck.end_at

    def redeal_hidden(self, st: Any, seat: int | None, rng: random.Random) -> None:
        """Deal anew what `seat` cannot see (None: the public table): the cards of each group
        of `hidden_places` change places at random among themselves, each pile keeping its
        size. `view(st, seat)` must not change (the conformance tests)."""
        for places in self.hidden_places(st, seat):
            redeal(places, rng)

    def hidden_places(self, st: Any, seat: int | None) -> list[Places]:
        """Hook for `redeal_hidden`: the places (pile, index) of the cards `seat` cannot see,
        in groups whose cards may trade places (a game's own kind of card is its own group).
        Bohnanza: the other hands, the draw pile's order and, while treasuries are closed,
        the other coin piles; cards named in open offers stay (offers are public). A game
        that hides more appends its groups to these."""
        open_coins = self.open_coins(st)
        offered = {(o.seat, i) for o in st.offers.values() for i in o.give_hand}  # public
        places: list[tuple[list[str], int]] = [
            (st.deck.cards, i) for i in range(len(st.deck.cards))
        ]
        for s, p in enumerate(st.players):
            if s != seat:
                places.extend((p.hand, i) for i in range(len(p.hand)) if (s, i) not in offered)
                if not open_coins:
                    places.extend((p.coins, i) for i in range(len(p.coins)))
        return [places]

    def violations(self, st: Any) -> list[str]:
        """What is wrong with a state: cards created or lost, impossible fields."""
        out = []
        now = self.card_count(st)
        if not dict.__eq__(now, st.total) and now != st.total:  # equal dicts: equal counts
            diff = {
                k: now[k] - st.total[k] for k in set(now) | set(st.total) if now[k] != st.total[k]
            }
            out.append(f"cards created or lost: {diff}")
        for p in st.players:
            if len(p.fields) > 3:
                out.append(f"{p.name} has {len(p.fields)} fields")
            for f in p.fields:
                if (f.count > 0) != (f.variety is not None) or f.count < 0:
                    out.append(f"{p.name} has a broken field {f!r}")
        return out

    def full_state(self, st: Any) -> dict[str, Any]:
        """The whole state as JSON (for `bohn replay --json`): nothing hidden."""
        out = self.view(st, None)
        for s, p in enumerate(st.players):
            pv = out["players"][s]
            pv["hand"] = list(p.hand)
            pv["coins"] = len(p.coins)
            pv["coin_cards"] = list(p.coins)
        out["deck"] = list(reversed(st.deck.cards))
        out["discard"] = list(st.deck.discard)
        out["removed"] = list(st.removed)
        out["seed"] = st.seed
        for o in out["offers"]:
            src = st.offers[o["id"]]
            o["give_hand"] = list(src.give_hand)
        return out
