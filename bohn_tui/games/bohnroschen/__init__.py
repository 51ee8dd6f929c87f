"""Bohnröschen (rulebook: bohnroschen.txt): the vine row to Sleeping Beauty's castle over the
Bohnanza turn, for 3-6 players, 2 players and solo."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.actions import Action, Event
from bohn_tui.engine.contract import SoloResult
from bohn_tui.engine.options import BOOL, DAY, INT, LIST, Option
from bohn_tui.games.common import bots as common_bots
from bohn_tui.games.common.spec import OPEN_TREASURIES, bean_spec


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


def solo_result(view: dict[str, Any]) -> SoloResult:
    """A solo run's result from its view's `solo` key: how far is the vine cards passed."""
    solo = view["solo"]
    return SoloResult(
        won=bool(solo["won"]),
        turns=int(solo["turns"]),
        coins=int(solo["coins"]),
        reached=int(solo.get("passed", 0)),
        goal=int(solo.get("cards", 0)),
    )


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
    solo_result=solo_result,
    # records saved before tribute was asked of everyone skip the seats without a coin
    legacy_options={"ask_everyone": False},
    options=(
        OPEN_TREASURIES,
        Option(
            "short",
            BOOL,
            label="Short game",
            default=False,
            counts=(2, 3, 4, 5, 6),
            help="eight vine cards out of the game",
        ),
        Option(
            "face_down_end",
            INT,
            label="Face-down end",
            default=4,
            choices=(0, 1, 2, 3, 4, 5),
            counts=(2, 3, 4, 5, 6),
            help="the last cards of the vine row laid out face down",
        ),
        Option(
            "all_face_down",
            BOOL,
            label="All face down",
            default=False,
            counts=(2,),
            help="the whole vine row face down at once, as in the solo game",
        ),
        # records saved before tribute was asked of everyone (the legacy options)
        Option("ask_everyone", BOOL, default=True, menu=False, help="tribute asks every seat"),
        Option("vine", LIST, menu=False, help="the vine row's order: vine card ids"),
        Option(
            "daily",
            DAY,
            counts=(1,),
            flag="--daily",
            help="the day's run: the same seed for everyone today (UTC)",
            menu=False,
        ),
    ),
)
