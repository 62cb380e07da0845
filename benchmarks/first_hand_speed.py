"""How soon a person can play after asking for the match page: a real Daphne, real Chromium.

Starts Daphne on a fresh SQLite database (the site's own settings, not the tests'), as in
production with ``--production`` (DEBUG off, static files collected with hashed, gzipped names
and served by WhiteNoise) or as in development without it. A visitor starts a match against the
computer; then, ``--runs`` times, a fresh browser context (empty cache, same session) requests
the table and the time is taken from the request's start (``performance.timeOrigin``) to the
first frame in which the hand's six cards are buttons ready to choose: the first playable hand.
A second load in the same context measures a warm cache. Also printed: how many modules the
page fetched and how far apart their requests started (one wave when all are preloaded).

    .venv/bin/python benchmarks/first_hand_speed.py --production --runs 10

Results and the machine they came from go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))

from tests.support.servers import DaphneServer, LiveDatabase  # noqa: E402

# Runs in the page from its first script: the first animation frame with six enabled cards.
FIRST_HAND_PROBE = """
(() => {
  const Native = window.WebSocket;
  window.__socket = {};
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes("/ws/matches/") || String(args[0]).includes("/chat/")) return;
      window.__socket.made = performance.now();
      this.addEventListener("open", () => { window.__socket.open = performance.now(); });
      this.addEventListener("message", () => { window.__socket.hello ??= performance.now(); });
    }
  };
  const look = () => {
    const cards = document.querySelectorAll("#hand-near button.card:not(:disabled)");
    if (cards.length >= 6) { window.__firstHand = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""
PAGE_STEPS = """() => {
  const navigation = performance.getEntriesByType("navigation")[0];
  return { html: navigation.responseEnd, ready: navigation.domContentLoadedEventEnd, ...window.__socket };
}"""
MODULE_TIMINGS = """() => performance.getEntriesByType("resource")
  .filter((entry) => entry.name.includes("/static/js/"))
  .map((entry) => ({ start: entry.startTime, end: entry.responseEnd, size: entry.transferSize }))"""


def server_environment(database: LiveDatabase, static_root: Path, production: bool) -> dict:
    env = {
        "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
        "DATABASE_URL": database.url,
        "BOT_DELAY_SECONDS": "0",
        "TASK_WORKER_IN_SERVER": "true",
        "STATIC_ROOT": str(static_root),
    }
    if production:
        env.update(
            DEBUG="false",
            SECRET_KEY="benchmark-only-secret-key-not-for-any-real-site-0123456789",
            ALLOWED_HOSTS="127.0.0.1",
            SECURE_SSL_REDIRECT="false",
            SESSION_COOKIE_SECURE="false",
            CSRF_COOKIE_SECURE="false",
            SECURE_HSTS_SECONDS="0",
        )
    else:
        env["DEBUG"] = "true"
    env.pop("REDIS_URL", None)
    return env


def collect_static(env: dict) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=PROJECT_DIR,
        env={**os.environ, **env},
        check=True,
    )


def first_hand(context, url: str) -> tuple[float, list[dict]]:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__firstHand !== undefined", timeout=30_000)
    took = page.evaluate("window.__firstHand")
    modules = page.evaluate(MODULE_TIMINGS)
    steps = page.evaluate(PAGE_STEPS)
    page.close()
    return took, modules, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--production", action="store_true", help="DEBUG off, collected static")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as directory:
        database = LiveDatabase(Path(directory))
        static_root = Path(directory) / "static"
        env = server_environment(database, static_root, args.production)
        database.create()
        if args.production:
            collect_static(env)
        server = DaphneServer(env, log_path=Path(directory) / "daphne.log").start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox"]
                )
                setup = browser.new_context()
                page = setup.new_page()
                page.goto(f"{server.url}/matches/computer/")
                page.check("input[name=level][value=easy]")
                page.get_by_test_id("start-computer-match").click()
                page.wait_for_url("**/matches/*/")
                url = page.url
                session = setup.storage_state()
                setup.close()

                cold, warm, spreads, counts, html, ready, scripts = [], [], [], [], [], [], []
                socket = {"made": [], "open": [], "hello": []}
                for _ in range(args.runs):
                    context = browser.new_context(storage_state=session)
                    context.add_init_script(FIRST_HAND_PROBE)
                    took, modules, steps = first_hand(context, url)
                    cold.append(took)
                    html.append(steps["html"])
                    ready.append(steps["ready"])
                    scripts.append(max(module["end"] for module in modules))
                    for step, times in socket.items():
                        # The hand may be drawn before the socket has opened: not every step
                        # has happened when the hand is measured.
                        if step in steps:
                            times.append(steps[step])
                    starts = [module["start"] for module in modules]
                    spreads.append(max(starts) - min(starts))
                    counts.append(len(modules))
                    warm.append(first_hand(context, url)[0])
                    context.close()
                browser.close()
        finally:
            server.stop()
            database.drop()

    mode = "production (DEBUG off, hashed + gzip)" if args.production else "development (DEBUG on)"
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"mode: {mode}; {args.runs} runs")
    print(
        f"modules fetched: {statistics.median(counts):.0f}; their requests start within "
        f"{statistics.median(spreads):.0f} ms of each other (median)"
    )
    print(
        f"cold cache, medians: page received {statistics.median(html):.0f} ms, last module "
        f"{statistics.median(scripts):.0f} ms, DOMContentLoaded {statistics.median(ready):.0f} ms, "
        + ", ".join(
            f"socket {step} {statistics.median(times):.0f} ms" for step, times in socket.items()
        )
    )
    for label, times in (("cold cache", cold), ("warm cache", warm)):
        ordered = sorted(times)
        print(
            f"first playable hand, {label}: median {statistics.median(times):.0f} ms, "
            f"min {ordered[0]:.0f} ms, max {ordered[-1]:.0f} ms"
        )


if __name__ == "__main__":
    main()
