"""Hints for people: what the ``expert`` would play from a seat's view, and why.

:func:`hint` runs the expert's search on the view alone (nothing hidden is read) with
an RNG seeded from ``seed``, so the same view and seed always give the same hint. The
reason is one line in English and in French, from what the expert believed when it
chose: the chance that a Guard hits, that a Baron wins, or else the share of the
rounds it played forward from there that the seat won.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import CARD_KINDS, Action, Edition, View, get_edition, parse_action
from ..engine.grammar import NBSP, Person, capitalize, elide, indefinite, typeset
from .heuristic import Scorer
from .inference import Beliefs
from .levels import expert
from .search import Decision

LANGUAGES = ("en", "fr")


@dataclass(frozen=True)
class Hint:
    """The expert's move (canonical notation) and the reason, per language."""

    action: str
    reasons: dict[str, str]

    def as_json(self) -> dict[str, object]:
        """The hint as JSON data: ``{"action": ..., "reasons": {"en": ..., "fr": ...}}``."""
        return {"action": self.action, "reasons": dict(self.reasons)}


def hint(view: View, seed: int = 0) -> Hint:
    """What the expert would play in ``view`` (a seat's, with that seat to move)."""
    seat = view["seat"]
    if seat is None or view["to_move"] != seat or not view["legal_actions"]:
        raise ValueError("a hint needs the view of the seat to move")
    decision = expert().decide(view, random.Random(seed))
    edition = get_edition(view["edition"])
    reasons = {lang: _Writer(view, edition, lang, decision).line() for lang in LANGUAGES}
    return Hint(decision.action, reasons)


_EN = {
    "play": "play {card}",
    "play_on": "play {card} on {t}",
    "play_on_self": "play {card} on yourself",
    "play_two": "play {card}, choosing {t} and {u}",
    "play_guess": "play {card} on {t}, naming {guess}",
    "play_nobody": "play {card} (nobody can be chosen)",
    "keep_card": "keep {card}",
    "look": "look at {t:hand}",
    "reply_keep": "keep your card",
    "reply_discard": "discard your card",
    "only": "it is the only legal move",
    "knows": "you know that {t} holds it",
    "chance": "{a_pct} chance that {t} holds it",
    "chance_value": "{a_pct} chance that {t} holds {a_value}",
    "baron_known": "you know that {t} holds {card}, lower than {mine}",
    "baron": "{a_pct} chance that {t:'s} card is lower than {mine}",
    "princess": "{a_pct} chance that {t} holds {card}",
    "prince": "{t} must discard their card and draw another",
    "prince_self": "you discard {mine} and draw a new card",
    "priest": "you will see {t:hand}",
    "handmaid": "nobody can choose you until your next turn, and you keep {mine}",
    "king": "you trade {mine} for {t:'s} card",
    "simulated": "you keep {mine} and win {pct} of the expert's simulated rounds this way",
    "simulated_step": "you win {pct} of the expert's simulated rounds this way",
    "keep_princess": "you keep {mine}, which would put you out of the round if you played it",
}

_FR = {
    "play": "jouez {card}",
    "play_on": "jouez {card} sur {t}",
    "play_on_self": "jouez {card} sur vous-même",
    "play_two": "jouez {card} en choisissant {t} et {u}",
    "play_guess": "jouez {card} sur {t} en nommant {guess}",
    "play_nobody": "jouez {card} (personne ne peut être choisi)",
    "keep_card": "gardez {card}",
    "look": "regardez {t:hand}",
    "reply_keep": "gardez votre carte",
    "reply_discard": "défaussez votre carte",
    "only": "c'est le seul coup permis",
    "knows": "vous savez {t:que} l'a",
    "chance": "{pct} de chances {t:que} l'ait",
    "chance_value": "{pct} de chances {t:que} ait {a_value}",
    "baron_known": "vous savez {t:que} a {card}, plus faible {than_mine}",
    "baron": "{pct} de chances que la carte {t:de} soit plus faible {than_mine}",
    "princess": "{pct} de chances {t:que} ait {card}",
    "prince": "{t} doit défausser sa carte et en piocher une autre",
    "prince_self": "vous défaussez {mine} et piochez une nouvelle carte",
    "priest": "vous verrez {t:hand}",
    "handmaid": "personne ne pourra vous choisir avant votre prochain tour, et vous gardez {mine}",
    "king": "vous échangez {mine} contre la carte {t:de}",
    "simulated": "vous gardez {mine} et gagnez ainsi {pct} des manches simulées par l'expert",
    "simulated_step": "vous gagnez ainsi {pct} des manches simulées par l'expert",
    "keep_princess": "vous gardez {mine}, qui vous ferait quitter la manche si vous la jouiez",
}

_TEXTS = {"en": _EN, "fr": _FR}


class _Writer:
    """The hint's line in one language."""

    def __init__(self, view: View, edition: Edition, lang: str, decision: Decision) -> None:
        self.view = view
        self.edition = edition
        self.lang = lang
        self.decision = decision
        self.me: int = view["seat"] or 0
        self.action = parse_action(decision.action)

    def say(self, key: str, **fields: object) -> str:
        return _TEXTS[self.lang][key].format(**fields)

    def person(self, seat: int) -> Person:
        return Person(self.view["players"][seat], self.lang, reader=seat == self.me)

    def card(self, card: str) -> str:
        return self.edition.card_phrase(card, self.lang)

    def percent(self, chance: float) -> str:
        number = round(100 * chance)
        return f"{number}%" if self.lang == "en" else f"{number}{NBSP}%"

    def line(self) -> str:
        text = f"{self.move()}: {self.reason()}."
        return capitalize(typeset(text, self.lang))

    # -- the move -----------------------------------------------------------------------

    def move(self) -> str:
        action = self.action
        word, seats = action.word, action.seats
        if word == "keep":
            if not action.cards:
                return self.say("reply_keep")  # the Bishop's target keeps its hand
            return self.say("keep_card", card=self.card(action.cards[0]))
        if word == "discard":
            return self.say("reply_discard")
        if word == "look":
            return self.say("look", t=self.person(seats[0]))
        card = self.card(word)
        if len(seats) == 2:
            first, second = sorted(seats, key=lambda seat: seat == self.me)  # "Félix and you"
            return self.say("play_two", card=card, t=self.person(first), u=self.person(second))
        if len(seats) == 1:
            if seats[0] == self.me:
                return self.say("play_on_self", card=card)
            if action.guess is not None:
                guess = action.guess
                named = str(guess) if isinstance(guess, int) else self.card(guess)
                return self.say("play_guess", card=card, t=self.person(seats[0]), guess=named)
            return self.say("play_on", card=card, t=self.person(seats[0]))
        if CARD_KINDS[word].chooses_players:
            return self.say("play_nobody", card=card)
        return self.say("play", card=card)

    # -- the reason ---------------------------------------------------------------------

    def reason(self) -> str:
        decision = self.decision
        beliefs = decision.beliefs
        if beliefs is None:
            return self.say("only")
        action = self.action
        kept = self.kept(beliefs)
        specific = self.effect(action, beliefs, kept) if kept is not None else None
        if specific is not None:
            return specific
        if decision.win_rate is None and kept == "princess":
            # Nothing was played forward: the only other move gives up the Princess.
            return self.say("keep_princess", mine=self.card(kept))
        pct = self.percent(decision.win_rate or 0.0)
        if kept is None:
            return self.say("simulated_step", pct=pct)
        return self.say("simulated", mine=self.card(kept), pct=pct)

    def kept(self, beliefs: Beliefs) -> str | None:
        """The card left in hand after playing the action's card (phase ``play``)."""
        if self.view["phase"] != "play" or self.action.word not in beliefs.hand:
            return None
        hand = list(beliefs.hand)
        hand.remove(self.action.word)
        return hand[0] if hand else None

    def effect(self, action: Action, beliefs: Beliefs, kept: str) -> str | None:
        """The reason that the card's effect gives, where it says something."""
        word, seats = action.word, action.seats
        scorer = Scorer(self.view, beliefs)
        mine = self.card(kept)
        if not seats:
            return self.say("handmaid", mine=mine) if word == "handmaid" else None
        target = seats[0]
        t = self.person(target)
        if word in ("guard", "bishop") and action.guess is not None:
            chance = scorer.chance(target, action.guess)
            if chance >= 1.0:
                return self.say("knows", t=t)
            if isinstance(action.guess, int):
                a_value = indefinite(str(action.guess), self.lang)
                return self.chance("chance_value", chance, t=t, a_value=a_value)
            return self.chance("chance", chance, t=t)
        if word == "baron" and target != self.me:
            known = beliefs.known.get(target)
            than = elide("que", mine, self.lang)
            lower, _ = scorer.compare(target, kept)
            if lower < 0.5:
                return None  # played for what the search saw, not for the odds
            if known is not None and lower >= 1.0:
                card = self.card(known)
                return self.say("baron_known", t=t, card=card, mine=mine, than_mine=than)
            return self.chance("baron", lower, t=t, mine=mine, than_mine=than)
        if word == "prince":
            if target == self.me:
                return self.say("prince_self", mine=mine)
            chance = scorer.chance(target, "princess")
            if chance > 0.0:
                return self.chance("princess", chance, t=t, card=self.card("princess"))
            return self.say("prince", t=t)
        if word == "priest":
            return self.say("priest", t=t)
        if word == "king":
            return self.say("king", mine=mine, t=t)
        return None

    def chance(self, key: str, chance: float, **fields: object) -> str:
        """A reason stating a chance: "a 40% chance...", "an 80% chance...", "40 % de
        chances..." (the English templates take ``a_pct``, the French ``pct``)."""
        pct = self.percent(chance)
        a_pct = indefinite(str(round(100 * chance)), self.lang) + "%"  # "an 18%"
        return self.say(key, a_pct=a_pct, pct=pct, **fields)
