"""The guided first game: two rounds of the 2019 edition against Bruno, a bot whose
moves are scripted, that present the goal, the table and the ten cards of the deck.

French is written with ordinary spaces; `Lesson.text` typesets it.
"""

from __future__ import annotations

from .model import Lesson, Step

# Round 1, top first: set aside, three face up, Ana's card, Bruno's, then the draws.
ROUND_1 = (
    "prince",  # set aside
    *("guard", "guard", "baron"),  # face up
    "guard",  # Ana
    "baron",  # Bruno
    *("priest", "handmaid", "spy", "guard", "chancellor"),  # the draws of turns 1-5
    *("spy", "guard", "guard", "priest", "handmaid", "prince", "chancellor"),
    *("king", "countess", "princess"),
)
# Round 2: Ana's Chancellor draws the Princess and a Guard; the Baron and the Guard
# she puts back are never reached.
ROUND_2 = (
    "spy",  # set aside
    *("guard", "guard", "spy"),  # face up
    "chancellor",  # Ana
    "countess",  # Bruno
    "baron",  # Ana's draw
    *("princess", "guard"),  # the Chancellor's two
    *("king", "handmaid", "prince", "prince", "guard", "priest", "baron"),
    *("guard", "guard", "priest", "handmaid", "chancellor"),
)

FIRST_GAME = Lesson(
    id="first-game",
    edition="2019",
    players=("Ana", "Bruno"),
    tokens_to_win=3,
    title={"en": "Learn to play", "fr": "Apprendre à jouer"},
    then=("2019", 2),
    steps=(
        Step(
            "welcome",
            "deal",
            {
                "en": "Welcome! You are Ana, facing Bruno, a bot. Love Letter is played in "
                "rounds: you win one by being the last player still in, or by holding the "
                "highest card when the deck runs out. Each round won earns a token; here, "
                "3 tokens win the game.",
                "fr": "Bienvenue ! Vous êtes Ana, face à Bruno, un robot. Love Letter se joue "
                "en manches : on en gagne une en étant la dernière personne en lice, ou en "
                "ayant la plus forte carte quand la pioche est vide. Chaque manche gagnée "
                "rapporte un jeton ; ici, 3 jetons gagnent la partie.",
            },
            focus="table",
            deck=ROUND_1,
        ),
        Step(
            "hand",
            "info",
            {
                "en": "This is your hand. You were dealt one card, the Guard (1), and you "
                "have just drawn a second one: each turn, you draw a card, then play one "
                "of your two. Each card has a value from 0 to 9: the higher, the stronger "
                "at the end of the round.",
                "fr": "Voici votre main. Vous avez reçu une carte, le Garde (1), et vous "
                "venez d'en piocher une deuxième : à chaque tour, vous piochez une carte, "
                "puis vous jouez l'une des deux. Chaque carte a une valeur de 0 à 9 : plus "
                "elle est haute, plus elle est forte en fin de manche.",
            },
            focus="hand",
            introduces=("guard",),
        ),
        Step(
            "deck",
            "info",
            {
                "en": "The deck: you draw from it. When it is empty at the end of a turn, "
                "the round ends and the highest card in hand wins it.",
                "fr": "La pioche : c'est là que vous piochez. Quand elle est vide à la fin "
                "d'un tour, la manche s'arrête et la plus forte carte en main l'emporte.",
            },
            focus="deck",
        ),
        Step(
            "set_aside",
            "info",
            {
                "en": "One card was set aside face down before the deal. Nobody knows it, "
                "so you can never be sure which cards are in play.",
                "fr": "Une carte a été mise de côté, face cachée, avant la donne. Personne "
                "ne la connaît : impossible d'être sûr des cartes en jeu.",
            },
            focus="set_aside",
        ),
        Step(
            "face_up",
            "info",
            {
                "en": "With two players, three more cards are set aside face up: they are "
                "out of this round, and everyone knows it.",
                "fr": "À deux joueurs, trois autres cartes sont écartées face visible : "
                "elles ne serviront pas cette manche, et tout le monde le sait.",
            },
            focus="face_up",
        ),
        Step(
            "priest",
            "you",
            {
                "en": "Your turn: you drew the Priest (2). Play it on Bruno to look at his card.",
                "fr": "À vous : vous avez pioché le Prêtre (2). Jouez-le sur Bruno pour "
                "regarder sa carte.",
            },
            focus="hand",
            move="priest 1",
            wrong={
                "en": "Your Guard would only be a guess. Look first: the Priest shows you "
                "Bruno's card, and then your Guard cannot miss.",
                "fr": "Votre Garde ne serait qu'un pari. Regardez d'abord : le Prêtre vous "
                "montre la carte de Bruno, et ensuite votre Garde ne peut pas rater.",
            },
            introduces=("priest",),
        ),
        Step(
            "seen",
            "info",
            {
                "en": "Bruno holds the Baron. Only you saw it: keep it in mind.",
                "fr": "Bruno a le Baron. Personne d'autre ne l'a vu : gardez-le en tête.",
            },
            focus="opponent",
        ),
        Step(
            "handmaid",
            "bot",
            {
                "en": "Bruno drew a card and played the Handmaid (4): until his next turn, "
                "no card can choose him.",
                "fr": "Bruno a pioché, puis joué la Servante (4) : jusqu'à son prochain "
                "tour, aucune carte ne peut le choisir.",
            },
            focus="opponent",
            move="handmaid",
            introduces=("handmaid",),
        ),
        Step(
            "spy",
            "you",
            {
                "en": "You drew the Spy (0). It does nothing when played, but at the end of "
                "the round, if you are the only player still in with a Spy in your discard "
                "pile, you gain a token. Play it now.",
                "fr": "Vous avez pioché l'Espionne (0). Jouée, elle ne fait rien ; mais en "
                "fin de manche, si vous êtes la seule personne encore en lice avec une "
                "Espionne dans sa défausse, vous gagnez un jeton. Jouez-la maintenant.",
            },
            focus="hand",
            move="spy",
            wrong={
                "en": "Bruno is protected by the Handmaid: your Guard would choose nobody "
                "and be wasted. The Spy, played now, can earn you a token.",
                "fr": "Bruno est protégé par la Servante : votre Garde ne choisirait "
                "personne et serait gâché. L'Espionne, jouée maintenant, peut vous "
                "rapporter un jeton.",
            },
            introduces=("spy",),
        ),
        Step(
            "guard_miss",
            "bot",
            {
                "en": "Bruno played a Guard and named the Prince, to guess your card. A "
                "wrong guess does nothing; a right one would have put you out of the "
                "round. A Guard may name any card but the Guard.",
                "fr": "Bruno a joué un Garde en nommant le Prince, pour deviner votre "
                "carte. Raté, il ne se passe rien ; s'il avait vu juste, vous quittiez la "
                "manche. Un Garde peut nommer toute carte sauf le Garde.",
            },
            focus="opponent",
            move="guard 0 prince",
        ),
        Step(
            "guard_hit",
            "you",
            {
                "en": "You know that Bruno still holds the Baron. Play your Guard on him "
                "and name the Baron.",
                "fr": "Vous savez que Bruno a toujours le Baron. Jouez votre Garde sur lui "
                "et nommez le Baron.",
            },
            focus="hand",
            move="guard 1 baron",
            wrong={
                "en": "You know Bruno's card: the Baron. Name it with your Guard and he is "
                "out of the round.",
                "fr": "Vous connaissez la carte de Bruno : le Baron. Nommez-le avec votre "
                "Garde et il est éliminé de la manche.",
            },
        ),
        Step(
            "round_won",
            "info",
            {
                "en": "Bruno is out: you win the round and a token. And as the only player "
                "still in with a Spy in your discard pile, you gain a second one. 2 of 3!",
                "fr": "Bruno est éliminé : vous gagnez la manche et un jeton. Et, seule "
                "personne en lice avec une Espionne dans sa défausse, vous en gagnez un "
                "second. 2 sur 3 !",
            },
            focus="tokens",
        ),
        Step(
            "round_2",
            "deal",
            {
                "en": "A new round: the cards are shuffled and dealt again, and the winner "
                "of the last one starts. You hold the Chancellor (6).",
                "fr": "Nouvelle manche : les cartes sont mélangées et distribuées à "
                "nouveau, et le vainqueur de la précédente commence. Vous avez le "
                "Chancelier (6).",
            },
            focus="hand",
            deck=ROUND_2,
        ),
        Step(
            "chancellor",
            "you",
            {
                "en": "You drew the Baron. Play the Chancellor: you draw two cards, keep "
                "one of your three and put the other two under the deck.",
                "fr": "Vous avez pioché le Baron. Jouez le Chancelier : vous piochez deux "
                "cartes, gardez l'une de vos trois et remettez les deux autres sous la "
                "pioche.",
            },
            focus="hand",
            move="chancellor",
            wrong={
                "en": "You don't know Bruno's card yet: a Baron now is a gamble. The "
                "Chancellor lets you pick the best of three cards first.",
                "fr": "Vous ne connaissez pas encore la carte de Bruno : un Baron serait un "
                "pari. Le Chancelier vous laisse d'abord choisir la meilleure de trois "
                "cartes.",
            },
            introduces=("chancellor",),
        ),
        Step(
            "princess",
            "you",
            {
                "en": "You drew the Princess (9) and a Guard. Keep the Princess, the "
                "highest card, and put the other two back. But beware: if you ever play or "
                "discard her, you are out of the round.",
                "fr": "Vous avez pioché la Princesse (9) et un Garde. Gardez la Princesse, "
                "la plus forte carte, et remettez les deux autres. Mais attention : si "
                "vous la jouez ou la défaussez, vous quittez la manche.",
            },
            focus="hand",
            move="keep princess baron guard",
            accept=("keep princess guard baron",),
            wrong={
                "en": "The Princess is the strongest card: hold her to the end and you win "
                "the round. Keep her.",
                "fr": "La Princesse est la plus forte carte : gardez-la jusqu'au bout et "
                "vous gagnez la manche. Conservez-la.",
            },
            introduces=("princess",),
        ),
        Step(
            "countess",
            "bot",
            {
                "en": "Bruno played the Countess (8). She does nothing, but must be played "
                "when her holder also has the King or a Prince: Bruno may well hold one.",
                "fr": "Bruno a joué la Comtesse (8). Elle ne fait rien, mais doit être "
                "jouée quand on a aussi le Roi ou un Prince : Bruno en a sans doute un.",
            },
            focus="opponent",
            move="countess",
            introduces=("countess",),
        ),
        Step(
            "handmaid_you",
            "you",
            {
                "en": "You drew the Handmaid. Play it: until your next turn no card can "
                "choose you, and your Princess is safe.",
                "fr": "Vous avez pioché la Servante. Jouez-la : jusqu'à votre prochain "
                "tour, aucune carte ne peut vous choisir, et votre Princesse est à l'abri.",
            },
            focus="hand",
            move="handmaid",
            wrong={
                "en": "Playing the Princess puts you out of the round! Play the Handmaid: "
                "protected, you keep your Princess safe.",
                "fr": "Jouer la Princesse vous élimine de la manche ! Jouez la Servante : "
                "elle vous protège, et votre Princesse avec vous.",
            },
        ),
        Step(
            "king",
            "bot",
            {
                "en": "Bruno played the King (7), which trades hands with another player. "
                "You are protected, so it chose nobody and did nothing: your Princess "
                "stays with you.",
                "fr": "Bruno a joué le Roi (7), qui échange sa main avec un autre joueur. "
                "La Servante vous protège : il n'a choisi personne et n'a rien fait. "
                "Votre Princesse reste avec vous.",
            },
            focus="opponent",
            move="king",
            introduces=("king",),
        ),
        Step(
            "prince",
            "you",
            {
                "en": "You drew the Prince (5). Play it on Bruno: he discards his card and "
                "draws a new one.",
                "fr": "Vous avez pioché le Prince (5). Jouez-le sur Bruno : il défausse sa "
                "carte et en pioche une nouvelle.",
            },
            focus="hand",
            move="prince 1",
            wrong={
                "en": "Careful: the Prince on yourself would make you discard the Princess, "
                "and playing her puts you out. Choose Bruno.",
                "fr": "Attention : le Prince sur vous-même vous ferait défausser la "
                "Princesse, et la jouer vous élimine. Choisissez Bruno.",
            },
            introduces=("prince",),
        ),
        Step(
            "priest_bot",
            "bot",
            {
                "en": "Bruno discarded his Prince and drew a new card. Then he played the "
                "Priest: now he knows that you hold the Princess.",
                "fr": "Bruno a défaussé son Prince et pioché une nouvelle carte. Puis il a "
                "joué le Prêtre : il sait maintenant que vous avez la Princesse.",
            },
            focus="opponent",
            move="priest 0",
        ),
        Step(
            "baron",
            "you",
            {
                "en": "You drew the Baron (3). Play it on Bruno: you both look at each "
                "other's card in secret, and the lower one is out. With the Princess, you "
                "cannot lose.",
                "fr": "Vous avez pioché le Baron (3). Jouez-le sur Bruno : vous comparez "
                "vos cartes en secret, et la plus faible est éliminée. Avec la Princesse, "
                "vous ne pouvez pas perdre.",
            },
            focus="hand",
            move="baron 1",
            wrong={
                "en": "Playing the Princess puts you out. The Baron compares your cards: "
                "with the Princess, you cannot lose.",
                "fr": "Jouer la Princesse vous élimine. Le Baron compare vos cartes : avec "
                "la Princesse, vous ne pouvez pas perdre.",
            },
            introduces=("baron",),
        ),
        Step(
            "won",
            "info",
            {
                "en": "Bruno held a Guard: he is out. You win the round, your third token, "
                "and the game! You know every card of the 2019 edition now. Ready for a "
                "real game against easy bots?",
                "fr": "Bruno avait un Garde : il est éliminé. Vous gagnez la manche, votre "
                "troisième jeton, et la partie ! Vous connaissez maintenant toutes les "
                "cartes de l'édition 2019. Envie d'une vraie partie contre des robots "
                "faciles ?",
            },
            focus="tokens",
        ),
    ),
)
