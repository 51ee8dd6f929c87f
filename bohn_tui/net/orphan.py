"""A door's child ends with its door. The seat process a door runs (`bohn join --code-fd`)
and the server's lobby process live in a pseudo-terminal their parent holds; when that
parent is killed (SIGKILL: no hang-up is sent), the terminal is gone but Textual's input
thread keeps polling it, and the orphan spun at a quarter of a core for ever (seen after
killed test servers). A daemon thread looks at the parent every `every` seconds and ends the
process at once when it has changed: there is nothing to save on this side (the host saves
every move) and no terminal left to restore."""

from __future__ import annotations

import os
import threading
import time

EVERY = 1.0  # seconds between two looks at the parent


def end_with_parent(every: float = EVERY) -> threading.Thread:
    """Start the watch (a daemon thread); it ends the process with status 0 when the parent
    that started it is gone."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    thread = threading.Thread(target=watch, name="bohn-parent-watch", daemon=True)
    thread.start()
    return thread


__all__ = ["end_with_parent"]
