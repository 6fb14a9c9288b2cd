// Legality, table-driven: one seat's hand and the trick so far, set into a fresh state; the
// listed cards and the checked apply's reasons must agree with the rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CARD_NAMES, Illegal, SUITS, SUIT_OF, RANK_OF, hearts, type HeartsState } from '../../../src/games/hearts/index.ts';
import { illegalReason, listLegalActions } from '../../../src/games/hearts/engine.ts';
import { Metric } from '../../../src/games/hearts/metrics.ts';
import { card } from './crafted.ts';

interface Situation {
  readonly name: string;
  readonly hand: readonly string[];
  /** The trick's first card (played by the seat before), or none when this seat leads. */
  readonly led?: string;
  readonly trick: number;
  readonly broken: boolean;
  readonly legal: readonly string[];
  /** A card held but not legal, and why. */
  readonly refused?: readonly [string, number];
}

const SITUATIONS: readonly Situation[] = [
  {
    name: 'the first lead is the two of clubs',
    hand: ['2C', '5C', 'QS', '3H'],
    trick: 0,
    broken: false,
    legal: ['2C'],
    refused: ['5C', Illegal.MUST_LEAD_TWO_OF_CLUBS],
  },
  {
    name: 'follow suit',
    hand: ['5C', 'KC', 'QS', '3H'],
    led: '2C',
    trick: 0,
    broken: false,
    legal: ['5C', 'KC'],
    refused: ['QS', Illegal.MUST_FOLLOW_SUIT],
  },
  { name: 'no first-trick restriction on a void', hand: ['QS', '3H', '4D'], led: '2C', trick: 0, broken: false, legal: ['3H', '4D', 'QS'] },
  {
    name: 'hearts unbroken: no heart lead',
    hand: ['3H', '4D', '9S'],
    trick: 3,
    broken: false,
    legal: ['4D', '9S'],
    refused: ['3H', Illegal.HEARTS_NOT_BROKEN],
  },
  { name: 'hearts broken: any lead', hand: ['3H', '4D', '9S'], trick: 3, broken: true, legal: ['3H', '4D', '9S'] },
  { name: 'only hearts: a heart may lead unbroken', hand: ['3H', 'AH'], trick: 5, broken: false, legal: ['3H', 'AH'] },
  {
    name: 'the queen may lead unbroken',
    hand: ['QS', '3H'],
    trick: 2,
    broken: false,
    legal: ['QS'],
    refused: ['3H', Illegal.HEARTS_NOT_BROKEN],
  },
  { name: 'a card not held', hand: ['QS', '3H'], trick: 2, broken: true, legal: ['3H', 'QS'], refused: ['AS', Illegal.NOT_HELD] },
];

/** Seat 1 to play: seat 0 has led `led` (if any). */
function stateFor(s: Situation): HeartsState {
  const state = hearts.createState(4, hearts.parseRules({}));
  hearts.reset(state, new Uint32Array(4), 0);
  state.suitMask.fill(0);
  for (const name of s.hand) state.suitMask[SUITS + SUIT_OF[card(name)]] |= 1 << RANK_OF[card(name)];
  state.current = 1;
  state.trick = s.trick;
  state.heartsBroken = s.broken;
  state.trickCount = s.led === undefined ? 0 : 1;
  if (s.led !== undefined) {
    state.ledSuit = SUIT_OF[card(s.led)];
    state.trickHighRank = RANK_OF[card(s.led)];
  }
  return state;
}

for (const s of SITUATIONS) {
  test(`legality: ${s.name}`, () => {
    const state = stateFor(s);
    const out = new Int32Array(hearts.maxActions);
    const count = listLegalActions(state, out);
    assert.deepEqual(
      [...out.subarray(0, count)].map((c) => CARD_NAMES[c]),
      s.legal,
    );
    for (const name of s.legal) assert.equal(illegalReason(state, card(name)), 0, `${name} is legal`);
    if (s.refused) assert.equal(illegalReason(state, card(s.refused[0])), s.refused[1]);
  });
}

test('legality: a queen played as a discard breaks hearts', () => {
  const state = stateFor({ name: '', hand: ['QS', '4D'], led: '2C', trick: 1, broken: false, legal: [] });
  hearts.apply(state, card('QS'));
  assert.equal(state.heartsBroken, true);
});

test('legality: a heart played as a discard breaks hearts, a club does not', () => {
  const state = stateFor({ name: '', hand: ['3H', '4D'], led: '2C', trick: 1, broken: false, legal: [] });
  hearts.apply(state, card('4D'));
  assert.equal(state.heartsBroken, false);
  state.current = 1;
  state.suitMask[SUITS] = 1 << RANK_OF[card('3H')];
  hearts.apply(state, card('3H'));
  assert.equal(state.heartsBroken, true);
});

test('legality: malformed and unknown numbers are refused with stable codes', () => {
  const state = stateFor({ name: '', hand: ['2C'], trick: 0, broken: false, legal: [] });
  assert.equal(illegalReason(state, 1.5), 2);
  assert.equal(illegalReason(state, -1), Illegal.UNKNOWN_CARD);
  assert.equal(illegalReason(state, 52), Illegal.UNKNOWN_CARD);
});

test('a bad move: the seat forfeits the game, is placed last, the others rank by their totals', () => {
  const state = hearts.createState(4, hearts.parseRules({}));
  hearts.reset(state, new Uint32Array([9, 9, 9, 9]), 3);
  const seat = state.current;
  // The forfeiting seat has the lowest total, and still wins nothing; two others tie for the win.
  const totals = [0, 10, 10, 20];
  for (let i = 0; i < 4; i++) state.totals[(seat + i) % 4] = totals[i];
  const reason = hearts.applyChecked(state, card('AH'));
  assert.ok(reason === Illegal.MUST_LEAD_TWO_OF_CLUBS || reason === Illegal.NOT_HELD);
  hearts.forfeit(state, reason);
  assert.equal(hearts.isTerminal(state), true);
  const returns = new Float64Array(4);
  hearts.returns(state, returns);
  assert.deepEqual(
    [0, 1, 2, 3].map((i) => returns[(seat + i) % 4]),
    [0, 0.5, 0.5, 0],
  );
  assert.equal(state.tally.forfeits[seat * state.tally.shape.forfeitReasons + reason], 1);
});

test('a bad move charges the forfeiting seat the whole hand in its points per hand, and the others nothing', () => {
  const state = hearts.createState(4, hearts.parseRules({}));
  hearts.reset(state, new Uint32Array([9, 9, 9, 9]), 3);
  const seat = state.current;
  hearts.forfeit(state, hearts.applyChecked(state, card('AH')));
  const recorded = (who: number) => {
    const at = state.tally.metricOffset(Metric.POINTS, who);
    return { records: state.tally.counts[at], sum: state.tally.counts[at + 1] };
  };
  assert.deepEqual(recorded(seat), { records: 1, sum: 26 });
  for (let other = 0; other < 4; other++) if (other !== seat) assert.deepEqual(recorded(other), { records: 0, sum: 0 });
});
