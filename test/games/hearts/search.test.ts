// The Hearts search kit over random positions (random play stopped at a random decision, any table
// size, three rule sets): every sampled deal agrees with what the deciding seat knows and with the
// truth where the seat knows it, and a search state loaded with the true hands plays the rest of
// the hand exactly as the real game does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Rng, Streams, masterKey } from '../../../src/core/random.ts';
import {
  DECK_SIZE,
  HandSampler,
  SUITS,
  TWO_OF_CLUBS,
  createSearchState,
  hearts,
  loadPosition,
  type HeartsView,
} from '../../../src/games/hearts/index.ts';
import type { Strategy } from '../../../src/core/strategy.ts';
import { Table, playAction, startGame } from '../../../src/runner/play/table.ts';
import type { HeartsTable } from './tables.ts';

/** Plays at random but observes, so the table keeps its view up to date. */
class WatchingRandomPlayer implements Strategy<HeartsView> {
  readonly observes = true;
  restart(): void {}
  inform(): void {}
  choose(_view: HeartsView, legal: Int32Array, count: number, rng: Rng): number {
    return legal[rng.int(count)];
  }
}

const RULE_SETS: readonly Readonly<Record<string, string>>[] = [
  {},
  { profile: 'zadikian-server' },
  { moon: 'played-point-tricks', tricks: 'all-but-last' },
];

const positions = fc.record({
  seed: fc.string({ maxLength: 8 }),
  game: fc.nat({ max: 1_000_000 }),
  players: fc.integer({ min: 3, max: 6 }),
  moves: fc.nat({ max: 60 }),
  rules: fc.nat({ max: RULE_SETS.length - 1 }),
});

type Position = { seed: string; game: number; players: number; moves: number; rules: number };

/** A one-hand game played at random up to a decision `moves` plays in (fewer than the hand has). */
function reach({ seed, game, players, moves, rules }: Position): HeartsTable {
  const ruleSet = RULE_SETS[rules];
  const seats = ruleSet.profile === 'zadikian-server' ? 4 : players;
  const values = hearts.parseRules({ ...ruleSet, endScore: '0', hands: '1' });
  const table = new Table(
    hearts,
    values,
    Array.from({ length: seats }, () => ({ strategy: new WatchingRandomPlayer(), trusted: true })),
  );
  const key = masterKey(seed);
  startGame(table, key, game);
  const state = table.state;
  const rng = new Rng().seed(key, game, Streams.SEAT, seats);
  const stop = moves % (state.tricksPerHand * seats);
  for (let move = 0; move < stop; move++) {
    const seat = state.current;
    const count = hearts.legalActions(state, table.legals[seat]);
    playAction(table, seat, table.legals[seat][rng.int(count)]);
  }
  return table;
}

function cardsIn(hands: Int32Array, seat: number): number[] {
  const cards: number[] = [];
  for (let suit = 0; suit < SUITS; suit++) {
    for (let rank = 0; rank < 13; rank++) if ((hands[seat * SUITS + suit] & (1 << rank)) !== 0) cards.push(suit * 13 + rank);
  }
  return cards;
}

test('search kit: sampled deals keep the own hand, hand sizes, voids and played cards of the view', () => {
  let voidsSeen = 0;
  fc.assert(
    fc.property(positions, (position) => {
      const table = reach(position);
      const state = table.state;
      const seat = state.current;
      const view = table.views[seat];
      const players = table.players;
      const sampler = new HandSampler(players, seat);
      sampler.prepare(view);
      const rng = new Rng().seed(masterKey(position.seed), position.game, Streams.SEAT, 0);
      const unplayed: number[] = [];
      for (let other = 0; other < players; other++) unplayed.push(...cardsIn(state.suitMask, other));
      for (let i = 0; i < 25; i++) {
        const hands = sampler.sample(rng);
        const dealt: number[] = [];
        for (let other = 0; other < players; other++) {
          const cards = cardsIn(hands, other);
          dealt.push(...cards);
          assert.equal(cards.length, cardsIn(state.suitMask, other).length, `seat ${other} holds as many cards as it really does`);
          for (let suit = 0; suit < SUITS; suit++) {
            if (other === seat) assert.equal(hands[other * SUITS + suit], view.suitMask[suit], 'the own hand is kept');
            if (view.voids[other * SUITS + suit] === 1) {
              assert.equal(hands[other * SUITS + suit], 0, `seat ${other} shown void in suit ${suit} holds none`);
              voidsSeen++;
            }
          }
        }
        assert.deepEqual(
          dealt.sort((a, b) => a - b),
          unplayed.sort((a, b) => a - b),
          'the hands hold each unplayed card once, and nothing played',
        );
        for (const card of dealt) assert.equal(view.played[card], 0);
        if (view.played[TWO_OF_CLUBS] === 0)
          assert.ok(cardsIn(hands, view.leader).includes(TWO_OF_CLUBS), 'the leader holds the two of clubs');
      }
    }),
    { numRuns: 150 },
  );
  assert.ok(voidsSeen > 0, 'some positions had voids to respect');
});

test('search kit: a search state loaded with the true hands plays out as the real game', () => {
  fc.assert(
    fc.property(positions, (position) => {
      const table = reach(position);
      const state = table.state;
      const view = table.views[state.current];
      const search = createSearchState(table.players, table.rules);
      loadPosition(search, view, state.suitMask);
      const real = new Int32Array(hearts.maxActions);
      const imagined = new Int32Array(hearts.maxActions);
      const rng = new Rng().seed(masterKey(position.seed), position.game, Streams.SEAT, 1);
      while (!state.over) {
        assert.equal(search.over, false);
        assert.equal(search.current, state.current);
        const count = hearts.legalActions(state, real);
        assert.deepEqual([...imagined.subarray(0, hearts.legalActions(search, imagined))], [...real.subarray(0, count)]);
        const card = real[rng.int(count)];
        hearts.apply(state, card);
        hearts.apply(search, card);
      }
      assert.equal(search.over, true, 'the search state ends with the hand');
      assert.deepEqual([...search.pointsTaken], [...state.pointsTaken]);
      // The spec scores the points taken, the moon included, as the search state does.
      if (RULE_SETS[position.rules] === RULE_SETS[0]) assert.deepEqual([...search.totals], [...state.totals]);
    }),
    { numRuns: 100 },
  );
});

test('search kit: without voids every unseen card is about as likely in each hand as its room allows', () => {
  const table = reach({ seed: 'uniform', game: 3, players: 4, moves: 1, rules: 0 });
  const seat = table.state.current;
  const view = table.views[seat];
  assert.equal(view.voids.indexOf(1), -1, 'no void shown yet');
  const sampler = new HandSampler(4, seat);
  sampler.prepare(view);
  const rng = new Rng().seed(masterKey('uniform'), 0, Streams.SEAT, 0);
  const counts = new Int32Array(4 * DECK_SIZE);
  const samples = 4000;
  for (let i = 0; i < samples; i++) {
    const hands = sampler.sample(rng);
    for (let other = 0; other < 4; other++) for (const card of cardsIn(hands, other)) counts[other * DECK_SIZE + card]++;
  }
  const own = cardsIn(table.state.suitMask, seat);
  const unseen = DECK_SIZE - own.length - 1;
  for (let other = 0; other < 4; other++) {
    if (other === seat) continue;
    const room = cardsIn(table.state.suitMask, other).length;
    const expected = (samples * room) / unseen;
    // Five standard deviations of a binomial count: a wrong weighting misses by far more.
    const spread = 5 * Math.sqrt(expected * (1 - room / unseen));
    for (let card = 0; card < DECK_SIZE; card++) {
      if (view.played[card] === 1 || own.includes(card)) continue;
      const count = counts[other * DECK_SIZE + card];
      assert.ok(Math.abs(count - expected) < spread, `seat ${other} card ${card}: ${count} times, about ${expected.toFixed(0)} expected`);
    }
  }
});
