"""What each seat sees of an Excalibohn state (docs/formats.md, "Excalibohn": the view keys
beyond Bohnanza's), the cards counted with the spells and the decisions' cards, and what a
seat cannot know dealt anew (the face-down spells it does not know, the spell deck, the
coin piles' orders). A mixin of ExcalibohnRules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bohn_tui.engine import hidden
from bohn_tui.games.common.phases import OVER
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.state import ExcalibohnState, Pending

SPELL_COUNT = 11
# a coin turned up (state.shown): whose pile, the card, its fate ("kept", "taken",
# "discarded"), for whom (the Mean: the owner; the Sword: the attacker of that round), the
# ability ("mean", "sword"), and for the Sword the round's result (SwordResult's, or
# "unused": the Attack Spell's coin not chosen) and the round (None for the Mean)
SHOWN_KEYS = ("owner", "card", "fate", "by", "ability", "result", "round")


def may_see(st: ExcalibohnState, holder: int, index: int, seat: int | None) -> bool:
    """Whether `seat` knows which spell card `holder` has at row `index`."""
    card = st.spells[holder][index]
    if card.up or st.phase == OVER or seat == holder:
        return True
    if seat is None:  # the public table: a card every other seat knows (it was face up)
        return len(card.known) >= len(st.players) - 1
    return seat in card.known


def sees_pending_card(p: Pending, seat: int | None) -> bool:
    """The card of a decision is seen by its holder and the victim of a steal."""
    return seat is not None and (seat == p.seat or (p.source == "stolen" and seat == p.other))


class ExcalibohnViews:
    """The views and checks (see the module)."""

    data: Any
    varieties: dict[str, Any]
    phase2_waits: Callable[..., bool]

    def view(self, st: ExcalibohnState, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = super().view(st, seat)  # type: ignore[misc]
        over = st.phase == OVER
        for s, pv in enumerate(out["players"]):
            row = st.spells[s]
            pv["spells"] = [
                {
                    "index": i,
                    "id": c.id if may_see(st, s, i, seat) else None,
                    "up": c.up,
                    "temp": c.temp,
                }
                for i, c in enumerate(row)
            ]
            pv["spell_count"] = len(row)
            pv["groschen"] = cards().groschen([c.id for c in row]) if (over or s == seat) else None
        deck = st.deck
        out["spell_deck"] = len(st.spell_deck)
        out["passes"] = deck.end_at
        out["pass"] = min(deck.runouts + 1, deck.end_at)
        out["start"] = st.start
        fields = st.players[st.active].fields
        uses = [i for i, u in enumerate(st.uses) if u and i < len(fields) and fields[i].count]
        out["uses"] = uses
        out["abilities"] = [self.ability_entry(st, i) for i in uses]
        out["pending"] = self.pending_view(st, seat)
        out["shown"] = [dict(zip(SHOWN_KEYS, entry, strict=True)) for entry in st.shown]
        out["attack"] = st.attack
        out["flow"] = st.flow
        out["temp_fields"] = list(st.temp_fields)
        out["traded"] = st.traded
        out["phase2_open"] = st.phase2_open
        out["spell_first"] = self.phase2_waits(st)
        out["discardable"] = list(st.discardable)
        out["enchanted"] = [{"seat": s, "field": f, "was": w} for (s, f), w in st.enchanted.items()]
        out["notes"] = list(st.notes[seat]) if seat is not None else []
        return out

    def ability_entry(self, st: ExcalibohnState, index: int) -> dict[str, Any]:
        """One unused ability of the active player's field `index`, with what using it does
        now."""
        f = st.players[st.active].fields[index]
        ability = cards().abilities.get(f.variety)  # type: ignore[arg-type]
        if ability is None:
            return {"field": index, "variety": f.variety, "ability": None, "text": "No ability"}
        strong = bool(ability.strong) and f.count >= ability.strong
        seat = st.active
        if ability.id == "mean" and f.count < ability.needs and not st.attack:
            text = f"Needs {ability.needs} Mean Beans on the field ({f.count} now)"
        elif ability.id == "magic" and all(c.up for c in st.spells[seat]):
            text = "No face-down spell card to activate"
        elif ability.id == "picker" and not any(
            p.hand for s, p in enumerate(st.players) if s != seat
        ):
            text = "No fellow player has a hand card to steal"
        else:
            text = {
                "picker": "Steal a fellow player's rearmost hand card",
                "mean": "Every fellow player turns up a coin: the highest keep theirs",
                "white": "Draw a card: plant it or tuck it"
                if strong
                else "Draw a card and tuck it",
                "magic": "Activate two spell cards" if strong else "Activate one spell card",
                "sword": "Duel a fellow player: turn up a coin of theirs",
            }[ability.id]
        return {"field": index, "variety": f.variety, "ability": ability.id, "text": text}

    def pending_view(self, st: ExcalibohnState, seat: int | None) -> dict[str, Any] | None:
        if not st.pending:
            return None
        p = st.pending[0]
        return {
            "kind": p.kind,
            "seat": p.seat,
            "source": p.source,
            "other": p.other,
            "plant": p.plant,
            "count": p.count,
            "coins": list(p.coins),
            "index": p.index,
            "duel": p.duel,
            "card": p.card if sees_pending_card(p, seat) else None,
        }

    # -- checks ----------------------------------------------------------------------------

    def card_count(self, st: ExcalibohnState) -> Counter[str]:
        """Bohnanza's count, the enchanted first cards as what they are, the cards held by
        decisions."""
        c: Counter[str] = super().card_count(st)  # type: ignore[misc]
        for (s, i), was in st.enchanted.items():
            f = st.players[s].fields[i] if i < len(st.players[s].fields) else None
            if f is not None and f.variety is not None:
                c[f.variety] -= 1
                c[was] += 1
        for p in st.pending:
            if p.card is not None and p.kind == "place":
                c[p.card] += 1
        return +c

    def violations(self, st: ExcalibohnState) -> list[str]:
        out: list[str] = super().violations(st)  # type: ignore[misc]
        held = sum(len(r) for r in st.spells) + len(st.spell_deck)
        if held != SPELL_COUNT:
            out.append(f"{held} spell cards, not {SPELL_COUNT}")
        ids = sorted([c.id for r in st.spells for c in r] + st.spell_deck)
        if ids != sorted(cards().spells):
            out.append(f"the spell cards are not the eleven: {ids}")
        for s, p in enumerate(st.players):
            third = bool(st.temp_fields) and st.temp_fields[s]
            if len(p.fields) != self.count.fields + third:  # type: ignore[attr-defined]
                out.append(f"{p.name} has {len(p.fields)} fields")
        for s, i in st.enchanted:
            f = st.players[s].fields[i] if i < len(st.players[s].fields) else None
            if f is None or f.count < 2:
                out.append(f"enchanted field {s}/{i} holds fewer than two cards")
        return out

    def redeal_hidden(self, st: ExcalibohnState, seat: int | None, rng: random.Random) -> None:
        """Bohnanza's, then the spell cards `seat` does not know (face down, not its own, not
        known to it) change places with the spell deck's; every coin pile's order."""
        super().redeal_hidden(st, seat, rng)  # type: ignore[misc]
        places = [
            (s, i)
            for s, row in enumerate(st.spells)
            for i in range(len(row))
            if not may_see(st, s, i, seat)
        ]
        ids = [st.spells[s][i].id for s, i in places]
        hidden.redeal(hidden.places(ids) + hidden.places(st.spell_deck), rng)
        for k, (s, i) in enumerate(places):
            st.spells[s][i].id = ids[k]
        for p in st.players:
            hidden.redeal(hidden.places(p.coins), rng)

    def full_state(self, st: ExcalibohnState) -> dict[str, Any]:
        out: dict[str, Any] = super().full_state(st)  # type: ignore[misc]
        for s, pv in enumerate(out["players"]):
            pv["spells"] = [
                {"index": i, "id": c.id, "up": c.up, "temp": c.temp, "known": list(c.known)}
                for i, c in enumerate(st.spells[s])
            ]
            pv["notes"] = list(st.notes[s])
        out["spell_deck_cards"] = list(reversed(st.spell_deck))
        out["pending_all"] = [
            {"kind": p.kind, "seat": p.seat, "card": p.card, "coins": list(p.coins)}
            for p in st.pending
        ]
        return out


def state_lines(full: dict[str, Any]) -> list[str]:
    """The final state for `bohn replay`: the bean game's lines, then each player's spell
    cards (the full state names them all), the draw pile's pass and a decision waiting."""
    from bohn_tui.games.common.spec import _state_lines  # the bean games' lines

    lines = _state_lines(full)
    spells = cards().spells
    for p in full["players"]:
        row = [
            spells[c["id"]].name + (" (face up)" if c["up"] else "") for c in p.get("spells", [])
        ]
        lines.append(f"  {p['name']}'s spell cards: {', '.join(row) or 'none'}")
    lines.append(
        f"  Draw pile: pass {full['pass']} of {full['passes']}; spell deck: {full['spell_deck']}"
    )
    for d in full.get("pending_all", []):
        lines.append(f"  Waiting for {full['players'][d['seat']]['name']}: {d['kind']}")
    return lines
