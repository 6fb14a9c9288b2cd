import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RuleOption } from '../../src/core/game.ts';
import { configurations, type AnyGame } from './playouts.ts';

/** Only what choosing the configurations reads of a game. */
function gameWith(minPlayers: number, maxPlayers: number, ruleOptions: readonly RuleOption[]): AnyGame {
  return {
    minPlayers,
    maxPlayers,
    ruleOptions,
    parseRules: (pairs: Readonly<Record<string, string>>) => ({ profile: 'base', ...pairs }),
  } as unknown as AnyGame;
}

describe('the tables the conformance suite plays', () => {
  test('every player count, under each value of a profile rule', () => {
    const profile: RuleOption = { name: 'profile', values: ['base', 'server'], default: 'base', help: '' };
    const other: RuleOption = { name: 'tricks', values: ['all', 'some'], default: 'all', help: '' };
    const seen = configurations(gameWith(3, 5, [other, profile])).map((config) => [config.players, config.rules.profile]);
    assert.deepEqual(seen, [
      [3, 'base'],
      [3, 'server'],
      [4, 'base'],
      [4, 'server'],
      [5, 'base'],
      [5, 'server'],
    ]);
  });

  test('every player count under the default rules when there is no profile', () => {
    const rules = configurations(gameWith(2, 4, [])).map((config) => [config.players, config.label]);
    assert.deepEqual(rules, [
      [2, 'default rules'],
      [3, 'default rules'],
      [4, 'default rules'],
    ]);
  });
});
