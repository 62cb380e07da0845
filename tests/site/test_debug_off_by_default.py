"""DEBUG is off unless a developer command turns it on, and the debug page keeps secrets."""

from __future__ import annotations

import sys

from django.test import RequestFactory
from django.views.debug import technical_500_response

from tests.site.test_settings_from_environment import run_manage
from tests.support.servers import PROJECT_DIR

PRINT_DEBUG = "from django.conf import settings; print('DEBUG', settings.DEBUG)"


def test_with_nothing_set_debug_is_off():
    result = run_manage(
        "shell", "-c", PRINT_DEBUG, SECRET_KEY="a-secret-for-this-test-only-0123456789"
    )
    assert result.returncode == 0, result.stderr
    assert "DEBUG False" in result.stdout


def test_with_nothing_set_at_all_the_site_asks_for_a_secret_instead_of_using_a_public_one():
    result = run_manage("check")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_the_development_commands_turn_debug_on():
    assert 'export DEBUG="${DEBUG:-true}"' in (PROJECT_DIR / "scripts/run-site").read_text()
    result = run_manage("shell", "-c", PRINT_DEBUG, DJANGO_SETTINGS_MODULE="tests.settings")
    assert "DEBUG True" in result.stdout, result.stderr


def error_page(request) -> str:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        return technical_500_response(request, *sys.exc_info()).content.decode()


def test_the_debug_page_shows_no_database_or_redis_url_and_no_password(settings):
    settings.DEBUG = True
    settings.DATABASE_URL = "postgres://cribbage:hunter2-db@db.internal:5432/cribbage"
    settings.REDIS_URL = "redis://:hunter2-redis@cache.internal:6379/0"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": settings.REDIS_URL,
        }
    }
    settings.SOME_SERVICE = {"hosts": [{"address": "amqp://queue:hunter2-queue@mq.internal/"}]}
    settings.DATABASES = {
        **settings.DATABASES,
        "reporting": {"ENGINE": "django.db.backends.postgresql", "PASSWORD": "hunter2-reporting"},
    }
    request = RequestFactory().get("/boom", HTTP_X_NOTE="postgres://u:hunter2-header@h/db")
    page = error_page(request)
    assert "RuntimeError" in page  # it is the debug page, with the settings listed
    assert "DATABASE_URL" in page
    assert "hunter2" not in page
