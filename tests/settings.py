"""Settings for the test run and the live servers tests start: the site's own settings in
development mode (DEBUG on), with a fast password hasher.

Production's PBKDF2 spends about 0.4 s on each hash by design; tests make and log in many
people, so they hash with MD5 instead. pytest-django loads this module (pyproject.toml), and
tests/support/servers.py hands it to every live server; nothing outside tests/ names it.
"""

from __future__ import annotations

import os
import sys

# The site's DEBUG is off unless asked for; a test run is development. Set in the environment
# (not only here) so every process the tests start inherits it: `manage.py migrate` and
# `manage.py shell` for live databases, live servers, workers and other helpers.
os.environ.setdefault("DEBUG", "true")
# Parallel test workers (pytest-xdist, scripts/run-tests) share one Redis: each keeps its
# channel layer's groups and its cache's keys under a prefix of its own, and so does every
# process it starts (they inherit the variable).
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.setdefault("REDIS_KEY_PREFIX", f"test-{os.environ['PYTEST_XDIST_WORKER']}")

from cribbage_site.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The test process itself (not the live servers and workers it starts, which never import pytest)
# connects without the pool. A consumer test whose event loop pytest-asyncio closes while a
# handler's thread still holds a pooled connection loses that connection to the pool for good
# (measured: about one per socket test, the pool's 16 gone after some 40 of them), and the next
# test waits 10 s and fails. Without a pool such a connection is closed with its thread. The
# servers the tests start keep production's pool, and tests/site's restart and burst tests
# check it there.
_options = DATABASES["default"].get("OPTIONS", {})  # noqa: F405
if "pytest" in sys.modules and "pool" in _options:
    DATABASES["default"]["OPTIONS"] = {  # noqa: F405
        name: value for name, value in _options.items() if name != "pool"
    }

# On PostgreSQL the test process commits without waiting for the disk (``synchronous_commit``
# off: 0.3 ms a commit instead of 2 to 3 ms here), as the live databases on the run's server do
# (tests/support/servers.py says why that proves nothing less). It connects only to the run's
# shared server, never to a private cluster a test crashes.
if "pytest" in sys.modules and DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    _options = DATABASES["default"].setdefault("OPTIONS", {})  # noqa: F405
    _options["options"] = f"{_options.get('options', '')} -c synchronous_commit=off".strip()

# Live servers run DEBUG, where WhiteNoise's max-age is 0: a browser asks again for every ES
# module on every page (the table loads 43), each a trip through Daphne and Django. The files
# never change during a run, so each test's browser keeps them for the run: tests/browser took
# 10% less of Chromium's CPU and 12% less of the servers' (docs/performance.md). Development
# keeps max-age 0, so an edited module is fetched again on the next page.
WHITENOISE_MAX_AGE = 3600
