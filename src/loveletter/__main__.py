"""``python -m loveletter``: the ``loveletter`` command."""

from .cli.main import app

app(prog_name="loveletter")
