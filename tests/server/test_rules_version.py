"""Each match keeps the rules version it was created under and replays under those rules."""

from __future__ import annotations

import random

import pytest

from games import engine, rules, services
from games.engine.version import RULES_VERSION
from games.models import Match
from tests.server.driving import play_random_match


def test_a_new_match_stores_the_engines_rules_version(waiting_match):
    waiting_match.refresh_from_db()
    assert waiting_match.rules_version == RULES_VERSION


def test_a_finished_match_replays_under_its_own_rules_to_its_snapshot(match):
    play_random_match(match, random.Random(5))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    state, events = rules.match_replay(match=match)
    assert state.to_dict() == match.state
    assert events[-1].type == "match_ended"


def test_replay_uses_the_replayer_of_the_matchs_version(match, monkeypatch):
    """After a rules change, an old match is replayed by the old rules kept for it."""
    calls = []

    def old_rules(options, actions):
        calls.append(len(actions))
        return engine.replay(options, actions)

    monkeypatch.setitem(rules.REPLAYERS, RULES_VERSION + 1, engine.replay)
    monkeypatch.setitem(rules.REPLAYERS, RULES_VERSION, old_rules)
    Match.objects.filter(pk=match.pk).update(rules_version=RULES_VERSION)
    match.refresh_from_db()
    state, _ = rules.match_replay(match=match)
    assert calls == [match.action_count]
    assert state.to_dict() == match.state


def test_a_match_under_rules_this_server_does_not_know_is_refused_clearly(match):
    Match.objects.filter(pk=match.pk).update(rules_version=RULES_VERSION + 50)
    match.refresh_from_db()
    with pytest.raises(services.ServiceError) as refused:
        rules.match_replay(match=match)
    assert refused.value.code == "rules_version_unknown"
    assert str(RULES_VERSION + 50) in refused.value.message
