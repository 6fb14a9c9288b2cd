// Dominion's engine runs compiled to WebAssembly, over memory each state owns: states stay apart,
// the cells code here writes are the ones the engine plays from, and a confined strategy, whose
// compartment reads no file, runs the same engine from the bytes its bundle carries.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../../src/app.ts';
import { masterKey } from '../../../src/core/random.ts';
import { Action, CARD_COUNT, Card, Phase, dominion } from '../../../src/games/dominion/index.ts';
import { createTable, prepareMatch } from '../../../src/runner/play/match.ts';
import { playGame, type TableObserver } from '../../../src/runner/play/table.ts';

/** Each seat takes its first legal action until the game ends; returns the moves made. */
function playOut(state: ReturnType<typeof dominion.createState>): number {
  const legal = new Int32Array(dominion.maxActions);
  let moves = 0;
  for (; !dominion.isTerminal(state); moves++) {
    dominion.legalActions(state, legal);
    dominion.apply(state, legal[0]);
  }
  return moves;
}

describe("Dominion's compiled engine", () => {
  test('each state has memory of its own: playing one game leaves another as it was', () => {
    const key = masterKey('compiled');
    const first = dominion.createState(2, {});
    const second = dominion.createState(2, {});
    dominion.reset(first, key, 1);
    dominion.reset(second, key, 1);
    const before = [...second.hand, ...second.deck, second.phase, second.current];
    const moves = playOut(first);
    assert.ok(moves > 0);
    assert.deepEqual([...second.hand, ...second.deck, second.phase, second.current], before);
    // The same game, played the same way, on its own memory.
    assert.equal(playOut(second), moves);
    assert.deepEqual([...second.vp], [...first.vp]);
  });

  test('cells written from TypeScript are the ones the engine plays from', () => {
    const s = dominion.createState(2, {});
    dominion.reset(s, masterKey('compiled'), 0);
    assert.equal(s.phase, Phase.BUY);
    // Five golds in hand, written here: the engine's coins come from them.
    const seat = s.current;
    for (let card = 0; card < CARD_COUNT; card++) s.hand[seat * CARD_COUNT + card] = 0;
    s.hand[seat * CARD_COUNT + Card.GOLD] = 5;
    s.handKinds[seat] = 1 << Card.GOLD;
    dominion.apply(s, Action.PLAY_TREASURES);
    assert.equal(s.coins, 15);
    assert.equal(s.handCount[seat], 0);
  });
});

describe('a confined strategy runs the compiled engine in its own compartment', () => {
  test('it imagines a whole game before each choice and plays every move as big-money does', async () => {
    const play = async (seat: string) => {
      const match = await prepareMatch(builtinRegistry(), { game: 'dominion', seats: [seat, 'smithy-bm'], rules: {}, seed: 'imagines' });
      const table = createTable(match);
      const moves: string[] = [];
      const forfeits: string[] = [];
      const observer: TableObserver = {
        onEvent: () => {},
        onAction: (at, action) => moves.push(`${at}:${action}`),
        onForfeit: (at, _reason, detail) => forfeits.push(`${at}: ${detail}`),
      };
      table.observer = observer;
      for (let game = 0; game < 4; game++) playGame(table, match.key, game);
      return { moves, forfeits };
    };
    const expected = await play('big-money');
    const played = await play('test/fixtures/strategies/dominion-imagines.ts');
    assert.deepEqual(played.forfeits, []);
    assert.ok(expected.moves.length > 100);
    assert.deepEqual(played.moves, expected.moves);
  });
});
