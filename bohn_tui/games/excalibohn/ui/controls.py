"""Excalibohn's part of the table, over the bean games' (games/common/ui/controls.py): the
keys of phase 1b (one per ability, with what it does now; a chooser for the fellow player),
Magic Beans from the hand, casting a spell with its choices, the decisions out of turn
(place a card, activate, choose a coin, choose a face, the forced plant) on the digit keys,
the banner's hints and the spell texts on demand. Every choice is built from the legal
actions; every text from the view."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from bohn_tui.engine.actions import Action
from bohn_tui.games.common.actions import (
    DiscardHand,
    DiscardOffer,
    Harvest,
    PlantHand,
)
from bohn_tui.games.common.ui.cards import card, name
from bohn_tui.games.common.ui.controls import BeanControls
from bohn_tui.games.common.ui.trade_area import TradeArea
from bohn_tui.games.excalibohn.actions import (
    ActivateSpell,
    CastSpell,
    ChooseCoin,
    ChooseFace,
    DiscardTurnedUp,
    DrawCards,
    EndMagic,
    PlaceCard,
    Skip,
    UseAbility,
)
from bohn_tui.games.excalibohn.cards import cards
from bohn_tui.games.excalibohn.ui.render import (
    ABILITY_KEYS,
    ABILITY_WORDS,
    GAME,
    pass_text,
    roman,
    spell,
)
from bohn_tui.games.excalibohn.ui.widgets import ExcaliPanel, ExcaliPiles, MagicPanel, SpellsPanel
from bohn_tui.ui.screens.choose import ChooseScreen

EXCALI_KEYS = [
    Binding("e", "end_magic", "End 1b"),
    Binding("e", "draw_cards", "Draw 3, end turn"),
    Binding("e", "skip", "Skip"),
    *[Binding(k, f"use_{a}", ABILITY_WORDS[a]) for a, k in ABILITY_KEYS.items()],
    Binding("m", "activate", "Activate a spell"),
    Binding("t", "tuck", "Tuck it"),
    Binding("z", "cast", "Cast a spell"),
    Binding("r", "spell_texts", "Spells"),
]
PENDING_DIGITS = ("place", "coin", "face", "forced", "own_plant")  # decided on 1/2/3


class ExcaliControls(BeanControls):
    keyed = {
        **BeanControls.keyed,
        "end_magic": (EndMagic,),
        "draw_cards": (DrawCards,),
        "skip": (Skip,),
    }
    panel = ExcaliPanel
    named_in = {**BeanControls.named_in, "end_magic": ("magic",), "draw_cards": ("draw",)}

    # -- board ---------------------------------------------------------------------------------

    def side(self) -> list[Widget]:
        trade = TradeArea(id="trade")
        trade.display = False  # (below the magic panel only while it is brief: show)
        return [ExcaliPiles(id="piles"), SpellsPanel(id="spells"), MagicPanel(id="magic"), trade]

    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        self.host.query_one("#bottom").set_class(True, "whole-hand")  # table.tcss: 80x24

    _magic_text = True  # the magic panel shows the magic phase now (else the trade area)

    def show(self, view: dict[str, Any]) -> None:
        host = self.host
        me = host.viewer
        magic = host.query_one("#magic", MagicPanel)
        # the magic panel in phases 1a, 1b and 4; in phases 2-3 the trade area in its place
        # (MagicPanel.show_trade), but while a decision waits or the last coins turned up (a
        # duel that ended phase 1b by itself) are to be read, the magic panel above the trade
        # area, as tall as it needs ("brief"); at the end the trade area
        trading = view["phase"] in ("trade", "plant_trades")
        waits = view.get("pending") is not None or bool(view.get("shown"))
        self._magic_text = on = not view["over"] and (not trading or waits)
        brief = trading and on
        trade = host.query_one("#trade")
        if trade.display != brief:
            trade.display = brief
        magic.set_class(brief, "brief")
        super().show(view)  # (the trade area: show_trade)
        castable = {a.spell for a in host.legal if isinstance(a, CastSpell)}
        host.query_one("#spells", SpellsPanel).show_spells(view, castable)
        if on:
            keys = me is not None and me == view["active"] and bool(host.legal)
            usable = {a.field for a in host.legal if isinstance(a, UseAbility)}
            magic.show_magic(view, list(self.client.names), keys, usable)

    def show_trade(
        self, view: dict[str, Any], pile: list[str], label: str, pile_sel: int | None
    ) -> None:
        """The trade area below the brief magic panel, or the magic panel as the trade
        area; none in phases 1a, 1b and 4."""
        if not self._magic_text:
            magic = self.host.query_one("#magic", MagicPanel)
            magic.show_trade(view, list(self.client.names), pile, label, pile_sel, self.offer_sel)
        elif self.host.query_one("#trade").display:
            super().show_trade(view, pile, label, pile_sel)

    # -- what the viewer is asked ----------------------------------------------------------------

    def pending(self) -> dict[str, Any] | None:
        """The decision the game waits for, when it is the viewer's."""
        p: dict[str, Any] | None = self.host.view.get("pending")
        if p is None or p["seat"] != self.host.viewer:
            return None
        return p

    def banner(self) -> tuple[str, str]:
        """The head ends with the pass marker ("pass II. of IV.", or "pass II.", "II." where
        the row is short; the piles box always has it)."""
        head, hint = super().banner()
        v = self.host.view
        if "pass" in v:
            width = self.host.app.size.width - 2
            for marker in (pass_text(v), f"pass {roman(v['pass'])}", roman(v["pass"])):
                if len(head) + 3 + len(marker) <= width:
                    return f"{head} · {marker}", hint
        return head, hint

    def hint(self, v: dict[str, Any], me: int, you: str) -> str:
        names = self.client.names
        p = self.pending()
        legal = self.host.legal
        if p is not None:
            return f"{you}: {self.pending_hint(p, v, me, names)}"
        ph = v["phase"]
        if ph == "magic" and me == v["active"]:
            usable = [a for a in ABILITY_KEYS if self.check(f"use_{a}", ())]
            rest = []
            if v.get("flow") and any(isinstance(a, PlantHand) for a in legal):
                fits = "/".join(str(a.field + 1) for a in legal if isinstance(a, PlantHand))
                rest.append(f"{fits} plant the front card (Magic Card Flow)")
            rest += ["z cast"] if self.check("cast", ()) else []
            width = self.host.app.size.width - 2
            beans = (
                ["d discards a Magic Bean to activate a spell", "d Magic Bean: a spell"]
                if self.magic_beans()
                else [""]
            )
            hint = ""
            for words in (  # each ability by name where the banner's row holds them
                [f"{ABILITY_KEYS[a]} {ABILITY_WORDS[a]}" for a in usable],
                ["/".join(ABILITY_KEYS[a] for a in usable) + " abilities"] if usable else [],
            ):
                for bean in beans:  # what d does, in words where they fit
                    said = [*words, *([bean] if bean else []), *rest]
                    what = ", ".join(said) or "nothing left to use"
                    hint = f"{you}: phase 1b: {what}; e ends 1b."
                    if len(hint) <= width:
                        return hint
            return hint
        if ph == "draw" and me == v["active"]:
            cast = self.key_text("cast") or "z casts a spell"
            cast = cast.replace("Cast ", "z casts the ", 1) if cast.startswith("Cast ") else cast
            return f"{you}: phase 4: {cast}, e {self._draw_words(v)} and ends your turn."
        if ph == "trade" and v.get("spell_first"):  # nobody offers before this decision
            if self._spell_skip():
                cast = self.key_text("cast") or "z casts a spell"
                cast = cast.replace("Cast ", "z casts the ", 1)
                return f"{you}: phase 2: {cast}, or e trades without it (no offers before)."
            if me != v["active"]:
                return f"{you}: {names[v['active']]} decides first whether to cast a spell."
        flow = v.get("flow") and any(isinstance(a, PlantHand) for a in legal)
        base = super().hint(v, me, you)
        if ph == "plant":  # phase 1a ends in phase 1b, not at the turn-up
            base = base.replace("stop planting (e) to turn up cards", "stop planting (e) for 1b")
        if ph == "plant_trades" and any(isinstance(a, DiscardTurnedUp) for a in legal):
            base = base.rstrip(".") + "; d lays an untraded card on the discard pile."
        if base and self.check("cast", ()):
            what = self.key_text("cast") or "Cast a spell"
            base = base.rstrip(".") + f"; z: {what[0].lower()}{what[1:]}."
        if flow and ph != "plant":
            fits = " or ".join(str(a.field + 1) for a in legal if isinstance(a, PlantHand))
            return f"{you}: Magic Card Flow: plant your front card again ({fits}). " + (
                base.removeprefix(f"{you}: ")
            )
        return base

    def pending_hint(self, p: dict[str, Any], v: dict[str, Any], me: int, names: Any) -> str:
        legal = self.host.legal
        kind = p["kind"]
        fields = " or ".join(
            str(f + 1) for f in range(3) if self.check("plant", (f,))
        )  # the digits that do something now
        if kind == "place":
            held = name(GAME, p["card"]) if p.get("card") else "the card"
            whence = (
                f"you stole {names[p['other']]}'s {held}"
                if p.get("source") == "stolen" and p.get("other") is not None
                else f"you drew {held}"
            )
            if not fields:
                harvest = ", harvest (f) to make room" if self._harvests() else ""
                return f"{whence}: it fits no field; tuck it (t){harvest}."
            return f"{whence}: plant it ({fields}) or tuck it (t)."
        if kind == "activate":
            n = p.get("count") or 1
            what = "a spell card" if n == 1 else f"up to {n} spell cards"
            one = self.key_text("activate")
            m = f"m activates the {one.removeprefix('Activate ')}" if one else "m picks"
            return f"activate {what}: {m}, e skips."
        if kind == "coin":
            coins = " or ".join(
                f"{i + 1} {name(GAME, c)}" for i, c in enumerate(p.get("coins") or ())
            )
            return f"Attack Spell: keep one coin of {names[p['other']]}'s: {coins}."
        if kind == "face":
            return "lay the spell you swapped in face up (1, activated) or face down (2)."
        if kind in ("forced", "own_plant"):
            hand = v["players"][me]["hand"] or []
            front = name(GAME, hand[0]) if hand else "your front card"
            if kind == "forced" and not fields:
                return f"Enchantment: {front} must be planted; harvest a field first (f)."
            if kind == "forced":
                return f"Enchantment of the Fellow Players: plant {front} ({fields})."
            if not fields:
                harvest = "harvest a field first (f) or " if self._harvests() else ""
                return f"{front} fits no field: {harvest}skip (e)."
            return f"you may plant {front} ({fields}) or skip (e)."
        return "decide." if legal else ""

    def _harvests(self) -> list[Action]:
        return [a for a in self.host.legal if isinstance(a, Harvest)]

    def forced(self) -> list[Action]:
        """The forced plant (Enchantment of the Fellow Players) with no field for the
        front card: a harvest first, asked on the table; else the bean games' cases."""
        p = self.pending()
        if p is not None:
            if p["kind"] == "forced" and not any(isinstance(a, PlantHand) for a in self.host.legal):
                return self._harvests()
            return []
        if any(isinstance(a, (CastSpell, DiscardTurnedUp)) for a in self.host.legal):
            return []  # a spell (the Enchantment of the Beans, the Trade Spell's discard, a
            # Re-tuck) may do instead of the harvest: the keys say so, nothing is forced
        return super().forced()

    # -- the digit keys ----------------------------------------------------------------------------

    def plant_action(self, field: int) -> Action | None:
        host = self.host
        me = host.viewer
        if me is None:
            return None
        p = self.pending()
        if p is not None and p["kind"] in PENDING_DIGITS:
            kind = p["kind"]
            if kind == "place":
                return PlaceCard(me, field)
            if kind == "coin":
                return ChooseCoin(me, field) if field < len(p.get("coins") or ()) else None
            if kind == "face":
                return ChooseFace(me, field == 0) if field < 2 else None
            return PlantHand(me, field)
        own = super().plant_action(field)
        if own in host.legal:
            return own
        if PlantHand(me, field) in host.legal:  # the Magic Card Flow, or a new row in 1b
            return PlantHand(me, field)
        return own

    def key_text(self, action: str) -> str | None:
        """What a key does now (the key bar): the pending decision's digits, the abilities
        by what they do, the spell to cast when there is one."""
        p = self.pending()
        if action.startswith("plant(") and p is not None:
            i = int(action[6:-1])
            if p["kind"] == "coin":
                coins = p.get("coins") or ()
                return name(GAME, coins[i]) if i < len(coins) else None
            if p["kind"] == "face":
                return ("Face up", "Face down")[i] if i < 2 else None
            return None
        if action == "activate":
            ups = [a for a in self.host.legal if isinstance(a, ActivateSpell) and a.magic is None]
            if len(ups) == 1:
                return f"Activate {self.spell_title(ups[0].spell).split(' (')[0]}"
        if action == "cast":
            spells = self.castable()
            if len(spells) == 1:
                return f"Cast {self.spell_title(next(iter(spells))).split(' (')[0]}"
        if action == "skip" and p is not None:
            return {"activate": "No more spells", "own_plant": "Don't plant"}.get(p["kind"])
        if action == "skip" and self._spell_skip():
            return "Trade without the spell"
        if action == "skip":
            return "Stop the flow"
        if action == "discard" and self.magic_beans():
            return "Magic Bean"
        if action == "draw_cards":
            size = self.host.view.get("deck_size", 3)
            if size < 3:
                return f"Draw {size}, end turn" if size else "End turn (no pile)"
        return None

    @staticmethod
    def _draw_words(v: dict[str, Any]) -> str:
        """What phase 4's draw takes now: three cards, or what the pile still holds."""
        size = v.get("deck_size", 3)
        if size >= 3:
            return "draws 3 cards"
        if size == 0:
            return "draws nothing (the draw pile is used up)"
        return f"draws the last {size} card{'s' if size > 1 else ''}"

    # -- abilities -----------------------------------------------------------------------------

    def ability_use(self, ability: str) -> list[UseAbility] | None:
        """The legal uses of `ability`, on the field with the most cards (the strongest use:
        Mean needs 4, White plants and Magic activates two from 4), None if none."""
        v = self.host.view
        fields = {a["field"] for a in v.get("abilities") or [] if a["ability"] == ability}
        uses = [a for a in self.host.legal if isinstance(a, UseAbility) and a.field in fields]
        if not uses:
            return None
        me = v["players"][self.host.viewer]
        best = max(uses, key=lambda a: (me["fields"][a.field]["count"], -a.field)).field
        return [a for a in uses if a.field == best]

    def refused_move(self, action: str, params: tuple[Any, ...]) -> Action | None:
        """The move a refused key names (RefusedKeys), the bean games' and: an ability's key
        in phase 1 or 1b, on the viewer's field of that ability's variety (in 1b only
        where there is one), a fellow player its target (a legal one the table drops)."""
        host, me = self.host, self.host.viewer
        if not action.startswith("use_") or me is None:
            return super().refused_move(action, params)
        v = host.view
        if v["phase"] not in ("plant", "magic"):
            return None  # its key may be another's (w: withdraw an offer)
        kinds = [a.variety for a in cards().abilities.values() if a.id == action[4:]]
        fields = [f["variety"] for f in v["players"][me]["fields"]]
        field = next((i for i, k in enumerate(fields) if k in kinds), None)
        if field is None and v["phase"] == "magic":
            return None
        target = (me + 1) % len(self.client.names) if action[4:] in ("picker", "sword") else None
        return UseAbility(me, field or 0, target)

    def key_exists(self, action: str, params: tuple[Any, ...] = ()) -> bool:
        """d discards Magic Beans from the hand (phase 1b), with no bean duel."""
        return action == "discard" or super().key_exists(action, params)

    def check(self, action: str, params: tuple[Any, ...]) -> bool:
        if self.host.choice is not None or self.host.viewer is None:
            return super().check(action, params)
        if action.startswith("use_"):
            return self.ability_use(action[4:]) is not None
        legal = self.host.legal
        if action == "activate":
            return any(isinstance(a, ActivateSpell) and a.magic is None for a in legal)
        if action == "tuck":
            return PlaceCard(self.host.viewer, None) in legal
        if action == "cast":
            return bool(self.castable())
        if action == "spell_texts":
            return True
        if action == "discard":
            return bool(self.discard_choices())
        if action == "end_trading" and self._spell_skip():
            return False  # e: first the phase-2 spell's decision (Skip), then the trading
        return super().check(action, params)

    def _spell_skip(self) -> bool:
        """The active player is asked to decide on the phase-2 spells (Skip forgoes them)."""
        v = self.host.view
        return bool(v.get("spell_first")) and not v.get("flow") and self.check("skip", ())

    async def _use(self, ability: str, question: str, hands: bool = False) -> None:
        uses = self.ability_use(ability)
        if not uses:
            return
        if all(a.target is None for a in uses):
            await self.host.do(uses[0])
            return
        names = self.client.names
        players = self.host.view["players"]
        choices: list[tuple[str | Text, Any]] = [
            (names[a.target] + (f" · {players[a.target]['hand_size']} in hand" if hands else ""), a)
            for a in uses
            if a.target is not None
        ]
        self.host.app.push_screen(ChooseScreen(question, choices), self._chosen)

    async def action_use_picker(self) -> None:
        await self._use("picker", "Steal the rearmost hand card of whom?", hands=True)

    async def action_use_sword(self) -> None:
        await self._use("sword", "Duel whom? Their coin pile is shuffled.")

    async def action_use_mean(self) -> None:
        await self._use("mean", "")

    async def action_use_white(self) -> None:
        await self._use("white", "")

    async def action_use_magic(self) -> None:
        await self._use("magic", "")

    async def action_end_magic(self) -> None:
        await self.one((EndMagic,))

    async def action_draw_cards(self) -> None:
        await self.one((DrawCards,))

    async def action_skip(self) -> None:
        await self.one((Skip,))

    async def action_tuck(self) -> None:
        if self.host.viewer is not None:
            await self.host.do(PlaceCard(self.host.viewer, None))

    # -- spells --------------------------------------------------------------------------------

    def my_spells(self) -> list[dict[str, Any]]:
        me = self.host.viewer
        return [] if me is None else list(self.host.view["players"][me]["spells"])

    def spell_title(self, index: int) -> str:
        s = next((s for s in self.my_spells() if s["index"] == index), None)
        if s is None or not s["id"]:
            return f"spell #{index + 1}"
        sp = spell(s["id"])
        return f"{sp.name} ({sp.groschen} G)"

    async def action_activate(self) -> None:
        """m: activate a spell card; with one card to activate, at once (no choice to ask)."""
        options = [a for a in self.host.legal if isinstance(a, ActivateSpell) and a.magic is None]
        if len(options) == 1:
            await self.host.do(options[0])
            return
        choices: list[tuple[str | Text, Any]] = [(self.spell_title(a.spell), a) for a in options]
        if choices:
            self.host.app.push_screen(ChooseScreen("Activate which spell?", choices), self._chosen)

    def magic_beans(self) -> list[ActivateSpell]:
        """Magic Beans from the hand, each discarded to activate a spell (phase 1b)."""
        return [a for a in self.host.legal if isinstance(a, ActivateSpell) and a.magic is not None]

    def discard_label(self, a: Action) -> Text | None:
        if isinstance(a, ActivateSpell) and a.magic is not None:
            t = Text.assemble(f"hand #{a.magic + 1} ", card(GAME, self.view_card(a.magic)))
            t.append(f" → activate {self.spell_title(a.spell)}")
            return t
        if isinstance(a, DiscardTurnedUp):
            return Text.assemble("turned up: ", card(GAME, a.variety), " to the discard pile")
        return super().discard_label(a) if isinstance(a, (DiscardOffer, DiscardHand)) else None

    def castable(self) -> dict[int, list[CastSpell]]:
        """The legal casts by spell card (row index), every choice enumerated."""
        out: dict[int, list[CastSpell]] = {}
        for a in self.host.legal:
            if isinstance(a, CastSpell):
                out.setdefault(a.spell, []).append(a)
        return out

    def action_cast(self) -> None:
        spells = self.castable()
        ids = {s["index"]: s["id"] for s in self.my_spells()}
        choices: list[tuple[str | Text, Any]] = []
        for index, casts in spells.items():
            sid = ids.get(index)
            label = Text(self.spell_title(index), style="bold")
            if sid:
                label.append(f" · {spell(sid).short}", style="dim")
            choices.append((label, casts))
        if choices:
            self.host.app.push_screen(ChooseScreen("Cast which spell?", choices), self._cast)

    async def _cast(self, casts: list[CastSpell] | None) -> None:
        if not casts:
            return
        if len(casts) == 1:
            await self.host.do(casts[0])
            return
        first = casts[0]
        ids = {s["index"]: s["id"] for s in self.my_spells()}
        sid = ids.get(first.spell)
        if sid == "retuck" and len({a.index for a in casts}) > 1:  # first the card, then where
            by_card: dict[int, list[CastSpell]] = {}
            for a in casts:
                by_card.setdefault(a.index or 0, []).append(a)
            choices: list[tuple[str | Text, Any]] = [
                (Text.assemble(f"hand #{i + 1} ", card(GAME, self.view_card(i))), group)
                for i, group in sorted(by_card.items())
            ]
            self.host.app.push_screen(ChooseScreen("Re-tuck which card?", choices), self._cast)
            return
        labels = [(self.cast_label(sid, a), a) for a in casts]
        title = {
            "swap": "Swap for which face-down card?",
            "enchant_beans": "Enchant which field, with which bean?",
            "retuck": "Move it to which position?",
        }.get(sid or "", "Which one?")
        self.host.app.push_screen(ChooseScreen(title, labels), self._chosen)

    def view_card(self, index: int) -> str | None:
        hand = self.host.view["players"][self.host.viewer]["hand"] or []
        return hand[index] if 0 <= index < len(hand) else None

    def cast_label(self, sid: str | None, a: CastSpell) -> str | Text:
        names = self.client.names
        if sid == "swap" and a.target is not None:
            j = a.index or 0
            theirs = self.host.view["players"][a.target]["spells"]
            known = theirs[j]["id"] if j < len(theirs) else None  # the chooser knows it
            what = f": {spell(known).name}, known to you" if known else ""
            return f"{names[a.target]}'s face-down card #{j + 1}{what}"
        if sid == "enchant_beans" and a.field is not None:
            f = self.host.view["players"][a.seat]["fields"][a.field]
            t = Text.assemble(f"field {a.field + 1} (", card(GAME, f["variety"]), ") ← ")
            t.append_text(card(GAME, a.variety))
            t.append(f" {name(GAME, a.variety)}: both count as it")
            return t
        if sid == "retuck" and a.to is not None and a.index is not None:
            rest = list(self.host.view["players"][a.seat]["hand"] or ())
            del rest[a.index : a.index + 1]
            if not rest:
                return "to the front"
            if a.to == 0:
                return f"to the front, before the {name(GAME, rest[0])}"
            if a.to >= len(rest):
                return f"to the back, behind the {name(GAME, rest[-1])}"
            return f"between the {name(GAME, rest[a.to - 1])} and the {name(GAME, rest[a.to])}"
        return ", ".join(
            f"{k} {getattr(a, k)}"
            for k in ("target", "index", "to", "field", "variety")
            if getattr(a, k) is not None
        )

    def action_discard(self) -> None:
        """d: a discard; Magic Beans from the hand discarded to activate a spell read so."""
        choices = self.discard_choices()
        magic = all(isinstance(a, ActivateSpell) for _, a in choices)
        title = "Discard a Magic Bean to activate which spell?" if magic else "Discard which card?"
        if choices:
            self.host.app.push_screen(ChooseScreen(title, choices), self._chosen)

    def action_spell_texts(self) -> None:
        from bohn_tui.games.excalibohn.ui.help import SpellTextScreen

        me = self.host.viewer
        names = list(self.client.names)
        castable = set(self.castable())
        self.host.app.push_screen(SpellTextScreen(self.host.view, me, names, castable))

    # -- the end and the help ------------------------------------------------------------------

    def end_screen(self) -> Screen[None]:
        from bohn_tui.games.excalibohn.ui.end import ExcaliEndScreen

        return ExcaliEndScreen(self.client)

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        from bohn_tui.games.excalibohn.ui.help import excali_help

        return excali_help(len(self.client.names), self.client.help_lines())
