"""Argument types that the commands share: whole numbers, seconds, seeds and bots.

Each raises :class:`argparse.ArgumentTypeError`, which the command line
prints on one line with exit status 2.

>>> whole_number(1)("3"), seed("-7")
(3, -7)
>>> seed("3.5")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a seed is a whole number (rule R3.8), got '3.5'
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from raise_the_sum.bots import Bot, make_bot

__all__ = ["bot", "seconds", "seed", "whole_number"]


def _is_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def whole_number(least: int, what: str = "a whole number") -> Callable[[str], int]:
    """A parser of ``what``: ASCII digits making ``least`` or more."""

    def parse(text: str) -> int:
        if not _is_digits(text) or int(text) < least:
            raise argparse.ArgumentTypeError(f"{what}, {least} or more; got {text!r}")
        return int(text)

    return parse


def seconds(most: float, what: str) -> Callable[[str], float]:
    """A parser of a finite number of seconds from 0 to ``most``; ``what`` names it in errors.

    >>> seconds(10, "a delay is 0 to 10 seconds")("2.5")
    2.5
    >>> seconds(10, "a delay is 0 to 10 seconds")("inf")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a delay is 0 to 10 seconds, got 'inf'
    """

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and 0 <= value <= most):
            raise argparse.ArgumentTypeError(f"{what}, got {text!r}")
        return value

    return parse


def seed(text: str) -> int:
    """A seed: any whole number, negative too, in ASCII digits (rule R3.8)."""
    if not _is_digits(text[1:] if text.startswith("-") else text):
        raise argparse.ArgumentTypeError(f"a seed is a whole number (rule R3.8), got {text!r}")
    return int(text)


def bot(text: str) -> Bot:
    """A bot by name, in any case: ``greedy``, ``Riley``..."""
    try:
        return make_bot(text.lower())
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
