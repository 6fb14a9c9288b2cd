// Properties of whole games of random play over random seeds, table sizes and rule sets: games
// end within their bound, every card is played at most once a hand, spec hands hand out 26 points
// (or the moon's 26 to each other seat), the checked and trusted applies agree, seeds replay, and
// each seat's view, built from its own records only, matches the truth about its seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GameEvent } from '../../../src/core/events.ts';
import { Rng, Streams, masterKey } from '../../../src/core/random.ts';
import { DECK_SIZE, Ev, HAND_POINTS, HeartsView, hearts, type HeartsState } from '../../../src/games/hearts/index.ts';

const ruleSets = fc.record({
  tricks: fc.constantFrom('all', 'all-but-last'),
  handScore: fc.constantFrom('sum', 'last-trick'),
  carryOver: fc.constantFrom('false', 'true'),
  scoreFirstTrick: fc.constantFrom('false', 'true'),
  moon: fc.constantFrom('all-points', 'played-point-tricks'),
  endScore: fc.constantFrom('0', '50', '100'),
  hands: fc.constantFrom('0', '1', '3'),
});

const games = fc
  .record({ seed: fc.string({ maxLength: 8 }), players: fc.integer({ min: 3, max: 6 }), game: fc.nat({ max: 1_000_000 }), rules: ruleSets })
  .filter((g) => g.rules.endScore !== '0' || g.rules.hands !== '0');

const SPEC_RULES = { endScore: '100', hands: '0' };

interface Played {
  readonly events: number[][];
  readonly totals: number[];
  readonly moves: number;
}

/**
 * Plays one game with random legal cards, applying each through the trusted apply on one state
 * and the checked apply on a twin, and running `check` on the twin's records after every move.
 */
function play(
  seed: string,
  players: number,
  game: number,
  rules: Readonly<Record<string, string>>,
  check: (event: GameEvent, state: HeartsState) => void = () => {},
): Played {
  const values = hearts.parseRules(rules);
  const trusted = hearts.createState(players, values);
  const checked = hearts.createState(players, values);
  const key = masterKey(seed);
  const rng = new Rng().seed(key, game, Streams.SEAT, 0);
  const legal = new Int32Array(hearts.maxActions);
  const events: number[][] = [];
  const event = new GameEvent();
  const drain = (): void => {
    for (let i = 0; i < checked.events.count; i++) {
      event.read(checked.events.data, i);
      events.push([event.recipients, event.kind, event.a, event.b, event.c]);
      check(event, checked);
    }
    checked.events.clear();
    trusted.events.clear();
  };
  hearts.reset(trusted, key, game);
  hearts.reset(checked, key, game);
  drain();
  const bound = (Number(values.hands) || 200) * DECK_SIZE;
  let moves = 0;
  while (!hearts.isTerminal(trusted)) {
    assert.ok(moves++ < bound, 'the game ends within its bound');
    const count = hearts.legalActions(trusted, legal);
    const card = legal[rng.int(count)];
    const illegal = firstIllegal(legal, count);
    if (illegal >= 0) {
      const before = snapshot(checked);
      assert.notEqual(hearts.applyChecked(checked, illegal), 0);
      assert.deepEqual(snapshot(checked), before, 'a refused card changes nothing');
    }
    hearts.apply(trusted, card);
    assert.equal(hearts.applyChecked(checked, card), 0);
    assert.deepEqual(snapshot(checked), snapshot(trusted));
    drain();
  }
  return { events, totals: [...trusted.totals], moves };
}

function firstIllegal(legal: Int32Array, count: number): number {
  const allowed = new Set(legal.subarray(0, count));
  for (let card = 0; card < DECK_SIZE; card++) if (!allowed.has(card)) return card;
  return -1;
}

function snapshot(s: HeartsState): unknown {
  return [s.current, s.trick, s.trickCount, s.heartsBroken, [...s.suitMask], [...s.totals], [...s.handScore], s.over];
}

test('properties: games end, cards are played once a hand, the applies agree, views match', () => {
  fc.assert(
    fc.property(games, ({ seed, players, game, rules }) => {
      const views = Array.from({ length: players }, (_, seat) => new HeartsView(players, seat));
      let playedThisHand = new Set<number>();
      play(seed, players, game, rules, (event, state) => {
        if (event.kind === Ev.DEALT) assert.equal(event.recipients & (event.recipients - 1), 0, 'a deal reaches one seat');
        if (event.kind === Ev.HAND_START) playedThisHand = new Set();
        if (event.kind === Ev.PLAYED) {
          assert.ok(!playedThisHand.has(event.b), 'no card is played twice in a hand');
          playedThisHand.add(event.b);
        }
        for (const view of views) if (event.isFor(view.seat)) view.observe(event);
        // Mid-trick a play is the move's last record, so the state is what the views were told.
        if (event.kind === Ev.PLAYED && state.trickCount !== 0) {
          for (const view of views) {
            for (let suit = 0; suit < 4; suit++) assert.equal(view.suitMask[suit], state.suitMask[view.seat * 4 + suit]);
            assert.equal(view.heartsBroken, state.heartsBroken);
          }
        }
      });
    }),
    { numRuns: 40 },
  );
});

test('properties: a spec hand hands out 26 points, or 26 to every seat but the shooter', () => {
  fc.assert(
    fc.property(games, ({ seed, players, game }) => {
      let handPoints = 0;
      let moon = false;
      play(seed, players, game, SPEC_RULES, (event) => {
        if (event.kind === Ev.MOON) moon = true;
        if (event.kind === Ev.HAND_SCORED) handPoints += event.b;
        if (event.kind === Ev.HAND_SCORED && event.a === players - 1) {
          assert.equal(handPoints, moon ? HAND_POINTS * (players - 1) : HAND_POINTS);
          handPoints = 0;
          moon = false;
        }
      });
    }),
    { numRuns: 30 },
  );
});

test('properties: without the first trick scored, a hand hands out 26 less the first trick', () => {
  let seen = 0;
  fc.assert(
    fc.property(games, ({ seed, players, game }) => {
      let handPoints = 0;
      let firstTrick = 0;
      let moon = false;
      play(seed, players, game, { ...SPEC_RULES, scoreFirstTrick: 'false' }, (event) => {
        if (event.kind === Ev.TRICK_WON && event.c === 0) firstTrick = event.b;
        if (event.kind === Ev.MOON) moon = true;
        if (event.kind === Ev.HAND_SCORED) handPoints += event.b;
        if (event.kind === Ev.HAND_SCORED && event.a === players - 1) {
          if (!moon) assert.equal(handPoints, HAND_POINTS - firstTrick);
          if (firstTrick > 0) seen++;
          handPoints = 0;
          moon = false;
        }
      });
    }),
    { numRuns: 20 },
  );
  assert.ok(seen > 0, 'some first trick held points');
});

test('properties: the same seed and game replay the same records', () => {
  fc.assert(
    fc.property(games, ({ seed, players, game, rules }) => {
      assert.deepEqual(play(seed, players, game, rules), play(seed, players, game, rules));
    }),
    { numRuns: 10 },
  );
});
