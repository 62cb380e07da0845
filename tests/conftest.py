"""Fixtures shared by every test area: live Daphne servers and a headless Chromium.

Browser and end-to-end tests talk to a real server process; see tests/support/servers.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

from tests.support import seeded_decks
from tests.support.servers import PROJECT_DIR, DaphneServer, LiveDatabase, WorkerProcess
from tests.support.services import database_url, redis_url, require_chromium
from tests.support.smtp import Inbox, inbox_started, smtp_environment
from tests.support.tasks import BACKEND as TASKS_IN_THE_TEST_PROCESS

# alice, bob, carol and mallory, for every test area that plays with people.
pytest_plugins = ["tests.support.people", "tests.support.parallel", "tests.support.quick_database"]

ARTIFACTS_DIR = Path(os.environ.get("TEST_ARTIFACTS_DIR", PROJECT_DIR / "test-artifacts"))

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def pytest_configure(config) -> None:
    """In xdist's controller, migrate the workers' shared template while they start
    (tests/support/database_templates.py, ``make_for_workers``)."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        from tests.support.database_templates import make_for_workers

        make_for_workers(database_url())


def pytest_collection_modifyitems(config, items) -> None:
    """Run the tests that drive Chromium last, keeping their order, and the service-restarting
    tests just before them (tests/support/parallel.py says why).

    Playwright's sync API leaves its event loop marked as running on the main thread for as
    long as the session's browser is open, and pytest-asyncio then cannot run an async test on
    that thread. Putting every browser test after every other test keeps the two apart.
    """
    from tests.support.parallel import run_order  # here: the plugin is registered by now

    items.sort(key=run_order)


def pytest_sessionfinish(session, exitstatus) -> None:
    """Drop the migrated templates live databases were copied from (a parallel worker may end
    without running exit handlers)."""
    from tests.support.database_templates import remove_templates

    remove_templates()


@pytest.fixture(autouse=True)
def tasks_run_in_the_test_process(settings) -> None:
    """Tasks queued by code under test are stored as in production and run right after their
    commit when already due (tests/support/tasks.py); live servers have real workers. The
    computer moves without its human-like pause, so its turn is due at once."""
    settings.TASKS = {"default": {"BACKEND": TASKS_IN_THE_TEST_PROCESS}}
    settings.BOT_DELAY_SECONDS = 0


@pytest.fixture(autouse=True)
def anonymous_socket_counts_start_empty() -> Iterator[None]:
    """Each test's anonymous sockets start with their address's full allowance: the counts
    live in the process (kernel/socket_limits.py), and every test socket shares one
    address."""
    from kernel.socket_limits import anonymous_sockets

    anonymous_sockets.reset()
    yield
    anonymous_sockets.reset()


def live_server_env(database: LiveDatabase, **extra: str) -> dict[str, str]:
    """Environment for a server process: its own database, Redis when the run has it."""
    env = {"DATABASE_URL": database.url, "DEBUG": "true", "BOT_DELAY_SECONDS": "0"}
    if redis_url():
        env["REDIS_URL"] = redis_url()
    else:
        env.pop("REDIS_URL", None)
    env.update(extra)
    return env


@pytest.fixture(scope="session")
def live_database(tmp_path_factory) -> Iterator[LiveDatabase]:
    database = LiveDatabase(tmp_path_factory.mktemp("live-db"), database_url())
    database.create()
    yield database
    database.drop()


@pytest.fixture(scope="session")
def live_mail_server() -> Iterator[Controller]:
    """Where the live site sends its mail: a real SMTP server on loopback (aiosmtpd)."""
    _, controller = inbox_started()
    yield controller
    controller.stop()


@pytest.fixture(scope="session")
def live_inbox(live_mail_server) -> Inbox:
    """Every message the live site (its server and its worker) has sent this session."""
    return live_mail_server.handler


@pytest.fixture(scope="session")
def site_server(live_database, live_mail_server, tmp_path_factory) -> Iterator[DaphneServer]:
    """One Daphne process (the "site") and its task worker for the whole session, with
    shuffles seeded for repeatability.

    With Redis the worker is a process of its own, as in production; without, the in-memory
    channel layer reaches only the server's process, so the server runs the worker in a thread.
    """
    logs = tmp_path_factory.mktemp("daphne")
    env = live_server_env(
        live_database, TEST_DECK_SOURCE=seeded_decks.ENVIRONMENT_PATH, TEST_SHUFFLE_SEED="1234"
    )
    env.update(smtp_environment(live_mail_server))
    worker = None
    if redis_url():
        env["TASK_WORKER_IN_SERVER"] = "false"
        worker = WorkerProcess(env, log_path=logs / "worker.log").start()
    server = DaphneServer(env, log_path=logs / "live-server.log")
    if not os.environ.get("REDIS_URL"):
        server.env.pop("REDIS_URL", None)
    server.start()
    yield server
    server.stop()
    if worker is not None:
        worker.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator:
    executable = require_chromium()
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in a greenlet on this thread, which Django's
    # async-safety check mistakes for async code; tests here still use the ORM synchronously.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        yield instance
        instance.close()


class ConsoleWatch:
    """Collects console errors and uncaught page errors so a test can assert there were none."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page) -> None:
        page.on(
            "console", lambda message: message.type == "error" and self.errors.append(message.text)
        )
        page.on("pageerror", lambda error: self.errors.append(str(error)))


@pytest.fixture
def new_page(browser, request) -> Iterator:
    """Open pages in fresh browser contexts (one per player), asking for reduced motion unless
    told otherwise; fail on any console error."""
    contexts = []
    watches: list[ConsoleWatch] = []

    def open_page(viewport: dict | None = None, **options):
        """``options`` go to the browser context: ``has_touch``, ``reduced_motion``, ..."""
        # Pages ask for reduced motion unless a test says otherwise: Playwright's clicks wait
        # until their target stops moving, and a dealt or played card slides for a third of a
        # second, so whole games ran 15 to 20% longer with motion (docs/performance.md).
        # tests/browser/test_table_motion_and_presence.py asks for both and checks both.
        options.setdefault("reduced_motion", "reduce")
        context = browser.new_context(
            viewport=viewport or {"width": 1280, "height": 900}, **options
        )
        contexts.append(context)
        page = context.new_page()
        watch = ConsoleWatch()
        watch.attach(page)
        watches.append(watch)
        return page

    yield open_page
    for context in contexts:
        context.close()
    errors = [error for watch in watches for error in watch.errors]
    assert errors == [], f"console errors: {errors}"


# Screenshots are for people to look at; CI, where nobody can, turns them off (.ci/run), which
# saves about a tenth of a second of the browser's time each (over 200 a run).
SCREENSHOTS = os.environ.get("TEST_SCREENSHOTS", "1") != "0"


def save_screenshot(page, name: str, *, of: str | None = None) -> Path | None:
    """Keep a screenshot of the whole page, or of the element ``of`` selects, as a test artifact
    (test-artifacts/ by default); its path, or None when TEST_SCREENSHOTS=0 turns them off."""
    if not SCREENSHOTS:
        return None
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{name}.png"
    if of is None:
        page.screenshot(path=str(path), full_page=True)
    else:
        page.locator(of).screenshot(path=str(path))
    return path
