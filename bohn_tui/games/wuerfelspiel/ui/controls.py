"""The dice game's part of the table (ui/parts.py): the players' cards on the left, the dice
and what the last roll did on the side; keys 1-5 pick dice of the open roll to place, r
places them and rolls the rest, a places every die that fits the next orders (fit.py), f
uses the bean figure, h harvests for any person at the table (asking whose when several
may). Where the rules leave no choice the table acts without a key: the one die of a roll
with the bean figure used must be placed (maybe_forced). Every decision is public: no
privacy screen, and a person keeps the table while a bot rolls so that they can harvest
meanwhile."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget

from bohn_tui.engine.actions import Action
from bohn_tui.games.wuerfelspiel.actions import Harvest, Reroll, Roll
from bohn_tui.games.wuerfelspiel.fit import FitDice, fitting
from bohn_tui.games.wuerfelspiel.ui import render
from bohn_tui.games.wuerfelspiel.ui.board import DICE_SEAT, DiceBox, PlayersBoard, RollInfo
from bohn_tui.games.wuerfelspiel.ui.outlook import (
    figure_outlook,
    own_outlook,
    pending,
    prefetch,
    prefetch_odds,
    ready,
    warm,
    work,
)
from bohn_tui.play.client import RemoteSeat
from bohn_tui.ui.parts import TableHost
from bohn_tui.ui.text import NAME_CELLS, clip_cells

PUBLIC = "Everything is public: no need to pass the screen"
PUBLIC_SHORT = "all public, no screen passing"
WIDE = 100  # from this width the key bar says what a places for and that f is the figure
LOG_ROWS = 5  # the log keeps at least this many rows (its borders included)
WORK_GAP = 0.001  # seconds between two steps of the chances' work (outlook.work): keys first


def side_width(width: int) -> int:
    """The side column's width (the dice, the roll) on a screen `width` wide."""
    return 44 if width >= 110 else 34


class DiceControls:
    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.client = host.client
        self.picked: set[int] = set()
        self._roll_key: tuple[int, int, int] | None = None  # the open roll the picks are of
        self._size = (80, 24)
        self._warming = False
        # a line for the roller (nothing fits; a die placed by itself) and while it shows:
        # the roll key it was said at, or ("seat", s): until seat s rolls again
        self.note: tuple[tuple[Any, ...], str] | None = None
        self._forced_at = -1  # the client's version a forced placement was made at
        self._working = False  # a step of the chances' work is due (a timer)
        # fit_now's last answer and what it was of: the view (itself), the viewer, the picks
        # (the banner, the key bar's words and its check each ask, 3-6 times a key)
        self._fit: tuple[dict[str, Any], int | None, frozenset[int], FitDice | None] | None = None

    # -- board ---------------------------------------------------------------------------------

    def left(self) -> list[Widget]:
        return [PlayersBoard(id="dice-players")]

    def side(self) -> list[Widget]:
        return [DiceBox(id="dice"), RollInfo(id="roll-info")]

    def layout(self, width: int, height: int) -> None:
        """The cards take the left part above a log of LOG_ROWS rows at least; no hand
        shows, so its place on the table is given to the board."""
        self._size = (width, height)
        host = self.host
        host.query_one("#no-hand").display = False
        side = side_width(width)
        board = host.query_one("#dice-players", PlayersBoard)
        board.room = (width - side, height - 2 - 2 - LOG_ROWS)
        self.show(host.view)

    def names(self) -> list[str]:
        return [self.host.seat_name(s) for s in range(len(self.client.names))]

    def show(self, view: dict[str, Any]) -> None:
        host = self.host
        if not self._warming:  # after the first frame: the chances' tables in a thread
            self._warming = True
            host.app.call_after_refresh(warm, self._chances_ready)
        key = (view["turn"], view["rolls"], view["active"])
        if key != self._roll_key:  # a new roll: nothing picked of it yet
            self._roll_key = key
            self.picked = set()
        self.picked = {i for i in self.picked if view["dice"][i]["where"] == "rolled"}
        host.query_one("#dice-players", PlayersBoard).show(view, self.names())
        dice = host.query_one("#dice", DiceBox)
        dice.names = self.client.names
        dice.show(view, self.picked)
        info = host.query_one("#roll-info", RollInfo)
        # its borders and padding off the side column (its size may not be laid out yet)
        info.show(*self.info(view, side_width(self._size[0]) - 4))
        host.app.call_after_refresh(self._prefetch, view)  # after the frame: it takes the CPU

    def _prefetch(self, view: dict[str, Any]) -> None:
        """Every player's chances worked out ahead, on the event loop in steps of a few ms
        with a pause between (outlook.work): a key that comes meanwhile is handled after
        the step under way, not after the whole of them."""
        prefetch(view)
        if not isinstance(self.client, RemoteSeat):  # (a remote seat's views come made)
            prefetch_odds()
        self._work_soon()

    def _work_soon(self) -> None:
        if not self._working and pending():
            self._working = True
            self.host.app.set_timer(WORK_GAP, self._work)

    def _work(self) -> None:
        screen: Any = self.host
        due = screen._dirty_widgets or screen._layout_required or screen._repaint_required
        if due and screen.is_current:
            # a key's frame is due: the step waits until it is drawn (keys and frames first;
            # a table under another screen draws nothing: its step runs)
            screen.call_after_refresh(self._work)
            return
        self._working = False
        if work():
            self._work_soon()

    def info(self, view: dict[str, Any], width: int = 0) -> tuple[list[Text], list[Text]]:
        """What the last roll did, the roller's chances, who may harvest; then, where
        there is room, the thalers (every card's head shows them too) in lines of `width`."""
        names = self.client.names  # plain names: the cards' heads give the bots' levels
        viewer = self.host.viewer
        out = [Text(s) for s in render.fulfilled_lines(view, names, viewer)]
        if self.note is not None and self._note_shows(view):
            out.insert(0, Text(self.note[1], style="bold"))
        roll = view.get("last_roll")
        if roll and roll.get("open") and not view["fulfilled"]:
            out.append(Text("Nobody fulfils an order with this roll.", style="dim"))
        more: list[Text] = []  # shown where there is room
        for seat, p in enumerate(view["players"]):
            if p["can_harvest"]:
                pays = render.data().thalers.get(p["covered"], 0)
                how = " (h)" if seat in self.client.humans else ""
                out.append(
                    Text(
                        f"{names[seat]} may harvest: {p['covered']} orders, "
                        f"{render.thaler_word(pays)}{how}.",
                        style="bold green",
                    )
                )
        if view.get("ending"):
            e = view["ending"]
            out.append(
                Text(f"{names[e['seat']]} has {e['total']} thalers: the game ends.", style="bold")
            )
        if viewer is not None and viewer == view["active"] and not view["over"]:
            if not ready():
                out.append(Text("Working out your exact chances…", style="dim"))
                return out, [*more, Text(render.thalers_line(view, names, width), style="dim")]
            chances = own_outlook(view, self.picked)
            if chances is not None:
                dice = ", ".join(str(i + 1) for i in sorted(self.picked))
                what = "rolling all five" if view["first_roll"] else f"placing dice {dice}"
                out.append(render.chances_line(chances, f"More orders this turn, {what}"))
            elif roll and roll.get("open"):
                out.append(
                    Text(
                        f"Pick dice to place ({self.rolled_keys(view)}) to see your chances.",
                        style="dim",
                    )
                )
            figure = figure_outlook(view)
            if chances is not None or figure is not None:
                more.append(Text(render.CHANCES_NOTE, style="dim italic"))
            if figure is not None:
                more.append(render.chances_line(figure, "With the bean figure now"))
        return out, [*more, Text(render.thalers_line(view, names, width), style="dim")]

    def _note_shows(self, view: dict[str, Any]) -> bool:
        assert self.note is not None
        key = self.note[0]
        if key[:1] == ("seat",):
            first_roll: bool = view["first_roll"]
            return view["active"] != key[1] or first_roll
        return key == self._roll_key

    def _chances_ready(self) -> None:
        """(From the thread that built the chances' tables.) Show them."""

        def show() -> None:
            if getattr(self.host, "is_mounted", False):  # the table may have been left
                self.host.refresh_table()

        try:
            self.host.app.call_from_thread(show)
        except RuntimeError:  # the app has closed meanwhile
            pass

    def hand(self) -> Widget:  # never shown: every decision is public
        w = Widget()
        w.display = False
        return w

    def show_hand(self, hand: Widget, view: dict[str, Any]) -> None:
        pass

    def reset(self) -> None:
        self.picked = set()

    def scroll_to(self, seat: int) -> None:
        pass

    # -- the banner ------------------------------------------------------------------------------

    def banner(self) -> tuple[str, str]:
        host = self.host
        v = host.view
        roller = clip_cells(host.seat_name(v["active"]), NAME_CELLS)
        head = f"Turn {v['turn']} · {roller}'s turn"
        if not v["first_roll"]:
            head += f" · roll {v['rolls']}"
        width = self._size[0] - 2
        note = PUBLIC if cell_len(head) + 3 + len(PUBLIC) <= width else PUBLIC_SHORT
        head = f"{head} · {note}"
        return head, self.hint(v)

    def hint(self, v: dict[str, Any]) -> str:
        host, c = self.host, self.client
        if v["over"]:
            return "The game is over."
        if host.choice is not None:
            return f"{host.choice[0]} (1-{len(host.choice[1])}; Esc cancels)"
        me, active = host.viewer, v["active"]
        harvest = self.harvesters()
        also = "; h harvests" if harvest else ""
        if me is None or c.is_bot(active) or me != active:
            who = host.seat_name(active)
            return f"{who} is rolling…{also}" if c.is_bot(active) else f"Waiting for {who}{also}."
        you = c.names[me]
        if v["first_roll"]:
            return f"{you}: r rolls all five dice{also}."
        left = sum(1 for d in v["dice"] if d["where"] == "rolled")
        dice = {1: "the 1 die", 2: "both dice"}.get(left, f"all {left}")
        fig = f", f re-rolls {dice} (the bean figure)" if v["can_reroll"] else ""
        if not self.picked and left == 1:
            return self.widest(
                f"{you}: r places the last die, your card's check follows{fig}{also}.",
                f"{you}: r places the last die{fig}{also}.",
            )
        fit = self.fit_now()
        if fit is not None and fit.dice:
            k = len(self.picked | set(fit.dice))
            what = f"a places {k} {'die' if k == 1 else 'dice'} ({self.fit_words(fit)})"
            # narrower: the counts of an order served in part go first ("part of 2")
            shorts = [f"a places {k} ({self.fit_words(fit, narrow)})" for narrow in (False, True)]
            figs = f"; f re-rolls {dice}" if v["can_reroll"] else ""
            if not self.picked:
                keys = self.rolled_keys(v)
                return self.widest(
                    f"{you}: {what}, or pick dice ({keys}){fig}{also}.",
                    *[f"{you}: {short} or pick {keys}{figs}{also}." for short in shorts],
                    f"{you}: {shorts[1]}{figs}{also}.",  # the key bar has the picks
                    f"{you}: {shorts[1]}{also}.",
                )
            r = f"r the {len(self.picked)} picked"
            return self.widest(
                f"{you}: {what}, {r}{fig}{also}.",
                *[f"{you}: {short}, {r}{figs}{also}." for short in shorts],
                f"{you}: {shorts[1]}, {r}{also}.",
                f"{you}: {shorts[1]}{also}.",
            )
        if not self.picked:
            return f"{you}: pick dice to place ({self.rolled_keys(v)}){fig}{also}."
        k = len(self.picked)
        if k == left:
            return f"{you}: r places all {k}: your turn ends with your card's check{also}."
        return f"{you}: r places {k} and rolls {left - k}{also}."

    def widest(self, *texts: str) -> str:
        """The first of `texts` that fits the banner's width (else the last)."""
        width = self._size[0] - 2
        return next((t for t in texts if cell_len(t) <= width), texts[-1])

    @staticmethod
    def rolled_keys(view: dict[str, Any]) -> str:
        """The keys of the dice just rolled: "1-5", "2, 4, 5"."""
        keys = [d["die"] + 1 for d in view["dice"] if d["where"] == "rolled"]
        if keys and keys == list(range(keys[0], keys[-1] + 1)) and len(keys) > 2:
            return f"{keys[0]}-{keys[-1]}"
        return ", ".join(map(str, keys))

    # -- what the keys do --------------------------------------------------------------------------

    def placing(self) -> set[int]:
        """The dice r places: those picked; with nothing picked and one die rolled, that
        die ("you must place at least one more die on the bean field")."""
        rolled = [d["die"] for d in self.host.view["dice"] if d["where"] == "rolled"]
        return set(rolled) if not self.picked and len(rolled) == 1 else set(self.picked)

    def roll_action(self) -> Roll | None:
        me = self.host.viewer
        if me is None:
            return None
        a = Roll(me, tuple(sorted(self.placing())))
        return a if a in self.host.legal else None

    def fit_now(self) -> FitDice | None:
        """For the roller at an open roll: the dice of it that fit their next orders, the
        picked ones counted as placed (None: not the viewer's roll to place from)."""
        host = self.host
        v, me, picked = host.view, host.viewer, frozenset(self.picked)
        got = self._fit
        if got is not None and got[0] is v and got[1] == me and got[2] == picked:
            return got[3]
        fit = self._fitting(v, me)
        self._fit = (v, me, picked, fit)
        return fit

    def _fitting(self, v: dict[str, Any], me: int | None) -> FitDice | None:
        if me is None or v["over"] or me != v["active"] or v["first_roll"]:
            return None
        upper = v["players"][me]["upper"]
        if upper is None or not (v.get("last_roll") or {}).get("open"):
            return None
        field = {d["die"]: d["face"] for d in v["dice"] if d["where"] == "field"}
        field.update({i: v["dice"][i]["face"] for i in self.picked})
        rolled = {
            d["die"]: d["face"]
            for d in v["dice"]
            if d["where"] == "rolled" and d["die"] not in self.picked
        }
        orders = render.data().cards[upper["number"] - 1].orders
        return fitting(orders, v["players"][me]["covered"], field, rolled)

    @staticmethod
    def fit_words(fit: FitDice, short: bool = False) -> str:
        """What the dice `a` places do for each order, truthfully: the orders they fulfil,
        and of one they serve only in part how many of its dice the field then shows:
        "fits orders 1-2", "fits order 1, 2 of 3 dice of order 2", "2 of 3 dice of order 1";
        `short` (a narrow banner): "fits order 1, part of 2", "part of order 1"."""
        whole = fit.orders[:-1] if fit.part is not None else fit.orders
        words = ["fits " + render.order_list(whole)] if whole else []
        if fit.part is not None:
            shown, asked = fit.part
            last = fit.orders[-1] + 1
            if short:
                words.append(f"part of {last}" if whole else f"part of order {last}")
            else:
                words.append(f"{shown} of {asked} dice of order {last}")
        return ", ".join(words)

    def fit_action(self) -> Roll | None:
        """What a places: every die that fits (fit_now), with those picked."""
        me, fit = self.host.viewer, self.fit_now()
        if me is None or fit is None or not fit.dice:
            return None
        a = Roll(me, tuple(sorted(self.picked | set(fit.dice))))
        return a if a in self.host.legal else None

    def forced(self) -> Roll | None:
        """The placement the rules force on the viewer now, if any: their roll's one die
        with the bean figure used ("after every roll ... you must place at least one more
        die"). Not while another person at the table may harvest: a harvest now checks
        their new card against this roll, which the placement would close."""
        host = self.host
        v = host.view
        me = host.viewer
        if me is None or v["over"] or me != v["active"] or host.choice is not None:
            return None
        rolled = [d["die"] for d in v["dice"] if d["where"] == "rolled"]
        if len(rolled) != 1 or not (v.get("last_roll") or {}).get("open"):
            return None
        a = Roll(me, (rolled[0],))
        if a not in host.legal or Reroll(me) in host.legal:
            return None
        if any(h.seat != me for h in self.harvesters()):
            return None
        return a

    def harvesters(self) -> list[Action]:
        """The harvests a person at the table may make now (bots harvest by themselves)."""
        c = self.client
        v = self.host.view
        return [
            Harvest(s)
            for s in c.humans
            if v["players"][s]["can_harvest"] and Harvest(s) in c.legal(s)
        ]

    def key_exists(self, action: str, params: tuple[Any, ...] = ()) -> bool:
        """No undo (every roll shows new dice) and no passing of the screen (nothing is
        private) in the dice game."""
        return action not in ("undo", "pass_screen")

    def check(self, action: str, params: tuple[Any, ...]) -> bool:
        host = self.host
        if host.choice is not None:
            return action == "pick" and params[0] < len(host.choice[1])
        v = host.view
        if action == "pick":
            i = int(params[0])
            return (
                host.viewer == v["active"]
                and v["dice"][i]["where"] == "rolled"
                and any(isinstance(a, Roll) for a in host.legal)
            )
        if action == "roll":
            return self.roll_action() is not None
        if action == "fit":
            return self.fit_now() is not None and any(isinstance(a, Roll) for a in host.legal)
        if action == "figure":
            return host.viewer is not None and Reroll(host.viewer) in host.legal
        if action == "harvest":
            return bool(self.harvesters())
        return False

    def refused_move(self, action: str, params: tuple[Any, ...]) -> Action | None:
        """The move a refused key names, for the rules to say why (RefusedKeys): a die
        picked or dice placed out of turn, on the first roll or from the field, the figure
        used twice or before a roll, a harvest of too few orders (a legal one the table drops)."""
        me = self.host.viewer
        if me is None:
            return None
        if action == "pick":
            return Roll(me, (int(params[0]),))
        if action == "roll":
            return Roll(me, tuple(sorted(self.placing())))
        if action == "fit":  # a places dice: none on the first roll, none out of turn
            return Roll(me, (0,))
        if action == "figure":
            return Reroll(me)
        if action == "harvest":
            return Harvest(me)
        return None

    def key_text(self, action: str) -> str | None:
        """What a key does now, for the key bar (None: its binding's words)."""
        name = action.partition("(")[0]
        v = self.host.view
        if name == "roll":
            left = sum(1 for d in v["dice"] if d["where"] != "field")
            k = len(self.placing())
            if v["first_roll"]:
                return "Roll all 5"
            return "Place all, end turn" if k == left else f"Place {k}, roll {left - k}"
        wide = self._size[0] >= WIDE  # else the key bar keeps one row: the banner says more
        if name == "fit":
            fit = self.fit_now()
            if fit is None or not fit.dice:
                return "Nothing fits" if wide else "No fit"
            k = len(self.picked | set(fit.dice))
            # whole orders in a few words; an order served in part: the banner says how
            whole = wide and fit.part is None
            return f"Place {k}: {self.fit_words(fit)}" if whole else f"Place {k}"
        if name == "figure":
            left = sum(1 for d in v["dice"] if d["where"] == "rolled")
            return f"Figure: re-roll {left}" if wide else f"Re-roll {left}"
        if name == "harvest":
            h = self.harvesters()
            if len(h) == 1:
                return f"Harvest ({self.client.names[h[0].seat]})"
            return "Harvest (whose?)"
        return None

    def choice_keys(self) -> list[tuple[str, str, str]]:
        choice = self.host.choice
        assert choice is not None
        out = []
        for i, a in enumerate(choice[1]):
            p = self.host.view["players"][a.seat]
            pays = render.data().thalers.get(p["covered"], 0)
            out.append((str(i + 1), f"{self.client.names[a.seat]}: {pays}", f"pick({i})"))
        return out

    def maybe_forced(self) -> None:
        """Make the placement the rules force (forced), once per change of the game."""
        host = self.host
        a = self.forced()
        n = self.client.version
        if a is None or self._forced_at == n or host.app.screen is not host:
            return
        self._forced_at = n
        face = render.data().by_id[host.view["dice"][a.place[0]]["face"]].name
        host.app.call_later(self._place_forced, a, face)

    async def _place_forced(self, a: Roll, face: str) -> None:
        if a != self.forced():  # the game moved on meanwhile
            return
        self.picked = set()
        who = self.client.names[a.seat]
        if await self.host.do(a):
            self.note = (
                ("seat", a.seat),
                f"{who}'s last die ({face}) went on the field by itself: with the bean "
                "figure used, a roll's one die must be placed.",
            )
            self.host.refresh_table()

    def undone(self) -> None:
        self.picked = set()
        self._forced_at = -1

    async def clicked(self, seat: int, index: int) -> None:
        if seat == DICE_SEAT and self.check("pick", (index,)):
            await self.action_pick(index)

    async def action_pick(self, i: int) -> None:
        host = self.host
        if host.choice is not None:
            if i < len(host.choice[1]):
                await host.do(host.choice[1][i])
            return
        if not self.check("pick", (i,)):
            return
        self.picked ^= {i}
        host.refresh_table()

    async def action_fit(self) -> None:
        """Place every die of the roll that fits the next orders; if none does, say so."""
        a = self.fit_action()
        if a is not None:
            self.picked = set()
            await self.host.do(a)
            return
        fit = self.fit_now()
        if fit is None:
            return
        upper = self.host.view["players"][self.host.viewer]["upper"]
        orders = upper["orders"] if upper else []
        aim = f"order {fit.aim + 1} ({orders[fit.aim]['text']})" if fit.aim < len(orders) else ""
        why = f"fits {aim}" if aim else "fits: no order of your card is left to fulfil"
        self.note = (self._roll_key or (), f"Nothing in this roll {why}.")
        self.host.refresh_table()

    async def action_roll(self) -> None:
        a = self.roll_action()
        if a is not None:
            self.picked = set()
            await self.host.do(a)

    async def action_figure(self) -> None:
        me = self.host.viewer
        if me is not None and Reroll(me) in self.host.legal:
            self.picked = set()
            await self.host.do(Reroll(me))

    async def action_harvest(self) -> None:
        options = self.harvesters()
        if len(options) == 1:
            await self.host.do(options[0])
        elif options:
            self.host.ask(options, "Whose card is harvested?")

    # -- the end and the help ------------------------------------------------------------------

    def end_screen(self) -> Screen[None]:
        from bohn_tui.games.wuerfelspiel.ui.end import DiceEndScreen

        return DiceEndScreen(self.client)

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        from bohn_tui.games.wuerfelspiel.ui.help import dice_help

        return dice_help(self.client.help_lines())
