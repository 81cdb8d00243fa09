"""Kortbord: a self-hostable online card table."""

from __future__ import annotations

__version__ = "0.1.0"
