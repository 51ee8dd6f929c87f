"""The accounts of `bohn server` (issue #26): a name bound to one or more SSH keys.

An account's name follows the rules of a player's name (engine/limits.check_name) and a few
of its own, so that it can be a login name and a seat in `--players`: no comma, no
surrounding spaces, not a bot's word ("bot", "bot:..."), not a link code's ("link-..."), and
unique regardless of case (its casefold is kept UNIQUE). A key is the SHA-256 of its public
data (net/ssh.key_id). A link code adds a key to an account: only its SHA-256 is kept, it
is good once and for LINK_SECONDS. A banned account's keys are banned with it, for good:
removing the account later does not let the key make a new one."""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass

from bohn_tui.engine.limits import InputError, check_name

LINK_SECONDS = 15 * 60.0  # how long a link code is good
LINK_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
LINK_LEN = 12  # characters of a code: about 59 bits
RESERVED = ("link-", "bot:")


class AccountError(ValueError):
    """Why an account cannot be made, found or changed: one line for the person."""


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    banned: bool
    keys: int = 0


def check_account_name(raw: str) -> str:
    """The account name `raw` names, or AccountError saying why it cannot be one."""
    try:
        name = check_name(raw, "the name")
    except InputError as e:
        raise AccountError(str(e)) from None
    if name != name.strip():
        raise AccountError("the name may not start or end with a space")
    if "," in name or "@" in name:
        raise AccountError("the name may not hold a comma or an @")
    folded = name.casefold()
    if folded == "bot" or any(folded.startswith(r) for r in RESERVED):
        raise AccountError("names starting 'bot:' or 'link-' (and 'bot') are kept for the server")
    return name


def _account(db: sqlite3.Connection, where: str, arg: object) -> Account | None:
    row = db.execute(
        "SELECT a.id, a.name, a.banned, (SELECT COUNT(*) FROM account_keys k"
        f" WHERE k.account_id = a.id) FROM accounts a WHERE {where}",
        (arg,),
    ).fetchone()
    return None if row is None else Account(int(row[0]), str(row[1]), bool(row[2]), int(row[3]))


def by_name(db: sqlite3.Connection, name: str) -> Account | None:
    """The account of `name`, in any case."""
    return _account(db, "a.folded = ?", name.strip().casefold())


def by_id(db: sqlite3.Connection, account_id: int) -> Account | None:
    return _account(db, "a.id = ?", account_id)


def by_key(db: sqlite3.Connection, key_id: str) -> Account | None:
    """The account the key is bound to."""
    row = db.execute("SELECT account_id FROM account_keys WHERE key_id = ?", (key_id,)).fetchone()
    return None if row is None else by_id(db, int(row[0]))


def key_banned(db: sqlite3.Connection, key_id: str) -> bool:
    row = db.execute("SELECT 1 FROM banned_keys WHERE key_id = ?", (key_id,)).fetchone()
    return row is not None


def create(db: sqlite3.Connection, name: str, key_id: str, now: float | None = None) -> Account:
    """A new account `name` with the key `key_id`; AccountError if the name is not one or is
    taken, or the key is bound or banned already."""
    name = check_account_name(name)
    now = time.time() if now is None else now
    try:
        db.execute("BEGIN IMMEDIATE")
        if key_banned(db, key_id):
            raise AccountError("this key cannot make an account")
        if by_key(db, key_id) is not None:  # (named in another window of the same key)
            raise AccountError("this key has an account already: log in again to use it")
        if by_name(db, name) is not None:
            raise AccountError("that name is taken (names are the same in any case)")
        cur = db.execute(
            "INSERT INTO accounts (name, folded, created) VALUES (?, ?, ?)",
            (name, name.casefold(), now),
        )
        account_id = int(cur.lastrowid or 0)
        db.execute(
            "INSERT INTO account_keys (key_id, account_id, added) VALUES (?, ?, ?)",
            (key_id, account_id, now),
        )
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return Account(account_id, name, False, 1)


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().lower().encode("utf-8", "replace")).hexdigest()


def new_link_code(db: sqlite3.Connection, account_id: int, now: float | None = None) -> str:
    """A fresh one-time code that adds a key to the account (`ssh link-CODE@host`); the
    account's earlier codes stop being good."""
    now = time.time() if now is None else now
    code = "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LEN))
    with db:
        db.execute("DELETE FROM link_codes WHERE account_id = ? OR expires < ?", (account_id, now))
        db.execute(
            "INSERT INTO link_codes (hash, account_id, expires) VALUES (?, ?, ?)",
            (_hash(code), account_id, now + LINK_SECONDS),
        )
    return code


def link_account(db: sqlite3.Connection, code: str, now: float | None = None) -> Account | None:
    """The account a good link code is for (without using it up)."""
    now = time.time() if now is None else now
    row = db.execute(
        "SELECT account_id FROM link_codes WHERE hash = ? AND expires >= ?", (_hash(code), now)
    ).fetchone()
    return None if row is None else by_id(db, int(row[0]))


def redeem_link(
    db: sqlite3.Connection, code: str, key_id: str, now: float | None = None
) -> Account | None:
    """Use the link code up: the key is bound to its account (None: the code is not good,
    or the key is bound or banned already)."""
    now = time.time() if now is None else now
    try:
        db.execute("BEGIN IMMEDIATE")
        account = link_account(db, code, now)
        if account is None or account.banned or key_banned(db, key_id) or by_key(db, key_id):
            db.execute("ROLLBACK")
            return None
        db.execute("DELETE FROM link_codes WHERE hash = ?", (_hash(code),))
        db.execute(
            "INSERT INTO account_keys (key_id, account_id, added) VALUES (?, ?, ?)",
            (key_id, account.id, now),
        )
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return by_id(db, account.id)


def use_link(db: sqlite3.Connection, code: str, now: float | None = None) -> Account | None:
    """Use the link code up without binding a key (a browser session of `bohn server
    --web`, net/web_server.py): its account, or None (the code is not good, or the account
    is banned)."""
    now = time.time() if now is None else now
    try:
        db.execute("BEGIN IMMEDIATE")
        account = link_account(db, code, now)
        if account is None or account.banned:
            db.execute("ROLLBACK")
            return None
        db.execute("DELETE FROM link_codes WHERE hash = ?", (_hash(code),))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return account


def accounts(db: sqlite3.Connection) -> list[Account]:
    """Every account, by name (one statement: the lobby reads them at every refresh)."""
    rows = db.execute(
        "SELECT a.id, a.name, a.banned, (SELECT COUNT(*) FROM account_keys k"
        " WHERE k.account_id = a.id) FROM accounts a ORDER BY a.folded"
    )
    return [Account(int(r[0]), str(r[1]), bool(r[2]), int(r[3])) for r in rows]


def names_of(db: sqlite3.Connection, ids: Iterable[int]) -> dict[int, str]:
    """The names of the accounts `ids` (those that are gone are left out), in one statement
    for up to 500 ids at a time."""
    wanted = sorted(set(ids))
    out: dict[int, str] = {}
    for at in range(0, len(wanted), 500):
        part = wanted[at : at + 500]
        marks = ", ".join("?" for _ in part)
        rows = db.execute(f"SELECT id, name FROM accounts WHERE id IN ({marks})", part)
        out.update((int(i), str(n)) for i, n in rows)
    return out


def keys_of(db: sqlite3.Connection, account_id: int) -> list[str]:
    rows = db.execute(
        "SELECT key_id FROM account_keys WHERE account_id = ? ORDER BY added", (account_id,)
    )
    return [str(k) for (k,) in rows]


def rename(db: sqlite3.Connection, name: str, new: str) -> Account:
    account = by_name(db, name)
    if account is None:
        raise AccountError(f"no account is called {name!r}")
    new = check_account_name(new)
    other = by_name(db, new)
    if other is not None and other.id != account.id:
        raise AccountError("that name is taken (names are the same in any case)")
    with db:
        db.execute(
            "UPDATE accounts SET name = ?, folded = ? WHERE id = ?",
            (new, new.casefold(), account.id),
        )
    return Account(account.id, new, account.banned, account.keys)


def remove_key(db: sqlite3.Connection, key_prefix: str) -> Account:
    """Unbind the one key whose id starts with `key_prefix` (at least 8 hex digits)."""
    prefix = key_prefix.strip().lower()
    if len(prefix) < 8:
        raise AccountError("name the key by at least 8 characters of its id")
    rows = db.execute(
        "SELECT key_id, account_id FROM account_keys WHERE substr(key_id, 1, ?) = ?",
        (len(prefix), prefix),
    ).fetchall()
    if len(rows) != 1:
        raise AccountError(f"{len(rows)} keys have an id starting {prefix!r}; name one")
    with db:
        db.execute("DELETE FROM account_keys WHERE key_id = ?", (rows[0][0],))
    account = by_id(db, int(rows[0][1]))
    assert account is not None
    return account


def ban(db: sqlite3.Connection, name: str, now: float | None = None) -> Account:
    """Ban the account and every key bound to it (the keys stay banned for good)."""
    account = by_name(db, name)
    if account is None:
        raise AccountError(f"no account is called {name!r}")
    now = time.time() if now is None else now
    with db:
        db.execute("UPDATE accounts SET banned = 1 WHERE id = ?", (account.id,))
        db.execute(
            "INSERT OR IGNORE INTO banned_keys (key_id, at) SELECT key_id, ? FROM account_keys"
            " WHERE account_id = ?",
            (now, account.id),
        )
        db.execute("DELETE FROM link_codes WHERE account_id = ?", (account.id,))
    return Account(account.id, account.name, True, account.keys)


def banned_ids(db: sqlite3.Connection) -> set[int]:
    """The ids of the banned accounts."""
    return {int(r[0]) for r in db.execute("SELECT id FROM accounts WHERE banned = 1")}


__all__ = [
    "Account",
    "AccountError",
    "accounts",
    "ban",
    "banned_ids",
    "by_id",
    "by_key",
    "by_name",
    "check_account_name",
    "create",
    "keys_of",
    "link_account",
    "names_of",
    "new_link_code",
    "redeem_link",
    "remove_key",
    "rename",
    "use_link",
]
