"""Bohnanza for 2 to 7 players, the bean duel for two included (rulebook: bohnanza.txt): the
bean engine (games/common/rules.py) with its own data, and its options."""

from bohn_tui.engine.options import CHOICE, Option
from bohn_tui.games.common.data import TURN_UP_ENDS
from bohn_tui.games.common.spec import OPEN_TREASURIES, bean_spec

# the rule before it was corrected: the game ended after phase 3 when the deck ran out the
# last time while cards were turned up (records saved before: the legacy options)
TURN_UP_END = Option(
    "turn_up_end",
    CHOICE,
    label="End at the last run-out",
    default=TURN_UP_ENDS[0],
    choices=TURN_UP_ENDS,
    help="when the deck runs out the last time while cards are turned up",
    menu=False,
)

SPEC = bean_spec(
    "bohnanza",
    options=(OPEN_TREASURIES, TURN_UP_END),
    # records saved before the game ended at once at the last run-out while turning up
    legacy_options={"turn_up_end": "after_phase_3"},
)
