import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Forfeit } from '../../src/core/forfeits.ts';
import { BotProcess, DEFAULT_LIMITS, type BotLimits } from '../../src/protocol/transport.ts';
import { processesMarked, scratchDir } from './helpers.ts';

const env = { ...process.env, PARLOR_TRANSPORT_TEST: String(process.pid) };
const marker = `PARLOR_TRANSPORT_TEST=${process.pid}`;

function start(script: string, limits: Partial<BotLimits> = {}): { bot: BotProcess; log: string[] } {
  const log: string[] = [];
  const bot = new BotProcess(
    { program: 'sh', args: ['-c', script] },
    { cwd: process.cwd(), env, limits: { ...DEFAULT_LIMITS, graceMs: 200, ...limits }, log: (line) => log.push(line) },
  );
  return { bot, log };
}

let scratch: string;
before(() => {
  scratch = scratchDir('transport');
});
after(() => {
  rmSync(scratch, { recursive: true, force: true });
  assert.deepEqual(processesMarked(marker), []);
});

describe('a bot process', () => {
  test('delivers whole lines, joined across writes and without their carriage return', async () => {
    const { bot } = start(`printf 'pl'; sleep 0.05; printf 'ay knight 2\\r\\nplay'; sleep 0.05; echo ' clown 1'; cat > /dev/null`);
    assert.deepEqual(await bot.readLine(2000), { line: 'play knight 2' });
    assert.deepEqual(await bot.readLine(2000), { line: 'play clown 1' });
    await bot.stop();
  });

  test('gets what the host sends, line by line, and a closed input when stopped', async () => {
    const { bot } = start(`while read -r line; do echo "got $line"; done; echo 'input closed' >&2`);
    bot.send('player 1\ndraw soldier');
    assert.deepEqual(await bot.readLine(2000), { line: 'got player 1' });
    assert.deepEqual(await bot.readLine(2000), { line: 'got draw soldier' });
    await bot.stop();
  });

  test('times out a read, and the timer does not outlive it', async () => {
    const { bot } = start('sleep 5');
    const started = performance.now();
    assert.deepEqual(await bot.readLine(100), { failure: Forfeit.TIMEOUT, detail: 'no reply within 100 ms' });
    assert.ok(performance.now() - started < 1000);
    await bot.stop();
  });

  test('still gives the lines written before it exited, then the exit', async () => {
    const { bot, log } = start(`echo 'play priestess'; echo 'dying' >&2; exit 3`);
    await sleep(100);
    assert.deepEqual(await bot.readLine(1000), { line: 'play priestess' });
    assert.deepEqual(await bot.readLine(1000), { failure: Forfeit.CRASHED, detail: 'exited with code 3' });
    await bot.stop();
    assert.deepEqual(log, ['dying', 'exited with code 3']);
  });

  test('reports an exit in the middle of a line, and a quiet exit before answering', async () => {
    const partial = start(`printf 'play sol'`).bot;
    assert.deepEqual(await partial.readLine(1000), { failure: Forfeit.CRASHED, detail: 'exited with code 0 in the middle of a line' });
    await partial.stop();
    const quiet = start('exit 0').bot;
    assert.deepEqual(await quiet.readLine(1000), { failure: Forfeit.CRASHED, detail: 'exited with code 0' });
    await quiet.stop();
  });

  test('floods with a line past the cap, or with more output than a round needs', async () => {
    const long = start(`head -c 5000 /dev/zero | tr '\\0' x; sleep 5`, { maxLineLength: 4096 });
    assert.deepEqual(await long.bot.readLine(2000), { failure: Forfeit.FLOODED, detail: 'wrote a line longer than 4096 characters' });
    await long.bot.stop();
    // Valid-looking lines count too, and none of them is played once the cap is passed.
    const many = start(`yes 'play soldier 2 princess'`, { maxOutputChars: 10_000 });
    await sleep(300);
    assert.deepEqual(await many.bot.readLine(2000), { failure: Forfeit.FLOODED, detail: 'wrote more than 10000 characters' });
    await many.bot.stop();
    assert.equal(many.log[0], 'wrote more than 10000 characters');
  });

  test('keeps a bounded share of a chatty stderr', async () => {
    const { bot, log } = start(`yes 'debug output' | head -c 100000 >&2; echo done; cat > /dev/null`, { maxLogChars: 1000 });
    assert.deepEqual(await bot.readLine(2000), { line: 'done' });
    await bot.stop();
    assert.ok(log.length < 100, `${log.length} lines kept`);
    assert.equal(log.at(-1), '(stderr beyond 1000 characters not kept)');
  });

  test('is killed after the grace when it ignores SIGTERM, and the stop waits for it', async () => {
    const { bot, log } = start(`trap '' TERM; echo ready; while :; do sleep 0.05; done`);
    assert.deepEqual(await bot.readLine(2000), { line: 'ready' });
    const started = performance.now();
    await bot.stop();
    const took = performance.now() - started;
    assert.ok(took >= 150 && took < 2000, `${took} ms`);
    assert.deepEqual(log, ['still running 200 ms after SIGTERM: killed']);
    assert.deepEqual(processesMarked(marker), []);
  });

  test('that cannot start reports it as a crash and stops at once', async () => {
    const missing = new BotProcess(
      { program: join(scratch, 'missing'), args: [] },
      { cwd: process.cwd(), env, limits: DEFAULT_LIMITS, log: () => {} },
    );
    missing.send('1');
    const result = await missing.readLine(2000);
    assert.ok(
      'failure' in result && result.failure === Forfeit.CRASHED && /^could not start: .*ENOENT/.test(result.detail),
      JSON.stringify(result),
    );
    await missing.stop();
    // exec hands a file it cannot load to the shell, which fails on it: a crash like any other.
    const notAProgram = join(scratch, 'not-a-program');
    writeFileSync(notAProgram, '\x7fELF garbage');
    chmodSync(notAProgram, 0o755);
    const broken = new BotProcess({ program: notAProgram, args: [] }, { cwd: process.cwd(), env, limits: DEFAULT_LIMITS, log: () => {} });
    assert.deepEqual(await broken.readLine(2000), { failure: Forfeit.CRASHED, detail: 'exited with code 127' });
    await broken.stop();
  });
});
