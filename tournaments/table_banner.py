"""The banner a tournament's table shows (games.table_banners): the tournament's name, the
round, a link back to its page, and the round's clock; at the match's end, the standings and
the next round (``tournaments:table_end``) and the tournament's socket for the next table."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse

from games.models import Match
from games.table_banners import TableBanner
from tournaments.models import Pairing


def tournament_table_banner(match: Match) -> TableBanner | None:
    """The banner for a tournament's match, or None for any other match."""
    pairing = Pairing.objects.select_related("round__tournament").filter(match_id=match.pk).first()
    if pairing is None:
        return None
    round_ = pairing.round
    tournament = round_.tournament
    of = f" of {tournament.rounds}" if tournament.rounds else ""
    minutes = tournament.round_minutes
    return TableBanner(
        title=tournament.name,
        detail=f"Round {round_.number}{of}",
        url=reverse("tournaments:detail", args=[tournament.pk]),
        link_text="Back to the tournament",
        ends_at=round_.started_at + timedelta(minutes=minutes) if minutes else None,
        after_url=reverse("tournaments:table_end", args=[tournament.pk, match.pk]),
        socket_path=f"/ws/tournaments/{tournament.pk}/",
    )
