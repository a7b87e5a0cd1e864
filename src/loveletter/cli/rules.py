"""``loveletter rules``: the card reference of an edition, in French or English."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from ..engine import EDITIONS, get_edition
from .common import check_language, console, usage_error

_HEADERS = {
    "en": ("Value", "Card", "Copies", "Effect"),
    "fr": ("Valeur", "Carte", "Exemplaires", "Effet"),
}
_SUMMARY = {
    "en": "{players} players, {cards} cards, {tokens} tokens to win.",
    "fr": "{players} joueurs, {cards} cartes, {tokens} jetons pour gagner.",
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
) -> None:
    """Show the card reference of an edition: value, name, copies and effect."""
    language = check_language(lang)
    try:
        chosen = get_edition(edition)
        count = players if players is not None else chosen.max_players
        deck = chosen.deck(count)
    except ValueError as error:
        usage_error(str(error))
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
