"""``python -m raise_the_sum``: the same as the ``raise-the-sum`` command."""

from raise_the_sum.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
