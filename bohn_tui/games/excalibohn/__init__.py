"""Excalibohn (rulebook: excalibohn.txt): Bohnanza with bean abilities in a magic phase 1b
and eleven spell cards, for 3-5 players."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bohn_tui.engine.actions import Action, Event
from bohn_tui.engine.options import BOOL, Option
from bohn_tui.games.common.spec import OPEN_TREASURIES, bean_spec


def _actions() -> tuple[type[Action], ...]:
    from bohn_tui.games.common.actions import BEAN_ACTIONS
    from bohn_tui.games.excalibohn.actions import EXCALIBOHN_ACTIONS

    return (*BEAN_ACTIONS, *EXCALIBOHN_ACTIONS)


def _revealing() -> tuple[type[Event], ...]:
    from bohn_tui.games.excalibohn.rules import revealing

    return revealing()


def _log(rules: Any, names: list[str]) -> Any:
    from bohn_tui.games.common.log import BeanLog
    from bohn_tui.games.excalibohn.log import describe

    return BeanLog(rules, names, describe)


def _help(rules: Any) -> list[str]:
    return list(rules.rules_summary())


def _bots(level: str, seed: int, trade: bool) -> Any:
    """random: the bean games' own; standard and expert: Excalibohn's (bots.py)."""
    from bohn_tui.games.excalibohn.bots import make

    return make(level, seed, trade)


def _state_lines(full: dict[str, Any]) -> list[str]:
    from bohn_tui.games.excalibohn.views import state_lines

    return state_lines(full)


SPEC = bean_spec(
    "excalibohn",
    "bohn_tui.games.excalibohn.rules:ExcalibohnRules",
    actions=_actions,
    revealing=_revealing,
    log=_log,
    help=_help,
    bots=_bots,
    table="bohn_tui.games.excalibohn.ui.parts:PARTS",
    options=(
        OPEN_TREASURIES,
        # the rules corrected to the rulebook (state.RULEBOOK_OPTIONS), true by default; the
        # records saved before turn each off (the legacy options)
        *(
            Option(name, BOOL, default=True, help=words, menu=False)
            for name, words in (
                ("phase3_in_turn", "phase 3: the seats plant in turn"),
                ("own_spells_down", "a turn's end turns down only the active player's spells"),
                ("phase2_active_first", "phase 2: the active player decides on a spell first"),
            )
        ),
    ),
    # records saved before the rules were corrected to the rulebook (issue #23)
    legacy_options={
        "phase3_in_turn": False,
        "own_spells_down": False,
        "phase2_active_first": False,
    },
)
SPEC = replace(SPEC, state_lines=_state_lines)  # (bean_spec gives the bean games' lines)
