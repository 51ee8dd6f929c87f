"""The dice game's log: one readable line per event. Everything in this game is public but
the pile's order; a drawn card is named only where it lies face up (a new harvest card)."""

from __future__ import annotations

from collections.abc import Callable

from bohn_tui.engine.actions import Event
from bohn_tui.games.wuerfelspiel.actions import (
    Covered,
    Dealt,
    EndTriggered,
    Exchanged,
    GameEnded,
    Harvested,
    Placed,
    Rolled,
    TurnBegan,
)
from bohn_tui.games.wuerfelspiel.dice import DiceData, load

Who = Callable[[int | None], str]


def _orders(orders: tuple[int, ...]) -> str:
    nums = [str(i + 1) for i in orders]
    if len(nums) == 1:
        return f"order {nums[0]}"
    return f"orders {', '.join(nums[:-1])} and {nums[-1]}"


class DiceLog:
    """A Describer (engine.contract) for the dice game."""

    def __init__(self, names: list[str], data: DiceData | None = None) -> None:
        self.names = names
        self.data = data or load()

    def faces(self, faces: tuple[str, ...]) -> str:
        by_id = self.data.by_id
        return " ".join(by_id[f].name if f in by_id else f for f in faces)

    def __call__(self, e: Event, who: Who) -> str:
        if isinstance(e, Dealt):
            return f"{who(e.seat)} gets harvest cards {e.upper} (upper) and {e.lower} (lower)."
        if isinstance(e, TurnBegan):
            return f"{who(e.seat)} takes the bean figure and the dice."
        if isinstance(e, Rolled):
            how = " again with the bean figure" if e.figure else ""
            return f"{who(e.seat)} rolls{how}: {self.faces(e.faces)}."
        if isinstance(e, Placed):
            dice = ", ".join(str(i + 1) for i in e.dice)
            return f"{who(e.seat)} places {self.faces(e.faces)} (die {dice}) on the bean field."
        if isinstance(e, Covered):
            if e.source == "field":
                where = "the bean field" if e.seat == e.roller else f"{who(e.roller)}'s bean field"
            else:
                where = f"{who(e.roller)}'s roll"
            return f"{who(e.seat)} fulfils {_orders(e.orders)} with {where}."
        if isinstance(e, Harvested):
            unit = "thaler" if e.thalers == 1 else "thalers"
            line = f"{who(e.seat)} harvests {e.orders} orders: {e.thalers} {unit} ({e.total})."
            if e.upper is None:
                return line + " No harvest card is left for them."
            lower = f", new lower card {e.lower}" if e.lower is not None else ", no lower card"
            return line + f" Card {e.upper} is the upper card now{lower}."
        if isinstance(e, Exchanged):
            return (
                f"The harvest pile ran out: {who(e.seat)} exchanges five thalers for an "
                "overview card; the five cards are the new pile."
            )
        if isinstance(e, EndTriggered):
            return f"{who(e.seat)} has {e.total} thalers: the game ends."
        if isinstance(e, GameEnded):
            won = " and ".join(who(s) for s in e.winners)
            verb = "wins" if len(e.winners) == 1 else "share the win"
            return f"{won} {verb} with {e.thalers} thalers."
        return ""
