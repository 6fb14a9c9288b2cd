// The deck per table size, the deal, rule parsing and card names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CARD_NAMES,
  DECK_SIZE,
  RANKS,
  TWO_OF_CLUBS,
  bitCount,
  deckFor,
  formatAction,
  hearts,
  parseAction,
  wireCard,
  Illegal,
} from '../../../src/games/hearts/index.ts';
import { ParlorError } from '../../../src/core/errors.ts';

const REMOVED_CLUBS: Readonly<Record<number, readonly string[]>> = {
  3: ['3C'],
  4: [],
  5: ['3C', '4C'],
  6: ['3C', '4C', '5C', '6C'],
};

for (const [players, removed] of Object.entries(REMOVED_CLUBS)) {
  test(`deck: ${players} players drop ${removed.join(', ') || 'nothing'}`, () => {
    const deck = [...deckFor(Number(players))].map((c) => CARD_NAMES[c]);
    const missing = CARD_NAMES.filter((name) => !deck.includes(name));
    assert.deepEqual(missing, removed);
    assert.equal(deck.length % Number(players), 0);
    assert.ok(deck.includes('2C'));
  });
}

test('deal: every seat gets a full hand and the two of clubs holder leads', () => {
  for (const players of [3, 4, 5, 6]) {
    const state = hearts.createState(players, hearts.parseRules({}));
    hearts.reset(state, new Uint32Array([1, 2, 3, players]), 7);
    const size = Math.floor(DECK_SIZE / players);
    const dealt = [...state.dealt];
    assert.equal(new Set(dealt).size, players * size);
    const leader = Math.floor(dealt.indexOf(TWO_OF_CLUBS) / size);
    assert.equal(state.current, leader);
  }
});

test('rules: the server profile refuses other table sizes', () => {
  assert.throws(() => hearts.createState(5, hearts.parseRules({ profile: 'zadikian-server' })), ParlorError);
  assert.doesNotThrow(() => hearts.createState(5, hearts.parseRules({ profile: 'zadikian-server', fourPlayersOnly: 'false' })));
});

test('rules: a profile presets the quirks and options given beside it override them', () => {
  const rules = hearts.parseRules({ carryOver: 'false', profile: 'zadikian-server' });
  assert.equal(rules.handScore, 'last-trick');
  assert.equal(rules.carryOver, false);
  assert.equal(rules.endScore, 0);
  assert.equal(rules.hands, 20);
});

test('rules: bad values are one clear error', () => {
  assert.throws(() => hearts.parseRules({ moon: 'sometimes' }), /moon must be one of/);
  assert.throws(() => hearts.parseRules({ endScore: '-5' }), /endScore must be an integer from 0/);
  assert.throws(() => hearts.parseRules({ endScore: '0' }), /never end/);
  assert.throws(() => hearts.parseRules({ passing: 'left' }), /unknown rule 'passing'/);
});

test('cards: names round-trip and the protocol numbers match the spec', () => {
  for (let card = 0; card < DECK_SIZE; card++) assert.equal(parseAction(formatAction(card)), card);
  assert.equal(parseAction('qs'), parseAction('QS'));
  assert.equal(parseAction('TH'), parseAction('10H'));
  assert.equal(parseAction('1H'), -Illegal.UNKNOWN_CARD);
  assert.equal(parseAction('play the queen'), -2);
  // The spec: four of spades is 4 * 14 + 3; the server's two of clubs is 29 and queen of spades 67.
  assert.equal(wireCard(parseAction('4S')), 59);
  assert.equal(wireCard(TWO_OF_CLUBS), 29);
  assert.equal(wireCard(parseAction('QS')), 67);
});

test('bitCount counts the cards of every rank mask', () => {
  for (let mask = 0; mask < 1 << RANKS; mask++) {
    const cards = [...mask.toString(2)].filter((bit) => bit === '1').length;
    assert.equal(bitCount(mask), cards, `mask ${mask}`);
  }
});
