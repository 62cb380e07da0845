"""Every ``>>>`` example in the site's modules runs, and shows what the code really returns.

The modules are found by reading the sources, not listed, so an example added (or a module
moved) is checked without anyone remembering to add it here.
"""

from __future__ import annotations

import doctest
import importlib
import re

import pytest

from tests.support.servers import PROJECT_DIR

EXAMPLE = re.compile(r"^\s*>>> ", re.MULTILINE)


def modules_with_examples() -> list[str]:
    """Dotted names of the project's modules (outside tests/) whose source holds an example."""
    names = []
    for package in sorted(PROJECT_DIR.iterdir()):
        if package.name == "tests" or not (package / "__init__.py").is_file():
            continue
        for path in sorted(package.rglob("*.py")):
            if EXAMPLE.search(path.read_text(encoding="utf-8")):
                names.append(".".join(path.relative_to(PROJECT_DIR).with_suffix("").parts))
    return names


MODULES = modules_with_examples()


def test_the_examples_are_found_where_the_modules_hold_them():
    assert len(MODULES) >= 20
    assert "games.bots.many_seats" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_every_example_in_the_module_holds(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test)
    results = runner.summarize(verbose=False)
    report = capsys.readouterr().out
    assert results.attempted > 0, f"{name}: a '>>>' line that doctest does not run"
    assert results.failed == 0, report
