"""Announcing a finished match to the rest of the site: the match-finished hook, sent once."""

from __future__ import annotations

from django.db import transaction

from games.models import Match, MatchFinishedNotice
from games.signals import match_finished


def match_finished_announce(*, match_id: int) -> bool:
    """Call the ``match_finished`` receivers unless they were already called for this match.

    The notice row and the receivers' writes are one transaction, with the match row locked so
    two workers running the same hook queue behind each other and the second finds the notice.
    Returns whether the receivers were called.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.FINISHED:
            return False
        _notice, created = MatchFinishedNotice.objects.get_or_create(match=match)
        if not created:
            return False
        match_finished.send(
            sender=Match,
            match_id=match.pk,
            winner_seat=match.winner_seat,
            reason=match.finish_reason,
        )
        return True
