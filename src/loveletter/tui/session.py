"""One game at the terminal: the table, who sits where, bots, saving and resuming.

This is the orchestration behind the interface, free of any UI code: it applies
decisions to the engine, asks bots for theirs and writes the record after every
change. The record keeps the seat setup in its ``meta`` (docs/records.md) so that a
saved game can be resumed with the same humans, bots and language.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import Bot, make_bot
from ..engine import (
    DEFAULT_NAMES,
    Game,
    Options,
    Record,
    RecordError,
    View,
    build_view,
    export_record,
    load_record,
    parse_record,
)
from ..terminal_text import printable

#: The key of this program's data in a record's ``meta``.
META_KEY = "play"
#: The level of a bot seat when none is given.
DEFAULT_LEVEL = "medium"

BotFactory = Callable[[str], Bot]


@dataclass(frozen=True)
class SeatSetup:
    """One seat: a name, and the bot level playing it (None for a human)."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class Setup:
    """Everything chosen before a game: edition, seats, language, seed and options."""

    edition: str
    seats: tuple[SeatSetup, ...]
    lang: str = "en"
    seed: int | None = None
    options: Options = field(default_factory=Options)

    @property
    def humans(self) -> list[int]:
        """The seats played by humans."""
        return [seat for seat, spec in enumerate(self.seats) if spec.bot is None]


def seat_setups(
    players: int, bots: Sequence[str], names: Sequence[str] = ()
) -> tuple[SeatSetup, ...]:
    """Humans first, then the bots in order; seats without a given name get a free one."""
    humans = players - len(bots)
    free = iter(name for name in DEFAULT_NAMES if name not in names)
    seats = []
    for seat in range(players):
        name = names[seat] if seat < len(names) else next(free)
        seats.append(SeatSetup(name, None if seat < humans else bots[seat - humans]))
    return tuple(seats)


class LocalGame:
    """A game in progress with its seat setup; saves itself after every change.

    With a seed in the setup, deals and bot choices are drawn from the seed and the
    game's progress; without one, bots draw from ``bot_rng``.
    """

    def __init__(
        self,
        game: Game,
        setup: Setup,
        *,
        save: Path | None = None,
        bot_factory: BotFactory = make_bot,
        bot_rng: random.Random | None = None,
    ) -> None:
        self.game = game
        self.setup = setup
        self.save_path = save
        self.bot_rng = bot_rng or random.Random()
        self.bots: dict[int, Bot] = {
            seat: bot_factory(spec.bot)
            for seat, spec in enumerate(setup.seats)
            if spec.bot is not None
        }
        for seat, bot in self.bots.items():
            bot.start(game.edition.id, game.seat_count, seat)

    @classmethod
    def start(
        cls,
        setup: Setup,
        *,
        save: Path | None = None,
        bot_factory: BotFactory = make_bot,
    ) -> LocalGame:
        """Deal a new game; with a seed, shuffles and bot choices are reproducible."""
        game = Game(
            setup.edition,
            [spec.name for spec in setup.seats],
            options=setup.options,
            rng=random.Random(setup.seed),
        )
        session = cls(game, setup, save=save, bot_factory=bot_factory)
        session.autosave()
        return session

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        save: Path | None = None,
        lang: str | None = None,
        bot_factory: BotFactory = make_bot,
    ) -> LocalGame:
        """Continue the game saved in ``path``; it keeps saving there unless ``save``.

        A record without our ``meta`` gets a human at seat 0 and bots elsewhere.
        Raises RecordError if the file cannot be read or replayed.
        """
        try:
            data = parse_record(path.read_bytes())
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
        meta = data.get("meta")
        mine = meta.get(META_KEY) if isinstance(meta, dict) else None
        mine = mine if isinstance(mine, dict) else {}
        seed = mine.get("seed")
        seed = seed if isinstance(seed, int) else None
        game = load_record(data)
        bots = mine.get("bots")
        if not (isinstance(bots, list) and len(bots) == game.seat_count):
            bots = [None] + [DEFAULT_LEVEL] * (game.seat_count - 1)
        if not all(level is None or isinstance(level, str) for level in bots):
            raise RecordError(f"'meta.{META_KEY}.bots' must list bot levels or null")
        stored_lang = mine.get("lang")
        setup = Setup(
            edition=game.edition.id,
            seats=tuple(SeatSetup(name, bot) for name, bot in zip(game.players, bots, strict=True)),
            lang=lang or (stored_lang if stored_lang in ("en", "fr") else "en"),
            seed=seed,
            options=game.rules.options,
        )
        try:
            session = cls(game, setup, save=save or path, bot_factory=bot_factory)
        except ValueError as error:
            raise RecordError(str(error)) from None
        session.catch_up_bots()
        return session

    # ------------------------------------------------------------------ queries

    @property
    def humans(self) -> list[int]:
        """The seats played by humans."""
        return self.setup.humans

    @property
    def names(self) -> list[str]:
        """The players' names as shown: a saved game's control characters escaped."""
        return [printable(name) for name in self.game.players]

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays this seat."""
        return seat in self.bots

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now (None: a spectator)."""
        return build_view(self.game, seat)

    # ------------------------------------------------------------------ changes

    def apply(self, action: str, seat: int) -> None:
        """Apply a decision of ``seat``, then save. Raises LoveLetterError if refused."""
        self.game.apply(action, seat=seat)
        self.autosave()

    def next_round(self) -> None:
        """Deal the next round, then save."""
        if self.setup.seed is not None:
            self.game.rng = self._seeded_rng("deal", self.game)
        self.game.next_round()
        self.autosave()

    def bot_choice(self, seat: int, view: View) -> str:
        """The bot's decision for its view; safe to run in a worker thread.

        A forced move is played without asking the bot (the bots' contract).
        """
        legal = view["legal_actions"]
        if len(legal) == 1:
            return str(legal[0])
        return self.bots[seat].choose(view, self._bot_rng(self.game))

    def catch_up_bots(self) -> None:
        """Ask the bots every decision they were asked in the game so far (their answers
        are already played), so that what they learnt of the game is what it would be
        had it not been interrupted."""
        game = self.game
        replay = Game(game.edition.id, game.players, options=game.rules.options, start=False)
        for round_record in game.history:
            replay.next_round(list(round_record.deck), round_record.first)
            for action in round_record.actions:
                seat = replay.to_move
                if seat in self.bots:
                    view = build_view(replay, seat)
                    if len(view["legal_actions"]) > 1:
                        self.bots[seat].choose(view, self._bot_rng(replay))
                replay.apply(str(action), seat=seat)

    def _bot_rng(self, game: Game) -> random.Random:
        """The bots' random source: without a seed, the session's own."""
        return self.bot_rng if self.setup.seed is None else self._seeded_rng("bots", game)

    def _seeded_rng(self, purpose: str, game: Game) -> random.Random:
        """A random source drawn from the seed and ``game``'s progress only, so that a
        seeded game resumed from its record goes on as it would have uninterrupted."""
        history = game.history
        moves = len(history[-1].actions) if history else 0
        return random.Random(f"{purpose}/{self.setup.seed}/{len(history)}/{moves}")

    def bot_failed(self, seat: int) -> str:
        """A bot gave no legal answer: count the fault, and play the first legal action."""
        self.bots[seat].faults += 1
        return self.game.legal_actions()[0].text

    def close(self) -> None:
        """The game is over or abandoned: tell the bots, and release them."""
        for seat, bot in self.bots.items():
            if self.game.is_over:
                bot.finish(self.view(seat))
            bot.close()

    # ------------------------------------------------------------------ records

    def record(self) -> Record:
        """The game's record, with the seat setup in its ``meta``."""
        record = export_record(self.game)
        record["meta"] = {
            META_KEY: {
                "bots": [spec.bot for spec in self.setup.seats],
                "lang": self.setup.lang,
                "seed": self.setup.seed,
            }
        }
        return record

    def save(self, path: Path) -> None:
        """Write the record to ``path`` atomically; raises OSError on failure."""
        text = json.dumps(self.record(), ensure_ascii=False, indent=1) + "\n"
        temporary = path.with_name(path.name + ".tmp")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        except OSError:
            temporary.unlink(missing_ok=True)  # a failed save leaves nothing behind
            raise

    def autosave(self) -> None:
        """Save to the session's file, if it has one."""
        if self.save_path is not None:
            self.save(self.save_path)
