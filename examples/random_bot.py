#!/usr/bin/env python3
"""A bot for `ludo arena` that speaks the engine protocol (docs/engine-protocol.md).

It plays a capture when it has one and a random move otherwise. Run it in the arena with:

    ludo arena --rules classic --seats "cmd:python3 examples/random_bot.py,medium" --games 20

The quotes keep the command and the other seats one argument. The bot seeds its random
numbers, so two arena runs with the same --seed (and --jobs 1) play the same games.
"""
import json
import random
import sys


def choose(message):
    """Returns the index of the move to play among message["moves"]."""
    moves = message["moves"]
    captures = [i for i, m in enumerate(moves) if m["captures"]]
    return random.choice(captures) if captures else random.randrange(len(moves))


def main():
    random.seed(1)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            answer = {"name": "python-random"}
        elif kind == "choose":
            answer = {"move": choose(message)}
        elif kind == "quit":
            break
        else:  # "result", and any message type added later: no answer expected
            continue
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
