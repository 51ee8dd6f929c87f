"""The solo hint key: what the expert (solo_search.Planner) would do now, and why, in a
player's words."""

from __future__ import annotations

from typing import Any

from bohn_tui.games.bohnroschen.actions import DrawCards, PayTribute, PlantKind
from bohn_tui.games.bohnroschen.solo_search import Planner, solo_rules
from bohn_tui.games.common.actions import (
    Action,
    BuyField,
    DiscardHand,
    EndPlanting,
    EndTurn,
    Harvest,
    PlantHand,
)


def describe(view: dict[str, Any], action: Action) -> str:
    """The action in a player's words (the solo table's)."""
    names = {v.id: v.name for v in solo_rules().varieties.values()}
    me = view["players"][0]
    hand = me["hand"] or []
    fields_ = me["fields"]
    if isinstance(action, PlantHand):
        card = names.get(hand[0], hand[0]) if hand else "the front card"
        return f"plant your front card ({card}) on field {action.field + 1}"
    if isinstance(action, PlantKind):
        kind = names.get(action.variety, action.variety)
        return f"plant all the {kind} on field {action.field + 1}"
    if isinstance(action, DiscardHand):
        card = names.get(hand[action.index], "?") if action.index < len(hand) else "?"
        return f"discard hand card {action.index + 1} ({card})"
    if isinstance(action, Harvest):
        f = fields_[action.field]
        return f"harvest field {action.field + 1} ({names.get(f['variety'], '?')} ×{f['count']})"
    if isinstance(action, PayTribute):
        return "pay a coin of tribute"
    if isinstance(action, BuyField):
        return "buy the third field"
    if isinstance(action, EndPlanting):
        return "stop planting (turn up the cards)"
    if isinstance(action, EndTurn):
        return "leave the other turned-up beans (end phase 3)"
    if isinstance(action, DrawCards):
        return "draw your cards (ends the turn)"
    return type(action).__name__


def hint(view: dict[str, Any], legal: list[Action]) -> str:
    """One or two lines: the expert's action now and its reason (empty: no decision)."""
    if not legal or "solo" not in view.get("vine", {}):
        return ""
    planner = Planner()
    action = planner.choose(view, legal)
    return f"Expert: {describe(view, action)}.\nWhy: {planner.reason}."
