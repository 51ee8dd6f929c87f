"""A seat's process imports lean (issue #25, bohn_tui/lean.py, from cli_join.lean_seat):
the modules Textual imports and a seat does not use are stand-ins until their first use,
which imports the real module, and the modules read from source keep no docstrings; so
everything behaves as before."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bohn_tui.lean import (
    DEFERRED,
    Deferred,
    LeanSourceLoader,
    StripCache,
    StripCache16,
    defer,
    lean_cache,
)

ROOT = Path(__file__).resolve().parent.parent

DOCS = '''"""The module's docstring."""
def plain(x):
    """A docstring."""
    return x + 1
def same(x):
    """same"""
    return "same"
async def later():
    """Another."""
    return [f"{c}" for c in "ab"], (lambda: "lam")()
class Outer:
    """A class's."""
    class Inner:
        """Inside."""
        def method(self):
            """A method's."""
            return "m"
'''

PACKAGE = {
    "lean_pkg/__init__.py": "from lean_pkg.part import twice\nLOADED = True\n",
    "lean_pkg/part.py": "def twice(x):\n    return 2 * x\n",
    "lean_mod.py": (
        "from lean_home import THING\n"
        "def shout(s, end='!'):\n    return s.upper() + end\nVALUE = 7\n"
    ),
    "lean_home.py": "THING = object()\n",
    "lean_docs.py": DOCS,
    "lean_cls.py": "class Num:\n    TEN = 10\n    def __init__(self, n):\n        self.n = n\n",
    "lean_user.py": (
        "from lean_cls import Num\ndef check(x):\n    return isinstance(x, (float, Num))\n"
    ),
}


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    for name, text in PACKAGE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    names = ("lean_pkg", "lean_pkg.part", "lean_mod", "lean_home", "lean_docs", "lean_cls")
    for name in (*names, "lean_user"):
        sys.modules.pop(name, None)


def test_a_stand_in_imports_the_real_module_at_its_first_use(modules: Path) -> None:
    defer("lean_mod", ("shout",))
    import lean_mod  # type: ignore[import-not-found]

    assert isinstance(sys.modules["lean_mod"], Deferred)
    from lean_mod import shout  # a named function: a forwarder, nothing imported yet

    assert isinstance(sys.modules["lean_mod"], Deferred)
    assert shout("bohn", end="?") == "BOHN?"  # its first call imports the real module
    assert not isinstance(sys.modules["lean_mod"], Deferred)
    assert lean_mod.VALUE == 7  # the stand-in bound before gives the real one's names
    assert shout.__name__ == "shout"
    assert lean_mod.shout is not shout  # the stand-in bound before reads the real one now


def test_a_name_it_re_exports_is_the_same_object_from_its_home(modules: Path) -> None:
    defer("lean_mod", ("THING=lean_home",))
    from lean_mod import THING  # type: ignore[import-not-found]

    assert isinstance(sys.modules["lean_mod"], Deferred)
    import lean_home  # type: ignore[import-not-found]

    assert THING is lean_home.THING
    import lean_mod

    assert lean_mod.VALUE == 7
    assert lean_mod.THING is THING


def test_a_class_of_a_module_not_imported_has_no_instances_until_it_is(modules: Path) -> None:
    defer("lean_cls", ("Num:class",))
    import lean_user  # type: ignore[import-not-found]

    assert lean_user.check(1.5) and not lean_user.check(object())
    assert not issubclass(int, lean_user.Num)
    assert isinstance(sys.modules["lean_cls"], Deferred)  # nothing imported for these
    num = lean_user.Num(3)  # a call imports the module: a real instance
    import lean_cls  # type: ignore[import-not-found]

    assert type(num) is lean_cls.Num and num.n == 3 and lean_user.check(num)
    assert issubclass(lean_cls.Num, lean_user.Num) and lean_user.Num.TEN == 10

    class Mine(lean_user.Num):  # type: ignore[misc,name-defined]
        pass

    assert Mine.__mro__[1] is lean_cls.Num and lean_user.check(Mine(1))


def test_any_other_name_imports_it_too_and_a_package_keeps_its_submodules(
    modules: Path,
) -> None:
    defer("lean_pkg")
    import lean_pkg  # type: ignore[import-not-found]

    assert isinstance(sys.modules["lean_pkg"], Deferred)
    assert not hasattr(lean_pkg, "__file__")  # a scan of sys.modules imports nothing
    assert isinstance(sys.modules["lean_pkg"], Deferred)
    assert lean_pkg.LOADED is True
    assert lean_pkg.twice(4) == 8
    assert sys.modules["lean_pkg"].LOADED is True
    defer("lean_pkg")  # imported already: nothing changes
    assert not isinstance(sys.modules["lean_pkg"], Deferred)


def test_a_submodule_is_found_beneath_a_stand_in(modules: Path) -> None:
    defer("lean_pkg")
    from lean_pkg.part import twice  # type: ignore[import-not-found]

    assert twice(3) == 6
    import lean_pkg

    assert lean_pkg.LOADED is True


def test_a_module_read_from_source_keeps_no_docstrings_and_does_the_same(modules: Path) -> None:
    import asyncio
    import importlib.util

    found = importlib.util.find_spec("lean_docs")
    assert found is not None and found.origin is not None
    spec = importlib.util.spec_from_file_location(
        "lean_docs", found.origin, loader=LeanSourceLoader("lean_docs", found.origin)
    )
    assert spec is not None and spec.loader is not None
    docs = importlib.util.module_from_spec(spec)
    sys.modules["lean_docs"] = docs
    spec.loader.exec_module(docs)
    assert docs.__doc__ is None
    assert docs.plain.__doc__ is None and docs.plain(1) == 2
    assert docs.same(0) == "same"  # its docstring is a string its code returns: kept
    assert docs.later.__doc__ is None
    assert asyncio.run(docs.later()) == (["a", "b"], "lam")
    assert docs.Outer.__doc__ is None and docs.Outer.Inner.__doc__ is None
    assert docs.Outer.Inner.method.__doc__ is None and docs.Outer.Inner().method() == "m"


def load_lean(name: str, origin: str) -> object:
    spec = importlib.util.spec_from_file_location(
        name, origin, loader=LeanSourceLoader(name, origin)
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_lean_code_is_cached_beside_the_ordinary_and_read_from_there(
    modules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    origin = str(modules / "lean_docs.py")
    cached = Path(lean_cache(origin))
    assert ".opt-lean1." in cached.name and cached.parent.name == "__pycache__"
    assert not cached.exists()
    first = load_lean("lean_docs", origin)
    assert cached.exists()  # written as it was made
    written = cached.stat().st_mtime_ns
    sys.modules.pop("lean_docs")
    again = load_lean("lean_docs", origin)
    assert cached.stat().st_mtime_ns == written  # read, not made again
    for docs in (first, again):
        assert docs.plain.__doc__ is None and docs.plain(1) == 2  # type: ignore[attr-defined]
        assert docs.same(0) == "same"  # type: ignore[attr-defined]
        code = docs.plain.__code__  # type: ignore[attr-defined]
        assert [line for _, _, line in code.co_lines()][-1] == 4  # `return x + 1`: its line
        assert {c for p in code.co_positions() for c in p[2:]} == {None}  # no columns
    (modules / "lean_docs.py").write_text(DOCS.replace("x + 1", "x + 2") + "\n")
    sys.modules.pop("lean_docs")
    changed = load_lean("lean_docs", origin)  # the source changed: made and written anew
    assert changed.plain(1) == 3  # type: ignore[attr-defined]


def test_without_writing_bytecode_only_docstrings_go(
    modules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    origin = str(modules / "lean_docs.py")
    docs = load_lean("lean_docs", origin)
    assert not Path(lean_cache(origin)).exists()
    assert docs.plain.__doc__ is None and docs.plain(1) == 2  # type: ignore[attr-defined]
    code = docs.plain.__code__  # type: ignore[attr-defined]
    assert any(p[2] is not None for p in code.co_positions())  # columns kept: code as read


def test_a_strips_cache_keeps_and_drops_entries_as_textuals() -> None:
    from textual.cache import FIFOCache

    rng = random.Random(25)
    for size, lean in ((4, StripCache()), (16, StripCache16())):
        fifo: FIFOCache[int, int] = FIFOCache(size)
        assert not lean and len(lean) == 0 and lean.get(1) is None
        for _ in range(400):
            key, op = rng.randrange(24), rng.randrange(5)
            if op == 0:
                fifo.clear()
                lean.clear()
            elif op < 3:
                fifo[key] = lean[key] = rng.randrange(9)
            assert lean.get(key, -1) == fifo.get(key, -1) and (key in lean) == (key in fifo)
            assert list(lean.keys()) == list(fifo.keys()) and len(lean) == len(fifo)
            assert bool(lean) == bool(fifo)


def test_a_module_that_is_not_there_gets_no_stand_in() -> None:
    defer("no_such_module_here")
    assert "no_such_module_here" not in sys.modules


# a seat's process as spare.py warms it: Textual started, none of the deferred modules
# imported; what Textual uses them for still works (each imported then)
SEAT = """
import sys
from bohn_tui import spare
spare.warm("join")
from bohn_tui.lean import DEFERRED, Deferred
print(sorted(n for n in DEFERRED if not isinstance(sys.modules.get(n), Deferred)))
import textual.app, textual.notifications, textual.suggestions
import platformdirs
print(textual.app.user_downloads_path() == platformdirs.user_downloads_path())
print(len(textual.notifications.Notification("hi").identity))
print(textual.suggestions.get_suggestion("colr", ["color", "width"]))
print(textual.app.mimetypes.guess_type("a.png")[0], len(textual.app.uuid.uuid4().hex))
import subprocess
print(subprocess.run(["echo", "x"], capture_output=True, text=True).stdout.strip())
print(bool(subprocess.locale.getencoding()))
from fractions import Fraction
print(Fraction(0.5) + Fraction("1/4"), end=" ")
print(sorted(n for n in DEFERRED if isinstance(sys.modules.get(n), Deferred)))
from textual.types import DirEntry
print(DirEntry.__name__, isinstance(sys.modules["textual.types"], Deferred))
import textual.widget, asyncio.events
print(textual.widget.Widget.__doc__, textual.widget.Widget.mount.__doc__, asyncio.events.__doc__)
import textual.design, logging, io
table = textual.design.Table("a")
print(type(table).__name__, isinstance(table, textual.design.Table))
async def boom():
    raise ValueError("v")
loop = asyncio.new_event_loop()
loop.set_debug(True)  # a task's source traceback: the C asyncio's extract_stack
task = loop.create_task(boom())
loop.run_until_complete(asyncio.sleep(0.01))
print(type(task.exception()).__name__, bool(task._source_traceback))
out = io.StringIO()
logging.basicConfig(stream=out)
try:
    raise KeyError("k")
except KeyError:
    logging.getLogger("x").exception("caught")
print(out.getvalue().splitlines()[-1])
import random, rich.cells, rich.segment, textual.strip
one = frozenset(chr(c) for a, b in rich.cells._SINGLE_CELL_UNICODE_RANGES for c in range(a, b + 1))
rng = random.Random(25)
chars = [chr(c) for c in range(0x3000)]
texts = ["", "a", "\u2501" * 9, "\u4e2d", "a\\n"] + [
    "".join(rng.choice(chars) for _ in range(rng.randrange(6))) for _ in range(20000)
]
test = rich.segment._is_single_cell_widths
print(all(bool(test(t)) == one.issuperset(t) for t in texts), hasattr(rich.cells, "_SINGLE_CELLS"))
strip = textual.strip.Strip([rich.segment.Segment("hello \u2501 world")])
print(type(strip._crop_cache).__name__, strip.crop(1, 4).text, strip.crop(1, 4) is strip.crop(1, 4))
"""


def test_a_seats_process_imports_none_of_them_and_textual_still_uses_them(
    tmp_path: Path,
) -> None:
    out = subprocess.run(
        [sys.executable, "-c", SEAT],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        timeout=120,
        check=True,
    ).stdout.split("\n")
    assert out[:5] == ["[]", "True", "36", "color", "image/png 32"]
    deferred = (
        "['asyncio.sslproto', 'bz2', 'decimal', 'lzma', 'rich.table', 'textual.types', 'traceback']"
    )
    assert out[5:9] == ["x", "True", f"3/4 {deferred}", "DirEntry False"]
    assert out[9] == "None None None"  # Textual's and the standard library's: no docstrings
    assert out[10:13] == ["Table True", "ValueError True", "KeyError: 'k'"]
    assert out[13:15] == ["True False", "StripCache16 ell True"]  # rich's test, strips' caches
    assert set(DEFERRED) >= {"platformdirs", "uuid", "mimetypes", "difflib", "locale"}


def test_a_submodules_stand_in_is_put_without_importing_its_package(modules: Path) -> None:
    defer("lean_pkg.part")
    assert "lean_pkg" not in sys.modules
    assert isinstance(sys.modules["lean_pkg.part"], Deferred)
    import lean_pkg

    assert lean_pkg.twice(5) == 10  # the package's own import of it: the real one
