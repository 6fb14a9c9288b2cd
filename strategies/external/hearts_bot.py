#!/usr/bin/env python3
"""A Hearts bot for the original (Zadikian) competition server, written from its communication spec.

    python3 hearts_bot.py [name] [--stdio]

As the spec's C template does, the bot makes two named pipes, /tmp/<name>In (the server writes,
the bot reads) and /tmp/<name>Out (the bot writes), then opens its In and then its Out; with
--stdio it talks on stdin/stdout instead. Messages are framed: a length header (7 bits a byte,
least significant group first, the high bit on every byte but the last), then a NUL-ended text
whose length counts the NUL; a message is read up to its first NUL.

On `[` the bot plays its lowest legal card, the one least likely to take the trick.
"""
import os
import random
import string
import sys

HEARTS, CLUBS, SPADES = 1, 2, 4
TWO_OF_CLUBS = CLUBS * 14 + 1
QUEEN_OF_SPADES = SPADES * 14 + 11


def suit_of(card):
    return card // 14


def rank_of(card):
    return card % 14


def read_exactly(stream, count):
    data = b''
    while len(data) < count:
        chunk = stream.read(count - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def receive(stream):
    """The next message, cut at its first NUL; None once the server is gone."""
    length, shift = 0, 0
    while True:
        byte = read_exactly(stream, 1)
        if byte is None:
            return None
        length |= (byte[0] & 0x7F) << shift
        shift += 7
        if not byte[0] & 0x80:
            break
    payload = read_exactly(stream, length)
    if payload is None:
        return None
    return payload.split(b'\0', 1)[0].decode('ascii', 'replace')


def send(stream, text):
    payload = text.encode('ascii') + b'\0'
    header = bytearray()
    rest = len(payload)
    while True:
        group = rest & 0x7F
        rest >>= 7
        header.append(group | 0x80 if rest else group)
        if not rest:
            break
    stream.write(bytes(header) + payload)
    stream.flush()


class Hand:
    """What the bot knows of the hand in play, from the server's messages."""

    def __init__(self, players, cards):
        self.players = players
        self.cards = cards
        self.played = [False] * len(cards)
        self.trick = []
        self.hearts_broken = False
        self.first_trick = True

    def note(self, card):
        if suit_of(card) == HEARTS or card == QUEEN_OF_SPADES:
            self.hearts_broken = True
        self.trick.append(card)
        if len(self.trick) == self.players:
            self.trick = []
            self.first_trick = False

    def held(self):
        return [i for i, done in enumerate(self.played) if not done]

    def legal(self):
        held = self.held()
        if self.trick:
            led = suit_of(self.trick[0])
            following = [i for i in held if suit_of(self.cards[i]) == led]
            return following or held
        if self.first_trick:
            return [i for i in held if self.cards[i] == TWO_OF_CLUBS]
        if self.hearts_broken:
            return held
        return [i for i in held if suit_of(self.cards[i]) != HEARTS] or held

    def play(self):
        index = min(self.legal(), key=lambda i: (rank_of(self.cards[i]), suit_of(self.cards[i])))
        self.played[index] = True
        self.note(self.cards[index])
        return index


class Bot:
    """A session with the server: the pipes, the name, and the hand in play."""

    def __init__(self, argv):
        args = [arg for arg in argv if arg != '--stdio']
        self.name = args[0] if args else ''.join(random.choice(string.ascii_lowercase) for _ in range(15))
        if '--stdio' in argv:
            self.inbox, self.outbox = sys.stdin.buffer, sys.stdout.buffer
        else:
            paths = [f'/tmp/{self.name}In', f'/tmp/{self.name}Out']
            for path in paths:
                if not os.path.exists(path):
                    os.mkfifo(path, 0o600)
            self.inbox = open(paths[0], 'rb', buffering=0)
            self.outbox = open(paths[1], 'wb', buffering=0)
        self.hand = None

    def send(self, text):
        send(self.outbox, text)

    def play(self):
        """The reply to `[`: the index of the card to play."""
        return str(self.hand.play())

    def run(self):
        while True:
            message = receive(self.inbox)
            if message is None or message.startswith(';'):
                break
            if message == '@':
                self.send(self.name[:15])
            elif message == '^':
                self.send('^')
            elif message.startswith(':'):
                fields = [int(field) for field in message[1:].split(',')]
                self.hand = Hand(fields[0], fields[3:])
            elif message.startswith(']') and self.hand is not None:
                self.hand.note(int(message[1:].split(',')[1]))
            elif message == '[' and self.hand is not None:
                self.send(self.play())


if __name__ == '__main__':
    Bot(sys.argv[1:]).run()
