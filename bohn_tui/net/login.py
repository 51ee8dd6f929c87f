"""Who a connection of `bohn server` is (server.py decides it at the key's signature; the
lobby session reads it): apart from both so that neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass

NAME_SECONDS = 300.0  # a new person has this long to choose a name


@dataclass(frozen=True)
class Login:
    """Who a connection is: an account, or a new person (None) to ask for a name."""

    account: int | None
    link: str = ""  # a link code to redeem at the signature
