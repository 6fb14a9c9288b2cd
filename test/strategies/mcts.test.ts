import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../src/app.ts';
import { isParlorError } from '../../src/core/errors.ts';
import { masterKey } from '../../src/core/random.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import { Recorder, UniformChoice, type AnyGame } from '../conformance/playouts.ts';

const registry = builtinRegistry();
/** A small table of each game, and a search small enough for the suite. */
const PLAYERS: Record<string, number> = { 'love-letter': 2, hearts: 3, dominion: 2, speedclue: 3 };
const PARAMS = { iterations: 30, ms: 0, determinizations: 0, reward: 'rank', c: 0.7, rollout: 'uniform', depth: 0 };

/** One game with mcts in seat 0, untrusted so any illegal choice forfeits, and uniform players beside it. */
function playWithMcts(game: AnyGame, seed: string, index: number, params: Partial<typeof PARAMS> & { determinizations: number }): Recorder {
  const players = PLAYERS[game.id];
  const rules = game.parseRules({});
  const mcts = registry.findStrategy(game.id, 'mcts')!;
  const seats = Array.from({ length: players }, (_, seat) => ({
    strategy: seat === 0 ? mcts.create({ seat, players, rules, params: { ...PARAMS, ...params } }) : new UniformChoice(),
    trusted: seat !== 0,
  }));
  const table = new Table(game, rules, seats);
  const recorder = new Recorder();
  table.observer = recorder;
  playGame(table, masterKey(seed), index);
  return recorder;
}

for (const id of registry.gameIds()) {
  const game: AnyGame = registry.game(id);
  describe(`mcts in ${id}`, () => {
    for (const determinizations of [0, 3]) {
      test(`is registered, plays only legal actions and replays alike from the same seed (determinizations=${determinizations})`, () => {
        assert.ok(registry.findStrategy(id, 'mcts'), 'every game has mcts');
        const first = playWithMcts(game, 'mcts', 0, { determinizations });
        assert.ok(!first.log.some((line) => line.startsWith('forfeit 0')), 'mcts forfeited');
        assert.ok(first.actions.filter((choice) => choice.seat === 0).length > 1, 'mcts hardly chose');
        assert.deepEqual(playWithMcts(game, 'mcts', 0, { determinizations }).log, first.log);
      });
    }
  });
}

describe('mcts rollouts by strategies that read the state view', () => {
  for (const [id, rollout] of [
    ['dominion', 'big-money'],
    ['speedclue', 'simple'],
    ['hearts', 'ducking'],
    ['love-letter', 'cautious'],
  ]) {
    test(`${id}: rollout=${rollout} plays only legal actions and replays alike`, () => {
      const game: AnyGame = registry.game(id);
      const params = { determinizations: 0, rollout, iterations: 10 };
      const first = playWithMcts(game, 'rollout', 0, params);
      assert.ok(!first.log.some((line) => line.startsWith('forfeit 0')), 'mcts forfeited');
      assert.deepEqual(playWithMcts(game, 'rollout', 0, params).log, first.log);
    });
  }
});

describe('mcts search shape', () => {
  test('depth=1 grows only the root: each of its actions is then played out by the rollout policy', () => {
    const game: AnyGame = registry.game('dominion');
    const rules = game.parseRules({});
    const mcts = registry.findStrategy('dominion', 'mcts')!;
    const player = mcts.create({
      seat: 0,
      players: 2,
      rules,
      params: { ...PARAMS, iterations: 200, depth: 1, rollout: 'big-money', reward: 'score' },
    });
    const opponent = registry.findStrategy('dominion', 'big-money')!.create({ seat: 1, players: 2, rules, params: {} });
    let searched = 0;
    const watched = {
      observes: player.observes,
      restart: () => player.restart(),
      inform: (event: never) => player.inform(event),
      choose(view: never, legal: Int32Array, count: number, rng: never): number {
        const action = player.choose(view, legal, count, rng);
        const tree = (player as unknown as { tree: { size: number; firstChild: Int32Array; nextSibling: Int32Array } }).tree;
        if ((player as unknown as { lastIterations: number }).lastIterations > 0) {
          let children = 0;
          for (let child = tree.firstChild[0]; child !== -1; child = tree.nextSibling[child]) children++;
          assert.equal(tree.size, 1 + children, 'only the root has children');
          searched++;
        }
        return action;
      },
    };
    const table = new Table(game, rules, [
      { strategy: watched, trusted: true },
      { strategy: opponent, trusted: true },
    ]);
    playGame(table, masterKey('depth'), 0);
    assert.ok(searched > 5, `searched ${searched} decisions`);
  });
});

describe('mcts parameters', () => {
  test('a rollout policy must be a built-in of the game that reads no events nor a view the game cannot give; a reward is win or rank', () => {
    const rules = registry.game('hearts').parseRules({});
    const mcts = registry.findStrategy('hearts', 'mcts')!;
    const create = (rollout: string) => mcts.create({ seat: 0, players: 4, rules, params: { ...PARAMS, rollout } });
    assert.ok(create('random'));
    assert.ok(create('ducking'));
    assert.ok(mcts.create({ seat: 0, players: 4, rules, params: { ...PARAMS, reward: 'rank' } }));
    assert.ok(mcts.create({ seat: 0, players: 4, rules, params: { ...PARAMS, reward: 'score' } }));
    assert.throws(() => mcts.create({ seat: 0, players: 4, rules, params: { ...PARAMS, reward: 'points' } }), /reward/);
    for (const rollout of ['sampler', 'no-such-strategy']) {
      assert.throws(
        () => create(rollout),
        (error: unknown) => isParlorError(error) && /mcts/.test((error as Error).message),
      );
    }
  });
});
