"""Bohnröschen (rulebook: bohnroschen.txt): the vine row to Sleeping Beauty's castle over the
Bohnanza turn, for 3-6 players, 2 players and solo."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.actions import Action, Event
from bohn_tui.games.common import bots as common_bots
from bohn_tui.games.common.spec import bean_spec


def _actions() -> tuple[type[Action], ...]:
    from bohn_tui.games.bohnroschen.actions import BOHNROSCHEN_ACTIONS
    from bohn_tui.games.common.actions import BEAN_ACTIONS

    return (*BEAN_ACTIONS, *BOHNROSCHEN_ACTIONS)


def _revealing() -> tuple[type[Event], ...]:
    from bohn_tui.games.bohnroschen.rules import REVEALING

    return REVEALING


def _log(rules: Any, names: list[str]) -> Any:
    from functools import partial

    from bohn_tui.games.bohnroschen.log import describe
    from bohn_tui.games.common.log import BeanLog

    return BeanLog(rules, names, partial(describe, castle=rules.castle_index))


def _help(rules: Any) -> list[str]:
    return list(rules.rules_summary())


def _bots(level: str, seed: int, trade: bool) -> Any:
    from bohn_tui.games.bohnroschen.bots import bohnroschen_or

    return bohnroschen_or(common_bots.make(level, seed, trade))


SPEC = bean_spec(
    "bohnroschen",
    "bohn_tui.games.bohnroschen.rules:BohnroschenRules",
    actions=_actions,
    revealing=_revealing,
    log=_log,
    help=_help,
    bots=_bots,
    table="bohn_tui.games.bohnroschen.ui.parts:PARTS",
    solo=True,
    # records saved before tribute was asked of everyone skip the seats without a coin
    legacy_options={"ask_everyone": False},
    options=(
        "open_treasuries",
        "short",
        "face_down_end",
        "all_face_down",
        "ask_everyone",
        "vine",
        "daily",
    ),
)
