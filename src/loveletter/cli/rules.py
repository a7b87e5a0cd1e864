"""``loveletter rules``: the card reference of an edition, in French or English, and
how to play it with an ordinary deck of playing cards."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from ..engine import EDITIONS, Edition, get_edition
from ..playing_cards import playing_cards
from .common import LANGUAGES, check_edition, check_language, check_table, console

_HEADERS = {
    "en": ("Value", "Card", "Copies", "Effect"),
    "fr": ("Valeur", "Carte", "Exemplaires", "Effet"),
}
_SUMMARY = {
    "en": "{players} players, {cards} cards, {tokens} tokens to win.",
    "fr": "{players} joueurs, {cards} cartes, {tokens} jetons pour gagner.",
}
#: Every player count of an edition: its deck, then the tokens to win by player count.
_SPAN_SUMMARY = {
    "en": "{low}-{high} players, {cards} cards. Tokens to win: {tokens}.",
    "fr": "De {low} à {high} joueurs, {cards} cartes. Jetons pour gagner\u00a0: {tokens}.",
}
#: A run of player counts that need the same tokens: one count, two, or more.
_COUNTS = {
    "en": ("with {low}", "with {low} and {high}", "with {low} to {high}", " players"),
    "fr": ("à {low}", "à {low} et {high}", "de {low} à {high}", " joueurs"),
}
_PLAYING_HEADERS = {
    "en": ("Value", "Card", "Copies", "Playing cards"),
    "fr": ("Valeur", "Carte", "Exemplaires", "Cartes à jouer"),
}
_PLAYING_TITLE = {
    "en": "{edition} with playing cards",
    "fr": "{edition} avec des cartes à jouer",
}
_COMPLETED_NOTE = {
    "en": "* As in the Premium deck (same character, black card).",
    "fr": "* Comme dans le paquet Premium (même personnage, carte noire).",
}
_CHANCELLOR_NOTE = {
    "en": "* As in the Premium deck (same character, black card); the Chancellor, which "
    "Premium lacks, takes the black sixes.",
    "fr": "* Comme dans le paquet Premium (même personnage, carte noire)\u00a0; le Chancelier, "
    "absent de Premium, prend les six noirs.",
}
#: A playing card's rank follows the 2019 values; said where this edition's differ.
_RANK_NOTE = {
    "en": "A playing card's rank is its character's value in the 2019 edition; here {values}"
    ": read the value from this table.",
    "fr": "Le rang d'une carte à jouer est la valeur de son personnage dans l'édition 2019\u00a0;"
    " ici, {values}\u00a0: lisez la valeur dans ce tableau.",
}
#: One card's value in this edition: first, then the next ones, for _RANK_NOTE.
_VALUE_IS = {
    "en": ("{card} is {a} {value}", "{card} {a} {value}", " and "),
    "fr": ("{card} vaut {value}", "{card} {value}", " et "),
}

_PREMIUM_NOTE = {
    "en": "With 2-4 players, Premium is played with the Classic deck and rules "
    "(loveletter rules --edition classic).",
    "fr": "De 2 à 4 joueurs, Premium se joue avec le paquet et les règles classiques "
    "(loveletter rules --edition classic).",
}


def rules(
    edition: Annotated[
        str, typer.Option("--edition", "-e", help=f"One of: {', '.join(EDITIONS)}.")
    ] = "classic",
    lang: Annotated[
        str | None, typer.Option("--lang", "-l", help="en or fr (default: from the locale).")
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Player count (Premium changes deck at 5)."),
    ] = None,
    with_playing_cards: Annotated[
        bool,
        typer.Option(
            "--playing-cards", help="Which cards of an ordinary deck stand for each card."
        ),
    ] = False,
) -> None:
    """Show the card reference of an edition: value, name, copies and effect."""
    language = check_language(lang)
    chosen = check_edition(edition)
    count = players if players is not None else chosen.max_players
    check_table(chosen.id, count)
    deck = chosen.deck(count)
    if with_playing_cards:
        _print_playing_cards(chosen, count, language)
        return
    value, card, copies, effect = _HEADERS[language]
    table = Table(title=chosen.name(language), title_style="bold", show_lines=True)
    table.add_column(value, justify="right", style="bold")
    table.add_column(card, style="cyan")
    table.add_column(copies, justify="right")
    table.add_column(effect)
    for spec in sorted(deck, key=lambda spec: (-spec.value, spec.id)):
        table.add_row(
            str(spec.value),
            _card_name(chosen, spec.id, language),
            str(spec.count),
            chosen.effect_text(spec.id, count, language),
        )
    console.print(table)
    cards = sum(spec.count for spec in deck)
    if players is None:
        low, high = chosen.min_players, chosen.max_players
        tokens = _tokens_by_count(chosen, language)
        console.print(
            _SPAN_SUMMARY[language].format(low=low, high=high, cards=cards, tokens=tokens)
        )
    else:
        tokens = str(chosen.tokens_to_win(count))
        console.print(_SUMMARY[language].format(players=count, cards=cards, tokens=tokens))
    if chosen.id == "premium" and (players is None or count >= chosen.large_from):
        console.print(_PREMIUM_NOTE[language])


def _card_name(edition: Edition, card: str, language: str) -> str:
    """A card's name with its character, told alike in both languages: the French
    Classic names its characters ("Garde (Odette)"), the English one does not, and
    the English reference gets them too ("Guard (Odette)")."""
    name = edition.card_name(card, language)
    if " (" in name:
        return name
    for other in LANGUAGES:
        full = edition.card_name(card, other)
        if " (" in full:
            return name + full[full.index(" (") :]
    return name


def _tokens_by_count(edition: Edition, language: str) -> str:
    """The tokens to win for each player count, runs of counts that need as many told
    once: "7 with 2 players, 5 with 3, 4 with 4 to 8"."""
    runs: list[tuple[int, int, int]] = []  # (tokens, first count, last count)
    for players in range(edition.min_players, edition.max_players + 1):
        tokens = edition.tokens_to_win(players)
        if runs and runs[-1][0] == tokens:
            runs[-1] = (tokens, runs[-1][1], players)
        else:
            runs.append((tokens, players, players))
    one, two, more, noun = _COUNTS[language]
    told: list[str] = []
    for tokens, low, high in runs:
        form = one if low == high else two if high == low + 1 else more
        told.append(f"{tokens} {form.format(low=low, high=high)}" + ("" if told else noun))
    return ", ".join(told)


def _print_playing_cards(edition: Edition, players: int, language: str) -> None:
    """The playing cards standing for each card of the deck dealt to ``players``."""
    copies = {spec.id: spec for spec in edition.deck(players)}
    value, card, count, cards = _PLAYING_HEADERS[language]
    title = _PLAYING_TITLE[language].format(edition=edition.name(language))
    table = Table(title=title, title_style="bold", show_lines=True)
    table.add_column(value, justify="right", style="bold")
    table.add_column(card, style="cyan")
    table.add_column(count, justify="right")
    table.add_column(cards)
    stands = playing_cards(edition.id, players)
    for stand in sorted(stands, key=lambda s: (-copies[s.card].value, s.card)):
        spec = copies[stand.card]
        mark = "" if stand.given else " *"
        table.add_row(
            str(spec.value),
            _card_name(edition, stand.card, language),
            str(spec.count),
            stand.text(language) + mark,
        )
    console.print(table)
    completed = {stand.card for stand in stands if not stand.given}
    if completed:
        notes = _CHANCELLOR_NOTE if "chancellor" in completed else _COMPLETED_NOTE
        console.print(notes[language])
    numbering = {spec.id: spec.value for spec in get_edition("2019").deck(2)}
    differ = [
        (stand.card, copies[stand.card].value)
        for stand in sorted(stands, key=lambda s: copies[s.card].value)
        if numbering.get(stand.card, copies[stand.card].value) != copies[stand.card].value
    ]
    if differ:
        first, then, last = _VALUE_IS[language]
        told = [
            (then if index else first).format(
                card=edition.card_phrase(card, language),
                a="an" if value == 8 else "a",  # "an 8"
                value=value,
            )
            for index, (card, value) in enumerate(differ)
        ]
        values = ", ".join(told[:-1]) + last + told[-1] if len(told) > 1 else told[0]
        console.print(_RANK_NOTE[language].format(values=values))
