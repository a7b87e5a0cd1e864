"""The ``loveletter`` command line (Typer + Rich)."""
