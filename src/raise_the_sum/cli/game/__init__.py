"""The terminal game behind ``raise-the-sum play``, in small modules.

=================  ===========================================================
``text``           styled text without a terminal library: spans and lines
``screen``         the input and output seam (``Screen``), and a plain screen
``commands``       what the player types, parsed into a command
``render``         what the game shows: the table, the hand, each action
``tutorial``       the guided first hand (``--tutorial``)
``session``        the loop: prompts, the opponents' turns, a match after another
``rich_screen``    the screen in colour; the only module that imports ``rich``
=================  ===========================================================

Everything but ``rich_screen`` runs without ``rich``, so the game's logic is
tested through a plain screen with scripted input. All the rules are the
library's: the session asks :func:`~raise_the_sum.legal_plays`,
:func:`~raise_the_sum.check` and :func:`~raise_the_sum.apply`, and the
opponents and hints come from :mod:`raise_the_sum.bots`.
"""
