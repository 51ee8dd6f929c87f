"""The bean games' part of the table (ui/parts.py): the board (player panels, piles, trade
area, the hand), the keys and the actions they build from the view and the legal actions,
the banner's hint, the cards to pick from, the harvests a seat is forced to choose among,
the end screen and the help. Bohnröschen's parts build on these (bohnroschen/ui/parts.py)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Grid, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget

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
    Offer,
    PlantArea,
    PlantHand,
    Withdraw,
)
from bohn_tui.games.common.ui.banner_words import BannerWords
from bohn_tui.games.common.ui.cards import card, name
from bohn_tui.games.common.ui.hand import HandView
from bohn_tui.games.common.ui.piles import Piles
from bohn_tui.games.common.ui.player_panel import PlayerPanel
from bohn_tui.games.common.ui.trade_area import TradeArea
from bohn_tui.ui.parts import TableHost
from bohn_tui.ui.screens.choose import ChooseScreen

E_KEYS = [
    Binding("e", "end_planting", "Stop planting"),
    Binding("e", "end_trading", "End trading"),
    Binding("e", "end_turn", "End turn"),
]
REST = [
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
]

# the trading phase's keys (a bean duel has none of them)
TRADE_KEYS = frozenset(
    ("end_trading", "offer", "accept", "decline", "counter", "withdraw", "prev_offer", "next_offer")
)


PANEL_ROWS = 6  # a whole player panel: its borders, three fields, the cards to plant


def bean_bindings(more: list[Binding] | None = None) -> list[Binding]:
    """The bean games' keys; `more` (a game's own) go after the e keys."""
    plant = [Binding(str(f + 1), f"plant({f})", f"Plant on {f + 1}") for f in range(3)]
    return [*plant, *E_KEYS, *(more or []), *REST]


class BeanControls(BannerWords):
    """The bean games' part of one table. `keyed` maps a key's action name to the action
    types it stands for (one legal action of them is taken)."""

    keyed: dict[str, tuple[type[Action], ...]] = {
        "end_planting": (EndPlanting,),
        "end_trading": (EndTrading,),
        "end_turn": (EndTurn,),
        "harvest": (Harvest,),
        "buy": (BuyField,),
        "discard": (DiscardOffer, DiscardHand),
    }
    # the phases in which a refused key names the first of its `keyed` moves (refused_move):
    # the e keys, each in the phase it ends (a game's may add its own keys; None: any phase)
    named_in: dict[str, tuple[str, ...] | None] = {
        "end_planting": ("plant",),
        "end_trading": ("trade",),
        "end_turn": ("plant_trades",),
    }

    panel: type[PlayerPanel] = PlayerPanel  # a player's board (a game's may add to it)

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.client = host.client
        self.game = host.client.game_id
        self.pile_sel = 0
        self.offer_sel: int | None = None
        self._offers_seen: set[int] = set()  # the offers the viewer has been shown
        self._forced_at = -1
        self._end_armed: int | None = None  # the version at which a first e ended nothing

    # -- board ---------------------------------------------------------------------------------

    def left(self) -> list[Widget]:
        panels = [self.panel(seat) for seat in range(len(self.client.names))]
        return [VerticalScroll(Grid(*panels, id="players"), id="players-scroll")]

    def side(self) -> list[Widget]:
        return [Piles(id="piles"), TradeArea(id="trade")]

    def layout(self, width: int, height: int) -> None:
        """Players in as many columns as fit; where their whole panels would take more than
        the players' part of the screen (70% of what the banner, the hand and two rows of
        keys leave), one column in which only the board in focus is whole and the others
        are a row each (PlayerPanel.small)."""
        side = 44 if width >= 110 else 34
        n = len(self.client.names)
        cols = max(1, min(n, (width - side) // 36, 4))
        small = -(-n // cols) * PANEL_ROWS > (height - 8) * 0.7
        host = self.host
        host.query_one("#players", Grid).styles.grid_size_columns = 1 if small else cols
        host.query_one("#players-scroll").set_class(small, "small")
        for seat in range(n):
            panel = host.query_one(f"#player-{seat}", PlayerPanel)
            if panel.small != small:
                panel.small = small
                panel.show(host.view, self.client.is_bot(seat))

    def show(self, view: dict[str, Any]) -> None:
        """Bring the board up to date with `view` (the viewer's)."""
        host, c = self.host, self.client
        pile, label = self.pile()
        self.pile_sel = min(self.pile_sel, max(0, len(pile) - 1))
        ids = [o["id"] for o in view["offers"]]
        mine = [o["id"] for o in view["offers"] if self.to_me(o)]
        new = [i for i in mine if i not in self._offers_seen]
        if new:  # an offer to the viewer arrives: picked, so that a and x answer it at once
            self.offer_sel = new[-1]
        elif self.offer_sel not in ids or self.offer_sel is None:
            self.offer_sel = (mine or ids or [None])[0]
        self._offers_seen = set(ids)
        for seat in range(len(c.names)):
            host.query_one(f"#player-{seat}", PlayerPanel).show(view, c.is_bot(seat))
        host.query_one("#piles", Piles).show(view)
        self.show_trade(view, pile, label, self.pile_sel if len(pile) > 1 else None)

    def show_trade(
        self, view: dict[str, Any], pile: list[str], label: str, pile_sel: int | None
    ) -> None:
        """The trade area's part of `show` (a game's may show it in another widget)."""
        self.host.query_one("#trade", TradeArea).show(
            view, self.client.names, pile, label, pile_sel, self.offer_sel
        )

    def hand(self) -> Widget:
        return HandView(classes="hand-slot")

    def show_hand(self, hand: Widget, view: dict[str, Any]) -> None:
        assert isinstance(hand, HandView)
        hand.show(view)

    def reset(self) -> None:
        """A new viewer: the first card of the pile, the offer made to them."""
        self.pile_sel = 0
        self.offer_sel = None
        self._offers_seen = set()
        self._end_armed = None

    def scroll_to(self, seat: int) -> None:
        """Bring `seat`'s panel into view (the new viewer's)."""
        panel = self.host.query_one(f"#player-{seat}")
        if panel.region and not self.host.query_one("#players-scroll").region.contains_region(
            panel.region
        ):
            panel.scroll_visible(animate=False)

    # -- what the viewer sees --------------------------------------------------------------------

    def pile(self) -> tuple[list[str], str]:
        """The cards the viewer picks from with ←→, and what to do with them."""
        v, me = self.host.view, self.host.viewer
        if me is None:
            return [], ""
        p = v["players"][me]
        if v["phase"] == "plant_trades" and p["area"]:
            return p["area"], "Plant these"
        if v["active"] == me and v["phase"] == "take_offer":
            return v["duel_offer"], "Plant or discard"  # (each game's phase 1 or 0)
        if v["active"] == me and v["phase"] == "plant_turned_up":
            return v["turned_up"], "Plant any"
        return [], ""

    def to_me(self, o: dict[str, Any]) -> bool:
        me = self.host.viewer
        return (
            me is not None and o["seat"] != me and o["to"] in (me, None) and me not in o["declined"]
        )

    def selected_offer(self) -> dict[str, Any] | None:
        offers: list[dict[str, Any]] = self.host.view["offers"]
        for o in offers:
            if o["id"] == self.offer_sel:
                return o
        return None

    # -- forced choices --------------------------------------------------------------------------

    def forced(self) -> list[Action]:
        """Harvests the viewer must choose among because nothing can be planted."""
        host = self.host
        v, legal = host.view, host.legal
        if host.viewer is None or self.client.decider() != host.viewer:
            return []
        if v["phase"] == "plant" and v["planted"] == 0:
            if not any(isinstance(a, (PlantHand, DiscardHand)) for a in legal):
                return [a for a in legal if isinstance(a, Harvest)]
        if v["phase"] == "plant_trades" and not any(isinstance(a, PlantArea) for a in legal):
            return [a for a in legal if isinstance(a, Harvest)]
        return []

    def maybe_forced(self) -> None:
        host = self.host
        n = self.client.version
        forced = self.forced()
        if forced and self._forced_at != n and host.choice is None and host.app.screen is host:
            self._forced_at = n
            pile, _ = self.pile()
            v = host.view
            me = host.viewer
            assert me is not None
            what = pile[self.pile_sel] if pile else (v["players"][me]["hand"] or [None])[0]
            host.ask(forced, f"{name(self.game, what)} fits no field. Harvest which field?")

    def undone(self) -> None:
        """After an undo: a forced choice may be asked again."""
        self._forced_at = -1

    def choice_keys(self) -> list[tuple[str, str, str]]:
        """The key bar while a harvest is asked: each field's key and what it pays."""
        choice = self.host.choice
        assert choice is not None
        return [
            (str(a.field + 1), self._harvest_label(a), f"plant({a.field})")  # type: ignore[attr-defined]
            for a in choice[1]
        ]

    def _harvest_label(self, a: Any) -> str:
        f = self.host.view["players"][a.seat]["fields"][a.field]
        coins = f"{f['pays']} coin{'s' if f['pays'] != 1 else ''}"
        return f"{name(self.game, f['variety'])} ×{f['count']} → {coins}"

    # -- keys ----------------------------------------------------------------------------------

    def key_exists(self, action: str, params: tuple[Any, ...] = ()) -> bool:
        """Whether the key of `action` ever works in this game at this player count (the
        help lists only those): no third field is bought where it costs nothing (three
        fields from the start, Dahlias' mats), and none is planted where there is neither;
        the bean duel has no trading (card-data.md, "Bean duel turn"); only it discards and
        ends a turn by a key."""
        v = self.host.view
        buys = bool(v.get("field_cost", 1))
        if action == "buy":
            return buys
        if action == "plant" and params and int(params[0]) >= 2:
            return buys or any(len(p["fields"]) > int(params[0]) for p in v["players"])
        if action in TRADE_KEYS:
            return not v.get("duel")
        if action in ("discard", "end_turn"):  # the duel's phase 3 ends the turn: e
            return bool(v.get("duel"))
        return True

    def check(self, action: str, params: tuple[Any, ...]) -> bool:
        host = self.host
        if host.choice is not None:  # only the choice's keys while a harvest is asked
            if action == "plant":
                return any(a.field == params[0] for a in host.choice[1])  # type: ignore[attr-defined]
            return False
        v, legal = host.view, host.legal
        if action in self.keyed:
            return any(isinstance(a, self.keyed[action]) for a in legal)
        if action == "plant":
            return self.plant_action(int(params[0])) in legal
        if action in ("prev_card", "next_card"):
            return len(self.pile()[0]) > 1
        if action in ("prev_offer", "next_offer"):
            return len(v["offers"]) > 1
        o = self.selected_offer()
        if action == "offer":
            return bool(v["can_offer"])
        if action in ("accept", "decline"):
            kind = Accept if action == "accept" else Decline
            return o is not None and any(isinstance(a, kind) and a.offer == o["id"] for a in legal)
        if action == "counter":
            return bool(v["can_offer"]) and o is not None and self.to_me(o)
        if action == "withdraw":
            return o is not None and o["seat"] == host.viewer
        return True

    def refused_move(self, action: str, params: tuple[Any, ...]) -> Action | None:
        """The move a refused key names, for the rules to say why (RefusedKeys): a plant
        on a field that cannot take the card, a field bought where none may be, an e that
        ends the phase on now too early or out of turn (named_in); a legal one the table drops."""
        host, me = self.host, self.host.viewer
        if me is None:
            return None
        if action == "plant":
            return self.plant_action(int(params[0]))
        if action == "buy":
            return BuyField(me)
        phases = self.named_in.get(action, ())
        if phases is None or host.view["phase"] in phases:
            return self.keyed[action][0](me)
        return None

    def plant_action(self, field: int) -> Action | None:
        host = self.host
        if host.viewer is None:
            return None
        if host.view["phase"] == "plant":
            return PlantHand(host.viewer, field)
        pile, _ = self.pile()
        if not pile:
            return None
        return PlantArea(host.viewer, pile[self.pile_sel], field)

    async def clicked(self, seat: int, field: int) -> None:
        """A click on one of the viewer's fields plants there when it can, else asks
        whether to harvest it."""
        host = self.host
        if seat != host.viewer:
            return
        if host.choice is not None or self.check("plant", (field,)):
            await self.action_plant(field)
        elif Harvest(seat, field) in host.legal:
            host.ask([Harvest(seat, field)], "Harvest this field?")

    async def action_plant(self, field: int) -> None:
        host = self.host
        if host.choice is not None:
            for h in host.choice[1]:
                if h.field == field:  # type: ignore[attr-defined]
                    await host.do(h)
                    return
            return
        a = self.plant_action(field)
        if a is not None:
            await host.do(a)

    async def one(self, kind: tuple[type[Action], ...]) -> None:
        for a in self.host.legal:
            if isinstance(a, kind):
                await self.host.do(a)
                return

    async def action_end_planting(self) -> None:
        await self.one((EndPlanting,))

    def end_armed(self) -> bool:
        """A first e asked to end a trading with nothing traded, and nothing moved since."""
        return self._end_armed == self.client.version

    async def action_end_trading(self) -> None:
        """Ends the trading. While nothing has been traded, only a second e in a row does: the
        first may be a "done planting" that came after the cards turned up by themselves."""
        traded = any(p["area"] for p in self.host.view["players"])
        if not traded and not self.end_armed():
            self._end_armed = self.client.version
            self.host.refresh_table()
            return
        self._end_armed = None
        await self.one((EndTrading,))

    async def action_end_turn(self) -> None:
        await self.one((EndTurn,))

    async def action_buy(self) -> None:
        await self.one((BuyField,))

    def action_harvest(self) -> None:
        options: list[Action] = [a for a in self.host.legal if isinstance(a, Harvest)]
        if options:
            self.host.ask(options, "Harvest which field?")

    def discard_label(self, a: Action) -> Text | None:
        """How a legal discard reads in the choice (None: `a` is no discard)."""
        game = self.game
        if isinstance(a, DiscardOffer):
            return Text.assemble("from the offer: ", card(game, a.variety))
        if isinstance(a, DiscardHand):
            vid = self.host.view["players"][self.host.viewer]["hand"][a.index]
            return Text.assemble(f"hand #{a.index + 1}: ", card(game, vid))
        return None

    def discard_choices(self) -> list[tuple[str | Text, Any]]:
        out: list[tuple[str | Text, Any]] = []
        for a in self.host.legal:
            label = self.discard_label(a)
            if label is not None:
                out.append((label, a))
        return out

    def discard_question(self, choices: list[tuple[str | Text, Any]]) -> str:
        """The chooser's question; a hand card's discard (the bean duel's phase 1) ends
        the planting: it says so before the choice."""
        if any(isinstance(a, DiscardHand) for _, a in choices):
            return "Discard which card? Then no more planting: the cards are turned up."
        return "Discard which card?"

    def action_discard(self) -> None:
        choices = self.discard_choices()
        if choices:
            question = self.discard_question(choices)
            self.host.app.push_screen(ChooseScreen(question, choices), self._chosen)

    async def _chosen(self, action: Action | None) -> None:
        if action is not None:
            await self.host.do(action)

    def action_prev_card(self) -> None:
        self._pick(-1)

    def action_next_card(self) -> None:
        self._pick(1)

    def action_prev_offer(self) -> None:
        self._pick_offer(-1)

    def action_next_offer(self) -> None:
        self._pick_offer(1)

    def _pick(self, step: int) -> None:
        pile, _ = self.pile()
        if pile:
            self.pile_sel = (self.pile_sel + step) % len(pile)
            self.host.refresh_table()

    def _pick_offer(self, step: int) -> None:
        ids = [o["id"] for o in self.host.view["offers"]]
        if ids:
            i = ids.index(self.offer_sel) if self.offer_sel in ids else 0
            self.offer_sel = ids[(i + step) % len(ids)]
            self.host.refresh_table()

    def action_offer(self) -> None:
        from bohn_tui.games.common.ui.offer import OfferScreen

        screen = OfferScreen(self.host.view, self.client.names)
        self.host.app.push_screen(screen, self._offered)

    def action_counter(self) -> None:
        from bohn_tui.games.common.ui.offer import OfferScreen

        o = self.selected_offer()
        if o is not None:
            screen = OfferScreen(self.host.view, self.client.names, o)
            self.host.app.push_screen(screen, self._offered)

    async def _offered(self, offer: Offer | None) -> None:
        if offer is not None:  # an offer waits for someone else's answer: pass the screen on
            await self.host.do(offer, pass_on=True)

    async def action_accept(self) -> None:
        from bohn_tui.games.common.ui.accept import AcceptScreen, needs_choice

        host = self.host
        o = self.selected_offer()
        for a in host.legal:
            if isinstance(a, Accept) and o is not None and a.offer == o["id"]:
                if host.viewer is not None and needs_choice(host.view, host.viewer, o["want"]):
                    host.app.push_screen(AcceptScreen(host.view, o, a), self._chosen)
                else:
                    await host.do(a)
                return

    async def action_decline(self) -> None:
        o = self.selected_offer()
        if o is not None and self.host.viewer is not None:
            await self.host.do(Decline(self.host.viewer, o["id"]))

    async def action_withdraw(self) -> None:
        o = self.selected_offer()
        if o is not None and self.host.viewer is not None:
            await self.host.do(Withdraw(self.host.viewer, o["id"]))

    # -- the end and the help --------------------------------------------------------------------

    def end_screen(self) -> Screen[None]:
        from bohn_tui.games.common.ui.end import EndScreen

        return EndScreen(self.client)

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        from bohn_tui.games.common.ui.help import bean_help

        return bean_help(self.game, len(self.client.names), self.client.help_lines())
