"""Log records the server rewrites: a client must not be able to fill the log at will.

uvicorn's WebSocket protocol closes a text frame that is not valid UTF-8 with 1007, as it
should, but logs it as an ERROR with a full traceback, and anyone can send such frames as
fast as they can open connections. Here each one becomes a single short line.
"""

from __future__ import annotations

import logging

SERVER_LOGGER = "uvicorn.error"
INVALID_UTF8 = "WebSocket closed with 1007: a text frame was not valid UTF-8"


class ShortClientFaults(logging.Filter):
    """Turns the traceback of a client's invalid UTF-8 frame into one INFO line."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info
        if exc is not None and exc[0] is not None and issubclass(exc[0], UnicodeDecodeError):
            record.msg, record.args = INVALID_UTF8, None
            record.exc_info, record.exc_text, record.stack_info = None, None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def install() -> ShortClientFaults:
    """Add the filter to the server's logger; the caller removes it with :func:`remove`."""
    fault_filter = ShortClientFaults()
    logging.getLogger(SERVER_LOGGER).addFilter(fault_filter)
    return fault_filter


def remove(fault_filter: ShortClientFaults) -> None:
    logging.getLogger(SERVER_LOGGER).removeFilter(fault_filter)
