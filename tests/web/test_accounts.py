"""Accounts in the browser: sign up from the top bar, create a table under the
account's name, then on another device (another browser context) sign in and play
the same seat; a guest who signs up at the table keeps their seat; a wrong password
is told in the dialog, in English and in French."""

from __future__ import annotations

import itertools
import re

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import TIMEOUT_MS, Server

PASSWORD = "correct horse battery"
_numbers = itertools.count(1)


def device(browser: Browser, locale: str = "en-US") -> BrowserContext:
    """Another browser: its own cookies and storage."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 860})
    context.set_default_timeout(TIMEOUT_MS)
    return context


def account_dialog(page: Page, mode: str) -> None:
    """Open the account's dialog on signing in (``in``) or creating an account (``up``)."""
    page.click("#account-button")
    expect(page.locator("#account-dialog")).to_be_visible()
    if mode == "up":
        page.click("#account-switch")


def sign(page: Page, mode: str, name: str, password: str = PASSWORD) -> None:
    account_dialog(page, mode)
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-submit")


def signed_in_as(page: Page, name: str) -> None:
    expect(page.locator("#account-dialog")).to_be_hidden()
    expect(page.locator("#account-button")).to_have_text(name)


def test_a_seat_taken_signed_in_is_played_from_another_device(
    browser: Browser, server: Server
) -> None:
    name = f"Ana {next(_numbers)}"
    laptop, phone = device(browser), device(browser)
    try:
        page = laptop.new_page()
        page.goto(server.url + "/")
        expect(page.locator("#account-button")).to_have_text("Sign in")
        sign(page, "up", name)
        signed_in_as(page, name)
        # The table is created under the account's name, which cannot be changed here.
        expect(page.locator("#name")).to_have_value(name)
        expect(page.locator("#name")).not_to_be_editable()
        page.select_option("#edition", "classic")
        page.select_option("#players", "2")
        page.select_option("#seat-1", "bot:easy")
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/[\w-]+$"))
        table = page.url
        expect(page.locator(".hand-card").first).to_be_visible()

        other = phone.new_page()
        other.goto(table)  # not signed in: a spectator
        expect(other.locator(".hand-card")).to_have_count(0)
        sign(other, "in", name)
        signed_in_as(other, name)
        # Signed in, the same seat: its hand, with no token on this device.
        expect(other.locator(".hand-card").first).to_be_visible()
        assert other.evaluate("Object.keys(localStorage).filter(k => k.includes('seat'))") == []
        # Signing out watches again.
        other.click("#account-button")
        other.click("#account-sign-out")
        expect(other.locator("#account-button")).to_have_text("Sign in")
        expect(other.locator(".hand-card")).to_have_count(0)
    finally:
        laptop.close()
        phone.close()


def test_a_guest_who_signs_up_at_the_table_keeps_their_seat(
    browser: Browser, server: Server
) -> None:
    name = f"Bruno {next(_numbers)}"
    first, second = device(browser), device(browser)
    try:
        page = first.new_page()
        page.goto(server.url + "/")
        page.select_option("#edition", "classic")
        page.select_option("#players", "2")
        page.select_option("#seat-1", "bot:easy")
        page.fill("#name", "Guest")
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/[\w-]+$"))
        table = page.url
        expect(page.locator(".hand-card").first).to_be_visible()
        sign(page, "up", name)
        expect(page.locator(".toast").filter(has_text="now your account's")).to_be_visible()
        expect(page.locator(".hand-card").first).to_be_visible()

        other = second.new_page()
        other.goto(server.url + "/")
        sign(other, "in", name)
        signed_in_as(other, name)
        other.goto(table)
        expect(other.locator(".hand-card").first).to_be_visible()
    finally:
        first.close()
        second.close()


def test_a_wrong_password_is_told_in_the_dialog_in_french(browser: Browser, server: Server) -> None:
    name = f"Chloé {next(_numbers)}"
    context = device(browser, "fr-FR")
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        if page.locator("#lang-switch").inner_text() != "English":
            page.click("#lang-switch")
        expect(page.locator("#account-button")).to_have_text("Se connecter")
        sign(page, "up", name)
        signed_in_as(page, name)
        page.click("#account-button")
        page.click("#account-sign-out")
        expect(page.locator(".toast").filter(has_text="Vous êtes déconnecté.")).to_be_visible()
        sign(page, "in", name, "pas le bon mot de passe")
        expect(page.locator("#account-error")).to_have_text("Nom ou mot de passe incorrect.")
        expect(page.locator("#account-dialog")).to_be_visible()
        expect(page.locator("#account-button")).to_have_text("Se connecter")
        page.fill("#account-password", PASSWORD)
        page.click("#account-submit")
        signed_in_as(page, name)
    finally:
        context.close()
