"""The deployment's files (deploy/): what the compose file, the Caddyfiles, the
Dockerfile and the systemd unit promise, checked against the command that they run;
and the image's build steps, run into a fresh virtual environment.

No container runs here: the checks read the files as their tools would, and the
running side (the image's command configured by environment variables, two replicas
behind one address) is tests/server/test_hosting.py's.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from .deployfiles import (
    DEPLOY,
    ROOT,
    command_variables,
    compose,
    dockerfile,
    exec_form,
    read_variables,
    unit,
)

#: The services that run for good (migrate runs once).
LONG_RUNNING = ("app", "postgres", "redis", "caddy")


def services() -> dict[str, Any]:
    found: dict[str, Any] = compose()["services"]
    return found


def environment(service: str) -> dict[str, str]:
    found: dict[str, str] = services()[service].get("environment", {})
    return found


# ------------------------------------------------------------------ compose.yaml


def test_compose_runs_the_app_twice_on_postgres_and_redis_behind_caddy() -> None:
    assert set(services()) == {"migrate", "app", "postgres", "redis", "caddy"}
    app = services()["app"]
    assert app["deploy"]["replicas"] == 2
    assert "ports" not in app  # reached through Caddy only
    env = environment("app")
    assert env["LOVELETTER_DB"].startswith("postgresql+psycopg://")
    assert "@postgres:5432/" in env["LOVELETTER_DB"]
    assert env["LOVELETTER_REDIS"] == "redis://redis:6379/0"
    assert env["LOVELETTER_PUBLIC_URL"] == "https://${DOMAIN:?set DOMAIN in .env}"
    assert env["LOVELETTER_SECRET_KEY"].startswith("${LOVELETTER_SECRET_KEY:?")
    # Caddy's X-Forwarded-For is believed: the app trusts the network it shares with it.
    subnet = compose()["networks"]["front"]["ipam"]["config"][0]["subnet"]
    assert env["LOVELETTER_TRUSTED_PROXIES"] == subnet
    assert set(app["networks"]) == {"front", "back"}
    assert services()["caddy"]["networks"] == ["front"]
    assert all("front" not in services()[name]["networks"] for name in ("postgres", "redis"))


def test_the_migration_runs_once_before_the_app() -> None:
    migrate = services()["migrate"]
    assert migrate["command"] == ["loveletter", "migrate"]
    assert migrate["restart"] == "no"
    assert environment("migrate")["LOVELETTER_DB"] == environment("app")["LOVELETTER_DB"]
    assert migrate["image"] == services()["app"]["image"]
    depends = services()["app"]["depends_on"]
    assert depends["migrate"] == {"condition": "service_completed_successfully"}
    assert depends["postgres"] == depends["redis"] == {"condition": "service_healthy"}
    assert migrate["depends_on"]["postgres"] == {"condition": "service_healthy"}
    assert services()["caddy"]["depends_on"]["app"] == {"condition": "service_healthy"}


def test_every_long_running_service_has_a_health_check_a_grace_and_a_restart() -> None:
    for name in LONG_RUNNING:
        service = services()[name]
        test = service["healthcheck"]["test"]
        assert test[0] in ("CMD", "CMD-SHELL"), name
        assert len(test) > 1, name
        assert re.fullmatch(r"\d+s", service["stop_grace_period"]), name
        assert service["restart"] == "unless-stopped", name
    assert "/api/health" in " ".join(services()["app"]["healthcheck"]["test"])
    assert "pg_isready" in services()["postgres"]["healthcheck"]["test"]
    assert services()["redis"]["healthcheck"]["test"][1:] == ["redis-cli", "ping"]


def test_the_database_and_the_certificates_live_in_named_volumes() -> None:
    named = set(compose()["volumes"])

    def mounts(service: str) -> dict[str, str]:
        pairs = (volume.split(":")[:2] for volume in services()[service]["volumes"])
        return {target: source for source, target in pairs}

    assert mounts("postgres")["/var/lib/postgresql/data"] in named
    caddy = mounts("caddy")
    assert caddy["/data"] in named
    assert caddy["/config"] in named
    assert caddy["/etc/caddy/Caddyfile"] == "./Caddyfile"
    assert set(services()["caddy"]["ports"]) == {"80:80", "443:443", "443:443/udp"}


def test_compose_sets_only_variables_the_server_reads() -> None:
    read = read_variables()
    for name, service in services().items():
        for variable in service.get("environment", {}):
            if variable.startswith("LOVELETTER_"):
                assert variable in read, (name, variable)


def test_env_example_lists_every_variable_compose_needs() -> None:
    text = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    needed = set(re.findall(r"\$\{(\w+)", text))
    example = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    listed = set(re.findall(r"^#? ?(\w+)=", example, re.MULTILINE))
    assert needed == listed
    for variable in ("DOMAIN", "LOVELETTER_SECRET_KEY", "POSTGRES_PASSWORD", "LOVELETTER_SMTP"):
        assert re.search(rf"^{variable}=", example, re.MULTILINE), variable
    assert {v for v in listed if v.startswith("LOVELETTER_")} <= read_variables()
    assert "deploy/.env" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_serve_and_migrate_name_each_variable_after_its_option() -> None:
    for command in ("serve", "migrate"):
        for option, variable in command_variables(command).items():
            assert variable == "LOVELETTER_" + option[2:].upper().replace("-", "_")
    assert command_variables("migrate")["--db"] == command_variables("serve")["--db"]


# --------------------------------------------------------------------- Caddyfiles


def site_block(name: str) -> str:
    """The Caddyfile without its comments."""
    text = (DEPLOY / name).read_text(encoding="utf-8")
    return "\n".join(line.split("#")[0].rstrip() for line in text.splitlines())


def test_caddy_proxies_everything_to_every_replica() -> None:
    text = site_block("Caddyfile")
    assert text.lstrip().startswith("{$DOMAIN} {")
    proxies = re.findall(r"^\s*reverse_proxy(.*)$", text, re.MULTILINE)
    assert proxies == [" {"]  # no matcher: every path, /ws included, goes to the app
    assert re.search(r"^\s*dynamic a app 8000 \{", text, re.MULTILINE)
    assert re.search(r"^\s*lb_policy round_robin$", text, re.MULTILINE)
    assert re.search(r"^\s*lb_try_duration \d+s$", text, re.MULTILINE)
    assert re.search(r"^\s*encode zstd gzip$", text, re.MULTILINE)


def test_caddy_on_the_host_proxies_to_one_server_with_its_health_check() -> None:
    text = site_block("Caddyfile.host")
    proxies = re.findall(r"^\s*reverse_proxy(.*)$", text, re.MULTILINE)
    assert proxies == [" 127.0.0.1:8000 {"]
    assert re.search(r"^\s*health_uri /api/health$", text, re.MULTILINE)


def test_nothing_in_the_caddyfiles_stops_the_websocket() -> None:
    for name in ("Caddyfile", "Caddyfile.host"):
        text = site_block(name)
        for directive in ("respond", "abort", "error", "handle", "route", "redir", "rewrite"):
            assert not re.search(rf"^\s*{directive}\b", text, re.MULTILINE), (name, directive)
        assert "/ws" not in text
        assert text.count("{") == text.count("}")


# --------------------------------------------------------------------- Dockerfile


def test_the_image_is_built_by_the_script_and_runs_the_server_unprivileged() -> None:
    steps = dockerfile()
    keywords = [keyword for keyword, _ in steps]
    froms = [args for keyword, args in steps if keyword == "FROM"]
    assert all(base.split()[0] == "python:3.11-slim" for base in froms)
    runs = [args for keyword, args in steps if keyword == "RUN"]
    assert any("deploy/build-app.sh /opt/loveletter" in run for run in runs)
    (user,) = [args for keyword, args in steps if keyword == "USER"]
    assert user.partition(":")[0] not in ("root", "0")
    assert keywords.index("USER") < keywords.index("CMD")
    assert ("EXPOSE", "8000") in steps
    assert ("STOPSIGNAL", "SIGTERM") in steps
    (health,) = [args for keyword, args in steps if keyword == "HEALTHCHECK"]
    assert "/api/health" in health
    assert "curl" not in health
    (cmd,) = [args for keyword, args in steps if keyword == "CMD"]
    assert exec_form(cmd) == ["loveletter", "serve", "--host", "0.0.0.0", "--port", "8000"]
    for keyword, args in steps:
        if keyword == "COPY" and not args.startswith("--from"):
            for source in args.split()[:-1]:
                assert (ROOT / source).exists(), source


def test_the_build_sees_only_what_it_copies() -> None:
    ignore = (DEPLOY / "Dockerfile.dockerignore").read_text(encoding="utf-8").splitlines()
    patterns = [line for line in ignore if line and not line.startswith("#")]
    assert patterns[0] == "*"
    allowed = {line[1:].rstrip("/") for line in patterns if line.startswith("!")}
    copied = {
        source.rstrip("/")
        for keyword, args in dockerfile()
        if keyword == "COPY" and "--from" not in args
        for source in args.split()[:-1]
    }
    assert copied <= allowed


# ------------------------------------------------------------------- systemd unit


def test_the_systemd_unit_migrates_then_serves_hardened() -> None:
    settings = unit()
    assert settings["EnvironmentFile"] == ["/etc/loveletter/env"]
    assert settings["User"] == ["loveletter"]
    (before,) = settings["ExecStartPre"]
    (start,) = settings["ExecStart"]
    assert before == "/opt/loveletter/bin/loveletter migrate"
    assert start == "/opt/loveletter/bin/loveletter serve"
    assert settings["Restart"] == ["on-failure"]
    assert settings["TimeoutStopSec"]
    for hardening in ("NoNewPrivileges", "ProtectHome", "PrivateTmp"):
        assert settings[hardening] == ["yes"], hardening
    assert settings["ProtectSystem"] == ["strict"]


# ----------------------------------------------------------- the image's build steps


def test_the_build_script_installs_the_server_into_a_fresh_venv(tmp_path: Path) -> None:
    # The installed package alone: not the tests' own sources (PYTHONPATH).
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env |= {"PIP_PROGRESS_BAR": "off", "COLUMNS": "200"}

    def run(*command: str | Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(part) for part in command],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            check=False,
        )
        assert done.returncode == 0, (command, done.stdout, done.stderr)
        return done

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv)
    built = run("sh", DEPLOY / "build-app.sh", venv, ROOT, timeout=600)
    assert built.stdout.strip().splitlines()[-1].startswith("loveletter ")
    program = venv / "bin" / "loveletter"
    assert run(program, "--version").stdout.startswith("loveletter ")
    assert "LOVELETTER_DB" in run(program, "migrate", "--help").stdout
    # The server's extras are there (PostgreSQL's driver, Redis's client), and the
    # package is the installed one.
    imports = "import psycopg, redis, loveletter; print(loveletter.__file__)"
    found = run(venv / "bin" / "python", "-c", imports)
    assert Path(found.stdout.strip()).is_relative_to(venv)


def test_the_deployment_guide_explains_every_variable() -> None:
    guide = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(LOVELETTER_\w+)` \| (?:`([-\w]+)`)? ?\|", guide, re.MULTILINE))
    assert set(rows) == read_variables()
    for option, variable in command_variables("serve").items():
        assert rows[variable] == option, variable
    for variable in re.findall(r"\$\{(\w+)", (DEPLOY / "compose.yaml").read_text("utf-8")):
        assert f"`{variable}`" in guide, variable
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "[docs/deploy.md](docs/deploy.md)" in readme
