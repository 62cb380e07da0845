"""The ES modules a page's entry script imports, found by reading the sources once.

The match page's ``main.js`` imports ``table.js``, which imports the table's regions, which
import ``cards.js``...: a browser that discovers them by parsing each file fetches them in
three or four waves. Listing every module in ``<link rel="modulepreload">`` lets it fetch them
all at once. The list is read from the import statements themselves, so it cannot go stale
when a module gains or loses an import; only static, relative imports are followed (the site
uses no others: no bundler, no bare specifiers).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path

# `import x from "./a.js";`, `import { a, b } from "./a.js";`, `import "./a.js";` and
# `export { a } from "./a.js";`, across lines; comments are removed first.
IMPORT_PATTERN = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.{1,2}/[^"']+)["']""",
    re.MULTILINE,
)
COMMENT_PATTERN = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", re.DOTALL)


class ModuleNotFound(LookupError):
    """An import names a module that is not among the static files."""


def module_imports(source: str) -> list[str]:
    """The relative specifiers a module's source imports, in order.

    >>> module_imports('import { a } from "./a.js";\\n// import "./old.js";\\nimport "../b.js";')
    ['./a.js', '../b.js']
    """
    return IMPORT_PATTERN.findall(COMMENT_PATTERN.sub("", source))


def module_graph(entry: str, locate: Callable[[str], str | Path | None]) -> list[str]:
    """Every module reachable from ``entry`` (a static path such as ``"js/main.js"``), the
    entry first, then in the order they are first imported.

    ``locate(static_path)`` gives the source file (Django's staticfiles finders in the site).
    Raises :class:`ModuleNotFound` when an import names a file that does not exist, so a
    broken import fails at the page, not silently in the browser.
    """
    seen: list[str] = []
    pending = [entry]
    while pending:
        path = pending.pop(0)
        if path in seen:
            continue
        found = locate(path)
        if not found:
            importer = "the page" if path == entry else "a module"
            raise ModuleNotFound(f"{importer} imports {path!r}, which is not a static file")
        seen.append(path)
        source = Path(found).read_text(encoding="utf-8")
        base = posixpath.dirname(path)
        for specifier in module_imports(source):
            target = posixpath.normpath(posixpath.join(base, specifier))
            if target not in seen and target not in pending:
                pending.append(target)
    return seen
