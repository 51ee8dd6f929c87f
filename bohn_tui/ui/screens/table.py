"""The table: the public board, the hand of whoever has the screen, the hot-seat hand-over
and every key of the game. Board state lives here (and in the session), not on the App."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from bohn_tui.games.bohnroschen.actions import (
    DiscardKind,
    DrawCards,
    EndTribute,
    PayTribute,
    PlantKind,
)
from bohn_tui.games.bohnroschen.ui import table as rose
from bohn_tui.games.bohnroschen.ui.vine_row import VineRow
from bohn_tui.games.common.actions import (
    Accept,
    Action,
    BuyField,
    Decline,
    DiscardHand,
    DiscardOffer,
    EndPlanting,
    EndTrading,
    EndTurn,
    Harvest,
    IllegalAction,
    Offer,
    PlantArea,
    PlantHand,
    Withdraw,
)
from bohn_tui.play.session import Session
from bohn_tui.ui.cards import card, name
from bohn_tui.ui.screens.choose import ChooseScreen
from bohn_tui.ui.screens.offer import OfferScreen
from bohn_tui.ui.screens.privacy import privacy_screen
from bohn_tui.ui.widgets.base import ViewStatic
from bohn_tui.ui.widgets.game_log import GameLog
from bohn_tui.ui.widgets.hand import HandView
from bohn_tui.ui.widgets.key_bar import KeyBar, shown_keys
from bohn_tui.ui.widgets.phase_banner import PhaseBanner
from bohn_tui.ui.widgets.piles import Piles
from bohn_tui.ui.widgets.player_panel import PlayerPanel
from bohn_tui.ui.widgets.trade_area import TradeArea

# which action types each key-bound action stands for
KEYED: dict[str, tuple[type[Action], ...]] = {
    "end_planting": (EndPlanting,),
    "end_trading": (EndTrading,),
    "end_turn": (EndTurn,),
    "harvest": (Harvest,),
    "buy": (BuyField,),
    "discard": (DiscardOffer, DiscardHand, DiscardKind),
    "pay_tribute": (PayTribute,),
    "draw_cards": (DrawCards,),
    "end_tribute": (EndTribute,),
}


NO_HAND = "No hand is shown until the next player takes the screen."


def _parse(action: str) -> tuple[str, tuple[int, ...]]:
    """'plant(1)' -> ('plant', (1,)): a bound action's name and its whole-number arguments."""
    name_, _, arg = action.partition("(")
    return name_, (int(arg.rstrip(")")),) if arg else ()


class TableScreen(Screen[None]):
    CSS_PATH = "../table.tcss"
    BINDINGS = [
        Binding("1", "plant(0)", "Plant on 1"),
        Binding("2", "plant(1)", "Plant on 2"),
        Binding("3", "plant(2)", "Plant on 3"),
        Binding("e", "end_planting", "Stop planting"),
        Binding("e", "end_trading", "End trading"),
        Binding("e", "end_turn", "End turn"),
        Binding("e", "draw_cards", "Draw cards"),
        Binding("e", "end_tribute", "No more tribute"),
        Binding("t", "pay_tribute", "Pay tribute"),
        Binding("f", "harvest", "Harvest"),
        Binding("b", "buy", "Buy 3rd field"),
        Binding("o", "offer", "Offer"),
        Binding("a", "accept", "Accept"),
        Binding("x", "decline", "Decline"),
        Binding("c", "counter", "Counter"),
        Binding("w", "withdraw", "Withdraw"),
        Binding("d", "discard", "Discard"),
        Binding("left,h", "prev_card", "Pick card", key_display="←→"),
        Binding("right,l", "next_card", "Next card", show=False),
        Binding("up,k", "prev_offer", "Pick offer", key_display="↑↓"),
        Binding("down,j", "next_offer", "Next offer", show=False),
        Binding("u", "undo", "Undo"),
        Binding("p", "pass_screen", "Pass screen"),
        Binding("v", "view_log", "Log"),
        Binding(
            "escape", "cancel_choice", "Cancel a harvest choice", key_display="Esc", show=False
        ),
        Binding("question_mark", "help", "Help"),
        Binding("q", "menu", "Menu"),
    ]

    def __init__(self, session: Session, bot_delay: float = 0.4) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.viewer: int | None = None
        self.visiting = False  # the viewer took the screen out of turn
        self.pile_sel = 0
        self.offer_sel: int | None = None
        self._forced_at = -1
        self._legal: list[Action] = []
        self._view: dict[str, Any] = session.view(None)
        self._hand: HandView | None = None
        self.hand_hidden = False  # Bohnröschen's intermediate phase: no hand shown
        self._seen: dict[int, int] = {}  # log length when each seat last had the screen
        # a harvest being chosen on the table itself (no modal: no screen swap): the
        # question and the harvests the field keys pick from
        self.choice: tuple[str, list[Harvest]] | None = None
        # a game that opens with a hand-over shows the privacy screen before the table is
        # built (the first frame comes sooner); a hand confirmed meanwhile shows once built
        d = session.decider()
        self.building = (
            len(session.humans) > 1
            and d is not None
            and not session.is_bot(d)
            and not self._tribute_only()
        )
        self._reveal_when_built: int | None = None

    # -- layout ------------------------------------------------------------------------------

    def _widgets(self) -> list[Widget]:
        left: list[Widget] = [VineRow(id="vine")] if rose.is_rose(self._view) else []
        panels = [PlayerPanel(seat) for seat in range(len(self.session.names))]
        left.append(VerticalScroll(Grid(*panels, id="players"), id="players-scroll"))
        left.append(GameLog(id="log"))  # short and wide: a new line repaints few rows
        side = Vertical(Piles(id="piles"), TradeArea(id="trade"), id="side")
        return [
            PhaseBanner(id="banner"),
            Horizontal(Vertical(*left, id="left"), side, id="main"),
            # holds the hand's place while no hand shows, so that a hand-over changes the
            # size of nothing else on the table (a size change repaints all inside it)
            Static(NO_HAND, id="no-hand", classes="hand-slot"),
            KeyBar(id="keys"),
        ]

    def compose(self) -> ComposeResult:
        if not self.building:
            yield from self._widgets()

    def on_mount(self) -> None:
        if self.building:  # the privacy screen shows first; the table is built beneath it
            self.advance()
            self.call_after_refresh(self._build)
            return
        self._layout()
        self.advance()

    async def _build(self) -> None:
        await self.mount_all(self._widgets())
        self.building = False
        self._layout()
        seat, self._reveal_when_built = self._reveal_when_built, None
        if seat is not None:
            self.reveal(seat)
        else:
            self.call_after_refresh(self._prepaint)

    def on_resize(self) -> None:
        if not self.building:
            self._layout()

    def _layout(self) -> None:
        n = len(self.session.names)
        width = self.app.size.width
        side = 44 if width >= 110 else 34
        self.query_one("#side").styles.width = side
        cols = max(1, min(n, (width - side) // 36, 4))
        self.query_one("#players", Grid).styles.grid_size_columns = cols
        if rose.is_rose(self._view):  # a short screen: a shorter vine row
            vine = self.query_one("#vine", VineRow)
            vine.compact = self.app.size.height < 34
            vine.show(self._view)

    # -- flow --------------------------------------------------------------------------------

    def advance(self) -> None:
        """After any change: let bots act, then give the screen to whoever must decide."""
        s = self.session
        if self.bot_delay and not s.over:
            if s.bot_step():
                if (
                    len(s.humans) > 1
                    and self.viewer is not None
                    and s.is_bot(s.state.active)
                    and self.viewer not in s.waiting_for()
                ):
                    self.viewer = None  # a bot's turn: hide the hand of whoever had the screen
                    self.visiting = False
                self.refresh_table()
                self.set_timer(self.bot_delay, self.advance)
                return
        elif not s.over:
            s.run_bots()
        if s.over:
            self.viewer = None
            self.refresh_table()
            self.app.push_screen(self._end_screen())
            return
        if self.hand_hidden and not self._tribute_only():
            self.hand_hidden = False  # a hand shows next: pass the screen properly
            self.viewer = None
        d = s.next_human()
        if d is None or (self.visiting and self.viewer is not None) or d == self.viewer:
            self.refresh_table()
            self._maybe_forced()
            return
        self.hand_over(d)

    def hand_over(self, seat: int) -> None:
        """Pass the screen: hide every private widget, then the opaque privacy screen."""
        self.app.clear_above(self)  # type: ignore[attr-defined]  # no private modal stays
        self.viewer = None
        self.choice = None
        if self._tribute_only():  # no hand shows: no privacy screen
            self.hand_hidden = True
            self.reveal(seat)
            return
        if len(self.session.humans) == 1:
            self.reveal(seat)
            return
        log = self.session.log
        since = [ln.text for ln in log[self._seen.get(seat, len(log)) :]]
        # the privacy screen first, then the table hides the hand beneath it: the table is
        # not laid out or painted while it is covered
        reason = self._reason(seat)
        cover = privacy_screen(self.app).show_for(
            self.session.names[seat], reason, since, lambda: self.reveal(seat)
        )
        self.app.push_screen(cover)
        if not self.building:
            self._drop_hand()  # at once; the rest of the table is brought up to date below
        self.call_after_refresh(self._prepaint)

    def _prepaint(self) -> None:
        """Once the privacy screen shows, bring the table beneath up to date and paint its
        public widgets into their line caches: the hand-over's frame then repaints only
        what the new viewer changes (their panel, hand, keys and banner)."""
        if self.app.screen is self or self.building:
            return
        self.refresh_table()
        for w in self.query(ViewStatic):
            if w.region:
                w.render_lines(Region(0, 0, w.region.width, w.region.height))

    def _tribute_only(self) -> bool:
        """Bohnröschen's intermediate phase: the decision is tribute, no hand shows."""
        return self.session.state.phase == "intermediate" and len(self.session.humans) > 1

    def _end_screen(self) -> Screen[None]:
        if rose.is_rose(self._view) and len(self.session.names) == 1:
            from bohn_tui.games.bohnroschen.ui.solo_end import SoloEndScreen

            return SoloEndScreen(self.session)
        from bohn_tui.ui.screens.end import EndScreen

        return EndScreen(self.session)

    def reveal(self, seat: int) -> None:
        if self.building:
            self._reveal_when_built = seat
            return
        self.viewer = seat
        self.choice = None
        self.pile_sel = 0
        self.offer_sel = None  # select the offer made to the new viewer
        with self.app.batch_update():  # the hand's mount and the repaint in one frame
            self.refresh_table()
            panel = self.query_one(f"#player-{seat}")
            if panel.region and not self.query_one("#players-scroll").region.contains_region(
                panel.region
            ):
                panel.scroll_visible(animate=False)
        self._maybe_forced()

    def _reason(self, seat: int) -> str:
        v = self._view
        names = self.session.names
        if self.visiting:
            return f"{names[seat]} takes the screen to act out of turn."
        if v["phase"] == "trade" and seat != v["active"]:
            for o in v["offers"]:
                if o["seat"] != seat and o["to"] in (seat, None):
                    kind = "a gift" if not o["want"] else "an offer"
                    return f"{names[o['seat']]} has {kind} for {names[seat]}."
        if v["phase"] == "plant_trades" and seat != v["active"]:
            return f"{names[seat]} plants the cards they received."
        if seat == v["active"]:
            if v["phase"] == "trade" and v["offers"]:
                return f"Back to {names[seat]}: the answers are in."
            return f"It is {names[seat]}'s turn."
        return f"{names[seat]} decides next."

    def do(self, action: Action) -> bool:
        self.choice = None
        try:
            self.session.apply(action)
        except IllegalAction as e:
            self.notify(str(e), title="Not allowed", severity="warning")
            return False
        if isinstance(action, Offer):
            self.visiting = False  # an offer waits for someone else's answer: pass on
        saver = getattr(self.app, "saver", None)
        if saver is not None and saver.error:
            self.notify(saver.error, title="Not saved", severity="error", timeout=10)
            saver.error = None
        self.advance()
        return True

    # -- rendering ---------------------------------------------------------------------------

    def _pile(self) -> tuple[list[str], str]:
        v = self._view
        if self.viewer is None:
            return [], ""
        me = v["players"][self.viewer]
        if v["phase"] == "plant_trades" and me["area"]:
            return me["area"], "Plant these"
        if v["active"] == self.viewer and v["phase"] == "take_offer":
            return v["duel_offer"], "Take the offer"
        if v["active"] == self.viewer and v["phase"] == "plant_turned_up":
            return v["turned_up"], "Plant any"
        return [], ""

    def refresh_table(self) -> None:
        if self.building:
            return
        s = self.session
        if self.viewer is not None:  # what the viewer saw of the log, for the next hand-over
            self._seen[self.viewer] = len(s.log)
        self._view = v = s.view(self.viewer)
        self._legal = s.legal(self.viewer) if self.viewer is not None else []
        if self.choice is not None:  # options the rules no longer allow leave the choice
            options = [a for a in self.choice[1] if a in self._legal]
            self.choice = (self.choice[0], options) if options else None
        pile, label = self._pile()
        self.pile_sel = min(self.pile_sel, max(0, len(pile) - 1))
        ids = [o["id"] for o in v["offers"]]
        if self.offer_sel not in ids or self.offer_sel is None:
            mine = [o["id"] for o in v["offers"] if self._to_me(o)]
            self.offer_sel = (mine or ids or [None])[0]
        for seat in range(len(s.names)):
            self.query_one(f"#player-{seat}", PlayerPanel).show(v, s.is_bot(seat))
        self.query_one("#piles", Piles).show(v)
        if rose.is_rose(v):
            self.query_one("#vine", VineRow).show(v)
        self.query_one("#trade", TradeArea).show(
            v, s.names, pile, label, self.pile_sel if len(pile) > 1 else None, self.offer_sel
        )
        self.query_one("#log", GameLog).show(s.log)
        self.query_one("#banner", PhaseBanner).show(
            *(rose.banner(self._banner(), v, self.viewer) if rose.is_rose(v) else self._banner())
        )
        if self.viewer is None or self.hand_hidden:
            self._drop_hand()
        else:
            slot = self.query_one("#no-hand")
            if self._hand is None:
                self._hand = HandView(classes="hand-slot")
                self.mount(self._hand, before=slot)
                slot.display = False
            self._hand.show(v)
        self._show_keys()

    def _drop_hand(self) -> None:
        """The private widget leaves the DOM; the public note takes its place."""
        if self._hand is not None:
            self._hand.update("")
            self._hand.remove()
            self._hand = None
            self.query_one("#no-hand").display = True

    def _show_keys(self) -> None:
        """The key bar: each shown binding whose action is legal now, first one per key."""
        keys: list[tuple[str, str, str]] = []
        if self.choice is not None:  # the field keys pick a harvest, Esc cancels
            for a in self.choice[1]:
                keys.append((str(a.field + 1), self._harvest_label(a), f"plant({a.field})"))
            keys.append(("Esc", "Cancel", "cancel_choice"))
            self.query_one("#keys", KeyBar).show(keys)
            return
        keys = shown_keys(self.BINDINGS, lambda action: bool(self.check_action(*_parse(action))))
        self.query_one("#keys", KeyBar).show(keys)

    def _banner(self) -> tuple[str, str]:
        v = self._view
        s = self.session
        names = s.names
        head = f"Turn {v['turn']} · {names[v['active']]}'s turn · {v['phase_name']}"
        d = s.decider()
        if v["over"]:
            return head, "The game is over."
        if self.viewer is None:
            who = names[d] if d is not None else "?"
            return head, f"Waiting for {who}…"
        if self.choice is not None:
            keys = " or ".join(str(a.field + 1) for a in self.choice[1])
            return head, f"{names[self.viewer]}: {self.choice[0]} ({keys}; Esc cancels)"
        me = self.viewer
        you = names[me]
        if d is not None and s.is_bot(d):
            return head, f"{s.who(d)} is thinking…"
        if d != me and not self.visiting:
            return head, f"Waiting for {names[d]}." if d is not None else ""
        if self.visiting and d != me:
            return (
                head,
                f"{you}: out of turn: harvest (f), buy (b), offer (o); p hands back.",
            )
        ph = v["phase"]
        if rose.is_rose(v):
            hint = rose.banner_hint(v, me, you)
            if hint is not None:
                return head, hint
        fields = len(v["players"][me]["fields"])
        keys = f"1-{fields}"  # the field keys this seat has
        if ph == "plant":
            front = v["players"][me]["hand"][0] if v["players"][me]["hand"] else None
            fits = [str(a.field + 1) for a in self._legal if isinstance(a, PlantHand)]
            keys = " or ".join(fits) or keys
            if v["planted"] == 0:
                if not any(isinstance(a, PlantHand) for a in self._legal):
                    return (
                        head,
                        f"{you}: {name(v['game'], front)} fits no field: harvest one (f)"
                        + (
                            " or discard a hand card (d)."
                            if any(isinstance(a, DiscardHand) for a in self._legal)
                            else "."
                        ),
                    )
                return (
                    head,
                    f"{you}: plant your front card {name(v['game'], front)} (field {keys}).",
                )
            more = (
                f"plant {name(v['game'], front)} too ({keys}) or "
                if front and v["planted"] < 2
                else ""
            )
            return head, f"{you}: {more}stop planting (e) to turn up cards."
        if ph == "trade":
            if me == v["active"]:
                return (
                    head,
                    f"{you}: trade. o makes an offer, a/x answer offers to you, e ends trading.",
                )
            return (
                head,
                f"{you}: a accepts, x declines, c counters; o offers to {names[v['active']]}.",
            )
        if ph in ("plant_trades", "take_offer", "plant_turned_up"):
            extra = {"take_offer": " or discard it (d)", "plant_turned_up": "; e ends your turn"}
            return head, f"{you}: plant your cards: ←→ picks, {keys} plants{extra.get(ph, '')}."
        return head, ""

    def _to_me(self, o: dict[str, Any]) -> bool:
        me = self.viewer
        return (
            me is not None and o["seat"] != me and o["to"] in (me, None) and me not in o["declined"]
        )

    def _selected_offer(self) -> dict[str, Any] | None:
        for o in self._view["offers"]:
            if o["id"] == self.offer_sel:
                return o
        return None

    def _forced(self) -> list[Harvest]:
        """Harvests the viewer must choose among because nothing can be planted."""
        v = self._view
        if self.viewer is None or self.session.decider() != self.viewer:
            return []
        legal = self._legal
        if v["phase"] == "plant" and v["planted"] == 0:
            if not any(isinstance(a, PlantHand | DiscardHand) for a in legal):
                return [a for a in legal if isinstance(a, Harvest)]
        if v["phase"] == "plant_trades" and not any(isinstance(a, PlantArea) for a in legal):
            return [a for a in legal if isinstance(a, Harvest)]
        return []

    def _maybe_forced(self) -> None:
        n = len(self.session.record.actions)
        forced = self._forced()
        if forced and self._forced_at != n and self.choice is None and self.app.screen is self:
            self._forced_at = n
            pile, _ = self._pile()
            v = self._view
            what = pile[self.pile_sel] if pile else (v["players"][self.viewer]["hand"] or [None])[0]
            self._ask_harvest(
                forced, f"{name(v['game'], what)} fits no field. Harvest which field?"
            )

    # -- key actions -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("help", "menu", "view_log"):
            return True
        if self.viewer is None:
            return False
        if self.choice is not None:  # only the choice's keys while a harvest is asked
            if action == "plant":
                return any(a.field == parameters[0] for a in self.choice[1])
            return action == "cancel_choice"
        if action == "cancel_choice":
            return False
        v, legal = self._view, self._legal
        if action in KEYED:
            return any(isinstance(a, KEYED[action]) for a in legal)
        if action == "plant":
            return self._plant_action(int(parameters[0])) in legal  # type: ignore[arg-type]
        if action in ("prev_card", "next_card"):
            return len(self._pile()[0]) > 1
        if action in ("prev_offer", "next_offer"):
            return len(v["offers"]) > 1
        o = self._selected_offer()
        if action == "offer":
            return bool(v["can_offer"])
        if action in ("accept", "decline"):
            return o is not None and any(
                isinstance(a, Accept if action == "accept" else Decline) and a.offer == o["id"]
                for a in legal
            )
        if action == "counter":
            return bool(v["can_offer"]) and o is not None and self._to_me(o)
        if action == "withdraw":
            return o is not None and o["seat"] == self.viewer
        if action == "undo":
            acts = self.session.record.actions
            return self.session.can_undo() and acts[-1].seat == self.viewer
        if action == "pass_screen":
            return len(self.session.humans) > 1
        return True

    def _plant_action(self, field: int) -> Action | None:
        if self.viewer is None:
            return None
        if self._view["phase"] == "plant":
            return PlantHand(self.viewer, field)
        pile, _ = self._pile()
        if not pile:
            return None
        if rose.is_rose(self._view) and self._view["phase"] != "plant_trades":
            return PlantKind(self.viewer, pile[self.pile_sel], field)  # a whole kind
        return PlantArea(self.viewer, pile[self.pile_sel], field)

    def on_player_panel_field_clicked(self, event: PlayerPanel.FieldClicked) -> None:
        """Clicking one of your fields plants there when you can, else offers a harvest."""
        if event.seat != self.viewer:
            return
        if self.choice is not None or self.check_action("plant", (event.field,)):
            self.action_plant(event.field)
        elif Harvest(event.seat, event.field) in self._legal:
            self._ask_harvest([Harvest(event.seat, event.field)], "Harvest this field?")

    def action_plant(self, field: int) -> None:
        if self.choice is not None:
            for h in self.choice[1]:
                if h.field == field:
                    self.do(h)
                    return
            return
        a = self._plant_action(field)
        if a is not None:
            self.do(a)

    def _one(self, kind: tuple[type[Action], ...]) -> None:
        for a in self._legal:
            if isinstance(a, kind):
                self.do(a)
                return

    def action_end_planting(self) -> None:
        self._one((EndPlanting,))

    def action_end_trading(self) -> None:
        self._one((EndTrading,))

    def action_end_turn(self) -> None:
        self._one((EndTurn,))

    def action_buy(self) -> None:
        self._one((BuyField,))

    def action_pay_tribute(self) -> None:
        self._one((PayTribute,))

    def action_draw_cards(self) -> None:
        self._one((DrawCards,))

    def action_end_tribute(self) -> None:
        self._one((EndTribute,))

    def _harvest_label(self, a: Harvest) -> str:
        v = self._view
        f = v["players"][a.seat]["fields"][a.field]
        coins = f"{f['pays']} coin{'s' if f['pays'] != 1 else ''}"
        return f"{name(v['game'], f['variety'])} ×{f['count']} → {coins}"

    def _ask_harvest(self, options: list[Harvest], question: str) -> None:
        """Ask on the table itself: the banner asks, the key bar lists the fields, the field
        keys (or a click on a field) pick one, Esc cancels."""
        self.choice = (question, options)
        self.refresh_table()

    def action_cancel_choice(self) -> None:
        if self.choice is not None:
            self.choice = None
            self.refresh_table()

    def _chosen(self, action: Action | None) -> None:
        if action is not None:
            self.do(action)

    def action_harvest(self) -> None:
        options = [a for a in self._legal if isinstance(a, Harvest)]
        if options:
            self._ask_harvest(options, "Harvest which field?")

    def action_discard(self) -> None:
        v = self._view
        choices: list[tuple[str | Text, Any]] = []
        for a in self._legal:
            if isinstance(a, DiscardOffer):
                choices.append((Text.assemble("from the offer: ", card(v["game"], a.variety)), a))
            elif isinstance(a, DiscardKind):
                choices.append((Text.assemble("all left: ", card(v["game"], a.variety)), a))
            elif isinstance(a, DiscardHand):
                vid = v["players"][self.viewer]["hand"][a.index]
                choices.append((Text.assemble(f"hand #{a.index + 1}: ", card(v["game"], vid)), a))
        if choices:
            self.app.push_screen(ChooseScreen("Discard which card?", choices), self._chosen)

    def action_prev_card(self) -> None:
        self._pick(-1)

    def action_next_card(self) -> None:
        self._pick(1)

    def action_prev_offer(self) -> None:
        self._pick_offer(-1)

    def action_next_offer(self) -> None:
        self._pick_offer(1)

    def _pick(self, step: int) -> None:
        pile, _ = self._pile()
        if pile:
            self.pile_sel = (self.pile_sel + step) % len(pile)
            self.refresh_table()

    def _pick_offer(self, step: int) -> None:
        ids = [o["id"] for o in self._view["offers"]]
        if ids:
            i = ids.index(self.offer_sel) if self.offer_sel in ids else 0
            self.offer_sel = ids[(i + step) % len(ids)]
            self.refresh_table()

    def action_offer(self) -> None:
        self.app.push_screen(OfferScreen(self._view, self.session.names), self._offered)

    def action_counter(self) -> None:
        o = self._selected_offer()
        if o is not None:
            self.app.push_screen(OfferScreen(self._view, self.session.names, o), self._offered)

    def _offered(self, offer: Offer | None) -> None:
        if offer is not None:
            self.do(offer)

    def action_accept(self) -> None:
        from bohn_tui.ui.screens.accept import AcceptScreen, needs_choice

        o = self._selected_offer()
        for a in self._legal:
            if isinstance(a, Accept) and o is not None and a.offer == o["id"]:
                if self.viewer is not None and needs_choice(self._view, self.viewer, o["want"]):
                    self.app.push_screen(AcceptScreen(self._view, o, a), self._chosen)
                else:
                    self.do(a)
                return

    def action_decline(self) -> None:
        o = self._selected_offer()
        if o is not None and self.viewer is not None:
            self.do(Decline(self.viewer, o["id"]))

    def action_withdraw(self) -> None:
        o = self._selected_offer()
        if o is not None and self.viewer is not None:
            self.do(Withdraw(self.viewer, o["id"]))

    def action_undo(self) -> None:
        try:
            self.session.undo()
        except IllegalAction as e:
            self.notify(str(e), severity="warning")
            return
        self._forced_at = -1
        self.refresh_table()

    def action_pass_screen(self) -> None:
        s = self.session
        if self.visiting:
            self.visiting = False
            d = s.next_human()
            if d is not None and d != self.viewer:
                self.hand_over(d)
            return
        others = [x for x in s.humans if x != self.viewer]
        choices: list[tuple[str | Text, Any]] = [(s.names[x], x) for x in others]
        self.app.push_screen(
            ChooseScreen("Pass the screen to whom (to act out of turn)?", choices),
            self._visit,
        )

    def _visit(self, seat: int | None) -> None:
        if seat is None:
            return
        self.visiting = seat != self.session.next_human()
        self.hand_over(seat)

    def action_view_log(self) -> None:
        from bohn_tui.ui.screens.log_view import LogScreen

        self.app.push_screen(LogScreen(self.session.log))

    def action_help(self) -> None:
        from bohn_tui.ui.screens.help import help_for

        self.app.push_screen(help_for(self))

    def action_menu(self) -> None:
        self.notify("The game is saved; continue it from the menu or with `bohn resume`.")
        from bohn_tui.ui.screens.menu import MenuScreen

        self.app.pop_screen()
        if not isinstance(self.app.screen, MenuScreen):
            self.app.push_screen(MenuScreen())

    # -- command palette ---------------------------------------------------------------------

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        """The game actions legal now, for the command palette."""
        out = []
        for b in self.BINDINGS:
            assert isinstance(b, Binding)
            act = b.action
            name_, params = _parse(act)
            if b.action.endswith(("_card", "_offer")) or not self.check_action(name_, params):
                continue
            out.append(
                (b.description, f"key {b.key.split(',')[0]}", lambda a=act: self.run_action(a))
            )
        return out
