"""Layers point one way, and a game lives in its own folders: outside them nothing names it.

``web`` → ``tables`` → ``store``/``bots`` → ``engine``; the engine imports nothing of the
project outside itself. A game's engine package (``app/engine/<game>/``), its computer
players (``app/bots/<game>/``) and its browser panel (``static/games/<game>/``) are the only
places that know it; everything else reaches it through the registries. A *family* library
that several games share (``app/engine/pinochle/`` with ``app/bots/pinochle/``, and
``app/engine/bezique/``) is no game: it names its games in ``MEMBERS``, and only their
folders import it. These checks read the source, so they hold for code no test happens to
run.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.engine import GAMES

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"

# what each layer may import of the project
ALLOWED = {
    "engine": ("app.engine",),
    "bots": ("app.engine", "app.bots"),
    "store": ("app.store",),
    "tables": ("app.engine", "app.bots", "app.store", "app.tables"),
    "web": ("app.tables", "app.web", "app.config", "app.store"),
}


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def imported(path: Path) -> Iterator[str]:
    """Every module ``path`` (a file of this repository) imports."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return imports_of(path.read_text(), parts[:-1])


def imports_of(source: str, package: tuple[str, ...]) -> Iterator[str]:
    """Every module ``source`` imports, relative imports resolved against ``package``; for
    ``from m import n`` both ``m`` and ``m.n``, since ``n`` may be a module."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            yield module
            for alias in node.names:
                yield f"{module}.{alias.name}"


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_below_it(layer: str) -> None:
    files = python_files(APP / layer)
    assert files
    for path in files:
        for module in imported(path):
            if module == "app" and layer == "web":
                continue  # the package's version, for the API's description
            if module.startswith("app.") or module == "app":
                assert module.startswith(ALLOWED[layer]), (str(path.relative_to(ROOT)), module)


def test_the_engine_uses_the_standard_library_alone() -> None:
    import sys

    for path in python_files(APP / "engine"):
        for module in imported(path):
            top = module.split(".")[0]
            assert top == "app" or top in sys.stdlib_module_names or top == "__future__", (
                str(path.relative_to(ROOT)),
                module,
            )


def families() -> dict[str, tuple[str, ...]]:
    """Each family library of ``app/engine`` and the games it names as its members."""
    found: dict[str, tuple[str, ...]] = {}
    for module in pkgutil.iter_modules([str(APP / "engine")]):
        if module.ispkg:
            members = getattr(importlib.import_module(f"app.engine.{module.name}"), "MEMBERS", None)
            if members is not None:
                found[module.name] = tuple(members)
    return found


FAMILIES = families()


def home(game: str) -> str:
    """The package name a game's engine and bots live under: its family's, or its own."""
    return next((family for family, members in FAMILIES.items() if game in members), game)


def own_folders(game: str) -> list[Path]:
    return [
        APP / "engine" / home(game),
        APP / "bots" / home(game),
        ROOT / "static" / "games" / game,
    ]


def scanned_files() -> list[Path]:
    scanned = [
        *python_files(APP),
        *python_files(ROOT / "bench"),
        *python_files(ROOT / "migrations"),
    ]
    assert len(scanned) > 40
    return scanned


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_module_outside_a_games_folders_imports_it(game: str) -> None:
    packages = (f"app.engine.{home(game)}", f"app.bots.{home(game)}")
    imported_by_its_own = 0
    for path in scanned_files():
        inside = any(path.is_relative_to(folder) for folder in own_folders(game))
        for module in imported(path):
            if module.startswith(packages):
                assert inside, (str(path.relative_to(ROOT)), module)
                imported_by_its_own += 1
    # the scan resolves the game's own imports, so a check that sees nothing is a broken one
    assert imported_by_its_own


def test_the_families_are_found_and_are_no_games() -> None:
    assert {"pinochle", "bezique"} <= set(FAMILIES)
    for family, members in FAMILIES.items():
        assert members and set(members) <= set(GAMES)
        package = importlib.import_module(f"app.engine.{family}")
        if family in GAMES:
            # a game's own package may be the family of variants built on it (Bismarck's,
            # whose members share its contracts): it is that game, and no member of it
            assert package.GAME.name == family and family not in members
        else:
            assert not hasattr(package, "GAME")


def test_every_game_lives_in_a_package_of_its_own_or_of_its_family() -> None:
    # app/engine/<dir>/ is a game's or a family's, never a member of a family on its own
    members = {game for games in FAMILIES.values() for game in games}
    for module in pkgutil.iter_modules([str(APP / "engine")]):
        if module.ispkg:
            assert module.name not in members, module.name
    for game in GAMES:
        assert (APP / "engine" / home(game)).is_dir(), game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_browser_core_and_the_pages_do_not_name_a_game(game: str) -> None:
    pattern = re.compile(rf"games/{re.escape(game)}\b|['\"]{re.escape(game)}['\"]")
    files = [
        *sorted((ROOT / "static" / "js").rglob("*.js")),
        *sorted((ROOT / "templates").rglob("*.html")),
    ]
    assert files
    for path in files:
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            assert not pattern.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"


def test_the_boundary_check_sees_a_forbidden_import() -> None:
    # Without this, a scan that resolved nothing would pass every check above.
    game = next(iter(GAMES))
    found = set(imports_of("from ..engine import records\nfrom . import x\n", ("app", "tables")))
    assert {"app.engine", "app.engine.records", "app.tables", "app.tables.x"} <= found
    found = set(imports_of(f"from app.engine.{game}.state import Match\n", ("app", "web")))
    assert any(m.startswith(f"app.engine.{game}") for m in found)


def test_no_two_test_modules_share_a_name() -> None:
    """Test modules are imported by their file name alone (rootdir-relative imports), so two
    files of one name in different folders break the whole run's collection."""
    tests = Path(__file__).resolve().parent
    seen: dict[str, Path] = {}
    for path in sorted(tests.rglob("test_*.py")):
        other = seen.setdefault(path.name, path)
        assert other == path, f"{path.relative_to(tests)} and {other.relative_to(tests)}"
