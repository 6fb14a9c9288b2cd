import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { IdleBots } from '../../src/protocol/host.ts';

/** A bot as the pool sees it: named, and told when it is stopped. */
class Bot {
  closed = false;
  constructor(readonly name: string) {}
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

describe("a session's waiting bots", () => {
  test('come back to the next table of their label, the longest waiting first', () => {
    const idle = new IdleBots<Bot>();
    const [a, b] = [new Bot('a'), new Bot('b')];
    assert.equal(idle.lend('cmd:x'), undefined, 'none waits yet');
    assert.equal(idle.lend('cmd:x'), undefined);
    idle.give('cmd:x', a);
    idle.give('cmd:x', b);
    assert.equal(idle.lend('cmd:y'), undefined, 'no bot of another label');
    idle.lost();
    assert.equal(idle.lend('cmd:x'), a);
    assert.equal(idle.lend('cmd:x'), b);
    assert.equal(idle.lend('cmd:x'), undefined);
  });

  test('are at most twice the most lent at once: labels that never come back do not pile up', async () => {
    // One table at a time, each game with a bot of a new label, as tune's values give them.
    const idle = new IdleBots<Bot>();
    const bots = Array.from({ length: 10 }, (_, value) => new Bot(`cmd:bot --x=${value}`));
    for (const bot of bots) {
      assert.equal(idle.lend(bot.name), undefined);
      idle.give(bot.name, bot);
    }
    assert.deepEqual(
      bots.map((bot) => bot.closed),
      [true, true, true, true, true, true, true, true, false, false],
      'the two given back last still wait',
    );
    // Two arms in turn, as compare and tune play them: each finds its bot still waiting.
    assert.equal(idle.lend(bots[8].name), bots[8]);
    idle.give(bots[8].name, bots[8]);
    assert.equal(idle.lend(bots[9].name), bots[9]);
    idle.give(bots[9].name, bots[9]);
    assert.equal(bots[8].closed || bots[9].closed, false);
    await idle.closeAll();
    assert.ok(bots.every((bot) => bot.closed));
  });

  test('lost while lent, a bot no longer counts towards how many may wait', () => {
    const idle = new IdleBots<Bot>();
    const [a, b, c] = [new Bot('a'), new Bot('b'), new Bot('c')];
    idle.lend('cmd:a');
    idle.lost();
    idle.lend('cmd:a');
    idle.give('cmd:a', a);
    idle.lend('cmd:b');
    idle.give('cmd:b', b);
    idle.lend('cmd:c');
    idle.give('cmd:c', c);
    assert.deepEqual([a.closed, b.closed, c.closed], [true, false, false]);
  });
});
