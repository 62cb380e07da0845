"""Static files: WhiteNoise in Daphne, or Caddy's file_server in front (deploy/Caddyfile).

Collects the static files as production does (hashed names, .gz and .br copies), starts one
Daphne with production settings and Debian's caddy with the shipped Caddyfile, and asks for the
same files (the page's CSS, its JavaScript modules, the favicon) with ``Accept-Encoding: br,
gzip`` over keep-alive connections, three ways:

- ``whitenoise``: Daphne directly (WhiteNoise, as a site without the proxy serves them);
- ``caddy -> whitenoise``: through Caddy, which finds no file on disk and proxies;
- ``caddy file_server``: Caddy from disk (what compose ships).

Prints requests per second, the bytes of the bodies per request, and the cache header each way
gives a hashed file. The client is this Python process (asyncio, one connection per task), so
the figures compare the three ways on one machine rather than measure a ceiling.

    .venv/bin/python benchmarks/static_serving.py [--requests 3000] [--connections 16]

Results and the machine they came from go in docs/performance.md ("Static files").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_DIR))

from tests.support.proxy import CaddyProxy  # noqa: E402
from tests.support.servers import DaphneServer, child_environment, free_port  # noqa: E402

FILES = ["css/site.css", "css/table.css", "js/main.js", "js/board.js", "img/favicon.svg"]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-benchmark-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_SSL_REDIRECT": "false",
    "TASK_WORKER_IN_SERVER": "false",
    "DJANGO_SETTINGS_MODULE": "cribbage_site.settings",
}


def collect(static_root: Path) -> dict[str, str]:
    """collectstatic into ``static_root``; the hashed URL path of each of FILES."""
    env = child_environment(**PRODUCTION, STATIC_ROOT=str(static_root))
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=PROJECT_DIR,
        env=env,
        check=True,
    )
    manifest = json.loads((static_root / "staticfiles.json").read_text())["paths"]
    return {name: f"/static/{manifest[name]}" for name in FILES}


async def fetch(reader, writer, path: str, port: int) -> tuple[int, int, dict[str, str]]:
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Accept-Encoding: br, gzip\r\nConnection: keep-alive\r\n\r\n"
    )
    writer.write(request.encode())
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    else:  # chunked
        body = b""
        while True:
            size = int((await reader.readline()).strip(), 16)
            body += await reader.readexactly(size + 2)
            if size == 0:
                break
    return status, len(body), headers


async def load(port: int, paths: list[str], requests: int, connections: int) -> dict:
    done = 0
    total_bytes = 0
    failures = 0

    async def client(index: int) -> None:
        nonlocal done, total_bytes, failures
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        position = index
        while done < requests:
            done += 1
            status, size, _ = await fetch(reader, writer, paths[position % len(paths)], port)
            position += 1
            total_bytes += size
            failures += status != 200
        writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(client(index) for index in range(connections)))
    elapsed = time.perf_counter() - started
    return {
        "requests_per_second": round(done / elapsed),
        "bytes_per_request": round(total_bytes / done),
        "failures": failures,
    }


async def headers_of(port: int, path: str) -> dict[str, str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    _, size, headers = await fetch(reader, writer, path, port)
    writer.close()
    return {**headers, "body_bytes": str(size)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--connections", type=int, default=16)
    arguments = parser.parse_args()
    if shutil.which("caddy") is None:
        raise SystemExit("caddy is not installed (apt-get install caddy)")
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        paths = collect(root / "static")
        (root / "empty").mkdir()
        server = DaphneServer(
            {
                **PRODUCTION,
                "STATIC_ROOT": str(root / "static"),
                "DATABASE_URL": f"sqlite:///{root}/db",
            },
            log_path=root / "daphne.log",
        )
        server.env["DEBUG"] = "false"
        server.env["DJANGO_SETTINGS_MODULE"] = "cribbage_site.settings"
        server.start()
        ways = {
            "whitenoise": None,
            "caddy -> whitenoise": root / "empty",
            "caddy file_server": root,
        }
        try:
            for way, files_root in ways.items():
                proxy = None
                port = server.port
                if files_root is not None:
                    proxy = CaddyProxy(
                        upstreams=[server.port],
                        port=free_port(),
                        static_files_root=files_root,
                        log_path=root / "caddy.log",
                    ).start()
                    port = proxy.port
                try:
                    asyncio.run(load(port, list(paths.values()), 200, 4))  # warm up
                    figures = asyncio.run(
                        load(port, list(paths.values()), arguments.requests, arguments.connections)
                    )
                    sample = asyncio.run(headers_of(port, paths["js/main.js"]))
                finally:
                    if proxy is not None:
                        proxy.stop()
                print(
                    f"{way:22} {figures['requests_per_second']:6} req/s  "
                    f"{figures['bytes_per_request']:6} bytes/request  failures {figures['failures']}  "
                    f"main.js: {sample.get('content-encoding', 'identity')}, "
                    f"{sample['body_bytes']} bytes, cache-control {sample.get('cache-control')!r}"
                )
        finally:
            server.stop()
    print(
        f"{arguments.requests} requests over {arguments.connections} connections, {os.cpu_count()} CPUs"
    )


if __name__ == "__main__":
    main()
