"""Moderation helpers: an empty cache (report limits), a staff member, a guest, a match."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from accounts.services import guest_create
from games import services as game_services
from tests.support.caches import cache_empty
from tests.support.people import make_user

OPTIONS = {"variant": "six", "scoring": "auto", "muggins": False, "match_target": 1}


@pytest.fixture(autouse=True)
def empty_cache():
    """Report and chat limits live in the cache; every test starts with none used."""
    cache_empty()
    yield
    cache_empty()


@pytest.fixture
def stella(db):
    """Staff (not a superuser), with the permissions a moderator and operator is given."""
    user = make_user("stella")
    user.is_staff = True
    user.save()
    codenames = [
        "view_report",
        "change_report",
        "view_chatrestriction",
        "change_chatrestriction",
        "view_staffaction",
        "view_staffwarning",
        "view_match",
        "change_match",
        "view_tournament",
        "change_tournament",
        "view_dbtaskresult",
        "change_dbtaskresult",
        "view_playerrating",
        "change_playerrating",
    ]
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return user


@pytest.fixture
def a_guest(db):
    return guest_create()


@pytest.fixture
def playing(alice, bob):
    """Alice and Bob in a match in play."""
    match = game_services.match_create(creator=alice, options=OPTIONS)
    return game_services.match_join(match=match, user=bob)
