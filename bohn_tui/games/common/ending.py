"""The end of a game on the Bohnanza turn: when the draw pile runs out for the last time,
and the final harvest and scoring (a mixin of BeanRules).

Where the last run-out happens decides what is left of the turn:
- in phase 4 (drawing): the game ends after the draw, in every game (bohnanza.txt "The game
  ends instantly the third time the deck runs out"; dahlias.txt, the end of the game);
- while the cards are turned up: Bohnanza (every player count, the bean duel included) ends
  at once, before any trading or planting; the cards just turned up stay turned up and
  count for nobody (they are in no field and in no hand). Dahlias (its data's
  `turn_up_end = "after_phase_3"`) completes phases 2 and 3 of the turn first ("even if you
  could only turn over one card instead of two"). The record option "turn_up_end" overrides
  the data: Bohnanza's records saved before the rule was corrected played on like Dahlias,
  and replay with it (the game's legacy options)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.games.common.actions import DeckRanOut, Drew, Event, GameOver, Harvested
from bohn_tui.games.common.phases import OVER
from bohn_tui.games.common.table import harvest

LAST_RUNOUT = "the draw pile ran out for the last time"
LAST_RUNOUT_TURNING_UP = "the draw pile ran out for the last time as the cards were turned up"


class GameEnd:
    """The end of the game (see the module)."""

    data: Any
    count: Any
    n: int
    varieties: dict[str, Any]
    start_turn: Callable[[Any, list[Event] | None], None]
    winners: Callable[[Any], tuple[int, ...]]

    def ends_at_turn_up(self, st: Any, ev: list[Event] | None) -> bool:
        """The cards are turned up: when the draw pile ran out for the last time on the way
        and the game ends at once then (Bohnanza), end it and say True."""
        if st.deck.ending and st.options.get("turn_up_end", self.data.turn_up_end) == "at_once":
            self.game_over(st, ev, LAST_RUNOUT_TURNING_UP)
            return True
        return False

    def end_of_turn(self, st: Any, ev: list[Event] | None) -> None:
        """Hook: phase 4, the active player draws and the turn passes (`start_turn`), or the
        game ends when the draw pile has run out for the last time. A game may run its own
        phase 4 or a phase between turns (Bohnröschen's intermediate phase)."""
        if st.deck.ending:  # ran out while turning up (Dahlias: phases 2 and 3 are done)
            self.game_over(st, ev, LAST_RUNOUT)
            return
        ran: list[tuple[int, int]] = []
        drawn = st.deck.draw(self.count.draw, ran, st.rng)
        st.players[st.active].hand.extend(drawn)
        if ev is not None:
            ev.append(Drew(st.active, len(drawn)))
            ev.extend(DeckRanOut(t, size) for t, size in ran)
        if st.deck.ending:
            self.game_over(st, ev, LAST_RUNOUT)
            return
        st.active = (st.active + 1) % self.n
        self.start_turn(st, ev)

    def game_over(self, st: Any, ev: list[Event] | None, reason: str) -> None:
        """Hook: the end of the game, for `reason`: the final harvest, open offers closed,
        scores and winners, phase "over", a GameOver event. A game may score its own way.
        Cards still turned up or in a trade area stay where they are and score nothing."""
        for seat, p in enumerate(st.players):  # the final harvest
            for i, f in enumerate(p.fields):
                if f.count:
                    variety, count = f.variety, f.count
                    coins = harvest(p, i, self.varieties[variety], st.deck.discard)
                    if ev is not None:
                        ev.append(Harvested(seat, i, variety, count, coins))
        for o in list(st.offers):
            del st.offers[o]
        st.scores = tuple(len(p.coins) for p in st.players)
        st.winners = self.winners(st)
        st.phase = OVER
        st.end_reason = reason
        if ev is not None:
            ev.append(GameOver(st.scores, st.winners, reason))
