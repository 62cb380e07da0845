"""Tests hash passwords fast; the site itself keeps Django's slow-by-design default."""

from __future__ import annotations

import importlib

from django.conf import global_settings, settings

from tests.support.servers import DaphneServer, child_environment


def test_the_test_run_and_its_live_servers_use_the_fast_hasher():
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
    server = DaphneServer({"DEBUG": "true"})
    assert server.env["DJANGO_SETTINGS_MODULE"] == "tests.settings"


def test_the_sites_own_settings_keep_the_default_hashers():
    production = importlib.import_module("cribbage_site.settings")
    assert getattr(production, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS) == (
        global_settings.PASSWORD_HASHERS
    )
    assert global_settings.PASSWORD_HASHERS[0].endswith("PBKDF2PasswordHasher")


def test_other_child_processes_run_the_sites_own_settings():
    assert "DJANGO_SETTINGS_MODULE" not in child_environment()
