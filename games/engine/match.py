"""Match-level flow: the cut for deal, dealing a hand, ending a game or the match, resigning.

Who deals: the first game of a match is decided by the cut (the single lowest card deals, ace
low; a tie for lowest cuts again). The deal then passes to the left every hand, and the seat to
the winner's left (the loser, with two players) deals the first hand of the next game.

A game is won by a side: with four players partners peg one score, so a skunk is measured on
the best score of the other sides, and match points go to every seat of the winning side.
"""

from __future__ import annotations

from games.engine.cards import Card
from games.engine.draft import Draft, replaced
from games.engine.reveal import close_window
from games.engine.seating import opponents_of, partners_of, seats_from_left_of
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
    """Start a hand: pick the dealer, deal one card at a time from the dealer's left round to
    the dealer (a seat that has all its cards is passed over), then any cards the crib takes
    straight from the deck (:func:`games.engine.state.crib_of`)."""
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
        assert draft.dealer is not None, "a later hand follows one that had a dealer"
        draft.hand += 1
        draft.dealer = draft.next_seat(draft.dealer)
    seats = len(draft.seats)
    size = draft.options.hand_size
    draft.deck = deck
    draft.held = dealt = deal_from(deck, draft)
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
            # The dealer who takes six (a three-player option) holds one more than the others.
            **(
                {"dealer_hand_size": draft.options.cards_dealt(dealer=True)}
                if draft.options.dealer_takes_six
                else {}
            ),
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


def deal_from(deck: tuple[Card, ...], draft: Draft) -> tuple[tuple[Card, ...], ...]:
    """Every seat's dealt cards (indexed by seat), dealt one at a time round the table."""
    wanted = {seat: draft.options.cards_dealt(dealer=seat == draft.dealer) for seat in draft.seats}
    dealt: dict[int, list[Card]] = {seat: [] for seat in draft.seats}
    assert draft.dealer is not None, "the dealer is chosen before the deal"
    order = seats_from_left_of(draft.seats, draft.dealer)
    cards = iter(deck)
    while any(len(dealt[seat]) < wanted[seat] for seat in order):
        for seat in order:
            if len(dealt[seat]) < wanted[seat]:
                dealt[seat].append(next(cards))
    return tuple(tuple(dealt[seat]) for seat in draft.seats)


def skunk_of(draft: Draft, winner: int) -> tuple[str, int]:
    """("none", 1), ("skunk", 2) or ("double", 4) from the best score of the losing sides."""
    loser_score = max(draft.scores[seat] for seat in opponents_of(draft.seats, winner))
    double_line = draft.options.double_skunk_line
    if double_line is not None and loser_score < double_line:
        return "double", 4
    if loser_score < draft.options.skunk_line:
        return "skunk", 2
    return "none", 1


def finish_game(draft: Draft, winner: int) -> None:
    """``winner`` has reached the target: the game stops at once, match points are awarded
    (to every seat of the winning side)."""
    close_window(draft)
    skunk, points = skunk_of(draft, winner)
    for member in partners_of(draft.seats, winner):
        draft.match_scores = replaced(
            draft.match_scores, member, draft.match_scores[member] + points
        )
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


def end_match(draft: Draft, winner: int | None, reason: str) -> None:
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
    """``seat`` gives up (or abandoned the match) for its whole side; an opponent wins it (match
    points are left as they were). ``reason`` becomes the match's ``end_reason``. An abort
    (every player left; the server decides) ends it with no winner."""
    if reason == "aborted":
        end_match(draft, None, reason)
        return
    end_match(draft, resignation_winner(draft, seat), reason)


def resignation_winner(draft: Draft, seat: int) -> int:
    """The opponent credited when ``seat`` resigns: the one ahead in match points, then in the
    game; a tie goes to the first in turn order from ``seat``'s left. With two players that is
    simply the opponent; with partners, the opponent at the resigner's left."""
    rivals = opponents_of(draft.seats, seat)
    return max(rivals, key=lambda rival: (draft.match_scores[rival], draft.scores[rival]))
