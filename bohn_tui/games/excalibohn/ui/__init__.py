"""Excalibohn's table parts (parts.py: PARTS)."""
