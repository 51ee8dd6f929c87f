"""Bohnröschen at the table: its table parts, the vine row widget and the end of a solo run.
Imported only when a Bohnröschen table opens."""
