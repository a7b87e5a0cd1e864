"""Where this machine keeps the project's files: the user's data folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs


def data_folder() -> Path:
    """The user's data folder (platformdirs'; ``$XDG_DATA_HOME/loveletter`` on Linux):
    the default database file, the key that a local server makes for itself, the
    lessons the terminal offered."""
    return Path(platformdirs.user_data_dir("loveletter", appauthor=False))
