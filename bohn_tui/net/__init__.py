"""Play over a socket: the protocol (protocol.py), the game host (host.py) and the seat
client over a connection. Free of the UI: only the cli imports this package."""
