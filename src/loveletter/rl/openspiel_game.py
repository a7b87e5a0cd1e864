"""Love Letter as an OpenSpiel game, registered with ``pyspiel`` on import.

    import pyspiel
    import loveletter.rl.openspiel_game  # registers "python_loveletter"

    game = pyspiel.load_game("python_loveletter", {"edition": "2019", "players": 3})

Parameters: ``edition`` (default ``"2019-edition"``, the 2019 edition; any edition id,
or a small variant's of :mod:`loveletter.rl.variants`), ``players`` (2),
``tokens_to_win`` (0: the edition's number; 1 makes a game of one round, handy for
search), and the other table options of :class:`~loveletter.engine.Options`:
``tie_rule`` (``"all-win"``), ``face_up`` (True), ``first_player`` (-1: drawn at
random), ``constable_when_knocked_out`` (False), ``princess_beats_bishop`` (True);
``zero_sum`` (False): returns are each seat's win (1 or 0) less the mean of the
others' (the same as +1/-1 but for shared wins), so that CFR's guarantees hold.

Chance is explicit: before each round the shuffled deck is drawn card by card, each
outcome a card id (its index in the deck's card ids) with probability count/remaining;
when several seats may start the round (R2), one more chance node picks it uniformly
(outcome = seat). Player actions are the indices of :class:`ActionSpace`.

Information states are strings built from the engine's redacted events of every round
(perfect recall) and the player's hand; observations are the vector of
:class:`ObservationEncoder` and its text. Both come from what the engine lets that seat
see, nothing else. ``resample_from_infostate`` deals the cards the player cannot see
again at random with the engine's :func:`sample_game`: every round is one the player
cannot tell from the true one, and every other seat's information fits the hand it
holds in it, so the ISMCTS bot of ``open_spiel.python.algorithms`` runs on this game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from loveletter.engine import (
    Game,
    Options,
    RoundRecord,
    Rules,
    View,
    build_view,
    events_for,
    game_state,
    get_edition,
    sample_game,
)

from .actions import ActionSpace
from .infostate import InfoStateEncoder
from .observations import ObservationEncoder

SHORT_NAME = "python_loveletter"
#: OpenSpiel reads a parameter that looks like a number back as a number (in
#: ``str(game)``), so an edition whose id is a number has a name with a word in it.
NUMERIC_EDITIONS = {"2019": "2019-edition"}
DEFAULT_PARAMS: dict[str, Any] = {
    "edition": "2019-edition",
    "players": 2,
    "tokens_to_win": 0,
    "tie_rule": "all-win",
    "face_up": True,
    "first_player": -1,
    "constable_when_knocked_out": False,
    "princess_beats_bishop": True,
    "zero_sum": False,
}


def game_type(zero_sum: bool) -> pyspiel.GameType:
    """The game type; zero-sum with ``zero_sum`` returns (they sum to 0 at any player
    count), general-sum with +1/-1 (shared wins make the sum vary)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Love Letter",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMS,
    )


#: The registered type (the default parameters' game); each game has its own.
GAME_TYPE = game_type(zero_sum=False)


class TableSetup:
    """What every state of one game shares; clones share it too (never copied)."""

    def __init__(self, edition: str, players: int, options: Options) -> None:
        self.rules = Rules.settle(edition, players, options)
        self.options = self.rules.options  # with what the edition fixes (small variants)
        self.space = ActionSpace.for_table(self.rules.edition.id, players)
        self.encoder = ObservationEncoder.for_table(self.rules.edition.id, players)
        self.rounds = max_rounds(self.rules)
        self.history_encoder = InfoStateEncoder.for_table(
            self.rules.edition.id, players, self.rounds
        )
        self.cards = tuple(self.rules.values)

    def __deepcopy__(self, memo: dict[int, Any]) -> TableSetup:
        return self


def max_rounds(rules: Rules) -> int:
    """The most rounds a game can last: every round gives a token, so the rounds
    until one seat has the tokens to win. With ``tie_rule="nobody"`` a tied round gives
    none: such a game could run longer, and its information-state tensor then raises
    ValueError."""
    return rules.players * (rules.tokens_to_win - 1) + 1


class Engine:
    """Holds a state's engine game; a deep copy (OpenSpiel's clone) is ``Game.copy()``.

    ``texts`` caches the information-state text of finished rounds, which never change,
    per (round index, viewer).
    """

    __slots__ = ("game", "texts")

    def __init__(self, game: Game, texts: dict[tuple[int, int | None], str] | None = None) -> None:
        self.game = game
        self.texts = texts or {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.game.copy(), dict(self.texts))

    def round_text(self, index: int, viewer: int | None) -> str:
        """Round ``index``'s events as ``viewer`` saw them, one line."""
        logs = self.game.round_logs
        finished = index < len(logs) - 1
        text = self.texts.get((index, viewer)) if finished else None
        if text is None:
            events = events_for(logs[index], viewer)
            text = ";".join(",".join(map(str, event.values())) for event in events)
            if finished:
                self.texts[index, viewer] = text
        return text


class LoveLetterGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one table (edition, players, tokens to win)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**DEFAULT_PARAMS, **(params or {})}
        edition = edition_id(str(settings["edition"]))
        settings["edition"] = NUMERIC_EDITIONS.get(edition, edition)
        players = int(settings["players"])
        first = int(settings["first_player"])
        options = Options(
            tokens_to_win=int(settings["tokens_to_win"]) or None,
            tie_rule=settings["tie_rule"],
            face_up=bool(settings["face_up"]),
            first_player=None if first == -1 else first,
            constable_when_knocked_out=bool(settings["constable_when_knocked_out"]),
            princess_beats_bishop=bool(settings["princess_beats_bishop"]),
        )
        self.table = table = TableSetup(edition, players, options)
        self.zero_sum = bool(settings["zero_sum"])
        rules = table.rules
        rounds = table.rounds
        info = pyspiel.GameInfo(
            num_distinct_actions=len(table.space),
            max_chance_outcomes=max(len(table.cards), players),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.zero_sum else None,
            max_game_length=rounds * 2 * len(rules.deck),  # two decisions a turn at most
        )
        super().__init__(game_type(self.zero_sum), info, settings)

    def new_initial_state(self) -> LoveLetterState:
        """A game before the first deal (a chance node)."""
        return LoveLetterState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> LoveLetterObserver:
        """The observer of information states (perfect recall) or observations."""
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        return LoveLetterObserver(
            self.table, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


def edition_id(name: str) -> str:
    """The engine's id of an edition named in OpenSpiel's parameters (``2019-edition``,
    or anything :func:`~loveletter.engine.get_edition` knows)."""
    for edition, alias in NUMERIC_EDITIONS.items():
        if name == alias:
            return edition
    return get_edition(name).id


class LoveLetterState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine game, and the deck being drawn at a chance node."""

    def __init__(self, game: LoveLetterGame) -> None:
        super().__init__(game)
        self.table = table = game.table
        self.zero_sum = game.zero_sum
        rules = table.rules
        self._engine = Engine(
            Game(rules.edition, rules.players, options=table.options, start=False)
        )
        self.deck: list[str] = []  # the next round's deck, top first, while it is drawn

    @property
    def engine(self) -> Game:
        """The engine game (hidden cards included)."""
        return self._engine.game

    # -- OpenSpiel API ----------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to decide, CHANCE while a round is dealt, or TERMINAL."""
        if self.engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        to_move = self.engine.to_move
        return int(pyspiel.PlayerId.CHANCE) if to_move is None else to_move

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.space.indices(self.engine.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deck by card id, or the seat that starts the round."""
        remaining = self._remaining()
        if remaining:
            total = sum(remaining.values())
            return [
                (i, remaining[card] / total)
                for i, card in enumerate(self.table.cards)
                if remaining[card]
            ]
        seats = sorted(self._first_seats())
        return [(seat, 1 / len(seats)) for seat in seats]

    def _apply_action(self, action: int) -> None:
        if not self.is_chance_node():
            self.engine.apply(self.table.space.action(action))
            return
        remaining = self._remaining()
        if not remaining:
            self._deal(action)
            return
        self.deck.append(self.table.cards[action])
        remaining[self.table.cards[action]] -= 1
        if len(+remaining) <= 1:  # the rest of the deck is forced
            self.deck.extend(remaining.elements())
        if len(self.deck) == len(self.table.rules.deck) and len(self._first_seats()) == 1:
            self._deal(self._first_seats()[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player != pyspiel.PlayerId.CHANCE:
            return self.table.space.notation(action)
        if self._remaining():
            return f"deck {self.table.cards[action]}"
        return f"first {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.engine.is_over

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for every other seat at the end, else zeros; with
        ``zero_sum``, a seat's win (1 or 0) less the mean of the others'."""
        engine = self.engine
        if not engine.is_over:
            return [0.0] * engine.seat_count
        if self.zero_sum:
            won = [float(seat in engine.winners) for seat in range(engine.seat_count)]
            others = (sum(won) - mine for mine in won)
            return [
                mine - other / (engine.seat_count - 1)
                for mine, other in zip(won, others, strict=True)
            ]
        return [1.0 if seat in engine.winners else -1.0 for seat in range(engine.seat_count)]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> LoveLetterState:
        """A state ``player`` cannot tell from this one: the cards it has not seen, in
        every round, dealt again (:func:`sample_game`), and a deck being drawn drawn
        again. It is built by applying actions to a new game, so its ``history()``
        leads to it and tells nothing the player has not seen."""
        rng = random.Random(int(probability_sampler() * 2**53))
        state: LoveLetterState = self.get_game().new_initial_state()
        for record in sample_game(self.engine, player, rng).history:
            state._replay_round(record)
        while len(state.deck) < len(self.deck) and state._remaining():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        return state

    def __str__(self) -> str:
        """The whole state as JSON (hidden cards included), for debugging."""
        return json.dumps(game_state(self.engine), separators=(",", ":"))

    # -- helpers ------------------------------------------------------------------------

    def _remaining(self) -> Counter[str]:
        """Cards still to draw into the next round's deck (empty when not dealing)."""
        if self.engine.to_move is not None:
            return Counter()
        remaining = Counter(self.table.rules.deck)
        remaining.subtract(self.deck)
        return +remaining

    def _first_seats(self) -> tuple[int, ...]:
        first = self.table.options.first_player
        if self.engine.round == 0 and first is not None:
            return (first,)
        return self.engine.allowed_first()

    def _replay_round(self, record: RoundRecord) -> None:
        """Apply the chance outcomes that deal ``record``'s deck, then its actions."""
        size = len(self.table.rules.deck)
        for card in record.deck:
            if len(self.deck) == size or not self.is_chance_node():
                break  # the rest of the deck was forced, or dealt with it
            self.apply_action(self.table.cards.index(card))
        if self.is_chance_node():
            self.apply_action(record.first)
        for action in record.actions:
            self.apply_action(self.table.space.index(action))

    def _deal(self, first: int) -> None:
        self.engine.next_round(deck=self.deck, first=first)
        self.deck = []


class LoveLetterObserver:
    """OpenSpiel's observer: strings and tensors of what one seat may know.

    With perfect recall (information states) the string is every redacted event of
    every round plus the hand, and the tensor is :class:`InfoStateEncoder`'s (the
    round's events, the hand, the tokens). Without it (observations) the tensor is
    :class:`ObservationEncoder`'s vector and the string its description. A public
    observer (``private_info`` NONE) uses the spectator's view.
    """

    def __init__(self, table: TableSetup, iig_obs_type: pyspiel.IIGObservationType) -> None:
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Love Letter has no observer of every player's private cards")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type.perfect_recall
        self.encoder = table.encoder
        self.history_encoder = table.history_encoder
        size = self.history_encoder.size if self.perfect_recall else self.encoder.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if self.perfect_recall else "observation": self.tensor}

    def set_from(self, state: LoveLetterState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s information state or observation of ``state``."""
        viewer = None if self.public else player
        if self.perfect_recall:
            self.tensor[:] = self.history_encoder.encode(state.engine, viewer)
        else:
            self.tensor[:] = self.encoder.encode(self._view(state, player))

    def string_from(self, state: LoveLetterState, player: int) -> str:
        """``player``'s information state (perfect recall) or observation, as text."""
        if not self.perfect_recall:
            return self.encoder.describe(self.encoder.encode(self._view(state, player)))
        viewer = None if self.public else player
        engine = state.engine
        hand = " ".join(engine.hands[player]) if viewer is not None else ""
        rounds = range(len(engine.round_logs))
        return f"seat {viewer} hand [{hand}]\n" + "\n".join(
            state._engine.round_text(index, viewer) for index in rounds
        )

    def _view(self, state: LoveLetterState, player: int) -> View:
        return build_view(state.engine, None if self.public else player)


pyspiel.register_game(GAME_TYPE, LoveLetterGame)
