"""The analysis is computed once per finished match (by the hook's task, or on first view) and
then read; the replay opens without it."""

from __future__ import annotations

import pytest

from review.models import MatchAnalysis
from tests.review.conftest import fake_analysis, finished_match
from tests.support.tasks import tasks_waiting

pytestmark = pytest.mark.django_db


def test_the_match_finished_hook_queues_the_analysis_and_it_is_stored_once(
    alice, bob, analysis_fixture
):
    match = finished_match(alice, bob)
    stored = MatchAnalysis.objects.get(match=match)
    assert stored.version == 1
    assert stored.data["thresholds"] == {"inaccuracy": 0.5, "mistake": 1.5, "blunder": 3.0}
    assert len(analysis_fixture) == 1
    assert not tasks_waiting("review.tasks.match_analyse")

    from review.tasks import match_analyse

    match_analyse.call(match_id=match.pk)  # a repeat of the task is a read
    assert len(analysis_fixture) == 1


def test_a_second_view_reads_the_stored_analysis(client, alice, bob, monkeypatch):
    calls: list[int] = []
    match = finished_match(alice, bob)
    MatchAnalysis.objects.filter(match=match).delete()  # as if the hook's task had not run yet

    def analyze(options, actions):
        calls.append(1)
        return fake_analysis(options, actions)

    monkeypatch.setattr("review.analysis._analyzer", lambda: (analyze, 1))
    client.force_login(alice)
    first = client.get(f"/matches/{match.pk}/review/")
    assert first.context["review_data"]["analysis"]["players"]["0"]["accuracy"] == 50.0
    second = client.get(f"/matches/{match.pk}/review/")
    assert second.context["review_data"]["analysis"] == first.context["review_data"]["analysis"]
    assert calls == [1]

    # A newer analysis version recomputes once, then is read again.
    monkeypatch.setattr("review.analysis._analyzer", lambda: (analyze, 2))
    client.get(f"/matches/{match.pk}/review/")
    client.get(f"/matches/{match.pk}/review/")
    assert calls == [1, 1]
    assert MatchAnalysis.objects.get(match=match).version == 2


def test_the_replay_opens_when_the_analysis_fails_or_is_missing(client, alice, bob, monkeypatch):
    match = finished_match(alice, bob)
    MatchAnalysis.objects.filter(match=match).delete()
    client.force_login(alice)
    monkeypatch.setattr("review.analysis._analyzer", lambda: None)
    page = client.get(f"/matches/{match.pk}/review/")
    assert page.status_code == 200
    assert page.context["review_data"]["analysis"] is None

    def broken(options, actions):
        raise ValueError("a bug in the analysis")

    monkeypatch.setattr("review.analysis._analyzer", lambda: (broken, 1))
    page = client.get(f"/matches/{match.pk}/review/")
    assert page.status_code == 200
    assert page.context["review_data"]["analysis"] is None
    assert not MatchAnalysis.objects.filter(match=match).exists()


def test_the_real_analysis_is_stored_in_the_documented_shape(client, alice, bob):
    match = finished_match(alice, bob, seed=8, variant="six")
    stored = MatchAnalysis.objects.get(match=match).data
    assert set(stored["players"]) == {"0", "1"}
    assert len(stored["hands"]) == len(stored["score_line"]["0"]) == len(stored["luck_line"]["1"])
    client.force_login(bob)
    page = client.get(f"/matches/{match.pk}/review/")
    assert page.context["review_data"]["analysis"] == stored


def test_an_analysis_stored_by_an_older_version_is_recomputed_as_the_current_one(
    client, alice, bob
):
    from games.strategy.review import FORMAT_VERSION

    match = finished_match(alice, bob, seed=8, variant="six")
    current = MatchAnalysis.objects.get(match=match).data
    assert FORMAT_VERSION == 4 and current["version"] == FORMAT_VERSION
    # As stored before plays were graded with the expert's evaluation (format version 1).
    MatchAnalysis.objects.filter(match=match).update(version=1, data={"version": 1})
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/review/")
    assert page.context["review_data"]["analysis"] == current
    assert MatchAnalysis.objects.get(match=match).version == FORMAT_VERSION


def test_the_hooks_task_stores_the_timeline_and_views_read_it(client, alice, bob, monkeypatch):
    from review.models import MatchTimeline
    from review.timeline import TIMELINE_VERSION

    match = finished_match(alice, bob)
    assert MatchTimeline.objects.get(match=match).version == TIMELINE_VERSION

    def no_rebuild(**_):
        raise AssertionError("a stored timeline is read, not rebuilt")

    monkeypatch.setattr("review.stored.timeline_build", no_rebuild)
    client.force_login(alice)
    assert client.get(f"/matches/{match.pk}/review/").status_code == 200
    assert client.get(f"/matches/{match.pk}/review/export.json").status_code == 200
