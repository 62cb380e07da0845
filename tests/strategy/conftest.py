"""Seats and a seeded random source for strategy tests: the bots' own fixtures, reused."""

from __future__ import annotations

from tests.bots.conftest import alice, bob, rng

__all__ = ["alice", "bob", "rng"]
