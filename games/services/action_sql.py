"""The statements every action runs, written as SQL once instead of built by the ORM each time.

An action checks its ``action_id``, appends its action and events (and any new shuffle) to the
log and saves the match's snapshot; the one that ends a hand also reveals its deck. Building
each of those queries with the ORM cost more CPU than PostgreSQL spent running it (about 0.7 to
1.4 ms a statement, several times the round trip; see docs/performance.md), and they run for
every card played. Here each statement's text is made once per shape from the models' own
metadata, and values go through Django's field adapters (``get_db_prep_save``, ``pre_save``),
so rows are written exactly as the ORM would write them, on PostgreSQL and on SQLite alike.
Everything else keeps using the ORM.

What it replaces: ``select_for_update()``, ``bulk_create`` and ``save(update_fields=...)`` on
the action path. Why: service CPU an action, one thread, 6.3 -> 3.4 ms, and 8 round trips an
action down to 4 (docs/performance.md, "Framework seams").

On a change to ``Match``, ``Seat``, ``MatchAction``, ``MatchEvent`` or ``Shuffle`` check: a new
column with a database default or a ``pre_save`` (written here through the field's adapters,
but check the value), a column an action changes (add it to ``MATCH_PROGRESS_FIELDS``), a column
the lock must read (``SEAT_FIELDS``, the match's columns); then update the pinned field lists in
``tests/site/test_framework_seams.py``, which fail on any field added, removed or renamed. On a
Django upgrade check that ``Col``, ``get_db_prep_save`` and the compiler calls used below still
behave the same (``tests/server/test_action_sql.py`` reads every row back through the ORM).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models.expressions import Col

from games.models import Match, MatchAction, MatchEvent, Seat, Shuffle

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
    "clock_remaining",
    "clock_running",
    "clock_since",
)


def _db() -> BaseDatabaseWrapper:
    """This thread's connection itself, not ``django.db.connection``.

    That one is a proxy which looks the thread's connection up again on every attribute read;
    the field adapters and converters below read several per value, and the lookups came to 8%
    of the action service's CPU (docs/performance.md).
    """
    return connections[DEFAULT_DB_ALIAS]


def _quote(name: str | None) -> str:
    assert name is not None, "a concrete field has a column"
    return connection.ops.quote_name(name)


def _fields(model: type[models.Model], names: Sequence[str]) -> list[models.Field]:
    """The model's fields of ``names``: columns, never a relation's reverse side."""
    found = []
    for name in names:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field), f"{name} is not a column"
        found.append(field)
    return found


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


def rows_insert(*, model: type[models.Model], objects: Sequence[models.Model]) -> None:
    """Insert ``objects`` in one statement (their primary keys are not read back)."""
    if not objects:
        return
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(
            _insert_sql(model, len(objects), db.vendor), _insert_params(model, objects, db)
        )


def _insert_params(
    model: type[models.Model], objects: Sequence[models.Model], db: BaseDatabaseWrapper
) -> list:
    fields = _insert_fields(model)
    return [
        field.get_db_prep_save(field.pre_save(obj, True), db) for obj in objects for field in fields
    ]


@functools.cache
def _match_update_sql(vendor: str) -> str:
    assignments = ", ".join(
        f"{_quote(field.column)} = %s" for field in _fields(Match, MATCH_PROGRESS_FIELDS)
    )
    return f"UPDATE {_quote(Match._meta.db_table)} SET {assignments} WHERE {_quote('id')} = %s"


def match_progress_save(match: Match) -> None:
    """Write the match's progress columns (``updated_at`` moves on, as ``save()`` would)."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_match_update_sql(db.vendor), _match_update_params(match, db))


def _match_update_params(match: Match, db: BaseDatabaseWrapper) -> list:
    params = [
        field.get_db_prep_save(field.pre_save(match, False), db)
        for field in _fields(Match, MATCH_PROGRESS_FIELDS)
    ]
    return [*params, match.pk]


# What the locked read loads of the match: its key, its deck source (a hand-ending action draws
# the next deck from it), its time control (games/services/clocks.py) and the columns an action
# can change. The rest (options, creator, created_at) are left deferred; nothing on the action
# path reads them, and reading one would cost a query, not an error.
CLOCK_CONTROL_FIELDS = ("clock_kind", "clock_bank", "clock_increment")
# In the model's order: ``Model.from_db`` takes the values of the fields it is given in that order.
LOCKED_MATCH_FIELDS = tuple(
    field.name
    for field in Match._meta.concrete_fields
    if field.name in {"id", "deck_source", *CLOCK_CONTROL_FIELDS, *MATCH_PROGRESS_FIELDS}
)
# The seat columns read alongside, in this order.
SEAT_FIELDS = ("number", "user", "is_bot", "bot_level")


@functools.cache
def _locked_match_sql(vendor: str) -> str:
    match_table, seat_table = _quote(Match._meta.db_table), _quote(Seat._meta.db_table)
    action_table = _quote(MatchAction._meta.db_table)
    columns = [f"m.{_quote(f.column)}" for f in _fields(Match, LOCKED_MATCH_FIELDS)]
    columns += [f"s.{_quote(f.column)}" for f in _fields(Seat, SEAT_FIELDS)]
    seat_match, seat_number = (_quote(f.column) for f in _fields(Seat, ("match", "number")))
    action_match, action_seat, client_id, result_seq = _action_columns()
    action_count = _quote(Match._meta.get_field("action_count").column)
    shuffle_table = _quote(Shuffle._meta.db_table)
    shuffle_match, shuffle_number = (
        _quote(f.column) for f in _fields(Shuffle, ("match", "number"))
    )
    # Per seat, the result of an action that seat already sent with this client id (the
    # duplicate check), read in the same round trip through the unique (match, seat, id) index.
    # Then the match's action count as the statement's snapshot saw it (see match_lock), and
    # its number of shuffles (the next one's number), from the unique (match, number) index.
    columns.append(
        f"(SELECT a.{result_seq} FROM {action_table} a WHERE a.{action_match} = m.{_quote('id')} "
        f"AND a.{action_seat} = s.{seat_number} AND a.{client_id} = %s)"
    )
    columns.append(
        f"(SELECT m2.{action_count} FROM {match_table} m2 WHERE m2.{_quote('id')} = m.{_quote('id')})"
    )
    columns.append(
        f"(SELECT COALESCE(MAX(sh.{shuffle_number}), 0) FROM {shuffle_table} sh "
        f"WHERE sh.{shuffle_match} = m.{_quote('id')})"
    )
    sql = (
        f"SELECT {', '.join(columns)} FROM {seat_table} s JOIN {match_table} m "
        f"ON m.{_quote('id')} = s.{seat_match} WHERE s.{seat_match} = %s ORDER BY s.{seat_number}"
    )
    # SQLite has no row locks: its IMMEDIATE transactions (settings) hold the write lock.
    return sql + " FOR UPDATE OF m" if connection.features.has_select_for_update_of else sql


def _action_columns() -> tuple[str, ...]:
    names = ("match", "seat", "client_action_id", "result_seq")
    return tuple(_quote(field.column) for field in _fields(MatchAction, names))


@functools.cache
def _earlier_results_sql(vendor: str) -> str:
    action_match, action_seat, client_id, result_seq = _action_columns()
    return (
        f"SELECT {action_seat}, {result_seq} FROM {_quote(MatchAction._meta.db_table)} "
        f"WHERE {action_match} = %s AND {client_id} = %s AND {action_seat} IS NOT NULL"
    )


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


def _read_row(
    model: type[models.Model], names: tuple[str, ...], values: Sequence, db: BaseDatabaseWrapper
) -> list:
    row = []
    for value, (column, converters) in zip(
        values, _column_readers(model, names, db.vendor), strict=True
    ):
        for convert in converters:
            value = convert(value, column, db)
        row.append(value)
    return row


@dataclass(frozen=True)
class LockedMatch:
    """The locked match, its seats in order, and what each seat's resent action produced."""

    match: Match
    seats: list[Seat]
    earlier_results: dict[int, int]
    """Seat number -> last event number of the action that seat already sent with the asked
    client id (absent: not sent before)."""
    shuffle_count: int | None
    """How many decks the match has drawn (None: not known, count them when needed)."""


def match_lock(*, match_id: int, action_id: str | None = None) -> LockedMatch | None:
    """Lock the match row and read it, its seats and the duplicate check in one round trip.

    None: no such match. Must run inside a transaction. The seats carry only what deciding an
    action needs. With ``action_id`` None there is no duplicate check (nothing is found).

    When the statement had to wait for the lock (PostgreSQL, READ COMMITTED), the match row it
    returns is the version the other transaction committed, but its subqueries still saw the
    database as it was when the statement began: the duplicate check could miss the very action
    that was committed meanwhile. The match's action count read by a subquery differs from the
    locked row's then, and the check is made again by a statement of its own; the shuffle count
    read alongside is left unknown, to be counted if a new deck is needed.
    """
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_locked_match_sql(db.vendor), [action_id, match_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    match_width = len(LOCKED_MATCH_FIELDS)
    seat_end = match_width + len(SEAT_FIELDS)
    earlier_at, snapshot_count_at, shuffle_count_at = seat_end, seat_end + 1, seat_end + 2
    attnames = [field.attname for field in _fields(Match, LOCKED_MATCH_FIELDS)]
    match = Match.from_db(
        db.alias, attnames, _read_row(Match, LOCKED_MATCH_FIELDS, rows[0][:match_width], db)
    )
    seats = []
    earlier_results = {}
    for row in rows:
        number, user_id, is_bot, bot_level = _read_row(
            Seat, SEAT_FIELDS, row[match_width:seat_end], db
        )
        seats.append(
            Seat(match=match, number=number, user_id=user_id, is_bot=is_bot, bot_level=bot_level)
        )
        if row[earlier_at] is not None:
            earlier_results[number] = row[earlier_at]
    shuffle_count = rows[0][shuffle_count_at]
    if rows[0][snapshot_count_at] != match.action_count:
        shuffle_count = None
        if action_id is not None:
            with db.cursor() as cursor:
                cursor.execute(_earlier_results_sql(db.vendor), [match_id, action_id])
                earlier_results = dict(cursor.fetchall())
    return LockedMatch(
        match=match, seats=seats, earlier_results=earlier_results, shuffle_count=shuffle_count
    )


# What revealing a deck reads back of its shuffle, in this order.
REVEALED_SHUFFLE_FIELDS = ("number", "purpose", "commitment", "salt", "deck")


@functools.cache
def _shuffles_reveal_sql(vendor: str) -> str:
    revealed, match_column = (_quote(f.column) for f in _fields(Shuffle, ("revealed", "match")))
    returning = ", ".join(
        _quote(field.column) for field in _fields(Shuffle, REVEALED_SHUFFLE_FIELDS)
    )
    return (
        f"UPDATE {_quote(Shuffle._meta.db_table)} SET {revealed} = %s "
        f"WHERE {match_column} = %s AND {revealed} = %s RETURNING {returning}"
    )


def shuffles_reveal(match_id: int) -> list[Shuffle]:
    """Mark the match's unrevealed shuffles revealed and return them in order, in one statement.

    The returned shuffles carry only the fields a reveal shows. Both PostgreSQL and SQLite (3.35
    and later) have ``UPDATE ... RETURNING``; the booleans are parameters so that each database
    gets its own spelling of true and false.
    """
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_shuffles_reveal_sql(db.vendor), [True, match_id, False])
        rows = cursor.fetchall()
    shuffles = []
    for row in rows:
        values = _read_row(Shuffle, REVEALED_SHUFFLE_FIELDS, row, db)
        fields = dict(zip(REVEALED_SHUFFLE_FIELDS, values, strict=True))
        shuffles.append(Shuffle(match_id=match_id, revealed=True, **fields))
    return sorted(shuffles, key=lambda shuffle: shuffle.number)


@functools.cache
def _progress_write_sql(actions: int, events: int, shuffles: int, vendor: str) -> str:
    """PostgreSQL: the log rows and the snapshot in one statement (one round trip).

    Data-modifying ``WITH`` parts all run, once, as part of the statement, so the rows and the
    snapshot are still written together or not at all.
    """
    parts = []
    if actions:
        parts.append(f"a AS ({_insert_sql(MatchAction, actions, vendor)})")
    if events:
        parts.append(f"e AS ({_insert_sql(MatchEvent, events, vendor)})")
    if shuffles:
        parts.append(f"sh AS ({_insert_sql(Shuffle, shuffles, vendor)})")
    prefix = f"WITH {', '.join(parts)} " if parts else ""
    return prefix + _match_update_sql(vendor)


def progress_write(
    *,
    match: Match,
    actions: Sequence[MatchAction],
    events: Sequence[MatchEvent],
    shuffles: Sequence[Shuffle] = (),
) -> None:
    """Append ``actions``, ``events`` and ``shuffles`` and save the match's progress columns.

    One statement on PostgreSQL; on SQLite (in-process, no round trips to save, and no
    data-modifying ``WITH``) the same rows through :func:`rows_insert` and
    :func:`match_progress_save`.
    """
    db = _db()
    if db.vendor != "postgresql":
        rows_insert(model=MatchAction, objects=actions)
        rows_insert(model=MatchEvent, objects=events)
        rows_insert(model=Shuffle, objects=shuffles)
        match_progress_save(match)
        return
    params = [*_insert_params(MatchAction, actions, db), *_insert_params(MatchEvent, events, db)]
    params += _insert_params(Shuffle, shuffles, db)
    params += _match_update_params(match, db)
    sql = _progress_write_sql(len(actions), len(events), len(shuffles), db.vendor)
    with db.cursor() as cursor:
        cursor.execute(sql, params)
