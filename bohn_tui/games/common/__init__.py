"""What the bean games share, written once (design.md): actions and events, fields, the deck,
harvest with the protection rule, trading, the data loader, log lines, help text, the spec
builder, the bots and the table parts."""
