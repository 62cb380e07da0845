"""Pure JavaScript module tests: the modules are served by the live site and run in Chromium.

``js`` evaluates an async function body in a page of the site's origin, where
``await load("board.js")`` imports ``/static/js/board.js``; it returns what the body returns.
``FAKE_CLOCK`` put first in a body makes timers exact: see its comment. ``arg`` reaches the body
as JSON does (no NaN, no undefined). Each test gets a fresh document of the site in a page the
worker's module tests share, with empty storage and no console error allowed (``JsPage``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.browser

# A snippet that replaces the page's timers and Date.now with a clock that moves only when
# `clock.advance(ms)` says so, running every timer due on the way in time order, at the moment it
# was due. Code under test keeps calling setTimeout as usual; nothing waits on the real clock, so
# "just before" and "just after" a delay are exact (each test has its own document).
FAKE_CLOCK = """
const clock = (() => {
  let now = 1_000_000;
  let nextId = 1;
  const timers = new Map();  // id -> { at, run, every }
  const schedule = (run, ms, every) => {
    const id = nextId++;
    timers.set(id, { at: now + Math.max(0, Number(ms) || 0), run, every });
    return id;
  };
  globalThis.setTimeout = (run, ms) => schedule(run, ms, null);
  globalThis.setInterval = (run, ms) => schedule(run, ms, Math.max(1, Number(ms) || 0));
  globalThis.clearTimeout = (id) => timers.delete(id);
  globalThis.clearInterval = (id) => timers.delete(id);
  Date.now = () => now;
  const due = (end) => {
    let found = null;
    for (const [id, timer] of timers) {
      if (timer.at <= end && (found === null || timer.at < found[1].at)) found = [id, timer];
    }
    return found;
  };
  return {
    advance(ms) {
      const end = now + ms;
      for (let found = due(end); found; found = due(end)) {
        const [id, timer] = found;
        now = timer.at;
        if (timer.every) timer.at += timer.every;
        else timers.delete(id);
        timer.run();
      }
      now = end;
    },
    get pending() {
      return timers.size;
    },
  };
})();
"""

LOADER = """async ([body, argText]) => {
  const load = (name) => import(`/static/js/${name}`);
  const arg = JSON.parse(argText);
  const run = new Function("load", "arg", `return (async () => { ${body} })();`);
  return await run(load, arg);
}"""

# Run first in every document of the shared context, before the page's own scripts: each test's
# document starts with empty storage, as it did in a context of its own.
EMPTY_STORAGE = "try { localStorage.clear(); sessionStorage.clear(); } catch (error) {}"

VIEWPORT = {"width": 1280, "height": 900}


class JsPage:
    """The worker's one page for module tests, and the console errors seen since the last reset.

    A browser context and a first load of the site's page cost about 0.5 to 1 s of a 2-core
    machine; a navigation of an open page, which the shared page does before each test, about
    0.1 s. The navigation gives each test a new document: new globals, a new module map (so
    ``load`` imports afresh), the real timers back after ``FAKE_CLOCK``.
    """

    def __init__(self, browser) -> None:
        self.browser = browser
        self.context = None
        self.page = None
        self.errors: list[str] = []

    def open(self):
        """A page of the shared context, new when there is none or the last one closed or
        crashed (a test that breaks its page leaves the next one a working page)."""
        if self.page is None or self.page.is_closed():
            if self.context is not None:
                self.context.close()
            self.context = self.browser.new_context(viewport=VIEWPORT)
            self.context.add_init_script(EMPTY_STORAGE)
            self.page = self.context.new_page()
            self.page.on(
                "console",
                lambda message: message.type == "error" and self.errors.append(message.text),
            )
            self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        return self.page

    def close(self) -> None:
        if self.context is not None:
            self.context.close()


@pytest.fixture(scope="session")
def js_page(browser) -> Iterator[JsPage]:
    """One context and page per worker for every module test, reset before each (see JsPage);
    session scope, so tests/support/parallel.py does not tie a module's tests to one worker."""
    shared = JsPage(browser)
    yield shared
    shared.close()


@pytest.fixture
def js(site_server, js_page):
    page = js_page.open()
    page.context.clear_cookies()
    page.set_viewport_size(VIEWPORT)
    js_page.errors.clear()
    page.goto(site_server.url + "/")  # an HTML page of the site: same origin, no favicon 404

    def run(body: str, arg=None):
        # The argument travels as one JSON text: Playwright checks and converts a structure
        # value by value, which for a whole match's events cost seconds.
        return page.evaluate(LOADER, [body, json.dumps(arg, allow_nan=False)])

    run.page = page
    yield run
    if not page.is_closed():
        page.evaluate("0")  # a round trip: the page's console messages so far have arrived
    errors, js_page.errors = js_page.errors, []
    assert errors == [], f"console errors: {errors}"
