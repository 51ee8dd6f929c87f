"""The eleven spell cards (excalibohn.txt, "The Spell Cards"): a mixin of ExcalibohnRules.
(The interface only: the spells themselves are being written.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.engine.actions import Action, Event


class SpellRules:
    """What the rules core asks of the spells (see /work/briefs/common13.md's interface)."""

    def spell_handlers(self) -> dict[type[Action], Callable[..., None]]:
        """The handlers (st, action, ev) of CastSpell, ChooseFace and DiscardTurnedUp."""
        return {}

    def spell_actions(self, st: Any, seat: int, out: list[Action]) -> None:
        """Appends the spell actions `seat` may take now (every choice enumerated)."""

    def draw_window(self, st: Any) -> bool:
        """Whether phase 4 waits for the active player (a face-up spell usable then)."""
        return False

    def spells_end_of_turn(self, st: Any, ev: list[Event] | None) -> None:
        """The end of a turn: face-up spells turn face down, the Random Spell's draws go back
        into the deck (shuffled), the turn's spell state is cleared."""
        for row in st.spells:
            for card in row:
                card.up = False
        st.attack = False
        st.flow = False
        st.cast.clear()
        st.discardable.clear()
