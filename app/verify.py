"""``kortbord verify FILE... [--json]``: check that each deal of a record follows from its
revealed seeds (docs/fairness.md).

Exit status 0 when every revealed deal checks out, 1 when one does not, 2 when a file
cannot be read, is not a record or has no seeds (2 wins over 1). A deal whose seed is not
revealed yet (a match in progress) is listed and neither passes nor fails.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from app.engine.verify import verify_record
from app.validate import BROKEN, UNREADABLE, VALID, unreadable_reason


def run(files: Sequence[str], as_json: bool = False, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    status = VALID
    for name in files:
        try:
            checks = verify_record(json.loads(Path(name).read_bytes()))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as unreadable:
            status = UNREADABLE
            reason = unreadable_reason(unreadable)
            if as_json:
                print(json.dumps({"file": name, "verified": False, "error": reason}), file=out)
            else:
                print(f"{name}: {reason}", file=out)
            continue
        failed = [c for c in checks if c.verified is False]
        if failed:
            status = max(status, BROKEN)
        if as_json:
            deals = [c.to_json() for c in checks]
            print(json.dumps({"file": name, "verified": not failed, "deals": deals}), file=out)
            continue
        for check in checks:
            if check.verified:
                verdict = "verified"
            elif check.verified is None:
                verdict = f"not yet: {check.problem}"
            else:
                verdict = f"FAILED: {check.problem}"
            print(f"{name}: deal {check.deal}: {verdict}", file=out)
    return status
