"""The second lessons, shorter: the nine cards Premium adds with five players or more,
and what Princesse Princesse changes (its characters, the twin princesses).

French is written with ordinary spaces; `Lesson.text` typesets it.
"""

from __future__ import annotations

from .model import Lesson, Step, stacked

PREMIUM_PLAYERS = ("Ana", "Bruno", "Chloé", "Dario", "Emma")

# Top first: set aside, then one card to each seat from Ana, then the draws in turn.
PREMIUM_ROUND = stacked(
    "premium",
    5,
    (
        "guard",  # set aside
        *("jester", "sycophant", "baroness", "assassin", "guard"),  # Ana to Emma
        *("count", "princess", "guard", "constable", "cardinal"),  # turns 1-5
        "priest",  # Dario draws it after showing his Assassin
        *("dowager_queen", "cardinal", "bishop"),  # turns 6-8
    ),
)

PREMIUM = Lesson(
    id="premium",
    edition="premium",
    players=PREMIUM_PLAYERS,
    tokens_to_win=4,
    title={"en": "The Premium cards", "fr": "Les cartes de Premium"},
    then=("premium", 5),
    steps=(
        Step(
            "welcome",
            "deal",
            {
                "en": "From five players on, Premium deals 32 cards, nine of them new. You "
                "are Ana, with four bots; 4 tokens win. Let's meet the new cards.",
                "fr": "À partir de cinq joueurs, Premium distribue 32 cartes, dont neuf "
                "nouvelles. Vous êtes Ana, avec quatre bots ; 4 jetons gagnent. Faisons "
                "connaissance avec les nouvelles cartes.",
            },
            focus="table",
            deck=PREMIUM_ROUND,
        ),
        Step(
            "jester",
            "you",
            {
                "en": "You hold the Jester (0) and drew the Count (5). Play the Jester on "
                "the player you think will win this round: if they do, you gain a token, "
                "even if you are out by then.",
                "fr": "Vous avez le Bouffon (0) et avez pioché le Comte (5). Jouez le "
                "Bouffon sur le joueur qui, selon vous, gagnera cette manche : s'il la "
                "gagne, vous gagnez un jeton, même si vous avez quitté la manche d'ici là.",
            },
            focus="hand",
            move="jester 1",
            accept=("jester 2", "jester 3", "jester 4"),
            wrong={
                "en": "The Count only counts from your discard pile at the end of the "
                "round: there is time for it. The Jester is a bet worth placing early: "
                "choose a player with it.",
                "fr": "Le Comte ne compte qu'en fin de manche, depuis votre défausse : il a "
                "le temps. Le Bouffon est un pari à placer tôt : choisissez un joueur "
                "avec lui.",
            },
            introduces=("jester",),
        ),
        Step(
            "sycophant",
            "bot",
            {
                "en": "Bruno played the Sycophant (4) and chose you: the next card played, "
                "if it chooses players, must choose you.",
                "fr": "Bruno a joué le Flagorneur (4) et vous a choisi : la prochaine "
                "carte jouée, si elle choisit des joueurs, doit vous choisir.",
            },
            focus="opponent",
            move="sycophant 0",
            introduces=("sycophant",),
        ),
        Step(
            "baroness",
            "bot",
            {
                "en": "So Chloé's Baroness (3) had to choose you. The Baroness looks at the "
                "hands of one or two other players: Chloé now knows your Count.",
                "fr": "La Baronne (3) de Chloé devait donc vous choisir. La Baronne regarde "
                "la main d'un ou deux autres joueurs : Chloé connaît maintenant votre "
                "Comte.",
            },
            focus="opponent",
            move="baroness 0",
            introduces=("baroness",),
        ),
        Step(
            "constable",
            "bot",
            {
                "en": "Dario played the Constable (6). From his discard pile, it gains him "
                "a token if he is ever knocked out this round.",
                "fr": "Dario a joué le Connétable (6). Depuis sa défausse, il lui rapporte "
                "un jeton s'il est éliminé pendant cette manche.",
            },
            focus="opponent",
            move="constable",
            introduces=("constable",),
        ),
        Step(
            "assassin",
            "bot",
            {
                "en": "With five players or more, a Guard names a number. Emma's Guard "
                "chose Dario and named 5, but Dario held the Assassin (0): whoever chooses "
                "its holder with a Guard is out instead. Dario showed it and drew again.",
                "fr": "À cinq joueurs ou plus, le Garde nomme un nombre. Le Garde d'Emma a "
                "choisi Dario en nommant 5, mais Dario avait l'Assassin (0) : celui qui "
                "choisit son détenteur avec un Garde est éliminé à sa place. Dario l'a "
                "montré et a repioché.",
            },
            focus="opponent",
            move="guard 3 5",
            introduces=("assassin",),
        ),
        Step(
            "count",
            "you",
            {
                "en": "You drew the Dowager Queen (7): choose a player and compare hands, "
                "the higher card is out. You know nobody's card: too risky. Play the "
                "Count instead: at the end of the round, each Count in your discard pile "
                "adds 1 to your card.",
                "fr": "Vous avez pioché la Reine douairière (7) : choisissez un joueur et "
                "comparez vos mains, la plus forte carte est éliminée. Vous ne connaissez "
                "aucune main : trop risqué. Jouez plutôt le Comte : en fin de manche, "
                "chaque Comte de votre défausse ajoute 1 à votre carte.",
            },
            focus="hand",
            move="count",
            wrong={
                "en": "With the Dowager Queen, the higher card is out, and your Count is a "
                "5 against a card you don't know. Play the Count: it will add 1 to your "
                "card at the end.",
                "fr": "Avec la Reine douairière, la plus forte carte est éliminée, et votre "
                "Comte vaut 5 face à une carte inconnue. Jouez le Comte : il ajoutera 1 à "
                "votre carte à la fin.",
            },
            introduces=("count", "dowager_queen"),
        ),
        Step(
            "cardinal",
            "bot",
            {
                "en": "Bruno played the Cardinal (2): two players trade hands, here Chloé "
                "and Dario, then he may look at one of the two hands.",
                "fr": "Bruno a joué le Cardinal (2) : deux joueurs échangent leurs mains, "
                "ici Chloé et Dario, puis il peut regarder l'une des deux.",
            },
            focus="opponent",
            move="cardinal 2 3",
            introduces=("cardinal",),
        ),
        Step(
            "look",
            "bot",
            {
                "en": "Bruno looked at Chloé's new hand.",
                "fr": "Bruno a regardé la nouvelle main de Chloé.",
            },
            focus="opponent",
            move="look 2",
        ),
        Step(
            "bishop",
            "bot",
            {
                "en": "Chloé played the Bishop (9) on you and named 7: right, she gains a "
                "token at once. Now you choose: keep your card, or discard it and draw "
                "another.",
                "fr": "Chloé a joué l'Évêque (9) sur vous en nommant 7 : bien vu, elle "
                "gagne un jeton sur-le-champ. À vous de choisir : garder votre carte, ou "
                "la défausser et en piocher une autre.",
            },
            focus="you",
            move="bishop 0 7",
            introduces=("bishop",),
        ),
        Step(
            "discard",
            "you",
            {
                "en": "Chloé knows your Dowager Queen: a Guard naming 7 would knock you "
                "out. Discard it and draw a new card.",
                "fr": "Chloé connaît votre Reine douairière : un Garde nommant 7 vous "
                "éliminerait. Défaussez-la et piochez une nouvelle carte.",
            },
            focus="hand",
            move="discard",
            wrong={
                "en": "Chloé knows your card: keeping it lets her knock you out with a "
                "Guard. A new card is a secret again.",
                "fr": "Chloé connaît votre carte : la garder lui permet de vous éliminer "
                "avec un Garde. Une nouvelle carte redevient un secret.",
            },
        ),
        Step(
            "done",
            "info",
            {
                "en": "That's the nine Premium cards. The rest plays as in the Classic "
                "game; in a tie, the highest total in the discard piles wins.",
                "fr": "Voilà les neuf cartes de Premium. Le reste se joue comme le jeu "
                "classique ; en cas d'égalité, le plus fort total de défausse l'emporte.",
            },
            focus="table",
        ),
    ),
)

PRINCESS_ROUND = stacked(
    "princess",
    2,
    (
        "spy",  # set aside
        *("guard", "guard", "priest"),  # face up
        "chancellor",  # Ana: a Princess (Amira)
        "chancellor",  # Bruno: the other (Sadie)
        "guard",  # Ana's draw
        *("baron", "handmaid"),  # the draws of Ana's Princess
        "prince",  # Bruno's draw
        *("king", "countess"),  # the draws of Bruno's Princess
    ),
)

PRINCESS = Lesson(
    id="princess",
    edition="princess",
    players=("Ana", "Bruno"),
    tokens_to_win=6,
    title={"en": "Princesse Princesse", "fr": "Princesse Princesse"},
    then=("princess", 2),
    steps=(
        Step(
            "welcome",
            "deal",
            {
                "en": "Princesse Princesse plays like the 2019 edition, with other "
                "characters: each card keeps its value and its effect. The Ogre is the 9, "
                "the card you must never play.",
                "fr": "Princesse Princesse se joue comme l'édition 2019, avec d'autres "
                "personnages : chaque carte garde sa valeur et son effet. L'Ogre est le 9, "
                "la carte à ne jamais jouer.",
            },
            focus="table",
            deck=PRINCESS_ROUND,
            introduces=("princess",),
        ),
        Step(
            "amira",
            "you",
            {
                "en": "You hold the Princess (6), the Chancellor of this edition: the "
                "twin princesses, Amira on one card and Sadie on the other. Play her: "
                "draw two cards, keep one of your three, put the other two under the deck.",
                "fr": "Vous avez la Princesse (6), le Chancelier de cette édition : les "
                "princesses jumelles, Amira sur une carte et Sadie sur l'autre. Jouez-la : "
                "piochez deux cartes, gardez l'une de vos trois, remettez les deux autres "
                "sous la pioche.",
            },
            focus="hand",
            move="chancellor",
            wrong={
                "en": "A Princess in your discard pile is half of the twin princesses' "
                "bonus: play her.",
                "fr": "Une Princesse dans votre défausse, c'est la moitié du bonus des "
                "princesses jumelles : jouez-la.",
            },
            introduces=("chancellor",),
        ),
        Step(
            "keep",
            "you",
            {
                "en": "Keep the card you like best, and put the other two back.",
                "fr": "Gardez la carte que vous préférez, et remettez les deux autres.",
            },
            focus="hand",
            move="keep baron guard handmaid",
            accept=(
                "keep baron handmaid guard",
                "keep guard baron handmaid",
                "keep guard handmaid baron",
                "keep handmaid baron guard",
                "keep handmaid guard baron",
            ),
            wrong={
                "en": "Keep one of your three cards.",
                "fr": "Gardez l'une de vos trois cartes.",
            },
        ),
        Step(
            "sadie",
            "bot",
            {
                "en": "Bruno played the other Princess. He kept one card.",
                "fr": "Bruno a joué l'autre Princesse. Il a gardé une carte.",
            },
            focus="opponent",
            move="chancellor",
        ),
        Step(
            "sadie_keep",
            "bot",
            {
                "en": "Now each of you has a Princess in the discard pile: if you are "
                "both still in at the end of the round, you each gain a token, whoever "
                "wins it. That is the twin princesses' bonus.",
                "fr": "Chacun de vous a maintenant une Princesse dans sa défausse : si "
                "vous êtes tous les deux encore en lice en fin de manche, vous gagnez "
                "chacun un jeton, quel que soit le vainqueur. C'est le bonus des "
                "princesses jumelles.",
            },
            focus="opponent",
            move="keep king prince countess",
        ),
    ),
)
