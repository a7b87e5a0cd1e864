"""The terminal game (Textual): play Love Letter against bots or friends at one keyboard.

:class:`~loveletter.tui.session.LocalGame` runs a game and its bots, free of any UI;
:class:`~loveletter.tui.app.LoveLetterApp` is the interface.
"""
