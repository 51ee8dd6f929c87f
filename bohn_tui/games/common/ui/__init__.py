"""The bean games' table: cards, hand, player panels, piles, trade area, the offer and
accept screens, the end screen, the help, and the keys (controls.py, parts.py)."""
