"""The task language of the vine cards: a `Fact` is what an event or the table says (a
planting, a harvest, a trade, a draw...), a `Task` is a vine card's condition over the facts
(read from data.toml), a `VineCard` is a card of the row with its task."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

CASTLE = "castle"


@dataclass(frozen=True, slots=True)
class Fact:
    """Something that happened, as the tasks see it."""

    kind: str  # plant, harvest, buy_field, turn_up, trade_give, trade_get, draw, deck_empty
    seat: int = -1
    variety: str = ""
    source: str = ""  # plant: hand, area, turned_up, offer
    cards: int = 0  # plant: cards on the field before; harvest: cards harvested
    coins: int = 0
    flag: bool = False  # plant: onto a field that held beans when the phase began;
    # draw: the kind lies on one of the drawer's fields


_TASK_KEYS = {
    "check",
    "phase",
    "event",
    "who",
    "varieties",
    "from",
    "onto",
    "on_own_field",
    "cards",
    "min_cards",
    "coins",
    "need",
    "same_kind",
    "kinds",
    "state",
    "min_coins",
}
_STATES = {
    "own_field",
    "any_field",
    "every_field",
    "empty_field",
    "kinds_on_fields",
    "last_figure",
    "coins",
}
_EVENTS = {
    "plant",
    "harvest",
    "buy_field",
    "turn_up",
    "trade_give",
    "trade_get",
    "draw",
    "deck_empty",
}


@dataclass(frozen=True, slots=True)
class Task:
    check: str  # "state", "phase" or "event"
    phase: int = 0
    event: str = ""
    who: str = "self"
    varieties: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    onto: str = ""
    on_own_field: bool = False
    cards: int | None = None
    min_cards: int = 0
    coins: int | None = None
    need: int = 1
    same_kind: int = 0
    kinds: int = 0
    state: str = ""
    min_coins: int = 0

    @classmethod
    def from_data(cls, card: str, raw: dict[str, Any]) -> Task:
        spec = {k: v for k, v in raw.items() if k in _TASK_KEYS}
        check = spec.get("check")
        if check not in ("state", "phase", "event"):
            raise ValueError(f"vine card {card}: check must be state, phase or event")
        if check == "state" and spec.get("state") not in _STATES:
            raise ValueError(f"vine card {card}: unknown state {spec.get('state')!r}")
        if check != "state" and spec.get("event") not in _EVENTS:
            raise ValueError(f"vine card {card}: unknown event {spec.get('event')!r}")
        if check == "phase" and spec.get("phase") not in (1, 2, 3, 4):
            raise ValueError(f"vine card {card}: a phase task names phase 1, 2, 3 or 4")
        spec["varieties"] = tuple(spec.get("varieties", ()))
        spec["sources"] = tuple(spec.pop("from", ()))
        return cls(**spec)

    def matches(self, f: Fact, seat: int) -> bool:
        if f.kind != self.event:
            return False
        if self.who == "self" and f.seat != seat:
            return False
        if self.varieties and f.variety not in self.varieties:
            return False
        if self.sources and f.source not in self.sources:
            return False
        if self.onto == "existing" and not f.flag:
            return False
        if self.onto == "empty" and f.cards:
            return False
        if self.on_own_field and not f.flag:
            return False
        if self.cards is not None and f.cards != self.cards:
            return False
        if f.cards < self.min_cards:
            return False
        return self.coins is None or f.coins == self.coins

    def explain(self) -> str:
        """How the engine checks this task, in a sentence for the help screen."""
        if self.check == "state":
            return "Checked against the table at any moment while your figure stands here."
        if self.check == "phase":
            return (
                f"Counts only in phase {self.phase} (anybody's turn), including what happened "
                "earlier in that same phase, before your figure arrived."
            )
        return "Must happen while your figure stands on this card, in any phase."

    def enough(self, facts: list[Fact]) -> bool:
        """Whether the matching facts fulfil the task."""
        if len(facts) < self.need:
            return False
        if self.same_kind and max(Counter(f.variety for f in facts).values()) < self.same_kind:
            return False
        return not self.kinds or len({f.variety for f in facts}) >= self.kinds


@dataclass(frozen=True, slots=True)
class VineCard:
    id: str
    text: str
    source: str
    task: Task
