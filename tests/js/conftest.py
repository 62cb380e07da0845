"""Pure JavaScript module tests: the modules are served by the live site and run in Chromium.

``js`` evaluates an async function body in a page of the site's origin, where
``await load("board.js")`` imports ``/static/js/board.js``; it returns what the body returns.
``FAKE_CLOCK`` put first in a body makes timers exact: see its comment.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# A snippet that replaces the page's timers and Date.now with a clock that moves only when
# `clock.advance(ms)` says so, running every timer due on the way in time order, at the moment it
# was due. Code under test keeps calling setTimeout as usual; nothing waits on the real clock, so
# "just before" and "just after" a delay are exact (each test has its own page).
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

LOADER = """async ([body, arg]) => {
  const load = (name) => import(`/static/js/${name}`);
  const run = new Function("load", "arg", `return (async () => { ${body} })();`);
  return await run(load, arg);
}"""


@pytest.fixture
def js(site_server, new_page):
    page = new_page()
    page.goto(site_server.url + "/")  # an HTML page of the site: same origin, no favicon 404

    def run(body: str, arg=None):
        return page.evaluate(LOADER, [body, arg])

    run.page = page
    return run
