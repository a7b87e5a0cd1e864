"""Click's own refusals of a command line (an unknown option, a value of the wrong
type, a missing argument), shown in the run's language.

Typer's bundled Click writes them in English, in f-strings: the French comes from the
exceptions' fields (``NoSuchOption.option_name``, ``MissingParameter.param``...) and,
for the reason a value was refused, from the English sentence matched against
Click's templates below. A sentence no template matches stays as Click wrote it."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from rich.panel import Panel
from rich.text import Text
from typer import rich_utils
from typer._click import exceptions as click_errors
from typer._click import types as click_types
from typer.core import TyperGroup

from ..engine.grammar import typeset
from .common import LANGUAGES, errors, run_language, start_run

#: The exit status of an aborted run (Click's).
ABORTED = 1


class LoveLetterGroup(TyperGroup):
    """The ``loveletter`` command: Typer's group, with Click's errors in the run's
    language (the one ``--lang`` names on the command line, else the locale's)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; a wrong one is refused in the run's language, with
        Click's exit statuses (2, or 1 for an abort)."""
        start_run(language_on(sys.argv[1:] if args is None else args))
        run = super().main
        if not standalone_mode:
            return run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except click_errors.ClickException as error:
            refuse(error)
        except click_errors.Abort:
            aborted()
        sys.exit(code if isinstance(code, int) else 0)  # the commands return None


def language_on(args: Sequence[str]) -> str | None:
    """The language the last ``--lang`` (or ``-l``) of the command line names, if it
    is one (Click keeps the last)."""
    named = None
    for index, arg in enumerate(args):
        if arg in ("--lang", "-l"):
            named = args[index + 1] if index + 1 < len(args) else None
        elif arg.startswith("--lang="):
            named = arg.removeprefix("--lang=")
        elif arg.startswith("-l") and not arg.startswith("--"):
            named = arg[2:]
    return named.lower() if named is not None and named.lower() in LANGUAGES else None


def refuse(error: click_errors.ClickException) -> NoReturn:
    """Show Click's error as Typer does (the usage, the help's hint, the reason in a
    red box), in the run's language, and exit with its status."""
    if type(error).__name__ != "NoArgsIsHelpError":  # its help is shown already
        if run_language() == "fr":
            _show(error, french(error))
        else:
            rich_utils.rich_format_error(error)
    sys.exit(error.exit_code)


def aborted() -> NoReturn:
    """Say that the run was aborted (Ctrl+D at a question), exit with status 1."""
    if run_language() == "fr":
        errors.print("Abandon.", style=rich_utils.STYLE_ABORTED)
    else:
        rich_utils.rich_abort_error()
    sys.exit(ABORTED)


def _show(error: click_errors.ClickException, message: str) -> None:
    """Typer's layout of an error, with French words."""
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        pieces = " ".join(ctx.command.collect_usage_pieces(ctx))
        errors.print(Text(typeset(f"Utilisation : {ctx.command_path} {pieces}", "fr")))
        if ctx.command.get_help_option(ctx) is not None:
            hint = f"Essayez « {ctx.command_path} {ctx.help_option_names[0]} » pour de l'aide."
            errors.print(Text(typeset(hint, "fr")), style=rich_utils.STYLE_ERRORS_SUGGESTION)
    errors.print(
        Panel(
            Text(message),
            border_style=rich_utils.STYLE_ERRORS_PANEL_BORDER,
            title="Erreur",
            title_align=rich_utils.ALIGN_ERRORS_PANEL,
        )
    )


# --- the French ---------------------------------------------------------------------------


def french(error: click_errors.ClickException) -> str:
    """Click's error message, in French."""
    if isinstance(error, click_errors.NoSuchOption):
        return _no_such_option(error)
    if isinstance(error, click_errors.MissingParameter):
        return _missing(error)
    if isinstance(error, click_errors.BadParameter):
        return _bad_value(error)
    return reason(error.message)


def _no_such_option(error: click_errors.NoSuchOption) -> str:
    text = f"Option inconnue : {error.option_name}"
    if error.possibilities:
        text += f" (options possibles : {', '.join(sorted(error.possibilities))})"
    return typeset(text, "fr")


def _missing(error: click_errors.MissingParameter) -> str:
    kind = error.param_type or (error.param.param_type_name if error.param else "parameter")
    noun = {"argument": "l'argument", "option": "l'option"}.get(kind, "le paramètre")
    hint = _hint(error)
    return typeset(f"Il manque {noun} {hint}." if hint else f"Il manque {noun}.", "fr")


def _bad_value(error: click_errors.BadParameter) -> str:
    hint = _hint(error)
    why = reason(error.message, error.param)
    if hint is None:
        return typeset("Valeur invalide : ", "fr") + why
    return typeset("Valeur invalide pour {hint} : ", "fr").format(hint=hint) + why


def _hint(error: click_errors.BadParameter) -> str | None:
    """The parameter an error is about, in French: « --port » (variable
    d'environnement « LOVELETTER_PORT »)."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint(error.ctx)  # type: ignore[arg-type]
    if hint is None:
        return None
    if not isinstance(hint, str):
        hint = " / ".join(repr(name) for name in hint)
    hint = re.sub(r"'([^']*)'", r"« \1 »", hint)
    return typeset(hint.replace("(env var: ", "(variable d'environnement "), "fr")


def reason(english: str, param: Any = None) -> str:
    """Why Click refused a value or a command line, in French (as Click wrote it when
    none of its templates matches)."""
    for pattern, say in _REASONS:
        match = pattern.fullmatch(english)
        if match:
            return typeset(say(match.groupdict(), param), "fr")
    return english


def _quoted(text: str) -> str:
    """A value Click quoted with repr(), between « »."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = text.strip("'\"")
    return f"« {value} »"


def _suggestions(text: str) -> str:
    """Click's "'play', 'replay'" as « play » ou « replay »."""
    names = [_quoted(name) for name in re.findall(r"'[^']*'", text)]
    return " ou ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]


_KINDS = {
    "integer": "un nombre entier",
    "integer range": "un nombre entier",
    "float": "un nombre",
    "float range": "un nombre",
    "boolean": "un booléen (true ou false)",
}


def _not_a(fields: dict[str, str], param: Any) -> str:
    return f"{_quoted(fields['value'])} n'est pas {_KINDS[fields['kind']]}."


def _out_of_range(fields: dict[str, str], param: Any) -> str:
    value, kind = fields["value"], getattr(param, "type", None)
    if isinstance(kind, click_types._NumberRangeBase) and not (kind.min_open or kind.max_open):
        if kind.min is not None and kind.max is not None:
            return f"{value} n'est pas entre {kind.min} et {kind.max}."
        if kind.min is not None:
            return f"{value} est trop petit : le minimum est {kind.min}."
        return f"{value} est trop grand : le maximum est {kind.max}."
    return f"{value} n'est pas dans l'intervalle {fields['range']}."


_PATH_NAMES = {"File": "Le fichier", "Directory": "Le dossier", "Path": "Le chemin"}
_PATH_FAULTS = {
    "does not exist": "n'existe pas",
    "is a file": "est un fichier",
    "is a directory": "est un dossier",
    "is not readable": "n'est pas accessible en lecture",
    "is not writable": "n'est pas accessible en écriture",
}


def _path(fields: dict[str, str], param: Any) -> str:
    name, fault = _PATH_NAMES[fields["kind"]], _PATH_FAULTS[fields["fault"]]
    return f"{name} {_quoted(fields['path'])} {fault}."


def _needs_values(fields: dict[str, str], param: Any) -> str:
    count = fields["count"]
    wanted = "une valeur" if count == "an argument" else f"{count.split()[0]} valeurs"
    return f"L'option {_quoted(fields['option'])} demande {wanted}."


def _extra(fields: dict[str, str], param: Any) -> str:
    extra = fields["args"]
    return f"Argument en trop : {extra}" if " " not in extra else f"Arguments en trop : {extra}"


def _no_such_command(fields: dict[str, str], param: Any) -> str:
    text = f"Commande inconnue : {_quoted(fields['name'])}."
    if fields["suggestions"]:
        text += f" Vouliez-vous dire {_suggestions(fields['suggestions'])} ?"
    return text


def _fixed(french: str) -> Callable[[dict[str, str], Any], str]:
    return lambda fields, param: french.format(**{k: _quoted(v) for k, v in fields.items()})


_QUOTED = r"(?:'.*'|\".*\")"
#: Click's English sentences (its templates, as patterns) and their French.
_REASONS: tuple[tuple[re.Pattern[str], Callable[[dict[str, str], Any], str]], ...] = tuple(
    (re.compile(pattern, re.DOTALL), say)
    for pattern, say in (
        (rf"(?P<value>{_QUOTED}) is not a valid (?P<kind>{'|'.join(_KINDS)})\.", _not_a),
        (r"(?P<value>.+) is not in the range (?P<range>.+)\.", _out_of_range),
        (
            rf"(?P<kind>File|Directory|Path) (?P<path>{_QUOTED}) "
            rf"(?P<fault>{'|'.join(_PATH_FAULTS)})\.",
            _path,
        ),
        (
            rf"Option (?P<option>{_QUOTED}) requires (?P<count>an argument|\d+ arguments)\.",
            _needs_values,
        ),
        (
            rf"Option (?P<option>{_QUOTED}) does not take a value\.",
            _fixed("L'option {option} ne prend pas de valeur."),
        ),
        (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", _extra),
        (
            rf"No such command (?P<name>{_QUOTED})\.(?: Did you mean (?P<suggestions>.+)\?)?",
            _no_such_command,
        ),
        (r"Missing command\.", _fixed("Il manque la commande.")),
    )
)
