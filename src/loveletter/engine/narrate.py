"""The game log in natural French and English, told from one point of view.

Narration works on events already redacted for the viewer
(:func:`loveletter.engine.events.event_dict`), so a line can only say what that
viewer may know. The viewer is a seat, addressed as "you" / "vous"; None, a
spectator, told public facts only; or :data:`~loveletter.engine.events.EVERYONE`,
the omniscient narrator, who shows every card and names every player in the third
person. Sentences are templates in the third person filled with
:mod:`~loveletter.engine.grammar` persons, which agree with the reader.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .cards import CARD_KINDS, Edition
from .events import event_dict
from .grammar import Group, Person, capitalize, contract, count, indefinite, join, typeset_all
from .schema import (
    AssassinEvent,
    BishopEvent,
    ChancellorDrawEvent,
    ChancellorReturnEvent,
    CompareEvent,
    DealEvent,
    DiscardEvent,
    DrawEvent,
    EventDict,
    GameEndEvent,
    GuardEvent,
    LookEvent,
    OutEvent,
    PlayEvent,
    ReplyEvent,
    RoundEndEvent,
    RoundEvent,
    ShowdownEvent,
    TokenEvent,
    TradeEvent,
    TurnEvent,
)


class Narrator:
    """Turns events into sentences for one viewer, in one language."""

    def __init__(
        self,
        edition: Edition,
        players: Sequence[str],
        viewer: int | None,
        lang: str = "en",
    ) -> None:
        if lang not in _TEMPLATES:
            raise ValueError(f"unknown language {lang!r}; use 'en' or 'fr'")
        self.edition = edition
        self.players = list(players)
        self.viewer = viewer
        self.lang = lang
        self.text = _TEMPLATES[lang]
        self._persons = [
            Person(name, lang, reader=seat == viewer) for seat, name in enumerate(self.players)
        ]

    # -- words ---------------------------------------------------------------------

    def person(self, seat: int) -> Person:
        """A seat as a person of the sentence: the reader if it is the viewer's."""
        return self._persons[seat]

    def group(self, seats: Iterable[int]) -> Group:
        """Several seats as one subject."""
        return Group([self.person(seat) for seat in seats], self.lang)

    def card(self, card: str) -> str:
        """A card with its definite article: "the Guard", "la Servante"."""
        return self.edition.card_phrase(card, self.lang)

    def name(self, card: str) -> str:
        """A card's short name, without article: "Jester", "Bouffon"."""
        return self.edition.card_name(card, self.lang).split(" (")[0]

    def cards(self, cards: Iterable[str]) -> str:
        """Several cards, the copies of one counted together, in the order each card
        first comes: "the Guard and the Baron", "two Guards and the Handmaid"."""
        copies = Counter(cards)  # keeps the order of first appearance
        phrases = (self.edition.cards_phrase(card, k, self.lang) for card, k in copies.items())
        return join(phrases, self.lang)

    def say(self, key: str, **fields: object) -> str:
        """A sentence from the template ``key``.

        A template may have a variant ``key/field`` for when that field's person is
        the reader (French puts "vous" before the verb: "vous donne").
        """
        for name, value in fields.items():
            if isinstance(value, Person) and value.reader and f"{key}/{name}" in self.text:
                key = f"{key}/{name}"
                break
        return capitalize(self.text[key].format(**fields))

    # -- events --------------------------------------------------------------------

    def line(self, event: EventDict) -> str | None:
        """The sentence for one redacted event, or None if it says nothing here."""
        handler = EVENT_HANDLERS.get(event["type"])
        return handler(self, event) if handler else None

    def lines(self, events: Iterable[EventDict]) -> list[str]:
        """Sentences for several redacted events."""
        return [line for line in map(self.line, events) if line]


def narrate(
    events: Iterable[tuple[Any, ...]],
    edition: Edition,
    players: Sequence[str],
    viewer: int | None,
    lang: str = "en",
) -> list[str]:
    """The log of raw game events as ``viewer`` may see it, in ``lang``."""
    narrator = Narrator(edition, players, viewer, lang)
    return narrator.lines(event_dict(event, viewer) for event in events)


# --- one function per event type ---------------------------------------------------------


def _round(n: Narrator, e: RoundEvent) -> str:
    text = n.say("round", number=e["number"], p=n.person(e["first"]))
    if e["face_up"]:
        text += " " + n.say("face_up", cards=n.cards(e["face_up"]))
    return text


def _deal(n: Narrator, e: DealEvent) -> str | None:
    if e["card"] is None:
        return None
    return n.say("deal", p=n.person(e["seat"]), card=n.card(e["card"]))


def _turn(n: Narrator, e: TurnEvent) -> str:
    if e["card"] is None:
        return n.say("turn", p=n.person(e["seat"]))
    return n.say("turn_known", p=n.person(e["seat"]), card=n.card(e["card"]))


#: The sentence of a card played on chosen players, by card (the Cardinal apart); a
#: card with none of its own says whom it chose (``play_choosing``).
_PLAY_ON: Mapping[str, str] = {
    "guard": "play_guess",
    "bishop": "play_guess",
    "priest": "play_look",
    "baroness": "play_look",
    "baron": "play_against",
    "dowager_queen": "play_against",
    "king": "play_trade",
    "jester": "play_jester",
    "sycophant": "play_sycophant",
    "prince": "play_on",
}


def _play(n: Narrator, e: PlayEvent) -> str:
    seat, card, targets = e["seat"], e["card"], e["targets"]
    player = n.person(seat)
    fields: dict[str, object] = {"p": player, "card": n.card(card)}
    if not targets:
        if CARD_KINDS[card].chooses_players:
            return n.say("play_no_target", **fields)  # R11
        return n.say("play_handmaid" if card == "handmaid" else "play", **fields)
    if card == "cardinal":
        if seat in targets:
            other = targets[1] if targets[0] == seat else targets[0]
            return n.say("play_trade", t=n.person(other), **fields)
        return n.say("play_cardinal", g=n.group(targets), **fields)
    key = _PLAY_ON.get(card)
    if key is None:
        return _play_choosing(n, e, fields)
    fields["t"] = n.person(targets[0])
    if targets[0] == seat:
        key += "_self"  # the Prince or the Sycophant
    elif len(targets) == 2:
        key += "_two"  # the Baroness
        fields["u"] = n.person(targets[1])
    if e["guess"] is not None:
        fields["guess"] = _guess(n, e["guess"])
    if card == "jester":
        fields["token"] = n.text["jester_token"].format(name=n.name(card), of_card=_of(n, card))
    return n.say(key, **fields)


def _play_choosing(n: Narrator, e: PlayEvent, fields: dict[str, object]) -> str:
    """A card with no sentence of its own, played on players: whom it chose, and what
    it named."""
    seat, targets, guess = e["seat"], e["targets"], e["guess"]
    if guess is not None:
        return n.say("play_guess", t=n.person(targets[0]), guess=_guess(n, guess), **fields)
    others = [target for target in targets if target != seat]
    people = dict(zip(("t", "u"), map(n.person, others), strict=False))
    if seat in targets:
        key = "play_choosing_self_and" if others else "play_choosing_self"
    else:
        key = "play_choosing_two" if len(others) == 2 else "play_choosing"
    return n.say(key, **people, **fields)


def _guess(n: Narrator, guess: str | int) -> str:
    """A Guard's or Bishop's guess: a card, or a number."""
    return str(guess) if isinstance(guess, int) else n.card(guess)


def _of(n: Narrator, card: str) -> str:
    """A card after "de" in French ("du Bouffon"); the card itself in English."""
    return contract("de", n.card(card), n.lang) if n.lang == "fr" else n.card(card)


def _guard(n: Narrator, e: GuardEvent) -> str:
    key = "guard_hit" if e["hit"] else "guard_miss"
    guess = e["guess"]
    if isinstance(guess, int):
        key += "_value"
    return n.say(
        key,
        t=n.person(e["target"]),
        guess=_guess(n, guess),
        a_guess=indefinite(str(guess), n.lang),
    )


def _assassin(n: Narrator, e: AssassinEvent) -> str:
    return n.say("assassin", p=n.person(e["seat"]), t=n.person(e["guard"]), card=n.card("assassin"))


def _look(n: Narrator, e: LookEvent) -> str | None:
    if e["card"] is None:
        return None
    seat, target = e["seat"], e["target"]
    key = "look_self" if target == seat else "look"
    return n.say(key, p=n.person(seat), t=n.person(target), card=n.card(e["card"]))


def _compare(n: Narrator, e: CompareEvent) -> str:
    seat, target, loser = e["seat"], e["target"], e["loser"]
    seat_card, target_card = e["seat_card"], e["target_card"]
    if seat_card is not None and target_card is not None:
        if n.viewer == target:  # the reader tells their side first
            seat, target, seat_card, target_card = target, seat, target_card, seat_card
        text = n.say(
            "compare_known",
            p=n.person(seat),
            t=n.person(target),
            card=n.card(seat_card),
            other=n.card(target_card),
        )
    else:
        text = n.say("compare", p=n.person(seat), t=n.person(target))
    if loser is None:
        return text + " " + n.say("compare_tie")
    return text + " " + n.say("compare_lost", p=n.person(loser))


def _trade(n: Narrator, e: TradeEvent) -> str | None:
    first, second = e["first"], e["second"]
    give, get = e["first_card"], e["second_card"]
    if give is None or get is None:
        return None  # the play already said it; the cards are private
    if n.viewer == second:  # the reader tells their side
        first, second, give, get = second, first, get, give
    return n.say("trade", p=n.person(first), t=n.person(second), give=n.card(give), get=n.card(get))


def _discard(n: Narrator, e: DiscardEvent) -> str:
    return n.say("discard", p=n.person(e["seat"]), card=n.card(e["card"]))


def _draw(n: Narrator, e: DrawEvent) -> str:
    key = "draw_set_aside" if e["set_aside"] else "draw"
    if e["card"] is None:
        return n.say(key, p=n.person(e["seat"]))
    return n.say(key + "_known", p=n.person(e["seat"]), card=n.card(e["card"]))


def _out(n: Narrator, e: OutEvent) -> str:
    if e["cards"]:
        return n.say("out_reveal", p=n.person(e["seat"]), cards=n.cards(e["cards"]))
    return n.say("out", p=n.person(e["seat"]))


def _cards_count(n: Narrator, number: int) -> str:
    """Some cards no one may see: "a card", "2 cards"."""
    if number == 1:
        return n.text["a_card"]
    return count(number, n.text["card"], n.lang, n.text["cards"])


def _chancellor_draw(n: Narrator, e: ChancellorDrawEvent) -> str:
    if e["count"] == 0:
        return n.say("chancellor_empty")
    if e["cards"] is not None:
        return n.say("chancellor_draw_known", p=n.person(e["seat"]), cards=n.cards(e["cards"]))
    return n.say("chancellor_draw", p=n.person(e["seat"]), count=_cards_count(n, e["count"]))


def _chancellor_return(n: Narrator, e: ChancellorReturnEvent) -> str:
    player = n.person(e["seat"])
    cards = e["cards"]
    if cards is None:
        return n.say("chancellor_return", p=player, count=_cards_count(n, e["count"]))
    key = "chancellor_return_known" if len(cards) > 1 else "chancellor_return_known_one"
    return n.say(key, p=player, cards=n.cards(cards))


def _bishop(n: Narrator, e: BishopEvent) -> str:
    value = str(e["value"])
    return n.say(
        "bishop_hit" if e["hit"] else "bishop_miss",
        t=n.person(e["target"]),
        value=value,
        a_value=indefinite(value, n.lang),
    )


def _reply(n: Narrator, e: ReplyEvent) -> str:
    return n.say("reply_discard" if e["discard"] else "reply_keep", p=n.person(e["seat"]))


def _token(n: Narrator, e: TokenEvent) -> str:
    reason = e["reason"]
    if reason not in CARD_KINDS:  # the round, the twins
        return n.say("token_" + reason, p=n.person(e["seat"]))
    phrase = n.card(reason)  # a card's token: its id is the reason
    key = "token_" + reason
    return n.say(
        key if key in n.text else "token_card",
        p=n.person(e["seat"]),
        card=phrase,
        to_card=contract("à", phrase, n.lang),
    )


def _showdown(n: Narrator, e: ShowdownEvent) -> str:
    parts = [
        n.text["shows"].format(p=n.person(hand["seat"]), card=n.card(hand["card"]))
        for hand in e["hands"]
    ]
    return n.say("showdown", hands=n.text["list_sep"].join(parts))


def _round_end(n: Narrator, e: RoundEndEvent) -> str:
    winners = e["winners"]
    if e["ending"] == "game_won":
        return n.say("round_cut")
    if not winners:
        return n.say("round_nobody")
    if e["ending"] == "last_standing":
        return n.say("last_standing", p=n.person(winners[0]))
    if len(winners) == 1:
        return n.say("round_won", p=n.person(winners[0]))
    return n.say("round_won_many", g=n.group(winners))


def _game_end(n: Narrator, e: GameEndEvent) -> str:
    winners = e["winners"]
    if len(winners) == 1:
        return n.say("game_won", p=n.person(winners[0]))
    return n.say("game_won_many", g=n.group(winners))


#: The handler of each event type; each takes that type's event (``Any``: the table
#: pairs the types, which a type checker cannot express; the tests check the pairs).
EVENT_HANDLERS: Mapping[str, Callable[[Narrator, Any], str | None]] = {
    "round": _round,
    "deal": _deal,
    "turn": _turn,
    "play": _play,
    "guard": _guard,
    "assassin": _assassin,
    "look": _look,
    "compare": _compare,
    "trade": _trade,
    "discard": _discard,
    "draw": _draw,
    "out": _out,
    "chancellor_draw": _chancellor_draw,
    "chancellor_return": _chancellor_return,
    "bishop": _bishop,
    "reply": _reply,
    "token": _token,
    "showdown": _showdown,
    "round_end": _round_end,
    "game_end": _game_end,
}
#: Every event is told (a handler may say nothing of a card the viewer cannot see).
IGNORED_EVENTS: frozenset[str] = frozenset()

# Templates, in the third person: {p}, {t}, {u}, {g} are persons and groups
# (grammar.Person, grammar.Group), which agree with the reader. "key/p" is the
# variant of "key" for when {p} is the reader.

_EN = {
    "a_card": "a card",
    "card": "card",
    "cards": "cards",
    "list_sep": "; ",
    "round": "Round {number} begins; {p} {p[plays]} first.",
    "face_up": "Face up: {cards}.",
    "deal": "{p} {p[is]} dealt {card}.",
    "turn": "{p:'s} turn: they draw a card.",
    "turn_known": "{p:'s} turn: they draw {card}.",
    "turn_known/p": "Your turn: you draw {card}.",
    "play": "{p} {p[plays]} {card}.",
    "play_no_target": "{p} {p[plays]} {card} with no effect: nobody can be chosen.",
    "play_on": "{p} {p[plays]} {card} on {t}.",
    "play_choosing": "{p} {p[plays]} {card} and {p[chooses]} {t}.",
    "play_choosing_two": "{p} {p[plays]} {card} and {p[chooses]} {t} and {u}.",
    "play_choosing_self": "{p} {p[plays]} {card} and {p[chooses]} {p:themselves}.",
    "play_choosing_self_and": "{p} {p[plays]} {card} and {p[chooses]} {p:themselves} and {t}.",
    "play_on_self": "{p} {p[plays]} {card} on {p:their} own hand.",
    "play_against": "{p} {p[plays]} {card} against {t}.",
    "play_guess": "{p} {p[plays]} {card} on {t} and {p[names]} {guess}.",
    "play_look": "{p} {p[plays]} {card} and {p[looks]} at {t:hand}.",
    "play_look_two": "{p} {p[plays]} {card} and {p[looks]} at {t:hand} and {u:other_hand}.",
    "play_trade": "{p} {p[plays]} {card} and {p[trades]} hands with {t}.",
    "play_cardinal": "{p} {p[plays]} {card}: {g} {g[trade]} hands.",
    "play_handmaid": "{p} {p[plays]} {card} and {p[is]} protected until {p:their} next turn.",
    "play_sycophant": "{p} {p[plays]} {card} on {t}: the next card that chooses players "
    "must choose {t}.",
    "play_sycophant_self": "{p} {p[plays]} {card} and {p[chooses]} {p:themselves}: the next "
    "card that chooses players must choose {p}.",
    "play_jester": "{p} {p[plays]} {card} and {p[gives]} {token} to {t}.",
    "jester_token": "the {name} token",
    "guard_hit": "{t} {t[holds]} {guess}!",
    "guard_miss": "{t} {t[does]} not hold {guess}.",
    "guard_hit_value": "{t} {t[holds]} {a_guess}!",
    "guard_miss_value": "{t} {t[does]} not hold {a_guess}.",
    "assassin": "{p} {p[reveals]} {card}: {t} {t[is]} out instead!",
    "look": "{p} {p[sees]} that {t} {t[holds]} {card}.",
    "look_self": "{p} {p[looks]} at {p:their} own hand: {card}.",
    "compare": "{p} {p[compares]} hands with {t} in secret.",
    "compare_known": "{p} {p[compares]} hands with {t}: {card} against {other}.",
    "compare_tie": "It is a tie: nobody is out.",
    "compare_lost": "{p} {p[loses]} the comparison.",
    "trade": "{p} {p[gives]} {t} {give} and {p[receives]} {get}.",
    "discard": "{p} {p[discards]} {card}.",
    "draw": "{p} {p[draws]} a new card.",
    "draw_known": "{p} {p[draws]} {card}.",
    "draw_set_aside": "The deck is empty: {p} {p[takes]} the set-aside card.",
    "draw_set_aside_known": "The deck is empty: {p} {p[takes]} the set-aside card, {card}.",
    "out": "{p} {p[is]} out of the round.",
    "out_reveal": "{p} {p[is]} out of the round, revealing {cards}.",
    "chancellor_empty": "Nothing to draw: no effect.",
    "chancellor_draw": "{p} {p[draws]} {count}.",
    "chancellor_draw_known": "{p} {p[draws]} {cards}.",
    "chancellor_return": "{p} {p[puts]} {count} under the deck.",
    "chancellor_return_known": "{p} {p[puts]} {cards} under the deck, in that order.",
    "chancellor_return_known_one": "{p} {p[puts]} {cards} under the deck.",
    "bishop_hit": "Right: {t} {t[holds]} {a_value}.",
    "bishop_miss": "Wrong: {t} {t[does]} not hold {a_value}.",
    "reply_discard": "{p} {p[chooses]} to discard {p:their} hand.",
    "reply_keep": "{p} {p[keeps]} {p:their} hand.",
    "token_round": "{p} {p[gains]} a token.",
    "token_spy": "{p} {p[gains]} a token for {card}.",
    "token_twins": "{p} {p[gains]} a token for the twin princesses.",
    "token_jester": "{p} {p[gains]} a token for {card}.",
    "token_bishop": "{p} {p[gains]} a token with {card}.",
    "token_constable": "{p} {p[gains]} a token for {card}.",
    "token_card": "{p} {p[gains]} a token for {card}.",
    "shows": "{p} {p[holds]} {card}",
    "showdown": "The deck is empty. Showdown: {hands}.",
    "round_cut": "The round stops: the game is won.",
    "round_nobody": "It is a tie: nobody wins the round.",
    "last_standing": "{p} {p[is]} the last one standing and {p[wins]} the round.",
    "round_won": "{p} {p[wins]} the round.",
    "round_won_many": "{g} {g[win]} the round together.",
    "game_won": "{p} {p[wins]} the game!",
    "game_won_many": "{g} {g[win]} the game together!",
}

_FR = {
    "a_card": "une carte",
    "card": "carte",
    "cards": "cartes",
    "list_sep": " ; ",
    "round": "La manche {number} commence ; {p} {p[joue]} en premier.",
    "face_up": "Face visible : {cards}.",
    "deal": "{p} {p[reçoit]} {card}.",
    "turn": "Au tour {p:de}, qui pioche une carte.",
    "turn_known": "Au tour {p:de}, qui pioche {card}.",
    "turn_known/p": "À vous : vous piochez {card}.",
    "play": "{p} {p[joue]} {card}.",
    "play_no_target": "{p} {p[joue]} {card} sans effet : personne ne peut être choisi.",
    "play_on": "{p} {p[joue]} {card} sur {t}.",
    "play_choosing": "{p} {p[joue]} {card} et {p[choisit]} {t}.",
    "play_choosing/t": "{p} {p[joue]} {card} et vous {p[choisit]}.",
    "play_choosing_two": "{p} {p[joue]} {card} et {p[choisit]} {t} et {u}.",
    "play_choosing_two/t": "{p} {p[joue]} {card} et {p[choisit]} {u} et vous.",
    "play_choosing_self": "{p} {p[joue]} {card} et {p:se} {p[choisit]}.",
    "play_choosing_self_and": "{p} {p[joue]} {card} et {p:se} {p[choisit]} avec {t}.",
    "play_on_self": "{p} {p[joue]} {card} sur {p:sa} propre main.",
    "play_against": "{p} {p[joue]} {card} contre {t}.",
    "play_guess": "{p} {p[joue]} {card} sur {t} et {p[nomme]} {guess}.",
    "play_look": "{p} {p[joue]} {card} et {p[regarde]} {t:hand}.",
    "play_look_two": "{p} {p[joue]} {card} et {p[regarde]} {t:hand} et {u:other_hand}.",
    "play_trade": "{p} {p[joue]} {card} et {p[échange]} {p:sa} main avec {t}.",
    "play_cardinal": "{p} {p[joue]} {card} : {g} {g[échangent]} {g:leurs} mains.",
    "play_handmaid": "{p} {p[joue]} {card} : protection jusqu'à {p:son} prochain tour.",
    "play_sycophant": "{p} {p[joue]} {card} sur {t} : la prochaine carte qui choisit des "
    "joueurs devra choisir {t}.",
    "play_sycophant/t": "{p} {p[joue]} {card} sur vous : la prochaine carte qui choisit des "
    "joueurs devra vous choisir.",
    "play_sycophant_self": "{p} {p[joue]} {card} et {p:se} {p[choisit]} : la prochaine carte "
    "qui choisit des joueurs devra choisir {p}.",
    "play_sycophant_self/p": "Vous jouez {card} et vous choisissez : la prochaine carte qui "
    "choisit des joueurs devra vous choisir.",
    "play_jester": "{p} {p[joue]} {card} et {p[donne]} {token} à {t}.",
    "play_jester/t": "{p} {p[joue]} {card} et vous {p[donne]} {token}.",
    "jester_token": "le jeton {of_card}",
    "guard_hit": "{t} {t[a]} bien {guess} !",
    "guard_miss": "{t} n'{t[a]} pas {guess}.",
    "guard_hit_value": "{t} {t[a]} bien {a_guess} !",
    "guard_miss_value": "{t} n'{t[a]} pas de {guess}.",
    "assassin": "{p} {p[révèle]} {card} : {t} {t[quitte]} la manche à {p:sa} place !",
    "look": "{p} {p[voit]} {t:que} {t[a]} {card}.",
    "look_self": "{p} {p[regarde]} {p:sa} propre main : {card}.",
    "compare": "{p} {p[compare]} en secret {p:sa} main avec celle {t:de}.",
    "compare_known": "{p} {p[compare]} {p:sa} main avec celle {t:de} : {card} contre {other}.",
    "compare_tie": "Égalité : personne ne quitte la manche.",
    "compare_lost": "{p} {p[perd]} la comparaison.",
    "trade": "{p} {p[donne]} {give} à {t} et {p[reçoit]} {get}.",
    "discard": "{p} {p[défausse]} {card}.",
    "draw": "{p} {p[pioche]} une nouvelle carte.",
    "draw_known": "{p} {p[pioche]} {card}.",
    "draw_set_aside": "La pioche est vide : {p} {p[prend]} la carte écartée.",
    "draw_set_aside_known": "La pioche est vide : {p} {p[prend]} la carte écartée, {card}.",
    "out": "{p} {p[quitte]} la manche.",
    "out_reveal": "{p} {p[quitte]} la manche et {p[révèle]} {cards}.",
    "chancellor_empty": "Rien à piocher : aucun effet.",
    "chancellor_draw": "{p} {p[pioche]} {count}.",
    "chancellor_draw_known": "{p} {p[pioche]} {cards}.",
    "chancellor_return": "{p} {p[place]} {count} sous la pioche.",
    "chancellor_return_known": "{p} {p[place]} {cards} sous la pioche, dans cet ordre.",
    "chancellor_return_known_one": "{p} {p[place]} {cards} sous la pioche.",
    "bishop_hit": "Bien vu : {t} {t[a]} {a_value}.",
    "bishop_miss": "Raté : {t} n'{t[a]} pas de {value}.",
    "reply_discard": "{p} {p[choisit]} de défausser {p:sa} main.",
    "reply_keep": "{p} {p[garde]} {p:sa} main.",
    "token_round": "{p} {p[gagne]} un jeton.",
    "token_spy": "{p} {p[gagne]} un jeton grâce {to_card}.",
    "token_twins": "{p} {p[gagne]} un jeton grâce aux princesses jumelles.",
    "token_jester": "{p} {p[gagne]} un jeton grâce {to_card}.",
    "token_bishop": "{p} {p[gagne]} un jeton avec {card}.",
    "token_constable": "{p} {p[gagne]} un jeton grâce {to_card}.",
    "token_card": "{p} {p[gagne]} un jeton grâce {to_card}.",
    "shows": "{p} {p[a]} {card}",
    "showdown": "La pioche est vide. Révélation : {hands}.",
    "round_cut": "La manche s'arrête : la partie est gagnée.",
    "round_nobody": "Égalité : personne ne remporte la manche.",
    "last_standing": "Seule personne encore en lice, {p} {p[remporte]} la manche.",
    "round_won": "{p} {p[remporte]} la manche.",
    "round_won_many": "{g} {g[remportent]} la manche ensemble.",
    "game_won": "{p} {p[remporte]} la partie !",
    "game_won_many": "{g} {g[remportent]} la partie ensemble !",
}

_TEMPLATES: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": typeset_all(_FR, "fr")}
