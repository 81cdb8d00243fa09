"""SQLite serves one instance: a second server on the same database file stops at once with
a message that says why and what to do instead, and the first serves on undisturbed."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from support.server import ServerProcess, ServerStartError


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = ServerProcess(data, log_dir=tmp_path / "first-logs")
    first.start()
    try:
        second = ServerProcess(data, log_dir=tmp_path / "second-logs")
        with pytest.raises(ServerStartError, match="server exited with status 2"):
            second.start()
        assert "another Kortbord server is already serving" in second.stderr()
        assert "PostgreSQL" in second.stderr()
        assert httpx.get(f"{first.base_url}/healthz", timeout=5).status_code == 200
    finally:
        first.stop()
    # once the first has stopped, the file is free again
    again = ServerProcess(data, log_dir=tmp_path / "again-logs")
    again.start()
    again.stop()
