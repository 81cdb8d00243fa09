"""``kortbord validate`` as a real process (docs/records.md, Validation): exit status, one line
per file, ``--json`` output, and records of every game judged by that game's rules."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playout import make_revoke, play_match, record_json, replay_log

from app.bots import make_bot
from app.bots.arena import play_match as play_bots
from app.engine import get_game
from app.engine.bismarck.rules import winners
from app.engine.bismarck.state import Match
from app.engine.cards import SUIT_NAMES
from app.engine.records import export_record, validate_record

ROOT = Path(__file__).resolve().parents[2]
Record = dict[str, Any]


def validate(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "validate", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@cache
def match_of(seats: int, seed: int, keep: int | None = None) -> Match:
    full, log = play_match(seats, random.Random(seed))
    return full if keep is None else replay_log(seats, full.first_dealer, log[:keep])


def record(seats: int = 3, seed: int = 11, keep: int | None = None) -> Record:
    return record_json(match_of(seats, seed, keep))


def write(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def revoked(seats: int = 3, k: int = 2) -> tuple[Record, str]:
    """A complete record with a revoke in deal ``k``, and the error it must be reported with."""
    doc = record(seats)
    p, seat, led = make_revoke(doc, match_of(seats, 11), k)
    name = doc["players"][seat]
    return (
        doc,
        f"deal {k}, play {p}: seat {seat} ({name}) holds a {SUIT_NAMES[led]} and must follow suit",
    )


def lines(out: str) -> list[str]:
    return out.splitlines()


# -- exit status and text output ------------------------------------------------------------------


def test_valid_records_exit_0_and_each_line_names_its_file(tmp_path: Path) -> None:
    files = [
        write(tmp_path / "three.json", record(3)),
        write(tmp_path / "four.json", record(4)),
        write(tmp_path / "unfinished.json", record(4, 12, keep=300)),
    ]
    done = validate(*files)
    assert done.returncode == 0, done.stdout + done.stderr
    out = lines(done.stdout)
    assert len(out) == 3
    for line, path, deals in zip(out, files, (12, 16, None), strict=True):
        assert line.startswith(f"{path}: valid")
        if deals is not None:
            assert f"{deals} deals" in line
    assert done.stderr == ""


def test_a_broken_record_exits_1_naming_deal_and_play(tmp_path: Path) -> None:
    doc, error = revoked()
    path = write(tmp_path / "game.json", doc)
    done = validate(path)
    assert done.returncode == 1
    assert lines(done.stdout) == [f"{path}: {error}"]


@pytest.mark.parametrize("seats", [3, 4])
def test_a_rule_broken_without_a_play_names_the_deal(tmp_path: Path, seats: int) -> None:
    doc = record(seats)
    doc["deals"][4]["scores"] = [
        s + 1 if i == 0 else s for i, s in enumerate(doc["deals"][4]["scores"])
    ]
    path = write(tmp_path / "scores.json", doc)
    done = validate(path)
    assert done.returncode == 1
    [line] = lines(done.stdout)
    assert line.startswith(f"{path}: deal 5: scores are stated as ")


def _unreadable(tmp_path: Path) -> list[Path]:
    missing = tmp_path / "missing.json"
    not_json = tmp_path / "notes.json"
    not_json.write_text("this is not JSON {", encoding="utf-8")
    not_utf8 = tmp_path / "latin1.json"
    not_utf8.write_bytes(b'{"players": ["\xe5sa"]}')
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    a_list = write(tmp_path / "list.json", [record(3, 11, keep=5)])
    other_format = write(tmp_path / "pbn.json", {**record(3, 11, keep=5), "format": "pbn"})
    two_players = write(tmp_path / "two.json", {**record(3, 11, keep=5), "players": ["A", "B"]})
    folder = tmp_path / "folder.json"
    folder.mkdir()
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return [missing, not_json, not_utf8, empty, a_list, other_format, two_players, folder, deep]


def test_unreadable_files_and_non_records_exit_2(tmp_path: Path) -> None:
    for path in _unreadable(tmp_path):
        done = validate(path)
        assert done.returncode == 2, (path.name, done.stdout, done.stderr)
        assert lines(done.stdout) == [lines(done.stdout)[0]]
        assert done.stdout.startswith(f"{path}: "), done.stdout
        assert done.stderr == "", done.stderr


@pytest.mark.parametrize(
    ("kinds", "status"),
    [
        ("vv", 0),
        ("vb", 1),
        ("bv", 1),
        ("bb", 1),
        ("vu", 2),
        ("uv", 2),
        ("bu", 2),
        ("ub", 2),
        ("vbuv", 2),
    ],
)
def test_mixed_files_exit_with_the_worst_status(tmp_path: Path, kinds: str, status: int) -> None:
    broken, error = revoked()
    files = []
    for i, kind in enumerate(kinds):
        path = tmp_path / f"{i}-{kind}.json"
        if kind == "v":
            write(path, record(3, 11, keep=40 + i))
        elif kind == "b":
            write(path, broken)
        else:
            path.write_text("{", encoding="utf-8")
        files.append(path)
    done = validate(*files)
    assert done.returncode == status
    out = lines(done.stdout)
    # every file is judged, in the order given, whatever came before it
    assert len(out) == len(files)
    for line, path, kind in zip(out, files, kinds, strict=True):
        assert line.startswith(f"{path}: ")
        if kind == "v":
            assert line.startswith(f"{path}: valid")
        elif kind == "b":
            assert line == f"{path}: {error}"
        else:
            assert line.startswith(f"{path}: not JSON")


# -- --json ---------------------------------------------------------------------------------------


def expected_json(path: Path, doc: Record) -> dict[str, Any]:
    result = validate_record(doc)
    if not result.valid:
        return {"file": str(path), "valid": False, "error": result.error}
    return {
        "file": str(path),
        "valid": True,
        "deals": [{"tricks": d["tricks"], "scores": d["scores"]} for d in doc["deals"]],
        "totals": doc["totals"],
        "winners": doc["winners"],
    }


def test_json_prints_one_object_per_file_with_the_documented_keys(tmp_path: Path) -> None:
    broken, error = revoked(4, 9)
    docs = {
        "three.json": record(3),
        "four.json": record(4),
        "partial.json": record(4, 12, keep=777),
        "broken.json": broken,
    }
    paths = [write(tmp_path / name, doc) for name, doc in docs.items()]
    missing = tmp_path / "missing.json"
    done = validate("--json", *paths, missing)
    assert done.returncode == 2
    out = [json.loads(line) for line in lines(done.stdout)]
    assert len(out) == 5
    for obj, path, doc in zip(out[:4], paths, docs.values(), strict=True):
        assert obj == expected_json(path, doc)
        if obj["valid"]:
            assert list(obj) == ["file", "valid", "deals", "totals", "winners"]
            assert all(list(d) == ["tricks", "scores"] for d in obj["deals"])
            assert obj["winners"] == winners(obj["totals"])
        else:
            assert list(obj) == ["file", "valid", "error"]
    assert out[3]["error"] == error
    assert out[4]["file"] == str(missing) and out[4]["valid"] is False
    assert set(out[4]) == {"file", "valid", "error"} and out[4]["error"]
    # a valid four-player deal states null tricks for the seat that sits out
    assert all(d["tricks"].count(None) == 1 for d in out[1]["deals"])


def test_json_without_unreadable_files_exits_1_for_a_broken_record(tmp_path: Path) -> None:
    broken, error = revoked()
    good = write(tmp_path / "good.json", record(3))
    bad = write(tmp_path / "bad.json", broken)
    done = validate(good, bad, "--json")  # the documented form: FILE... [--json]
    assert done.returncode == 1
    first, second = (json.loads(line) for line in lines(done.stdout))
    assert first["valid"] is True and first["file"] == str(good)
    assert second == {"file": str(bad), "valid": False, "error": error}


# -- many files in one run ------------------------------------------------------------------------


def _prefix(doc: Record, deals: int, names: list[str]) -> Record:
    """The first ``deals`` deals of ``doc`` as a record of its own, derived fields restated."""
    out = copy.deepcopy(doc)
    out["players"] = names
    out["deals"] = out["deals"][:deals]
    totals = [0] * len(names)
    for deal in out["deals"]:
        totals = [t + s for t, s in zip(totals, deal["scores"], strict=True)]
    out["totals"] = totals
    out["winners"] = winners(totals)
    return out


def test_a_thousand_records_in_one_run(tmp_path: Path) -> None:
    bases = [record(3), record(4), record(3, 13), record(4, 14, keep=500)]
    broken, _ = revoked()
    rng = random.Random(1000)
    expected: dict[str, bool] = {}
    paths: list[Path] = []
    for i in range(1000):
        path = tmp_path / f"game-{i:04d}.json"
        if i % 97 == 13:
            doc = broken
        else:
            base = bases[i % len(bases)]
            seats = len(base["players"])
            names = [f"P{i}-{s}" for s in range(seats)]
            doc = _prefix(base, rng.randint(0, len(base["deals"])), names)
        write(path, doc)
        expected[str(path)] = doc is not broken
        paths.append(path)
    done = validate("--json", *paths)
    assert done.returncode == 1, done.stderr
    out = [json.loads(line) for line in lines(done.stdout)]
    assert len(out) == 1000
    assert [o["file"] for o in out] == [str(p) for p in paths]
    assert {o["file"]: o["valid"] for o in out} == expected
    assert sum(not o["valid"] for o in out) == len(range(13, 1000, 97))


# -- every game ------------------------------------------------------------------------------------


def sixty_six_record(seed: int) -> dict[str, object]:
    """A finished Sixty-six match of the basic and the random computer player, as the
    server exports it."""
    game = get_game("sixty_six")
    bots = [make_bot("sixty_six", "basic"), make_bot("sixty_six", "random", seed=seed)]
    state = play_bots(game, bots, random.Random(seed), {"target": 3})
    return export_record(game, state, ["Anna", "Bertil"])


def test_records_of_every_game_are_judged_by_their_own_rules(tmp_path: Path) -> None:
    sixty_six = sixty_six_record(4)
    assert sixty_six["options"] == {"target": 3}
    broken = json.loads(json.dumps(sixty_six))
    broken["deals"][0]["scores"] = [9, 9]
    files = [
        write(tmp_path / "bismarck.json", record(3)),
        write(tmp_path / "sixty-six.json", sixty_six),
        write(tmp_path / "broken-sixty-six.json", broken),
    ]
    done = validate("--json", *files)
    assert done.returncode == 1
    verdicts = [json.loads(line) for line in lines(done.stdout)]
    assert [v["valid"] for v in verdicts] == [True, True, False]
    assert verdicts[1]["totals"] == sixty_six["totals"]
    assert "deal 1" in verdicts[2]["error"] and "scores" in verdicts[2]["error"]


def test_a_record_of_an_unknown_game_is_not_a_record(tmp_path: Path) -> None:
    doc = record(3)
    doc["game"] = "whist"
    path = write(tmp_path / "whist.json", doc)
    done = validate(path)
    assert done.returncode == 2
    [line] = lines(done.stdout)
    assert line.startswith(f"{path}: not a record: unknown game 'whist'")
    assert "bismarck" in line and "sixty_six" in line


def test_options_a_game_does_not_have_make_no_record(tmp_path: Path) -> None:
    doc = sixty_six_record(5)
    doc["options"] = {"trumps": "always"}
    path = write(tmp_path / "options.json", doc)
    done = validate(path)
    assert done.returncode == 2
    assert "has no option 'trumps'" in done.stdout


def paper_record(tricks_of_deal_2: list[int]) -> dict[str, Any]:
    """Two Bismarck deals kept on paper."""
    deals = [
        {"entry": {"contract": "spel", "tricks": [4, 4, 8]}},
        {"entry": {"contract": "valfri", "trump": "H", "tricks": tricks_of_deal_2}},
    ]
    players = ["Anna", "Bertil", "Cecilia"]
    return {
        "format": "kortbord-record/1",
        "game": "bismarck",
        "players": players,
        "paper": True,
        "first_dealer": 2,
        "deals": deals,
    }


def test_a_match_kept_on_paper_is_scored_from_its_entries(tmp_path: Path) -> None:
    good = write(tmp_path / "paper.json", paper_record([5, 6, 5]))
    bad = write(tmp_path / "bad-paper.json", paper_record([5, 6, 6]))
    done = validate("--json", good, bad)
    assert done.returncode == 1
    kept, broken = [json.loads(line) for line in lines(done.stdout)]
    assert kept["valid"] and kept["totals"] == [-3, -2, 5]
    assert [d["scores"] for d in kept["deals"]] == [[-4, 0, 4], [1, -2, 1]]
    assert not broken["valid"] and broken["error"].startswith("deal 2: ")
    assert "sum to 17, not 16" in broken["error"]
    verified = subprocess.run(
        [sys.executable, "-m", "app", "verify", str(good)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert verified.returncode == 2
    assert "played with real cards" in verified.stdout
