"""Whether a bot or a game's rules have an optional capability (the protocols of
engine/bots.py and engine/contract.py), as a type guard (TypeIs), so that what is used is declared.

`isinstance` against a runtime-checkable protocol takes tens of microseconds; the bot
driver asks on its hot path (every simulated game, every rollout of a bot's search), so the
driver's capabilities are known per type: a class has one for all of its instances (a method
or property of the class, or an attribute each instance sets when it is made). `Reasons` and
`SeesPeople` are asked of the object itself, each time (the session asks once per bot move,
and a bot may set them as it goes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bohn_tui.engine.bots import DrawsUniform, Proposes, Reasons, SeesPeople
from bohn_tui.engine.contract import (
    LegalToMove,
    ListsSteps,
    ListsUnasked,
    ListsVolunteers,
    NextDecision,
)

if TYPE_CHECKING:  # (the checker's only: narrowing keeps what the object is known to be)
    from typing_extensions import TypeIs

_KNOWN: dict[tuple[type, type], bool] = {}


def _of_type(obj: object, capability: type) -> bool:
    key = (obj.__class__, capability)
    known = _KNOWN.get(key)
    if known is None:
        known = _KNOWN[key] = isinstance(obj, capability)
    return known


def proposes(bot: object) -> TypeIs[Proposes]:
    """The bot volunteers actions (`propose`)."""
    return _of_type(bot, Proposes)


def draws_uniform(bot: object) -> TypeIs[DrawsUniform]:
    """The bot's choice is a uniform draw the driver may make (`uniform`)."""
    return _of_type(bot, DrawsUniform)


def lists_unasked(rules: Any) -> TypeIs[ListsUnasked]:
    """The rules list the offers to a seat it cannot take (`unasked`)."""
    return _of_type(rules, ListsUnasked)


def lists_volunteers(rules: Any) -> TypeIs[ListsVolunteers]:
    """The rules say who may volunteer without the asks' sentences (`volunteers`)."""
    return _of_type(rules, ListsVolunteers)


def lists_steps(rules: Any) -> TypeIs[ListsSteps]:
    """The rules apply listed actions without their checks (`listed_steps`)."""
    return _of_type(rules, ListsSteps)


def legal_to_move(rules: Any) -> TypeIs[LegalToMove]:
    """The rules have a faster `legal_actions` for the seat to move (`legal_to_move`)."""
    return _of_type(rules, LegalToMove)


def decides_next(rules: Any) -> TypeIs[NextDecision]:
    """The rules name the seat to move and its legal actions in one call (`next_decision`)."""
    return _of_type(rules, NextDecision)


def reasons(bot: object) -> TypeIs[Reasons]:
    """The bot may say why it acted (`reason`)."""
    return isinstance(bot, Reasons)


def sees_people(bot: object) -> TypeIs[SeesPeople]:
    """The bot knows the people's seats (`people`)."""
    return isinstance(bot, SeesPeople)


__all__ = [
    "decides_next",
    "draws_uniform",
    "legal_to_move",
    "lists_steps",
    "lists_volunteers",
    "proposes",
    "reasons",
    "sees_people",
]
