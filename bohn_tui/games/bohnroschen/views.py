"""What each seat sees of a Bohnröschen state: the vine row, the figures and tasks,
and what nobody has seen (the face-down vine cards) for redeal_hidden."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bohn_tui.games.bohnroschen.core import RulesCore
from bohn_tui.games.bohnroschen.phases import (
    INTERMEDIATE,
    PHASE_NAMES,
    PHASE_NUMBER,
    VINE_DATA_KEYS,
)
from bohn_tui.games.bohnroschen.state import BohnroschenState
from bohn_tui.games.bohnroschen.tasks import CASTLE
from bohn_tui.games.common.rules import (
    OVER,
)


class BohnroschenViews(RulesCore):
    """The views of BohnroschenRules (a mixin)."""

    # -- views -------------------------------------------------------------------------------

    def _laid_out(self, st: BohnroschenState) -> int:
        """How many cards of the row lie on the table (face up or face down)."""
        if self.solo or st.options.get("all_face_down"):
            return len(st.vine)
        end = st.options.get("face_down_end", 4)
        return len(st.vine) if len(st.vine) - st.revealed <= end else st.revealed

    def vine_view(self, st: BohnroschenState) -> dict[str, Any]:
        """The row as everybody sees it: face-down cards show no id and no text."""
        laid = self._laid_out(st)
        last = len(st.vine) - 1
        cards = []
        for i, c in enumerate(st.vine):
            if i < st.gone:
                state = "gone"
            elif i < st.revealed:
                state = "face_up"
            elif i < laid:
                state = "face_down"
            else:
                state = "pile"
            card: dict[str, Any] = {"index": i, "state": state, "castle": i == last}
            if i == last:
                card.update(id=CASTLE, text=self.castle_text)
            elif state in ("gone", "face_up"):
                vc = self.cards[c]
                card.update(id=vc.id, text=vc.text, source=vc.source)
            cards.append(card)
        out: dict[str, Any] = {
            "cards": cards,
            "castle": last,
            "pile": len(st.vine) - laid,
            "figures": [
                {
                    "seat": s,
                    "colour": self.figure_colours[s],
                    "pos": st.pos[s],
                    "in_castle": st.entered[s],
                }
                for s in range(self.n)
            ],
            "castle_coins": self.castle_coins,
            "removed_at_setup": len(st.vine_out),
        }
        # solo: where the red figure starts and the neutral figures' castle (data.toml)
        out.update(
            zip(VINE_DATA_KEYS, (self.solo_layout["red_start"], self.castle_index), strict=True)
        )
        if self.solo:
            lay = self.solo_layout
            width = lay["row_length"]
            out["solo"] = {
                "rows": [list(range(r * width, (r + 1) * width)) for r in range(lay["rows"])],
                "violet": st.violet,
                "red": st.red,
                "player_standing": st.pos[0] - 1,
            }
        return out

    def reshuffles(self, st: BohnroschenState) -> bool:
        """The draw pile may run out any number of times: the discard pile is reshuffled
        each time (the chance BeanViews.chances names)."""
        return True

    def phase_name(self, st: BohnroschenState) -> str:
        return PHASE_NAMES[st.phase]

    def view(self, st: BohnroschenState, seat: int | None) -> dict[str, Any]:
        out = super().view(st, seat)
        out["phase_number"] = PHASE_NUMBER[st.phase]
        out["vine"] = self.vine_view(st)
        for pv in out["players"]:
            s = pv["seat"]
            card = self.task_of(st, s)
            pv["figure"] = st.pos[s]
            pv["in_castle"] = st.entered[s]
            pv["task"] = (
                {"id": card.id, "text": card.text, "how": card.task.explain()} if card else None
            )
            if s == seat:
                pv["can_pay_tribute"] = self.tribute_refusal(st, s) is None
        out["tribute_done"] = list(st.done) if st.phase == INTERMEDIATE else None
        out["paid_coins"] = self.count.paid_coins
        out["first_in_castle"] = st.ender
        if self.solo:
            out["solo"] = {
                "turns": st.turn,
                "coins": out["players"][0]["coins"],  # None where the treasury is closed
                "won": bool(st.entered[0]),
                "lost": st.phase == OVER and not st.entered[0],
                # how far the figure got: the vine cards behind it, of the row's (the
                # castle card, the row's last, not counted)
                "passed": len(st.vine) - 1 if st.entered[0] else st.pos[0],
                "cards": len(st.vine) - 1,
            }
        return out

    def summary(self, st: BohnroschenState) -> dict[str, Any]:
        """The Bohnanza summary plus the castle: "ranking" (seats, best first), "standing"
        (where each figure ended), "score_title" and "verdict" (who won and why, also when
        nobody reached the castle)."""
        out = super().summary(st)
        names = [p.name for p in st.players]
        last = len(st.vine) - 1
        out["ranking"] = self.ranking(st)
        out["standing"] = [
            "in the castle"
            if st.entered[s]
            else "at the castle, short of coins"
            if st.pos[s] >= last
            else f"vine card {st.pos[s] + 1} of {last}"
            for s in range(self.n)
        ]
        out["score_title"] = "coins in the castle"
        won = [names[s] for s in st.winners]
        if not won:
            out["verdict"] = (
                "No figure is in the castle, so nobody has coins in it: nobody wins "
                "(the most coins in the castle win)."
            )
        elif len(won) == 1:
            out["verdict"] = (
                f"{won[0]} has the most coins in the castle ({st.scores[st.winners[0]]})."
            )
        else:
            out["verdict"] = (
                f"{', '.join(won)} share the win with {st.scores[st.winners[0]]} coins "
                "each in the castle."
            )
        return out

    def ranking(self, st: BohnroschenState) -> list[int]:
        """The seats, best first: the figures in the castle by their coins there, then the
        others by how far their figure climbed, then by the coins they hold (a designed
        order: the rulebook ranks only the castle; hand cards never count)."""

        def key(s: int) -> tuple[int, int, int, int]:
            coins = len(st.players[s].coins)
            if st.entered[s]:
                return (0, -coins, 0, s)
            return (1, -st.pos[s], -coins, s)

        return sorted(range(self.n), key=key)

    def full_state(self, st: BohnroschenState) -> dict[str, Any]:
        out = super().full_state(st)
        if self.solo:  # nothing hidden: the coins as the player's entry now tells them
            out["solo"]["coins"] = out["players"][0]["coins"]
            for key in ("passed", "cards"):  # from pos and the row, both in the state
                del out["solo"][key]
        for key in VINE_DATA_KEYS:  # data, not state: `bohn replay --json` prints as before
            del out["vine"][key]
        out["vine_order"] = list(st.vine)
        out["vine_out"] = list(st.vine_out)
        return out

    def hidden_places(
        self, st: BohnroschenState, seat: int | None
    ) -> list[list[tuple[list[str], int]]]:
        """The Bohnanza groups, and the vine cards nobody has seen: the face-down and the
        pile's cards of the row (the castle stays last) and those removed at setup."""
        vine = [(st.vine, i) for i in range(st.revealed, len(st.vine) - 1)]
        vine.extend((st.vine_out, i) for i in range(len(st.vine_out)))
        return [*super().hidden_places(st, seat), vine]

    def vine_count(self, st: BohnroschenState) -> Counter[str]:
        """Every vine card, in the row or removed at setup (the castle included)."""
        return Counter(st.vine) + Counter(st.vine_out)
