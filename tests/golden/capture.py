"""Golden files of seeded Bismarck rooms: write them, dump them whole, or compare.

    python tests/golden/capture.py --write      # record today's digests in bismarck.json
    python tests/golden/capture.py --dump DIR   # every artefact in full, one file each

The golden file holds a SHA-256 digest of each artefact (the frames each connection
received, the event log, the stored rows, every HTTP answer, the validator's output), so
that it stays small. To see what changed, dump the artefacts on the commit before and on
the commit after, and diff the two directories.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "bismarck.json"
sys.path[:0] = [str(HERE.parent), str(HERE.parents[1])]

from golden.scenarios import SCENARIOS, capture  # noqa: E402


def encode(value: Any) -> bytes:
    return json.dumps(value, indent=1, sort_keys=False, ensure_ascii=False).encode()


def digests(artefacts: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in artefacts.items():
        if key == "frames":
            for connection, frames in value.items():
                out[f"frames {connection}"] = hashlib.sha256("\n".join(frames).encode()).hexdigest()
        else:
            out[key] = hashlib.sha256(encode(value)).hexdigest()
    return out


def all_digests() -> dict[str, dict[str, str]]:
    return {name: digests(capture(name)) for name in SCENARIOS}


def dump(directory: Path) -> None:
    for name in SCENARIOS:
        artefacts = capture(name)
        target = directory / name
        target.mkdir(parents=True, exist_ok=True)
        for key, value in artefacts.items():
            if key == "frames":
                for connection, frames in value.items():
                    (target / f"frames-{connection}.txt").write_text("\n".join(frames) + "\n")
            else:
                safe = key.replace(" ", "_").replace("/", "-")
                (target / f"{safe}.json").write_bytes(encode(value) + b"\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true")
    group.add_argument("--dump", type=Path)
    args = parser.parse_args()
    if args.write:
        GOLDEN.write_text(json.dumps(all_digests(), indent=1, sort_keys=True) + "\n")
    else:
        dump(args.dump)


if __name__ == "__main__":
    main()
