"""What must stay together when the suite runs on parallel workers (pytest-xdist).

scripts/run-tests runs ``pytest -n 2 --dist loadgroup --no-loadscope-reorder``: each test goes to
whichever worker is free, except the groups made here, each of which runs whole on one worker.

- A module whose tests share a module-scoped fixture (its own live server, database or worker)
  is one group, so the fixture starts once rather than once on each worker. Its browser tests
  are a group of their own, because every worker runs its browser tests last (tests/conftest.py).
- Tests marked ``restarts_services`` (they kill servers, or stop and start a PostgreSQL cluster
  or a Redis server of their own, and time what follows) are one group: they run one after
  another on one worker, so two of them never starve each other of the CPU.

``--no-loadscope-reorder`` keeps the collection's order (browser tests last); without it xdist
would hand out the largest groups first. Without xdist the marks do nothing.
"""

from __future__ import annotations

import pytest

SERVICES_GROUP = "restarts-services"


def parallel_group(item: pytest.Item) -> str | None:
    """The group ``item`` must run in, or None when any worker may run it alone."""
    if item.get_closest_marker("restarts_services"):
        return SERVICES_GROUP
    fixtures = getattr(item, "_fixtureinfo", None)
    if fixtures is None:
        return None
    scopes = {definitions[-1].scope for definitions in fixtures.name2fixturedefs.values()}
    if "module" not in scopes:
        return None
    module = item.nodeid.split("::")[0]
    return f"{module}-browser" if "browser" in item.fixturenames else module


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test's group before xdist reads the marks (it names groups in the node ids)."""
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        group = parallel_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
