"""Pocket duel's table parts (spec.table points here): its keys, its controls and its help,
with its own stylesheet (ui.tcss). Imported only when a table or its rules open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from bohn_testgame.rules import HELP, Answer, Draw, Play
from bohn_tui.ui.parts import TableHost, TableParts

KEYS = [
    *[Binding(str(i + 1), f"play({i})", f"Play {i + 1}") for i in range(3)],
    Binding("d", "draw", "Draw"),
    Binding("b", "block", "Block"),
    Binding("a", "allow", "Let it stand"),
]


def _help_text() -> Text:
    return Text("\n".join(HELP) + "\n")  # the rules' words: text, never markup


class DuelEnd(Screen[None]):
    BINDINGS = [Binding("m,enter", "menu", "Menu"), Binding("q", "quit_app", "Quit")]

    def __init__(self, client: Any) -> None:
        super().__init__()
        self.client = client

    def compose(self) -> ComposeResult:
        v = self.client.view(None)
        names = self.client.names
        won = " and ".join(names[w] for w in v["winners"]) or "Nobody"
        lines = [f"{names[s]}: {v['scores'][s]} points" for s in range(len(names))]
        with VerticalScroll(id="duel-end"):
            yield Static(Text(f"Pocket duel: game over · {won} wins!", style="bold"), id="headline")
            yield Static(Text("\n".join(lines)), id="duel-final")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "menu" or getattr(self.app, "remote", None) is None

    def action_menu(self) -> None:
        self.app.to_menu()  # type: ignore[attr-defined]

    def action_quit_app(self) -> None:
        self.app.exit()


class DuelControls:
    def __init__(self, host: TableHost) -> None:
        self.host = host

    def left(self) -> list[Widget]:
        return [Static(id="duel-board")]

    def side(self) -> list[Widget]:
        return [Static(id="duel-side")]

    def layout(self, width: int, height: int) -> None:
        self.show(self.host.view)

    def show(self, view: dict[str, Any]) -> None:
        host = self.host
        rows = []
        for s, p in enumerate(view["players"]):
            mark = "▶ " if s == view["active"] and not view["over"] else "  "
            rows.append(f"{mark}{host.seat_name(s)}: {p['score']} points, {p['hand_size']} cards")
        host.query_one("#duel-board", Static).update(Text("\n".join(rows)))
        side = [f"Pile: {view['pile']} cards", f"Discarded: {len(view['gone'])}"]
        if view["pending"] is not None:
            side.append(f"Played: {view['pending']} (waiting for the answer)")
        host.query_one("#duel-side", Static).update(Text("\n".join(side)))

    def hand(self) -> Widget:
        return Static(id="duel-hand", classes="duel-hand")

    def show_hand(self, hand: Widget, view: dict[str, Any]) -> None:
        viewer = self.host.viewer
        cards = view["players"][viewer]["hand"] if viewer is not None else []
        shown = "  ".join(f"[{i + 1}] {c}" for i, c in enumerate(cards)) or "no cards"
        assert isinstance(hand, Static)
        hand.update(Text(f"Your hand: {shown}"))

    def reset(self) -> None:
        pass

    def scroll_to(self, seat: int) -> None:
        pass

    def banner(self) -> tuple[str, str]:
        v = self.host.view
        if v["over"]:
            return "Pocket duel · game over", "The game is over."
        head = f"Turn {v['turn']} · {self.host.seat_name(v['active'])}'s turn"
        if v["pending"] is not None:
            return head, f"{self.host.seat_name(1 - v['active'])}: b block, a let it stand"
        return head, "1-3 play a card, d draw"

    def _action(self, name: str, params: tuple[Any, ...]) -> Any:
        me = self.host.viewer
        if me is None:
            return None
        if name == "play":
            hand = self.host.view["players"][me].get("hand", [])
            i = int(params[0])
            return Play(me, hand[i]) if i < len(hand) else None
        return {"draw": Draw(me), "block": Answer(me, True), "allow": Answer(me, False)}.get(name)

    def check(self, action: str, params: tuple[Any, ...]) -> bool:
        if action not in ("play", "draw", "block", "allow"):
            return True
        return self._action(action, params) in self.host.legal

    def key_exists(self, action: str, params: tuple[Any, ...] = ()) -> bool:
        return True

    def choice_keys(self) -> list[tuple[str, str, str]]:
        return []

    def maybe_forced(self) -> None:
        pass

    def undone(self) -> None:
        pass

    async def clicked(self, seat: int, index: int) -> None:
        pass

    def end_screen(self) -> Screen[None]:
        return DuelEnd(self.host.client)

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        return [_help_text()], []

    async def _do(self, name: str, params: tuple[Any, ...] = ()) -> None:
        action = self._action(name, params)
        if action is not None and action in self.host.legal:
            await self.host.do(action, pass_on=isinstance(action, Answer))

    async def action_play(self, i: int) -> None:
        await self._do("play", (i,))

    async def action_draw(self) -> None:
        await self._do("draw")

    async def action_block(self) -> None:
        await self._do("block")

    async def action_allow(self) -> None:
        await self._do("allow")


def rules_help(game: str, players: int) -> tuple[list[Any], list[Any]]:
    return [_help_text()], []


PARTS = TableParts(KEYS, DuelControls, rules_help, (Path(__file__).with_name("ui.tcss"),))
