"""Bohnanza: Das Würfelspiel (rulebook: wuerfelspiel.txt): five bean dice, 55 harvest cards,
2-5 players; everyone profits from the roller's dice."""
