"""Excalibohn positions for the tests: a state with given hands, fields, coins, spells and
piles (`table`), a snapshot of everything in it (`snap`, for refused actions), and the
actions listed for a seat by kind (`listed`)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

from bohn_tui.engine.actions import Action
from bohn_tui.games import rules_for
from bohn_tui.games.common.table import Field
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.state import ExcalibohnState, Pending, SpellCard


def spell_row(ids: list[str]) -> list[SpellCard]:
    """Spell cards from ids; "^id" is face up."""
    return [SpellCard(i.lstrip("^"), up=i.startswith("^")) for i in ids]


def table(
    n: int = 4,
    phase: str = "magic",
    hands: list[list[str]] = (),  # type: ignore[assignment]
    fields: list[list[Any]] = (),  # type: ignore[assignment]
    area: list[list[str]] = (),  # type: ignore[assignment]
    coins: list[list[str]] = (),  # type: ignore[assignment]
    spells: list[list[str]] = (),  # type: ignore[assignment]
    deck: list[str] | None = None,
    discard: list[str] = (),  # type: ignore[assignment]
    spell_deck: list[str] | None = None,
    turned_up: list[str] = (),  # type: ignore[assignment]
    active: int = 0,
    pending: list[Pending] = (),  # type: ignore[assignment]
    runouts: int = 0,
    **flags: Any,
) -> ExcalibohnState:
    """Seat `active`'s turn in `phase`: hands front card first, fields as (variety, count)
        or None (empty; two fields unless given), coins top last, `deck` (default: 30 Cap
        Beans, so that a turn can end) and `spell_deck` top card first (default: the spells in
    no row). In phase "magic" every
        planted field of the active player has its use. The state's card total is what it holds
        (so that `violations` checks the position's own cards)."""
    rules = rules_for("excalibohn", n)
    st, _ = rules.new_game([f"P{s + 1}" for s in range(n)], 7)
    st.active, st.start, st.phase = active, active, phase
    st.pending = [copy.copy(p) for p in pending]
    st.offers.clear()
    st.turned_up = list(turned_up)
    st.planted = 0
    for s, p in enumerate(st.players):
        p.hand = list(hands[s]) if s < len(hands) else []
        lay = fields[s] if s < len(fields) and fields[s] else [None, None]
        p.fields = [Field(f[0], f[1]) if f else Field() for f in lay]
        p.area = list(area[s]) if s < len(area) else []
        p.coins = list(coins[s]) if s < len(coins) else []
    st.spells = [spell_row(spells[s]) if s < len(spells) else [] for s in range(n)]
    if spell_deck is None:  # the spells in no row, in Groschen order from the top
        used = {c.id for row in st.spells for c in row}
        spell_deck = [i for i in cards().spells if i not in used]
    st.spell_deck = list(reversed(spell_deck))
    st.deck.cards = list(reversed(deck if deck is not None else ["cap"] * 30))
    st.deck.discard = list(discard)
    st.deck.runouts = runouts
    st.uses = [bool(f.count) for f in st.players[active].fields] if phase == "magic" else []
    st.attack = st.flow = st.traded = st.phase2_open = False
    st.temp_fields = [False] * n
    st.cast.clear()
    st.discardable.clear()
    st.enchanted.clear()
    st.shown = []
    st.notes = [[] for _ in range(n)]
    for key, value in flags.items():
        assert hasattr(st, key), key
        setattr(st, key, value)
    st.total = rules.card_count(st)
    return st


def snap(st: ExcalibohnState) -> tuple[Any, ...]:
    """Everything about a position (the generator included), for refused actions."""
    rules = st.rules
    st.rules = None  # type: ignore[assignment]
    try:
        raw = pickle.dumps(st)
    finally:
        st.rules = rules
    return (raw, rules.full_state(st))


def listed(st: ExcalibohnState, seat: int, kind: type[Action] | None = None) -> list[Action]:
    """`seat`'s legal actions (of type `kind` if given)."""
    out = st.rules.legal_actions(st, seat)
    return [a for a in out if kind is None or type(a) is kind]
