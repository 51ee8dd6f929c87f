"""Pocket duel, the game of the tests (README.md beside this package): everything bohn-tui
may know of it is this spec, found through the entry point `testgame = bohn_testgame:SPEC`
of the group `bohn_tui.games` (docs/adding-a-game.md, step 5)."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.contract import GameSpec

LEVELS = ("random", "standard")


def _rules(n: int) -> Any:
    from bohn_testgame.rules import DuelRules

    return DuelRules(n)


def _actions() -> tuple[type, ...]:
    from bohn_testgame.rules import ACTIONS

    return ACTIONS


def _revealing() -> tuple[type, ...]:
    from bohn_testgame.rules import Drew

    return (Drew,)  # a drawn card is one nobody knew: a draw cannot be undone


def _bots(level: str, seed: int, trade: bool) -> Any:
    from bohn_testgame.bots import make

    return make(level, seed)


def _log(rules: Any, names: list[str]) -> Any:
    from bohn_testgame.rules import describe

    return describe


def _help(rules: Any) -> list[str]:
    from bohn_testgame.rules import HELP

    return list(HELP)


def _state_lines(full: dict[str, Any]) -> list[str]:
    return [f"{p['name']}: {p['score']} points, hand {p['hand']}" for p in full["players"]] + [
        f"pile: {len(full['pile'])} cards"
    ]


SPEC = GameSpec(
    id="testgame",
    title="Pocket duel",
    player_counts=(2,),
    rules=_rules,
    actions=_actions,
    revealing=_revealing,
    bots=_bots,
    bot_levels=LEVELS,
    log=_log,  # type: ignore[arg-type]
    help=_help,
    table="bohn_testgame.ui:PARTS",
    aliases=("pocket duel",),
    state_lines=_state_lines,
)
