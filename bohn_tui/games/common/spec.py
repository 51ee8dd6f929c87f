"""The spec of a bean game (engine.contract.GameSpec), made from its data file and a few
hooks: Bohnanza and Dahlias are one engine with their own data, Bohnröschen adds its own
actions, events, log lines, bots and table parts."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from bohn_tui.engine.actions import Action, Event
from bohn_tui.engine.contract import GameSpec
from bohn_tui.engine.options import BOOL, Option
from bohn_tui.games.common import bots as common_bots
from bohn_tui.games.common.data import load

# the bean engine (games/common/rules.py): Bohnanza's and Dahlias' rules, made with their data
BEAN_RULES = "bohn_tui.games.common.rules:BeanRules"
# the bean games' table parts (keys, banner, piles): bohn_tui/games/common/ui/parts.py
BEAN_TABLE = "bohn_tui.games.common.ui.parts:PARTS"
CALM = frozenset({"end_trading", "decline", "end_turn"})
# the option of every bean game: the treasuries (coin stacks) are secret unless it is set
OPEN_TREASURIES = Option(
    "open_treasuries",
    BOOL,
    label="Open treasuries",
    default=False,
    flag="--open-treasuries",
    help="everybody sees everybody's coins",
)


def _attr(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def _bean_actions() -> tuple[type[Action], ...]:
    from bohn_tui.games.common import actions

    return tuple(actions.BEAN_ACTIONS)


def _bean_revealing() -> tuple[type[Event], ...]:
    from bohn_tui.games.common.actions import DeckRanOut, Drew, TurnedUp

    return (TurnedUp, Drew, DeckRanOut)


def _bean_log(rules: Any, names: list[str]) -> Any:
    from bohn_tui.games.common.log import BeanLog

    return BeanLog(rules, names)


def _round_start(e: Event) -> bool:
    from bohn_tui.games.common.log import round_start

    return round_start(e)


def _bean_help(rules: Any) -> list[str]:
    from bohn_tui.games.common.help import rules_lines

    return rules_lines(rules)


def _state_lines(full: dict[str, Any]) -> list[str]:
    """A bean game's final state for `bohn replay`: the turn, and each player's coins, hand
    and fields."""
    lines = [f"{full['title']}, turn {full['turn']}, {full['phase_name']}"]
    for p in full["players"]:
        fields = ", ".join(
            f"{f['count']} {f['variety']}" if f["count"] else "empty" for f in p["fields"]
        )
        hand = f"{p['hand_size']} in hand"
        lines.append(f"  {p['name']}: {p['coins']} coins, {hand}, fields: {fields}")
    return lines


def bean_spec(
    game: str,
    rules: str = BEAN_RULES,
    *,
    actions: Callable[[], tuple[type[Action], ...]] = _bean_actions,
    revealing: Callable[[], tuple[type[Event], ...]] = _bean_revealing,
    log: Callable[[Any, list[str]], Any] = _bean_log,
    help: Callable[[Any], list[str]] = _bean_help,
    bots: Callable[[str, int, bool], Any] = common_bots.make,
    table: str = BEAN_TABLE,
    solo: bool = False,
    solo_result: Callable[[dict[str, Any]], Any] | None = None,
    options: tuple[Option, ...] = (OPEN_TREASURIES,),
    legacy_options: dict[str, Any] | None = None,
) -> GameSpec:
    """`rules` is the "module:class" of the rules, made with the game's data and a count
    (by default the bean engine's, as Bohnanza and Dahlias are)."""
    data = load(game)

    def make_rules(n: int) -> Any:
        return _attr(rules)(data, n)

    return GameSpec(
        id=game,
        title=data.title,
        player_counts=tuple(sorted(data.by_count)),
        rules=make_rules,
        actions=actions,
        revealing=revealing,
        bots=bots,
        bot_levels=tuple(common_bots.LEVELS),
        log=log,
        help=help,
        table=table,
        solo=solo,
        solo_result=solo_result,
        calm=CALM,
        options=options,
        legacy_options=dict(legacy_options or {}),
        round_start=_round_start,
        state_lines=_state_lines,
    )
