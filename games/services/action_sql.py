"""The statements every action runs, written as SQL once instead of built by the ORM each time.

An action checks its ``action_id``, appends its action and events to the log and saves the
match's snapshot. Building each of those queries with the ORM cost more CPU than PostgreSQL
spent running it (about 0.7 to 1.4 ms a statement, several times the round trip; see
docs/performance.md), and they run for every card played. Here each statement's text is made
once per shape from the models' own metadata, and values go through Django's field adapters
(``get_db_prep_save``, ``pre_save``), so rows are written exactly as the ORM would write them,
on PostgreSQL and on SQLite alike. Everything else keeps using the ORM.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django.db import connection, models
from django.db.models.expressions import Col

from games.models import Match, MatchAction, Seat

# The columns an action can change: the snapshot, the log positions, status and results.
MATCH_PROGRESS_FIELDS = (
    "status",
    "winner_seat",
    "finish_reason",
    "match_scores",
    "state",
    "last_seq",
    "action_count",
    "started_at",
    "finished_at",
    "updated_at",
)


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _fields(model: type[models.Model], names: Sequence[str]) -> list[models.Field]:
    return [model._meta.get_field(name) for name in names]


def _insert_fields(model: type[models.Model]) -> list[models.Field]:
    """Every concrete column but the auto-incremented key, as ``bulk_create`` writes them."""
    return [field for field in model._meta.concrete_fields if not field.primary_key]


@functools.cache
def _insert_sql(model: type[models.Model], rows: int, vendor: str) -> str:
    fields = _insert_fields(model)
    columns = ", ".join(_quote(field.column) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    values = ", ".join([row] * rows)
    return f"INSERT INTO {_quote(model._meta.db_table)} ({columns}) VALUES {values}"


def rows_insert(model: type[models.Model], objects: Sequence[models.Model]) -> None:
    """Insert ``objects`` in one statement (their primary keys are not read back)."""
    if not objects:
        return
    fields = _insert_fields(model)
    params = [
        field.get_db_prep_save(field.pre_save(obj, True), connection)
        for obj in objects
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, len(objects), connection.vendor), params)


@functools.cache
def _match_update_sql(vendor: str) -> str:
    assignments = ", ".join(
        f"{_quote(field.column)} = %s" for field in _fields(Match, MATCH_PROGRESS_FIELDS)
    )
    return f"UPDATE {_quote(Match._meta.db_table)} SET {assignments} WHERE {_quote('id')} = %s"


def match_progress_save(match: Match) -> None:
    """Write the match's progress columns (``updated_at`` moves on, as ``save()`` would)."""
    params = [
        field.get_db_prep_save(field.pre_save(match, False), connection)
        for field in _fields(Match, MATCH_PROGRESS_FIELDS)
    ]
    with connection.cursor() as cursor:
        cursor.execute(_match_update_sql(connection.vendor), [*params, match.pk])


# What the locked read loads of the match: its key and the columns an action can change. The
# rest (options, creator, created_at) are left deferred; nothing on the action path reads them,
# and reading one would cost a query, not an error.
LOCKED_MATCH_FIELDS = ("id", *MATCH_PROGRESS_FIELDS)
# The seat columns read alongside, in this order.
SEAT_FIELDS = ("number", "user", "is_bot", "bot_level")


@functools.cache
def _locked_match_sql(vendor: str) -> str:
    match_table, seat_table = _quote(Match._meta.db_table), _quote(Seat._meta.db_table)
    columns = [f"m.{_quote(f.column)}" for f in _fields(Match, LOCKED_MATCH_FIELDS)]
    columns += [f"s.{_quote(f.column)}" for f in _fields(Seat, SEAT_FIELDS)]
    seat_match, seat_number = (_quote(Seat._meta.get_field(n).column) for n in ("match", "number"))
    sql = (
        f"SELECT {', '.join(columns)} FROM {seat_table} s JOIN {match_table} m "
        f"ON m.{_quote('id')} = s.{seat_match} WHERE s.{seat_match} = %s ORDER BY s.{seat_number}"
    )
    # SQLite has no row locks: its IMMEDIATE transactions (settings) hold the write lock.
    return sql + " FOR UPDATE OF m" if connection.features.has_select_for_update_of else sql


@functools.cache
def _column_readers(model: type[models.Model], names: tuple[str, ...], vendor: str) -> list:
    """Per column, the converters the ORM would apply to a value read from this database.

    The same list ``SQLCompiler.apply_converters`` builds for every query (JSON decoding, SQLite's
    integer booleans and text datetimes), built once here.
    """
    readers = []
    for field in _fields(model, names):
        column = Col(model._meta.db_table, field)
        converters = [
            *connection.ops.get_db_converters(column),
            *field.get_db_converters(connection),
        ]
        readers.append((column, converters))
    return readers


def _read_row(model: type[models.Model], names: tuple[str, ...], values: Sequence) -> list:
    row = []
    for value, (column, converters) in zip(
        values, _column_readers(model, names, connection.vendor), strict=True
    ):
        for convert in converters:
            value = convert(value, column, connection)
        row.append(value)
    return row


def match_lock_with_seats(match_id: int) -> tuple[Match, list[Seat]] | None:
    """Lock the match row and read it with its seats in one round trip (None: no such match).

    Must run inside a transaction. The seats carry only what deciding an action needs.
    """
    with connection.cursor() as cursor:
        cursor.execute(_locked_match_sql(connection.vendor), [match_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    match_width = len(LOCKED_MATCH_FIELDS)
    attnames = [field.attname for field in _fields(Match, LOCKED_MATCH_FIELDS)]
    match = Match.from_db(
        connection.alias, attnames, _read_row(Match, LOCKED_MATCH_FIELDS, rows[0][:match_width])
    )
    seats = []
    for row in rows:
        number, user_id, is_bot, bot_level = _read_row(Seat, SEAT_FIELDS, row[match_width:])
        seats.append(
            Seat(match=match, number=number, user_id=user_id, is_bot=is_bot, bot_level=bot_level)
        )
    return match, seats


@functools.cache
def _earlier_action_sql(vendor: str) -> str:
    table = _quote(MatchAction._meta.db_table)
    match, seat, client_id, result_seq = (
        _quote(field.column)
        for field in _fields(MatchAction, ("match", "seat", "client_action_id", "result_seq"))
    )
    return (
        f"SELECT {result_seq} FROM {table} WHERE {match} = %s AND {seat} = %s AND {client_id} = %s"
    )


def earlier_action_result(*, match_id: int, seat: int, action_id: str) -> int | None:
    """The last event number of the action this seat already sent as ``action_id``, if any."""
    with connection.cursor() as cursor:
        cursor.execute(_earlier_action_sql(connection.vendor), [match_id, seat, action_id])
        row = cursor.fetchone()
    return None if row is None else row[0]
