"""The grammar layer: person and agreement, elision, articles, a/an, plurals, French
typography."""

from __future__ import annotations

import importlib
import re
from string import Formatter

import pytest

from loveletter.engine import EDITIONS, Narrator, grammar
from loveletter.engine.grammar import NBSP, Group, Person
from loveletter.tui.texts import TEXTS


@pytest.mark.parametrize(
    ("word", "following", "text"),
    [
        ("de", "Ana", "d'Ana"),
        ("de", "Emma", "d'Emma"),
        ("de", "Hugo", "d'Hugo"),
        ("de", "Yves", "d'Yves"),
        ("de", "Yann", "de Yann"),
        ("de", "Bruno", "de Bruno"),
        ("que", "Ana", "qu'Ana"),
        ("la", "Épée", "l'Épée"),
        ("de", "7", "de 7"),
    ],
)
def test_french_elides_before_a_vowel_sound(word: str, following: str, text: str) -> None:
    assert grammar.elide(word, following) == text


def test_english_never_elides() -> None:
    assert grammar.elide("de", "Ana", "en") == "de Ana"


@pytest.mark.parametrize(
    ("preposition", "phrase", "text"),
    [
        ("à", "le Bouffon", "au Bouffon"),
        ("à", "les Conseillers du roi", "aux Conseillers du roi"),
        ("de", "le Bouffon", "du Bouffon"),
        ("de", "les Conseillers du roi", "des Conseillers du roi"),
        ("à", "l'Espionne", "à l'Espionne"),
        ("de", "la Servante", "de la Servante"),
        ("à", "Claire l'espionne", "à Claire l'espionne"),
        ("de", "Oliver le dragon", "d'Oliver le dragon"),
    ],
)
def test_french_contracts_prepositions_and_articles(
    preposition: str, phrase: str, text: str
) -> None:
    assert grammar.contract(preposition, phrase) == text


def test_articles() -> None:
    assert grammar.definite("Espionne", "f", "fr") == "l'Espionne"
    assert grammar.definite("Garde", "m", "fr") == "le Garde"
    assert grammar.definite("Conseillers du roi", "p", "fr") == "les Conseillers du roi"
    assert grammar.definite("Guard", "m", "en") == "the Guard"
    assert [grammar.indefinite(word, "en") for word in ("8", "7", "Assassin", "Unicorn")] == [
        "an 8",
        "a 7",
        "an Assassin",
        "a Unicorn",
    ]
    assert grammar.indefinite("8", "fr") == "un 8"


def test_counts_agree_with_their_number() -> None:
    assert grammar.count(1, "token", "en") == "1 token"
    assert grammar.count(0, "token", "en") == "0 tokens"
    assert grammar.count(0, "jeton", "fr") == "0 jeton"
    assert grammar.count(2, "jeton", "fr") == "2 jetons"
    assert grammar.join(["Ana", "Bruno", "Chloé"], "fr") == "Ana, Bruno et Chloé"


def test_french_typography_spaces_marks_outside_fields() -> None:
    typeset = grammar.typeset("Jetons: {scores:de} ; « keep » !", "fr")
    assert typeset == f"Jetons{NBSP}: {{scores:de}}{NBSP}; «{NBSP}keep{NBSP}»{NBSP}!"
    assert grammar.typeset("Tokens: {scores}!", "en") == "Tokens: {scores}!"


def test_a_person_agrees_with_the_reader() -> None:
    ana, you = Person("Ana", "en"), Person("Bruno", "en", reader=True)
    line = "{p} {p[plays]} {p:their} card; {p:'s} turn; {p:hand}; {p[does]} not, {p[is]}"
    assert line.format(p=ana) == "Ana plays their card; Ana's turn; Ana's hand; does not, is"
    assert line.format(p=you) == "you play your card; your turn; your hand; do not, are"
    french = "{p} {p[joue]} {p:sa} carte ; {p:hand} ; {p:que} ; {p[révèle]}"
    assert (
        french.format(p=Person("Ana", "fr"))
        == "Ana joue sa carte ; la main d'Ana ; qu'Ana ; révèle"
    )
    assert french.format(p=Person("Ana", "fr", reader=True)) == (
        "vous jouez votre carte ; votre main ; que vous ; révélez"
    )
    with pytest.raises(ValueError, match="unknown person form"):
        format(ana, "sa")


def test_a_group_agrees_with_the_reader_among_them() -> None:
    them = Group([Person("Ana", "fr"), Person("Bruno", "fr")], "fr")
    us = Group([Person("Ana", "fr"), Person("Bruno", "fr", reader=True)], "fr")
    line = "{g} {g[échangent]} {g:leurs} mains"
    assert line.format(g=them) == "Ana et Bruno échangent leurs mains"
    assert line.format(g=us) == "Ana et vous échangez vos mains"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_verb_of_the_narration_agrees(lang: str) -> None:
    """Each verb and form a template asks of a person exists for the reader too."""
    reader = Person("Ana", lang, reader=True)
    group = Group([reader], lang)
    templates = Narrator(EDITIONS["classic"], ["Ana"], None, lang).text
    for key, template in templates.items():
        for _, field, spec, _ in Formatter().parse(template):
            if field is None:
                continue
            name, _, verb = field.partition("[")
            value = group if name == "g" else reader
            if verb:
                assert value[verb.rstrip("]")], key
            if spec and name in {"p", "t", "u", "g"}:
                assert format(value, spec), key
        assert not re.search(r"\(R\d", template), key


@pytest.mark.parametrize(
    ("noun", "lang", "expected"),
    [
        ("Guard", "en", "Guards"),
        ("Spy", "en", "Spies"),
        ("Countess", "en", "Countesses"),
        ("Dowager Queen", "en", "Dowager Queens"),
        ("Garde", "fr", "Gardes"),
        ("Cardinal", "fr", "Cardinaux"),
        ("Reine douairière", "fr", "Reines douairières"),
        ("Évêque", "fr", "Évêques"),
    ],
)
def test_a_noun_takes_its_plural(noun: str, lang: str, expected: str) -> None:
    assert grammar.plural(noun, lang) == expected


@pytest.mark.parametrize(
    ("edition", "card", "lang", "expected"),
    [
        ("classic", "guard", "en", "two Guards"),
        ("classic", "guard", "fr", "deux Gardes"),  # not "Gardes (Odette)"
        ("premium", "cardinal", "fr", "deux Cardinaux"),
        ("princess", "prince", "en", "two Prince Vladric cards"),
        ("princess", "baron", "en", "two Palace Librarian cards"),
        ("princess", "handmaid", "fr", "deux cartes Oliver le dragon"),
        ("princess", "guard", "fr", "deux Gardes"),
    ],
)
def test_copies_of_a_card_are_counted_in_words(
    edition: str, card: str, lang: str, expected: str
) -> None:
    assert EDITIONS[edition].cards_phrase(card, 2, lang) == expected


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_list_of_cards_counts_the_copies_of_one_card_together(lang: str) -> None:
    narrator = Narrator(EDITIONS["classic"], ["Ana", "Bruno"], 0, lang)
    told = narrator.cards(["guard", "handmaid", "guard"])
    assert told == {"en": "two Guards and the Handmaid", "fr": "deux Gardes et la Servante"}[lang]
    assert (
        narrator.cards(["guard", "guard", "guard"])
        == {"en": "three Guards", "fr": "trois Gardes"}[lang]
    )


def test_no_french_text_a_player_reads_hides_a_gender_behind_a_dot() -> None:
    """Players' genders are unknown: French texts are written to agree with none
    ("sous protection", not "protégé·e")."""
    narrate = importlib.import_module("loveletter.engine.narrate")
    explain = importlib.import_module("loveletter.engine.explain")

    tables = {
        "narration": narrate._TEMPLATES["fr"],
        "refusals": explain._TEXTS["fr"],
        "notation errors": explain._NOTATION["fr"],
        "terminal": TEXTS["fr"],
    }
    dotted = [
        f"{table}: {key}"
        for table, texts in tables.items()
        for key, text in texts.items()
        if re.search(r"\w·\w", text)
    ]
    assert dotted == []


def test_typeset_leaves_an_address_alone() -> None:
    from loveletter.engine.grammar import typeset

    told = typeset("ouvrez https://ll.example.org : c'est prêt", "fr")
    assert told == "ouvrez https://ll.example.org\u00a0: c'est prêt"
