"""One mechanism for who may act and why (issue #24 item 3): the rules' asks say, by seat,
what it is asked, whether that is private and whether it may volunteer an action; the bot
driver asks a bot to volunteer only where its seat's ask says so, and the wire carries the
asks to a remote table (an older host's, without the new fields, read as before)."""

from __future__ import annotations

from typing import Any

import pytest

from bohn_tui.engine.actions import Action
from bohn_tui.engine.bots import Observe
from bohn_tui.engine.contract import Ask
from bohn_tui.engine.driver import BotDriver
from bohn_tui.games import rules_for
from bohn_tui.games.wuerfelspiel.actions import Harvest
from bohn_tui.net import protocol as p
from bohn_tui.net.client import RemoteClient


def dice_game() -> Any:
    """Three at the dice game, Cem (seat 2) with a harvest ripe on Ana's turn."""
    rules = rules_for("wuerfelspiel", 3)
    st, _ = rules.new_game(["Ana", "Ben", "Cem"], 3)
    st.players[2].covered = 3
    assert st.rules.can_harvest(st, 2) and not st.rules.can_harvest(st, 1)
    return st


def test_the_dice_game_asks_the_roller_then_whoever_may_harvest_and_nothing_is_private():
    st = dice_game()
    asks = st.rules.asks(st)
    assert list(asks) == [0, 2]  # the roller first; Ben may do nothing now: absent
    assert asks[0].kind == "turn" and not asks[0].private and not asks[0].volunteer
    assert asks[2] == Ask("harvest", "Cem may harvest.", False, True, window=st.moves)


class Proposer:
    """A bot that always volunteers a harvest."""

    level = "test"

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, seat: int, observe: Observe, legal: list[Action]) -> Action:
        return legal[0]

    def propose(self, seat: int, observe: Observe) -> Action | None:
        self.asked += 1
        return Harvest(seat)


class Unasked:
    """The dice game's rules, but nobody may volunteer (every ask's `volunteer` False). Its
    asks' fast path (`volunteers`) is hidden: the driver reads the asks."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        if name == "volunteers":
            raise AttributeError(name)
        return getattr(self.rules, name)

    def asks(self, st: Any) -> dict[int, Ask]:
        return {
            s: Ask(a.kind, a.sentence, a.private, False, a.about, a.window)
            for s, a in self.rules.asks(st).items()
        }


def test_the_driver_asks_a_bot_to_volunteer_only_where_its_seats_ask_says_so():
    st = dice_game()
    bot = Proposer()
    move = BotDriver(st.rules, {2: bot}).next_move(st)  # Ana (a person) rolls: Cem harvests
    assert move is not None and move.proposal and move.action == Harvest(2) and bot.asked == 1
    bot = Proposer()
    assert BotDriver(Unasked(st.rules), {2: bot}).next_move(st) is None  # type: ignore[arg-type]
    assert bot.asked == 0


def state(prompts: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "t": "state", "version": 1, "view": {}, "public": {}, "legal": [], "waiting_for": [0],
        "decider": 0, "next_human": 0, "prompts": prompts, "over": False, "summary": None,
        "can_undo": False, "busy": False, "away": [], "log_from": 0, "log": [],
    }  # fmt: skip


def test_the_remote_table_reads_the_asks_an_older_host_without_privacy_as_private():
    new = {"seat": 1, "kind": "harvest", "text": "Ben may harvest.", "about": None}
    old = {"seat": 0, "kind": "turn", "text": "It is Ana's turn.", "about": None}
    msg = p.host_message(state([old, {**new, "private": False, "volunteer": True}]))
    c = RemoteClient("abcd-efghjkmn")
    c._take_state(msg)
    assert c.asks() == {
        0: Ask("turn", "It is Ana's turn."),  # private, no volunteer: as before
        1: Ask("harvest", "Ben may harvest.", private=False, volunteer=True),
    }
    with pytest.raises(p.ProtocolError):
        p.host_message(state([{**new, "private": "no"}]))
