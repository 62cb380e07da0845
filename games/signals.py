"""The match-finished hook: how other apps learn that a match ended, reliably and once.

``match_finished`` is sent by the worker (``games.tasks.match_finished_announce``), queued in
the very transaction that ended the match (a win, a resignation, an abandonment), so it is sent
even if the process that ended the match dies right after its commit, and never for an ending
that was rolled back.

Receivers are called inside the hook's transaction, together with the row that marks the hook
sent (``MatchFinishedNotice``): their database writes commit with it, and if a receiver raises,
everything rolls back and the hook is retried by the next sweep (``manage.py run_worker``
re-queues it). So:

- a receiver is called once per finished match when it succeeds; but because a failing receiver
  makes the whole hook run again, **receivers must be idempotent** (key what they write by the
  match, check before they act);
- anything a receiver sends outside the database (a channel-layer message, an email) must wait
  for the commit: use ``transaction.on_commit``.

Arguments (keyword): ``match_id`` (int), ``winner_seat`` (int or None), ``reason`` (the
``match_ended`` event's reason: "" for a win on points, "resigned", "abandoned", ...).
"""

from __future__ import annotations

from django.dispatch import Signal

match_finished = Signal()

match_analysed = Signal()
"""Sent by the review once it has stored a finished match's analysis (``review.analysis``).

Arguments (keyword): ``match_id`` (int) and ``analysis`` (the stored analysis, the format of
:func:`games.strategy.review.analyze_match`). The place to learn turns the clear-cut decisions
in it into puzzles, reading the grades instead of analysing the match again. Receivers must be
idempotent (an analysis of a newer version is stored, and sent, again) and must never raise
into the review: it sends with ``send_robust`` and logs what a receiver raised.
"""
