"""The rules page: the whole rules of an edition and its card reference with the playing
cards, in both languages; printed, each deck's reference fits one A4 page."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import Server

#: An A4 page's printable box at 96 px per inch, with the page's 12 mm margins.
A4_WIDTH_PX = round((210 - 24) / 25.4 * 96)
A4_HEIGHT_PX = round((297 - 24) / 25.4 * 96)


def test_the_rules_page_in_english(page: Page, server: Server) -> None:
    page.goto(server.url + "/rules?edition=premium")
    expect(page.locator("h1")).to_contain_text("Rules of Love Letter")
    expect(page.locator("#rules")).to_contain_text("Out of the round")
    expect(page.locator("#rules")).to_contain_text("discard piles")  # Premium's tie rule
    decks = page.locator(".rules-deck")
    expect(decks).to_have_count(2)  # 2-4 players (the Classic deck), then 5-8
    cardinal = page.locator('.rules-deck[data-players="5-8"] tr[data-card="cardinal"]')
    expect(cardinal).to_contain_text("Cardinal")
    expect(cardinal.locator(".playing")).to_have_text("2 red twos")
    jester = page.locator('.rules-deck[data-players="5-8"] tr[data-card="jester"] .playing')
    expect(jester).to_have_text("1 light joker")
    guards = page.locator('.rules-deck[data-players="2-4"] tr[data-card="guard"] .playing')
    expect(guards).to_have_text("3 aces and 2 jacks")
    page.select_option("#rules-edition", "2019")
    expect(page.locator("h1")).to_contain_text("2019")
    assert "edition=2019" in page.url
    expect(page.locator('tr[data-card="spy"] .playing')).to_have_text("the 2 jokers")
    expect(page.locator("#rules")).to_contain_text("every tied player wins")


def test_the_rules_page_in_french(browser: Browser, server: Server) -> None:
    page = browser.new_page(locale="fr-FR")
    page.goto(server.url + "/rules?edition=classic")
    expect(page.locator("h1")).to_contain_text("Règles de Love Letter")
    expect(page.locator("#rules")).to_contain_text("Fin de la manche")
    expect(page.locator('tr[data-card="guard"] th')).to_contain_text("Garde")
    expect(page.locator('tr[data-card="guard"] .playing')).to_have_text("3 as et 2 valets")
    expect(page.locator("#rules")).to_contain_text("numérotation de 2019")
    page.click("#lang-switch")  # the page follows the language
    expect(page.locator("h1")).to_contain_text("Rules of Love Letter")
    expect(page.locator('tr[data-card="guard"] .playing')).to_have_text("3 aces and 2 jacks")
    page.close()


def test_each_printed_card_reference_fits_one_a4_page(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": A4_WIDTH_PX, "height": A4_HEIGHT_PX})
    for edition in ("classic", "2019", "premium", "princess", "2019-classic"):
        page.goto(f"{server.url}/rules?edition={edition}&lang=fr")
        page.wait_for_selector(".rules-deck")
        page.emulate_media(media="print")
        heights = page.locator(".rules-deck").evaluate_all(
            "decks => decks.map(d => d.getBoundingClientRect().height)"
        )
        assert heights
        assert all(height <= A4_HEIGHT_PX for height in heights), (edition, heights)
        page.emulate_media(media="screen")
    page.close()


def test_an_editions_rules_name_no_card_of_another_edition(
    browser: Browser, server: Server
) -> None:
    page = browser.new_page(locale="fr-FR")
    for lang, sycophant in (("en", "Sycophant"), ("fr", "Flagorneur")):
        page.goto(f"{server.url}/rules?edition=2019&lang={lang}")
        expect(page.locator("#rules")).to_contain_text("Prince")
        expect(page.locator("#rules")).not_to_contain_text(sycophant)  # a Premium card
    page.close()


def test_princesse_princesses_rules_use_its_own_card_names(
    browser: Browser, server: Server
) -> None:
    page = browser.new_page(locale="fr-FR")
    page.goto(f"{server.url}/rules?edition=princess&lang=fr")
    rules = page.locator("#rules")
    expect(rules).to_contain_text("protégés par Oliver le dragon")
    expect(rules).to_contain_text("comme le Prince Vladric,")
    for other in ("Servante", "le Prince,", "Espionne", "Chancelier"):
        expect(rules).not_to_contain_text(other)
    page.goto(f"{server.url}/rules?edition=classic&lang=en")
    expect(page.locator("#rules")).not_to_contain_text("Chancellor")  # not in Classic
    page.close()


def test_the_playing_cards_are_told_after_the_cards_as_announced(
    page: Page, server: Server
) -> None:
    page.goto(server.url + "/rules?edition=2019")
    expect(page.locator(".rules-head")).to_contain_text("then its cards, then how to play it")
    order = page.locator("#rules > section, #rules > h2").evaluate_all(
        "nodes => nodes.map(n => n.classList.contains('rules-deck') ? 'deck' : n.textContent)"
    )
    playing = next(i for i, text in enumerate(order) if text.startswith("With a deck of playing"))
    assert order.index("deck") < playing, order
