"""The rules engine: pure standard library, no I/O.

Start with :class:`Game`; actions are :class:`Action` values with a text notation
(:func:`parse_action`); :meth:`Game.view` gives what one seat may know; records
replay with :func:`load_record`.
"""

from .actions import DISCARD, KEEP, LOOK_NONE, Action, parse_action
from .cards import EDITIONS, CardSpec, Edition, get_edition
from .errors import IllegalActionError, LoveLetterError, NotationError, RecordError
from .events import EVERYONE, event_dict, events_for
from .explain import describe_refusal
from .game import Game, Phase, RoundRecord, RoundResult
from .narrate import Narrator, narrate
from .options import Options, Rules
from .record import RECORD_FORMAT, check_record_result, export_record, load_record, parse_record
from .state import STATE_FORMAT, game_after_rounds, game_state, restore_game
from .views import VIEW_FORMAT, build_view
from .worlds import WorldSampler, sample_game, sample_world

__all__ = [
    "DISCARD",
    "EDITIONS",
    "EVERYONE",
    "KEEP",
    "LOOK_NONE",
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "VIEW_FORMAT",
    "Action",
    "CardSpec",
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
    "WorldSampler",
    "build_view",
    "check_record_result",
    "describe_refusal",
    "event_dict",
    "events_for",
    "export_record",
    "game_after_rounds",
    "game_state",
    "get_edition",
    "load_record",
    "narrate",
    "parse_action",
    "parse_record",
    "restore_game",
    "sample_game",
    "sample_world",
]
