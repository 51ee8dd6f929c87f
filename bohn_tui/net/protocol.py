"""The wire protocol, version 2, between a game host and its seat clients (issue #14).

Newline-delimited JSON objects, UTF-8, one per line, over a Unix socket. Every message has
`"t"`, its type. A line from a client is at most `CLIENT_LINE` bytes; anything malformed or
unknown closes that connection with `{"t": "bye", "reason": ...}` and never touches the game.

Client -> host: hello {v, code} (first, within `HELLO_SECONDS`), act {id, action}, undo {id},
chat {text}, ping. Host -> client: welcome, state, result {id, error}, pong, bye {reason},
notice {text} (to every seated connection: something the host could not do that nobody asked
for, such as a bot's move it could not save; one line for the player).

Added within version 1 (a client must accept messages without them): "standin" in the
welcome and the state, the people's seats a computer player plays for now (`bohn host
--takeover`), and the notice message. Version 2 (issue #22): the welcome has no "seed" (with
it a client could deal every hand and every card to come), and a state's log holds at most
`LOG_LINES` lines (its `log_from` may lie past the lines a client has: it starts anew there).
Added within version 2: each of the state's "prompts" (what each seat is asked now, the
rules' `asks`, seats that may only volunteer included) says whether it is "private" and
whether its seat may "volunteer" (a client takes True and False when they are absent);
"resigned" in the welcome and the state, the people's seats whose person resigned (a
computer player plays them to the end, for good: `bohn server`), each one of "humans" and
of "standin" (a client takes none when it is absent).

Codes: `<host id>-<secret>`, the host id `HOST_ID_LEN` characters and the secret
`SECRET_LEN`, both from `ALPHABET` (lowercase letters and digits without look-alikes). The
host's socket is `<sockets dir>/<host id>.sock`.

Both sides use this module: `encode` a message, `decode` a line (ProtocolError says why it
is refused, in one short sentence), `client_message` / `host_message` to check one."""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from bohn_tui.engine.limits import MAX_INT, InputError, clip, load_json, show

VERSION = 2
CLIENT_LINE = 64 * 1024  # bytes in one line from a client (without its newline)
HOST_LINE = 16 * 1024 * 1024  # bytes in one line from the host (a state with a long log)
LOG_LINES = 2000  # log lines in one state at most (and kept by a client)
HELLO_SECONDS = 10.0  # the hello must come within this
MAX_CHAT = 300  # characters in a chat message
# flood: more than FLOOD_MESSAGES messages within FLOOD_SECONDS closes the connection
FLOOD_MESSAGES = 100
FLOOD_SECONDS = 5.0
BYE_REASON = 200  # characters in a bye's reason

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no i, l, o, 0, 1
HOST_ID_LEN = 4
SECRET_LEN = 8
_CODE = re.compile(rf"[{ALPHABET}]{{{HOST_ID_LEN}}}-[{ALPHABET}]{{{SECRET_LEN}}}")
_HOST_ID = re.compile(rf"[{ALPHABET}]{{{HOST_ID_LEN}}}")

CLIENT_TYPES = ("hello", "act", "undo", "chat", "ping")
HOST_TYPES = ("welcome", "state", "result", "pong", "bye", "notice")

# the bye reasons both sides know
TAKEN_OVER = "this seat connected from elsewhere"
GAME_CLOSED = "the host closed the game"
TOO_MANY_WAITING = "too many connections waited for their hello; this one was the oldest"


class ProtocolError(ValueError):
    """A message (or line) that breaks the protocol; the text is the bye's reason."""

    def __init__(self, message: str) -> None:
        super().__init__(clip(message, BYE_REASON))


# -- codes and sockets ---------------------------------------------------------------------


def new_host_id() -> str:
    import secrets  # here: its hashlib loads OpenSSL (~3.5 MB), which a seat's process lacks

    return "".join(secrets.choice(ALPHABET) for _ in range(HOST_ID_LEN))


def new_code(host_id: str) -> str:
    """A fresh invite code of the host `host_id`."""
    import secrets

    return f"{host_id}-" + "".join(secrets.choice(ALPHABET) for _ in range(SECRET_LEN))


def is_code(code: Any) -> bool:
    return isinstance(code, str) and _CODE.fullmatch(code) is not None


def code_host(code: str) -> str:
    """The host id of an invite code (ProtocolError if it is not a code)."""
    code = code.strip().lower()
    if not is_code(code):
        raise ProtocolError(
            f"{show(code, 30)} is not an invite code (like abcd-efghjkmn: "
            f"{HOST_ID_LEN} letters or digits, a dash, {SECRET_LEN} more)"
        )
    return code.split("-", 1)[0]


def sockets_dir() -> Path:
    """Where hosts put their sockets: $XDG_RUNTIME_DIR/bohn, else /tmp/bohn-<uid>."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "bohn"
    return Path(f"/tmp/bohn-{os.getuid()}")


def socket_path(host_id: str, directory: Path | None = None) -> Path:
    """The socket of the host `host_id`."""
    if not _HOST_ID.fullmatch(host_id):
        raise ProtocolError(f"{show(host_id, 20)} is not a host id")
    return (directory or sockets_dir()) / f"{host_id}.sock"


def make_sockets_dir(directory: Path | None = None) -> Path:
    """The sockets dir, made (mode 0700) if it is not there yet; OSError if it cannot be,
    or if it is not this user's own private directory."""
    d = directory or sockets_dir()
    d.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = d.stat()
    if st.st_uid != os.getuid():
        raise OSError(f"{d} belongs to another user")
    if st.st_mode & 0o077:
        os.chmod(d, 0o700)
    return d


# -- lines ---------------------------------------------------------------------------------


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line (compact JSON, UTF-8, a newline at the end)."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8") + b"\n"


def decode(line: bytes, limit: int = CLIENT_LINE) -> dict[str, Any]:
    """The JSON object of one line (its newline may be there or not); ProtocolError if it is
    too long, not UTF-8, not JSON, not an object or has no type."""
    line = line.removesuffix(b"\n").removesuffix(b"\r")
    if len(line) > limit:
        raise ProtocolError(f"a line of more than {limit:,} bytes")
    if not line.strip():
        raise ProtocolError("an empty line")
    try:
        value = load_json(line, "the message")
    except InputError as e:
        raise ProtocolError(str(e)) from None
    if not isinstance(value, dict):
        raise ProtocolError(f"a message must be a JSON object, not {show(value)}")
    t = value.get("t")
    if not isinstance(t, str):
        raise ProtocolError(f'a message needs its type "t" (a string), not {show(t)}')
    return value


# -- client messages -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    v: int
    code: str


@dataclass(frozen=True, slots=True)
class Act:
    id: int
    action: dict[str, Any]  # the action's JSON (engine.actions.action_from_json reads it)


@dataclass(frozen=True, slots=True)
class Undo:
    id: int


@dataclass(frozen=True, slots=True)
class Chat:
    text: str  # control characters replaced by spaces, not blank, at most MAX_CHAT


@dataclass(frozen=True, slots=True)
class Ping:
    pass


ClientMessage = Hello | Act | Undo | Chat | Ping


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool) and -MAX_INT <= v <= MAX_INT


def _request_id(msg: dict[str, Any]) -> int:
    rid = msg.get("id")
    if not _is_int(rid):
        raise ProtocolError(f'{msg["t"]}: "id" must be a whole number, not {show(rid)}')
    return rid


def chat_text(text: Any) -> str:
    """A chat message as the log shows it: one line, at most MAX_CHAT characters."""
    if not isinstance(text, str):
        raise ProtocolError(f'chat: "text" must be a string, not {show(text)}')
    if len(text) > MAX_CHAT:
        raise ProtocolError(f"chat: a text of {len(text):,} characters (at most {MAX_CHAT})")
    clean = "".join(" " if unicodedata.category(c)[0] == "C" else c for c in text).strip()
    if not clean:
        raise ProtocolError("chat: the text is empty")
    return clean


def client_message(msg: dict[str, Any]) -> ClientMessage:
    """A decoded line from a client as its message; ProtocolError if it is unknown or its
    fields have the wrong types (keys the protocol does not name are ignored)."""
    t = msg.get("t")
    if t == "hello":
        v, code = msg.get("v"), msg.get("code")
        if not _is_int(v):
            raise ProtocolError(f'hello: "v" must be a whole number, not {show(v)}')
        if not isinstance(code, str):
            raise ProtocolError(f'hello: "code" must be a string, not {show(code)}')
        return Hello(v, code)
    if t == "act":
        rid, action = _request_id(msg), msg.get("action")
        if not isinstance(action, dict):
            raise ProtocolError(f'act: "action" must be a JSON object, not {show(action)}')
        return Act(rid, action)
    if t == "undo":
        return Undo(_request_id(msg))
    if t == "chat":
        return Chat(chat_text(msg.get("text")))
    if t == "ping":
        return Ping()
    raise ProtocolError(f"unknown message type {show(t, 30)}")


def hello(code: str) -> dict[str, Any]:
    return {"t": "hello", "v": VERSION, "code": code}


def act(request: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"t": "act", "id": request, "action": action}


def undo(request: int) -> dict[str, Any]:
    return {"t": "undo", "id": request}


def chat(text: str) -> dict[str, Any]:
    return {"t": "chat", "text": text}


def ping() -> dict[str, Any]:
    return {"t": "ping"}


# -- host messages -------------------------------------------------------------------------


def bye(reason: str) -> dict[str, Any]:
    return {"t": "bye", "reason": clip(" ".join(str(reason).split()), BYE_REASON)}


def result(request: int, error: str | None) -> dict[str, Any]:
    return {"t": "result", "id": request, "error": error}


def pong() -> dict[str, Any]:
    return {"t": "pong"}


NOTICE = 300  # characters in a notice's text


def notice(text: str) -> dict[str, Any]:
    return {"t": "notice", "text": clip(" ".join(str(text).split()), NOTICE)}


def _seat_or_none(v: Any) -> bool:
    return v is None or _is_int(v)


def _ints(v: Any) -> bool:
    return isinstance(v, list) and all(_is_int(x) for x in v)


def _strs(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _log(v: Any) -> bool:
    return isinstance(v, list) and all(
        isinstance(x, dict)
        and isinstance(x.get("text"), str)
        and _is_int(x.get("turn"))
        and _seat_or_none(x.get("seat"))
        for x in v
    )


def _prompts(v: Any) -> bool:
    """The asks (engine.contract.Ask), one per seat, named prompts on the wire since version
    1; "private" and "volunteer" added within version 2 (True and False when absent)."""
    return isinstance(v, list) and all(
        isinstance(x, dict)
        and _is_int(x.get("seat"))
        and isinstance(x.get("kind"), str)
        and isinstance(x.get("text"), str)
        and _seat_or_none(x.get("about"))
        and isinstance(x.get("private", True), bool)
        and isinstance(x.get("volunteer", False), bool)
        for x in v
    )


def _obj(v: Any) -> bool:
    return isinstance(v, dict)


def _list(v: Any) -> bool:
    return isinstance(v, list)


def _bool(v: Any) -> bool:
    return isinstance(v, bool)


def _str(v: Any) -> bool:
    return isinstance(v, str)


Check = Callable[[Any], bool]
HOST_FIELDS: dict[str, dict[str, Check]] = {
    "welcome": {
        "v": _is_int,
        "seat": _seat_or_none,
        "game": _str,
        "title": _str,
        "table": _str,
        "names": _strs,
        "humans": _ints,
        "bots": lambda v: _obj(v) and all(isinstance(x, str) for x in v.values()),
        "options": _obj,
        "save_id": _str,
        "help": _strs,
    },
    "state": {
        "version": _is_int,
        "view": _obj,
        "public": _obj,
        "legal": lambda v: _list(v) and all(_obj(x) for x in v),
        "waiting_for": _ints,
        "decider": _seat_or_none,
        "next_human": _seat_or_none,
        "prompts": _prompts,
        "over": _bool,
        "summary": lambda v: v is None or _obj(v),
        "can_undo": _bool,
        "busy": _bool,
        "away": _ints,
        "log_from": _is_int,
        "log": _log,
    },
    "result": {"id": _is_int, "error": lambda v: v is None or _str(v)},
    "pong": {},
    "bye": {"reason": _str},
    "notice": {"text": _str},
}
# fields added within versions 1 and 2: checked when they are there (an older host sends
# none); "resigned": within version 2
HOST_OPTIONAL: dict[str, dict[str, Check]] = {
    "welcome": {"standin": _ints, "resigned": _ints},
    "state": {"standin": _ints, "resigned": _ints},
}


def host_message(msg: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded line from the host (for the client): its type is known and every
    field the protocol names is there with its type. Returns it; ProtocolError if not."""
    t = msg.get("t")
    if not isinstance(t, str) or (fields := HOST_FIELDS.get(t)) is None:
        raise ProtocolError(f"unknown message type {show(t, 30)} from the host")
    for name, ok in fields.items():
        if name not in msg or not ok(msg[name]):
            raise ProtocolError(f"{t}: {name!r} is missing or of the wrong type")
    for name, ok in HOST_OPTIONAL.get(t, {}).items():
        if name in msg and not ok(msg[name]):
            raise ProtocolError(f"{t}: {name!r} is of the wrong type")
    return msg


__all__ = [
    "ALPHABET",
    "CLIENT_LINE",
    "CLIENT_TYPES",
    "FLOOD_MESSAGES",
    "FLOOD_SECONDS",
    "GAME_CLOSED",
    "HELLO_SECONDS",
    "HOST_FIELDS",
    "HOST_LINE",
    "HOST_OPTIONAL",
    "HOST_TYPES",
    "LOG_LINES",
    "MAX_CHAT",
    "NOTICE",
    "TAKEN_OVER",
    "TOO_MANY_WAITING",
    "VERSION",
    "Act",
    "Chat",
    "ClientMessage",
    "Hello",
    "Ping",
    "ProtocolError",
    "Undo",
    "act",
    "bye",
    "chat",
    "chat_text",
    "client_message",
    "code_host",
    "decode",
    "encode",
    "hello",
    "host_message",
    "is_code",
    "make_sockets_dir",
    "new_code",
    "new_host_id",
    "notice",
    "ping",
    "pong",
    "result",
    "socket_path",
    "sockets_dir",
    "undo",
]
