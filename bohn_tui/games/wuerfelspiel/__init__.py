"""Bohnanza: Das Würfelspiel (rulebook: wuerfelspiel.txt): five bean dice, 55 harvest cards,
2-5 players; everyone profits from the roller's dice."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.actions import Action, Event
from bohn_tui.engine.contract import GameSpec

LEVELS = ("random", "standard", "expert")


def _rules(n: int) -> Any:
    from bohn_tui.games.wuerfelspiel.rules import DiceRules

    return DiceRules(None, n)


def _actions() -> tuple[type[Action], ...]:
    from bohn_tui.games.wuerfelspiel.actions import DICE_ACTIONS

    return DICE_ACTIONS


def _revealing() -> tuple[type[Event], ...]:
    # a roll shows what nobody knew; a harvest may turn up a card from the pile
    from bohn_tui.games.wuerfelspiel.actions import Exchanged, Harvested, Rolled

    return (Rolled, Harvested, Exchanged)


def _log(rules: Any, names: list[str]) -> Any:
    from bohn_tui.games.wuerfelspiel.log import DiceLog

    return DiceLog(names, rules.data)


def _help(rules: Any) -> list[str]:
    from bohn_tui.games.wuerfelspiel.help import rules_summary

    return rules_summary(rules)


def _bots(level: str, seed: int, trade: bool) -> Any:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
    try:
        from bohn_tui.games.wuerfelspiel.bots import make  # the bots helper's (issue 12)
    except ModuleNotFoundError as e:  # not written yet: a random bot for every level
        if e.name != "bohn_tui.games.wuerfelspiel.bots":
            raise
        from bohn_tui.games.wuerfelspiel.random_bot import RandomDiceBot

        return RandomDiceBot(seed)
    return make(level, seed, trade)


def _round_start(e: Event) -> bool:
    return e.type == "turn_began" and getattr(e, "seat", None) == 0


SPEC = GameSpec(
    id="wuerfelspiel",
    title="Bohnanza: Das Würfelspiel",
    player_counts=(2, 3, 4, 5),
    rules=_rules,
    actions=_actions,
    revealing=_revealing,
    bots=_bots,
    bot_levels=LEVELS,
    log=_log,
    help=_help,
    table="bohn_tui.games.wuerfelspiel.ui.parts:PARTS",
    calm=frozenset(),
    round_start=_round_start,
    aliases=("würfelspiel", "dice"),
)
