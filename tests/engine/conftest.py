"""People at the table in engine tests: alice sits in seat 0, bob in seat 1."""

from __future__ import annotations

import pytest


@pytest.fixture
def alice() -> int:
    return 0


@pytest.fixture
def bob() -> int:
    return 1


@pytest.fixture
def spectator() -> None:
    return None
