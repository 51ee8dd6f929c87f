"""What the dice game shows (everything but the pile's order is public), its score and end
summary, the whole state as JSON, and its invariants. A mixin of DiceRules (rules.py)."""

from __future__ import annotations

import random
from typing import Any

from bohn_tui.engine.hidden import places, redeal
from bohn_tui.games.wuerfelspiel.dice import DiceData, first_roll_odds, percent
from bohn_tui.games.wuerfelspiel.state import FIELD, HAND, ROLLED, DiceState


class DiceViews:
    data: DiceData
    n: int
    _odds: dict[int, tuple[int, ...]]

    def odds(self, card: int) -> tuple[int, ...]:
        """The printed percentages of a card's five orders (bottom first), computed once."""
        got = self._odds.get(card)
        if got is None:
            dice = self.data.dice
            orders = self.data.cards[card - 1].orders
            got = self._odds[card] = tuple(percent(first_roll_odds(o, dice)) for o in orders)
        return got

    def card_view(self, card: int | None, covered: int) -> dict[str, Any] | None:
        if card is None:
            return None
        odds = self.odds(card)
        return {
            "number": card,
            "orders": [
                {"text": o.text, "odds": odds[i], "covered": i < covered}
                for i, o in enumerate(self.data.cards[card - 1].orders)
            ],
        }

    def view(self, st: DiceState, seat: int | None) -> dict[str, Any]:
        """The table as every seat sees it (the same for all: only the pile's order is
        hidden), plus "seat"."""
        players = [
            {
                "name": p.name,
                "thalers": p.thalers,
                "singles": len(p.singles),
                "overview": p.overview,
                "upper": self.card_view(p.upper, p.covered),
                "lower": p.lower,
                "covered": p.covered,
                "can_harvest": not st.over and p.ripe,
            }
            for p in st.players
        ]
        last = None
        if st.last_roller is not None:
            last = {
                "roller": st.last_roller,
                "dice": list(st.last_dice),
                "faces": st.roll_faces(),
                "figure": st.last_figure,
                "open": st.open,
            }
        scores = [p.thalers for p in st.players]
        return {
            "game": "wuerfelspiel",
            "title": self.data.title,
            "seat": seat,
            "turn": st.turn,
            "active": st.roller,
            "over": st.over,
            "n": self.n,
            "target": self.data.target,
            "dice": [
                {"die": i, "darker": self.data.darker[i], "face": st.faces[i], "where": w}
                for i, w in enumerate(st.where)
            ],
            "first_roll": st.first_roll,
            "rolls": st.rolls,
            "figure_used": st.figure_used,
            "can_reroll": not st.over and not st.first_roll and not st.figure_used,
            "players": players,
            "pile": len(st.pile),
            "overview_left": st.overview_left,
            "last_roll": last,
            "fulfilled": [
                {"seat": s, "orders": list(orders), "source": src}
                for s, orders, src in st.fulfilled
            ],
            "ending": None if st.ending is None else {"seat": st.ending[0], "total": st.ending[1]},
            "scores": scores if st.over else None,
            "winners": list(st.winners) if st.over else None,
            "end_reason": self.end_reason(st) if st.over else None,
        }

    def scores(self, st: DiceState) -> list[int]:
        return [p.thalers for p in st.players]

    def end_reason(self, st: DiceState) -> str:
        if st.ending is None:
            return ""
        seat, total = st.ending
        return f"{st.players[seat].name} reached {total} thalers with a harvest"

    def summary(self, st: DiceState) -> dict[str, Any]:
        """Scores (thalers), winners, why it ended, the ranking and who won and why."""
        scores = self.scores(st)
        names = [p.name for p in st.players]
        won = [names[s] for s in st.winners]
        if len(won) == 1:
            verdict = f"{won[0]} has the most thalers ({scores[st.winners[0]]})."
        elif won:
            verdict = f"{', '.join(won)} share the win with {scores[st.winners[0]]} thalers each."
        else:
            verdict = ""
        return {
            "scores": scores,
            "winners": list(st.winners),
            "reason": self.end_reason(st),
            "tiebreak": "Ties share the win.",
            "score_title": "thalers",
            "ranking": sorted(range(self.n), key=lambda s: (-scores[s], s)),
            "verdict": verdict,
        }

    def full_state(self, st: DiceState) -> dict[str, Any]:
        """Everything, the pile's order included (`bohn replay --json`, tests)."""
        return {
            "title": self.data.title,
            "players": [
                {
                    "name": p.name,
                    "thalers": p.thalers,
                    "upper": p.upper,
                    "lower": p.lower,
                    "covered": p.covered,
                    "singles": list(p.singles),
                    "overview": p.overview,
                }
                for p in st.players
            ],
            "pile": list(st.pile),
            "overview_left": st.overview_left,
            "turn": st.turn,
            "roller": st.roller,
            "faces": list(st.faces),
            "where": list(st.where),
            "first_roll": st.first_roll,
            "rolls": st.rolls,
            "figure_used": st.figure_used,
            "last_roll": [st.last_roller, list(st.last_dice), st.last_figure, st.open],
            "field_seat": st.field_seat,
            "fulfilled": [[s, list(o), src] for s, o, src in st.fulfilled],
            "ending": list(st.ending) if st.ending else None,
            "over": st.over,
            "winners": list(st.winners),
            "end_reason": self.end_reason(st) or None,
            "moves": st.moves,
        }

    def redeal_hidden(self, st: DiceState, seat: int | None, rng: random.Random) -> None:
        """Only the pile's order is hidden, from every seat alike."""
        redeal(places(st.pile), rng)

    def violations(self, st: DiceState) -> list[str]:
        """Cards and overview cards conserved, counts in range, dice where they can be."""
        out: list[str] = []
        cards = list(st.pile)
        for p in st.players:
            cards += [c for c in (p.upper, p.lower) if c is not None]
            cards += p.singles
            if not 0 <= p.covered <= 5:
                out.append(f"{p.name} has {p.covered} covered orders")
            if p.upper is None and p.covered:
                out.append(f"{p.name} has covered orders but no upper card")
        total = len(self.data.cards)
        if sorted(cards) != list(range(1, total + 1)):
            out.append(f"{len(cards)} harvest cards in play, not each of the {total} once")
        if st.overview_left + sum(p.overview for p in st.players) != 5:
            out.append("overview cards were created or lost")
        for i, (face, w) in enumerate(zip(st.faces, st.where, strict=True)):
            if w not in (HAND, ROLLED, FIELD):
                out.append(f"die {i + 1} lies nowhere ({w!r})")
            elif w != HAND and face not in self.data.dice[i]:
                out.append(f"die {i + 1} shows {face!r}, not one of its faces")
        if not st.over and not 0 <= st.roller < self.n:
            out.append(f"the roller {st.roller} is no seat")
        return out


def state_lines(full: dict[str, Any]) -> list[str]:
    """The final state for `bohn replay`: the turn, who rolls, and each player's thalers and
    upper card with its covered orders."""
    roller = full["players"][full["roller"]]["name"]
    lines = [
        f"{full['title']}, turn {full['turn']}, " + ("over" if full["over"] else f"{roller} rolls")
    ]
    for p in full["players"]:
        card = f"card {p['upper']}, {p['covered']} of 5 orders covered" if p["upper"] else "no card"
        lines.append(f"  {p['name']}: {p['thalers']} thalers, {card}")
    return lines
