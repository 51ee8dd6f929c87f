"""The solo hint key: what the expert (solo_search.Planner) would do now, and why, in a
player's words.

The why is what decides the move: the expert's plan for the phase that starts with it is
set against the best plan that starts with any other move (each searched on the engine as
the expert searches), and the part of the phase end's value (solo_search.Terms) in which
the move does best is named with what it is about: the task it fulfils or keeps within
reach, the field it grows and the other way's, the coins, the red figure."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from bohn_tui.games.bohnroschen.actions import DrawCards, PayTribute, PlantKind
from bohn_tui.games.bohnroschen.events import FigureMoved
from bohn_tui.games.bohnroschen.solo_search import (
    ENDERS,
    PROSPECT,
    Memory,
    Planner,
    Terms,
    clone,
    solo_rules,
    world,
)
from bohn_tui.games.bohnroschen.state import BohnroschenState
from bohn_tui.games.common.actions import (
    Action,
    BuyField,
    DiscardHand,
    EndPlanting,
    EndTurn,
    Harvest,
    PlantHand,
)

SAME = 1e-6  # two plans whose values differ by less are as good as each other


def describe(view: dict[str, Any], action: Action) -> str:
    """The action in a player's words (the solo table's)."""
    names = _names()
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


def doing(move: str) -> str:
    """A move described (describe) as a doing, for a reason's sentence: "planting all the
    Blue on field 2 would do just as well", "after harvesting field 1"."""
    verb, _, rest = move.partition(" ")
    if not verb.islower():  # (an action without words: its name as it is)
        return move
    ing = {"stop": "stopping", "leave": "leaving"}.get(verb, f"{verb}ing")
    return f"{ing} {rest}" if rest else ing


def hint(view: dict[str, Any], legal: list[Action]) -> str:
    """One or two lines: the expert's action now and its reason (empty: no decision)."""
    if not legal or "solo" not in view.get("vine", {}):
        return ""
    action, reason = advise(view, legal)
    return f"Expert: {describe(view, action)}.\nWhy: {reason}."


# -- what decides the move --------------------------------------------------------------------


@dataclass(slots=True)
class Branch:
    """A first move of the phase, the best plan after it: where the phase ends, its value
    in parts, and the figure's moves on the way."""

    action: Action
    value: float
    end: BohnroschenState
    terms: Terms
    moves: list[FigureMoved]


def advise(view: dict[str, Any], legal: list[Action]) -> tuple[Action, str]:
    """The expert's move now and what decides it against the best other move."""
    planner = Planner()
    action = planner.choose(view, legal)
    if len(legal) == 1:
        return action, "it is the only move now"
    root = world(view, legal, Memory())
    mine = _branch(planner, root, action)
    # the others that end the phase elsewhere (the same plan in another order decides nothing)
    others = [b for b in (_branch(planner, root, a) for a in legal if a != action)]
    apart = [b for b in others if _key(b.end) != _key(mine.end)]
    if not apart:
        return action, "every other move ends the phase the same way: only the order differs"
    alike = [b for b in apart if type(b.action) is type(action)]  # this field, not that one
    other = [b for b in apart if isinstance(b.action, PayTribute) == isinstance(action, PayTribute)]
    rival = max(alike or other or apart, key=lambda b: b.value)
    return action, _decides(view, root, mine, rival)


def _branch(planner: Planner, root: BohnroschenState, first: Action) -> Branch:
    """The best plan of the phase that starts with `first` (an ender: the phase ends now)."""
    rules = solo_rules()
    phase = root.phase
    if isinstance(first, ENDERS):
        return Branch(first, planner.leaf(root, phase), root, planner.terms(root, phase), [])
    st = clone(root)
    moves = _moved(rules.apply(st, first))
    if st.phase != phase or st.over:
        end, path = st, []
    else:
        plan = planner.search(st)
        end, path = (plan.end or st), plan.actions
    again = clone(st)  # the plan again, for the figure's moves on the way (not its ender)
    for a in path:
        if not isinstance(a, ENDERS):
            moves += _moved(rules.apply(again, a))
    return Branch(first, planner.leaf(end, phase), end, planner.terms(end, phase), moves)


def _key(st: BohnroschenState) -> tuple[Any, ...]:
    """Where a phase ends, as far as its value goes."""
    p = st.players[0]
    fields_ = tuple((f.variety, f.count) for f in p.fields)
    return (st.pos[0], len(p.coins), fields_, tuple(sorted(p.hand)), st.red, len(st.removed))


def _moved(events: list[Any]) -> list[FigureMoved]:
    return [e for e in events if isinstance(e, FigureMoved)]


def _decides(view: dict[str, Any], root: BohnroschenState, mine: Branch, rival: Branch) -> str:
    """The part of the value in which `mine` does best against `rival`, in words."""
    other = doing(describe(view, rival.action))
    a, b = mine.terms, rival.terms
    if a.fixed is not None and a.fixed > 0:
        return "it takes the figure into the castle: the run is won"
    if b.fixed is not None and b.fixed < 0 and (a.fixed is None or a.fixed > b.fixed):
        return f"{other} would lose the run: {_lost(b.lost)}"
    if a.fixed is not None and a.fixed < 0:
        return f"the run is lost whatever you do ({_lost(a.lost)}); this keeps it going longest"
    if mine.value - rival.value < SAME:  # a tie (or the other's search went deeper)
        return f"{other} would do just as well ({_alike(view, mine, rival)})"
    gains = {
        "figure": a.figure - b.figure,
        "task": a.task - b.task,
        "beans": a.beans - b.beans,
        "keep": a.keep - b.keep,
        "red": b.red - a.red,
        "door": b.door - a.door,
    }
    key = max(gains, key=lambda k: gains[k])
    if gains[key] <= SAME:  # no part better, only the plan shorter
        return f"it gets there in fewer moves than {other}"
    return _say(key, view, root, mine, rival, other)


def _say(
    key: str, view: dict[str, Any], root: BohnroschenState, mine: Branch, rival: Branch, other: str
) -> str:
    a, b = mine.end, rival.end
    if key == "figure":
        done = [m for m in mine.moves if m.how == "task"]
        card = _card(view, mine.moves[0]) if mine.moves else f"card {root.pos[0] + 1}"
        if done:
            more = f" and {len(done) - 1} more task(s)" if len(done) > 1 else ""
            return f"this phase it fulfils {_card(view, done[0])}{more}, which {other} would not"
        return f"tribute takes the figure past {card} this phase, further than {other} would"
    if key == "task":
        chance_a, chance_b = mine.terms.task / PROSPECT, rival.terms.task / PROSPECT
        where = _task_at(view, a.pos[0])
        if a.pos[0] != b.pos[0]:
            return (
                f"it leaves the figure on {where}, about {chance_a:.0%} likely done for free "
                f"while violet waits ({_task_at(view, b.pos[0])} after {other}: {chance_b:.0%})"
            )
        return (
            f"it keeps {where} open: about {chance_a:.0%} likely done for free while violet "
            f"waits, {chance_b:.0%} after {other}"
        )
    if key == "red":
        return (
            f"the figure keeps ahead of the violet one, so red stands still; after {other} "
            "red moves on"
        )
    if key == "door":
        return f"it brings the coins for the castle's door closer than {other}"
    coins = len(a.players[0].coins) - len(b.players[0].coins)
    ahead = b.pos[0] - a.pos[0]
    paid = len(b.removed) - len(root.removed)
    if coins > 0 and ahead > 0 and paid > 0:
        cards = "a card" if ahead == 1 else f"{ahead} cards"
        return (
            f"{other} would take the figure {cards} on for {paid} coin(s), worth less now "
            f"than the coins (kept for the castle) while {_task_at(view, a.pos[0])} may come free"
        )
    if coins > 0 and (key == "keep" or (coins > 0 and _beans(a, b, coins=False) == "")):
        more = "one more coin" if coins == 1 else f"{coins} more coins"
        return f"the phase ends with {more} than after {other} (for tribute and the castle)"
    return (
        f"the phase ends with {_beans(a, b) or 'the same beans'}; "
        f"after {other}: {_beans(b, a) or 'without them'}"
    )


def _beans(a: BohnroschenState, b: BohnroschenState, coins: bool = True) -> str:
    """What `a`'s fields, coins and hand have that `b`'s do not, in words ("": nothing)."""
    names = _names()
    pa, pb = a.players[0], b.players[0]
    bits = []
    for i, (fa, fb) in enumerate(zip(pa.fields, pb.fields, strict=False)):
        if (fa.variety, fa.count) != (fb.variety, fb.count):
            bits.append(f"field {i + 1} {_field(names, fa.variety, fa.count)}")
    if len(pa.fields) > len(pb.fields):
        bits.append("a third field")
    gained = len(pa.coins) - len(pb.coins)
    if coins and gained > 0:
        bits.append("one more coin" if gained == 1 else f"{gained} more coins")
    kept = Counter(pa.hand) - Counter(pb.hand)
    if kept:
        bits.append(", ".join(names.get(v, v) for v in sorted(kept)) + " still in hand")
    return ", ".join(bits)


def _field(names: dict[str, str], variety: str | None, count: int) -> str:
    return f"{names.get(variety or '', variety)} ×{count}" if count else "empty"


def _alike(view: dict[str, Any], mine: Branch, rival: Branch) -> str:
    if mine.terms.task > 0 and mine.end.pos[0] == rival.end.pos[0]:
        return f"beans worth the same, {_task_at(view, mine.end.pos[0])} as likely"
    return "the phase ends with beans worth the same"


def _lost(lost: str) -> str:
    if lost == "violet":
        return "the violet figure reaches the castle next turn"
    return "the red figure would reach the castle"


def _card(view: dict[str, Any], move: FigureMoved) -> str:
    return _task_at(view, move.to - 1)


def _task_at(view: dict[str, Any], pos: int) -> str:
    """Card `pos + 1` and its task, as the table shows it (a face-down card: no text)."""
    cards = view["vine"]["cards"]
    if pos >= len(cards) - 1:
        return "the castle"
    c = cards[pos]
    text = c.get("text") if c["state"] == "face_up" else None
    return f"card {pos + 1} (“{text}”)" if text else f"card {pos + 1}"


def _names() -> dict[str, str]:
    return {v.id: v.name for v in solo_rules().varieties.values()}
