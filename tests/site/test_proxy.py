"""The shipped proxy, for real: Debian's caddy with deploy/Caddyfile in front of two Daphne
processes on PostgreSQL and Redis.

Two players connect through the proxy's one address and play a hand; the server holding their
sockets is killed (SIGKILL); the dropped sockets reconnect, as the page does, through the same
address, and the proxy must send them to the live server: both players are back in step (their
views equal what a fresh connection is told) and play the next hand, without a reload. Every
wait is on a condition; the recovery time is printed (``-s``) for docs/operations.md.

Also checked without starting anything: docker-compose.yml's proxy runs this same Caddyfile in
front of every web replica, and the file adapts with compose's environment.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
import urllib.error
import urllib.request

import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import live_server_env
from tests.support.match_client import MatchClient, create_matches
from tests.support.proxy import CADDYFILE, CaddyProxy, caddy_path
from tests.support.servers import PROJECT_DIR, DaphneServer, LiveDatabase
from tests.support.services import database_url, in_ci, redis_url, uses_postgres

PACE = 0.02  # seconds between a player's moves: quick, but never two at once


def require_caddy() -> str:
    path = caddy_path()
    if path:
        return path
    message = "caddy is not installed (apt-get install caddy; .ci/run and scripts/run-tests do)"
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


def compose_services() -> dict:
    return yaml.safe_load((PROJECT_DIR / "docker-compose.yml").read_text())["services"]


def test_compose_runs_this_caddyfile_in_front_of_every_web_replica():
    services = compose_services()
    proxy = services["proxy"]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    replicas = sorted(name for name in services if name.startswith("web"))
    upstreams = proxy["environment"]["UPSTREAMS"].split()
    assert sorted(upstreams) == [f"{name}:8000" for name in replicas]
    assert proxy["environment"]["SITE_ADDRESS"] == "${SITE_DOMAIN:-http://localhost}"
    assert {"80:80", "443:443"} <= set(proxy["ports"])
    # The proxy serves the files the one-shot `static` service collected.
    static_volume = next(v for v in services["static"]["volumes"] if v.endswith(":/srv/static"))
    assert f"{static_volume}:ro" in proxy["volumes"]
    assert services["static"]["environment"]["STATIC_ROOT"] == "/srv/static"
    # The replicas are reached through the proxy; on the host only their loopback ports exist.
    for name in replicas:
        assert all(port.startswith("127.0.0.1:") for port in services[name]["ports"])


@pytest.mark.parametrize(
    "site_address", ["cribbage.example", "http://localhost"], ids=["domain", "localhost"]
)
def test_the_caddyfile_adapts_with_composes_environment(site_address, tmp_path):
    caddy = require_caddy()
    env = {
        "HOME": str(tmp_path),
        "SITE_ADDRESS": site_address,
        "UPSTREAMS": "web1:8000 web2:8000",
        "STATIC_FILES_ROOT": "/srv",
    }
    adapted = subprocess.run(
        [caddy, "adapt", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    config = json.loads(adapted.stdout)
    server = next(iter(config["apps"]["http"]["servers"].values()))
    text = json.dumps(server)
    assert '"dial": "web1:8000"' in text and '"dial": "web2:8000"' in text
    assert '"uri": "/healthz?server"' in text
    # A domain gets HTTPS (Caddy listens on 443 and redirects 80); localhost plain HTTP only.
    assert server["listen"] == ([":443"] if site_address == "cribbage.example" else [":80"])


class HandPlayer(MatchClient):
    """A scripted player that stops moving (still connected) once its view reaches a hand."""

    stop_at_hand: int = 10**6

    def next_action(self):
        if self.view is not None and self.view["hand"] >= self.stop_at_hand:
            return None
        return super().next_action()


def open_match_sockets(server: DaphneServer) -> float:
    """Match sockets open in ``server``, from its own /metrics (loopback, unforwarded)."""
    with urllib.request.urlopen(f"{server.url}/metrics", timeout=10) as response:
        text = response.read().decode()
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "cribbage_open_sockets" and sample.labels == {"kind": "match"}:
                return sample.value
    return 0.0


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


async def wait_for(condition, *, timeout: float, what: str):
    """Poll ``condition`` on the event loop until it is true (fails after ``timeout``)."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.05)
    return value


async def fresh_view(proxy: CaddyProxy, match: int, session: str) -> tuple[int, dict]:
    """What a page loaded now through the proxy is told: its seq and its view."""
    client = MatchClient(proxy.ws_url, match, session, proxy.url)
    await client.connect()
    await client.close()
    return client.seq, client.view


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.slow
@pytest.mark.restarts_services
async def test_players_through_the_proxy_outlive_a_killed_server(tmp_path):
    if not (uses_postgres() and redis_url()):
        pytest.skip("the proxy test runs on the PostgreSQL + Redis stack (DATABASE_URL, REDIS_URL)")
    require_caddy()
    database = LiveDatabase(tmp_path, database_url())
    await asyncio.to_thread(database.create)
    env = live_server_env(database, HEALTHZ_CACHE_SECONDS="0")
    servers = [
        DaphneServer(env, log_path=tmp_path / "daphne-a.log"),
        DaphneServer(env, log_path=tmp_path / "daphne-b.log"),
    ]
    proxy = CaddyProxy(
        upstreams=[server.port for server in servers], log_path=tmp_path / "caddy.log"
    )
    players: list[HandPlayer] = []
    games: list[asyncio.Task] = []
    try:
        await asyncio.gather(*(asyncio.to_thread(server.start) for server in servers))
        await asyncio.to_thread(proxy.start)
        # The operators' figures are not served through the proxy (the servers see it forward).
        for path in ("/metrics", "/healthz?deep"):
            assert await asyncio.to_thread(status_of, f"{proxy.url}{path}") == 404, path
        assert await asyncio.to_thread(status_of, f"{servers[0].url}/metrics") == 200
        (setup,) = await asyncio.to_thread(
            create_matches, env, 1, prefix=f"proxy{time.time_ns() % 10**8}"
        )
        match, sessions = setup["match"], setup["sessions"]
        for session in sessions:
            player = HandPlayer(proxy.ws_url, match, session, proxy.url)
            player.think = PACE
            await player.connect()
            players.append(player)
        first_hand = players[0].view["hand"]
        for player in players:
            player.stop_at_hand = first_hand + 1
        games = [
            asyncio.create_task(p.play_until_over(timeout=240, reconnect=True)) for p in players
        ]

        # A hand played through the proxy: both hold at the next deal, in step.
        await wait_for(
            lambda: (
                all(p.view["hand"] == first_hand + 1 and p.pending is None for p in players)
                and players[0].seq == players[1].seq
            ),
            timeout=120,
            what="both players to finish the first hand",
        )
        sockets = await asyncio.gather(
            *(asyncio.to_thread(open_match_sockets, server) for server in servers)
        )
        assert sum(sockets) == 2, sockets
        victim = servers[0] if sockets[0] >= sockets[1] else servers[1]
        survivor = servers[1] if victim is servers[0] else servers[0]
        drops_before = [p.drops for p in players]
        killed_at = time.monotonic()
        await asyncio.to_thread(victim.kill)

        # The players whose sockets died reconnect through the proxy to the survivor.
        await wait_for(
            lambda: sum(p.drops for p in players) - sum(drops_before) >= max(sockets),
            timeout=30,
            what="the killed server's sockets to drop",
        )
        deadline = time.monotonic() + 30
        while await asyncio.to_thread(open_match_sockets, survivor) != 2:
            assert time.monotonic() < deadline, "both players connected to the live server"
            await asyncio.sleep(0.05)
        reconnected_after = time.monotonic() - killed_at

        # Back in step: each one's view is what a page loaded now through the proxy is told.
        for player, session in zip(players, sessions, strict=True):
            seq, view = await fresh_view(proxy, match, session)
            await wait_for(lambda p=player, s=seq: p.seq >= s, timeout=15, what="a resync")
            assert (player.seq, player.view) == (seq, view)
        in_step_after = time.monotonic() - killed_at

        # And play on: the next hand is played through the proxy, on the live server alone.
        for player in players:
            player.stop_at_hand = first_hand + 2
        await wait_for(
            lambda: (
                all(p.view["hand"] == first_hand + 2 and p.pending is None for p in players)
                and players[0].seq == players[1].seq
            ),
            timeout=120,
            what="the second hand to be played after the kill",
        )
        for player, session in zip(players, sessions, strict=True):
            assert (player.seq, player.view) == await fresh_view(proxy, match, session)
            assert not player.errors, player.errors
        assert victim.process.poll() is not None  # still dead: the live server did all of it
        print(
            f"\nproxy test: {max(sockets):.0f} of 2 sockets on the killed server; "
            f"both connected to the live server {reconnected_after:.2f} s after the SIGKILL, "
            f"both in step {in_step_after:.2f} s after it"
        )
    finally:
        for game in games:
            game.cancel()
        for player in players:
            await player.close()
        proxy.stop()
        for server in servers:
            server.stop()
        await asyncio.to_thread(database.drop)
