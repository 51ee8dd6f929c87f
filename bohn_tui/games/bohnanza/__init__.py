"""Bohnanza for 2 to 7 players, the bean duel for two included (rulebook: bohnanza.txt)."""

from bohn_tui.games.common.spec import bean_spec

SPEC = bean_spec("bohnanza", "bohn_tui.games.bohnanza.rules:BohnanzaRules")
