"""The quick flush between transactional tests (tests/support/quick_database.py) leaves what
Django's own flush left: every table empty, with the content types and permissions the next
test needs still there."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection
from django.db.models import Model

from games import services
from games.models import Match, Seat

pytestmark = pytest.mark.django_db(transaction=True)


def flush_as_a_transactional_test_ends() -> None:
    """What Django's TransactionTestCase runs after each test (``_fixture_teardown``)."""
    call_command(
        "flush",
        verbosity=0,
        interactive=False,
        database=connection.alias,
        reset_sequences=False,
        allow_cascade=False,
        inhibit_post_migrate=False,
    )


def rows_left() -> dict[str, int]:
    models: list[type[Model]] = [
        model for model in apps.get_models() if model not in (ContentType, Permission)
    ]
    return {model.__name__: n for model in models if (n := model.objects.count())}


def test_the_flush_empties_every_table_and_keeps_content_types_and_permissions(alice, bob):
    match = services.match_create(creator=alice, options={"match_target": 1})
    services.match_join(match=match, user=bob)  # seats, events and a deal: rows that refer
    assert Seat.objects.filter(match=match).count() == 2  # to the match and the people
    types = sorted(ContentType.objects.values_list("pk", "app_label", "model"))
    permissions = Permission.objects.count()
    assert types and permissions

    flush_as_a_transactional_test_ends()

    assert rows_left() == {}
    assert not Match.objects.exists()
    assert sorted(ContentType.objects.values_list("pk", "app_label", "model")) == types
    assert Permission.objects.count() == permissions


def test_on_postgresql_the_flush_deletes_rather_than_truncates():
    statements = connection.ops.sql_flush(
        no_style(), connection.introspection.django_table_names(only_existing=True)
    )
    assert statements
    assert not any("django_content_type" in sql or "auth_permission" in sql for sql in statements)
    if connection.vendor == "postgresql":
        assert all(sql.startswith("DELETE FROM ") for sql in statements)
