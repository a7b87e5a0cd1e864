"""``loveletter rules``: the card reference of an edition, in French or English, and
how to play it with an ordinary deck of playing cards."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from ..engine import EDITIONS, Edition, get_edition
from ..playing_cards import playing_cards
from .common import check_language, console, usage_error

_HEADERS = {
    "en": ("Value", "Card", "Copies", "Effect"),
    "fr": ("Valeur", "Carte", "Exemplaires", "Effet"),
}
_SUMMARY = {
    "en": "{players} players, {cards} cards, {tokens} tokens to win.",
    "fr": "{players} joueurs, {cards} cartes, {tokens} jetons pour gagner.",
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
    "en": "* As in the Premium deck (same character, black card); the Chancellor, which "
    "Premium lacks, takes the black sixes.",
    "fr": "* Comme dans le paquet Premium (même personnage, carte noire)\u00a0; le Chancelier, "
    "absent de Premium, prend les six noirs.",
}
_RANK_NOTE = {
    "en": "A playing card's rank is its character's value in the 2019 numbering (the King "
    "is a seven): here, read the value from this table.",
    "fr": "Le rang d'une carte à jouer est la valeur de son personnage dans la numérotation "
    "de 2019 (le Roi est un sept)\u00a0: ici, lisez la valeur dans ce tableau.",
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
    try:
        chosen = get_edition(edition)
        count = players if players is not None else chosen.max_players
        deck = chosen.deck(count)
    except ValueError as error:
        usage_error(str(error))
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
            chosen.card_name(spec.id, language),
            str(spec.count),
            chosen.effect_text(spec.id, count, language),
        )
    console.print(table)
    if players is None:
        span = f"{chosen.min_players}-{chosen.max_players}"
        tokens = ", ".join(f"{n}: {chosen.tokens_to_win(n)}" for n in chosen.tokens)
    else:
        span, tokens = str(count), str(chosen.tokens_to_win(count))
    console.print(
        _SUMMARY[language].format(players=span, cards=sum(s.count for s in deck), tokens=tokens)
    )
    if chosen.id == "premium" and (players is None or count >= chosen.large_from):
        console.print(_PREMIUM_NOTE[language])


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
            edition.card_name(stand.card, language),
            str(spec.count),
            stand.text(language) + mark,
        )
    console.print(table)
    if not all(stand.given for stand in stands):
        console.print(_COMPLETED_NOTE[language])
    if "king" in copies and copies["king"].value != 7:
        console.print(_RANK_NOTE[language])
