"""ui_latency.py's key policies for the dice game and Excalibohn: each follows a mirror
Session of the same seeded game and gives the next key (and the keys before it) that the
table accepts, from the game's controls (games/*/ui/controls.py), with what the key does to
the screen. A policy's `next()` gives (key, kind, keys before it) or None at the end."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.actions import Action
from bohn_tui.games.common.actions import EndPlanting, EndTrading, Harvest, PlantArea, PlantHand
from bohn_tui.games.excalibohn.actions import (
    ChooseCoin,
    ChooseFace,
    DrawCards,
    EndMagic,
    PlaceCard,
    Skip,
    UseAbility,
)
from bohn_tui.games.excalibohn.ui.render import ABILITY_KEYS
from bohn_tui.games.wuerfelspiel.actions import Harvest as HarvestCard
from bohn_tui.games.wuerfelspiel.actions import Reroll, Roll
from bohn_tui.games.wuerfelspiel.fit import fitting
from bohn_tui.games.wuerfelspiel.ui import render as dice_render
from bohn_tui.play.session import Session

HAND_OVER = "hand-over (privacy screen to table)"
OPENS = "table key that opens a screen (privacy, end)"


class DicePolicy:
    """Three people at the dice game: r rolls, 1-5 pick a die, r places the picked dice and
    rolls the rest, a places what fits, f the bean figure once in a while, h harvests (with
    several who may: h asks whose on the table, 1 picks). Nothing is private: no privacy
    screen, the roller has the table."""

    game = "wuerfelspiel"
    names = "Ana,Ben,Cem"
    seed = 3
    ready = b"Roll all 5"  # the table's first frame (its key bar)

    def __init__(self) -> None:
        self.s = Session.new(self.game, self.names.split(","), seed=self.seed)
        self.picked: set[int] = set()
        self.keys = 0

    def covered(self) -> bool:
        return False

    def _apply(self, a: Action) -> None:
        self.s.apply(a)
        self.picked = set()
        self._forced()

    def _harvesters(self) -> list[Action]:
        s = self.s
        v = s.view(None)
        return [
            HarvestCard(x)
            for x in range(len(s.names))
            if v["players"][x]["can_harvest"] and HarvestCard(x) in s.legal(x)
        ]

    def _forced(self) -> None:
        """The table places a roll's one die by itself with the bean figure used
        (DiceControls.forced), unless another person may harvest first."""
        s = self.s
        while not s.over:
            v = s.view(None)
            me = v["active"]
            rolled = [d["die"] for d in v["dice"] if d["where"] == "rolled"]
            if len(rolled) != 1 or not (v.get("last_roll") or {}).get("open"):
                return
            a = Roll(me, (rolled[0],))
            legal = s.legal(me)
            if a not in legal or Reroll(me) in legal:
                return
            if any(h.seat != me for h in self._harvesters()):
                return
            s.apply(a)

    def _fit(self, v: dict[str, Any], me: int) -> tuple[int, ...]:
        upper = v["players"][me]["upper"]
        if upper is None or not (v.get("last_roll") or {}).get("open") or v["first_roll"]:
            return ()
        field = {d["die"]: d["face"] for d in v["dice"] if d["where"] == "field"}
        field.update({i: v["dice"][i]["face"] for i in self.picked})
        rolled = {
            d["die"]: d["face"]
            for d in v["dice"]
            if d["where"] == "rolled" and d["die"] not in self.picked
        }
        orders = dice_render.data().cards[upper["number"] - 1].orders
        fit = fitting(orders, v["players"][me]["covered"], field, rolled)
        return tuple(fit.dice) if fit is not None else ()

    def next(self) -> tuple[bytes, str, list[bytes]] | None:
        s = self.s
        if s.over:
            return None
        self.keys += 1
        harvest = self._harvesters()
        if len(harvest) == 1:
            self._apply(harvest[0])
            return b"h", self._after("h, a harvest"), []
        if harvest:
            self._apply(harvest[0])
            return b"1", self._after("h, then 1: whose card is harvested"), [b"h"]
        v = s.view(None)
        me = v["active"]
        if v["first_roll"]:
            self._apply(Roll(me, ()))
            return b"r", "r, a turn's first roll", []
        rolled = [d["die"] for d in v["dice"] if d["where"] == "rolled"]
        if v["can_reroll"] and v["rolls"] == 1 and v["turn"] % 3 == 0 and not self.picked:
            self._apply(Reroll(me))
            return b"f", "f, the bean figure re-rolls", []
        fit = self._fit(v, me)
        if fit and not self.picked and self.keys % 2 == 0:
            place = tuple(sorted(set(fit)))
            a = Roll(me, place)
            if a in s.legal(me):
                return b"a", self._placed(a, len(rolled)), []
        if not self.picked and len(rolled) > 1:
            self.picked.add(rolled[0])
            return str(rolled[0] + 1).encode(), "1-5, pick a die (same screen)", []
        place = tuple(sorted(self.picked or set(rolled[:1])))
        return b"r", self._placed(Roll(me, place), len(rolled)), []

    def _placed(self, a: Roll, rolled: int) -> str:
        ends = len(a.place) == rolled
        self._apply(a)
        if self.s.over:
            return OPENS
        return "r/a, place the last dice: the turn ends" if ends else "r/a, place and roll the rest"

    def _after(self, kind: str) -> str:
        return OPENS if self.s.over else kind


class ExcaliPolicy:
    """Four people at Excalibohn, the bean game's keys (plant 1-3, e, harvest f then the
    field) plus phase 1b's: an ability without a fellow player on its key (n, w, m) now and
    then, the Sword or the Picker (s, t: a chooser opens, 1 picks) once in a while, e ends
    1b; the decisions out of turn on the digits (place a card, a coin, a face), e skips an
    activation or a plant, t tucks. A private decision of another seat: Enter on the
    privacy screen first."""

    game = "excalibohn"
    names = "Ana,Ben,Cem,Dora"
    seed = 1
    ready = b"Pass to"

    def __init__(self) -> None:
        self.s = Session.new(self.game, self.names.split(","), seed=self.seed)
        self.viewer: int | None = None
        self.keys = 0
        self.chooser: Action | None = None  # a chooser is open: 1 picks this

    def _kind(self, d: int) -> str:
        s = self.s
        if s.over:
            return OPENS
        nd = s.decider()
        if nd is not None and nd != d and self._private(nd):
            return OPENS
        return "table key, same screen (plant, end a phase, 1b)"

    def _private(self, seat: int) -> bool:
        ask = self.s.asks().get(seat)
        return ask is not None and ask.private

    def next(self) -> tuple[bytes, str, list[bytes]] | None:
        s = self.s
        if s.over:
            return None
        self.keys += 1
        if self.chooser is not None:
            a, self.chooser = self.chooser, None
            s.apply(a)
            return b"1", "1 in a chooser: it closes, the action shows", []
        d = s.decider()
        assert d is not None
        if d != self.viewer:
            self.viewer = d
            if self._private(d):
                return b"\r", HAND_OVER, []
        key, before, a, kind = self._choose(d)
        if a is not None:
            s.apply(a)
        return key, kind or self._kind(d), before

    def _choose(self, d: int) -> tuple[bytes, list[bytes], Action | None, str | None]:
        s = self.s
        legal = s.legal(d)
        v = s.view(d)
        p = v.get("pending")
        if p is not None and p["seat"] == d:
            kind = p["kind"]
            if kind == "place":
                a = next(
                    (x for x in legal if isinstance(x, PlaceCard) and x.field is not None), None
                )
                if a is not None and isinstance(a, PlaceCard) and a.field is not None:
                    return str(a.field + 1).encode(), [], a, None
                return b"t", [], PlaceCard(d, None), None
            if kind == "coin":
                return b"1", [], next(x for x in legal if isinstance(x, ChooseCoin)), None
            if kind == "face":
                return b"1", [], ChooseFace(d, True), None
            if kind == "activate":
                return b"e", [], next(x for x in legal if isinstance(x, Skip)), None
            plants = [x for x in legal if isinstance(x, PlantHand)]
            if plants:
                return str(plants[0].field + 1).encode(), [], plants[0], None
            skip = next((x for x in legal if isinstance(x, Skip)), None)
            if skip is not None:
                return b"e", [], skip, None
            return self._harvest(legal)
        phase = s.state.phase
        if phase == "plant":
            plants = [x for x in legal if isinstance(x, PlantHand)]
            if plants and s.state.planted == 0:
                return str(plants[0].field + 1).encode(), [], plants[0], None
            end = next((x for x in legal if isinstance(x, EndPlanting)), None)
            if end is not None:
                return b"e", [], end, None
        if phase == "magic":
            use = self._ability(d, v, legal)
            if use is not None:
                return use
            end = next((x for x in legal if isinstance(x, EndMagic)), None)
            if end is not None:
                return b"e", [], end, None
        if phase == "trade":
            skip = next((x for x in legal if isinstance(x, Skip)), None)
            if skip is not None:
                return b"e", [], skip, None
            end = next((x for x in legal if isinstance(x, EndTrading)), None)
            if end is not None:  # with nothing traded the first e only asks
                return b"e", [b"e"], end, None
        if phase == "plant_trades":
            area = s.state.players[d].area
            plants = [
                x for x in legal if isinstance(x, PlantArea) and area and x.variety == area[0]
            ]
            if plants:
                return str(plants[0].field + 1).encode(), [], plants[0], None
        draw = next((x for x in legal if isinstance(x, DrawCards)), None)
        if draw is not None:
            return b"e", [], draw, None
        skip = next((x for x in legal if isinstance(x, Skip)), None)
        if skip is not None and not any(isinstance(x, Harvest) for x in legal):
            return b"e", [], skip, None
        return self._harvest(legal)

    def _harvest(self, legal: list[Action]) -> tuple[bytes, list[bytes], Action | None, str]:
        h = next(x for x in legal if isinstance(x, Harvest))
        assert isinstance(h, Harvest)
        return str(h.field + 1).encode(), [b"f"], h, "harvest choice (f, then the field's key)"

    def _ability(
        self, d: int, v: dict[str, Any], legal: list[Action]
    ) -> tuple[bytes, list[bytes], Action | None, str | None] | None:
        """An ability's key now and then (ExcaliControls.ability_use: the field with the
        most cards); a fellow player's: the chooser opens, `next` then picks the first."""
        if self.keys % 3:
            return None
        for ability, key in ABILITY_KEYS.items():
            fields = {a["field"] for a in v.get("abilities") or [] if a["ability"] == ability}
            uses = [a for a in legal if isinstance(a, UseAbility) and a.field in fields]
            if not uses:
                continue
            me = v["players"][d]
            best = max(uses, key=lambda a: (me["fields"][a.field]["count"], -a.field)).field
            uses = [a for a in uses if a.field == best]
            if all(a.target is None for a in uses):
                return key.encode(), [], uses[0], None
            self.chooser = next(a for a in uses if a.target is not None)
            return key.encode(), [], None, "a key that opens a chooser (Sword, Picker)"
        return None

    def covered(self) -> bool:
        """Whether the privacy screen is up now."""
        d = self.s.decider()
        return d is not None and d != self.viewer and self._private(d)
