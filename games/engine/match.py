"""Match-level flow: the cut for deal, dealing a hand, ending a game or the match, resigning.

Who deals: the first game of a match is decided by the cut (lower card deals, ace low, equal
ranks cut again). The deal then alternates every hand, and the loser of a game deals the first
hand of the next game.
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.draft import Draft, replaced
from games.engine.reveal import close_window
from games.engine.state import GameResult


def cut_for_deal(draft: Draft, deck: tuple[Card, ...]) -> None:
    """Each seat cuts one card (seat i takes ``deck[i]``); the single lowest rank deals."""
    cuts = deck[: len(draft.seats)]
    lowest = min(card.rank for card in cuts)
    cutters = [seat for seat in draft.seats if cuts[seat].rank == lowest]
    draft.cuts = cuts
    dealer = cutters[0] if len(cutters) == 1 else None
    if dealer is not None:
        draft.dealer = dealer
        draft.phase = "deal"
    draft.emit("cut_for_deal", {"cuts": [str(card) for card in cuts], "dealer": dealer})


def deal_hand(draft: Draft, deck: tuple[Card, ...]) -> None:
    """Start a hand: pick the dealer, deal one card at a time from the pone round to the dealer."""
    if draft.game_result is not None:
        loser = draft.next_seat(draft.game_result.winner)
        draft.game += 1
        draft.hand = 1
        draft.dealer = loser
        draft.scores = draft.rear = (0,) * len(draft.seats)
        draft.game_result = None
    elif draft.hand == 0:
        draft.hand = 1
    else:
        draft.hand += 1
        draft.dealer = draft.next_seat(draft.dealer)
    seats = len(draft.seats)
    size = draft.options.hand_size
    first = draft.seats.index(draft.pone)
    order = [draft.seats[(first + offset) % seats] for offset in range(seats)]
    dealt: list[tuple[Card, ...]] = [()] * seats
    for position, seat in enumerate(order):
        dealt[seat] = tuple(deck[round_ * seats + position] for round_ in range(size))
    draft.deck = deck
    draft.held = tuple(dealt)
    draft.kept = draft.discards = (None,) * seats
    draft.starter = None
    draft.count = 0
    draft.series = draft.played = ()
    draft.turn = draft.last_player = None
    draft.said_go = (False,) * seats
    draft.show_step = 0
    draft.shown = ()
    draft.pending = None
    draft.phase = "discard"
    draft.emit(
        "hand_started",
        {
            "game": draft.game,
            "hand": draft.hand,
            "dealer": draft.dealer,
            "hand_size": size,
            **draft.score_data(),
        },
        {seat: {"cards": [str(card) for card in dealt[seat]]} for seat in draft.seats},
    )
    bonus = draft.options.pone_start_points
    if bonus and draft.hand == 1:
        draft.peg(draft.pone, bonus)
        draft.emit(
            "points_awarded",
            {"seat": draft.pone, "points": bonus, "reason": "pone_start", **draft.score_data()},
        )


def skunk_of(draft: Draft, winner: int) -> tuple[str, int]:
    """("none", 1), ("skunk", 2) or ("double", 4) from the best losing score."""
    loser_score = max(score for seat, score in enumerate(draft.scores) if seat != winner)
    double_line = draft.options.double_skunk_line
    if double_line is not None and loser_score < double_line:
        return "double", 4
    if loser_score < draft.options.skunk_line:
        return "skunk", 2
    return "none", 1


def finish_game(draft: Draft, winner: int) -> None:
    """``winner`` has reached the target: the game stops at once, match points are awarded."""
    close_window(draft)
    skunk, points = skunk_of(draft, winner)
    draft.match_scores = replaced(draft.match_scores, winner, draft.match_scores[winner] + points)
    draft.game_result = GameResult(winner, draft.scores, skunk, points)
    draft.phase = "deal"
    draft.turn = None
    draft.pending = None
    draft.emit(
        "game_ended",
        {
            "winner": winner,
            "scores": list(draft.scores),
            "skunk": skunk,
            "match_points": points,
            "match_scores": list(draft.match_scores),
        },
    )
    if draft.match_scores[winner] >= draft.options.match_target:
        end_match(draft, winner, "points")


def end_match(draft: Draft, winner: int, reason: str) -> None:
    """The match is over: an open Muggins window closes first, so its claim's truth is shown.

    After a game is won the window is already closed; a resignation can come while one is open.
    """
    close_window(draft)
    draft.phase = "match_over"
    draft.winner = winner
    draft.end_reason = reason
    draft.turn = None
    draft.pending = None
    draft.emit(
        "match_ended",
        {"winner": winner, "match_scores": list(draft.match_scores), "reason": reason},
    )


def resign(draft: Draft, seat: int, reason: str = "resigned") -> None:
    """``seat`` gives up (or abandoned the match); the opponent wins it (match points are left as
    they were). ``reason`` becomes the match's ``end_reason``."""
    end_match(draft, draft.opponent(seat), reason)
