"""What the player types, parsed into a :data:`Command`.

One line of input is one command. Cards are picked by their number in the
hand as shown (1-based, rule R1.4's order) or by their notation (rule R1.6),
or both at once, after the word ``play`` or ``discard`` if you like (each
means only what it says); the words are ``pass``, ``hint``, ``guide``,
``rule R4.4``, ``rules``, ``new`` (or ``fresh``, ``fresh start``), ``quit``
and ``help``. Case and commas do not matter.

>>> from raise_the_sum import parse_cards
>>> hand = parse_cards("+2 +5 +8 x2 -3")
>>> parse_command("1 3 4", hand)
Pick(cards=(Card.parse('+2'), Card.parse('+8'), Card.parse('x2')), numbers=(1, 3, 4), verb=None)
>>> parse_command("+8 X2", hand)
Pick(cards=(Card.parse('+8'), Card.parse('x2')), numbers=(), verb=None)
>>> parse_command("discard 5", hand)
Pick(cards=(Card.parse('-3'),), numbers=(5,), verb='discard')
>>> parse_command("rule 4.4", hand)
ReadRule(rule_id='R4.4')
>>> try:
...     parse_command("7", hand)
... except InputError as error:
...     print(error)
there is no card 7: your hand has 5 cards, numbered 1 to 5 (rule R4.2)

A pick is only parsed here; whether the rules allow it is for the engine
(:func:`raise_the_sum.check`) to say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from raise_the_sum import Card
from raise_the_sum.rulebook import parse_rule_id

__all__ = [
    "Answer",
    "Command",
    "Enter",
    "Fresh",
    "Guide",
    "Help",
    "Hint",
    "InputError",
    "PassTurn",
    "Pick",
    "Quit",
    "ReadRule",
    "parse_answer",
    "parse_command",
    "parse_word",
    "parse_yes_no",
]


class InputError(ValueError):
    """A line of input that is not a command; ``str()`` says why, for the player."""


@attrs.frozen
class Pick:
    """Some cards picked from the hand, to play or to discard."""

    #: The cards, in the order typed.
    cards: tuple[Card, ...]
    #: The hand numbers typed (1-based), if the cards were picked by number.
    numbers: tuple[int, ...] = ()
    #: ``"play"`` or ``"discard"`` when the line started with that word; None for bare cards.
    verb: str | None = None


@attrs.frozen
class PassTurn:
    """Pass (rule R4.5)."""


@attrs.frozen
class Hint:
    """Ask for the play a bot would suggest."""


@attrs.frozen
class ReadRule:
    """Read one rule, or list them all when ``rule_id`` is None."""

    #: The rule's identifier, as typed but upper-cased (``R4.4``); None for the list.
    rule_id: str | None = None


@attrs.frozen
class Guide:
    """Show the game's quick guide, with the rule ids beside it."""


@attrs.frozen
class Fresh:
    """Start a fresh match (after a confirmation)."""


@attrs.frozen
class Quit:
    """Leave the game."""


@attrs.frozen
class Help:
    """Show the commands."""


@attrs.frozen
class Enter:
    """An empty line: go on (between rounds), or nothing typed."""


#: Any command.
Command: TypeAlias = Pick | PassTurn | Hint | Guide | ReadRule | Fresh | Quit | Help | Enter

_WORDS: Final[dict[str, Command]] = {
    "pass": PassTurn(),
    "hint": Hint(),
    "guide": Guide(),
    "rules": ReadRule(),
    "new": Fresh(),
    "fresh": Fresh(),
    "fresh start": Fresh(),
    "quit": Quit(),
    "q": Quit(),
    "exit": Quit(),
    "help": Help(),
    "?": Help(),
    "next": Enter(),
}

#: The words a line may start with before its cards; they add nothing.
_VERBS: Final = ("play", "discard")


def parse_command(text: str, hand: Sequence[Card]) -> Command:
    """Parse one line typed by the player, whose hand is ``hand`` (as shown).

    Raises :class:`InputError` with the reason when the line is not a command.
    """
    word = parse_word(text)
    if word is not None:
        return word
    words = text.replace(",", " ").split()
    head = words[0].lower()
    verb = None
    if head in _VERBS:
        verb = head
        words = words[1:]
        if not words:
            raise InputError(f"{head} what? Pick cards by number (1 3) or by card (+8 x2)")
    elif len(words) == 1 and words[0].isalpha() and words[0].lower() not in ("x",):
        raise InputError(f"'{words[0]}' is not a command or a card: type 'help' for the commands")
    return attrs.evolve(_pick(words, hand), verb=verb)


def parse_word(text: str) -> Command | None:
    """The command a line of words means (no cards), or None when it holds anything else.

    This is what the prompts between rounds and after the match read, where
    there are no cards to pick. An empty line is :class:`Enter`.

    >>> parse_word("Fresh Start"), parse_word("rule r2.5"), parse_word("99")
    (Fresh(), ReadRule(rule_id='R2.5'), None)
    """
    words = text.replace(",", " ").split()
    if not words:
        return Enter()
    head = words[0].lower()
    line = " ".join(word.lower() for word in words)
    if line in _WORDS:
        return _WORDS[line]
    if head == "rule":
        if len(words) == 1:
            return ReadRule()
        if len(words) == 2:
            try:
                return ReadRule(parse_rule_id(words[1]))
            except ValueError as error:
                raise InputError(str(error)) from None
        raise InputError("write 'rule' and one rule's identifier, as in: rule R4.4")
    if head in _WORDS or head == "rules":
        raise InputError(f"'{head}' takes nothing after it")
    return None


def _pick(words: Sequence[str], hand: Sequence[Card]) -> Pick:
    cards: list[Card] = []
    numbers: list[int] = []
    for word in words:
        if word.isascii() and word.isdigit() and int(word) != 0:
            number = int(word)
            if number > len(hand):
                raise InputError(
                    f"there is no card {number}: your hand has {len(hand)} card"
                    f"{'s' if len(hand) != 1 else ''}, numbered 1 to {len(hand)} (rule R4.2)"
                )
            if number in numbers:
                raise InputError(
                    f"card {number} is picked twice: each card in your hand can be "
                    "picked once (rule R4.2)"
                )
            numbers.append(number)
            cards.append(hand[number - 1])
        else:
            try:
                cards.append(Card.parse(word[0].lower() + word[1:] if word[:1] == "X" else word))
            except ValueError as error:
                raise InputError(str(error)) from None
    return Pick(tuple(cards), tuple(numbers) if len(numbers) == len(cards) else ())


def parse_yes_no(text: str) -> bool:
    """``y``/``yes`` is True and ``n``/``no`` is False; anything else is an :class:`InputError`.

    >>> parse_yes_no(" Yes "), parse_yes_no("n")
    (True, False)
    """
    answer = parse_answer(text)
    if isinstance(answer, bool):
        return answer
    raise InputError("answer y (yes) or n (no)")


#: An answer at a yes/no confirmation: yes, no, or the words that work there too.
Answer: TypeAlias = bool | Quit | Help


def parse_answer(text: str) -> Answer:
    """An answer to a y/n question: True, False, or ``quit`` and ``help``, which work there too.

    >>> parse_answer("y"), parse_answer("NO"), parse_answer("quit"), parse_answer("help")
    (True, False, Quit(), Help())
    >>> try:
    ...     parse_answer("maybe")
    ... except InputError as error:
    ...     print(error)
    answer y (yes) or n (no); quit leaves the game, help explains
    """
    answer = text.strip().lower()
    if answer in ("y", "yes"):
        return True
    if answer in ("n", "no"):
        return False
    word = _WORDS.get(answer)
    if isinstance(word, (Quit, Help)):
        return word
    raise InputError("answer y (yes) or n (no); quit leaves the game, help explains")
