import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchPlan, buildJob, jobId, locateGame, matchSpecOf, specOf, type JobInput } from '../../../src/runner/job/job.ts';

const INPUT: JobInput = {
  command: 'tournament',
  game: 'love-letter',
  players: 3,
  rules: { winsNeeded: '4' },
  seed: 'job',
  design: 'duplicate',
  matchupSeats: [
    ['a', 'b', 'c'],
    ['b', 'c', 'a'],
  ],
  games: 100,
  batchGames: 20,
};

describe('jobs', () => {
  test('give each match-up an equal share of whole blocks and consecutive game indices', () => {
    const job = buildJob(INPUT);
    assert.deepEqual(
      job.matchups.map((m) => [m.offset, m.games]),
      [
        [0, 51],
        [51, 51],
      ],
    );
    assert.equal(job.games, 102);
    assert.equal(job.batchGames, 21, 'batches hold whole blocks of three games');
    assert.deepEqual(job.strategies, ['a', 'b', 'c']);
    assert.deepEqual(locateGame(job, 50), { matchup: 0, local: 50 });
    assert.deepEqual(locateGame(job, 51), { matchup: 1, local: 0 });
    assert.equal(locateGame(job, 102), null);
  });

  test("keep in each match-up's counters the deal groups its blocks reach, all of them past 64 blocks", () => {
    // 51 games of duplicate three-seat blocks: 17 blocks, deals 0 to 16, one group each.
    assert.equal(matchSpecOf(buildJob(INPUT), 1).dealGroups, 17);
    const big = buildJob({ ...INPUT, games: 2 * 3 * 64 });
    assert.equal(matchSpecOf(big, 0).dealGroups, undefined, '64 blocks reach every group');
    const single = buildJob({ ...INPUT, design: 'independent', games: 2 });
    assert.equal(matchSpecOf(single, 0).dealGroups, 1);
  });

  test('are cut into batches that cover every game once, round by round: batch k of every match-up, then batch k + 1', () => {
    const job = buildJob(INPUT);
    const plan = new BatchPlan(job);
    const batches = Array.from({ length: plan.count }, (_, index) => plan.batch(index));
    batches.forEach((batch, index) => {
      assert.equal(plan.games(index), batch.to - batch.from);
      assert.equal(plan.gamesBefore(index + 1) - plan.gamesBefore(index), batch.to - batch.from);
    });
    assert.equal(plan.gamesBefore(plan.count), job.games);
    for (const [index, matchup] of job.matchups.entries()) {
      const mine = batches.filter((batch) => batch.matchup === index);
      assert.equal(mine[0].from, 0);
      mine.slice(1).forEach((batch, i) => assert.equal(batch.from, mine[i].to));
      assert.equal(mine[mine.length - 1].to, matchup.games);
    }
    batches.forEach((batch, index) => {
      assert.equal(batch.matchup, index % job.matchups.length);
      assert.equal(batch.from, Math.floor(index / job.matchups.length) * job.batchGames);
      assert.equal(plan.batchOf(batch.matchup, batch.from), index);
      assert.deepEqual(plan.roundOf(index), { first: index - (index % 2), end: index - (index % 2) + 2 });
    });
    assert.deepEqual(plan.gamesPerMatchupBefore(3), [42, 21], 'two rounds of the first match-up, one of the second');
  });

  test('plan a trillion games without listing them', () => {
    const job = buildJob({ ...INPUT, games: 1e12 });
    const plan = new BatchPlan(job);
    const perMatchup = Math.ceil(job.matchups[0].games / job.batchGames);
    assert.equal(plan.count, 2 * perMatchup);
    assert.deepEqual(plan.batch(plan.count - 2), {
      matchup: 0,
      from: (perMatchup - 1) * job.batchGames,
      to: job.matchups[0].games,
    });
    assert.deepEqual(plan.batch(3), { matchup: 1, from: job.batchGames, to: 2 * job.batchGames });
    assert.equal(plan.gamesBefore(plan.count - 1), job.games - (job.matchups[1].games - (perMatchup - 1) * job.batchGames));
  });

  test('are named by what they play, not by when or where they were made', () => {
    const job = buildJob(INPUT);
    const reordered = Object.fromEntries(Object.entries(specOf(job)).reverse()) as typeof job;
    assert.equal(jobId(reordered), jobId(job));
    assert.notEqual(jobId(buildJob({ ...INPUT, seed: 'other' })), jobId(job));
    assert.notEqual(jobId(buildJob({ ...INPUT, rules: { winsNeeded: '3' } })), jobId(job));
    assert.match(jobId(job), /^[0-9a-f]{16}$/);
  });
});
