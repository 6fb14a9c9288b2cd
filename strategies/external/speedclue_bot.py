#!/usr/bin/env python3
"""A SpeedClue bot for the sadakatsu contest's server, written from its protocol description.

    python3 speedclue_bot.py <identifier> <port> [--lines]

The server starts the bot with an identifier and a port: the bot connects to 127.0.0.1:<port>,
says `<identifier> alive`, and answers every message in turn until `done`, which it answers with
`dead`. Messages are raw text with nothing after them, one per read (the contest's Java server);
with --lines they end with a newline (the default server of the contest's Python port).

It suggests cards it has not seen, accuses when a suggestion of its own went undisproved and
named none of its cards, or when one card of each category is left unseen, and when it must
disprove shows a card it has shown that player before, if it can.
"""
import random
import socket
import sys

SUSPECTS = ['Gr', 'Mu', 'Pe', 'Pl', 'Sc', 'Wh']
WEAPONS = ['Ca', 'Kn', 'Pi', 'Re', 'Ro', 'Wr']
ROOMS = ['Ba', 'Bi', 'Co', 'Di', 'Ha', 'Ki', 'Li', 'Lo', 'St']
CATEGORIES = [SUSPECTS, WEAPONS, ROOMS]


def canonical(code):
    """A card code as the card list writes it, whatever case the server sent."""
    for category in CATEGORIES:
        for card in category:
            if card.lower() == code.lower():
                return card
    raise ValueError('not a card: ' + code)


class Connection:
    """Raw messages, one per read, trailing NULs stripped; or newline-ended lines."""

    def __init__(self, port, lines):
        self.sock = socket.create_connection(('127.0.0.1', port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.lines = lines
        self.buffer = b''

    def send(self, text):
        self.sock.sendall(text.encode('ascii') + (b'\n' if self.lines else b''))

    def receive(self):
        """The next message; None once the server has gone."""
        if not self.lines:
            data = self.sock.recv(512)
            return data.rstrip(b'\0').decode('ascii', 'replace') if data else None
        while b'\n' not in self.buffer:
            data = self.sock.recv(512)
            if not data:
                return None
            self.buffer += data
        line, self.buffer = self.buffer.split(b'\n', 1)
        return line.rstrip(b'\r').decode('ascii', 'replace')


class Bot:
    def __init__(self, seed=None):
        self.random = random.Random(seed)
        self.seat = -1
        self.hand = set()
        self.seen = set()
        self.suggested = set()
        self.known = None
        self.shown_to = {}

    def reset(self, players, seat, cards):
        self.seat = seat
        self.hand = set(cards)
        self.seen = set(cards)
        self.suggested = set()
        self.known = None
        self.shown_to = {}

    def suggest(self):
        unseen = [[card for card in category if card not in self.seen] for category in CATEGORIES]
        choices = [
            (s, w, r)
            for s in SUSPECTS
            for w in WEAPONS
            for r in ROOMS
            if (s, w, r) not in self.suggested
        ]
        best = max(sum(card in pool for card, pool in zip(triple, unseen)) for triple in choices)
        triple = self.random.choice([t for t in choices if sum(c in p for c, p in zip(t, unseen)) == best])
        self.suggested.add(triple)
        return 'suggest ' + ' '.join(triple)

    def disprove(self, suggester, triple):
        held = [card for card in triple if card in self.hand]
        again = [card for card in held if card in self.shown_to.get(suggester, set())]
        card = again[0] if again else self.random.choice(held)
        self.shown_to.setdefault(suggester, set()).add(card)
        return 'show ' + card

    def suggestion(self, suggester, triple, disprover, card):
        if suggester != self.seat:
            return
        if card is not None:
            self.seen.add(card)
        elif disprover is None and not set(triple) & self.hand:
            self.known = triple

    def accuse(self):
        if self.known is None:
            unseen = [[card for card in category if card not in self.seen] for category in CATEGORIES]
            if all(len(pool) == 1 for pool in unseen):
                self.known = tuple(pool[0] for pool in unseen)
        return '-' if self.known is None else 'accuse ' + ' '.join(self.known)

    def answer(self, message):
        """The reply to one message of the server; None when it wants none."""
        words = message.split()
        keyword = words[0].lower() if words else ''
        if keyword == 'reset':
            self.reset(int(words[1]), int(words[2]), [canonical(code) for code in words[3:]])
            return 'ok'
        if keyword == 'suggest':
            return self.suggest()
        if keyword == 'disprove':
            return self.disprove(int(words[1]), [canonical(code) for code in words[2:5]])
        if keyword == 'suggestion':
            disprover = None if words[5] == '-' else int(words[5])
            card = canonical(words[6]) if len(words) > 6 else None
            self.suggestion(int(words[1]), tuple(canonical(code) for code in words[2:5]), disprover, card)
            return 'ok'
        if keyword == 'accuse':
            return self.accuse()
        if keyword == 'accusation':
            return 'ok'
        if keyword == 'done':
            return 'dead'
        print('ignoring a message not in the protocol: ' + message, file=sys.stderr)
        return None

    def run(self, identifier, port, lines=False):
        play(self, identifier, port, lines)


def play(bot, identifier, port, lines=False):
    """Greets on the port and answers every message with the bot's reply until `done`."""
    connection = bot.connection = Connection(port, lines)
    connection.send(identifier + ' alive')
    while True:
        message = connection.receive()
        if message is None:
            return
        reply = bot.answer(message)
        if reply is not None:
            connection.send(reply)
        if reply == 'dead':
            return


def main(program, make_bot):
    """Runs the bot the command line asks for: <identifier> <port> [--lines]."""
    arguments = [word for word in sys.argv[1:] if word != '--lines']
    if len(arguments) != 2:
        sys.exit('usage: ' + program + ' <identifier> <port> [--lines]')
    play(make_bot(arguments[0]), arguments[0], int(arguments[1]), '--lines' in sys.argv[1:])


if __name__ == '__main__':
    main('speedclue_bot.py', lambda identifier: Bot())
