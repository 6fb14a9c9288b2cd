#!/usr/bin/env python3
"""A reimplementation of the strongest entry of the sadakatsu SpeedClue contest, written from a
description of its method (its source was not used): exact constraint propagation over who holds
each card, suggestions chosen by expected information gain, and disproofs that leak least.

    python3 speedclue_constraint_bot.py <identifier> <port> [--lines]

It speaks the contest's TCP protocol through speedclue_bot.py's connection and loop (raw
messages, or --lines), so it runs from this folder beside that file.

Knowledge: for every card, the owners (each player, or the solution) that may still hold it;
"holds one of these" clauses from disproofs it did not see; every player's hand size and the
solution's one card a category; wrongly accused triples, whose accuser (under the contest's
restrictions) holds none of their cards. Propagation draws consequences until none is new. The
solution is decided exactly: each remaining candidate is assumed and searched (fix the least open
card, propagate, backtrack) for a whole deal that fits everything known; it accuses when one
candidate is left.

Suggestion: each unused triple is valued by the information its answer is expected to give about
the solution (the fall of the entropy of each category's chances of being the solution's, a card
shown leaving its category, an undisproved card not held becoming the solution's), from each
card's estimated chances of being with each owner; the answer's own entropy breaks near ties.

Disproof: a card already shown to that suggester, else one already shown to anyone, else any of
the matching cards, at random. Its random choices are seeded by its identifier, so a run with the
same identifiers replays.
"""
import math
import random
import sys

from speedclue_bot import main

SUSPECTS = ['Gr', 'Mu', 'Pe', 'Pl', 'Sc', 'Wh']
WEAPONS = ['Ca', 'Kn', 'Pi', 'Re', 'Ro', 'Wr']
ROOMS = ['Ba', 'Bi', 'Co', 'Di', 'Ha', 'Ki', 'Li', 'Lo', 'St']
CARDS = SUSPECTS + WEAPONS + ROOMS
INDEX = {card.lower(): i for i, card in enumerate(CARDS)}
CATEGORY_OF = [0] * 6 + [1] * 6 + [2] * 9
CATEGORY_CARDS = [range(0, 6), range(6, 12), range(12, 21)]
TRIPLES = [(s, w, r) for s in range(6) for w in range(6, 12) for r in range(12, 21)]
ALL = (1 << 21) - 1
# Nodes one feasibility search may visit before it calls its candidate possible (never wrong, only late).
SEARCH_BUDGET = 5000


class Contradiction(Exception):
    pass


def bits_of(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask):
    return bin(mask).count('1')


class Knowledge:
    def __init__(self, players, seat):
        self.players = players
        self.seat = seat
        self.solution = players
        self.hand_size = [18 // players + (1 if s < 18 % players else 0) for s in range(players)]
        self.possible = [(1 << (players + 1)) - 1] * 21
        self.clauses = []
        self.excluded = set()

    def holds(self, card, owner):
        self.possible[card] = 1 << owner

    def exclude(self, cards, owner):
        for card in cards:
            self.possible[card] &= ~(1 << owner)

    def owner_of(self, card):
        bits = self.possible[card]
        return bits.bit_length() - 1 if bits and bits & (bits - 1) == 0 else -1

    def propagate(self, possible=None, clauses=None):
        """Draws every consequence, in place; raises Contradiction when nothing fits."""
        possible = self.possible if possible is None else possible
        clauses = self.clauses if clauses is None else clauses
        changed = True
        while changed:
            changed = False
            kept = []
            for player, cards in clauses:
                bit = 1 << player
                open_cards = [c for c in cards if possible[c] & bit]
                if not open_cards:
                    raise Contradiction()
                if any(possible[c] == bit for c in open_cards):
                    continue
                if len(open_cards) == 1:
                    possible[open_cards[0]] = bit
                    changed = True
                    continue
                kept.append((player, open_cards))
            clauses[:] = kept
            for player in range(self.players):
                changed = self.count(possible, player, self.hand_size[player], range(21)) or changed
            for category in range(3):
                changed = self.count(possible, self.solution, 1, CATEGORY_CARDS[category]) or changed
            solution = 1 << self.solution
            for triple in self.excluded:
                fixed = [c for c in triple if possible[c] == solution]
                if len(fixed) == 2:
                    third = next(c for c in triple if c not in fixed)
                    if possible[third] & solution:
                        possible[third] &= ~solution
                        changed = True
            if any(bits == 0 for bits in possible):
                raise Contradiction()
        return possible

    def count(self, possible, owner, size, cards):
        bit = 1 << owner
        known = sum(1 for c in cards if possible[c] == bit)
        candidates = [c for c in cards if possible[c] & bit]
        if known > size or len(candidates) < size:
            raise Contradiction()
        if len(candidates) == known:
            return False
        changed = False
        for c in candidates:
            if possible[c] == bit:
                continue
            if known == size:
                possible[c] &= ~bit
                changed = True
            elif len(candidates) == size:
                possible[c] = bit
                changed = True
        return changed

    def candidates(self):
        solution = 1 << self.solution
        return [
            t
            for t in TRIPLES
            if t not in self.excluded and all(self.possible[c] & solution for c in t)
        ]

    def feasible(self, triple):
        """Whether some whole deal with this solution fits everything known."""
        solution = 1 << self.solution
        possible = [bits & solution if c in triple else bits & ~solution for c, bits in enumerate(self.possible)]
        self.nodes = 0
        try:
            self.propagate(possible, list(self.clauses))
        except Contradiction:
            return False
        return self.branch(possible, list(self.clauses))

    def branch(self, possible, clauses):
        self.nodes += 1
        if self.nodes > SEARCH_BUDGET:
            return True
        open_cards = [c for c in range(21) if possible[c] & (possible[c] - 1)]
        if not open_cards:
            return True
        card = min(open_cards, key=lambda c: popcount(possible[c]))
        for owner in bits_of(possible[card]):
            trial = list(possible)
            trial[card] = 1 << owner
            trial_clauses = list(clauses)
            try:
                self.propagate(trial, trial_clauses)
            except Contradiction:
                continue
            if self.branch(trial, trial_clauses):
                return True
        return False

    def certain_solution(self):
        """The solution when exactly one candidate fits, else None."""
        found = None
        for triple in self.candidates():
            if self.feasible(triple):
                if found is not None:
                    return None
                found = triple
        return found

    def chances(self):
        """[card][owner]: open places of each owner spread over the cards it may still hold."""
        weight = []
        for owner in range(self.players):
            weight.append(self.open_share(owner, self.hand_size[owner], range(21)))
        category_weight = [self.open_share(self.solution, 1, CATEGORY_CARDS[k]) for k in range(3)]
        table = []
        for card in range(21):
            bits = self.possible[card]
            row = [0.0] * (self.players + 1)
            owners = list(bits_of(bits))
            if len(owners) == 1:
                row[owners[0]] = 1.0
            else:
                w = [weight[o] if o < self.players else category_weight[CATEGORY_OF[card]] for o in owners]
                total = sum(w)
                for o, x in zip(owners, w):
                    row[o] = x / total if total > 0 else 1.0 / len(owners)
            table.append(row)
        return table

    def open_share(self, owner, places, cards):
        bit = 1 << owner
        known = sum(1 for c in cards if self.possible[c] == bit)
        open_cards = sum(1 for c in cards if self.possible[c] != bit and self.possible[c] & bit)
        return (places - known) / open_cards if open_cards else 0.0


def plogp(p):
    return p * math.log(p) if p > 0 else 0.0


class Bot:
    def __init__(self, seed=None):
        self.random = random.Random(seed)

    def reset(self, players, seat, cards):
        self.players = players
        self.seat = seat
        self.knowledge = Knowledge(players, seat)
        self.hand = set(cards)
        for card in range(21):
            if card in self.hand:
                self.knowledge.holds(card, seat)
            else:
                self.knowledge.exclude([card], seat)
        self.suggested = set()
        self.shown_to = {}
        self.shown = set()
        self.propagate()

    def propagate(self):
        try:
            self.knowledge.propagate()
        except Contradiction:
            # Another bot broke the rules unseen: keep what was known, never accuse from it.
            self.knowledge.clauses = []

    def next_seat(self, seat):
        return (seat + 1) % self.players

    def suggest(self):
        chance = self.knowledge.chances()
        shown, pinned = self.solution_gains(chance)
        best, choices = None, []
        for triple in TRIPLES:
            if triple in self.suggested:
                continue
            value = self.answer_value(triple, chance, shown, pinned)
            if best is None or value > best + 1e-9:
                best, choices = value, [triple]
            elif value > best - 1e-9:
                choices.append(triple)
        triple = self.random.choice(choices)
        self.suggested.add(triple)
        return 'suggest ' + ' '.join(CARDS[c] for c in triple)

    def solution_gains(self, chance):
        """[card]: the solution entropy (over each category's chances) lost if it is shown, or pinned."""
        solution = self.knowledge.solution
        shown, pinned = [0.0] * 21, [0.0] * 21
        for cards in CATEGORY_CARDS:
            p = [chance[c][solution] for c in cards]
            total = sum(p)
            if total <= 0:
                continue
            before = -sum(plogp(x / total) for x in p)
            for i, card in enumerate(cards):
                rest = total - p[i]
                if p[i] <= 0 or rest <= 0:
                    continue
                after = -sum(plogp(x / rest) for j, x in enumerate(p) if j != i)
                shown[card] = before - after
                if card not in self.hand:
                    pinned[card] = before
        return shown, pinned

    def answer_value(self, triple, chance, shown, pinned):
        """Expected solution entropy lost, each seat in turn holding none of the cards or showing
        one it holds; the answer's own entropy (what it tells of the hands) breaks near ties."""
        reach = 1.0
        entropy = 0.0
        gain = 0.0
        seat = self.next_seat(self.seat)
        while seat != self.seat:
            p = [chance[c][seat] for c in triple]
            none = (1 - p[0]) * (1 - p[1]) * (1 - p[2])
            total = sum(p)
            if none < 1 and total > 0:
                scale = reach * (1 - none) / total
                entropy -= sum(plogp(scale * x) for x in p)
                gain += scale * sum(x * shown[c] for x, c in zip(p, triple))
            reach *= none
            seat = self.next_seat(seat)
        gain += reach * sum(pinned[c] for c in triple)
        return gain + 0.1 * (entropy - plogp(reach))

    def disprove(self, suggester, triple):
        held = [card for card in triple if card in self.hand]
        again = [card for card in held if card in self.shown_to.get(suggester, set())]
        anyone = [card for card in held if card in self.shown]
        card = self.random.choice(again or anyone or held)
        self.shown_to.setdefault(suggester, set()).add(card)
        self.shown.add(card)
        return 'show ' + CARDS[card]

    def suggestion(self, suggester, triple, disprover, card):
        k = self.knowledge
        seat = self.next_seat(suggester)
        while seat != suggester and seat != disprover:
            k.exclude(triple, seat)
            seat = self.next_seat(seat)
        if disprover is not None and disprover != self.seat:
            if card is not None:
                k.holds(card, disprover)
            else:
                k.clauses.append((disprover, list(triple)))
        self.propagate()

    def accusation(self, accuser, triple, right):
        if right:
            return
        self.knowledge.excluded.add(triple)
        self.knowledge.exclude(triple, accuser)
        self.propagate()

    def accuse(self):
        solution = self.knowledge.certain_solution()
        return '-' if solution is None else 'accuse ' + ' '.join(CARDS[c] for c in solution)

    def answer(self, message):
        """The reply to one message of the server; None when it wants none."""
        words = message.split()
        keyword = words[0].lower() if words else ''
        if keyword == 'reset':
            self.reset(int(words[1]), int(words[2]), [INDEX[code.lower()] for code in words[3:]])
            return 'ok'
        if keyword == 'suggest':
            return self.suggest()
        if keyword == 'disprove':
            return self.disprove(int(words[1]), [INDEX[code.lower()] for code in words[2:5]])
        if keyword == 'suggestion':
            disprover = None if words[5] == '-' else int(words[5])
            card = INDEX[words[6].lower()] if len(words) > 6 else None
            self.suggestion(int(words[1]), tuple(INDEX[code.lower()] for code in words[2:5]), disprover, card)
            return 'ok'
        if keyword == 'accuse':
            return self.accuse()
        if keyword == 'accusation':
            self.accusation(int(words[1]), tuple(INDEX[code.lower()] for code in words[2:5]), words[5] == '+')
            return 'ok'
        if keyword == 'done':
            return 'dead'
        print('ignoring a message not in the protocol: ' + message, file=sys.stderr)
        return None


if __name__ == '__main__':
    main('speedclue_constraint_bot.py', Bot)
