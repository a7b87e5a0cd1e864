"""The game log in natural French and English, told from one seat's point of view.

Narration works on events already redacted for the viewer
(:func:`loveletter.engine.events.event_dict`), so a line can only say what that
viewer may know. The viewer is addressed as "you" / "vous".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .cards import CARD_KINDS, Edition
from .events import event_dict
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

    # -- words ---------------------------------------------------------------------

    def card(self, card: str) -> str:
        """A card with its definite article: "the Guard", "la Servante"."""
        return self.edition.card_phrase(card, self.lang)

    def guess(self, guess: str | int) -> str:
        """A Guard's or Bishop's guess: a card, or a number."""
        return str(guess) if isinstance(guess, int) else self.card(guess)

    def who(self, seat: int) -> str:
        """A seat as a subject: its name, or "You"."""
        return self.text["you"] if seat == self.viewer else self.players[seat]

    def whom(self, seat: int) -> str:
        """A seat as an object: its name, or "you"."""
        return self.text["you_obj"] if seat == self.viewer else self.players[seat]

    def whose(self, seat: int) -> str:
        """A seat's hand: "Bruno's hand", "your hand"."""
        if seat == self.viewer:
            return self.text["your_hand"]
        return self.text["hand_of"].format(self.players[seat])

    def cards(self, cards: Iterable[str]) -> str:
        names = [self.card(card) for card in cards]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + self.text["and"] + names[-1]

    def seats(self, seats: Iterable[int]) -> str:
        names = [self.whom(seat) for seat in seats]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + self.text["and"] + names[-1]

    def say(
        self, key: str, seat: int | None = None, *, upper: bool = True, **fields: object
    ) -> str:
        """Fill a template; ``key`` has a ``_you`` form used when ``seat`` is the viewer."""
        if seat is not None and seat == self.viewer and key + "_you" in self.text:
            key += "_you"
        text = self.text[key].format(**fields)
        return text[:1].upper() + text[1:] if upper else text

    # -- events --------------------------------------------------------------------

    def line(self, event: EventDict) -> str | None:
        """The sentence for one redacted event, or None if it says nothing here."""
        handler = _HANDLERS.get(event["type"])
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
    text = n.say("round", e["first"], number=e["number"], first=n.who(e["first"]))
    if e["face_up"]:
        text += " " + n.say("face_up", cards=n.cards(e["face_up"]))
    return text


def _deal(n: Narrator, e: DealEvent) -> str | None:
    if e["card"] is None or e["seat"] != n.viewer:
        return None
    return n.say("dealt", card=n.card(e["card"]))


def _turn(n: Narrator, e: TurnEvent) -> str:
    if e["card"] is not None and e["seat"] == n.viewer:
        return n.say("turn_you", card=n.card(e["card"]))
    if e["card"] is not None:
        return n.say("turn_known", p=n.who(e["seat"]), card=n.card(e["card"]))
    return n.say("turn", p=n.who(e["seat"]))


def _play(n: Narrator, e: PlayEvent) -> str:
    seat, card, targets = e["seat"], e["card"], e["targets"]
    fields = {"p": n.who(seat), "card": n.card(card)}
    if targets:
        fields["t"] = n.whom(targets[0])
        fields["hand"] = n.whose(targets[0])
        fields["targets"] = n.seats(targets)
        fields["hands"] = " / ".join(n.whose(target) for target in targets)
    if e["guess"] is not None:
        fields["guess"] = n.guess(e["guess"])
    if card in ("guard", "bishop") and targets:
        key = "play_guess"
    elif card == "prince" and targets and targets[0] == seat:
        key = "play_prince_self"
    elif card in ("priest", "baroness") and targets:
        key = "play_look"
    elif card == "cardinal" and targets and n.viewer in targets:
        key = "play_cardinal_with_you"
        fields["t"] = n.whom(targets[0] if targets[1] == n.viewer else targets[1])
    elif card == "cardinal" and targets:
        key = "play_cardinal"
    elif card == "handmaid":
        key = "play_handmaid"
    elif card == "sycophant" and targets:
        key = "play_sycophant"
    elif card == "jester" and targets:
        key = "play_jester"
    elif card == "king" and targets:
        key = "play_king"
    elif targets:
        key = "play_on"
    elif CARD_KINDS[card].chooses_players:  # R11: nobody could be chosen
        key = "play_no_target"
    else:
        key = "play"
    return n.say(key, seat, upper=True, **fields)


def _guard(n: Narrator, e: GuardEvent) -> str:
    key = "guard_hit" if e["hit"] else "guard_miss"
    if isinstance(e["guess"], int):
        key += "_value"
    return n.say(key, e["target"], t=n.who(e["target"]), guess=n.guess(e["guess"]))


def _assassin(n: Narrator, e: AssassinEvent) -> str:
    return n.say("assassin", e["seat"], p=n.who(e["seat"]), g=n.whom(e["guard"]))


def _look(n: Narrator, e: LookEvent) -> str | None:
    if e["card"] is None:
        return None
    return n.say(
        "look",
        t=n.who(e["target"]),
        card=n.card(e["card"]),
        hold=n.text["holds_you" if e["target"] == n.viewer else "holds"],
    )


def _compare(n: Narrator, e: CompareEvent) -> str:
    seat, target, loser = e["seat"], e["target"], e["loser"]
    seat_card, target_card = e["seat_card"], e["target_card"]
    if seat_card is not None and target_card is not None:
        mine, theirs = (seat, target) if n.viewer == seat else (target, seat)
        my_card, their_card = (seat_card, target_card) if mine == seat else (target_card, seat_card)
        text = n.say(
            "compare_you", card=n.card(my_card), t=n.players[theirs], other=n.card(their_card)
        )
    else:
        text = n.say("compare", p=n.who(seat), t=n.whom(target))
    if loser is None:
        return text + " " + n.say("compare_tie")
    return text + " " + n.say("compare_lost", loser, t=n.who(loser))


def _trade(n: Narrator, e: TradeEvent) -> str | None:
    give, get = e["first_card"], e["second_card"]
    if give is None or get is None:
        return None  # the play already said it; the cards are private
    if n.viewer == e["second"]:
        give, get = get, give
    return n.say("trade_you", give=n.card(give), get=n.card(get))


def _discard(n: Narrator, e: DiscardEvent) -> str:
    return n.say("discard", e["seat"], p=n.who(e["seat"]), card=n.card(e["card"]))


def _draw(n: Narrator, e: DrawEvent) -> str:
    key = "draw_set_aside" if e["set_aside"] else "draw"
    if e["card"] is not None:
        return n.say(key + "_known", e["seat"], p=n.who(e["seat"]), card=n.card(e["card"]))
    return n.say(key, e["seat"], p=n.who(e["seat"]))


def _out(n: Narrator, e: OutEvent) -> str:
    if e["cards"]:
        return n.say("out_reveal", e["seat"], p=n.who(e["seat"]), cards=n.cards(e["cards"]))
    return n.say("out", e["seat"], p=n.who(e["seat"]))


def _chancellor_draw(n: Narrator, e: ChancellorDrawEvent) -> str:
    if e["count"] == 0:
        return n.say("chancellor_empty")
    if e["cards"] is not None:
        return n.say("chancellor_draw_you", cards=n.cards(e["cards"]))
    key = "chancellor_draw" if e["count"] > 1 else "chancellor_draw_one"
    return n.say(key, p=n.who(e["seat"]), count=e["count"])


def _chancellor_return(n: Narrator, e: ChancellorReturnEvent) -> str:
    if e["cards"] is not None:
        return n.say("chancellor_return_you", cards=n.cards(e["cards"]))
    key = "chancellor_return" if e["count"] > 1 else "chancellor_return_one"
    return n.say(key, p=n.who(e["seat"]), count=e["count"])


def _bishop(n: Narrator, e: BishopEvent) -> str:
    key = "bishop_hit" if e["hit"] else "bishop_miss"
    return n.say(
        key,
        t=n.whom(e["target"]),
        value=e["value"],
        hold=n.text["holds_you" if e["target"] == n.viewer else "holds"],
    )


def _reply(n: Narrator, e: ReplyEvent) -> str:
    key = "reply_discard" if e["discard"] else "reply_keep"
    return n.say(key, e["seat"], p=n.who(e["seat"]))


def _token(n: Narrator, e: TokenEvent) -> str:
    return n.say("token_" + e["reason"], e["seat"], p=n.who(e["seat"]))


def _showdown(n: Narrator, e: ShowdownEvent) -> str:
    parts = [
        n.say("shows", hand["seat"], upper=False, p=n.who(hand["seat"]), card=n.card(hand["card"]))
        for hand in e["hands"]
    ]
    return n.say("showdown", hands=n.text["list_sep"].join(parts))


def _round_end(n: Narrator, e: RoundEndEvent) -> str:
    if e["ending"] == "game_won":
        return n.say("round_cut")
    if not e["winners"]:
        return n.say("round_nobody")
    if e["ending"] == "last_standing":
        return n.say("last_standing", e["winners"][0], p=n.who(e["winners"][0]))
    return n.say("round_won", winners=n.seats(e["winners"]))


def _game_end(n: Narrator, e: GameEndEvent) -> str:
    winners = e["winners"]
    if len(winners) == 1:
        return n.say("game_won", winners[0], p=n.who(winners[0]))
    return n.say("game_won_many", winners=n.seats(winners))


#: The handler of each event type; each takes that type's event (``Any``: the table
#: pairs the types, which a type checker cannot express).
_HANDLERS: Mapping[str, Callable[[Narrator, Any], str | None]] = {
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

_EN = {
    "you": "You",
    "you_obj": "you",
    "your_hand": "your hand",
    "hand_of": "{}'s hand",
    "and": " and ",
    "holds": "holds",
    "holds_you": "hold",
    "list_sep": "; ",
    "round": "Round {number} begins; {first} plays first.",
    "round_you": "Round {number} begins; you play first.",
    "face_up": "Face up: {cards}.",
    "dealt": "You are dealt {card}.",
    "turn": "{p}'s turn: they draw a card.",
    "turn_known": "{p}'s turn: they draw {card}.",
    "turn_you": "Your turn: you draw {card}.",
    "play": "{p} plays {card}.",
    "play_you": "You play {card}.",
    "play_no_target": "{p} plays {card} with no effect: nobody can be chosen.",
    "play_no_target_you": "You play {card} with no effect: nobody can be chosen.",
    "play_on": "{p} plays {card} on {t}.",
    "play_on_you": "You play {card} on {t}.",
    "play_guess": "{p} plays {card} on {t} and names {guess}.",
    "play_guess_you": "You play {card} on {t} and name {guess}.",
    "play_prince_self": "{p} plays {card} on their own hand.",
    "play_prince_self_you": "You play {card} on your own hand.",
    "play_look": "{p} plays {card} and looks at {hands}.",
    "play_look_you": "You play {card} and look at {hands}.",
    "play_cardinal": "{p} plays {card}: {targets} trade hands.",
    "play_cardinal_you": "You play {card}: {targets} trade hands.",
    "play_cardinal_with_you": "{p} plays {card}: you trade hands with {t}.",
    "play_cardinal_with_you_you": "You play {card} and trade hands with {t}.",
    "play_handmaid": "{p} plays {card} and is protected until their next turn.",
    "play_handmaid_you": "You play {card} and are protected until your next turn.",
    "play_sycophant": "{p} plays {card} on {t}: the next card played must choose them.",
    "play_sycophant_you": "You play {card} on {t}: the next card played must choose them.",
    "play_jester": "{p} plays {card} and gives the Jester token to {t}.",
    "play_jester_you": "You play {card} and give the Jester token to {t}.",
    "play_king": "{p} plays {card} and trades hands with {t}.",
    "play_king_you": "You play {card} and trade hands with {t}.",
    "guard_hit": "{t} holds {guess}!",
    "guard_hit_you": "You hold {guess}!",
    "guard_miss": "{t} does not hold {guess}.",
    "guard_miss_you": "You do not hold {guess}.",
    "guard_hit_value": "{t} holds a {guess}!",
    "guard_hit_value_you": "You hold a {guess}!",
    "guard_miss_value": "{t} holds no {guess}.",
    "guard_miss_value_you": "You hold no {guess}.",
    "assassin": "{p} reveals the Assassin: {g} is out instead!",
    "assassin_you": "You reveal the Assassin: {g} is out instead!",
    "look": "You see that {t} {hold} {card}.",
    "compare": "{p} and {t} compare hands in secret.",
    "compare_you": "You compare hands with {t}: {card} against {other}.",
    "compare_tie": "It is a tie: nobody is out.",
    "compare_lost": "{t} loses the comparison.",
    "compare_lost_you": "You lose the comparison.",
    "trade_you": "You give {give} and receive {get}.",
    "discard": "{p} discards {card}.",
    "discard_you": "You discard {card}.",
    "draw": "{p} draws a new card.",
    "draw_you": "You draw a new card.",
    "draw_known": "{p} draws {card}.",
    "draw_known_you": "You draw {card}.",
    "draw_set_aside": "The deck is empty: {p} takes the set-aside card.",
    "draw_set_aside_you": "The deck is empty: you take the set-aside card.",
    "draw_set_aside_known": "The deck is empty: {p} takes the set-aside card, {card}.",
    "draw_set_aside_known_you": "The deck is empty: you take the set-aside card, {card}.",
    "out": "{p} is out of the round.",
    "out_you": "You are out of the round.",
    "out_reveal": "{p} is out of the round, revealing {cards}.",
    "out_reveal_you": "You are out of the round, revealing {cards}.",
    "chancellor_empty": "The deck is empty: no effect.",
    "chancellor_draw": "{p} draws {count} cards.",
    "chancellor_draw_one": "{p} draws a card.",
    "chancellor_draw_you": "You draw {cards}.",
    "chancellor_return": "{p} puts {count} cards under the deck.",
    "chancellor_return_one": "{p} puts a card under the deck.",
    "chancellor_return_you": "You put {cards} under the deck, in that order.",
    "bishop_hit": "Right: {t} {hold} a {value}.",
    "bishop_miss": "Wrong: {t} {hold} no {value}.",
    "reply_discard": "{p} discards their hand and draws again.",
    "reply_discard_you": "You discard your hand and draw again.",
    "reply_keep": "{p} keeps their hand.",
    "reply_keep_you": "You keep your hand.",
    "token_round": "{p} wins the round and gains a token.",
    "token_round_you": "You win the round and gain a token.",
    "token_spy": "{p} gains a token for the Spy.",
    "token_spy_you": "You gain a token for the Spy.",
    "token_twins": "{p} gains a token for the twin princesses.",
    "token_twins_you": "You gain a token for the twin princesses.",
    "token_jester": "{p} gains a token for the Jester.",
    "token_jester_you": "You gain a token for the Jester.",
    "token_bishop": "{p} gains a token with the Bishop.",
    "token_bishop_you": "You gain a token with the Bishop.",
    "token_constable": "{p} gains a token for the Constable.",
    "token_constable_you": "You gain a token for the Constable.",
    "shows": "{p} holds {card}",
    "shows_you": "you hold {card}",
    "showdown": "The deck is empty. Showdown: {hands}.",
    "round_cut": "The round stops: the game is won.",
    "round_nobody": "Still tied: nobody wins the round.",
    "last_standing": "{p} is the last one standing.",
    "last_standing_you": "You are the last one standing.",
    "round_won": "Round won by {winners}.",
    "game_won": "{p} wins the game!",
    "game_won_you": "You win the game!",
    "game_won_many": "{winners} win the game together!",
}

_FR = {
    "you": "Vous",
    "you_obj": "vous",
    "your_hand": "votre main",
    "hand_of": "la main de {}",
    "and": " et ",
    "holds": "a",
    "holds_you": "avez",
    "list_sep": " ; ",
    "round": "La manche {number} commence ; {first} joue en premier.",
    "round_you": "La manche {number} commence ; vous jouez en premier.",
    "face_up": "Face visible : {cards}.",
    "dealt": "Vous recevez {card}.",
    "turn": "{p} pioche une carte.",
    "turn_known": "{p} pioche {card}.",
    "turn_you": "À vous : vous piochez {card}.",
    "play": "{p} joue {card}.",
    "play_you": "Vous jouez {card}.",
    "play_no_target": "{p} joue {card} sans effet : personne ne peut être choisi.",
    "play_no_target_you": "Vous jouez {card} sans effet : personne ne peut être choisi.",
    "play_on": "{p} joue {card} sur {t}.",
    "play_on_you": "Vous jouez {card} sur {t}.",
    "play_guess": "{p} joue {card} sur {t} et nomme {guess}.",
    "play_guess_you": "Vous jouez {card} sur {t} et nommez {guess}.",
    "play_prince_self": "{p} joue {card} sur sa propre main.",
    "play_prince_self_you": "Vous jouez {card} sur votre propre main.",
    "play_look": "{p} joue {card} et regarde {hands}.",
    "play_look_you": "Vous jouez {card} et regardez {hands}.",
    "play_cardinal": "{p} joue {card} : {targets} échangent leurs mains.",
    "play_cardinal_you": "Vous jouez {card} : {targets} échangent leurs mains.",
    "play_cardinal_with_you": "{p} joue {card} : vous échangez votre main avec {t}.",
    "play_cardinal_with_you_you": "Vous jouez {card} et échangez votre main avec {t}.",
    "play_handmaid": "{p} joue {card} : protection jusqu'à son prochain tour.",
    "play_handmaid_you": "Vous jouez {card} : protection jusqu'à votre prochain tour.",
    "play_sycophant": "{p} joue {card} sur {t} : la prochaine carte jouée devra l'y choisir.",
    "play_sycophant_you": "Vous jouez {card} sur {t} : la prochaine carte jouée devra l'y choisir.",
    "play_jester": "{p} joue {card} et donne le jeton Bouffon à {t}.",
    "play_jester_you": "Vous jouez {card} et donnez le jeton Bouffon à {t}.",
    "play_king": "{p} joue {card} et échange sa main avec {t}.",
    "play_king_you": "Vous jouez {card} et échangez votre main avec {t}.",
    "guard_hit": "{t} a bien {guess} !",
    "guard_hit_you": "Vous avez bien {guess} !",
    "guard_miss": "{t} n'a pas {guess}.",
    "guard_miss_you": "Vous n'avez pas {guess}.",
    "guard_hit_value": "{t} a bien un {guess} !",
    "guard_hit_value_you": "Vous avez bien un {guess} !",
    "guard_miss_value": "{t} n'a pas de {guess}.",
    "guard_miss_value_you": "Vous n'avez pas de {guess}.",
    "assassin": "{p} révèle l'Assassin : {g} quitte la manche à sa place !",
    "assassin_you": "Vous révélez l'Assassin : {g} quitte la manche à votre place !",
    "look": "Vous voyez que {t} {hold} {card}.",
    "compare": "{p} et {t} comparent leurs mains en secret.",
    "compare_you": "Vous comparez vos mains avec {t} : {card} contre {other}.",
    "compare_tie": "Égalité : personne ne quitte la manche.",
    "compare_lost": "{t} perd la comparaison.",
    "compare_lost_you": "Vous perdez la comparaison.",
    "trade_you": "Vous donnez {give} et recevez {get}.",
    "discard": "{p} défausse {card}.",
    "discard_you": "Vous défaussez {card}.",
    "draw": "{p} pioche une nouvelle carte.",
    "draw_you": "Vous piochez une nouvelle carte.",
    "draw_known": "{p} pioche {card}.",
    "draw_known_you": "Vous piochez {card}.",
    "draw_set_aside": "La pioche est vide : {p} prend la carte écartée.",
    "draw_set_aside_you": "La pioche est vide : vous prenez la carte écartée.",
    "draw_set_aside_known": "La pioche est vide : {p} prend la carte écartée, {card}.",
    "draw_set_aside_known_you": "La pioche est vide : vous prenez la carte écartée, {card}.",
    "out": "{p} quitte la manche.",
    "out_you": "Vous quittez la manche.",
    "out_reveal": "{p} quitte la manche et révèle {cards}.",
    "out_reveal_you": "Vous quittez la manche et révélez {cards}.",
    "chancellor_empty": "La pioche est vide : aucun effet.",
    "chancellor_draw": "{p} pioche {count} cartes.",
    "chancellor_draw_one": "{p} pioche une carte.",
    "chancellor_draw_you": "Vous piochez {cards}.",
    "chancellor_return": "{p} place {count} cartes sous la pioche.",
    "chancellor_return_one": "{p} place une carte sous la pioche.",
    "chancellor_return_you": "Vous placez {cards} sous la pioche, dans cet ordre.",
    "bishop_hit": "Gagné : {t} {hold} un {value}.",
    "bishop_miss": "Raté : {t} n'{hold} pas de {value}.",
    "reply_discard": "{p} défausse sa main et pioche à nouveau.",
    "reply_discard_you": "Vous défaussez votre main et piochez à nouveau.",
    "reply_keep": "{p} garde sa main.",
    "reply_keep_you": "Vous gardez votre main.",
    "token_round": "{p} remporte la manche et gagne un jeton.",
    "token_round_you": "Vous remportez la manche et gagnez un jeton.",
    "token_spy": "{p} gagne un jeton grâce à l'Espionne.",
    "token_spy_you": "Vous gagnez un jeton grâce à l'Espionne.",
    "token_twins": "{p} gagne un jeton grâce aux princesses jumelles.",
    "token_twins_you": "Vous gagnez un jeton grâce aux princesses jumelles.",
    "token_jester": "{p} gagne un jeton grâce au Bouffon.",
    "token_jester_you": "Vous gagnez un jeton grâce au Bouffon.",
    "token_bishop": "{p} gagne un jeton avec l'Évêque.",
    "token_bishop_you": "Vous gagnez un jeton avec l'Évêque.",
    "token_constable": "{p} gagne un jeton grâce au Connétable.",
    "token_constable_you": "Vous gagnez un jeton grâce au Connétable.",
    "shows": "{p} a {card}",
    "shows_you": "vous avez {card}",
    "showdown": "La pioche est vide. Révélation : {hands}.",
    "round_cut": "La manche s'arrête : la partie est gagnée.",
    "round_nobody": "Toujours à égalité : personne ne remporte la manche.",
    "last_standing": "{p} est seul·e encore en lice.",
    "last_standing_you": "Vous êtes seul·e encore en lice.",
    "round_won": "Manche remportée par {winners}.",
    "game_won": "{p} remporte la partie !",
    "game_won_you": "Vous remportez la partie !",
    "game_won_many": "{winners} remportent la partie ensemble !",
}

_TEMPLATES: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": _FR}
