import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { FifoChannel, freshFifoName, type FifoPaths } from '../../../src/protocol/transport/fifo.ts';
import { BotProcess, DEFAULT_LIMITS } from '../../../src/protocol/transport/process.ts';
import { ANSWERING_MS, eventually, holdThread } from '../../helpers/patience.ts';
import { processesMarked } from '../helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const env = { ...process.env, PARLOR_FIFO_TEST: String(process.pid) };
const marker = `PARLOR_FIFO_TEST=${process.pid}`;

/** A shell bot on FIFOs named after its last argument, with line framing (the default). */
function start(script: string, openTimeoutMs = ANSWERING_MS): { bot: BotProcess; log: string[]; paths: FifoPaths } {
  const log: string[] = [];
  const channel = new FifoChannel(freshFifoName(), openTimeoutMs);
  const bot = new BotProcess(
    { program: 'sh', args: ['-c', script, 'bot'] },
    { cwd: process.cwd(), env, limits: { ...DEFAULT_LIMITS, graceMs: 200 }, log: (line) => log.push(line), channel },
  );
  return { bot, log, paths: channel.paths };
}

const TEMPLATE = 'mkfifo /tmp/"$1"In /tmp/"$1"Out; exec 3</tmp/"$1"In 4>/tmp/"$1"Out;';

after(() => assert.deepEqual(processesMarked(marker), []));

describe('a bot on the FIFOs it makes', () => {
  test('is opened in the template order, talks on them, logs its stdout, and has them removed when stopped', async () => {
    const { bot, log, paths } = start(`${TEMPLATE} echo hello; while read -r line <&3; do echo "got $line" >&4; done`);
    bot.send('draw knight');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got draw knight' });
    bot.send('draw clown');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got draw clown' });
    await bot.stop();
    assert.deepEqual(log, ['hello']);
    assert.ok(!existsSync(paths.botIn) && !existsSync(paths.botOut));
  });

  test('that never makes them times out on the first read, and says which one it waited for', async () => {
    const { bot, log } = start('sleep 5', 300);
    bot.send('@');
    const result = await bot.readLine(300);
    assert.ok(
      'failure' in result && result.failure === Forfeit.TIMEOUT && /^did not open \/tmp\/p\w+In within 300 ms$/.test(result.detail),
      JSON.stringify(result),
    );
    assert.equal(log.length, 1);
    await bot.stop();
  });

  test('that makes and opens them while the thread is held past its start time is taken, not timed out', async () => {
    const scratch = scratchDir('fifo');
    const made = join(scratch, 'made');
    const { bot } = start(
      `mkfifo /tmp/"$1"In /tmp/"$1"Out; touch ${made}; exec 3</tmp/"$1"In 4>/tmp/"$1"Out; read -r line <&3; echo "got $line" >&4; cat <&3 >/dev/null`,
      300,
    );
    // Held as another table's in-process seats hold it: past the bot's start time, and on until its FIFOs are there.
    holdThread(() => existsSync(made), 600);
    assert.equal(await bot.opened(), null);
    bot.send('draw knight');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'got draw knight' });
    await bot.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('that makes plain files instead crashes, and leaves no descriptor of them open', async () => {
    const { bot, paths } = start('touch /tmp/"$1"In /tmp/"$1"Out; exec sleep 30');
    const result = await bot.readLine(ANSWERING_MS);
    assert.ok('failure' in result && result.failure === Forfeit.CRASHED, JSON.stringify(result));
    await bot.stop();
    const held = readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(paths.botIn);
      } catch {
        return false;
      }
    });
    assert.deepEqual(held, [], 'no descriptor of its file is left open');
  });

  test('that exits before opening them crashes', async () => {
    const { bot, paths } = start('mkfifo /tmp/"$1"In; exit 0');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.CRASHED, detail: 'exited with code 0' });
    await bot.stop();
    assert.ok(!existsSync(paths.botIn), 'the FIFO it made is removed too');
  });

  test('that floods its Out before it is asked forfeits as on stdio', async () => {
    const { bot, log } = start(`${TEMPLATE} echo 'play soldier 2 princess' >&4; cat <&3 > /dev/null`);
    // Asked only once its line has come: asked sooner, a slow start would make that line its answer.
    await eventually('output before any question', () => log.length > 0, ANSWERING_MS);
    const expected = { failure: Forfeit.FLOODED, detail: 'wrote "play soldier 2 princess\\n" before it was asked' };
    assert.deepEqual(await bot.readLine(ANSWERING_MS), expected);
    await bot.stop();
    assert.deepEqual(log, [expected.detail]);
  });

  test('that writes a line of its own after its answer floods, read before the next question, and is not taken for its answer', async () => {
    const scratch = scratchDir('fifo');
    const [answered, written] = [join(scratch, 'answer-read'), join(scratch, 'stray-written')];
    const { bot } = start(
      `${TEMPLATE} read -r q <&3; echo 'play priestess' >&4; until [ -e '${answered}' ]; do sleep 0.01; done; echo 'play king' >&4; : > '${written}'; read -r q <&3; echo 'play baron' >&4; cat <&3 > /dev/null`,
    );
    bot.send('draw priestess');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { line: 'play priestess' });
    writeFileSync(answered, '');
    // Its stray line waits in the FIFO while in-process seats hold the thread.
    holdThread(() => existsSync(written), 0);
    bot.send('draw baron');
    assert.deepEqual(await bot.readLine(ANSWERING_MS), { failure: Forfeit.FLOODED, detail: 'wrote "play king\\n" before it was asked' });
    await bot.stop();
    rmSync(scratch, { recursive: true, force: true });
  });
});
