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
    from bohn_tui.games.wuerfelspiel.bots import make

    return make(level, seed, trade)


def _state_lines(full: dict[str, Any]) -> list[str]:
    from bohn_tui.games.wuerfelspiel.views import state_lines

    return state_lines(full)


def _round_start(e: Event) -> bool:
    """A row of the thaler chart at the start of every turn (row k: after k turns, as the
    table numbers them); the session adds the final one at the end."""
    return e.type == "turn_began"


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
    state_lines=_state_lines,
    # records saved before issue #23: the most single thalers made the pile's exchange
    legacy_options={"exchange": "most"},
)
