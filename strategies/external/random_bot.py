#!/usr/bin/env python3
"""A random Love Letter bot for the HackSoc competition manager, written from its protocol alone.

    python3 random_bot.py [players] [seed]

The manager starts the bot for every round and talks to it on stdin/stdout. Both greetings are
recognised from the first line: the classic one (the player number alone, players counted from
1) and the ident one (`ident <n>`, players counted from 0, then `players` and `start`). The
classic greeting does not say how many play, so the table size is the first argument (default 4).

On its turn the bot plays one of its two cards at random, at a random player still in the round
(itself allowed only for the wizard), naming a random card other than the soldier for a soldier.
"""
import random
import sys

CARDS = ['soldier', 'clown', 'knight', 'priestess', 'wizard', 'general', 'minister', 'princess']
VALUE = {name: value for value, name in enumerate(CARDS, start=1)}
# Cards aimed at another player; the wizard may also aim at its player; the rest take no target.
AIMED_AT_OTHER = {'soldier', 'clown', 'knight', 'general'}


class Player:
    """What the bot knows of its round, kept up to date from the manager's messages."""

    name = 'random-python'

    def __init__(self, players, rng):
        self.players = players
        self.rng = rng
        self.base = 1
        self.me = None
        self.hand = []
        self.still_in = set()
        self.turn = None

    def handle(self, line):
        """Reads one message; returns the line to answer with, or None."""
        words = line.lower().split()
        if not words:
            return None
        verb, args = words[0], words[1:]
        if self.me is None:
            if verb == 'ident':
                self.base, self.me = 0, int(args[0])
                return self.name
            if verb.isdigit():
                self.me = int(verb)
                self.seat_everyone()
            return None
        if verb == 'players':
            self.players = int(args[0])
            self.seat_everyone()
        elif verb == 'player':
            self.turn = int(args[0])
        elif verb == 'draw':
            self.hand.append(args[0])
            if self.turn == self.me and len(self.hand) == 2 and not self.minister_busts():
                return self.choose()
        elif verb == 'swap':
            self.hand = [args[0]]
        elif verb == 'played' and int(args[0]) == self.me:
            self.hand.remove(args[1])
        elif verb == 'discard' and int(args[0]) == self.me:
            self.hand = []
        elif verb == 'out':
            self.still_in.discard(int(args[0]))
        return None

    def seat_everyone(self):
        self.still_in = set(range(self.base, self.base + self.players))

    def minister_busts(self):
        # The manager puts the player out itself (no play is expected) when the two cards are worth
        # 12 or more with the minister among them.
        return 'minister' in self.hand and sum(VALUE[card] for card in self.hand) >= 12

    def targets(self, card):
        if card in AIMED_AT_OTHER:
            return sorted(self.still_in - {self.me})
        if card == 'wizard':
            return sorted(self.still_in)
        return []

    def choose(self):
        card = self.rng.choice(self.hand)
        words = ['play', card]
        targets = self.targets(card)
        if targets:
            words.append(str(self.rng.choice(targets)))
        if card == 'soldier':
            words.append(self.rng.choice(CARDS[1:]))
        return ' '.join(words)


def run(player, stdin=sys.stdin, stdout=sys.stdout):
    """Answers the manager until it closes stdin (or stops the bot)."""
    for line in iter(stdin.readline, ''):
        reply = player.handle(line)
        if reply is not None:
            stdout.write(reply + '\n')
            stdout.flush()


if __name__ == '__main__':
    table_size = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seed = sys.argv[2] if len(sys.argv) > 2 else None
    run(Player(table_size, random.Random(seed)))
