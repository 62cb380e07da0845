"""Pure JavaScript module tests: the modules are served by the live site and run in Chromium.

``js`` evaluates an async function body in a page of the site's origin, where
``await load("board.js")`` imports ``/static/js/board.js``; it returns what the body returns.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

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
