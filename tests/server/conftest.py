"""Matches for the server tests (the people are in tests/support/people.py)."""

from __future__ import annotations

from functools import partial

import pytest

from games import services
from kernel.socket_limits import TokenBucket


@pytest.fixture
def waiting_match(alice):
    return services.match_create(creator=alice, options={"match_target": 1})


@pytest.fixture
def match(waiting_match, bob):
    """A one-game match in progress: alice in seat 0, bob in seat 1, cards dealt."""
    return services.match_join(match=waiting_match, user=bob)


@pytest.fixture
def roomy_frame_limit(monkeypatch) -> None:
    """Sockets opened from now on take frames faster than a person sends them: for a test that
    drives a whole match or a list of frames at machine speed, instead of sleeping to stay under
    the limit (the limit itself is tested in test_socket_limits.py)."""
    monkeypatch.setattr("kernel.websocket.TokenBucket", partial(TokenBucket, capacity=10_000))
