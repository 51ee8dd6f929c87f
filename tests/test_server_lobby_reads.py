"""The lobby's reading of `bohn server`'s tables (store/tables.py's `lobby`, store/accounts.py's
`accounts`) takes the same few SQL statements however many tables and accounts there are
(issue #26: a lobby of 1,000 finished and 100 running games opens at once; it read every
table and two statements for each of its seats before), and lists what it listed before."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bohn_tui.store import Store
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st


def _fill(db: Any, tables: int) -> tuple[int, dict[str, set[str]]]:
    """Ana, a few others, and `tables` tables of each kind; what Ana's lobby must list."""
    ana = acc.create(db, "Ana", "k0").id
    others = [acc.create(db, f"P{i}", f"k{i}").id for i in range(1, 6)]
    want: dict[str, set[str]] = {"yours": set(), "open": set(), "watch": set()}
    now = time.time()
    for i in range(tables):
        b, c = others[i % 5], others[(i + 1) % 5]
        kinds: list[tuple[str, list[dict[str, Any]], str, float]] = [
            ("yours", [{"account": ana}, {"account": b}, {"bot": "standard"}], st.RUNNING, 0),
            ("yours", [{"account": ana}, {"account": b}], st.OVER, 86400),  # over yesterday
            ("", [{"account": ana}, {"account": b}], st.OVER, 30 * 86400),  # a month ago
            ("", [{"account": b}, {"account": c}], st.OVER, 3600),  # others', over
            ("watch", [{"account": b}, {"account": c}], st.RUNNING, 0),
            ("open", [{"account": b}, {}], st.OPEN, 0),
            ("", [{"account": b}, {"account": c}], st.FAILED, 60),
        ]
        for part, seats, state, ago in kinds:
            row = st.new_table(db, "bohnanza", seats[0]["account"], seats, "live")
            row.state, row.last_move = state, now - ago - i
            st.update(db, row)
            if part:
                want[part].add(row.id)
    return ana, want


def _statements(db: Any, call: Any) -> tuple[Any, int]:
    said: list[str] = []
    db.set_trace_callback(said.append)
    try:
        return call(), len(said)
    finally:
        db.set_trace_callback(None)


def test_the_lobby_reads_in_a_few_statements_however_many_tables(tmp_path: Path) -> None:
    counts = []
    for n in (1, 12):
        db = Store(tmp_path / str(n)).db
        ana, want = _fill(db, n)
        listed, count = _statements(db, lambda db=db, ana=ana: st.lobby(db, ana))
        counts.append(count)
        assert {k: {i.row.id for i in v} for k, v in listed.items()} == want
        assert len(listed["watch"]) == n
        first = listed["yours"][0]
        assert first.row.state == st.RUNNING and first.names[0] == "Ana"
        assert first.names[2] == "bot (standard)"
        assert listed["open"][0].names[1] == "(open)"
    assert counts == [2, 2]  # the rows it can list, then their accounts' names


def test_accounts_are_read_in_one_statement(tmp_path: Path) -> None:
    db = Store(tmp_path).db
    for i in range(30):
        acc.create(db, f"P{i:02d}", f"k{i}")
    acc.redeem_link(db, acc.new_link_code(db, 1), "another")
    found, count = _statements(db, lambda: acc.accounts(db))
    assert count == 1
    assert [a.name for a in found] == [f"P{i:02d}" for i in range(30)]
    assert found[0].keys == 2 and found[1].keys == 1
    assert acc.names_of(db, [2, 1, 999]) == {1: "P00", 2: "P01"}
