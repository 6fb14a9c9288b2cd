// The built-in Hearts strategies: what each plays, and that ducking takes fewer points per hand
// than the strategies before it when they share a table (two seats each, alternating).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, masterKey } from '../../../src/core/random.ts';
import { CARD_NAMES, hearts, type HeartsDecidingView } from '../../../src/games/hearts/index.ts';
import { RandomHeartsPlayer } from '../../../strategies/hearts/random.ts';
import { playGame } from '../../../src/runner/play/table.ts';
import { HEARTS_STRATEGIES, heartsTable, onEachDecision, pointsPerHand } from './tables.ts';

const ONE_HAND = { endScore: '0', hands: '1' };

test('first-legal plays the first legal card in the order its hand was dealt', () => {
  const table = heartsTable(Array(4).fill(HEARTS_STRATEGIES['first-legal']), ONE_HAND);
  let checked = 0;
  onEachDecision(table, (seat, action, legal) => {
    const first = [...table.views[seat].dealt].find((card) => card >= 0 && legal.includes(card));
    assert.equal(CARD_NAMES[action], CARD_NAMES[first ?? -1]);
    checked++;
  });
  playGame(table, masterKey('first-legal'), 0);
  assert.equal(checked, 52);
});

test('ducking never leads the queen of spades while it holds another legal card', () => {
  const table = heartsTable(Array(4).fill(HEARTS_STRATEGIES.ducking), ONE_HAND);
  const queen = CARD_NAMES.indexOf('QS');
  onEachDecision(table, (seat, action, legal) => {
    if (table.state.trickCount === 0 && legal.length > 1) assert.notEqual(action, queen, `seat ${seat} leads the queen`);
  });
  for (let game = 0; game < 50; game++) playGame(table, masterKey('ducking'), game);
});

for (const weaker of ['random', 'first-legal'] as const) {
  test(`ducking takes fewer points per hand than ${weaker}`, () => {
    const strong = HEARTS_STRATEGIES.ducking;
    const weak = HEARTS_STRATEGIES[weaker];
    const points = pointsPerHand(heartsTable([strong, weak, strong, weak], ONE_HAND), 'ladder', 2000);
    const ducking = (points[0] + points[2]) / 2;
    const other = (points[1] + points[3]) / 2;
    // Measured about 4.1 against 9.4 points a hand; a margin of 2 leaves room for any seed.
    assert.ok(ducking + 2 < other, `ducking ${ducking.toFixed(2)} vs ${weaker} ${other.toFixed(2)} points per hand`);
  });
}

test('random, deciding from the state view, plays the card it picks from the listed cards, with the same draw', () => {
  const player = new RandomHeartsPlayer();
  const legal = new Int32Array(hearts.maxActions);
  const rng = new Rng().seed(masterKey('decide'), 0, 0, 0);
  const listRng = new Rng();
  let decided = 0;
  for (const [profile, tableSizes] of [
    ['spec', [3, 4, 5, 6]],
    ['zadikian-server', [4]],
  ] as const) {
    const rules = hearts.parseRules({ profile, endScore: '0', hands: '2' });
    for (const players of tableSizes) {
      const s = hearts.createState(players, rules);
      const views = Array.from({ length: players }, (_, seat) => hearts.createStateView!(s, seat) as HeartsDecidingView);
      for (let game = 0; game < 10; game++) {
        hearts.reset(s, masterKey('decide'), game);
        while (!s.over) {
          const count = hearts.legalActions(s, legal);
          listRng.copyFrom(rng);
          const chosen = player.choose(views[s.current], legal, count, listRng);
          assert.equal(player.decide(views[s.current], rng), chosen, `${profile}, ${players} players, game ${game}`);
          assert.equal(rng.float(), listRng.float(), 'both drew alike');
          decided++;
          hearts.apply(s, chosen);
        }
      }
    }
  }
  assert.ok(decided > 4000, `${decided} decisions compared`);
});
