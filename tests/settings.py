"""Settings for the test run and the live servers tests start: the site's own settings, with a
fast password hasher.

Production's PBKDF2 spends about 0.4 s on each hash by design; tests make and log in many
people, so they hash with MD5 instead. pytest-django loads this module (pyproject.toml), and
tests/support/servers.py hands it to every live server; nothing outside tests/ names it.
"""

from __future__ import annotations

from cribbage_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
