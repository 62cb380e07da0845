"""Debian's caddy, run with the shipped deploy/Caddyfile in front of Daphne processes.

The same file docker-compose.yml mounts into its ``proxy`` service; only the environment
differs (plain HTTP on a loopback port, the servers' loopback ports, quicker health checks).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.support.servers import PROJECT_DIR, ChildProcess, die_with_parent, free_port

CADDYFILE = PROJECT_DIR / "deploy" / "Caddyfile"


def caddy_path() -> str | None:
    """Where the caddy binary is (CADDY_PATH, else on PATH), or None."""
    configured = os.environ.get("CADDY_PATH")
    return configured if configured and Path(configured).exists() else shutil.which("caddy")


class CaddyProxy(ChildProcess):
    """One caddy on ``port`` (loopback, plain HTTP) spreading requests over ``upstreams``."""

    def __init__(
        self,
        *,
        upstreams: list[int],
        port: int | None = None,
        static_files_root: Path | None = None,
        health_interval: str = "1s",
        fail_duration: str = "30s",
        log_path: Path | None = None,
    ) -> None:
        self.port = port or free_port()
        self.log_path = log_path
        self._home = tempfile.TemporaryDirectory(prefix="caddy-home-")
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            # Caddy keeps its state (certificates, autosave) under these: a throwaway folder.
            "HOME": self._home.name,
            "XDG_DATA_HOME": self._home.name,
            "XDG_CONFIG_HOME": self._home.name,
            "SITE_ADDRESS": f"http://127.0.0.1:{self.port}",
            "UPSTREAMS": " ".join(f"127.0.0.1:{upstream}" for upstream in upstreams),
            "STATIC_FILES_ROOT": str(static_files_root or self._home.name),
            "HEALTH_INTERVAL": health_interval,
            "FAIL_DURATION": fail_duration,
        }

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> CaddyProxy:
        executable = caddy_path()
        if executable is None:
            raise RuntimeError("caddy is not installed (apt-get install caddy)")
        if self.log_path is not None:
            self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [executable, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
            cwd=self._home.name,
            env=self.env,
            stdout=self._log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT if self._log else subprocess.DEVNULL,
            preexec_fn=die_with_parent(os.getpid()),
        )
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"caddy exited with code {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz?server", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except urllib.error.HTTPError as error:
                last = f"HTTP {error.code}"
            except OSError as error:
                last = str(error)
            time.sleep(0.1)
        raise RuntimeError(f"caddy on port {self.port} did not pass a request on: {last}")

    def stop(self) -> None:
        super().stop()
        self._home.cleanup()
