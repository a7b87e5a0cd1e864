"""Turn mails: a signed-in player away from a turn-based table is told by mail that it
is their turn.

Only when they verified an address and did not turn these mails off; one mail a turn,
and at most one a table every :data:`TURN_MAIL_SPACING` seconds (a turn that comes
sooner is told once that time has passed, if it is still theirs). Whether a mail may
go is decided by the database (:meth:`claim_turn_mail`), so two processes never both
send it, and a restart neither repeats one nor forgets one.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import time
from collections.abc import Callable

from ..engine import EDITIONS
from ..engine.grammar import join
from ..tables import AccountData, TableState
from .mail import MAILS, Mailer
from .service import TableService

log = logging.getLogger(__name__)

#: The least time between two turn mails about the same table to the same player.
TURN_MAIL_SPACING = 3600.0


def turn_of(state: TableState) -> str:
    """The decision a table waits for, as a key: its game, round and actions so far."""
    position = state.position()
    assert position is not None
    return f"{position['game']}.{position['round']}.{position['actions']}"


class TurnMails:
    """Sends the turn mails of the tables this process plays automatically.

    ``base`` gives the address links start with (None: no link can be made yet)."""

    def __init__(
        self, service: TableService, mailer: Mailer, base: Callable[[], str | None]
    ) -> None:
        self.service = service
        self.mailer = mailer
        self.base = base

    async def tell(self, state: TableState, seat: int, deadline: float) -> None:
        """Mail the player at ``seat`` that it is their turn at ``state`` (a turn-based
        table waiting for them), once the spacing allows and if they are still away
        then; nothing if the timer runs out first. Cancelled with the turn."""
        if not self.mailer.enabled or not state.data.turn_based:
            return
        account_id = state.seats[seat].account_id
        if account_id is None:
            return
        repository = self.service.repository
        turn = turn_of(state)
        last = await asyncio.to_thread(repository.turn_mailed, state.id, account_id)
        if last is not None and last[0] == turn:
            return
        clock = self.service.clock
        due = clock.now() if last is None else last[1] + TURN_MAIL_SPACING
        if due >= deadline:
            return
        await clock.sleep_until(due)
        now_state = await self.service.get(state.id)
        if now_state.version != state.version or now_state.seats[seat].online:
            return  # the turn moved on, or they came to the table: no mail
        account = await asyncio.to_thread(repository.account, account_id)
        if account is None or not (account.email and account.email_verified and account.turn_mail):
            return
        base = self.base()
        if base is None:
            log.warning("no turn mail for table %s: no address for links yet", state.id)
            return
        # Claimed and sent to the end even if the turn moves on meanwhile (a claim
        # whose mail a cancelled task never sent would stand for that turn).
        await asyncio.shield(self._claim_and_send(state, seat, account, turn, base))

    async def _claim_and_send(
        self, state: TableState, seat: int, account: AccountData, turn: str, base: str
    ) -> None:
        claimed = await asyncio.to_thread(
            self.service.repository.claim_turn_mail,
            state.id,
            account.id,
            turn,
            self.service.clock.now(),
            TURN_MAIL_SPACING,
        )
        if claimed:
            await self._send(state, seat, account, base)

    async def _send(self, state: TableState, seat: int, account: AccountData, base: str) -> None:
        lang = "fr" if state.data.lang == "fr" else "en"
        subject, body = MAILS["turn"][lang]
        others = [s.name or "" for s in state.seats if s.seat != seat]
        deadline = state.data.deadline or 0.0
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(deadline))
        fields = {
            "name": account.name,
            "table": state.id,
            "edition": EDITIONS[state.data.edition].name(lang),
            "others": join(others, lang),
            "deadline": when,
            "link": f"{base.rstrip('/')}/t/{state.id}",
        }
        try:
            await asyncio.to_thread(
                self.mailer.send,
                account.email or "",
                subject.format(**fields),
                body.format(**fields),
            )
        except (OSError, smtplib.SMTPException) as error:
            log.error("could not send the turn mail of table %s: %s", state.id, error)
