"""A state's copy made field by field from a declaration: every slot of the class shared,
except those its ``COPIED`` names, each with the function that copies it (``list`` for a
list changed in place). Whatever a state replaces rather than changes in place, its copies
may share.

A playout copies its state, so the copy is written out once per class as a function of its
own, one line a field, as :mod:`dataclasses` writes its methods: a loop over the slots cost
a third of a short playout. A class that writes the method by hand keeps it, and so do its
subclasses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

Copier = Callable[[Any], Any]
F = TypeVar("F", bound=Callable[..., Any])

_WRITTEN: set[Any] = set()
"""The methods written here, and the bases' declarations of them: a class whose nearest
method is among them gets one written for it."""


def written_per_class(method: F) -> F:
    """Mark a base's ``copy`` or ``clone``, declared for the type checker: each class,
    the base too, gets one written for its own fields by :func:`write_copy`."""
    _WRITTEN.add(method)
    return method


def write_copy(cls: type, method: str) -> None:
    """Give ``cls`` its ``method`` for its slots and ``COPIED`` and its bases', unless the
    nearest ``method`` is one written by hand. A base calls it for itself once its class is
    made, its subclasses from ``__init_subclass__``."""
    nearest = getattr(cls, method)
    if nearest not in _WRITTEN:
        return
    copied: dict[str, Copier] = {}
    fields: list[str] = []
    for klass in reversed(cls.__mro__):
        copied.update(klass.__dict__.get("COPIED", {}))
        fields.extend(klass.__dict__.get("__slots__", ()))
    if unknown := set(copied) - set(fields):
        raise TypeError(f"{cls.__name__} copies no field {', '.join(sorted(unknown))}")
    scope: dict[str, Any] = {"new": object.__new__}
    lines = [f"def {method}(self):", "    other = new(type(self))"]
    for name in fields:
        how = copied.get(name)
        if how is None:
            lines.append(f"    other.{name} = self.{name}")
        else:
            scope[f"copy_{name}"] = how
            lines.append(f"    other.{name} = copy_{name}(self.{name})")
    exec("\n".join([*lines, "    return other"]), scope)  # our own text, from slot names
    written = scope[method]
    written.__qualname__ = f"{cls.__qualname__}.{method}"
    written.__doc__ = nearest.__doc__
    _WRITTEN.add(written)
    setattr(cls, method, written)
