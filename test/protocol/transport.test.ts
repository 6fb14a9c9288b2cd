import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Forfeit } from '../../src/core/forfeits.ts';
import { BotProcess, DEFAULT_LIMITS, type BotLimits } from '../../src/protocol/transport/process.ts';
import { ROOT, processesMarked } from './helpers.ts';
import { ANSWERING_MS, LONG_SLEEP_SECONDS, PROMPT_MS, eventually } from '../helpers/patience.ts';
import { scratchDir } from '../helpers/scratch.ts';

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

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Holds this thread, as a strategy's long decision does, for at least `ms` and until `done` holds. */
function holdThread(done: () => boolean, ms: number): void {
  const started = performance.now();
  while (performance.now() - started < PROMPT_MS && (performance.now() - started < ms || !done())) Atomics.wait(pause, 0, 0, 5);
}

/** A process's state letter (R, S, Z...), or null once it is gone. */
function processState(pid: number): string | null {
  try {
    return /^\d+ \(.*\) (\w)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))![1];
  } catch {
    return null;
  }
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
    const { bot } = start(
      `read -r a; printf 'pl'; sleep 0.05; printf 'ay knight 2\\r\\n'; read -r b; printf 'play'; sleep 0.05; echo ' clown 1'; cat > /dev/null`,
    );
    bot.send('draw knight');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'play knight 2' });
    bot.send('draw clown');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'play clown 1' });
    await bot.stop();
  });

  test('gets what the host sends, line by line, and a closed input when stopped', async () => {
    const { bot } = start(`while read -r line; do echo "got $line"; done; echo 'input closed' >&2`);
    bot.send('player 1');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got player 1' });
    bot.send('draw soldier');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got draw soldier' });
    await bot.stop();
  });

  test("reads an answer that came while the thread was held past the read's time, rather than timing it out", async () => {
    const answered = join(scratch, 'answered');
    const { bot } = start(`read -r a; echo "got $a"; touch ${answered}; cat > /dev/null`);
    bot.send('ask');
    const reply = bot.readLine(100);
    // Held as an in-process seat's decisions hold it: past the read's time, and on until the answer is in the pipe.
    holdThread(() => existsSync(answered), 300);
    assert.deepEqual(await reply, { line: 'got ask' });
    await bot.stop();
  });

  test('times out a read, and the timer does not outlive it', async () => {
    const { bot } = start(`sleep ${LONG_SLEEP_SECONDS}`);
    const started = performance.now();
    assert.deepEqual(await bot.readLine(100), { failure: Forfeit.TIMEOUT, detail: 'no reply within 100 ms' });
    assert.ok(performance.now() - started < PROMPT_MS);
    await bot.stop();
  });

  test('still gives the line written just before it exited, then the exit', async () => {
    const { bot, log } = start(`read -r line; echo 'play priestess'; echo 'dying' >&2; exit 3`);
    bot.send('draw priestess');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'play priestess' });
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.CRASHED, detail: 'exited with code 3' });
    await bot.stop();
    assert.deepEqual(log, ['dying', 'exited with code 3']);
  });

  test('that exits while a child holds its output crashes at once, with the reason', async () => {
    const { bot } = start(`read -r line; sleep ${LONG_SLEEP_SECONDS} & exit 0`);
    bot.send('draw priestess');
    const started = performance.now();
    assert.deepEqual(await bot.readLine(ANSWERING_MS), {
      failure: Forfeit.CRASHED,
      detail: 'exited with code 0 (a process it started still held its output)',
    });
    assert.ok(performance.now() - started < PROMPT_MS, 'not left to time out');
    await bot.stop();
  });

  test('that closes its output and keeps running is disconnected, not waited for', async () => {
    const { bot, log } = start(`exec sh ${join(ROOT, 'test/fixtures/bots/close_output.sh')}`);
    bot.send('1');
    const started = performance.now();
    assert.deepEqual(await bot.readLine(2 * PROMPT_MS), { failure: Forfeit.CRASHED, detail: 'closed its connection while still running' });
    assert.ok(performance.now() - started < PROMPT_MS, 'not left to time out');
    await bot.stop();
    assert.deepEqual(log, ['closed its connection while still running']);
  });

  test('reports an exit in the middle of a line, and a quiet exit before answering', async () => {
    const partial = start(`printf 'play sol'`).bot;
    assert.deepEqual(await partial.readLine(ANSWERING_MS), {
      failure: Forfeit.CRASHED,
      detail: 'exited with code 0 in the middle of a line',
    });
    await partial.stop();
    const quiet = start('exit 0').bot;
    assert.deepEqual(await quiet.readLine(ANSWERING_MS), { failure: Forfeit.CRASHED, detail: 'exited with code 0' });
    await quiet.stop();
  });

  test('floods with a line past the cap', async () => {
    const long = start(`read -r line; head -c 5000 /dev/zero | tr '\\0' x; sleep 5`, { maxLineLength: 4096 });
    long.bot.send('draw soldier');
    assert.deepEqual(await long.bot.readLine(ANSWERING_MS), {
      failure: Forfeit.FLOODED,
      detail: 'wrote a line longer than 4096 characters',
    });
    await long.bot.stop();
  });

  test('floods with output before it is asked, and no line of it is ever played', async () => {
    for (const script of [`yes 'play soldier 2 princess'`, `yes 'play soldier 2 princess' | head -c 2400000; cat > /dev/null`]) {
      const { bot, log } = start(script);
      // Asked only once its output has come: asked sooner, a slow start would make the first line its answer.
      await eventually('output before any question', () => log.length > 0, ANSWERING_MS);
      const expected = { failure: Forfeit.FLOODED, detail: 'wrote "play soldier 2 princess\\nplay soldier 2 p..." before it was asked' };
      assert.deepEqual(await bot.readLine(ANSWERING_MS), expected);
      assert.deepEqual(await bot.readLine(ANSWERING_MS), expected, 'every later read fails the same way');
      await bot.stop();
      assert.equal(log[0], expected.detail);
    }
  });

  test('floods with a second line after its answer, and the answer is not played either', async () => {
    const { bot } = start(`read -r line; printf 'play priestess\\nplay priestess\\n'; cat > /dev/null`);
    bot.send('draw priestess');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.FLOODED, detail: 'wrote "play priestess\\n" after its answer' });
    await bot.stop();
  });

  test('floods with a line written after its answer that waited unread until the next question, not taken for its answer', async () => {
    const [answered, written] = [join(scratch, 'answer-read'), join(scratch, 'stray-written')];
    const { bot } = start(
      `read -r q; echo 'play priestess'; until [ -e '${answered}' ]; do sleep 0.01; done; echo 'play king'; : > '${written}'; read -r q; echo 'play baron'; cat > /dev/null`,
    );
    bot.send('draw priestess');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'play priestess' });
    // The stray line comes in a write of its own, after its answer was read and before the next
    // question, while in-process seats hold the thread.
    writeFileSync(answered, '');
    holdThread(() => existsSync(written), 0);
    bot.send('draw baron');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.FLOODED, detail: 'wrote "play king\\n" before it was asked' });
    await bot.stop();
  });

  test('logs a stderr line that never ends in pieces of the line cap', async () => {
    const { bot, log } = start(`read -r line; head -c 10000 /dev/zero | tr '\\0' x >&2; echo done; cat > /dev/null`, {
      maxLineLength: 4096,
    });
    bot.send('go');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'done' });
    await bot.stop();
    assert.deepEqual(
      log.map((line) => line.length),
      [4096, 4096, 1808],
    );
  });

  test('is killed after the grace when it ignores SIGTERM, and the stop waits for it', async () => {
    const { bot, log } = start(`trap '' TERM; echo ready; while :; do sleep 0.05; done`);
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'ready' });
    const started = performance.now();
    await bot.stop();
    const took = performance.now() - started;
    assert.ok(took >= 150 && took < PROMPT_MS, `${took} ms`);
    assert.deepEqual(log, ['still running 200 ms after SIGTERM: killed']);
    assert.deepEqual(processesMarked(marker), []);
  });

  test('that ends on SIGTERM while the thread is held is not logged as killed after the grace', async () => {
    const { bot, log } = start(`echo ready; exec sleep ${LONG_SLEEP_SECONDS}`);
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'ready' });
    const stopped = bot.stop();
    // Past the 200 ms grace, and on until the signal has ended it (a zombie waiting to be reaped).
    holdThread(() => processState(bot.pid) === 'Z', 400);
    await stopped;
    assert.ok(!log.some((line) => /still running/.test(line)), log.join('\n'));
  });

  test('that exited by itself before it was stopped has its exit logged, though parlor heard of it only after', async () => {
    const { bot, log } = start('exit 3');
    // Held until it is a zombie: its exit is then waiting, unread, when the stop begins (as when
    // another bot's crash ends the game first).
    holdThread(() => processState(bot.pid) === 'Z', 0);
    await bot.stop();
    assert.deepEqual(log, ['exited with code 3']);
  });

  test('that exits with a status of its own when stopped has no exit logged: the stop ended it', async () => {
    const { bot, log } = start(`trap 'exit 3' TERM; echo ready; while :; do sleep 0.05; done`);
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'ready' });
    await bot.stop();
    // The shell may say its sleep was terminated, as the signal reached that too.
    assert.ok(!log.some((line) => /exited/.test(line)), log.join('\n'));
  });

  test('that cannot start reports it as a crash and stops at once', async () => {
    const missing = new BotProcess(
      { program: join(scratch, 'missing'), args: [] },
      { cwd: process.cwd(), env, limits: DEFAULT_LIMITS, log: () => {} },
    );
    missing.send('1');
    const result = await missing.readLine(ANSWERING_MS);
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
    assert.deepEqual(await broken.readLine(ANSWERING_MS), { failure: Forfeit.CRASHED, detail: 'exited with code 127' });
    await broken.stop();
  });
});
