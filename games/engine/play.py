"""The play (pegging): cards laid in turn, the count up to 31, go, and the end of the play.

A seat that cannot play without passing 31 says Go automatically; the others keep playing while
they can. When nobody can play, whoever played last pegs 1 (for the go, or for the last card),
or nothing extra if the count is exactly 31 (the 31 itself scored 2 with the card). The count
then resets and the next seat after the last player, among those with cards, leads. The
six-card game plays until every card is down; the five-card game has a single series, and cards
nobody could play stay in hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import Card
from games.engine.draft import Draft, replaced
from games.engine.match import finish_game
from games.engine.reveal import close_window
from games.engine.scoring import score_play
from games.engine.seating import next_seat
from games.engine.show import start_show
from games.engine.state import PendingClaim, lines_from_result, lines_to_list

MAX_COUNT = 31


def can_play(held: tuple[Card, ...], count: int) -> bool:
    room = MAX_COUNT - count
    return any(card.value <= room for card in held)


def playable_cards(held: tuple[Card, ...], count: int) -> list[Card]:
    room = MAX_COUNT - count
    return [card for card in held if card.value <= room]


def passed_rooms(
    played: Sequence[tuple[int, Card]], seats: tuple[int, ...], *, count: int, turn: int | None
) -> dict[int, int]:
    """What the play so far shows every seat about the cards the others still hold.

    A seat passed over while the count stood at ``c`` (it said go, or held nothing) had no card
    worth at most ``31 - c``, and it gains no card later: every card it still holds is worth
    more. This returns, for each seat ever passed over, the largest such room. ``played``: the
    cards of this hand in order with who laid them; ``count``: the count now; ``turn``: whose
    turn it is now (the seats between the last card and it were passed over), if anyone's.

    A count ends at 31, or when nobody can play, so a card that does not fit on the count
    before it started a new count, and then every seat had passed (the lead was held then too).
    """
    rooms: dict[int, int] = {}

    def passed(seat: int, at: int) -> None:
        rooms[seat] = max(rooms.get(seat, 0), MAX_COUNT - at)

    def between(last: int, then: int, at: int) -> None:
        seat = next_seat(seats, last)
        while seat != then:
            passed(seat, at)
            seat = next_seat(seats, seat)

    running = 0
    last: int | None = None
    for who, card in played:
        if last is not None:
            if running == MAX_COUNT:
                running = 0
            elif running + card.value > MAX_COUNT:
                for seat in seats:
                    passed(seat, running)
                running = 0
            else:
                between(last, who, running)
        running += card.value
        last = who
    if last is not None and 0 < running < MAX_COUNT:
        if count == 0:
            for seat in seats:
                passed(seat, running)
        elif turn is not None:
            between(last, turn, running)
    return rooms


def counts_laid_on(played: Sequence[tuple[int, Card]]) -> list[tuple[int, tuple[Card, ...], Card]]:
    """Each card of the play so far, in order: who laid it, the cards of the count it was laid
    on (before it), and the card. A count ends at 31 or when nobody can play, so a card that
    does not fit on the count before it began a new one (as :func:`passed_rooms` reads it).
    What a seat laid on a count, beside what it held, says what it did not hold: a player who
    could score with a card and laid one that scores less seldom had the scoring card."""
    laid: list[tuple[int, tuple[Card, ...], Card]] = []
    series: tuple[Card, ...] = ()
    running = 0
    for who, card in played:
        if running == MAX_COUNT or running + card.value > MAX_COUNT:
            series, running = (), 0
        laid.append((who, series, card))
        series = (*series, card)
        running += card.value
    return laid


def order_of_play(
    laid: Sequence[Sequence[Card]], *, dealer: int, one_series: bool = False
) -> list[tuple[int, Card]] | None:
    """The order in which two seats laid ``laid`` (each seat's cards this hand, in its order),
    by the rules of the play: the pone leads, turns alternate, a seat whose next card does not
    fit has said go (it must lay a card that fits if it holds one), and when neither can lay
    the count starts again, led by the seat after the last to lay. Each seat's sequence and
    those rules leave only one order. None when the cards cannot have been laid so (the five-
    card game's single count would have ended first). Two seats only."""
    queues = [list(cards) for cards in laid]
    turn, count, last = 1 - dealer, 0, None
    order: list[tuple[int, Card]] = []
    while queues[0] or queues[1]:
        for seat in (turn, 1 - turn):
            queue = queues[seat]
            if queue and count + queue[0].value <= MAX_COUNT:
                card = queue.pop(0)
                order.append((seat, card))
                count, last = count + card.value, seat
                turn = 1 - seat
                break
        else:
            if one_series or last is None:
                return None
            count, turn = 0, 1 - last
            continue
        if count == MAX_COUNT:
            if one_series and (queues[0] or queues[1]):
                return None
            count = 0
    return order


def play_card(draft: Draft, seat: int, card: Card) -> None:
    """Lay ``card`` (already checked legal), score it (or ask for a claim) and move play on."""
    close_window(draft)
    hand = draft.held[seat]
    draft.held = replaced(draft.held, seat, tuple(c for c in hand if c != card))
    draft.count += card.value
    draft.series = (*draft.series, (seat, card))
    draft.played = (*draft.played, (seat, card))
    draft.last_player = seat
    result = score_play(tuple(c for _, c in draft.series))
    lines = lines_from_result(result)
    data = {"seat": seat, "card": str(card), "count": draft.count}
    if draft.options.manual:
        draft.pending = PendingClaim(seat, "play", result.total, lines)
        draft.turn = None
        draft.emit(
            "card_played",
            {
                **data,
                **draft.score_data(),
                "next": None,
                "claim": {"seat": seat, "subject": "play"},
            },
        )
        return
    won = draft.peg(seat, result.total)
    event = draft.emit(
        "card_played",
        {
            **data,
            "points": result.total,
            "items": lines_to_list(lines),
            **draft.score_data(),
            "next": None,
            "claim": None,
        },
    )
    if won:
        finish_game(draft, seat)
        return
    advance(draft, seat)
    event["next"] = draft.turn


def advance(draft: Draft, last: int) -> None:
    """After ``last``'s card has been scored: find who plays next, or end the series."""
    if draft.count == MAX_COUNT:
        end_series(draft, last, thirty_one=True)
        return
    seat = last
    for _ in range(len(draft.seats) - 1):
        seat = draft.next_seat(seat)
        held = draft.held[seat]
        if can_play(held, draft.count):
            draft.turn = seat
            return
        if held and not draft.said_go[seat]:
            draft.said_go = replaced(draft.said_go, seat, True)
            draft.emit("go", {"seat": seat})
    if can_play(draft.held[last], draft.count):
        draft.turn = last
        return
    end_series(draft, last, thirty_one=False)


def end_series(draft: Draft, last: int, *, thirty_one: bool) -> None:
    """Nobody can play: peg the go (unless 31), then reset the count or end the play."""
    cards_left = any(draft.held)
    play_over = not cards_left or draft.options.variant == "five"
    draft.turn = None
    if not thirty_one:
        won = draft.peg(last, 1)
        draft.emit(
            "go_scored",
            {"seat": last, "points": 1, "last": play_over, **draft.score_data()},
        )
        if won:
            finish_game(draft, last)
            return
    if play_over:
        start_show(draft)
        return
    draft.count = 0
    draft.series = ()
    draft.said_go = (False,) * len(draft.seats)
    leader = draft.next_seat(last)
    while not draft.held[leader]:
        leader = draft.next_seat(leader)
    draft.turn = leader
    draft.emit("count_reset", {"next": leader})
