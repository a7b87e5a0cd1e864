"""Every text of the terminal game, in English and French.

Card names and effects come from the engine's edition data and the game log from
its Narrator; this table holds the interface's own words. A ``{name}`` field is a
:class:`~loveletter.engine.grammar.Person` where French elides it (``{name:de}``,
"d'Ana"); a text told with a count has a ``_one`` and an ``_other`` form
(:func:`tr_count`); French texts get their no-break spaces from the grammar.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..bots.levels import POLICY_PREFIX
from ..engine.grammar import is_singular, typeset_all

LANGUAGE_NAMES = {"en": "English", "fr": "Français"}

_EN = {
    # setup
    "setup_title": "Love Letter · new game",
    "edition": "Edition",
    "players": "Players",
    "language": "Language",
    "seat": "Seat {number}",
    "human": "Human",
    "bot": "Bot · {level}",
    "level_easy": "easy",
    "level_medium": "medium",
    "level_hard": "hard",
    "level_expert": "expert",
    "level_policy": "policy {name}",
    "name": "name",
    "seed": "Seed",
    "seed_hint": "optional, for a reproducible game",
    "start": "Start",
    "quit": "Quit",
    "need_human": "At least one seat must be played by a human.",
    "need_names": "Every player needs a different name (1-40 characters).",
    "bad_seed": "The seed must be a whole number.",
    "setup_keys": "↑↓ move  ←→ change  Enter start  Ctrl+C quit",
    # table
    "title": "Love Letter",
    "round": "Round {number}",
    "turn": "Turn {number}",
    "deck": "Deck {count}",
    "your_turn": "Your turn",
    "your_answer": "Your answer",
    "turn_of": "{name}'s turn",
    "answer_of": "{name} must answer",
    "between_rounds": "Between rounds",
    "game_over": "Game over",
    "players_title": "Players",
    "you": "you",
    "out": "out",
    "protected": "protected",
    "jester_mark": "Jester of {name}",
    "sycophant_mark": "Sycophant's pick",
    "no_discards": "—",
    "set_aside": "Set aside",
    "set_aside_taken": "taken",
    "face_up": "Face up",
    "to_win_one": "{count} token to win",
    "to_win_other": "{count} tokens to win",
    # hand and choices
    "your_hand": "Your hand",
    "hand_of": "{name}'s hand",
    "no_hand": "Your hand is shown on your turn.",
    "out_of_round": "You are out of this round.",
    "play_card": "Play a card",
    "choose_player": "{card}: choose a player",
    "choose_players": "{card}: choose one or two players",
    "choose_pair": "{card}: choose two players who trade hands",
    "choose_two": "{card}: choose two players",
    "name_card": "{card} on {name}: name a card",
    "name_value": "{card} on {name}: name a number",
    "keep_card": "Chancellor: keep one card",
    "order_cards": "Chancellor: order under the deck",
    "cardinal_look": "Cardinal: look at a hand?",
    "bishop_answer": "{name} named {value} with the Bishop: you hold it. Discard your hand?",
    "hand_line": "Hand: {cards}",
    "value": "value {value}",
    "unseen_one": "{count} unseen",
    "unseen_other": "{count} unseen",
    "you_know": "you know: {card}",
    "no_effect": "no effect: nobody can be chosen",
    "confirm_move": "Play {move}?",
    "confirm_out": "Play {move}? You will be out of the round.",
    "confirm": "Yes, play it",
    "confirm_hint": "1 or Enter to play it, Esc to go back.",
    "keep": "Keep {card}",
    "order": "Under the deck: {cards} (last at the bottom)",
    "look_at": "Look at {hand}",
    "look_none": "Look at neither",
    "reply_discard": "Discard your hand and draw a new card",
    "reply_keep": "Keep your hand",
    "your_hand_short": "your hand",
    "hand_of_short": "{name}'s hand",
    "countess": "You hold {countess} with {other}: you must play {countess}.",
    "unplayable": "cannot be played: the Countess rule",
    # status line
    "thinking": "{name} is thinking…",
    "not_your_turn": "It is not your turn: {name} is to move.",
    "nobody_to_move": "Nobody is to move now.",
    "no_choice": "There is no choice {number} here.",
    "refused": "Not allowed: {reason}",
    "not_notation": "Not an action: {reason}",
    "bot_failed": "{name} (bot) gave no legal answer; it plays {action} instead.",
    "save_failed": "Could not save to {path}: {reason}",
    "command_hint": "type an action, e.g. guard 1 priest — press : to type",
    "hint": "Hint — {reason}",
    "hint_thinking": "Looking for a hint…",
    "hint_none": "No hint now: it is not your turn.",
    # side panel
    "log": "Log",
    # help screen
    "help_title": "Help · {edition}",
    "help_close": "Esc, ? or q: back to the game",
    "help_keys": (
        "Keys\n"
        "0-9         choose the answer with that number (a player: their seat)\n"
        "a-z         past 9 answers, the letter shown beside the answer\n"
        "↑ ↓ Enter   move through the answers and choose one\n"
        "Esc         go back one step, or take back a play waiting for confirmation\n"
        ":           type an action in notation (guard 1 priest)\n"
        "h           a hint: what the expert would play, and why\n"
        "l t n       the log, the card tracker, your notes\n"
        "PgUp PgDn   scroll the log (or the mouse wheel)\n"
        "?           this help    Ctrl+C  quit (and save)\n\n"
        "The cards of this edition"
    ),
    "copies_one": "{count} copy",
    "copies_other": "{count} copies",
    "cards": "Cards",
    "notes": "Notes",
    "tracker_title": "Unseen cards, from your seat",
    "tracker_note": "Not in a discard pile, face up or in your hand.",
    "notes_known": "Known now",
    "notes_none": "Nothing learned yet this round.",
    "note_turn": "Turn {turn}: ",
    "note_look": "you saw {name}'s {card}",
    "note_seen": "{name} saw your hand",
    "note_compare": "you compared your {mine} with {name}'s {theirs}",
    "note_trade": "you gave {name} your {give} and got their {get}",
    "note_draw": "you drew {cards} with the Chancellor",
    "note_return": "you put {cards} under the deck, in that order",
    "note_known": "{name} holds {the_card}",
    "round_rule": "Round {number}",
    # lessons
    "lesson_keys": "Enter next  0-9 choose  Esc back  p play it for me  s real game  ^C quit",
    "lesson_title": "{title} · step {number} of {total}",
    "lesson_next": "Next",
    "lesson_play": "Play a real game against easy bots",
    "lesson_try_again": "Try again. {why}",
    "lesson_offer_title": "New cards",
    "lesson_offer_text": "{edition} has cards of its own. A short lesson shows them as "
    "they come up (two minutes), then your game starts.",
    "lesson_offer_learn": "The lesson first",
    "lesson_offer_play": "Play now",
    "focus_hand": "↓ Your hand",
    "focus_deck": "↑ The deck, on the lower edge of the players' panel",
    "focus_set_aside": "↑ The set-aside card, on the lower edge of the players' panel",
    "focus_face_up": "↑ The face-up cards, on the lower edge of the players' panel",
    "focus_opponent": "↑ {name}, among the players",
    "focus_you": "↑ Your seat, among the players",
    "focus_tokens": "↑ The tokens (♥), among the players",
    "focus_log": "→ The log, on the right",
    # keys
    "keys_game": "0-9 a-z choose  Esc back  : type  h hint  l/t/n tabs  ? help  ^C quit",
    # hand-over
    "turn_over": "Your turn is over.",
    "pass_to": "Pass the keyboard to {name}",
    "handover_title": "Pass the keyboard to {name}",
    "handover_text": "{name}, press Enter when you are ready to see your hand.",
    "handover_bishop": "{name} must answer the Bishop.",
    # round summary
    "round_over": "Round {number} is over",
    "ending_last_standing": "{names}: last one standing.",
    "ending_showdown": "Showdown: {names} with the highest card.",
    "ending_showdown_nobody": "Showdown: still tied, nobody wins the round.",
    "ending_game_won": "A token won the game at once.",
    "col_player": "Player",
    "col_hand": "Hand at the end",
    "col_gained": "Tokens gained",
    "col_total": "Total",
    "reason_round": "won the round",
    "reason_spy": "Spy",
    "reason_twins": "twin princesses",
    "reason_jester": "Jester",
    "reason_bishop": "Bishop",
    "reason_constable": "Constable",
    "set_aside_was": "The set-aside card was:",
    "set_aside_used": "The set-aside card had been drawn.",
    "next_round": "Enter: next round",
    "see_result": "Enter: see the result",
    # game end
    "winner_one": "{names} wins the game!",
    "winner_many": "{names} win the game together!",
    "final_tokens": "Final tokens",
    "new_game": "New game",
    "end_keys": "N new game  Q quit",
    # quit
    "quit_title": "Quit the game?",
    "quit_saved": "The game is saved after every move in {path}.",
    "quit_unsaved": "The game is not saved.",
    "save_quit": "Save and quit",
    "quit_nosave": "Quit without saving",
    "quit_plain": "Quit",
    "cancel": "Cancel",
    "file_name": "Save to:",
}

_FR = {
    # lessons
    "lesson_keys": "Entrée suite  0-9 choix  Échap retour  p pour moi  s vraie partie  ^C fin",
    "lesson_title": "{title} · étape {number} sur {total}",
    "lesson_next": "Suite",
    "lesson_play": "Jouer une vraie partie contre des robots faciles",
    "lesson_try_again": "Essayez encore. {why}",
    "lesson_offer_title": "Nouvelles cartes",
    "lesson_offer_text": "{edition} a ses propres cartes. Une courte leçon vous les "
    "montre à mesure qu'elles arrivent (deux minutes), puis votre partie commence.",
    "lesson_offer_learn": "D'abord la leçon",
    "lesson_offer_play": "Jouer tout de suite",
    "focus_hand": "↓ Votre main",
    "focus_deck": "↑ La pioche, sur le bord bas du cadre des joueurs",
    "focus_set_aside": "↑ La carte mise de côté, sur le bord bas du cadre des joueurs",
    "focus_face_up": "↑ Les cartes visibles, sur le bord bas du cadre des joueurs",
    "focus_opponent": "↑ {name}, parmi les joueurs",
    "focus_you": "↑ Votre place, parmi les joueurs",
    "focus_tokens": "↑ Les jetons (♥), parmi les joueurs",
    "focus_log": "→ Le journal, à droite",
    # setup
    "setup_title": "Love Letter · nouvelle partie",
    "edition": "Édition",
    "players": "Joueurs",
    "language": "Langue",
    "seat": "Place {number}",
    "human": "Humain",
    "bot": "Bot · {level}",
    "level_easy": "facile",
    "level_medium": "moyen",
    "level_hard": "difficile",
    "level_expert": "expert",
    "level_policy": "stratégie {name}",
    "name": "nom",
    "seed": "Graine",
    "seed_hint": "facultative, pour rejouer la même partie",
    "start": "Commencer",
    "quit": "Quitter",
    "need_human": "Au moins une place doit être jouée par un humain.",
    "need_names": "Chaque joueur a besoin d'un nom différent (1 à 40 caractères).",
    "bad_seed": "La graine doit être un nombre entier.",
    "setup_keys": "↑↓ aller  ←→ changer  Entrée commencer  Ctrl+C quitter",
    # table
    "title": "Love Letter",
    "round": "Manche {number}",
    "turn": "Tour {number}",
    "deck": "Pioche {count}",
    "your_turn": "À vous de jouer",
    "your_answer": "À vous de répondre",
    "turn_of": "Au tour {name:de}",
    "answer_of": "{name} doit répondre",
    "between_rounds": "Entre deux manches",
    "game_over": "Partie terminée",
    "players_title": "Joueurs",
    "you": "vous",
    "out": "hors jeu",
    "protected": "sous protection",
    "jester_mark": "Bouffon {name:de}",
    "sycophant_mark": "choix du Flagorneur",
    "no_discards": "—",
    "set_aside": "Écartée",
    "set_aside_taken": "prise",
    "face_up": "Face visible",
    "to_win_one": "{count} jeton pour gagner",
    "to_win_other": "{count} jetons pour gagner",
    # hand and choices
    "your_hand": "Votre main",
    "hand_of": "Main {name:de}",
    "no_hand": "Votre main s'affiche à votre tour.",
    "out_of_round": "Vous avez quitté cette manche.",
    "play_card": "Jouez une carte",
    "choose_player": "{card} : choisissez un joueur",
    "choose_players": "{card} : choisissez un ou deux joueurs",
    "choose_pair": "{card} : choisissez deux joueurs, qui échangeront leurs mains",
    "choose_two": "{card} : choisissez deux joueurs",
    "name_card": "{card} sur {name} : nommez une carte",
    "name_value": "{card} sur {name} : nommez un nombre",
    "keep_card": "Chancelier : gardez une carte",
    "order_cards": "Chancelier : ordre sous la pioche",
    "cardinal_look": "Cardinal : regarder une main ?",
    "bishop_answer": "{name} a nommé {value} avec l'Évêque : vous l'avez. Défausser votre main ?",
    "hand_line": "Main : {cards}",
    "value": "valeur {value}",
    "unseen_one": "{count} non vue",
    "unseen_other": "{count} non vues",
    "you_know": "vous savez : {card}",
    "no_effect": "sans effet : personne ne peut être choisi",
    "confirm_move": "Jouer {move} ?",
    "confirm_out": "Jouer {move} ? Vous quitterez la manche.",
    "confirm": "Oui, jouer ce coup",
    "confirm_hint": "1 ou Entrée pour jouer ce coup, Échap pour revenir.",
    "keep": "Garder {card}",
    "order": "Sous la pioche : {cards} (la dernière tout en dessous)",
    "look_at": "Regarder {hand}",
    "look_none": "Ne rien regarder",
    "reply_discard": "Défausser votre main et piocher",
    "reply_keep": "Garder votre main",
    "your_hand_short": "votre main",
    "hand_of_short": "la main {name:de}",
    "countess": "Vous avez {countess} avec {other} : vous devez jouer {countess}.",
    "unplayable": "impossible : la Comtesse doit être jouée",
    # status line
    "thinking": "{name} réfléchit…",
    "not_your_turn": "Ce n'est pas votre tour : c'est à {name}.",
    "nobody_to_move": "Personne ne joue en ce moment.",
    "no_choice": "Il n'y a pas de choix {number} ici.",
    "refused": "Refusé : {reason}",
    "hint": "Conseil — {reason}",
    "hint_thinking": "Recherche d'un conseil…",
    "hint_none": "Pas de conseil maintenant : ce n'est pas votre tour.",
    "not_notation": "Action incompréhensible : {reason}",
    "bot_failed": "{name} (bot) n'a pas donné de réponse légale ; il joue {action}.",
    "save_failed": "Impossible d'enregistrer dans {path} : {reason}",
    # side panel
    "log": "Journal",
    # help screen
    "help_title": "Aide · {edition}",
    "copies_one": "{count} exemplaire",
    "copies_other": "{count} exemplaires",
    "cards": "Cartes",
    "notes": "Notes",
    "tracker_title": "Cartes non vues, de votre place",
    "tracker_note": "Ni défaussées, ni face visible, ni dans votre main.",
    "notes_known": "Ce que vous savez",
    "notes_none": "Rien appris pour l'instant dans cette manche.",
    "note_turn": "Tour {turn} : ",
    "note_look": "vous avez vu {the_card} {name:de}",
    "note_seen": "{name} a vu votre main",
    "note_compare": "vous avez comparé votre {mine} avec {the_theirs} {name:de}",
    "note_trade": "vous avez donné {the_give} à {name} et reçu {the_get}",
    "note_draw": "vous avez pioché {cards} avec le Chancelier",
    "note_return": "vous avez placé {cards} sous la pioche, dans cet ordre",
    "note_known": "{name} a {the_card}",
    "round_rule": "Manche {number}",
    # hand-over
    "turn_over": "Votre tour est terminé.",
    "pass_to": "Passer le clavier à {name}",
    "handover_title": "Passez le clavier à {name}",
    "handover_text": "{name}, appuyez sur Entrée pour voir votre main.",
    "handover_bishop": "{name} doit répondre à l'Évêque.",
    # round summary
    "round_over": "Fin de la manche {number}",
    "ending_last_standing": "{names} : dernière personne en lice.",
    "ending_showdown": "Révélation : {names} avec la plus forte carte.",
    "ending_showdown_nobody": "Révélation : toujours à égalité, personne ne gagne la manche.",
    "ending_game_won": "Un jeton a gagné la partie sur-le-champ.",
    "col_player": "Joueur",
    "col_hand": "Main à la fin",
    "col_gained": "Jetons gagnés",
    "col_total": "Total",
    "reason_round": "manche gagnée",
    "reason_spy": "Espionne",
    "reason_twins": "princesses jumelles",
    "reason_jester": "Bouffon",
    "reason_bishop": "Évêque",
    "reason_constable": "Connétable",
    "set_aside_was": "La carte écartée était :",
    "set_aside_used": "La carte écartée avait été piochée.",
    "next_round": "Entrée : manche suivante",
    "see_result": "Entrée : voir le résultat",
    # game end
    "winner_one": "{names} remporte la partie !",
    "winner_many": "{names} remportent la partie ensemble !",
    "final_tokens": "Jetons à la fin",
    "new_game": "Nouvelle partie",
    "end_keys": "N nouvelle partie  Q quitter",
    # quit
    "quit_title": "Quitter la partie ?",
    "quit_saved": "La partie est enregistrée après chaque coup dans {path}.",
    "quit_unsaved": "La partie n'est pas enregistrée.",
    "save_quit": "Enregistrer et quitter",
    "quit_nosave": "Quitter sans enregistrer",
    "quit_plain": "Quitter",
    "cancel": "Annuler",
    "file_name": "Enregistrer dans :",
}

#: French texts where ":" is a key to press, not punctuation: kept as they are.
_FR_KEYS = {
    "command_hint": "tapez une action, ex. garde 1 prêtre — touche : pour taper",
    "keys_game": "0-9 a-z choix  Échap retour  : taper  h conseil  l/t/n onglets  ? aide  ^C fin",
    "help_close": "Échap, ? ou q\u00a0: retour au jeu",
    "help_keys": (
        "Touches\n"
        "0-9          choisir la réponse de ce numéro (un joueur\u00a0: sa place)\n"
        "a-z          au-delà de 9 réponses, la lettre affichée à côté de la réponse\n"
        "↑ ↓ Entrée   parcourir les réponses et en choisir une\n"
        "Échap        revenir d'une étape, ou reprendre un coup à confirmer\n"
        ":            taper une action en notation (garde 1 prêtre)\n"
        "h            un conseil\u00a0: ce que l'expert jouerait, et pourquoi\n"
        "l t n        le journal, le suivi des cartes, vos notes\n"
        "PgPréc PgSuiv  faire défiler le journal (ou la molette)\n"
        "?            cette aide    Ctrl+C  quitter (et sauvegarder)\n\n"
        "Les cartes de cette édition"
    ),
}

TEXTS: Mapping[str, Mapping[str, str]] = {
    "en": _EN,
    "fr": {**typeset_all(_FR, "fr"), **_FR_KEYS},
}


def tr(lang: str, key: str, **fields: object) -> str:
    """The text ``key`` in ``lang``, with its ``{fields}`` filled in."""
    return TEXTS[lang][key].format(**fields)


def tr_count(lang: str, key: str, count: int, **fields: object) -> str:
    """The text ``key`` told with ``count``: its ``_one`` or ``_other`` form."""
    form = "_one" if is_singular(count, lang) else "_other"
    return tr(lang, key + form, count=count, **fields)


def level_name(lang: str, level: str) -> str:
    """A bot level for people ("facile"), a saved policy by its file's name ("policy
    ppo_classic_2p"); other bot specs as they are."""
    if level.startswith(POLICY_PREFIX):
        return tr(lang, "level_policy", name=Path(level[len(POLICY_PREFIX) :].strip()).stem)
    return TEXTS[lang].get(f"level_{level}", level)
