"""The bean engine's fast paths for the bot driver (engine/driver.py's `_drive_plain`, the
loop of every random simulation, and `listed_steps`), a mixin of BeanRules: the next
decision in one call (`next_decision`: the seat `to_move` names and what `legal_to_move`
lists for it, without finding the seat twice and with the planting and harvesting rules
unrolled for three fields), and the steps of a listed action past the checks that listing
has made already. Each says the same as what it stands for: tests/test_fast_paths.py, and
benchmarks/same_games.py for whole games (benchmarks/README.md, Engine)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohn_tui.games.common.actions import Action, Harvested, Planted
from bohn_tui.games.common.phases import PLANT, PLANT_TRADES, TRADE
from bohn_tui.games.common.table import distinct, harvest, plant_on

Decision = tuple[int, list[Action]]  # (the seat to move, its legal actions)


class FastPaths:
    """`next_decision` and the listed steps (see the module). Reads BeanRules' made-once
    actions; its handlers are those of `listed_steps`."""

    duel: bool
    n: int
    varieties: dict[str, Any]
    _order: list[list[int]]
    _a_plant_hand: list[dict[str, list[Any]]]
    _a_plant_area: list[dict[str, list[Any]]]
    _a_harvest_by: list[list[Any]]
    _a_end_planting: list[Action]
    _a_end_trading: list[Action]
    to_move: Callable[[Any], int | None]
    _legal: Callable[[Any, int], list[Action]]
    planting_done: Callable[[Any, Any], bool]
    turn_up_cards: Callable[[Any, list[Any] | None], None]
    after_planting: Callable[[Any, list[Any] | None], None]
    _plant_area: Callable[..., None]

    def _make_fast(self) -> None:
        """What the fast paths look up, made once with the rules (after their actions)."""
        self._a_harvest2 = [tree[2] for tree in self._a_harvest_by]  # [seat]: two fields'
        self._a_harvest3 = [tree[3] for tree in self._a_harvest_by]  # [seat]: three fields'

    def _next_decision(self, st: Any) -> Decision | None:
        """(to_move(st), legal_to_move(st, that seat)), or None where to_move is None: for
        rules whose to_move and legal_actions are the engine's (BeanRules sets it as
        `next_decision` then). Three fields, no bean duel, in phases 1 to 3 without offers
        (nearly every decision of a game) are written out here; the rest is `_legal`."""
        phase = st.phase
        if phase == PLANT_TRADES:  # the first seat from the active one on with cards to plant
            players = st.players
            for seat in self._order[st.active]:
                p = players[seat]
                area = p.area
                if area:
                    break
            else:
                return None
            fields = p.fields
            if len(fields) != 3 or self.duel:
                return seat, self._legal(st, seat)
            f0, f1, f2 = fields
            v0, v1, v2 = f0.variety, f1.variety, f2.variety
            rows = self._a_plant_area[seat]
            out: list[Action] = []
            for v in area if len(area) == 1 else distinct(area):  # plant_choices, unrolled
                row = rows[v]
                if v0 is None or v0 == v:
                    out.append(row[0])
                if v1 is None or v1 == v:
                    out.append(row[1])
                if v2 is None or v2 == v:
                    out.append(row[2])
        elif phase == PLANT:
            seat = st.active
            p = st.players[seat]
            fields = p.fields
            if len(fields) != 3 or self.duel:
                return seat, self._legal(st, seat)
            f0, f1, f2 = fields
            hand = p.hand
            planted = st.planted
            out = []
            if planted < 2 and hand:
                v = hand[0]
                row = self._a_plant_hand[seat][v]
                v0, v1, v2 = f0.variety, f1.variety, f2.variety
                if v0 is None or v0 == v:
                    out.append(row[0])
                if v1 is None or v1 == v:
                    out.append(row[1])
                if v2 is None or v2 == v:
                    out.append(row[2])
            if planted:
                out.append(self._a_end_planting[seat])
        elif phase == TRADE and not st.offers:
            seat = st.active
            fields = st.players[seat].fields
            if len(fields) != 3 or self.duel:
                return seat, self._legal(st, seat)
            f0, f1, f2 = fields
            out = [self._a_end_trading[seat]]
        else:
            to_move = self.to_move(st)
            if to_move is None:
                return None
            return to_move, self._legal(st, to_move)
        try:  # harvest_choices, unrolled; no field to buy (three fields)
            out += self._a_harvest3[seat][f0.count][f1.count][f2.count]
        except IndexError:  # a count past the harvest tree's reach
            return seat, self._legal(st, seat)
        return seat, out

    # -- listed steps: an action legal_actions listed, past the checks listing made -------

    def _plant_hand_listed(self, st: Any, a: Any, ev: list[Any] | None = None) -> None:
        """_plant_hand of a listed PlantHand: phase 1, the active seat, a front card, fewer
        than two planted, a field that takes it."""
        p = st.players[a.seat]
        hand = p.hand
        front = hand[0]
        plant_on(p.fields[a.field], front)
        del hand[0]
        st.planted += 1
        if ev is not None:
            ev.append(Planted(a.seat, front, a.field, "hand"))
        if self.planting_done(st, p):
            self.turn_up_cards(st, ev)

    def _plant_area_listed(self, st: Any, a: Any, ev: list[Any] | None = None) -> None:
        """_plant_area of a listed PlantArea: in phase 3, a card of the seat's trade area
        on a field that takes it (the bean duel's phases: _plant_area)."""
        if st.phase != PLANT_TRADES:
            self._plant_area(st, a, ev)
            return
        p = st.players[a.seat]
        variety = a.variety
        plant_on(p.fields[a.field], variety)
        area = p.area
        area.remove(variety)
        if ev is not None:
            ev.append(Planted(a.seat, variety, a.field, "area"))
        if not area:  # phase 3 ends when every trade area is empty
            self.after_planting(st, ev)

    def _harvest_checked(self, st: Any, a: Any, ev: list[Any] | None = None) -> None:
        """The harvest of a Harvest that has passed `_harvest`'s checks (or was listed by
        legal_actions, which asks the same rule: `listed_steps`)."""
        p = st.players[a.seat]
        f = p.fields[a.field]
        variety, count = f.variety, f.count
        coins = harvest(p, a.field, self.varieties[variety], st.deck.discard)
        if ev is not None:
            ev.append(Harvested(a.seat, a.field, variety, count, coins))
