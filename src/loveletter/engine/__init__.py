"""The rules engine: pure standard library, no I/O.

Start with :class:`Game`; actions are :class:`Action` values with a text notation
(:func:`parse_action`); :func:`build_view` gives what one seat may know;
:func:`export_record` makes a game's record and :func:`load_record` replays one. How
each kind of card is played is in :data:`CARD_KINDS`. Rulings are cited as ``R<n>``,
the numbers of docs/rules.md.
"""

from .actions import DISCARD, KEEP, LOOK_NONE, Action, parse_action
from .cards import CARD_KINDS, EDITIONS, CardKind, CardSpec, Choice, Edition, get_edition
from .errors import IllegalActionError, LoveLetterError, NotationError, RecordError
from .events import EVERYONE, event_dict, events_for
from .explain import describe_refusal
from .game import Game
from .narrate import Narrator, narrate
from .options import Options, Rules
from .record import RECORD_FORMAT, check_record_result, export_record, load_record, parse_record
from .state import STATE_FORMAT, game_state, restore_game
from .types import Phase, RoundRecord, RoundResult
from .views import VIEW_FORMAT, build_view

__all__ = [
    "CARD_KINDS",
    "DISCARD",
    "EDITIONS",
    "EVERYONE",
    "KEEP",
    "LOOK_NONE",
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "VIEW_FORMAT",
    "Action",
    "CardKind",
    "CardSpec",
    "Choice",
    "Edition",
    "Game",
    "IllegalActionError",
    "LoveLetterError",
    "Narrator",
    "NotationError",
    "Options",
    "Phase",
    "RecordError",
    "RoundRecord",
    "RoundResult",
    "Rules",
    "build_view",
    "check_record_result",
    "describe_refusal",
    "event_dict",
    "events_for",
    "export_record",
    "game_state",
    "get_edition",
    "load_record",
    "narrate",
    "parse_action",
    "parse_record",
    "restore_game",
]
