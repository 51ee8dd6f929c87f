"""pytest's configuration for the suite. Shared helpers live in tests/helpers/ (the test
modules import them from there, never from each other)."""
