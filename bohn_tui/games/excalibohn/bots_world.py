"""A sampled Excalibohn world that fits one seat's view, for the expert's trading
(games/common/bots/trader.py asks how `standard` would answer an offer on a sampled table).

The bean table is the bean games' `determinize` (hands, piles and coins dealt at random
from the unseen cards); on top of it the spell cards: the ones the seat knows (its own, the
face-up ones, a swapped card) as they are, every other one dealt at random from the spells
it has not seen, and the rest is the spell deck. The turn's magic (uses, the Attack Spell,
the Magic Card Flow, the third field, ...) is public and copied from the view."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from bohn_tui.engine.hidden import deal, places
from bohn_tui.games.common.bots.worlds import determinize
from bohn_tui.games.common.rules import GameState
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.state import ExcalibohnState, Pending, SpellCard

__all__ = ["sample_world", "has_temp_field"]

_BASE = tuple(f.name for f in fields(GameState))


def sample_world(
    rules: Any, view: dict[str, Any], seat: int, rng: random.Random
) -> ExcalibohnState:
    """A complete ExcalibohnState that fits `view` (what `seat` sees)."""
    base = determinize(rules, view, seat, rng)
    players = view["players"]
    known = [s["id"] for p in players for s in p.get("spells", []) if s["id"] is not None]
    unseen = [i for i in cards().spells if i not in known]
    drawn, spell_deck = _deal_spells(unseen, view, rng)
    rows: list[list[SpellCard]] = []
    for holder, p in enumerate(players):
        row = []
        # a face-down card the seat knows was seen face up (or swapped): by everyone, say
        others = tuple(x for x in range(len(players)) if x != holder)
        for s in p.get("spells", []):
            sid = s["id"] if s["id"] is not None else drawn.pop(0)
            seen_by = others if s["id"] is not None and holder != seat else ()
            row.append(SpellCard(sid, up=bool(s["up"]), temp=bool(s.get("temp")), known=seen_by))
        rows.append(row)
    active = players[view["active"]]["fields"]
    uses = set(view.get("uses") or ())
    pending = []
    p = view.get("pending")
    if p is not None:
        pending.append(
            Pending(
                p["kind"],
                p["seat"],
                p.get("card"),
                p.get("source") or "",
                p.get("other"),
                bool(p.get("plant", True)),
                p.get("count") or 0,
                tuple(p.get("coins") or ()),
                p.get("index") or 0,
                bool(p.get("duel")),
            )
        )
    return ExcalibohnState(
        **{name: getattr(base, name) for name in _BASE},
        spells=rows,
        spell_deck=spell_deck,
        uses=[i in uses for i in range(len(active))],
        pending=pending,
        attack=bool(view.get("attack")),
        flow=bool(view.get("flow")),
        temp_fields=_temp_fields(view),
        traded=bool(view.get("traded")),
        phase2_open=bool(view.get("phase2_open")),
        discardable=list(view.get("discardable") or ()),
        enchanted={(e["seat"], e["field"]): e["was"] for e in view.get("enchanted") or ()},
        notes=[[] for _ in players],
        start=view.get("start", 0),
    )


def _deal_spells(
    unseen: list[str], view: dict[str, Any], rng: random.Random
) -> tuple[list[str], list[str]]:
    """The spell cards the seat has not seen, dealt (engine/hidden.py) to the face-down
    cards it does not know, in row order (the last of the shuffled cards first; "swap" for
    one past them), then the spell deck of its known size (the first of them)."""
    blanks = sum(s["id"] is None for p in view["players"] for s in p.get("spells", []))
    dealt = min(blanks, len(unseen))
    rest = len(unseen) - dealt
    drawn = ["swap"] * blanks
    deck = [""] * min(view.get("spell_deck", rest), rest)
    left = [""] * (rest - len(deck))  # (cards past the deck's size: nowhere)
    # the k-th blank takes the k-th card from the end
    where = places(deck) + places(left) + [(drawn, dealt - 1 - j) for j in range(dealt)]
    deal(unseen, where, rng)
    return drawn, deck


def _temp_fields(view: dict[str, Any]) -> list[bool]:
    """Per seat: its third field is the Bean Field Spell's (the view's flags)."""
    return [bool(f) for f in view["temp_fields"]]


def has_temp_field(view: dict[str, Any], seat: int) -> bool:
    """Whether `seat`'s third field is the Bean Field Spell's (it closes at a harvest)."""
    return _temp_fields(view)[seat]
