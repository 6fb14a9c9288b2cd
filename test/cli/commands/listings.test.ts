import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runCaptured } from '../cli.ts';

describe('parlor games and parlor strategies', () => {
  test('list each game with its player counts and rule options', async () => {
    const text = await runCaptured(['games']);
    assert.equal(text.code, 0);
    assert.match(text.out[0], /^love-letter {2}Love Letter \(HackSoc variant\), 2 to 4 players$/m);
    assert.match(text.out[0], /winsNeeded=an integer \(default 4\)/);
    const json = JSON.parse((await runCaptured(['games', '--json'])).out[0]);
    assert.equal(json[0].id, 'love-letter');
    assert.ok(json[0].rules.some((rule: { name: string }) => rule.name === 'roundTie'));
  });

  test("without --game, list every game's strategies under its name", async () => {
    const text = await runCaptured(['strategies']);
    assert.equal(text.code, 0);
    for (const game of ['love-letter', 'hearts', 'dominion', 'speedclue']) assert.match(text.out[0], new RegExp(`^${game}:$`, 'm'));
    assert.match(text.out[0], /^ {2}big-money +buys a province/m);
    const json = JSON.parse((await runCaptured(['strategies', '--json'])).out[0]);
    assert.deepEqual(
      [...new Set(json.map((strategy: { game: string }) => strategy.game))],
      ['love-letter', 'hearts', 'dominion', 'speedclue'],
    );
  });

  test('list each built-in strategy of a game with its one-line summary and parameters', async () => {
    const text = await runCaptured(['strategies', '--game', 'love-letter']);
    assert.equal(text.code, 0);
    assert.match(text.out[0], /^random +plays one of its two cards at random/m);
    const json = JSON.parse((await runCaptured(['strategies', '--game', 'love-letter', '--json'])).out[0]);
    assert.ok(json.length >= 1);
    for (const strategy of json) {
      assert.equal(strategy.game, 'love-letter');
      assert.ok(strategy.summary.length > 0 && !strategy.summary.includes('\n'));
      for (const param of strategy.params) assert.match(text.out[0], new RegExp(`${strategy.name}:${param.name}=`));
    }
  });
});
