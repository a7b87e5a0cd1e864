"""Mail: the links that verify an account's address and reset its password, and the
news that it is a player's turn at a turn-based table, sent
through the SMTP server that ``--smtp`` names (none: the features that need mail say
so, everything else works).

The URL says how to reach it: ``smtp://host:25`` (plain, a local relay),
``smtp+starttls://user:password@host:587`` or ``smtps://user:password@host:465``
(TLS from the start). A password left out of the URL is read from
``LOVELETTER_SMTP_PASSWORD``.
"""

from __future__ import annotations

import os
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

#: The environment variable that holds the SMTP password a URL leaves out.
PASSWORD_VARIABLE = "LOVELETTER_SMTP_PASSWORD"

#: The SMTP schemes and their default ports.
PORTS = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}

#: Each mail's subject and body, by purpose and language ({name}, {link}).
MAILS = {
    "verify": {
        "en": (
            "Love Letter: confirm your address",
            "Hello {name},\n\nTo confirm that this address is yours, open this link within"
            " 24 hours:\n\n{link}\n\nIf you did not give it, ignore this mail.\n",
        ),
        "fr": (
            "Love Letter : confirmez votre adresse",
            "Bonjour {name},\n\nPour confirmer que cette adresse est la vôtre, ouvrez ce lien"
            " dans les 24 heures :\n\n{link}\n\nSi vous ne l'avez pas donnée, ignorez ce"
            " message.\n",
        ),
    },
    "reset": {
        "en": (
            "Love Letter: choose a new password",
            "Hello {name},\n\nTo choose a new password, open this link within the hour:"
            "\n\n{link}\n\nIf you did not ask for it, ignore this mail: your password stays"
            " as it is.\n",
        ),
        "fr": (
            "Love Letter : choisissez un nouveau mot de passe",
            "Bonjour {name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans"
            " l'heure :\n\n{link}\n\nSi vous ne l'avez pas demandé, ignorez ce message : votre"
            " mot de passe reste le même.\n",
        ),
    },
    "turn": {
        "en": (
            "Love Letter: your turn at table {table}",
            "Hello {name},\n\nIt is your turn to play at table {table} ({edition}, with"
            " {others}). Play before {deadline}: after that, a bot plays this move for you."
            "\n\n{link}\n\nTo stop these mails, untick them in your account.\n",
        ),
        "fr": (
            "Love Letter : à vous de jouer à la table {table}",
            "Bonjour {name},\n\nC'est à vous de jouer à la table {table} ({edition}, avec"
            " {others}). Jouez avant le {deadline} : ensuite, un robot joue ce coup pour"
            " vous.\n\n{link}\n\nPour ne plus recevoir ces messages, décochez-les dans"
            " votre compte.\n",
        ),
    },
}


def check_smtp_url(url: str) -> None:
    """ValueError unless ``url`` is an SMTP URL this module can use."""
    parsed = urlsplit(url)
    if parsed.scheme not in PORTS or not parsed.hostname:
        raise ValueError(f"an SMTP URL starts with {', '.join(s + '://' for s in PORTS)}: {url!r}")


@dataclass(frozen=True, slots=True)
class Mailer:
    """Sends mail through one SMTP server, or none (``url`` None)."""

    url: str | None
    sender: str

    @property
    def enabled(self) -> bool:
        """Whether this server sends mail."""
        return self.url is not None

    def send(self, to: str, subject: str, body: str) -> None:
        """Send one plain-text mail (blocking: call it from a worker thread)."""
        assert self.url is not None, "no SMTP server is set"
        parsed = urlsplit(self.url)
        host, port = parsed.hostname or "", parsed.port or PORTS[parsed.scheme]
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(body)
        context = ssl.create_default_context()
        smtp = (
            smtplib.SMTP_SSL(host, port, timeout=20, context=context)
            if parsed.scheme == "smtps"
            else smtplib.SMTP(host, port, timeout=20)
        )
        with smtp:
            if parsed.scheme == "smtp+starttls":
                smtp.starttls(context=context)
            if parsed.username:
                password = parsed.password or os.environ.get(PASSWORD_VARIABLE, "")
                smtp.login(unquote(parsed.username), unquote(password))
            smtp.send_message(message)
