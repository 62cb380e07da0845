"""Who sits where: turn order round the table and the sides that score together.

Seats are numbered ``0..n-1`` round the table, each seat's left neighbour being the next number
(wrapping round). Everything goes to the left: the deal starts at the dealer's left, the play,
the show and the next deal follow. Four players play as two partnerships, partners sitting
opposite (seats 0 and 2 against 1 and 3) and pegging one shared score; with two or three players
each seat is a side of its own.

>>> seats_from_left_of((0, 1, 2), 1)
(2, 0, 1)
>>> side_of(3, players=4), side_of(2, players=3)
(1, 2)
"""

from __future__ import annotations

PARTNERSHIP_PLAYERS = 4


def next_seat(seats: tuple[int, ...], seat: int) -> int:
    """The seat to the left of ``seat``."""
    return seats[(seats.index(seat) + 1) % len(seats)]


def seats_from_left_of(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """Every seat in turn order, starting at ``seat``'s left and ending with ``seat`` itself
    (from the dealer: the deal, the show and the lead order)."""
    start = seats.index(seat) + 1
    return tuple(seats[(start + offset) % len(seats)] for offset in range(len(seats)))


def side_of(seat: int, *, players: int) -> int:
    """The side ``seat`` plays for: its partnership (0 or 1) with four players, else itself."""
    return seat % 2 if players == PARTNERSHIP_PLAYERS else seat


def sides(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, in side order: ``((0, 2), (1, 3))`` for four players."""
    found: dict[int, list[int]] = {}
    for seat in range(players):
        found.setdefault(side_of(seat, players=players), []).append(seat)
    return tuple(tuple(members) for _, members in sorted(found.items()))


def partners_of(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seats that share ``seat``'s score, ``seat`` itself included, in seat order."""
    if len(seats) != PARTNERSHIP_PLAYERS:
        return (seat,)  # every peg goes through here: playing alone needs no search
    side = side_of(seat, players=len(seats))
    return tuple(other for other in seats if side_of(other, players=len(seats)) == side)


def opponents_of(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seats not on ``seat``'s side, in turn order from ``seat``'s left."""
    side = side_of(seat, players=len(seats))
    return tuple(
        other
        for other in seats_from_left_of(seats, seat)
        if side_of(other, players=len(seats)) != side
    )
