"""The code under test is the checkout's own, whatever the tests collected before: the
editable install points ``app`` at the checkout it was installed from, and a second checkout
(a git worktree) sharing that environment imported the other one's ``app`` unless a module
such as ``tests/golden/engines.py`` had put its root on the path first, so that one test run
and another checked different code."""

from __future__ import annotations

import sys
from pathlib import Path

import app
import app.engine

ROOT = Path(__file__).resolve().parents[1]


def test_app_is_imported_from_this_checkout() -> None:
    assert Path(app.__file__).resolve() == ROOT / "app" / "__init__.py"
    assert Path(app.engine.__file__).resolve().is_relative_to(ROOT / "app")


def test_the_checkouts_root_leads_the_path() -> None:
    roots = [Path(p).resolve() for p in sys.path if p]
    assert ROOT in roots
    for other in roots[: roots.index(ROOT)]:
        assert not (other / "app" / "__init__.py").exists(), other
