"""Bohnanza Dahlias (rulebook: dahlias.txt): the bean engine with its own data (varieties,
player-count rules, no third field) and its tie-break."""

from bohn_tui.games.common.spec import bean_spec

SPEC = bean_spec("dahlias")
