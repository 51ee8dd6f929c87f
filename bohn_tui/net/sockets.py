"""Where a host listens: a free Unix socket in the sockets folder (protocol.py names it),
or the one `--socket` chose, made free of a stale socket a host left behind."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path

from bohn_tui.net import protocol as p


def free_socket(path: Path) -> None:
    """Make `path` free for a new socket: a stale socket (nobody listens) is removed;
    OSError if a host listens there or something else is in the way."""
    if not path.exists() and not path.is_symlink():
        return
    if not path.is_socket():
        raise OSError(f"{path} is there and is not a socket")
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.settimeout(1.0)
        probe.connect(str(path))
    except OSError:
        path.unlink()  # nobody answers: a host that ended without cleaning up
        return
    finally:
        probe.close()
    raise OSError(f"another host listens on {path}")


def pick_socket(chosen: Path | None) -> tuple[str, Path]:
    """(host id, socket path): a fresh host id whose socket is free in the sockets dir, or
    the `--socket` path (made free)."""
    if chosen is not None:
        free_socket(chosen)
        return p.new_host_id(), chosen
    directory = p.make_sockets_dir()
    for _ in range(50):
        host_id = p.new_host_id()
        path = p.socket_path(host_id, directory)
        if not path.exists():
            return host_id, path
        with contextlib.suppress(OSError):
            free_socket(path)
            return host_id, path
    raise OSError(f"no free socket name in {directory}")
