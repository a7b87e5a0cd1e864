"""A server's trained policies in the creation form: offered only for the table each fits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from loveletter.server.policies import PolicyLevel

from .conftest import Server
from .ui import create_table

POLICY = Path(__file__).resolve().parents[2] / "docs" / "ppo_classic_2p.npz"


@pytest.fixture(scope="module")
def policy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server offering the shipped policy as the level ``ppo`` (Classic, 2 players)."""
    policy = PolicyLevel("ppo", str(POLICY), "classic", 2)
    db = tmp_path_factory.mktemp("policy") / "loveletter.db"
    with Server(db, policies=(policy,)) as running:
        yield running


def test_the_form_offers_a_policy_only_for_the_table_it_fits(
    page: Page, policy_server: Server
) -> None:
    page.goto(policy_server.url + "/")
    seat = page.locator("#seat-1 option[value='bot:ppo']")
    standin = page.locator("#bot-level option[value='ppo']")
    page.select_option("#edition", "classic")
    page.select_option("#players", "2")
    expect(seat).to_have_text("Bot: trained policy “ppo”")
    expect(standin).to_have_text("trained policy “ppo”")
    page.select_option("#seat-1", "bot:ppo")
    page.select_option("#bot-level", "ppo")
    page.click("#lang-switch")  # the choice and the names follow the language
    expect(page.locator("#seat-1")).to_have_value("bot:ppo")
    expect(seat).to_have_text("Robot\u00a0: stratégie apprise «\u00a0ppo\u00a0»")
    expect(standin).to_have_text("stratégie apprise «\u00a0ppo\u00a0»")
    page.select_option("#players", "3")  # Classic with 3 players: the policy does not fit
    expect(page.locator("#seat-1 option")).not_to_have_count(0)
    expect(seat).to_have_count(0)
    expect(standin).to_have_count(0)
    expect(page.locator("#seat-1")).to_have_value("bot:medium")
    expect(page.locator("#bot-level")).to_have_value("medium")
    page.select_option("#players", "2")
    page.select_option("#edition", "2019")  # another edition, 2 players
    expect(page.locator("#players")).to_have_value("2")
    expect(seat).to_have_count(0)
    expect(standin).to_have_count(0)


def test_a_policy_seat_chosen_in_the_form_plays_at_the_table(
    page: Page, policy_server: Server
) -> None:
    # Every other seat is a bot's: the game starts at once.
    create_table(page, policy_server, edition="classic", players=2, seats=["bot:ppo"], tokens=None)
    expect(page.locator(".badge-bot")).to_have_text("bot · ppo")
