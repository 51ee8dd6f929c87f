"""The game log of the bean games: one readable line per event. The log is public: no line
names a card nobody else may see (drawn cards are counted, never named)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.engine.actions import Event
from bohn_tui.games.common.actions import (
    DeckRanOut,
    Discarded,
    Drew,
    FieldBought,
    GameOver,
    Harvested,
    OfferClosed,
    OfferMade,
    PhaseStarted,
    Planted,
    Traded,
    TurnedUp,
)

Who = Callable[[int | None], str]

# why an offer closed by itself (OfferClosed.reason), for its log line
GONE = {
    "cards moved": "a card it names was traded",
}


class BeanLog:
    """A Describer (engine.contract) for the bean games. `extra(event, who, vname)` gives the
    lines of a game's own events, and is asked first, so that a game may word a shared
    event its own way (Bohnröschen's run-out, which never ends it); '' for the shared
    words."""

    def __init__(
        self,
        rules: Any,
        names: list[str],
        extra: Callable[[Any, Who, Callable[[str], str]], str] | None = None,
    ) -> None:
        self.vname: Callable[[str], str] = rules.vname
        self.names = names
        self.extra = extra
        self._offer_makers: dict[int, int] = {}  # offer id -> seat
        self._headed = 0  # the last turn whose header line was written

    def cards(self, cards: tuple[str, ...] | list[str]) -> str:
        if not cards:
            return "nothing"
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return ", ".join(
            f"{n} {self.vname(c)}" if n > 1 else self.vname(c) for c, n in counts.items()
        )

    def __call__(self, e: Event, who: Who) -> str:
        if self.extra is not None:
            line = self.extra(e, who, self.vname)
            if line:
                return line
        if isinstance(e, Planted):
            src = {"offer": " (from the offer)"}
            what = self.vname(e.variety) + src.get(e.source, "")
            return f"{who(e.seat)} plants {what} on field {e.field + 1}"
        if isinstance(e, Harvested):
            s = "" if e.coins == 1 else "s"
            return f"{who(e.seat)} harvests {e.count} {self.vname(e.variety)} for {e.coins} coin{s}"
        if isinstance(e, FieldBought):
            return f"{who(e.seat)} buys a third field for {e.cost} coins"
        if isinstance(e, TurnedUp):
            if not e.cards and e.from_discard:  # only a card from the discard pile joins
                took = self.cards(e.from_discard)
                return f"{who(e.seat)} adds {took} from the discard pile to the turned-up cards"
            extra = (
                f" (+{self.cards(e.from_discard)} from the discard pile)" if e.from_discard else ""
            )
            return f"{who(e.seat)} turns up {self.cards(e.cards)}{extra}"
        if isinstance(e, Drew):
            s = "" if e.count == 1 else "s"
            return f"{who(e.seat)} draws {e.count} card{s}"
        if isinstance(e, DeckRanOut):
            if e.reshuffled:
                return f"The draw pile ran out ({e.time}): the discard pile is shuffled in"
            return "The draw pile ran out for the last time"
        if isinstance(e, OfferMade):
            self._offer_makers[e.offer] = e.seat
            give = self.cards(e.give)
            want = self.cards(e.want) if e.want else ""
            kind = "counters" if e.counter_to is not None else "offers"
            if not want:
                return f"{who(e.seat)} {kind} {who(e.to)} a gift: {give}"
            if not e.give:
                return f"{who(e.seat)} asks {who(e.to)} for {want} as a gift"
            return f"{who(e.seat)} {kind} {who(e.to)} {give} for {want}"
        if isinstance(e, OfferClosed):
            maker = self._offer_makers.get(e.offer)
            if e.reason == "withdrawn":
                return f"{who(e.seat)} withdraws an offer"
            if e.reason == "declined" and maker is not None:
                return f"{who(e.seat)} declines {who(maker)}'s offer"
            if e.reason == "declined":
                return f"{who(e.seat)} declines offer {e.offer}"
            if e.reason in GONE:
                return f"{who(e.seat)}'s offer is off: {GONE[e.reason]}"
            return ""
        if isinstance(e, Traded):
            gave, got = self.cards(e.gave), self.cards(e.got)
            return f"{who(e.seat)} and {who(e.other)} trade: {gave} for {got}"
        if isinstance(e, Discarded):
            return f"{who(e.seat)} discards {self.vname(e.variety)}"
        if isinstance(e, PhaseStarted):
            # a turn's header at its first phase (phase 1, or a later one when an empty hand
            # skips it): once a turn
            if e.turn > self._headed:
                self._headed = e.turn
                return f"— Turn {e.turn}: {self.names[e.seat]} —"
            return ""
        if isinstance(e, GameOver):
            won = " and ".join(self.names[w] for w in e.winners)
            return f"Game over ({e.reason}). {won} win{'s' if len(e.winners) == 1 else ''}"
        return ""


def round_start(e: Event) -> bool:
    """A new turn begins: the point of the coins-over-the-game chart."""
    return isinstance(e, PhaseStarted) and e.phase in ("plant", "take_offer")
