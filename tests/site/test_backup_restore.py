"""The backup procedure in docs/operations.md, tried (issue 28, item 5).

A database with matches in play (two people mid-hand, a person against the computer with the
computer's turn queued) is dumped with ``pg_dump -Fc`` and restored with ``pg_restore`` into a
new database, as the procedure says. On the copy: ``manage.py check`` passes and no migration is
missing, every shuffle of every match verifies (``manage.py verify_shuffle``), the events and
actions are numbered without a gap and replay to the stored snapshot, the queued task is still
queued, and a restored match goes on: the next move applies.

PostgreSQL only (the procedure is PostgreSQL's); it runs in CI's PostgreSQL pass, whose machine
has the server's client programs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.servers import PROJECT_DIR, LiveDatabase, child_environment

pytestmark = pytest.mark.slow

POPULATE = """
import json, random
from django.contrib.auth import get_user_model
from games import services
from tests.server.driving import random_move, users_by_seat

rng = random.Random(24)
people = get_user_model().objects
alice, bob, carol = (people.create_user(username=name) for name in ("alice", "bob", "carol"))
human = services.match_join(
    match=services.match_create(creator=alice, options={"match_target": 1}), user=bob
)
users = users_by_seat(human)
for step in range(14):  # the discards and into the play of the first hand
    seat, action = random_move(human, rng)
    services.action_apply(
        match_id=human.pk, user=users[seat], action=action, action_id=f"before-{step}"
    )
computer = services.computer_match_create(
    creator=carol, options={"match_target": 1}, level="easy"
)
print("IDS" + json.dumps({"human": human.pk, "computer": computer.pk}))
"""

AUDIT_AND_CONTINUE = """
import json, random
from django_tasks_db.models import DBTaskResult
from games import services
from games.models import Match, MatchAction, MatchEvent
from games.rules import match_replay
from tests.server.driving import random_move, users_by_seat

answer = {}
for match in Match.objects.filter(pk__in=IDS):
    state, _ = match_replay(match=match)
    answer[str(match.pk)] = {
        "status": match.status,
        "last_seq": match.last_seq,
        "seqs": list(MatchEvent.objects.filter(match=match).order_by("seq")
                     .values_list("seq", flat=True)),
        "numbers": list(MatchAction.objects.filter(match=match).order_by("number")
                        .values_list("number", flat=True)),
        "replay_matches_snapshot": state.to_dict() == match.state,
    }
answer["bot_turns_waiting"] = DBTaskResult.objects.filter(
    task_path="games.tasks.bot_turn", status="READY"
).count()
human = Match.objects.get(pk=HUMAN)
seat, action = random_move(human, random.Random(5))
outcome = services.action_apply(
    match_id=human.pk, user=users_by_seat(human)[seat], action=action, action_id="after-restore"
)
human.refresh_from_db()
answer["continued"] = {
    "seq": outcome.seq,
    "last_seq": human.last_seq,
    "seqs": list(MatchEvent.objects.filter(match=human).order_by("seq")
                 .values_list("seq", flat=True)),
}
print("AUDIT" + json.dumps(answer))
"""


def postgres_program(name: str, server_major: int) -> str:
    """The client program of the server's own major version (Debian keeps each version's in
    /usr/lib/postgresql/N/bin); pg_dump refuses a server newer than itself."""
    versioned = Path(f"/usr/lib/postgresql/{server_major}/bin/{name}")
    if versioned.exists():
        return str(versioned)
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: CI's PostgreSQL pass needs the client programs")
    return found


def server_major(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as connection:
        return connection.info.server_version // 10000


def manage(database_url: str, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=PROJECT_DIR,
        env=child_environment(DATABASE_URL=database_url),
        capture_output=True,
        text=True,
        timeout=300,
    )


def printed(completed: subprocess.CompletedProcess, marker: str) -> dict:
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-3000:]
    line = next(line for line in completed.stdout.splitlines() if line.startswith(marker))
    return json.loads(line[len(marker) :])


@pytest.fixture
def databases(tmp_path):
    base_url = os.environ.get("DATABASE_URL", "")
    if not base_url.startswith(("postgres://", "postgresql://")):
        pytest.skip(
            "the backup procedure is PostgreSQL's (pg_dump, pg_restore): CI's PostgreSQL pass "
            "runs it; the embedded SQLite is copied with sqlite3's .backup (docs/operations.md)"
        )
    source, restored = LiveDatabase(tmp_path, base_url), LiveDatabase(tmp_path, base_url)
    try:
        yield source, restored
    finally:
        source.drop()
        restored.drop()


def test_a_dump_of_matches_in_play_restores_into_a_fresh_database_and_play_goes_on(
    databases, tmp_path
):
    source, restored = databases
    source.create()
    ids = printed(manage(source.url, "shell", "-c", POPULATE), "IDS")
    major = server_major(source.url)

    dump = tmp_path / "cribbage.dump"
    subprocess.run(
        [postgres_program("pg_dump", major), "-Fc", "--no-owner", "-f", str(dump), source.url],
        check=True,
        capture_output=True,
        timeout=300,
    )
    restored.create_empty()
    subprocess.run(
        [
            postgres_program("pg_restore", major),
            "--no-owner",
            "--exit-on-error",
            "-d",
            restored.url,
            str(dump),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )

    checked = manage(restored.url, "check")
    assert checked.returncode == 0, checked.stderr[-2000:]
    migrations = manage(restored.url, "migrate", "--check")
    assert migrations.returncode == 0, migrations.stdout[-2000:]
    for match_id in ids.values():
        verified = manage(restored.url, "verify_shuffle", "--match", str(match_id))
        assert verified.returncode == 0 and verified.stdout.strip().endswith("OK"), verified.stdout[
            -2000:
        ]

    script = AUDIT_AND_CONTINUE.replace("IDS", repr(list(ids.values()))).replace(
        "HUMAN", str(ids["human"])
    )
    audit = printed(manage(restored.url, "shell", "-c", script), "AUDIT")
    for match_id in ids.values():
        match = audit[str(match_id)]
        assert match["status"] == "active"
        assert match["seqs"] == list(range(1, match["last_seq"] + 1))
        assert match["numbers"] == list(range(1, len(match["numbers"]) + 1))
        assert match["replay_matches_snapshot"]
    assert audit["bot_turns_waiting"] == 1  # the computer's queued turn came through too
    before = audit[str(ids["human"])]["last_seq"]
    continued = audit["continued"]
    assert continued["seq"] > before and continued["last_seq"] == continued["seq"]
    assert continued["seqs"] == list(range(1, continued["last_seq"] + 1))
