"""Lines of engine code per game folder, as issue 32's goal counts them and as code alone.

    .venv/bin/python bench/lines.py [REV]

For each of the nine games' folders (the Schnapsen variant and German Whist left out, as the
goal's baseline was counted), the ``wc -l`` of its Python files and, of those lines, how many
are code: not blank, not a comment, not a docstring. ``REV`` (a commit) counts that commit's
tree instead of the working tree, so a change can be set against its start.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("bismarck", "sixty_six", "pinochle", "spades", "bezique")
KINDS = ("code", "comment", "docstring", "blank")


def sources(rev: str | None) -> dict[str, list[str]]:
    """Each counted folder's Python sources, from the working tree or commit ``rev``."""
    out: dict[str, list[str]] = {folder: [] for folder in FOLDERS}
    for folder in FOLDERS:
        base = f"app/engine/{folder}"
        if rev is None:
            paths = sorted(str(p.relative_to(ROOT)) for p in (ROOT / base).rglob("*.py"))
        else:
            listed = subprocess.run(
                ["git", "ls-tree", "-r", "--name-only", rev, base],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            paths = [p for p in listed if p.endswith(".py")]
        for path in paths:
            if "/schnapsen/" in path:
                continue
            if rev is None:
                out[folder].append((ROOT / path).read_text())
            else:
                shown = subprocess.run(
                    ["git", "show", f"{rev}:{path}"],
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                out[folder].append(shown.stdout)
    return out


def kinds(source: str) -> dict[str, int]:
    """How many of ``source``'s lines are code, comments, docstrings and blank."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    counts = dict.fromkeys(KINDS, 0)
    for number, line in enumerate(source.splitlines(), 1):
        text = line.strip()
        if not text:
            counts["blank"] += 1
        elif number in docstrings:
            counts["docstring"] += 1
        elif text.startswith("#"):
            counts["comment"] += 1
        else:
            counts["code"] += 1
    return counts


def main() -> None:
    rev = sys.argv[1] if len(sys.argv) > 1 else None
    totals = dict.fromkeys(("lines", *KINDS), 0)
    print(f"{'folder':<10} {'lines':>6} " + " ".join(f"{k:>9}" for k in KINDS))
    for folder, texts in sources(rev).items():
        row = dict.fromkeys(("lines", *KINDS), 0)
        for text in texts:
            row["lines"] += len(text.splitlines())
            for kind, n in kinds(text).items():
                row[kind] += n
        for key in totals:
            totals[key] += row[key]
        print(f"{folder:<10} {row['lines']:>6} " + " ".join(f"{row[k]:>9}" for k in KINDS))
    print(f"{'nine games':<10} {totals['lines']:>6} " + " ".join(f"{totals[k]:>9}" for k in KINDS))


if __name__ == "__main__":
    main()
