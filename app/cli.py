"""The ``kortbord`` command."""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
from collections.abc import Sequence

from app.config import Settings, get_settings
from app.store.single import SecondInstance, hold_database

# A browser cannot open a wildcard address; point it at loopback instead.
_WILDCARD_HOSTS = {"0.0.0.0", "::", ""}


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(_options_first(sys.argv[1:] if argv is None else list(argv)))
    if args.command == "validate":
        return _validate(args.files, as_json=args.json)
    if args.command == "verify":
        return _verify(args.files, as_json=args.json)
    if args.command == "migrate":
        return _migrate(args.direction, args.revision)
    return _serve(host=getattr(args, "host", None), port=getattr(args, "port", None))


def _options_first(argv: list[str]) -> list[str]:
    """Let ``--json`` stand anywhere among the files (``validate a.json --json b.json``):
    argparse cannot intermix options with a list of positionals under a subcommand."""
    if argv[:1] in (["validate"], ["verify"]) and "--json" in argv[1:]:
        return [argv[0], "--json", *(a for a in argv[1:] if a != "--json")]
    return argv


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kortbord", description="A self-hostable online card table."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the web server (the default)")
    serve.add_argument("--host", help="address to listen on (default: $KORTBORD_HOST, 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port to listen on (default: $KORTBORD_PORT, 8000)")

    validate = commands.add_parser("validate", help="check game records against the rules")
    validate.add_argument("files", nargs="+", metavar="FILE", help="kortbord-record/1 JSON file")
    validate.add_argument("--json", action="store_true", help="print one JSON object per file")
    verify = commands.add_parser(
        "verify", help="check that each deal of a record follows from its revealed seeds"
    )
    verify.add_argument("files", nargs="+", metavar="FILE", help="kortbord-record/1 JSON file")
    verify.add_argument("--json", action="store_true", help="print one JSON object per file")
    migrate = commands.add_parser(
        "migrate", help="upgrade or downgrade the database schema (serve upgrades by itself)"
    )
    migrate.add_argument("direction", choices=["upgrade", "downgrade", "current"])
    migrate.add_argument("revision", nargs="?", help="target revision (head / base by default)")
    return parser


def _migrate(direction: str, revision: str | None) -> int:
    from app.store.engine import make_engine
    from app.store.migrate import current, downgrade, upgrade

    engine = make_engine(get_settings().database_url)
    try:
        if direction == "upgrade":
            upgrade(engine, revision or "head")
        elif direction == "downgrade":
            downgrade(engine, revision or "base")
        print(f"schema revision: {current(engine) or 'none'}")
    finally:
        engine.dispose()
    return 0


def _serve(host: str | None, port: int | None) -> int:
    import uvicorn

    from app.web import create_app
    from app.web.stopping import RoomsFirstServer
    from app.web.wire import socket_protocol

    overrides: dict[str, object] = {}
    if host is not None:
        overrides["host"] = host
    if port is not None:
        overrides["port"] = port
    settings = get_settings().model_copy(update=overrides)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    try:
        # held, by being referenced, until the server has stopped
        database_lock = hold_database(settings.database_url)
    except SecondInstance as refused:
        print(f"kortbord: {refused}", file=sys.stderr, flush=True)
        return 2

    web = create_app(settings)
    config = uvicorn.Config(
        web,
        host=settings.host,
        port=settings.port,
        # The protocol layer drops frames far past the limit before they are buffered whole;
        # frames just past it reach the app, which answers with a clear error instead.
        ws_max_size=settings.ws_max_frame_bytes * 16,
        ws_per_message_deflate=False,
        # uvicorn's own connection, holding less for each socket (a table holds three)
        ws=socket_protocol(),
        # The app reads forwarded addresses itself, from KORTBORD_TRUSTED_PROXIES only: the
        # rightmost untrusted one, which a client cannot forge, is what its limits count.
        proxy_headers=False,
    )
    server = RoomsFirstServer(config, web)
    _tune_garbage_collector()
    # Bind before announcing, so the printed URL is one that answers (and names the real
    # port when 0 asked the kernel to choose).
    sock = config.bind_socket()
    print(f"Kortbord is running: open {_url(settings, sock.getsockname()[1])}", flush=True)
    # Ctrl-C is the ordinary way to stop a server run by hand; uvicorn has already shut down
    # cleanly by the time it re-raises the interrupt, so a traceback would only alarm.
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    if database_lock is not None:
        database_lock.release()
    return 0


def _tune_garbage_collector() -> None:
    """Fewer, cheaper cycle collections for a long-running server.

    A busy server holds many actions in flight at once, so what each one allocates lives
    long enough, counted in allocations, to be promoted to the oldest generation, which is
    then collected again and again, each time walking every object of every module as well.
    Under load that was a fifth of the server's CPU. Freezing what exists after start-up
    takes the modules out of those walks.

    The first threshold is high because every youngest-generation collection walks all
    actions waiting for their commit (a thousand busy tables keep some 30,000 objects in
    flight), however few objects are new: at 10,000 the collector took 5 to 8% of a core
    under load, at 100,000 half that. Nearly everything is freed by reference counting
    anyway; the collector is only for cycles, and waiting longer for those costs little.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 10, 10)


def _url(settings: Settings, port: int) -> str:
    if settings.public_origin:
        return settings.public_origin.rstrip("/") + "/"
    host = "127.0.0.1" if settings.host in _WILDCARD_HOSTS else settings.host
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _validate(files: list[str], *, as_json: bool) -> int:
    # Imported here so that serving never depends on the validator's import cost or state.
    from app.validate import run

    return run(files, as_json)


def _verify(files: list[str], *, as_json: bool) -> int:
    from app.verify import run

    return run(files, as_json)
