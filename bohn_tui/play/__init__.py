"""Playing a game: the session (owns a running game, applies actions, saves, runs the bots),
new games and seats, simulations, and the seat client the screens talk to."""
