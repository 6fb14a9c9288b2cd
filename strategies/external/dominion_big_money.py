#!/usr/bin/env python3
"""Big Money for the Dominion bot server ("Version 1"), written from its communication spec.

    python3 dominion_big_money.py [name]

One JSON object a line on stdin, one reply a line on stdout. The bot never plays an action: it
plays every treasure in hand, then buys a province with 8 coins, a gold with 6 or 7, a silver
with 3 to 5, and nothing with less. Against a militia it reveals a moat when it holds one, else
discards its victory cards and curses first, then its cheapest treasures. It reads both forms
the servers write: player numbers as "player1" or 1, supply-info as a list or an object.
"""
import json
import sys

TREASURE_COINS = {'copper': 1, 'silver': 2, 'gold': 3}
# Discarded first to a militia: what buys nothing, then the weakest money, then the rest.
DISCARD_ORDER = ['curse', 'estate', 'duchy', 'province', 'copper', 'silver', 'gold']


def buy_for(coins, supply):
    for card, cost in (('province', 8), ('gold', 6), ('silver', 3)):
        if coins >= cost and supply.get(card, 1) > 0:
            return [card]
    return []


def discards(hand, count):
    ranked = sorted(hand, key=lambda card: DISCARD_ORDER.index(card) if card in DISCARD_ORDER else -1)
    return ranked[:count]


def read_supply(cards):
    if isinstance(cards, dict):
        return dict(cards)
    return {entry['card']: entry['count'] for entry in cards}


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else 'big-money'
    supply = {}
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        kind = message.get('type')
        reply = None
        if kind == 'player-name-request':
            reply = {'type': 'player-name-reply', 'player_number': message['player_number'], 'name': name, 'version': 1}
        elif kind == 'supply-info':
            supply = read_supply(message['cards'])
        elif kind == 'play-turn':
            hand = message['hand']
            if message['buys'] > 0:
                treasures = [card for card in hand if card in TREASURE_COINS]
                coins = message['extra_money'] + sum(TREASURE_COINS[card] for card in treasures)
                reply = {'type': 'play-reply', 'phase': 'buy', 'played_treasures': treasures, 'cards_to_buy': buy_for(coins, supply)}
            else:
                reply = {'type': 'play-reply', 'phase': 'cleanup', 'top_discard': hand[0] if hand else None}
        elif kind == 'attack-request':
            if 'moat' in message['options']:
                reply = {'type': 'attack-reply-reaction', 'reaction': 'moat'}
            else:
                reply = {'type': 'attack-reply', 'discard': discards(message['options'], message['discard'])}
        elif kind == 'game-end':
            return
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + '\n')
            sys.stdout.flush()


main()
