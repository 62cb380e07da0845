"""Puzzles from real games: made from the review's grades, shown as the seat saw them, answered
once on the server, rated; a player's own mistakes for them alone."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from games.engine import Discard, MatchOptions, Play, apply, new_match
from games.engine.cards import parse_card
from games.strategy.review import analyze_match
from learn.errors import LearnError
from learn.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzleRating
from learn.puzzle_making import CHANCE_MARGIN, DISCARD_MARGIN, PLAY_MARGIN, puzzle_drafts
from learn.puzzles import (
    ATTEMPTS_PER_MINUTE,
    attempt_throttle,
    daily_puzzle,
    puzzle_attempt,
    puzzle_next,
    puzzles_from_analysis,
)
from review.models import MatchAnalysis
from social.models import SocialSettings
from social.services import safety
from tests.review.conftest import finished_match
from tests.strategy.review.matches import bot_match
from tests.support.caches import cache_empty

SIX = MatchOptions(match_target=1)


@pytest.fixture(autouse=True)
def fresh_limits():
    cache_empty()


@pytest.fixture(autouse=True)
def repeatable_decks(settings):
    """Every match here is dealt the same decks, whatever its id. The puzzles a match gives come
    from its deals, which the secure shuffle changes every run: about one run in twelve dealt a
    match in which alice made no mistake to make a puzzle of. The source is the one tests may
    name (``TEST_DECK_SOURCE``, honoured only with DEBUG on), so the matches stay secure-shuffle
    matches (``deck_source`` empty) that give public puzzles."""
    settings.DEBUG = True
    settings.TEST_DECK_SOURCE = "tests.support.seeded_decks.same_for_every_match"


def _cards_in(position: dict) -> set[str]:
    cards = set(position["cards"])
    cards.update(position.get("thrown") or [])
    if position.get("starter"):
        cards.add(position["starter"])
    cards.update(card for _, card in position.get("played", []))
    return cards


def test_public_puzzles_are_clear_and_hold_only_what_the_seat_saw():
    actions = bot_match(SIX, 21, levels=("easy", "hard"))
    drafts = puzzle_drafts(
        match_id=1,
        options=SIX,
        actions=actions,
        analysis=analyze_match(SIX, actions),
        people={0, 1},
        public_allowed=True,
    )
    assert drafts and any(draft.public for draft in drafts)
    # What each seat could see at each decision, from the log: its dealt cards, then the
    # starter and every card played.
    state = new_match(SIX)
    seen: dict[tuple[int, int], set[str]] = {}
    hand = -1
    for action in actions:
        if isinstance(action, Discard | Play):
            visible = {str(card) for card in state.held[action.seat]} | {
                str(card) for card in state.discards[action.seat] or ()
            }
            visible |= {str(card) for _, card in state.played}
            if state.starter is not None:
                visible.add(str(state.starter))
            seen.setdefault((hand, action.seat), set()).update(visible)
        state, events = apply(state, action)
        hand += sum(event.type == "hand_started" for event in events)
    for draft in drafts:
        hand_index = int(draft.key.split(":")[1])
        assert _cards_in(draft.position) <= seen[(hand_index, draft.seat)], draft.key
        best = max(draft.choices.values())
        assert draft.choices[draft.answer] == best
        if draft.public:
            wanted = (
                CHANCE_MARGIN
                if draft.by_chance
                else (DISCARD_MARGIN if draft.kind == "discard" else PLAY_MARGIN)
            )
            assert draft.margin >= wanted


def test_a_match_between_computers_gives_no_one_their_own_mistakes():
    actions = bot_match(SIX, 21, levels=("easy", "easy"))
    analysis = analyze_match(SIX, actions)
    drafts = puzzle_drafts(
        match_id=1,
        options=SIX,
        actions=actions,
        analysis=analysis,
        people=set(),
        public_allowed=False,
    )
    assert drafts == []


@pytest.mark.django_db(transaction=True)
def test_a_finished_match_gives_public_puzzles_and_each_players_own_mistakes(alice, bob):
    match = finished_match(alice, bob, seed=3)
    puzzles = Puzzle.objects.filter(source_match_id=match.pk)
    public = puzzles.filter(owner__isnull=True)
    own = puzzles.filter(owner__isnull=False)
    assert public.exists() and public.count() <= 3
    assert own.exists() and set(own.values_list("owner_id", flat=True)) <= {alice.pk, bob.pk}
    made = puzzles.count()
    from review.models import MatchAnalysis

    again = puzzles_from_analysis(
        match_id=match.pk, analysis=MatchAnalysis.objects.get(match=match).data
    )
    assert again == 0 and puzzles.count() == made  # idempotent


@pytest.mark.django_db(transaction=True)
def test_a_private_match_gives_only_its_players_own_mistakes(alice, bob):
    match = finished_match(alice, bob, seed=3, private=True)
    puzzles = Puzzle.objects.filter(source_match_id=match.pk)
    assert puzzles.exists() and not puzzles.filter(owner__isnull=True).exists()


@pytest.mark.django_db(transaction=True)
def test_a_private_matchs_puzzles_are_public_only_when_every_player_allows_it(alice, bob):
    match = finished_match(alice, bob, seed=3, private=True)
    analysis = MatchAnalysis.objects.get(match=match).data
    puzzles = Puzzle.objects.filter(source_match_id=match.pk)
    public = puzzles.filter(owner__isnull=True)
    own = set(puzzles.filter(owner__isnull=False).values_list("key", "owner_id"))
    assert own and not public.exists()  # nobody allowed it: the default
    safety.social_settings_update(user=alice, public_puzzles_from_private=True)
    assert puzzles_from_analysis(match_id=match.pk, analysis=analysis) == 0
    assert not public.exists()  # one of the two allows it: not enough
    safety.social_settings_update(user=bob, public_puzzles_from_private=True)
    made = puzzles_from_analysis(match_id=match.pk, analysis=analysis)
    assert 1 <= made <= 3 and public.count() == made  # both allow it, at generation
    assert set(puzzles.filter(owner__isnull=False).values_list("key", "owner_id")) == own
    # A change of mind later moves no puzzle already made (it was allowed at the time).
    safety.social_settings_update(user=bob, public_puzzles_from_private=False)
    assert puzzles_from_analysis(match_id=match.pk, analysis=analysis) == 0
    assert public.count() == made


@pytest.mark.django_db(transaction=True)
def test_a_private_match_with_a_guest_gives_no_public_puzzles(alice):
    from accounts.services import guest_create

    guest = guest_create()
    safety.social_settings_update(user=alice, public_puzzles_from_private=True)
    # A guest cannot choose it (the settings page is for members); even a row saying so for a
    # guest account does not count.
    SocialSettings.objects.create(user=guest, public_puzzles_from_private=True)
    match = finished_match(alice, guest, seed=3, private=True)
    puzzles = Puzzle.objects.filter(source_match_id=match.pk)
    assert puzzles.exists() and not puzzles.filter(owner__isnull=True).exists()
    assert set(puzzles.values_list("owner_id", flat=True)) <= {alice.pk, guest.pk}


@pytest.mark.django_db(transaction=True)
def test_an_attempt_is_checked_on_the_server_counted_once_and_moves_both_ratings(
    alice, bob, carol, monkeypatch
):
    monkeypatch.setattr("accounts.throttle.time.time", lambda: 1_000_000.0)  # one window
    finished_match(alice, bob, seed=3)
    puzzle = puzzle_next(user=carol)
    assert puzzle is not None and puzzle.owner_id is None
    wrong = next(
        choice for choice, value in puzzle.choices.items() if value < max(puzzle.choices.values())
    )
    attempt = puzzle_attempt(user=carol, puzzle_id=puzzle.pk, chosen=wrong, key="carol")
    assert not attempt.correct and attempt.rating_after < attempt.rating_before
    puzzle.refresh_from_db()
    assert puzzle.rating > 1500 and puzzle.attempts == 1
    with pytest.raises(LearnError) as twice:
        puzzle_attempt(user=carol, puzzle_id=puzzle.pk, chosen=puzzle.answer, key="carol")
    assert twice.value.status == 409
    assert PuzzleAttempt.objects.filter(user=carol).count() == 1
    assert PuzzleRating.objects.get(user=carol).attempts == 1
    solved = puzzle_attempt(
        user=alice,
        puzzle_id=puzzle.pk,
        chosen=" ".join(reversed(puzzle.answer.split())),
        key="alice",
    )
    assert solved.correct and solved.rating_after > solved.rating_before

    # Someone else's mistake is no puzzle for carol; a choice not offered changes nothing.
    own = Puzzle.objects.filter(owner=alice).first()
    with pytest.raises(LearnError) as stranger:
        puzzle_attempt(user=carol, puzzle_id=own.pk, chosen=own.answer, key="carol")
    assert stranger.value.status == 404
    for bad in ("", "ZZ", "AS KS QS", "x" * 40, 7):
        with pytest.raises(LearnError) as refused:
            puzzle_attempt(user=alice, puzzle_id=own.pk, chosen=bad, key="alice")
        assert refused.value.code == "bad_choice"
    assert not PuzzleAttempt.objects.filter(puzzle=own).exists()

    # Answers are rate-limited per solver.
    for _ in range(ATTEMPTS_PER_MINUTE):
        attempt_throttle().hit("bob")
    with pytest.raises(LearnError) as limited:
        puzzle_attempt(user=bob, puzzle_id=puzzle.pk, chosen=puzzle.answer, key="bob")
    assert limited.value.status == 429
    assert not PuzzleAttempt.objects.filter(user=bob).exists()


@pytest.mark.django_db(transaction=True)
def test_the_page_never_sends_the_answer_before_the_attempt(alice, bob, carol):
    finished_match(alice, bob, seed=3)
    puzzle = puzzle_next(user=carol)
    client = Client()
    client.force_login(carol)
    page = client.get(f"/learn/puzzles/{puzzle.pk}/").content.decode()
    assert "Value" not in page and "best</span>" not in page
    for value in puzzle.choices.values():
        assert f"{value:.2f}" not in page
    answered = client.post(f"/learn/puzzles/{puzzle.pk}/", {"card": puzzle.answer.split()})
    assert answered.status_code == 302
    page = client.get(f"/learn/puzzles/{puzzle.pk}/").content.decode()
    assert "Solved" in page and "best</span>" in page
    assert Client().get(f"/learn/puzzles/{puzzle.pk}/").status_code == 302  # visitors sign in first
    own = Puzzle.objects.filter(owner=alice).first()
    assert client.get(f"/learn/puzzles/{own.pk}/").status_code == 404  # carol: not hers


@pytest.mark.django_db(transaction=True)
def test_the_daily_puzzle_is_one_for_everyone_and_a_theme_picks_its_own(alice, bob):
    finished_match(alice, bob, seed=3)
    day = date(2026, 11, 26)
    first = daily_puzzle(day=day)
    assert first is not None and first.owner_id is None
    assert daily_puzzle(day=day) == first and DailyPuzzle.objects.count() == 1
    # A theme picks only its puzzles.
    themes = {
        theme for puzzle in Puzzle.objects.filter(owner__isnull=True) for theme in puzzle.themes
    }
    for theme in themes:
        puzzle = puzzle_next(user=alice, theme=theme)
        assert puzzle is not None and theme in puzzle.themes
    assert puzzle_next(user=alice, theme="no-such-theme") is None


def test_play_motifs_name_fifteen_and_thirty_one():
    from learn.puzzle_making import _play_motifs

    position = {"series": [["them", "TC"]], "count": 10, "cards": ["5H", "6D"]}
    assert "fifteen" in _play_motifs(position, parse_card("5H"))
    position = {
        "series": [["them", "TC"], ["you", "KD"], ["them", "5S"]],
        "count": 25,
        "cards": ["6D"],
    }
    assert "thirty-one" in _play_motifs(position, parse_card("6D"))
