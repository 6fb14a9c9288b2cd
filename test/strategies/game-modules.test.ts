// The one list of games (strategies/index.ts): each module's parts agree, package.json names the
// same strategy APIs, and a game is registered from its module alone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { builtinRegistry, registryOf } from '../../src/app.ts';
import type { GameModule, StrategyReader } from '../../src/core/registry.ts';
import { masterKey } from '../../src/core/random.ts';
import { loveLetter } from '../../src/games/love-letter/index.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import { GAME_MODULES } from '../../strategies/index.ts';
import { random } from '../../strategies/love-letter/random.ts';
import { ROOT } from '../helpers/imports.ts';

const { exports } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string>;
};

describe('the one list of games', () => {
  for (const { game, strategies, strategyApi } of GAME_MODULES) {
    test(`${game.id}: its strategies play it, under names of their own`, () => {
      assert.ok(strategies.length > 0);
      assert.deepEqual(
        strategies.filter((definition) => definition.game !== game.id),
        [],
      );
      const names = strategies.map((definition) => definition.name);
      assert.equal(new Set(names).size, names.length);
    });

    test(`${game.id}: its strategy API parlor/strategy/${strategyApi} exists and exports the game`, async () => {
      const file = exports[`./strategy/${strategyApi}`];
      assert.equal(file, `./src/strategy/${strategyApi}.ts`);
      assert.ok(existsSync(`${ROOT}/${file}`));
      const api = (await import(`../../src/strategy/${strategyApi}.ts`)) as { default: unknown };
      assert.equal(api.default, game);
    });
  }

  test("package.json exports the strategy API of every listed game and no other game's", () => {
    const apis = Object.keys(exports).filter((name) => name.startsWith('./strategy/'));
    assert.deepEqual(
      apis,
      GAME_MODULES.map((module) => `./strategy/${module.strategyApi}`),
    );
  });

  test('the built-in registry holds the listed games, in order, with their reader', () => {
    const registry = builtinRegistry();
    assert.deepEqual(
      registry.gameIds(),
      GAME_MODULES.map((module) => module.game.id),
    );
    for (const { game, reader } of GAME_MODULES) assert.equal(registry.strategyReader(game.id), reader);
  });
});

describe('a game registered from its module alone', () => {
  const toyGame = { ...loveLetter, id: 'toy' };
  const toyRandom = { ...random, game: 'toy' };
  const reader: StrategyReader = () => toyRandom;
  const toy: GameModule = { game: toyGame, strategies: [toyRandom], reader, strategyApi: 'toy' };
  const registry = registryOf([toy]);

  test('yields its game, its strategies, the generic mcts and its reader', () => {
    assert.deepEqual(registry.gameIds(), ['toy']);
    assert.equal(registry.game('toy'), toyGame);
    assert.deepEqual(
      registry.strategiesOf('toy').map((definition) => definition.name),
      ['random', 'mcts'],
    );
    assert.equal(registry.strategyReader('toy'), reader);
  });

  test("its mcts plays it, rolling out with the game's own strategy", () => {
    const rules = toyGame.parseRules({});
    const params = { iterations: 5, ms: 0, determinizations: 0, reward: 'rank', c: 0.7, rollout: 'random' };
    const mcts = registry.findStrategy('toy', 'mcts')!;
    const seats = [0, 1].map((seat) => ({
      strategy: seat === 0 ? mcts.create({ seat, players: 2, rules, params }) : toyRandom.create({ seat, players: 2, rules, params: {} }),
      trusted: false,
    }));
    const table = new Table(toyGame, rules, seats);
    playGame(table, masterKey('toy'), 0);
    assert.equal(
      table.state.tally.forfeits.reduce((sum: number, count: number) => sum + count, 0),
      0,
    );
  });
});
