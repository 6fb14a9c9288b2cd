// The statistical conformance suite, small: every registered game, each design, a few fixed seeds.
// It checks that verdicts do not credit a strategy with what is not its own (a seat's advantage, a
// copy's luck), that printed errors match the spread over seeds, and that compare, sim and a
// tournament give the same pair the same Elo. `npm run bench -- stats` runs it at full size.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../src/app.ts';
import {
  agree,
  compareVerdict,
  coverage,
  DESIGN_NAMES,
  eloCoverage,
  eloThreeWays,
  GAME_CASES,
  tournamentElo,
  untilClearLeader,
} from './verdicts.ts';

describe('statistical conformance', () => {
  test('covers every registered game', () => {
    assert.deepEqual(GAME_CASES.map((c) => c.game).sort(), [...builtinRegistry().gameIds()].sort());
  });

  for (const c of GAME_CASES) {
    describe(c.game, () => {
      test('sim --until-clear names no leader between a built-in and its copy', async () => {
        for (const seed of ['aa-1', 'aa-2']) assert.equal(await untilClearLeader(c, 'duplicate', seed, 400, 100), null, seed);
      });

      for (const design of DESIGN_NAMES) {
        test(`compare (${design}): a copy does not fail non-regression, even on deals of its own`, async () => {
          for (const unpaired of [false, true]) {
            const run = await compareVerdict(c, c.copy, c.builtin, 'nonRegression', design, 'aa', 800, 50, unpaired);
            assert.notEqual(run.verdict, 'H0', `unpaired ${unpaired}`);
          }
        });
      }

      test('compare: the weaker strategy does not pass as a gain over the stronger', async () => {
        const run = await compareVerdict(c, c.weaker, c.stronger, 'gainer', 'duplicate', 'real', 4000, 100);
        assert.notEqual(run.verdict, 'H1');
        assert.ok(run.estimate.elo.high < 0, `Elo ${run.estimate.elo.elo}`);
      });

      test('compare, sim head to head and a tournament give the pair the same Elo within their intervals', async () => {
        const elo = await eloThreeWays(c, 'consistency', 400);
        assert.ok(agree(elo.compare, elo.sim), `compare ${JSON.stringify(elo.compare)}, sim ${JSON.stringify(elo.sim)}`);
        assert.ok(agree(elo.sim, elo.tournament), `sim ${JSON.stringify(elo.sim)}, tournament ${JSON.stringify(elo.tournament)}`);
        assert.ok(
          agree(elo.compare, elo.tournament),
          `compare ${JSON.stringify(elo.compare)}, tournament ${JSON.stringify(elo.tournament)}`,
        );
      });

      test("a tournament's rating interval matches the spread of its rating over seeds (loosely here, the bench measures it)", async () => {
        const figures = [];
        for (let seed = 0; seed < 10; seed++) figures.push(await tournamentElo(c, 200, `tournament-coverage-${seed}`));
        const ratio = eloCoverage(figures);
        assert.ok(ratio > 0.5 && ratio < 2, String(ratio));
      });

      for (const design of DESIGN_NAMES) {
        test(`printed standard errors match the spread over seeds (${design}; loosely here, the bench measures it)`, async () => {
          const result = await coverage(c, design, 10, 48);
          for (const ratio of [result.measureRatio, result.winRateRatio]) assert.ok(ratio > 0.5 && ratio < 2, JSON.stringify(result));
        });
      }
    });
  }
});
