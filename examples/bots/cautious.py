"""A cautious Love Letter bot for the loveletter-bot/1 protocol (see docs/bots.md).

It never plays the Princess, hides behind the Handmaid, names the most common unseen
card with the Guard, and otherwise plays its first legal action.
"""

import json
import sys


def choose(view):
    legal = [action for action in view["legal_actions"] if action != "princess"]
    for action in legal:
        if action == "handmaid":
            return action
    guesses = [action for action in legal if action.startswith("guard ")]
    if guesses:
        return max(guesses, key=lambda action: view["unseen"].get(action.split()[-1], 0))
    return (legal or view["legal_actions"])[0]


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "decide":
        print(json.dumps({"action": choose(message["view"])}), flush=True)
