"""No import cycles between bohn_tui's modules, function-level imports included (issue 9: cycles
hidden by function-level imports). The registry imports games lazily by name, which is not an
import the graph sees, and is the one sanctioned way around the layers."""

from __future__ import annotations

import grimp


def test_no_module_imports_itself_through_others() -> None:
    graph = grimp.build_graph("bohn_tui", cache_dir=None)
    cycles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                cycles.append(f"{module} -> {' -> '.join(back)}")
    assert cycles == [], "import cycles:\n" + "\n".join(cycles)
