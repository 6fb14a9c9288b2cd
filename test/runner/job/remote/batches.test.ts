// Batches as they cross machines: counters exactly, names of strategy files swapped for their
// cached copies, and the checks that keep another parlor or other code out.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { builtinRegistry } from '../../../../src/app.ts';
import {
  batchId,
  codeDigest,
  decodeCounters,
  encodeCounters,
  playingFingerprint,
  playingModules,
  refusal,
  renameStrategies,
  type RemoteBatch,
} from '../../../../src/runner/job/remote/batches.ts';
import { ROOT } from '../../../helpers/imports.ts';
import { version } from '../../../../src/runner/job/version.ts';

const registry = builtinRegistry();

const games = {
  kind: 'games' as const,
  match: { game: 'hearts', seats: ['./bot.ts:depth=2', 'random', './bot.ts', 'ducking'], rules: {}, seed: 's' },
  design: 'independent' as const,
  offset: 100,
  from: 0,
  to: 50,
};

const batch: RemoteBatch = {
  parlor: version,
  fingerprint: playingFingerprint(registry, 'hearts', false),
  moveTimeout: 5,
  strategies: {},
  trusted: [],
  task: games,
};

describe('remote batches', () => {
  test('counters come back bit for bit, whatever the doubles', () => {
    fc.assert(
      fc.property(fc.float64Array({ maxLength: 300 }), (data) => {
        const back = decodeCounters(encodeCounters(data));
        assert.deepEqual(new Uint8Array(back.buffer), new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      }),
    );
    const view = new Float64Array(new ArrayBuffer(40), 8, 3).fill(1.5);
    assert.deepEqual(decodeCounters(encodeCounters(view)), Float64Array.of(1.5, 1.5, 1.5));
  });

  test('strategy files are renamed to their cached copies, parameters kept, in games and paired tasks', () => {
    const cached = new Map([['./bot.ts', '/cache/abc/bot.ts']]);
    const renamed = renameStrategies(games, cached);
    assert.deepEqual(renamed.match.seats, ['/cache/abc/bot.ts:depth=2', 'random', '/cache/abc/bot.ts', 'ducking']);
    const paired = renameStrategies(
      {
        kind: 'paired',
        paired: {
          game: 'hearts',
          candidate: './bot.ts:depth=3',
          baseline: 'ducking',
          opponents: ['./bot.ts'],
          rules: {},
          seed: 's',
          design: 'independent',
        },
        fromBlock: 0,
        toBlock: 4,
      },
      cached,
    );
    assert.equal(paired.kind === 'paired' && paired.paired.candidate, '/cache/abc/bot.ts:depth=3');
    assert.deepEqual(paired.kind === 'paired' && paired.paired.opponents, ['/cache/abc/bot.ts']);
  });

  test('a batch is named by everything it carries', () => {
    assert.equal(batchId(batch), batchId(structuredClone(batch)));
    assert.notEqual(batchId(batch), batchId({ ...batch, task: { ...games, from: 50, to: 100 } }));
    assert.notEqual(batchId(batch), batchId({ ...batch, moveTimeout: 4 }));
    const withFile = { ...batch, strategies: { './bot.ts': { entry: 'bot.ts', files: { 'bot.ts': 'ab' } } } };
    assert.notEqual(batchId(batch), batchId(withFile));
    // A trusted run of a file is not its confined run: neither takes the other's result.
    assert.notEqual(batchId(withFile), batchId({ ...withFile, trusted: ['./bot.ts'] }));
  });

  test('a worker plays only batches of its own version, rules and code, and trusted files only where it allows them', () => {
    assert.equal(refusal(registry, batch), null);
    assert.equal(refusal(registry, { ...batch, parlor: '9.9.9' }), `it runs parlor ${version}, the job parlor 9.9.9`);
    assert.match(
      refusal(registry, { ...batch, fingerprint: playingFingerprint(registry, 'love-letter', false) }) ?? '',
      /^its hearts rules or code differ from the job's \(fingerprint \w{16} here, \w{16} in the job\)$/,
    );
    const unknown = {
      ...batch,
      task: { ...batch.task, match: { ...(batch.task.kind === 'games' ? batch.task.match : ({} as never)), game: 'chess' } },
    };
    assert.equal(refusal(registry, unknown as RemoteBatch), "it has no game 'chess'");
    // A batch that trusts a file is fingerprinted with the whole API such a file may import.
    const trusting = { ...batch, trusted: ['./bot.ts'], fingerprint: playingFingerprint(registry, 'hearts', true) };
    assert.equal(refusal(registry, trusting), null);
    assert.match(refusal(registry, { ...trusting, fingerprint: batch.fingerprint }) ?? '', /^its hearts rules or code differ/);
    assert.equal(refusal(registry, batch, true), null);
    assert.equal(refusal(registry, trusting, true), 'it runs every strategy file confined (--refuse-trust), and the job trusts ./bot.ts');
    assert.notEqual(playingFingerprint(registry, 'hearts', false), playingFingerprint(registry, 'love-letter', false));
  });
});

describe('the code in the fingerprint', () => {
  test('covers the runner, core, engines, built-in strategies and bot host a batch runs, not what reads results', () => {
    const modules = playingModules(ROOT);
    for (const module of [
      'src/runner/play/task-player.ts',
      'src/runner/play/table.ts',
      'src/core/random.ts',
      'src/games/hearts/engine.ts',
      'src/games/dominion/engine.ts',
      // Compiled to WebAssembly at run time from a URL, not imported.
      'src/games/dominion/assembly/engine.ts',
      'strategies/love-letter/ismcts.ts',
      'src/protocol/host.ts',
    ]) {
      assert.ok(modules.includes(module), `${module} not covered`);
    }
    assert.deepEqual(
      modules.filter((module) => /^src\/(cli|report)\//.test(module)),
      [],
    );
  });

  test('covers the strategy API files load, and where a file is trusted, the whole API it may import', () => {
    const exports = Object.values(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports as Record<string, string>);
    const confined = playingModules(ROOT);
    const trusting = playingModules(ROOT, true);
    for (const target of exports.map((path) => path.replace(/^\.\//, ''))) {
      assert.ok(trusting.includes(target), `${target} not covered for a trusted file`);
      if (target !== 'src/index.ts') assert.ok(confined.includes(target), `${target} not covered for a confined file`);
    }
    assert.ok(trusting.includes('src/stats/elo.ts') && !confined.includes('src/stats/elo.ts'));
  });

  test('changes with any playing module, and only with those', () => {
    const copy = mkdtempSync(join(tmpdir(), 'parlor-fingerprint-'));
    try {
      for (const folder of ['src', 'strategies']) cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
      const before = codeDigest(copy);
      assert.equal(before, codeDigest(ROOT), 'the digest depends on the sources, not on where they are');
      appendFileSync(join(copy, 'src/report/html.ts'), '\n// a report changes nothing a batch plays\n');
      assert.equal(codeDigest(copy), before);
      appendFileSync(join(copy, 'src/runner/play/table.ts'), '\n// the runner decides results\n');
      const runnerChanged = codeDigest(copy);
      assert.notEqual(runnerChanged, before);
      appendFileSync(join(copy, 'src/core/random.ts'), '\n// so does core\n');
      const coreChanged = codeDigest(copy);
      assert.notEqual(coreChanged, runnerChanged);
      appendFileSync(join(copy, 'src/games/dominion/assembly/engine.ts'), '\n// and the engine compiled to WebAssembly\n');
      const engineChanged = codeDigest(copy);
      assert.notEqual(engineChanged, coreChanged);
      // The statistics reach a batch only through a trusted file's import of the whole API.
      const trusting = codeDigest(copy, true);
      appendFileSync(join(copy, 'src/stats/elo.ts'), '\n// what a trusted file may import\n');
      assert.equal(codeDigest(copy), engineChanged);
      assert.notEqual(codeDigest(copy, true), trusting);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
