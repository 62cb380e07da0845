"""What must stay together when the suite runs on parallel workers (pytest-xdist), and which
workers may drive a browser.

scripts/run-tests runs ``pytest -n 3 --dist loadgroup --no-loadscope-reorder``: each test goes
to whichever worker is free, except the groups made here, each of which runs whole on one worker.

- A module whose tests share a module-scoped fixture (its own live server, database or worker)
  is one group, so the fixture starts once rather than once on each worker. Its browser tests
  are a group of their own, because every worker runs its browser tests last (tests/conftest.py).
- Tests marked ``restarts_services`` (they kill servers, or stop and start a PostgreSQL cluster
  or a Redis server of their own, and time what follows) are one group: they run one after
  another on one worker, so two of them never starve each other of the CPU.
- Every other browser test is a group of one whose name ends in ``-browser``, so the scheduler
  below can tell browser work from the rest by the test's id alone.

**One worker more than browsers.** Before the browser tests, a worker often waits (a server
restarting, a lease lapsing, a child process starting) and two workers left a 2-core machine a
fifth idle; the browser tests, each a page, a server and Chromium's processes, keep both cores
busy with one per core. So the suite runs ``TEST_WORKERS`` workers (default 3), of which at most
``TEST_BROWSER_WORKERS`` (default 2) take browser tests: the others stop when only browser
tests are left (docs/performance.md has the measurements).

**The restarting group fills the browser phase.** The group is mostly waiting (a lease lapsing,
a server coming back: about 0.6 of a core over two minutes), and before the browser tests the
three workers keep both cores busy without it, while beside the two browser workers 5 to 24%
of the CPU went idle. So the collection puts the group after every other test and just
before the browser tests (``run_order``), and the scheduler leaves it to a worker that takes no
browser test: a browser worker that finds it at the head of the queue takes the first browser
test instead, while such a worker is running.

``--no-loadscope-reorder`` keeps the collection's order (browser tests last); without it xdist
would hand out the largest groups first. Without xdist the marks do nothing.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

SERVICES_GROUP = "restarts-services"
BROWSER_SUFFIX = "-browser"
DEFAULT_BROWSER_WORKERS = 2


def parallel_group(item: pytest.Item) -> str | None:
    """The group ``item`` must run in, or None when any worker may run it alone.

    A browser test outside any module group gets None here too: the hook below gives it a
    group of its own (it needs the test's place in the collection for a short unique name).
    """
    if item.get_closest_marker("restarts_services"):
        return SERVICES_GROUP
    fixtures = getattr(item, "_fixtureinfo", None)
    if fixtures is None:
        return None
    scopes = {definitions[-1].scope for definitions in fixtures.name2fixturedefs.values()}
    if "module" not in scopes:
        return None
    module = item.nodeid.split("::")[0]
    return module + BROWSER_SUFFIX if drives_a_browser(item) else module


def drives_a_browser(item: pytest.Item) -> bool:
    """Whether the test uses Playwright's browser (tests/conftest.py runs these last)."""
    return "browser" in getattr(item, "fixturenames", ())


def run_order(item: pytest.Item) -> int:
    """Where ``item`` goes in the collection (a stable sort by this key, tests/conftest.py):
    every other test first, then the service-restarting tests, then the browser tests."""
    if drives_a_browser(item):
        return 2
    return 1 if item.get_closest_marker("restarts_services") else 0


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test's group before xdist reads the marks (it names groups in the node ids).

    Every worker collects the same tests in the same order, so the numbered groups of the
    lone browser tests name the same tests on each.
    """
    if not config.pluginmanager.hasplugin("xdist"):
        return  # ``-p no:xdist``: no groups to name (and no ``xdist_group`` mark to name them)
    lone_browsers = 0
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        group = parallel_group(item)
        if group is None and drives_a_browser(item):
            lone_browsers += 1
            group = f"alone-{lone_browsers}{BROWSER_SUFFIX}"
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


def is_browser_unit(scope: str) -> bool:
    """Whether a unit of work (a group's name, or a lone test's id) drives a browser."""
    return scope.endswith(BROWSER_SUFFIX)


def browser_workers() -> int:
    """How many workers may take browser tests (``TEST_BROWSER_WORKERS``, default 2)."""
    return max(1, int(os.environ.get("TEST_BROWSER_WORKERS", DEFAULT_BROWSER_WORKERS)))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with browser tests kept to the first ``browser_workers()`` workers."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowserLimitedScheduling(LoadGroupScheduling):  # type: ignore[misc]
        """xdist's loadgroup, except that a worker past the browser limit stops instead of
        taking a browser unit (the collection puts them last, so nothing else is left), and
        the restarting group goes to such a worker while one runs (see the module)."""

        def _assign_work_unit(self, node: Any) -> None:
            head = next(iter(self.workqueue))
            if self._may_drive_a_browser(node):
                if head == SERVICES_GROUP and len(self.workqueue) > 1 and self._one_without():
                    self.workqueue.move_to_end(SERVICES_GROUP)  # the browser units come next
            elif is_browser_unit(head):
                if SERVICES_GROUP not in self.workqueue:
                    node.shutdown()
                    return
                self.workqueue.move_to_end(SERVICES_GROUP, last=False)
            super()._assign_work_unit(node)

        def _one_without(self) -> bool:
            """Whether a worker that takes no browser test is still running."""
            return not all(self._may_drive_a_browser(worker) for worker in self.nodes)

        def _may_drive_a_browser(self, node: Any) -> bool:
            numbers = sorted(int(worker.gateway.id.removeprefix("gw")) for worker in self.nodes)
            return int(node.gateway.id.removeprefix("gw")) in numbers[: browser_workers()]

    return BrowserLimitedScheduling(config, log)
