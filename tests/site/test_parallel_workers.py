"""The suite's scheduler (tests/support/parallel.py): browser tests go only to the first
``TEST_BROWSER_WORKERS`` workers, the other workers still take the rest, and a module's shared
fixture and the service-restarting tests stay on one worker each, and those go to a worker that
takes no browser test when there is one.

Each check runs pytest with xdist on a small suite written here, through the suite's own plugin,
and reads back which worker ran which test.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.servers import PROJECT_DIR, child_environment
from tests.support.small_suites import run_small_suite

CONFTEST = """
import json, os
import pytest

pytest_plugins = ["tests.support.parallel"]

@pytest.fixture
def browser():
    return "a stand-in for Playwright's browser"

@pytest.fixture(scope="module")
def module_server():
    return "a stand-in for a module's own live server"

@pytest.fixture(autouse=True)
def record(request):
    yield
    with open(os.environ["RAN_LOG"], "a") as log:
        log.write(json.dumps([request.node.nodeid, os.environ["PYTEST_XDIST_WORKER"]]) + "\\n")

def pytest_collection_modifyitems(items):
    from tests.support.parallel import run_order

    items.sort(key=run_order)  # as tests/conftest.py orders them
"""

# The tests do nothing: xdist hands each worker its first unit before any test runs, so the
# third worker gets plain tests however fast they are. With HOLD_UP_THE_THIRD its first test
# keeps it busy while the others reach the restarting tests, which they must leave to it all
# the same.
PLAIN = """
import os, time
import pytest

HELD = []

@pytest.mark.parametrize("n", range(12))
def test_plain(n):
    if os.environ["PYTEST_XDIST_WORKER"] == "gw2" and os.environ["HOLD_UP_THE_THIRD"] and not HELD:
        HELD.append(n)
        time.sleep(1)

@pytest.mark.restarts_services
@pytest.mark.parametrize("n", range(3))
def test_restarts(n):
    pass
"""

BROWSERS = """
import os, time
import pytest

@pytest.mark.parametrize("n", range(8))
def test_page(browser, n):
    if os.environ["HOLD_UP_THE_THIRD"]:
        time.sleep(0.5)  # browser tests outlast the hold-up, as they do in the suite

def test_shared_one(module_server, browser):
    pass

def test_shared_two(module_server, browser):
    pass
"""


def run_suite(
    tmp_path: Path, workers: int, browser_workers: int, hold_up_the_third: bool = False
) -> dict[str, str]:
    """Run the small suite on ``workers`` workers: each test's id and the worker that ran it."""
    log = tmp_path / "ran.jsonl"
    env = child_environment(
        PYTHONPATH=str(PROJECT_DIR),
        RAN_LOG=str(log),
        TEST_BROWSER_WORKERS=str(browser_workers),
        HOLD_UP_THE_THIRD="1" if hold_up_the_third else "",
    )
    env.pop("PYTEST_XDIST_WORKER", None)
    files = {
        "pytest.ini": "[pytest]\nmarkers =\n    restarts_services: kills\n",
        "conftest.py": CONFTEST,
        "test_plain.py": PLAIN,
        "test_browsers.py": BROWSERS,
    }
    options = ["-n", str(workers), "--dist", "loadgroup", "--no-loadscope-reorder"]
    run_small_suite(tmp_path, files, options, env)
    ran = dict(json.loads(line) for line in log.read_text().splitlines())
    assert len(ran) == 12 + 3 + 8 + 2
    return ran


def test_only_the_first_workers_drive_browsers_and_the_others_take_the_rest(tmp_path):
    ran = run_suite(tmp_path, workers=3, browser_workers=2, hold_up_the_third=True)
    allowed = {"gw0", "gw1"}
    browser_workers_used = {worker for test, worker in ran.items() if "test_browsers" in test}
    assert browser_workers_used <= allowed
    plain_workers = {worker for test, worker in ran.items() if "test_plain" in test}
    assert plain_workers - allowed, "a worker past the browser limit took none of the rest"
    # A module's shared fixture starts on one worker; the restarting tests run one by one.
    shared = {worker for test, worker in ran.items() if "test_shared_" in test}
    restarting = {worker for test, worker in ran.items() if "test_restarts" in test}
    assert len(shared) == 1 and len(restarting) == 1
    # The restarting tests wait more than they compute: the worker that takes no browser runs
    # them beside the browser workers, instead of a browser worker holding them up.
    assert restarting == plain_workers - allowed, ran


def test_without_a_worker_past_the_browser_limit_a_browser_worker_runs_the_restarting_tests(
    tmp_path,
):
    ran = run_suite(tmp_path, workers=2, browser_workers=2)
    restarting = {worker for test, worker in ran.items() if "test_restarts" in test}
    assert len(restarting) == 1 and restarting <= {"gw0", "gw1"}
    assert {worker for test, worker in ran.items() if "test_browsers" in test} == {"gw0", "gw1"}
