"""Matches for the server tests (the people are in tests/support/people.py)."""

from __future__ import annotations

import pytest

from games import services


@pytest.fixture
def waiting_match(alice):
    return services.match_create(creator=alice, options={"match_target": 1})


@pytest.fixture
def match(waiting_match, bob):
    """A one-game match in progress: alice in seat 0, bob in seat 1, cards dealt."""
    return services.match_join(match=waiting_match, user=bob)
