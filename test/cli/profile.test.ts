import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { profileRequested } from '../../src/cli/commands/run.ts';
import { runCaptured } from './cli.ts';
import { scratchDir } from '../helpers/scratch.ts';

describe('PARLOR_PROFILE', () => {
  test('is off unless set to something other than 0', () => {
    assert.equal(profileRequested({}), false);
    assert.equal(profileRequested({ PARLOR_PROFILE: '0' }), false);
    assert.equal(profileRequested({ PARLOR_PROFILE: '' }), false);
    assert.equal(profileRequested({ PARLOR_PROFILE: '1' }), true);
  });

  test('a run prints where its time went, phases adding up to the total, after its results', async () => {
    const args = (out: string) => ['sim', '--players', '2', '--games', '400', '--workers', '2', '--json', '--out', join(scratchDir(), out)];
    process.env.PARLOR_PROFILE = '1';
    let captured;
    try {
      captured = await runCaptured(args('profiled'));
    } finally {
      delete process.env.PARLOR_PROFILE;
    }
    assert.equal(captured.code, 0);
    const line = captured.warnings.find((warning) => warning.startsWith('profile: '));
    assert.ok(line, captured.warnings.join('\n'));
    const seconds = (label: string) => Number(new RegExp(`${label} (\\d+\\.\\d+) s`).exec(line)?.[1]);
    const phases = ['start-up', 'planning and batch timing', 'playing', 'summary', 'charts'].map(seconds);
    assert.ok(
      phases.every((value) => value >= 0),
      line,
    );
    const sum = phases.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - seconds('total')) < 0.005, `${sum} vs ${line}`);
    assert.match(line, /2 of 2 workers ready at \d+\.\d+ s, workers busy \d+% of playing/);
    assert.ok(!(await runCaptured(args('plain'))).warnings.some((warning) => warning.startsWith('profile')), 'off by default');
  });
});
