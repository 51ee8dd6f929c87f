"""Bohnanza for 2 to 7 players, the bean duel for two included (rulebook: bohnanza.txt)."""

from bohn_tui.games.common.spec import bean_spec

SPEC = bean_spec(
    "bohnanza",
    "bohn_tui.games.bohnanza.rules:BohnanzaRules",
    options=("open_treasuries", "turn_up_end"),
    # records saved before the game ended at once at the last run-out while turning up
    legacy_options={"turn_up_end": "after_phase_3"},
)
