"""The benchmark's frozen level (benchmarks/frozen_bot.py): a level as it was at a commit, run
from that commit's tree in a child process, decides exactly as the level does in process."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import MatchOptions

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location(
        f"benchmarks.{name}", ROOT / "benchmarks" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_level_frozen_at_head_plays_the_same_games_as_the_level_now(tmp_path, monkeypatch):
    changed = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "games"], cwd=ROOT)
    if changed.returncode != 0:
        pytest.skip("games/ differs from HEAD in this checkout, so HEAD's level is another level")
    frozen = load("frozen_bot")
    strength = load("bot_strength")
    monkeypatch.setattr(frozen, "FROZEN", tmp_path)
    monkeypatch.setattr(strength, "frozen_bot", frozen.frozen_bot)
    options = MatchOptions(match_target=1)
    now = strength.play_pair("hard", "medium", options, 5)
    then = strength.play_pair("hard@HEAD", "medium", options, 5)
    assert [(seat, r.winner, r.scores, r.points) for seat, r in now] == [
        (seat, r.winner, r.scores, r.points) for seat, r in then
    ]
    tree = tmp_path / frozen.commit_of("HEAD")
    assert (tree / "games" / "bots" / "hard.py").read_bytes() == (
        ROOT / "games" / "bots" / "hard.py"
    ).read_bytes()
    frozen.frozen_bot("hard@HEAD").close()


def test_a_level_name_must_be_a_level_or_a_level_at_a_commit():
    strength = load("bot_strength")
    assert strength.level_name("expert") == "expert"
    assert strength.level_name("expert@HEAD") == "expert@HEAD"
    for bad in ("grandmaster", "expert@", "grandmaster@HEAD"):
        with pytest.raises(Exception, match="not a level"):
            strength.level_name(bad)
    with pytest.raises(SystemExit, match="no commit"):
        strength.level_name("expert@no-such-commit")
