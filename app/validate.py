"""``kortbord validate FILE... [--json]``: judge game records of any game (docs/records.md).

Exit status 0 when every record is valid, 1 when at least one breaks a rule, 2 when a file
cannot be read or is not a record of the format, a game unknown included (2 wins over
1). Each record is replayed through the rules of the game it names. All files are judged in
this one process, so checking a thousand records costs one interpreter start.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from app.engine import RecordFormatError
from app.engine.records import validate_record

VALID, BROKEN, UNREADABLE = 0, 1, 2


def run(files: Sequence[str], as_json: bool = False, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    status = VALID
    for name in files:
        try:
            doc = json.loads(Path(name).read_bytes())
            result = validate_record(doc)
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as unreadable:
            # JSONDecodeError and RecordFormatError are both ValueErrors; json raises
            # RecursionError on arrays or objects nested too deeply to decode
            reason = unreadable_reason(unreadable)
            status = UNREADABLE
            if as_json:
                print(json.dumps({"file": name, "valid": False, "error": reason}), file=out)
            else:
                print(f"{name}: {reason}", file=out)
            continue
        if not result.valid:
            status = max(status, BROKEN)
        if as_json:
            print(json.dumps(result.to_json(name)), file=out)
        elif result.valid:
            totals = " ".join(f"{t:+d}" if t else "0" for t in result.totals)
            print(
                f"{name}: valid, {len(result.deals)} deals, totals {totals},"
                f" winners {' '.join(str(w) for w in result.winners)}",
                file=out,
            )
        else:
            print(f"{name}: {result.error}", file=out)
    return status


def unreadable_reason(error: Exception) -> str:
    if isinstance(error, RecordFormatError):
        return f"not a record: {error}"
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
    if isinstance(error, RecursionError):
        return "not JSON: nested too deeply"
    if isinstance(error, OSError):
        return f"cannot read: {error.strerror or error}"
    return f"cannot read: {error}"
