"""The Textual app. Import only from the commands that start it (cli.py)."""

# the games the hot-seat table can play (others have their own phases still to be drawn)
TABLE_GAMES = ("bohnanza", "dahlias", "bohnroschen")
