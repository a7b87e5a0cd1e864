"""docs/rules.md is the rules reference: every citation resolves in the repository.

Code, tests and documents cite rulings as ``R<n>`` and link to ``docs/rules.md#r<n>``:
each must be a ruling there. Its card tables must say what the engine plays, and
nothing may point to a file outside the repository.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

from loveletter.engine import EDITIONS, Edition, get_edition

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"

#: A ruling's anchor and label: ``<a id="r21"></a>**R21. Countess.**``.
RULING = re.compile(r'<a id="r(\d+)"></a>\*\*R(\d+)\b')
CITATION = re.compile(r"\bR(\d+)\b")
#: Inline links and images ``[text](target "title")``, and reference definitions.
MARKDOWN_LINK = re.compile(
    r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|^\s*\[[^\]]+\]:\s*(\S+)", re.M
)
HTML_LINK = re.compile(r"\b(?:href|src)=\"([^\"]+)\"")
EXPLICIT_ANCHOR = re.compile(r"<a (?:id|name)=\"([^\"]+)\"")


def tracked_files() -> list[Path]:
    listing = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout
    return [ROOT / name for name in listing.split("\0") if name]


def text_files() -> Iterator[tuple[Path, str]]:
    """Every tracked file that is text, with its text."""
    for path in tracked_files():
        try:
            yield path, path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # images
            continue


def rules_text() -> str:
    return RULES.read_text(encoding="utf-8")


def documented_rulings() -> set[int]:
    return {int(number) for number, _ in RULING.findall(rules_text())}


# ------------------------------------------------------------------ outside links


def test_nothing_points_to_the_shared_folder() -> None:
    for path, text in text_files():
        if path == Path(__file__).resolve():  # names the words it looks for
            continue
        # Spelt in two parts so that searches of the repository for it find nothing here.
        for word in ("../" + "shared", "RULES.md", "DESIGN.md", "STYLE.md"):
            assert word not in text, f"{path.relative_to(ROOT)} mentions {word}"


def without_code(markdown: str) -> str:
    """Markdown without fenced code blocks and code spans, where links are not links."""
    markdown = re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", markdown)


def link_targets(markdown: str) -> list[str]:
    prose = without_code(markdown)
    inline = [first or second for first, second in MARKDOWN_LINK.findall(prose)]
    return inline + HTML_LINK.findall(prose)


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, dashes."""
    text = re.sub(r"<[^>]+>|`", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    found = set(EXPLICIT_ANCHOR.findall(markdown))
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", without_code(markdown), re.M):
        slug = github_slug(heading)
        found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return found


def test_markdown_links_stay_in_the_repository_and_resolve() -> None:
    for path in tracked_files():
        if path.suffix != ".md":
            continue
        markdown = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        for target in link_targets(markdown):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
                continue
            file_part, _, fragment = target.partition("#")
            assert not file_part.startswith("/"), f"{where}: absolute link {target}"
            linked = (path.parent / file_part).resolve() if file_part else path
            assert linked.is_relative_to(ROOT), f"{where}: {target} is outside the repository"
            assert linked.exists(), f"{where}: {target} does not exist"
            if fragment and linked.suffix == ".md":
                targets = anchors(linked.read_text(encoding="utf-8"))
                assert fragment in targets, f"{where}: no anchor #{fragment} in {target}"


# ------------------------------------------------------------------ rulings


def test_each_ruling_is_anchored_once_under_its_own_number() -> None:
    text = rules_text()
    labels = RULING.findall(text)
    assert labels, 'docs/rules.md anchors its rulings as <a id="r21"></a>**R21...'
    for anchor, label in labels:
        assert anchor == label, f"the anchor r{anchor} labels R{label}"
    numbers = [int(anchor) for anchor, _ in labels]
    assert len(numbers) == len(set(numbers)), "a ruling is anchored twice"
    assert len(re.findall(r"\*\*R\d+\b", text)) == len(labels), "a ruling has no anchor"


def test_every_cited_ruling_is_in_the_rules_reference() -> None:
    rulings = documented_rulings()
    unknown = [
        f"{path.relative_to(ROOT)}:{line_number}: R{number}"
        for path, text in text_files()
        for line_number, line in enumerate(text.splitlines(), start=1)
        for number in CITATION.findall(line)
        if int(number) not in rulings
    ]
    assert not unknown, f"rulings missing from docs/rules.md: {unknown}"


# ------------------------------------------------------------------ card tables


def tables(markdown: str) -> Iterator[tuple[str, list[dict[str, str]]]]:
    """Every table as its rows (column name: cell), with the heading above it."""
    heading = ""
    lines = markdown.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("#"):
            heading = line
        if not line.startswith("|"):
            index += 1
            continue
        block = []
        while index < len(lines) and lines[index].startswith("|"):
            block.append([cell.strip() for cell in lines[index].strip("|").split("|")])
            index += 1
        header, _separator, *rows = block
        yield heading, [dict(zip(header, row, strict=True)) for row in rows]


def card_tables() -> dict[str, list[dict[str, str]]]:
    """The card table of each edition, found by the edition id in its heading."""
    found: dict[str, list[dict[str, str]]] = {}
    for heading, rows in tables(rules_text()):
        if rows and "count" in rows[0]:
            edition = re.search(r"`([^`]+)`", heading)
            assert edition, f"the card table under {heading!r} names no edition"
            assert edition[1] not in found, f"two card tables for {edition[1]}"
            found[edition[1]] = rows
    return found


def card_rows(edition: Edition, players: int) -> list[dict[str, str]]:
    """What a card table of this edition must say, from the engine's data."""
    return [
        {
            "value": str(spec.value),
            "id": spec.id,
            "English": edition.card_name(spec.id, "en"),
            "French": edition.card_name(spec.id, "fr"),
            "count": str(spec.count),
        }
        for spec in edition.deck(players)
    ]


def test_each_edition_has_one_card_table() -> None:
    assert set(card_tables()) == set(EDITIONS)


def test_card_tables_are_the_engines_decks() -> None:
    for edition_id, rows in card_tables().items():
        edition = get_edition(edition_id)
        documented = [
            {key: row[key] for key in ("value", "id", "English", "French", "count")} for row in rows
        ]
        # Premium's table is its 5-8 player deck; the others have one deck.
        assert documented == card_rows(edition, edition.max_players), edition_id


def test_premium_with_2_to_4_players_is_the_classic_deck_and_thresholds() -> None:
    premium, classic = get_edition("premium"), get_edition("classic")
    for players in range(2, 5):
        assert premium.deck(players) == classic.deck(players)
        assert premium.tokens_to_win(players) == classic.tokens_to_win(players)


def parse_tokens(cell: str) -> dict[int, int]:
    """``2: 7, 3: 5, 5-8: 4`` as {players: tokens}."""
    tokens: dict[int, int] = {}
    for first, last, count in re.findall(r"(\d+)(?:-(\d+))?: (\d+)", cell):
        for players in range(int(first), int(last or first) + 1):
            tokens[players] = int(count)
    return tokens


def test_editions_table_is_the_engines_editions() -> None:
    rows = next(rows for _, rows in tables(rules_text()) if rows and "players" in rows[0])
    assert [row["id"].strip("`") for row in rows] == list(EDITIONS)
    for row in rows:
        edition = get_edition(row["id"].strip("`"))
        counts = range(edition.min_players, edition.max_players + 1)
        decks = [edition.deck(players) for players in counts]
        values = [spec.value for deck in decks for spec in deck]
        sizes = sorted({sum(spec.count for spec in deck) for deck in decks})
        assert row["name"] == edition.name("en")
        assert row["players"] == f"{edition.min_players}-{edition.max_players}"
        assert [int(size) for size in re.findall(r"(\d+)(?= \(|$)", row["cards"])] == sizes
        assert row["values"] == f"{min(values)}-{max(values)}"
        tokens_column = next(key for key in row if key.startswith("tokens"))
        assert parse_tokens(row[tokens_column]) == dict(edition.tokens), edition.id
