"""The tests' shared helpers, in one place (test modules import from here, never from each
other)."""
