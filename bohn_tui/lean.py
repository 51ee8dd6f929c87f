"""A seat's process imports lean (issue #25): what Textual imports as it starts but a seat
never uses is a stand-in until its first use (`Deferred`, DEFERRED), and the modules it
imports from source keep no docstrings and no columns, only lines (`lean_code`). What
anything does is unchanged: a stand-in's first use imports the real module; a docstring is
only read by help() and the like, and columns only by a traceback's marks under its lines,
neither of which a seat's process shows. cli_join.lean_seat calls
`lean_imports` before anything else is imported (a door's seat process: spare.py)."""

from __future__ import annotations

import _imp
import importlib
import importlib.machinery
import importlib.util
import marshal
import os
import re
import sys
import types
from collections.abc import Sequence
from opcode import opmap
from typing import Any

# modules Textual imports as it starts and uses only to deliver a file (a screenshot saved:
# `App.deliver_binary`), for a toast's identity, or for a stylesheet's error message: a seat
# uses none of them before its first toast, and platformdirs alone imports tempfile, shutil
# and its archives' bz2 and lzma (~1.6 MiB of each seat's process in all: benchmarks/README.md).
# Each is a stand-in (`Deferred`) until its first use, which imports the real module: the
# same behaviour. A name Textual takes out of one as it starts is listed: "uuid4", a
# function (a forwarder to the real one, which imports the module at its first call),
# "IgnoreReturnCallbackType=textual._types", an object the module re-exports from there
# (given at once: the same object), or "Decimal:class", a class (`LaterClass`).
DEFERRED = {
    "platformdirs": ("user_downloads_path",),
    "uuid": ("uuid4",),  # a toast's identity (textual.notifications)
    "mimetypes": (),
    "difflib": ("get_close_matches",),  # a stylesheet's "did you mean" (textual.suggestions)
    "bz2": (),  # shutil's (Textual's driver asks it the terminal's size): for its archives
    "lzma": (),
    "locale": (),  # subprocess's (asyncio imports it): a text-mode child's encoding
    "asyncio.sslproto": (),  # TLS, which a seat never speaks (without_tls)
    # Textual's re-exports for its documentation: with them the tree, directory tree,
    # select and placeholder widgets, none of them a seat's; the command palette takes one
    "textual.types": ("IgnoreReturnCallbackType=textual._types",),
    # fractions' (Textual's layouts make Fractions): `isinstance(x, (float, Decimal))` in
    # Fraction(x), for a Decimal, which no seat makes
    "decimal": ("Decimal:class",),
    # logging's and asyncio's, to print an error (the C asyncio takes extract_stack as it
    # starts, for a debugging event loop)
    "traceback": ("extract_stack",),
    "rich.table": ("Table:class",),  # textual.design's, for a debugging table of its colours
}


class Deferred(types.ModuleType):
    """A module's stand-in in sys.modules until its first use: reading any other of its
    names imports the real module (which replaces the stand-in in sys.modules) and gives
    back the real one's. A package's stand-in has its `__path__` (a submodule is found)."""

    __homes__: dict[str, str]  # the names it re-exports: where each is from

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)  # what an import or a scan of sys.modules asks
        home = self.__dict__.get("__homes__", {}).get(name)
        if home is not None:
            return getattr(importlib.import_module(home), name)
        return getattr(real_module(self.__name__), name)


def real_module(name: str) -> types.ModuleType:
    """The module `name`, imported now if only its stand-in was there (whose names then
    all are the real module's: what was bound to the stand-in reads those)."""
    stand_in = sys.modules.get(name)
    if isinstance(stand_in, Deferred):
        sys.modules.pop(name, None)
        for key in [k for k in vars(stand_in) if not k.startswith("__")]:
            delattr(stand_in, key)
    return importlib.import_module(name)


def defer(name: str, names: tuple[str, ...] = ()) -> None:
    """Put a stand-in for the module `name` in sys.modules, unless it is imported already;
    each of `names` is there at once: a forwarder to the real module's function,
    ("NAME=MODULE") the object the real module re-exports from MODULE, or ("NAME:class")
    a `LaterClass`."""
    if name in sys.modules:
        return
    found = spec_of(name)
    if found is None:
        return
    stand_in = Deferred(name)
    stand_in.__spec__ = found  # importlib.util.find_spec(name) finds it as before
    if found.submodule_search_locations is not None:
        stand_in.__path__ = list(found.submodule_search_locations)
    stand_in.__homes__ = dict(n.split("=", 1) for n in names if "=" in n)
    for later in (n.removesuffix(":class") for n in names if n.endswith(":class")):
        setattr(stand_in, later, LaterClass(name, later))
    for function in (n for n in names if "=" not in n and ":" not in n):

        def forward(*args: Any, _name: str = function, **kwargs: Any) -> Any:
            return getattr(real_module(name), _name)(*args, **kwargs)

        forward.__name__ = forward.__qualname__ = function
        setattr(stand_in, function, forward)
    sys.modules[name] = stand_in


class LaterClass:
    """A class of a module that only has its stand-in yet (`Deferred`): nothing is an
    instance (or a subclass) of it while the module is not imported, as nothing can be
    made of a class the module makes before it is (its own class, as decimal's Decimal),
    then what the real class says. Calling it, reading its names, or a class statement
    deriving from it imports the module and takes the real class."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def real(self) -> type:
        return getattr(real_module(self.module), self.name)  # type: ignore[no-any-return]

    def imported(self) -> type | None:
        """The real class, if its module is imported (nothing is imported here)."""
        module = sys.modules.get(self.module)
        if module is None or isinstance(module, Deferred):
            return None
        return getattr(module, self.name)  # type: ignore[no-any-return]

    def __instancecheck__(self, obj: object) -> bool:
        real = self.imported()
        return real is not None and isinstance(obj, real)

    def __subclasscheck__(self, cls: type) -> bool:
        real = self.imported()
        return real is not None and issubclass(cls, real)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.real()(*args, **kwargs)

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type]:
        return (self.real(),)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.real(), name)


def spec_of(name: str) -> importlib.machinery.ModuleSpec | None:
    """Where the module `name` is, without importing it or its packages (find_spec imports
    a submodule's package: asyncio for asyncio.sslproto, which imports that at once)."""
    package, _, _ = name.rpartition(".")
    if not package:
        return importlib.util.find_spec(name)
    above = sys.modules.get(package)
    where = getattr(above, "__path__", None) if above is not None else None
    if where is None:
        up = spec_of(package)
        where = up.submodule_search_locations if up is not None else None
    return None if where is None else importlib.machinery.PathFinder.find_spec(name, where)


def lean_imports() -> None:
    """The stand-ins of DEFERRED, and no docstrings from here on. Called again: nothing
    more happens."""
    for name, names in DEFERRED.items():
        defer(name, names)
    if not any(isinstance(f, LeanFinder) for f in sys.meta_path):
        # just before the path finder: built-in and frozen modules, and any finder put
        # before it, come first as ever
        at = sys.meta_path.index(importlib.machinery.PathFinder)
        sys.meta_path.insert(at, LeanFinder())


# -- what a module makes, made later -------------------------------------------------------

NO_ENTRIES: dict[Any, Any] = {}  # the entries of every strip's cache that has none yet


class StripCache:
    """A strip's cache of what it made of itself (a crop, a style applied, ...): what
    Textual's FIFOCache does for it (at most `maxsize` entries, the oldest dropped first),
    in less: one slot, and no dict until its first entry (most never get one). No hits or
    misses counted (Textual's own figures, which nothing of a strip reads)."""

    __slots__ = ("_cache",)
    maxsize = 4
    hits = misses = 0

    def __init__(self) -> None:
        self._cache = NO_ENTRIES  # read as empty; never written: `set` makes its own

    def get(self, key: Any, default: Any = None) -> Any:
        return self._cache.get(key, default)

    def __getitem__(self, key: Any) -> Any:
        return self._cache[key]

    def set(self, key: Any, value: Any) -> None:
        cache = self._cache
        if cache is NO_ENTRIES:
            cache = self._cache = {}
        elif key not in cache and len(cache) >= self.maxsize:
            del cache[next(iter(cache))]
        cache[key] = value

    __setitem__ = set

    def __contains__(self, key: Any) -> bool:
        return key in self._cache

    def __len__(self) -> int:
        return len(self._cache)

    def __bool__(self) -> bool:
        return bool(self._cache)

    def keys(self) -> Any:
        return self._cache.keys()

    def clear(self) -> None:
        self._cache = NO_ENTRIES


class StripCache16(StripCache):
    __slots__ = ()
    maxsize = 16


def lean_strips(strip: types.ModuleType) -> None:
    """Textual's strips (`textual.strip.Strip`, a widget's line as drawn: a seat's table
    keeps ~750 at its first frame, some thousands as it is played) have 7 caches each,
    each a FIFOCache with its own empty dict, most never used: 128 bytes a cache, 40 here
    until its first entry (a `StripCache`: ~0.45 MiB at the table's first frame)."""
    fifo = strip.FIFOCache
    sizes: dict[int, type[StripCache]] = {4: StripCache, 16: StripCache16}

    def cache_of(maxsize: int) -> Any:
        made = sizes.get(maxsize)
        return fifo(maxsize) if made is None else made()

    strip.FIFOCache = cache_of  # type: ignore[attr-defined]  # (a module's own name)


def lean_cells(cells: types.ModuleType) -> None:
    """rich's test of a text whose characters are all one cell wide (`rich.cells.
    _is_single_cell_widths`, the fast path of its widths and splits) is a frozenset's
    `issuperset` of the ~1,500 characters of its ranges (~0.22 MiB: the set and a string
    each): here a regular expression of the same ranges (`fullmatch`: the same answer for
    every text, as fast for a short one, faster for a long one or box lines)."""
    ranges = "".join(
        f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in cells._SINGLE_CELL_UNICODE_RANGES
    )
    # the same test; rich.segment takes it from here as it is imported, after this
    cells._is_single_cell_widths = re.compile(f"[{ranges}]*").fullmatch  # type: ignore[attr-defined]
    del cells._SINGLE_CELLS


def lean_key_names(keys: types.ModuleType) -> None:
    """textual.keys names keys without Unicode's name database (bohn_tui/lean_keys.py)."""
    from bohn_tui.lean_keys import lean_keys

    lean_keys(keys)


# what a module makes as it is imported that a seat does not need (yet): each done after
# its module's import, if it is imported lean (LeanSourceLoader)
AFTER_IMPORT = {
    "textual.strip": lean_strips,
    "rich.cells": lean_cells,
    "textual.keys": lean_key_names,
}


# -- docstrings and column positions ------------------------------------------------------
# Docstrings are ~1.3 MiB of a seat's process (Textual's, rich's, the standard library's and
# bohn's): what `python -OO` leaves out, without -OO's other half (no asserts) and without
# .opt-2.pyc files (the ordinary cached code is read, then its docstrings dropped). Each
# instruction's columns (a code object's location table: line, end line, first and last
# column) are ~0.6 MiB more: what `python -X no_debug_ranges` leaves out (a traceback then
# has no ^^^ under the failing part of its line); each instruction keeps its line.

LOAD_CONST = opmap["LOAD_CONST"]
FUNCTION = 0x0002  # CO_NEWLOCALS: a def's (or a comprehension's) code, not a class body's
# a location table's entries (Objects/locations.md of CPython 3.11): the first byte's high
# bit, its kind in bits 3-6 (13: a line without columns, then the line's change as a signed
# varint; 15: no location), its length in code units less one in bits 0-2 (at most 8)
LINE_ONLY = 0x80 | 13 << 3
NO_LOCATION = 0x80 | 15 << 3
LEAN = "lean1"  # the name of lean_code's cached form: another when lean_code changes


def lean_code(code: types.CodeType, lines: bool = True) -> types.CodeType:
    """`code` and the code in it without their functions' docstrings (a function's first
    constant, its `__doc__`), but where the function's own code loads that constant too
    (an equal string in its body shares it), and lambdas' and comprehensions' first
    constants (none is a docstring); with `lines`, with line numbers only (no columns).
    Without `lines`, only code with a docstring is made anew."""
    consts = list(code.co_consts)
    for i, const in enumerate(consts):
        if isinstance(const, types.CodeType):
            consts[i] = lean_code(const, lines)
    if (
        code.co_flags & FUNCTION
        and not code.co_name.startswith("<")
        and consts
        and isinstance(consts[0], str)
        and not loads_first_constant(code)
    ):
        consts[0] = None
    if lines:
        return code.replace(co_consts=tuple(consts), co_linetable=lines_only(code))
    if all(a is b for a, b in zip(consts, code.co_consts, strict=True)):
        return code
    return code.replace(co_consts=tuple(consts))


def lines_only(code: types.CodeType) -> bytes:
    """`code`'s location table with each instruction's line (or none) and no columns:
    `co_lines()` the same, `co_positions()` without columns."""
    out = bytearray()
    prev = code.co_firstlineno
    runs: list[list[Any]] = []  # [code units, line] of consecutive instructions
    for start, end, line in code.co_lines():
        if runs and runs[-1][1] == line:
            runs[-1][0] += (end - start) >> 1
        else:
            runs.append([(end - start) >> 1, line])
    for units, line in runs:
        while units > 0:
            n = min(units, 8)
            units -= n
            if line is None:
                out.append(NO_LOCATION | (n - 1))
                continue
            out.append(LINE_ONLY | (n - 1))
            change, prev = line - prev, line
            value = (-change << 1) | 1 if change < 0 else change << 1
            while value >= 64:
                out.append(64 | (value & 63))
                value >>= 6
            out.append(value)
    return bytes(out)


def loads_first_constant(code: types.CodeType) -> bool:
    """Whether `code` loads its first constant. (Its `co_code` is made and kept for this:
    read only of a function with a docstring; the code is replaced then, the copy with it.)"""
    raw = code.co_code
    return any(raw[j] == LOAD_CONST and raw[j + 1] == 0 for j in range(0, len(raw), 2))


def drop_class_docstrings(namespace: dict[str, Any], module: str, seen: set[int]) -> None:
    """The docstrings of the classes `module` defines (and of the classes in them)."""
    for value in list(namespace.values()):
        if isinstance(value, type) and value.__module__ == module and id(value) not in seen:
            seen.add(id(value))
            if isinstance(value.__dict__.get("__doc__"), str):
                try:
                    value.__doc__ = None
                except (AttributeError, TypeError):  # a type that cannot be changed
                    continue
            drop_class_docstrings(dict(value.__dict__), module, seen)


class LeanSourceLoader(importlib.machinery.SourceFileLoader):
    """A module read as ever, without its docstrings and its columns (`lean_code`). That
    code is cached beside the module's ordinary cached code (`__pycache__/NAME.cpython-311
    .opt-lean1.pyc`, marked with its source's time and size as the ordinary one): read from
    there, it is read as it is used, never made twice. (Code made and then replaced at
    every start left the freed code's room in the heaps: 1.1 MiB of the seat's process.)
    Where it cannot be written (PYTHONDONTWRITEBYTECODE, a folder not writable), the
    ordinary cached code is read, and its docstrings dropped as it is."""

    def get_code(self, fullname: str) -> types.CodeType:
        source = self.get_filename(fullname)
        cached = None if sys.implementation.cache_tag is None else lean_cache(source)
        stats = self.path_stats(source)
        header = importlib.util.MAGIC_NUMBER + bytes(4)
        for stat in (stats["mtime"], stats["size"]):
            header += (int(stat) & 0xFFFFFFFF).to_bytes(4, "little")
        if cached is not None:
            try:
                data = self.get_data(cached)
                if data[:16] == header:
                    code = marshal.loads(memoryview(data)[16:])
                    # as the ordinary loader does (a moved tree); not in typeshed's _imp
                    _imp._fix_co_filename(code, source)  # type: ignore[attr-defined]
                    return code  # type: ignore[no-any-return]
            except (OSError, EOFError, ValueError, TypeError):
                pass  # not there, or not readable: made anew
        code = super().get_code(fullname)
        assert code is not None  # the source loader's code, or its SyntaxError
        if cached is None or not can_write(cached):
            # made anew at every start: only what has a docstring (code made anew and the
            # old code freed leave room in the heaps that the rest does not fill)
            return lean_code(code, lines=False)
        code = lean_code(code)
        self.set_data(cached, header + marshal.dumps(code))
        return code

    def exec_module(self, module: types.ModuleType) -> None:
        super().exec_module(module)
        module.__doc__ = None
        drop_class_docstrings(vars(module), module.__name__, set())
        after = AFTER_IMPORT.get(module.__name__)
        if after is not None:
            after(module)


def can_write(path: str) -> bool:
    """Whether the cached code at `path` can be written (its folder, or the nearest one
    above it that is there: set_data makes the folders below, and writes a file anew)."""
    if sys.dont_write_bytecode:
        return False
    path = os.path.dirname(path)
    while not os.path.exists(path):
        path, was = os.path.dirname(path), path
        if path == was:
            return False
    return os.access(path, os.W_OK)


def lean_cache(source: str) -> str:
    """Where the lean code of the module at `source` is cached (LEAN: a new form of it is
    a new file)."""
    return importlib.util.cache_from_source(source, optimization=LEAN)


class LeanFinder:
    """A finder of sys.meta_path (not an importlib.abc.MetaPathFinder: importlib.abc imports
    tempfile, shutil, bz2 and lzma): it finds what the path finder finds, and a module from
    source is read without docstrings and columns."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        found = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        loader = found.loader if found is not None else None
        if found is None or type(loader) is not importlib.machinery.SourceFileLoader:
            return None  # an extension module, a namespace package: the path finder's
        found.loader = LeanSourceLoader(loader.name, loader.path)
        return found
