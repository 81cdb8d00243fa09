"""What the server holds in memory, for ``bench/memory.py``: mounted with the echo endpoint
(``KORTBORD_BENCH_ECHO=1``) only, never on a public server.

``GET /bench/memory`` collects garbage and answers with the process's RSS, how many entries
the rooms layer keeps per room (:meth:`Tables.held`) and per client address, and, when the
server runs under ``PYTHONTRACEMALLOC``, the bytes Python has allocated. With ``mark=true``
the snapshot taken is kept as the baseline (the bytes answered count it); with ``top=K`` the
K allocation sites that grew most since the baseline are listed (``frames`` of each call
stack, as many as the server traces); with ``parts=true`` the loaded rooms' objects are
measured by what holds them (the match, its view cache, its log, the encoded parts, the
chat, ...), each object counted once, and what the rooms held as their log alone keep.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import tracemalloc
from collections.abc import Iterable
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

from fastapi import FastAPI, Request

from app.tables import Tables

MEMORY_PATH = "/bench/memory"
_SHARED = (type, ModuleType, FunctionType, BuiltinFunctionType, MethodType)
_TRANSIENT = (asyncio.Future, asyncio.Handle, list)
"""What a room holds for a moment only (a task, a timer, the chat going out slice by slice):
each reaches the event loop and from there every other room."""


def _status_kb(key: str) -> int:
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def deep_size(root: object, seen: set[int]) -> int:
    """The bytes of ``root`` and of everything it reaches that ``seen`` does not hold yet
    (which it then does): classes, modules and functions are the program's, not a room's."""
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _SHARED):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def room_parts(tables: Tables) -> dict[str, int]:
    """The loaded rooms' bytes by what holds them, summed over the rooms."""
    seen: set[int] = set()
    parts: dict[str, int] = {}

    def count(name: str, objects: Iterable[object]) -> None:
        parts[name] = parts.get(name, 0) + sum(deep_size(o, seen) for o in objects)

    for live in tables.loaded():
        state = live.state
        deep_size(state.game, seen)  # the game, its pack and rules: every room's, no room's
        count("match", [state.match])
        count("view cache", [state._views])
        count("deals' seeds", [state.dealings])
        count("past matches", [state.past])
        count("encoded parts", [live.encoded, live._room])
        count("chat", [live.chat])
        # a connection, a waiter on the lock, a timer reach the whole server: their own
        # objects alone are counted
        shallow = [live.members, live.held, *live.members, *live.held, live.lock]
        shallow += [v for v in vars(live).values() if isinstance(v, _TRANSIENT)]
        parts["connections"] = parts.get("connections", 0) + sum(map(sys.getsizeof, shallow))
        seen.update(map(id, shallow))
        count("room state, rest", [vars(state)])
        count("live room, rest", [vars(live)])
    # a room held as its log alone: what it keeps beyond its log, and its entry
    dormant = tables.dormant()
    if dormant:
        count("asleep", dormant)
    return parts


def add_memory_route(web: FastAPI) -> None:
    # on the event loop, not a thread: nothing changes while the rooms are measured
    @web.get(MEMORY_PATH, include_in_schema=False)
    async def memory(
        request: Request, mark: bool = False, top: int = 0, frames: int = 1, parts: bool = False
    ) -> dict[str, Any]:
        state = request.app.state
        tables: Tables = state.tables
        gc.collect()
        out: dict[str, Any] = {
            "rss_kb": _status_kb("VmRSS:"),
            "hwm_kb": _status_kb("VmHWM:"),
            "held": tables.held(),
            "connections": sum(state.addresses.held.values()),
            "addresses": len(state.addresses.held),
            "creation_buckets": len(state.room_creations.buckets),
            "traced": None,
        }
        if tracemalloc.is_tracing():
            out["traced"] = tracemalloc.get_traced_memory()[0]
            if mark or top:
                snapshot = tracemalloc.take_snapshot().filter_traces(
                    [tracemalloc.Filter(False, tracemalloc.__file__)]
                )
                if mark:
                    state.memory_mark = snapshot
                    # The baseline snapshot stays in memory (some 8 bytes per block traced,
                    # megabytes on a loaded server): it is counted in the baseline, not
                    # taken for what the rooms measured against it hold.
                    gc.collect()
                    out["traced"] = tracemalloc.get_traced_memory()[0]
                baseline = getattr(state, "memory_mark", None)
                if top and baseline is not None:
                    key = "traceback" if frames > 1 else "lineno"
                    out["top"] = [
                        {
                            "size": stat.size_diff,
                            "count": stat.count_diff,
                            "where": [f"{f.filename}:{f.lineno}" for f in stat.traceback][:frames],
                        }
                        for stat in snapshot.compare_to(baseline, key)[:top]
                    ]
        if parts:
            out["parts"] = room_parts(tables)
        return out
