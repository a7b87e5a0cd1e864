"""The deployment's files (deploy/), read as the tools that use them read them: the
compose file as YAML, the Dockerfile's and the systemd unit's instructions, the
environment variables the ``loveletter`` command reads."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import typer.core
import typer.main
import yaml

from loveletter.cli.main import app
from loveletter.server.mail import PASSWORD_VARIABLE

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    return data


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, (KEYWORD, arguments), continuation lines joined."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n\s*", " ", "\n".join(lines))
    found: list[tuple[str, str]] = []
    for line in joined.splitlines():
        if line.strip():
            keyword, _, arguments = line.strip().partition(" ")
            found.append((keyword.upper(), arguments.strip()))
    return found


def exec_form(arguments: str) -> list[str]:
    """A Dockerfile instruction's arguments as a command (JSON or shell form)."""
    if arguments.startswith("["):
        command: list[str] = json.loads(arguments)
        return command
    return shlex.split(arguments)


def unit(name: str = "loveletter.service") -> dict[str, list[str]]:
    """A systemd unit's settings, each key's values in order (keys may repeat)."""
    found: dict[str, list[str]] = {}
    for line in (DEPLOY / name).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith(("#", ";", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def command_variables(command: str) -> dict[str, str]:
    """The environment variable of each option of a ``loveletter`` command, by option."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    found: dict[str, str] = {}
    for param in group.commands[command].params:
        if param.opts and param.opts[0].startswith("--"):
            assert isinstance(param.envvar, str), param.opts
            found[param.opts[0]] = param.envvar
    return found


def read_variables() -> set[str]:
    """Every LOVELETTER_ variable the server reads: those of its commands' options, and
    the SMTP password that a --smtp URL may leave out."""
    options = {**command_variables("serve"), **command_variables("migrate")}
    return {*options.values(), PASSWORD_VARIABLE}


def health_command(where: str) -> list[str]:
    """The command of the app's health check in the Dockerfile or in compose.yaml."""
    if where == "Dockerfile":
        (arguments,) = [args for keyword, args in dockerfile() if keyword == "HEALTHCHECK"]
        command = exec_form(arguments[arguments.index("CMD ") + 4 :])
    else:
        test: list[str] = compose()["services"]["app"]["healthcheck"]["test"]
        assert test[0] == "CMD"
        command = test[1:]
    return command
