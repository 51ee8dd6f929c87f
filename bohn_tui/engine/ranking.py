"""Where each seat ends a game, from its rules' `summary` (engine.contract.Rules.summary):
one piece of code for the order of the end screen and the places in the database's results
(`bohn stats`), so that both always rank a seat the same."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def ranking(summary: Mapping[str, Any]) -> list[int]:
    """The seats, best first: the game's own "ranking" when it gives one (Bohnröschen: the
    castle first), else the winners, then by score, then by seat."""
    scores = [int(s) for s in summary["scores"]]
    if summary.get("ranking"):
        return [int(s) for s in summary["ranking"]]
    winners = {int(w) for w in summary.get("winners") or []}
    return sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s], s))


def places(summary: Mapping[str, Any]) -> list[int]:
    """Each seat's place (1 is the best), by `ranking`: the winners share the first place;
    without a game's own ranking, equal scores share a place too (a game's ranking is its
    own order, ties included)."""
    scores = [int(s) for s in summary["scores"]]
    winners = {int(w) for w in summary.get("winners") or []}
    own = bool(summary.get("ranking"))
    order = ranking(summary)
    place = [len(scores)] * len(scores)
    for i, s in enumerate(order):
        prev = order[i - 1] if i else None
        same = prev is not None and (
            (s in winners and prev in winners)
            or (not own and s not in winners and prev not in winners and scores[s] == scores[prev])
        )
        place[s] = place[prev] if same and prev is not None else i + 1
    return place
