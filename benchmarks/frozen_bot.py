"""A computer level as it was at an earlier commit, to play against the level as it is now.

To prove that a change makes the expert stronger, the benchmark plays the expert against itself
as it was before the change (issue 30: "the current expert, frozen as a copy"). Instead of a
copy of the strategy code kept in the repository beside the code it copies, the frozen level is
the project's own history: ``games/`` at a named commit, taken out with ``git archive`` into
``benchmarks/.frozen/<commit>/`` (ignored by git) and run in a child process that imports only
that tree. The benchmark names it ``LEVEL@COMMIT`` (``expert@ca3c175``):

    .venv/bin/python benchmarks/bot_strength.py expert expert@ca3c175 --games 20000 --workers 16

Each decision crosses a pipe as JSON: the seat's view (what the engine shows that seat, the
same at both commits as long as the view's form is), the generator's state, and back the action
and the new state, so the frozen level draws exactly what it would have drawn in process. The
CPU a frozen level spends is its child's, so a benchmark's decision CPU times read near zero for
it; its wall times are its thinking plus the pipe (about 0.1 ms).
"""

from __future__ import annotations

import atexit
import io
import json
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine import Action  # noqa: E402
from games.engine.actions import action_from_dict  # noqa: E402

FROZEN = ROOT / "benchmarks" / ".frozen"
SEPARATOR = "@"

CHILD = """
import json, random, sys
sys.path.insert(0, sys.argv[1])
from games.bots import bot_for_level
from games.engine.actions import action_to_dict
bot = bot_for_level(sys.argv[2])
rng = random.Random()
for line in sys.stdin:
    asked = json.loads(line)
    state = asked["rng"]
    rng.setstate((state[0], tuple(state[1]), state[2]))
    action = bot.choose_action(asked["view"], asked["seat"], rng)
    answer = {"action": None if action is None else action_to_dict(action), "rng": rng.getstate()}
    sys.stdout.write(json.dumps(answer) + "\\n")
    sys.stdout.flush()
"""
"""The child: the frozen tree first on its path, one level, one decision a line."""


def is_frozen(name: str) -> bool:
    return SEPARATOR in name


def commit_of(revision: str) -> str:
    """The full commit a revision names (a short hash, a tag, ``HEAD``)."""
    found = subprocess.run(
        ["git", "rev-parse", "--verify", f"{revision}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        raise SystemExit(f"no commit {revision!r} in this clone: {found.stderr.strip()}")
    return found.stdout.strip()


def materialise(revision: str) -> Path:
    """``games/`` as it was at ``revision``, extracted once under :data:`FROZEN`."""
    commit = commit_of(revision)
    tree = FROZEN / commit
    if (tree / "games" / "bots" / "__init__.py").exists():
        return tree
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "games"], cwd=ROOT, capture_output=True
    )
    if archive.returncode != 0:
        raise SystemExit(f"git archive {commit} failed: {archive.stderr.decode().strip()}")
    FROZEN.mkdir(parents=True, exist_ok=True)
    # Each process extracts into a directory of its own and renames it into place: several
    # benchmark workers may start the same frozen level at once, and one rename wins.
    partial = Path(tempfile.mkdtemp(prefix=f"{commit}.", dir=FROZEN))
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(partial, filter="data")
    try:
        partial.rename(tree)
    except OSError:
        if not (tree / "games" / "bots" / "__init__.py").exists():
            raise
        shutil.rmtree(partial)
    return tree


@dataclass
class FrozenBot:
    """A level at an earlier commit, deciding in a child process (see the module)."""

    name: str
    _child: subprocess.Popen[str] | None = field(default=None, repr=False)

    @property
    def level(self) -> str:
        return self.name.partition(SEPARATOR)[0]

    def _started(self) -> subprocess.Popen[str]:
        if self._child is None or self._child.poll() is not None:
            tree = materialise(self.name.partition(SEPARATOR)[2])
            # -I: no PYTHONPATH and no script directory, so only the frozen tree has ``games``.
            self._child = subprocess.Popen(
                [sys.executable, "-I", "-c", CHILD, str(tree), self.level],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=tree,
            )
        return self._child

    def choose_action(
        self, view: dict[str, Any], seat: int, rng: random.Random | None = None
    ) -> Action | None:
        child = self._started()
        generator = rng if rng is not None else random.Random(0)
        assert child.stdin is not None and child.stdout is not None
        asked = {"view": view, "seat": seat, "rng": generator.getstate()}
        child.stdin.write(json.dumps(asked) + "\n")
        child.stdin.flush()
        line = child.stdout.readline()
        if not line:
            raise RuntimeError(f"the frozen {self.name} stopped (exit {child.wait()})")
        answer = json.loads(line)
        state = answer["rng"]
        generator.setstate((state[0], tuple(state[1]), state[2]))
        return None if answer["action"] is None else action_from_dict(answer["action"])

    def close(self) -> None:
        if self._child is not None and self._child.poll() is None:
            assert self._child.stdin is not None
            self._child.stdin.close()
            self._child.wait(timeout=10)
        self._child = None


_BOTS: dict[str, FrozenBot] = {}


def frozen_bot(name: str) -> FrozenBot:
    """One child per frozen level per process, started on its first decision."""
    if name not in _BOTS:
        _BOTS[name] = FrozenBot(name)
        atexit.register(_BOTS[name].close)
    return _BOTS[name]
