// The random player's choices follow its stated distribution: a card uniformly, then a target,
// then a guess, each uniformly; checked on the engine's own legal lists over many seeded draws.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Card, Rng, actionCard, encodeAction, loveLetter, masterKey, type LoveLetterDecidingView } from '../../../src/index.ts';
import { RandomPlayer } from '../../../strategies/love-letter/random.ts';
import { assertFits } from '../../helpers/numbers.ts';
import { compareDecideWithChoose, engineLegalActions, enginePosition } from './decisions.ts';

const DRAWS = 84_000;

interface Hand {
  readonly players: number;
  readonly seat: number;
  readonly held: number;
  readonly drawn: number;
  readonly out?: readonly number[];
}

/** The hand's seat in the engine's position, its view there and its legal actions. */
function handPosition(hand: Hand) {
  const inRound = Array.from({ length: hand.players }, (_, seat) => (hand.out?.includes(seat) ? 0 : 1));
  const state = enginePosition(hand.players, hand.seat, hand.held, hand.drawn, inRound, new Array<number>(hand.players).fill(0));
  return { view: loveLetter.createStateView!(state, hand.seat) as LoveLetterDecidingView, ...engineLegalActions(state) };
}

/**
 * The 32-bit draws on either side of every point where a pick in a run of up to 32 actions steps
 * to the next action: over all the bits, for one run, and over the 31 below the top bit, for a
 * card's run.
 */
function edgeDraws(): number[] {
  const draws = new Set<number>();
  for (let n = 1; n <= 32; n++) {
    for (let k = 0; k <= n; k++) {
      for (const edge of [Math.ceil((k * 2 ** 32) / n), Math.ceil((k * 2 ** 31) / n), 2 ** 31 + Math.ceil((k * 2 ** 31) / n)]) {
        for (const t of [edge - 1, edge]) if (t >= 0 && t < 2 ** 32) draws.add(t | 0);
      }
    }
  }
  return [...draws];
}

/** How often the random player picks each legal action of the hand, over DRAWS seeded draws. */
function choiceCounts(hand: Hand): Map<number, number> {
  const { view, legal, count } = handPosition(hand);
  const counts = new Map<number, number>();
  for (let i = 0; i < count; i++) counts.set(legal[i], 0);
  const player = new RandomPlayer();
  const rng = new Rng().seed(masterKey('random-player'), 0, 0, 0);
  for (let draw = 0; draw < DRAWS; draw++) {
    const action = player.choose(view, legal, count, rng);
    const seen = counts.get(action);
    assert.ok(seen !== undefined, `chose ${action}, which is not legal`);
    counts.set(action, seen + 1);
  }
  return counts;
}

/** Asserts the counts fit the probabilities `expected` gives each action. */
function assertChoices(counts: Map<number, number>, expected: (action: number) => number): void {
  const actions = [...counts.keys()];
  assertFits(
    actions.map((action) => counts.get(action) ?? 0),
    actions.map(expected),
    'choices',
  );
}

describe('random player', () => {
  test('picks either card half the time, then any of the soldier target-guess pairs alike', () => {
    const counts = choiceCounts({ players: 4, seat: 0, held: Card.SOLDIER, drawn: Card.PRIESTESS });
    assert.equal(counts.size, 3 * 7 + 1);
    assertChoices(counts, (action) => (actionCard(action) === Card.PRIESTESS ? 1 / 2 : 1 / 2 / 21));
  });

  test('targets only players still in, itself included for the wizard, each alike', () => {
    const counts = choiceCounts({ players: 4, seat: 1, held: Card.WIZARD, drawn: Card.KNIGHT, out: [3] });
    assert.deepEqual(
      [...counts.keys()].sort((a, b) => a - b),
      [
        encodeAction(Card.KNIGHT, 0, 0),
        encodeAction(Card.KNIGHT, 2, 0),
        encodeAction(Card.WIZARD, 0, 0),
        encodeAction(Card.WIZARD, 1, 0),
        encodeAction(Card.WIZARD, 2, 0),
      ].sort((a, b) => a - b),
    );
    assertChoices(counts, (action) => (actionCard(action) === Card.WIZARD ? 1 / 2 / 3 : 1 / 2 / 2));
  });

  test('holding two of a card, picks among its actions alike', () => {
    const counts = choiceCounts({ players: 2, seat: 1, held: Card.SOLDIER, drawn: Card.SOLDIER });
    assert.equal(counts.size, 7);
    assertChoices(counts, () => 1 / 7);
  });

  test('a lopsided hand still splits evenly between the cards', () => {
    const counts = choiceCounts({ players: 3, seat: 2, held: Card.MINISTER, drawn: Card.SOLDIER });
    const minister = counts.get(encodeAction(Card.MINISTER, -1, 0)) ?? 0;
    assertChoices(counts, (action) => (actionCard(action) === Card.MINISTER ? 1 / 2 : 1 / 2 / 14));
    // A uniform pick over the 15 actions would play the minister about 1 time in 15.
    assert.ok(Math.abs(minister / DRAWS - 1 / 2) < 0.01, `minister played ${minister} times of ${DRAWS}`);
  });

  test('deciding from the state view, picks what it picks from the listed actions for draws at every step of a pick', () => {
    const player = new RandomPlayer();
    const rng = new Rng();
    const hands: Hand[] = [
      { players: 4, seat: 0, held: Card.SOLDIER, drawn: Card.PRIESTESS },
      { players: 4, seat: 1, held: Card.WIZARD, drawn: Card.KNIGHT, out: [3] },
      { players: 4, seat: 3, held: Card.PRINCESS, drawn: Card.SOLDIER },
      { players: 2, seat: 1, held: Card.SOLDIER, drawn: Card.SOLDIER },
      { players: 3, seat: 2, held: Card.MINISTER, drawn: Card.SOLDIER },
      { players: 4, seat: 2, held: Card.WIZARD, drawn: Card.CLOWN },
    ];
    const draws = edgeDraws();
    for (const hand of hands) {
      const { view, legal, count } = handPosition(hand);
      for (const t of draws) {
        // The first draw of the state (t, 0, 0, 0) is t.
        rng.loadState(Int32Array.of(t, 0, 0, 0));
        const decided = player.decide(view, rng);
        rng.loadState(Int32Array.of(t, 0, 0, 0));
        assert.equal(decided, player.choose(view, legal, count, rng), `draw ${t >>> 0}, hand ${JSON.stringify(hand)}`);
      }
    }
  });

  test('deciding from the state view, picks what it picks from the listed actions, with the same draws', () => {
    const decided = compareDecideWithChoose(new RandomPlayer(), 60);
    assert.ok(decided > 5000, `${decided} decisions compared`);
  });
});
