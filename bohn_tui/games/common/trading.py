"""Trading in phase 2, for the games on the Bohnanza turn: offers (to one seat or open to
all, gifts, counter-offers), accepting, declining, withdrawing, the re-indexing of open
offers when cards move, and who may offer. A mixin of BeanRules: it reads the rules'
`n`, `duel`, `varieties` and `vname`, and the state's `phase`, `active`, `players`,
`turned_up`, `offers` and `next_offer`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bohn_tui.engine.limits import show
from bohn_tui.games.common.actions import (
    Accept,
    Action,
    Decline,
    Event,
    IllegalAction,
    Offer,
    OfferClosed,
    OfferMade,
    Traded,
    Withdraw,
)

TRADE = "trade"  # the phase of trading (phase 2)


@dataclass(slots=True)
class PendingOffer:
    id: int
    seat: int
    to: int | None  # None: open to every other player
    give_hand: tuple[int, ...]
    give_up: tuple[int, ...]
    want: tuple[str, ...]
    counter_to: int | None
    declined: set[int] = field(default_factory=set)


class Trading:
    """The trading actions' handlers and checks (see the module)."""

    n: int
    duel: bool
    varieties: dict[str, Any]

    def vname(self, variety: str | None) -> str:
        raise NotImplementedError

    def _who(self, st: Any, seat: int) -> str:
        return str(st.players[seat].name)

    def volunteer_window(self, st: Any) -> tuple[int, int] | None:
        """The volunteering window of the asks (`Ask.window`), new when phase 2 (trade)
        begins or a trade was made: the cards in the trade areas grow exactly when a trade
        is made. The bot driver asks for offers once per window."""
        if st.phase != TRADE or self.duel:
            return None
        return st.turn, sum(len(p.area) for p in st.players)

    def may_volunteer(self, st: Any, seat: int) -> bool:
        """Whether `seat` may volunteer an offer now (`Ask.volunteer`): to the active
        player, in phase 2."""
        phase: str = st.phase
        return phase == TRADE and seat != st.active

    def _addressees(self, st: Any, o: PendingOffer) -> list[int]:
        if o.to is not None:
            return [o.to]
        return [s for s in range(self.n) if s != o.seat and s not in o.declined]

    def can_offer(self, st: Any, seat: int) -> bool:
        """Whether `seat` may make an offer now (trading is on and it has cards to trade)."""
        if st.phase != TRADE or self.duel:
            return False
        if seat == st.active:
            return self.n > 1
        return 0 <= seat < self.n

    def unasked(self, st: Any, seat: int) -> list[Action]:
        """The open offers to `seat` that it cannot take, as its declines: it does not hold
        what the offer asks for (no acceptance of it is legal now, only to decline). The
        session's driver declines them for people at once (engine/driver.py)."""
        if st.phase != TRADE or not st.offers:
            return []
        legal = self.legal_actions(st, seat)  # type: ignore[attr-defined]
        takes = {a.offer for a in legal if isinstance(a, Accept)}
        return [a for a in legal if isinstance(a, Decline) and a.offer not in takes]

    def _default_accept(self, st: Any, seat: int, o: PendingOffer) -> Accept | None:
        p = st.players[seat]
        up_left = list(st.turned_up) if seat == st.active else []
        used_hand: list[int] = []
        used_up: list[int] = []
        for want in o.want:
            for i, c in enumerate(up_left):
                if c == want and i not in used_up:
                    used_up.append(i)
                    break
            else:
                for i, c in enumerate(p.hand):
                    if c == want and i not in used_hand:
                        used_hand.append(i)
                        break
                else:
                    return None
        return Accept(seat, o.id, tuple(sorted(used_hand)), tuple(sorted(used_up)))

    def _check_cards(
        self, st: Any, seat: int, hand: tuple[int, ...], up: tuple[int, ...]
    ) -> list[str]:
        p = st.players[seat]
        if len(set(hand)) != len(hand) or len(set(up)) != len(up):
            raise IllegalAction("the same card is named twice")
        for i in hand:
            if not isinstance(i, int) or not 0 <= i < len(p.hand):
                raise IllegalAction(f"there is no card at hand position {show(i)}")
        if up and seat != st.active:
            raise IllegalAction("only the active player can trade the turned-up cards")
        for i in up:
            if not isinstance(i, int) or not 0 <= i < len(st.turned_up):
                raise IllegalAction(f"there is no turned-up card {show(i)}")
        return [p.hand[i] for i in hand] + [st.turned_up[i] for i in up]

    def _offer(self, st: Any, a: Offer, ev: list[Event] | None = None) -> None:
        if self.duel:
            raise IllegalAction("there is no trading in the bean duel")
        if st.phase != TRADE:
            raise IllegalAction("trading happens only in phase 2")
        to = a.to
        if a.seat == st.active:
            if to is not None and (not isinstance(to, int) or not 0 <= to < self.n or to == a.seat):
                raise IllegalAction("an offer goes to another player, or to all")
        else:
            if to is None:
                to = st.active
            if to != st.active:
                raise IllegalAction(
                    f"trades are only with {self._who(st, st.active)}, whose turn it is"
                )
        give = self._check_cards(st, a.seat, a.give_hand, a.give_up)
        for w in a.want:
            if w not in self.varieties:
                raise IllegalAction(f"{show(w)} is not a card of this game")
        if not give and not a.want:
            raise IllegalAction("an offer must give or ask for at least one card")
        original = None
        if a.counter_to is not None:
            original = st.offers.get(a.counter_to)
            if original is None or a.seat not in self._addressees(st, original):
                raise IllegalAction(f"there is no offer {show(a.counter_to)} to you to counter")
            if to != original.seat:
                raise IllegalAction("a counter-offer goes back to whoever made the offer")
        if original is not None:
            self._close_for(st, original, a.seat, "countered", ev)
        o = PendingOffer(st.next_offer, a.seat, to, a.give_hand, a.give_up, a.want, a.counter_to)
        st.offers[o.id] = o
        st.next_offer += 1
        if ev is not None:
            ev.append(OfferMade(o.id, a.seat, to, tuple(give), a.want, a.counter_to))

    def _close_for(
        self, st: Any, o: PendingOffer, seat: int, reason: str, ev: list[Event] | None
    ) -> None:
        """`seat` turns offer `o` down; an open offer stays open for the others."""
        if o.to is None:
            o.declined.add(seat)
            if self._addressees(st, o):
                if ev is not None:
                    ev.append(OfferClosed(o.id, seat, reason))
                return
        del st.offers[o.id]
        if ev is not None:
            ev.append(OfferClosed(o.id, seat, reason))

    def _find_offer(self, st: Any, offer: int) -> PendingOffer:
        o: PendingOffer | None = st.offers.get(offer)
        if o is None:
            raise IllegalAction(f"offer {show(offer)} is no longer open")
        return o

    def _accept(self, st: Any, a: Accept, ev: list[Event] | None = None) -> None:
        if st.phase != TRADE:
            raise IllegalAction("trading happens only in phase 2")
        o = self._find_offer(st, a.offer)
        if a.seat not in self._addressees(st, o) or a.seat == o.seat:
            raise IllegalAction(f"offer {o.id} is not made to you")
        got = self._check_cards(st, a.seat, a.give_hand, a.give_up)
        if Counter(got) != Counter(o.want):
            wanted = ", ".join(self.vname(w) for w in o.want) or "nothing"
            raise IllegalAction(f"offer {o.id} asks for {wanted}; give exactly those cards")
        gave = self._take(st, o.seat, o.give_hand, o.give_up)
        got = self._take(st, a.seat, a.give_hand, a.give_up)
        st.players[a.seat].area.extend(gave)
        st.players[o.seat].area.extend(got)
        del st.offers[o.id]
        if ev is not None:
            ev.append(Traded(o.id, o.seat, a.seat, tuple(gave), tuple(got)))
        self._reindex_offers(st, o.seat, o.give_hand, o.give_up, ev)
        self._reindex_offers(st, a.seat, a.give_hand, a.give_up, ev)

    def _take(self, st: Any, seat: int, hand: tuple[int, ...], up: tuple[int, ...]) -> list[str]:
        p = st.players[seat]
        cards = [p.hand[i] for i in hand] + [st.turned_up[i] for i in up]
        for i in sorted(hand, reverse=True):
            del p.hand[i]
        for i in sorted(up, reverse=True):
            del st.turned_up[i]
        return cards

    def _reindex_offers(
        self,
        st: Any,
        seat: int,
        hand: tuple[int, ...],
        up: tuple[int, ...],
        ev: list[Event] | None,
    ) -> None:
        """Cards left `seat`'s hand (and the turned-up cards): offers that named them close,
        the others follow the cards to their new positions."""
        if not hand and not up:
            return

        def moved(positions: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...] | None:
            if set(positions) & set(gone):
                return None
            return tuple(i - sum(1 for g in gone if g < i) for i in positions)

        for o in list(st.offers.values()):
            new_hand = moved(o.give_hand, hand) if o.seat == seat else o.give_hand
            new_up = moved(o.give_up, up)
            if new_hand is None or new_up is None:
                del st.offers[o.id]
                if ev is not None:
                    ev.append(OfferClosed(o.id, o.seat, "cards moved"))
            else:
                o.give_hand, o.give_up = new_hand, new_up

    def _decline(self, st: Any, a: Decline, ev: list[Event] | None = None) -> None:
        o = self._find_offer(st, a.offer)
        if a.seat not in self._addressees(st, o) or a.seat == o.seat:
            raise IllegalAction(f"offer {o.id} is not made to you")
        self._close_for(st, o, a.seat, "declined", ev)

    def _withdraw(self, st: Any, a: Withdraw, ev: list[Event] | None = None) -> None:
        o = self._find_offer(st, a.offer)
        if o.seat != a.seat:
            raise IllegalAction(f"offer {o.id} is not yours to withdraw")
        del st.offers[o.id]
        if ev is not None:
            ev.append(OfferClosed(o.id, a.seat, "withdrawn"))
