"""Puzzles: made from analysed matches, offered, answered once, and rated (Glicko-2).

Who may see a puzzle: a public one, everyone with an account; one made from a player's own
mistake, that player alone (anyone else gets "no such puzzle", as for a private match). The
answer and the choices' values leave the server only after the solver's one counted attempt.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.throttle import Throttle
from games.engine import MatchOptions, action_from_dict
from games.models import Match, MatchAction
from games.privacy import match_is_sealed, private_puzzles_allowed
from learn.errors import LearnError
from learn.models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzleRating
from learn.puzzle_making import PuzzleDraft, puzzle_drafts
from ratings.glicko2 import Rating, Result, update

logger = logging.getLogger(__name__)

ATTEMPTS_PER_MINUTE = 20
THEMES = {
    "dealer": "Throwing as dealer",
    "pone": "Throwing as pone",
    "keep-a-run": "Keep a run",
    "throw-a-five": "Throw a five",
    "near-the-end": "Near the end",
    "lead": "The lead",
    "fifteen": "Fifteen-two",
    "thirty-one": "Thirty-one",
    "pair": "Pairs",
    "run": "Runs in the play",
    "pair-royal-set-up": "Pair royal set-up",
    "go": "Playing for the go",
}


def attempt_throttle() -> Throttle:
    return Throttle("learn-puzzle", ATTEMPTS_PER_MINUTE, 60)


def puzzles_from_analysis(*, match_id: int, analysis: dict[str, Any]) -> int:
    """Store the puzzles of a just-analysed match (idempotent: keyed by match and decision).

    Returns how many puzzles were new. Public ones only from a match that no duplicate deck or
    sealed round hides and that is public, or private with every human player allowing it
    (:func:`games.privacy.private_puzzles_allowed`, read now); a player's own mistakes from any
    match they played.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.players != 2:
        return 0
    seats = {seat.number: seat for seat in match.seats.all()}
    people = {number for number, seat in seats.items() if seat.user_id and not seat.is_bot}
    public_allowed = (
        not match.deck_source
        and not match_is_sealed(match_id=match_id)
        and (
            not match.private
            # Read now, as the puzzles are made: a later change of mind moves no puzzle.
            or private_puzzles_allowed(
                user_ids=[
                    seat.user_id for seat in seats.values() if seat.user_id and not seat.is_bot
                ]
            )
        )
    )
    payloads = (
        MatchAction.objects.filter(match=match).order_by("number").values_list("payload", flat=True)
    )
    drafts = puzzle_drafts(
        match_id=match_id,
        options=MatchOptions.from_dict(match.options_dict),
        actions=[action_from_dict(payload) for payload in payloads],
        analysis=analysis,
        people=people,
        public_allowed=public_allowed,
    )
    made = 0
    for draft in drafts:
        if draft.public:
            made += _store(draft, key=draft.key, owner_id=None, match_id=match_id)
        if draft.own:
            owner_id = seats[draft.seat].user_id
            made += _store(draft, key=f"{draft.key}:own", owner_id=owner_id, match_id=match_id)
    return made


def _store(draft: PuzzleDraft, *, key: str, owner_id: int | None, match_id: int) -> int:
    _, created = Puzzle.objects.get_or_create(
        key=key,
        defaults={
            "kind": draft.kind,
            "source_match_id": match_id,
            "owner_id": owner_id,
            "position": draft.position,
            "choices": draft.choices,
            "answer": draft.answer,
            "by_chance": draft.by_chance,
            "margin": draft.margin,
            "themes": draft.themes,
        },
    )
    return int(created)


def offered_to(user: Any) -> QuerySet[Puzzle]:
    """The puzzles ``user`` may open: the public ones and their own."""
    if not user.is_authenticated:
        return Puzzle.objects.none()
    return Puzzle.objects.filter(Q(owner__isnull=True) | Q(owner=user))


def puzzle_offered(*, puzzle_id: int, user: Any) -> Puzzle:
    """The puzzle, if ``user`` may open it; otherwise :class:`LearnError` 404, the same answer
    for a puzzle that does not exist and one that is someone else's."""
    puzzle = offered_to(user).filter(pk=puzzle_id).first()
    if puzzle is None:
        raise LearnError("no_such_puzzle", "There is no such puzzle for you.", status=404)
    return puzzle


def puzzle_next(*, user: Any, theme: str = "") -> Puzzle | None:
    """An unsolved public puzzle for ``user``, the nearest to their rating (of ``theme``).

    A theme is a tag in the puzzle's JSON list, which SQLite cannot filter by: the newest
    thousand unsolved puzzles are read and filtered here, which is plenty for a choice.
    """
    candidates = offered_to(user).filter(owner__isnull=True).exclude(attempts_made__user=user)
    rating = solver_rating(user=user).rating
    if theme:
        pool = [puzzle for puzzle in candidates.order_by("-pk")[:1000] if theme in puzzle.themes]
        return min(pool, key=lambda puzzle: abs(puzzle.rating - rating), default=None)
    above = candidates.filter(rating__gte=rating).order_by("rating", "pk").first()
    below = candidates.filter(rating__lt=rating).order_by("-rating", "pk").first()
    nearest = [puzzle for puzzle in (above, below) if puzzle is not None]
    return min(nearest, key=lambda puzzle: abs(puzzle.rating - rating), default=None)


def own_queue(*, user: Any) -> QuerySet[Puzzle]:
    """``user``'s own mistakes still to solve, oldest first: learn from your mistakes."""
    return (
        Puzzle.objects.filter(owner=user)
        .exclude(attempts_made__user=user)
        .order_by("created_at", "pk")
    )


def solver_rating(*, user: Any) -> PuzzleRating:
    return PuzzleRating.objects.filter(user=user).first() or PuzzleRating(user=user)


def attempt_of(*, user: Any, puzzle: Puzzle) -> PuzzleAttempt | None:
    if not user.is_authenticated:
        return None
    return PuzzleAttempt.objects.filter(user=user, puzzle=puzzle).first()


def choice_read(puzzle: Puzzle, chosen: object) -> str:
    """The choice key from the form: two cards for a throw (any order), one card for a play."""
    if not isinstance(chosen, str) or len(chosen) > 16:
        raise LearnError("bad_choice", "Choose from the cards shown.")
    cards = sorted(chosen.upper().replace(",", " ").split())
    for key in puzzle.choices:
        if sorted(key.split()) == cards:
            return key
    raise LearnError("bad_choice", "Choose from the cards shown: that is not one of the choices.")


def puzzle_attempt(*, user: Any, puzzle_id: int, chosen: object, key: str) -> PuzzleAttempt:
    """Answer a puzzle once: check it on the server, move the solver's and the puzzle's ratings.

    Raises :class:`LearnError`: 404 for a puzzle not offered to ``user``; 400 for a choice that
    is not one of the puzzle's; 409 for a second attempt; 429 past the rate limit.
    """
    if not user.is_authenticated:
        raise LearnError("sign_in", "Sign in (or play as a guest) to solve puzzles.", status=403)
    puzzle = puzzle_offered(puzzle_id=puzzle_id, user=user)
    choice = choice_read(puzzle, chosen)
    if not attempt_throttle().hit(key):
        raise LearnError("rate_limited", "That is a lot of answers: wait a minute.", status=429)
    best = max(puzzle.choices.values())
    correct = puzzle.choices[choice] >= best - 1e-9
    try:
        with transaction.atomic():
            PuzzleRating.objects.get_or_create(user=user)
            solver = PuzzleRating.objects.select_for_update().get(user=user)
            locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
            if PuzzleAttempt.objects.filter(user=user, puzzle=locked).exists():
                raise IntegrityError("already attempted")
            before = Rating(solver.rating, solver.deviation, solver.volatility)
            as_puzzle = Rating(locked.rating, locked.deviation, locked.volatility)
            score = 1.0 if correct else 0.0
            after = update(before, [Result(as_puzzle.rating, as_puzzle.deviation, score)])
            puzzle_after = update(as_puzzle, [Result(before.rating, before.deviation, 1.0 - score)])
            attempt = PuzzleAttempt.objects.create(
                user=user,
                puzzle=locked,
                chosen=choice,
                correct=correct,
                rating_before=before.rating,
                rating_after=after.rating,
            )
            solver.rating, solver.deviation, solver.volatility = (
                after.rating,
                after.deviation,
                after.volatility,
            )
            solver.attempts += 1
            solver.solved += int(correct)
            solver.save()
            locked.rating, locked.deviation, locked.volatility = (
                puzzle_after.rating,
                puzzle_after.deviation,
                puzzle_after.volatility,
            )
            locked.attempts += 1
            locked.solved += int(correct)
            locked.save(update_fields=["rating", "deviation", "volatility", "attempts", "solved"])
    except IntegrityError as error:
        raise LearnError(
            "already_attempted", "You have answered this puzzle already.", status=409
        ) from error
    return attempt


def daily_puzzle(*, day: date | None = None) -> Puzzle | None:
    """The day's puzzle for everyone: chosen once among the public puzzles made before the day."""
    day = day or timezone.localdate()
    chosen = DailyPuzzle.objects.filter(day=day).select_related("puzzle").first()
    if chosen is not None:
        return chosen.puzzle
    pool = Puzzle.objects.filter(owner__isnull=True, created_at__date__lt=day).order_by("pk")
    total = pool.count()
    if not total:
        pool = Puzzle.objects.filter(owner__isnull=True).order_by("pk")
        total = pool.count()
        if not total:
            return None
    index = int(hashlib.sha256(day.isoformat().encode()).hexdigest(), 16) % total
    puzzle = pool[index]
    try:
        with transaction.atomic():
            DailyPuzzle.objects.create(day=day, puzzle=puzzle)
    except IntegrityError:  # another request chose first: everyone gets that one
        return DailyPuzzle.objects.get(day=day).puzzle
    return puzzle


def leaderboard(*, limit: int = 50) -> QuerySet[PuzzleRating]:
    return (
        PuzzleRating.objects.filter(attempts__gte=5)
        .select_related("user")
        .order_by("-rating")[:limit]
    )


def history(*, user: Any, limit: int = 30) -> QuerySet[PuzzleAttempt]:
    return PuzzleAttempt.objects.filter(user=user).select_related("puzzle")[:limit]
