"""Every message the interface code writes is one the catalog tool extracts: a `_("...")` that Babel cannot
see (inside an f-string, or inside a comprehension that is itself an argument of `_()`) would never be
translated, and the catalog check could not tell."""

from __future__ import annotations

import ast
from pathlib import Path

from bouts.core.catalogs import CatalogDomain, domains, extract

KEYWORDS = {"_", "N_", "M_", "_n", "M_n"}


def literal_messages(domain: CatalogDomain) -> list[tuple[str, int, str]]:
    """(file, line, message id) of every call of a translate function with a literal first argument."""
    found = []
    for path in sorted(domain.source.rglob("*.py")):
        relative = path.relative_to(domain.source).as_posix()
        if any(relative.startswith(skip + "/") for skip in domain.skip):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.append((relative, node.lineno, node.args[0].value))
    return found


def test_every_interface_message_is_extracted_for_the_catalogs() -> None:
    domain = next(d for d in domains() if d.name == "bouts")
    extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in extract(domain) if m.id}
    written = literal_messages(domain)
    assert len(written) > 500  # the interface, the simulator, the workbench, the core's errors
    assert [entry for entry in written if entry[2] not in extracted] == []


def test_a_message_inside_an_f_string_or_a_nested_comprehension_is_caught(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "m.py").write_text('_("outer {x}", x=[_("inner") for i in range(2)])\nf"{_(\'hidden\')}"\n',
                                 encoding="utf-8")
    domain = CatalogDomain("demo", source, tmp_path / "locale")
    extracted = {m.id for m in extract(domain)}
    missing = [entry[2] for entry in literal_messages(domain) if entry[2] not in extracted]
    assert "inner" in missing and "hidden" in missing and "outer {x}" not in missing
