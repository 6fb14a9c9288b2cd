import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CounterLayout, Global } from '../../../src/runner/play/counters.ts';
import { buildJob, type JobInput } from '../../../src/runner/job/job.ts';
import { getEventListeners } from 'node:events';
import { countersOf, executeJob, JobProgress, type Checkpoint } from '../../../src/runner/job/run-job.ts';
import { Runners } from '../../../src/runner/job/runners.ts';
import { decodeSums, encodeSums } from '../../../src/runner/job/sparse-sums.ts';

/** The match-ups whose merged sums have been made. */
const made = (progress: JobProgress) => progress.counters.flatMap((counters, m) => (counters === undefined ? [] : [m]));

describe('job progress', () => {
  const input: JobInput = {
    command: 'sim',
    game: 'love-letter',
    players: 2,
    rules: {},
    seed: 'p',
    design: 'independent',
    matchupSeats: [['a', 'b']],
    games: 40,
    batchGames: 10,
  };
  const job = buildJob(input);
  /** A table of two, seated both ways: two match-ups. */
  const table = buildJob({
    ...input,
    command: 'tournament',
    matchupSeats: [
      ['a', 'b'],
      ['b', 'a'],
    ],
  });
  const layout = new CounterLayout({ players: 2, metrics: [], forfeitReasons: 1 }, 2, 2);
  const ROUNDS = Global.ROUNDS;
  /** A batch of the plan's 10 games, every other count set to `value`. */
  const batch = (value: number) => {
    const data = new Float64Array(layout.size).fill(value, 0, layout.notesStart);
    data[Global.GAMES] = 10;
    return data;
  };

  test('merges batches in plan order whatever order they finish in, and checkpoints the early ones', () => {
    const progress = new JobProgress(job, 'id', [countersOf(layout)]);
    progress.accept(2, batch(3));
    progress.accept(1, batch(2));
    assert.equal(progress.merged, 0);
    assert.equal(progress.gamesDone, 20);
    const checkpoint = progress.checkpoint();
    assert.deepEqual(
      checkpoint.pending.map((p) => p.batch),
      [1, 2],
    );
    assert.equal(progress.snapshot()[0].data[ROUNDS], 5, 'a snapshot holds the batches finished ahead of their turn');
    assert.deepEqual(made(progress), [], 'which are merged only in their turn');
    progress.accept(0, batch(1));
    assert.equal(progress.merged, 3);
    assert.equal(progress.counters[0]?.data[ROUNDS], 6);

    const resumed = new JobProgress(job, 'id', [countersOf(layout)]);
    resumed.restore(JSON.parse(JSON.stringify(checkpoint)));
    assert.ok(resumed.isDone(1) && resumed.isDone(2) && !resumed.isDone(0) && !resumed.isDone(3));
    resumed.accept(0, batch(1));
    resumed.accept(3, batch(4));
    assert.ok(resumed.complete);
    assert.equal(resumed.counters[0]?.data[ROUNDS], 10);
    assert.equal(resumed.counters[0]?.data[Global.GAMES], 40);
  });

  test('keeps a batch finished ahead of its turn sparse, and adds it whole in its turn', () => {
    // A batch of one game fills few of its layout's cells: the deal groups it missed, the notes.
    const sparse = () => {
      const data = new Float64Array(layout.size);
      data[Global.GAMES] = 10;
      data[Global.ROUNDS] = 7;
      data[layout.notesStart - 1] = 2;
      return data;
    };
    const progress = new JobProgress(table, 'id', [countersOf(layout), countersOf(layout)]);
    progress.accept(1, sparse());
    const held = (progress as unknown as { pending: Map<number, unknown> }).pending.get(1);
    assert.ok(!(held instanceof Float64Array), 'not held as the array of every cell');
    assert.deepEqual(held, encodeSums(sparse()));
    progress.accept(0, batch(1));
    assert.equal(progress.merged, 2);
    assert.deepEqual(progress.counters[1]?.data, sparse());
  });

  test('with several match-ups, merges, checkpoints and reports whole rounds only', () => {
    const progress = new JobProgress(table, 'id', [countersOf(layout), countersOf(layout)]);
    progress.accept(0, batch(1));
    progress.accept(2, batch(1));
    assert.equal(progress.merged, 0, 'the first seating alone is no round');
    assert.equal(progress.gamesDone, 0);
    assert.equal(progress.gamesAhead, 20);
    assert.deepEqual(
      progress.checkpoint().pending.map((p) => p.batch),
      [0, 2],
      'a round half played is left out of the results but kept for the resume',
    );
    assert.deepEqual(
      progress.snapshot().map((counters) => counters.data[Global.GAMES]),
      [0, 0],
    );
    progress.accept(3, batch(1));
    assert.equal(progress.merged, 0, 'round 1 waits for round 0');
    assert.deepEqual(
      progress.snapshot().map((counters) => counters.data[Global.GAMES]),
      [10, 10],
      'a round finished ahead of its turn counts both seatings alike',
    );
    assert.deepEqual(made(progress), [], 'not into the merged sums, which are not even made yet');
    assert.deepEqual(
      progress.checkpoint().pending.map((p) => p.batch),
      [0, 2, 3],
    );
    progress.accept(1, batch(1));
    assert.equal(progress.merged, 4);
    const snapshot = progress.snapshot();
    assert.ok(
      snapshot.every((counters, m) => counters.data === progress.counters[m]?.data),
      'with nothing ahead of its turn, the merged sums themselves: a big tournament has no memory to copy them',
    );
    assert.deepEqual(
      progress.counters.map((counters) => counters?.data[Global.GAMES]),
      [20, 20],
    );
  });

  test("makes a match-up's sums only once a batch is merged into it or a checkpoint restores some", () => {
    const fresh = () => new JobProgress(table, 'id', [countersOf(layout), countersOf(layout)]);
    const progress = fresh();
    assert.deepEqual(made(progress), []);
    progress.accept(0, batch(1));
    const ahead = progress.checkpoint();
    assert.deepEqual(ahead.counters, [
      { size: layout.size, runs: [] },
      { size: layout.size, runs: [] },
    ]);
    assert.deepEqual(
      progress.snapshot().map((counters) => counters.data[Global.GAMES]),
      [0, 0],
    );
    assert.deepEqual(made(progress), [], 'a batch ahead of its turn, a checkpoint and a snapshot make none');
    const resumed = fresh();
    resumed.restore(ahead);
    assert.deepEqual(made(resumed), [], 'nor does a checkpoint that merged nothing');
    resumed.accept(1, batch(1));
    assert.deepEqual(made(resumed), [0, 1], 'the round merged into both');
    const again = fresh();
    again.restore(resumed.checkpoint());
    assert.deepEqual(made(again), [0, 1]);
    assert.deepEqual(again.counters[1]?.data, resumed.counters[1]?.data);
  });

  test('refuses a checkpoint of several match-ups from an older parlor, whose batch numbers name other games', () => {
    const fresh = () => new JobProgress(table, 'id', [countersOf(layout), countersOf(layout)]);
    // Match-up by match-up, batch 2 held the first seating's games 20 to 29; round by round it is
    // games 10 to 19. Nothing merged yet, so no game count tells the two apart.
    const older = {
      job: 'id',
      merged: 0,
      counters: [Array.from(batch(0)), Array.from(batch(0))],
      pending: [{ batch: 2, data: Array.from(batch(1)) }],
    };
    older.counters.forEach((data) => (data[Global.GAMES] = 0));
    assert.throws(() => fresh().restore(older), /written by an older parlor/);
    // One that has nothing yet starts afresh either way, and a single match-up's order never changed.
    fresh().restore({ ...older, pending: [] });
    const progress = fresh();
    progress.accept(2, batch(1));
    progress.accept(3, batch(1));
    fresh().restore(progress.checkpoint());
    const sim = { job: 'id', merged: 0, counters: [Array.from(new Float64Array(layout.size))] };
    new JobProgress(job, 'id', [countersOf(layout)]).restore({ ...sim, pending: [{ batch: 2, data: Array.from(batch(1)) }] });
  });

  test('a checkpoint that kept every deal group is read into a layout of fewer, and refused where a group left out counted', () => {
    // Format 2 kept all 64 groups whatever the match-up could reach; a match-up of 4 blocks keeps 4.
    const narrow = new CounterLayout({ players: 2, metrics: [], forfeitReasons: 1 }, 2, 2, 4);
    const every = narrow.everyGroup();
    assert.equal(every.dealGroups, 64);
    assert.ok(narrow.size < every.size);
    const whole = new Float64Array(every.size);
    whole[Global.GAMES] = 10;
    whole[Global.ROUNDS] = 3;
    whole[every.dealGroup(3)] = 5;
    whole[every.notesStart] = 1;
    whole[every.notesStart + 1] = 8;
    const written = { job: 'id', format: 2, merged: 1, counters: [encodeSums(whole)], pending: [], order: 'rounds' as const };
    const resumed = new JobProgress(job, 'id', [countersOf(narrow)]);
    resumed.restore(written);
    const data = resumed.mergedSums(0).data;
    assert.equal(data.length, narrow.size);
    assert.deepEqual([data[Global.GAMES], data[Global.ROUNDS], data[narrow.dealGroup(3)]], [10, 3, 5]);
    assert.deepEqual([data[narrow.notesStart], data[narrow.notesStart + 1]], [1, 8], 'the forfeit notes moved up with the groups');
    whole[every.dealGroup(4)] = 1;
    const past = { ...written, counters: [encodeSums(whole)] };
    assert.throws(() => new JobProgress(job, 'id', [countersOf(narrow)]).restore(past), /counters do not fit/);
  });

  test('a checkpoint gives back the very sums it was written from, sparse or, from older parlors, whole', () => {
    const progress = new JobProgress(job, 'id', [countersOf(layout)]);
    const first = batch(1);
    first.set([7, 0, 0, 0, 0, 9], 40);
    progress.accept(0, first);
    progress.accept(2, batch(3));
    const written = JSON.parse(JSON.stringify(progress.checkpoint()));
    const older = {
      job: 'id',
      merged: 1,
      counters: [Array.from(progress.mergedSums(0).data)],
      pending: [{ batch: 2, data: Array.from(batch(3)) }],
      order: 'rounds' as const,
    };
    for (const checkpoint of [written, older]) {
      const resumed = new JobProgress(job, 'id', [countersOf(layout)]);
      resumed.restore(checkpoint);
      assert.deepEqual(resumed.counters[0]?.data, progress.counters[0]?.data);
      assert.deepEqual(resumed.snapshot()[0].data, progress.snapshot()[0].data);
      assert.ok(resumed.isDone(2) && !resumed.isDone(1));
    }
    assert.deepEqual(new JobProgress(job, 'id', [countersOf(layout)]).checkpoint().counters, [{ size: layout.size, runs: [] }]);
    const restore = (checkpoint: object) => new JobProgress(job, 'id', [countersOf(layout)]).restore(checkpoint as Checkpoint);
    assert.throws(() => restore({ ...written, format: 4 }), /written by a newer parlor \(its format 4, this one reads up to 3\)/);
    assert.throws(() => restore({ ...written, format: 'sparse' }), /names format "sparse", which no parlor writes/);
    assert.throws(() => restore({ ...older, format: 3 }), /counters do not fit/);
    assert.throws(() => restore({ ...written, format: undefined }), /counters do not fit/);
    const counted = decodeSums(written.counters[0], layout.size);
    counted[Global.ROUNDS] = NaN;
    assert.throws(() => restore({ ...written, counters: [encodeSums(counted)] }), /counters do not fit/);
  });

  test('counts the games kept after each batch in time that grows with the batches pending, not with their square', () => {
    // A table of 1,680 seatings (8 strategies, 4 players): a round's batches all wait for its last one.
    const seatings = Array.from({ length: 1680 }, (_, i) => [`s${i}`, 'x']);
    const table = buildJob({ ...input, command: 'tournament', matchupSeats: seatings, games: 1680 * 20 });
    const progress = new JobProgress(
      table,
      'id',
      seatings.map(() => countersOf(layout)),
    );
    // Each look at a batch's place among the pending ones, as the progress meter's count makes them.
    const pending = (progress as unknown as { pending: Map<number, Float64Array> }).pending;
    let looks = 0;
    const has = pending.has.bind(pending);
    pending.has = (batch) => (looks++, has(batch));
    for (let index = 0; index < progress.plan.count; index++) {
      progress.accept(index, batch(1));
      assert.equal(progress.gamesDone, index % 1680 === 1679 ? (index + 1) * 10 : Math.floor(index / 1680) * 16800);
    }
    assert.ok(looks < 20 * progress.plan.count, `${looks} looks for ${progress.plan.count} batches`);
  });

  test('refuses a checkpoint of another job or of another shape', () => {
    const checkpoint = new JobProgress(job, 'id', [countersOf(layout)]).checkpoint();
    assert.throws(() => new JobProgress(job, 'other', [countersOf(layout)]).restore(checkpoint), /belongs to job id/);
    assert.throws(
      () => new JobProgress(job, 'id', [countersOf(layout)]).restore({ ...checkpoint, merged: 9 }),
      /9 batches merged, the job has 4/,
    );
    assert.throws(() => new JobProgress(job, 'id', [countersOf(layout)]).restore({ ...checkpoint, counters: [[1, 2]] }), /do not fit/);
    const twice = {
      ...checkpoint,
      pending: [
        { batch: 1, data: encodeSums(batch(1)) },
        { batch: 1, data: encodeSums(batch(1)) },
      ],
    };
    assert.throws(() => new JobProgress(job, 'id', [countersOf(layout)]).restore(twice), /pending batch 1 twice/);
  });

  test('refuses a checkpoint whose counts are not the games of the batches it claims', () => {
    const progress = new JobProgress(job, 'id', [countersOf(layout)]);
    progress.accept(0, batch(1));
    progress.accept(2, batch(1));
    const checkpoint = progress.checkpoint();
    const restore = (edited: object) => new JobProgress(job, 'id', [countersOf(layout)]).restore({ ...checkpoint, ...edited });
    const counters = checkpoint.counters.map((stored) => {
      const data = decodeSums(stored, layout.size);
      data[Global.GAMES] += 3;
      return encodeSums(data);
    });
    assert.throws(() => restore({ counters }), /counts 13 games of match-up 1 where its batches hold 10/);
    assert.throws(() => restore({ merged: 2 }), /counts 10 games of match-up 1 where its batches hold 20/);
    const pending = (batchIndex: number, games = 10) => {
      const data = batch(1);
      data[Global.GAMES] = games;
      return [{ batch: batchIndex, data: encodeSums(data) }];
    };
    assert.throws(() => restore({ pending: pending(4) }), /pending batch 4, outside the job's 4 batches/);
    assert.throws(() => restore({ pending: pending(0) }), /pending batch 0, already merged/);
    assert.throws(() => restore({ pending: pending(2, 12) }), /batch 2 does not hold its 10 games/);
    assert.throws(() => restore({ pending: [...pending(3), ...pending(3)] }), /pending batch 3 twice/);
    const fine = new JobProgress(job, 'id', [countersOf(layout)]);
    fine.restore(checkpoint);
    assert.equal(fine.gamesDone, 20);
  });
});

describe('playing a job', () => {
  const layout = new CounterLayout({ players: 2, metrics: [], forfeitReasons: 1 }, 2, 2);
  const job = buildJob({
    command: 'sim',
    game: 'love-letter',
    players: 2,
    rules: {},
    seed: 'lanes',
    design: 'independent',
    matchupSeats: [['a', 'b']],
    games: 400,
    batchGames: 20,
  });
  /** A stand-in for a worker: counts each game's index into ROUNDS and listens to its signal as piscina does. */
  const fakeWorker = (listening: AbortSignal[]) => (piece: { from: number; to: number }, signal: AbortSignal) =>
    new Promise<Float64Array>((done, fail) => {
      listening.push(signal);
      const onAbort = () => fail(new Error('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        const data = new Float64Array(layout.size);
        data[Global.GAMES] = piece.to - piece.from;
        for (let game = piece.from; game < piece.to; game++) data[Global.ROUNDS] += game;
        done(data);
      }, 1);
    });

  test('many lanes hang one listener on the caller signal and one per task on their own, and sum every game once', async () => {
    const caller = new AbortController();
    const listening: AbortSignal[] = [];
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const progress = new JobProgress(job, 'id', [countersOf(layout)]);
    let most = 0;
    try {
      const status = await executeJob(progress, new Runners(1, null), {
        concurrency: 24,
        registry: 'unused',
        signal: caller.signal,
        play: (piece, signal) => {
          most = Math.max(most, getEventListeners(caller.signal, 'abort').length, getEventListeners(signal, 'abort').length);
          return fakeWorker(listening)(piece, signal);
        },
      });
      assert.equal(status, 'complete');
    } finally {
      process.off('warning', onWarning);
    }
    assert.equal(most, 1);
    assert.deepEqual(warnings, []);
    assert.equal(progress.counters[0]?.data[Global.GAMES], 400);
    assert.equal(progress.counters[0]?.data[Global.ROUNDS], (399 * 400) / 2);
    assert.ok(new Set(listening).size > 1, 'the lanes have signals of their own');
  });

  test('the caller signal stops every lane', async () => {
    const caller = new AbortController();
    const progress = new JobProgress(job, 'id', [countersOf(layout)]);
    const listening: AbortSignal[] = [];
    const status = await executeJob(progress, new Runners(1, null), {
      concurrency: 4,
      registry: 'unused',
      signal: caller.signal,
      play: (piece, signal) => {
        if (progress.gamesDone >= 100) caller.abort();
        return fakeWorker(listening)(piece, signal);
      },
    });
    assert.equal(status, 'interrupted');
    assert.ok(listening.every((signal) => signal.aborted));
    assert.ok(progress.gamesDone < 400);
  });

  test('a batch that comes back after the stop is not counted: the stop may have cut its games short', async () => {
    const caller = new AbortController();
    const progress = new JobProgress(job, 'id', [countersOf(layout)]);
    const status = await executeJob(progress, new Runners(1, null), {
      concurrency: 1,
      registry: 'unused',
      signal: caller.signal,
      // Its bots stopped under it, its games end as forfeits, and the batch returns as if whole.
      play: async (piece) => {
        caller.abort();
        const data = new Float64Array(layout.size);
        data[Global.GAMES] = piece.to - piece.from;
        return data;
      },
    });
    assert.equal(status, 'interrupted');
    assert.equal(progress.gamesDone, 0);
    assert.deepEqual(progress.checkpoint().pending, []);
  });
});
