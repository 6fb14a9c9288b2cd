// Cheating strategy files for every game, loaded by path as a user's are, so they run confined.
// Each is an honest built-in plus one way of learning more than its seat is told (see
// test/fixtures/strategies/cheats/honest-copy.ts): once it learns anything, it plays differently.
// A cheat that plays every game move for move as its honest copy learned nothing and won the same.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../src/app.ts';
import { ErrorCodes, ParlorError } from '../../src/core/errors.ts';
import { createTable, prepareMatch } from '../../src/runner/play/match.ts';
import { playGame, type TableObserver } from '../../src/runner/play/table.ts';

const GAMES = 12;
const cheat = (name: string) => `test/fixtures/strategies/cheats/${name}.ts`;

interface Played {
  /** Every action taken, as `seat:action`, in order. */
  readonly moves: string[];
  /** Every forfeit's reason, as the run records it. */
  readonly forfeits: string[];
}

async function play(game: string, seats: readonly string[], seed: string): Promise<Played> {
  const match = await prepareMatch(builtinRegistry(), { game, seats, rules: {}, seed });
  const table = createTable(match);
  const played: Played = { moves: [], forfeits: [] };
  const observer: TableObserver = {
    onEvent: () => {},
    onAction: (seat, action) => played.moves.push(`${seat}:${action}`),
    onForfeit: (seat, _reason, detail) => played.forfeits.push(`${seat}: ${detail}`),
  };
  table.observer = observer;
  for (let index = 0; index < GAMES; index++) playGame(table, match.key, index);
  return played;
}

/** Each cheat, the built-in it is an honest copy of, and the others at its table. */
const CHEATS: readonly { file: string; game: string; honest: string; others: readonly string[] }[] = [
  { file: 'typed-array-set', game: 'hearts', honest: 'ducking', others: ['sampler:samples=4', 'ducking', 'random'] },
  { file: 'array-accessors', game: 'hearts', honest: 'ducking', others: ['ducking', 'random', 'ducking'] },
  { file: 'module-mutation', game: 'hearts', honest: 'ducking', others: ['random', 'ducking', 'ducking'] },
  { file: 'typed-array-fill', game: 'speedclue', honest: 'simple', others: ['simple', 'inference'] },
  { file: 'prototype-setter', game: 'speedclue', honest: 'simple', others: ['inference', 'simple'] },
  { file: 'event-hook', game: 'speedclue', honest: 'simple', others: ['simple', 'simple'] },
  { file: 'seed-replay', game: 'speedclue', honest: 'simple', others: ['simple', 'inference'] },
  { file: 'typed-array-subarray', game: 'dominion', honest: 'big-money', others: ['smithy-bm'] },
  { file: 'past-buffers', game: 'dominion', honest: 'big-money', others: ['militia-bm'] },
  { file: 'math-random', game: 'love-letter', honest: 'cautious', others: ['counter', 'random'] },
  { file: 'async-escape', game: 'love-letter', honest: 'cautious', others: ['counter'] },
];

describe('confined cheats learn nothing', () => {
  for (const { file, game, honest, others } of CHEATS) {
    test(`${file} (${game}) plays every move as ${honest} does`, async () => {
      const seed = `cheats-${file}`;
      const expected = await play(game, [honest, ...others], seed);
      const played = await play(game, [cheat(file), ...others], seed);
      assert.deepEqual(played.forfeits, []);
      assert.ok(expected.moves.length > GAMES * 4);
      assert.deepEqual(played.moves, expected.moves);
    });
  }

  test('wasm-memories holding every WebAssembly memory it can stops neither the engine nor another copy, which learns nothing', async () => {
    const seed = 'cheats-wasm-memories';
    const expected = await play('dominion', ['big-money', 'big-money', 'smithy-bm'], seed);
    const played = await play('dominion', [cheat('wasm-memories'), cheat('wasm-memories'), 'smithy-bm'], seed);
    assert.deepEqual(played.forfeits, []);
    assert.ok(expected.moves.length > GAMES * 4);
    assert.deepEqual(played.moves, expected.moves);
  });

  test('seed-replay does catch the deal when the seed is the one it guesses: only the seed kept it out', async () => {
    const expected = await play('speedclue', ['simple', 'simple', 'inference'], 'parlor');
    const played = await play('speedclue', [cheat('seed-replay'), 'simple', 'inference'], 'parlor');
    assert.notDeepEqual(played.moves, expected.moves);
  });

  test('process-access has no process: every choice fails, with the reason recorded', async () => {
    const played = await play('love-letter', [cheat('process-access'), 'cautious'], 'cheats-process');
    assert.ok(played.forfeits.length > 0);
    for (const forfeit of played.forfeits)
      assert.match(
        forfeit,
        /^0: TypeError: Cannot read properties of undefined \(reading 'env'\) \(test\/fixtures\/strategies\/cheats\/process-access\.ts:11\)$/,
      );
  });

  test('fs-import does not load: a strategy file imports only parlor/strategy and its own modules', async () => {
    await assert.rejects(play('love-letter', [cheat('fs-import'), 'cautious'], 'cheats-fs'), (error: unknown) => {
      assert.ok(error instanceof ParlorError);
      assert.equal(error.code, ErrorCodes.BAD_STRATEGY_MODULE);
      assert.match(error.message, /fs-import\.ts: imports 'node:fs': a strategy file may import only parlor\/strategy/);
      return true;
    });
  });
});
