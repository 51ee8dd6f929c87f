"""The dice game's table parts (ui/parts.py)."""
