"""People and computer opponents at the table in bot tests: alice sits in seat 0, bob in seat 1."""

from __future__ import annotations

import random

import pytest

from games.bots import bot_for_level


@pytest.fixture
def alice() -> int:
    return 0


@pytest.fixture
def bob() -> int:
    return 1


@pytest.fixture
def rng() -> random.Random:
    return random.Random(2024)


@pytest.fixture
def easy_bot():
    return bot_for_level("easy")


@pytest.fixture
def medium_bot():
    return bot_for_level("medium")


@pytest.fixture
def hard_bot():
    return bot_for_level("hard")
