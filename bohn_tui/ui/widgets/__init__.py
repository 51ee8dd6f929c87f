"""Table widgets, one a file. Each renders from a view dict (never from the full state)."""
