import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BatchPlan, buildJob } from '../../../src/runner/job/job.ts';
import { PieceScheduler, type Piece } from '../../../src/runner/job/pieces.ts';

function planOf(games: number, batchGames: number, matchups: number, design: 'independent' | 'duplicate' = 'independent') {
  const job = buildJob({
    command: 'sim',
    game: 'love-letter',
    players: 3,
    rules: {},
    seed: 'pieces',
    design,
    matchupSeats: Array.from({ length: matchups }, () => ['random', 'random', 'random']),
    games,
    batchGames,
  });
  return { job, plan: new BatchPlan(job) };
}

function drain(scheduler: PieceScheduler): Piece[] {
  const pieces: Piece[] = [];
  for (let piece = scheduler.next(); piece; piece = scheduler.next()) pieces.push(piece);
  return pieces;
}

describe('cutting batches into pieces', () => {
  test('every game of every batch is handed out once, in order, in whole blocks, each batch ending with its last piece', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('independent' as const, 'duplicate' as const),
        (games, batchGames, matchups, lanes, design) => {
          const { job, plan } = planOf(games, batchGames, matchups, design);
          const block = design === 'duplicate' ? 3 : 1;
          const pieces = drain(new PieceScheduler(plan, () => false, lanes, block, job.batchGames));
          const expected = Array.from({ length: plan.count }, (_, index) => plan.batch(index));
          let at = 0;
          for (const [index, whole] of expected.entries()) {
            let from = whole.from;
            for (let part = 0; ; part++, at++) {
              const piece = pieces[at];
              assert.equal(piece.batch, index);
              assert.equal(piece.part, part);
              assert.equal(piece.spec.matchup, whole.matchup);
              assert.equal(piece.spec.from, from);
              assert.ok(piece.spec.to > piece.spec.from && (piece.spec.to - piece.spec.from) % block === 0);
              from = piece.spec.to;
              if (piece.last) break;
            }
            assert.equal(from, whole.to);
            at++;
          }
          assert.equal(at, pieces.length);
        },
      ),
    );
  });

  test('batches stay whole while work remains, and shrink toward the end', () => {
    const { job, plan } = planOf(100_000, 1000, 1);
    const pieces = drain(new PieceScheduler(plan, () => false, 8, 1, job.batchGames));
    assert.ok(
      pieces.slice(0, 80).every((piece) => piece.part === 0 && piece.last),
      'the first batches go whole',
    );
    const sizes = pieces.map((piece) => piece.spec.to - piece.spec.from);
    assert.ok(sizes.at(-1)! < 1000 && sizes.at(-1)! >= 1000 / 8, `the last pieces are smaller, down to an eighth (${sizes.at(-1)})`);
    assert.ok(pieces.filter((piece) => piece.batch === plan.count - 1).length > 1, 'the last batch is shared among lanes');
  });

  test('skips batches already done', () => {
    const { job, plan } = planOf(100, 10, 1);
    const pieces = drain(new PieceScheduler(plan, (batch) => batch % 2 === 0, 1, 1, job.batchGames));
    assert.deepEqual([...new Set(pieces.map((piece) => piece.batch))], [1, 3, 5, 7, 9]);
  });
});
