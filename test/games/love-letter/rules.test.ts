import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes, ParlorError } from '../../../src/core/errors.ts';
import { loveLetter } from '../../../src/games/love-letter/index.ts';

describe('rule options', () => {
  test('the defaults are the hacksoc profile of the rules doc', () => {
    assert.deepEqual(loveLetter.parseRules({}), {
      minister: 'bust-at-12',
      roundTie: 'all-win',
      revealHandOnPrincessPlay: false,
      nextStarter: 'winner',
      winsNeeded: 4,
      handshake: 'classic',
    });
  });

  test('values are converted to their types', () => {
    const rules = loveLetter.parseRules({ revealHandOnPrincessPlay: 'true', winsNeeded: '7', nextStarter: 'random' });
    assert.equal(rules.revealHandOnPrincessPlay, true);
    assert.equal(rules.winsNeeded, 7);
    assert.equal(rules.nextStarter, 'random');
  });

  const BAD: readonly Record<string, string>[] = [
    { ministr: 'bust-at-12' },
    { minister: 'bust-at-13' },
    { roundTie: 'coin' },
    { revealHandOnPrincessPlay: 'yes' },
    { winsNeeded: '0' },
    { winsNeeded: '21' },
    { winsNeeded: '2.5' },
    { handshake: 'IDENT' },
  ];
  for (const pairs of BAD) {
    test(`rejects ${JSON.stringify(pairs)} with one clear message`, () => {
      assert.throws(
        () => loveLetter.parseRules(pairs),
        (error: unknown) => error instanceof ParlorError && error.code === ErrorCodes.BAD_RULE && !error.message.includes('\n'),
      );
    });
  }
});
