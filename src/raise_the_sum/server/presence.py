"""Who is at a table: presence, names, who left, and the notices that tell the others.

A table's people change without the match moving: a seat opens its first
socket or closes its last one (its *presence*), takes a display *name*, or
*leaves* (rule R5.5: it hands its seat to a bot, or forfeits and is played
by the rule of R4.15 from then on). None of these is an action of the match,
so none moves the table's version; each is pushed at once to every socket of
the table as a *notice*, ``{"notice": KIND, ...}`` (:func:`notice`), and the
next document shows it in its ``seating``.

What is kept of it (:class:`Roster`: the names, who left, and who plays a
left seat now) is the table's seating in the store (:meth:`Store.seating
<raise_the_sum.server.store.Store.seating>`), as JSON text. Presence is not
kept: after a restart every seat is away until it opens a socket.

A name is public: it is shown to everyone at the table and is never a
credential (the seat's token is). :func:`check_name` says what a name may be.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

import attrs

from raise_the_sum.actions import Action, Discard, NextRound, Pass
from raise_the_sum.bots import Bot, make_bot
from raise_the_sum.engine import timeout_action
from raise_the_sum.rng import Rng
from raise_the_sum.server._json import dumps
from raise_the_sum.server.errors import bad_input
from raise_the_sum.views import PlayerView

__all__ = [
    "DEFAULT_BOT",
    "FORFEIT",
    "HAND_OVER",
    "MAX_NAME",
    "NAME_PUNCTUATION",
    "STAND_IN",
    "Roster",
    "StandIn",
    "check_name",
    "notice",
    "timeout_kind",
]

#: The longest display name, in characters (code points, after NFC normalisation).
MAX_NAME: Final = 24

#: The punctuation a name may hold besides letters, digits and single spaces.
NAME_PUNCTUATION: Final = frozenset("-_.'’")

#: A seat handed over to a bot (``then`` in the leave body, the ``left`` notice, ``seating``).
HAND_OVER: Final = "bot"
#: A seat forfeited: the server takes its actions by rule R4.15 (``then``, as above).
FORFEIT: Final = "forfeit"

#: The bot that takes a seat handed over when the leave body names none: Sam, the careful one.
DEFAULT_BOT: Final = "sam"

#: The name of the player of a forfeited seat (:class:`StandIn`); never a seat kind.
STAND_IN: Final = "stand-in"


def check_name(value: Any, path: str = "/name") -> str:
    """A display name, NFC-normalised, or a 400 ``bad_input`` naming ``path`` and the rule.

    A name is 1 to :data:`MAX_NAME` characters after NFC normalisation:
    letters and their marks, digits, single spaces between words, and the
    punctuation of :data:`NAME_PUNCTUATION`; no control or format character,
    no symbol, no space at either end.

    >>> check_name("Zoë  ".strip())
    'Zoë'
    >>> from raise_the_sum.server.errors import ProtocolError
    >>> try:
    ...     check_name("Ann\\u200b")                  # a zero-width space: a format character
    ... except ProtocolError as error:
    ...     print(error.status, error.body["path"])
    400 /name
    """
    if type(value) is not str:
        raise bad_input(path, f"name: a string of 1 to {MAX_NAME} characters, got {_show(value)}")
    name = unicodedata.normalize("NFC", value)
    if not 1 <= len(name) <= MAX_NAME:
        raise bad_input(path, f"name: 1 to {MAX_NAME} characters, got {len(name)}")
    for character in name:
        category = unicodedata.category(character)
        if character == " " or character in NAME_PUNCTUATION or category[0] in "LMN":
            continue
        raise bad_input(
            path,
            f"name: {_show(name)} holds U+{ord(character):04X}, {_category(category)}: a name "
            f"has letters, digits, single spaces and the marks {''.join(sorted(NAME_PUNCTUATION))}",
        )
    if name[0] == " " or name[-1] == " " or "  " in name:
        raise bad_input(path, f"name: {_show(name)}: no space at either end, nor two in a row")
    if unicodedata.category(name[0])[0] == "M":
        raise bad_input(path, f"name: {_show(name)} starts with a combining mark")
    return name


def _category(category: str) -> str:
    kinds = {"C": "a control or format character", "Z": "a separator", "S": "a symbol"}
    return kinds.get(category[0], "a punctuation mark not allowed")


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


@attrs.frozen
class StandIn:
    """The player of a forfeited seat: the action taken when time runs out (rule R4.15), at once.

    A bot (:class:`~raise_the_sum.bots.Bot`) that uses no randomness.

    >>> from raise_the_sum import legal_plays, new_game, observe
    >>> state = new_game(seed=7)
    >>> action, _ = StandIn().choose(observe(state, 0), legal_plays(state), Rng.from_seed(0))
    >>> print(action)
    play +5
    """

    #: Its name in the store (never a seat kind a client may ask for).
    name: str = STAND_IN

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
        """:func:`~raise_the_sum.timeout_action` of ``legal``; the generator unchanged."""
        return timeout_action(legal), rng


def timeout_kind(action: Action) -> str:
    """What the server did for a seat whose time ran out, in one word, without its cards.

    The cards of a play are public (the document's events show them); a
    discard's are not, so a notice names the kind of action only.

    >>> timeout_kind(Pass()), timeout_kind(NextRound())
    ('pass', 'next_round')
    """
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, NextRound):
        return "next_round"
    return "play"


def notice(kind: str, **fields: Any) -> bytes:
    """A notice to every socket of a table: ``{"notice": kind, ...fields}``, encoded.

    >>> notice("presence", seat=1, present=True)
    b'{"notice":"presence","seat":1,"present":true}'
    """
    return dumps({"notice": kind, **fields})


def _frozen(mapping: Mapping[int, Any]) -> Mapping[int, Any]:
    return MappingProxyType(dict(mapping))


@attrs.frozen
class Roster:
    """What a table keeps of its people: the seats' names, who left, and who plays them now.

    ``left[seat]`` is :data:`HAND_OVER` or :data:`FORFEIT`; ``players[seat]``
    is the left seat's player and the seed of its generator: the bot's name,
    or :data:`STAND_IN` for a forfeit.

    >>> roster = Roster().named(0, "Ann").leaving(1, FORFEIT, STAND_IN, 5)
    >>> Roster.parse(roster.text()) == roster
    True
    >>> roster.text()
    '{"names":{"0":"Ann"},"left":{"1":"forfeit"},"players":{"1":["stand-in",5]}}'
    """

    names: Mapping[int, str] = attrs.field(factory=dict, converter=_frozen)
    left: Mapping[int, str] = attrs.field(factory=dict, converter=_frozen)
    players: Mapping[int, tuple[str, int]] = attrs.field(factory=dict, converter=_frozen)

    def named(self, seat: int, name: str) -> Roster:
        """The roster with ``seat`` called ``name``."""
        return attrs.evolve(self, names={**self.names, seat: name})

    def leaving(self, seat: int, then: str, player: str, seed: int) -> Roster:
        """The roster with ``seat`` gone: ``then`` (:data:`HAND_OVER` or :data:`FORFEIT`)."""
        return attrs.evolve(
            self,
            left={**self.left, seat: then},
            players={**self.players, seat: (player, seed)},
        )

    def player(self, seat: int) -> Bot | None:
        """The bot that plays a left seat now (:class:`StandIn` for a forfeit), else None."""
        found = self.players.get(seat)
        if found is None:
            return None
        return StandIn() if found[0] == STAND_IN else make_bot(found[0])

    def text(self) -> str:
        """The roster as the store keeps it: compact JSON, seats as decimal keys."""
        return json.dumps(
            {
                "names": {str(seat): name for seat, name in sorted(self.names.items())},
                "left": {str(seat): then for seat, then in sorted(self.left.items())},
                "players": {
                    str(seat): [player, seed]
                    for seat, (player, seed) in sorted(self.players.items())
                },
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def parse(cls, text: str) -> Roster:
        """The roster of its stored text (``{}`` is the empty roster).

        Raises :class:`ValueError` (or ``KeyError``, ``TypeError``) when the text does not
        hold together: the table is then set aside, as for any store damage.
        """
        value = json.loads(text)
        stored = value.get("players", {})
        players = {int(seat): (str(p), int(seed)) for seat, (p, seed) in stored.items()}
        left = {int(seat): str(then) for seat, then in value.get("left", {}).items()}
        for seat, then in left.items():
            if then not in (HAND_OVER, FORFEIT) or seat not in players:
                raise ValueError(f"seating: seat {seat} left ({then!r}) with no player")
        return cls(
            names={int(seat): str(name) for seat, name in value.get("names", {}).items()},
            left=left,
            players=players,
        )
