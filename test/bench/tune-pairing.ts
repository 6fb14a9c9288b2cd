// What pairing saves a tuning iteration, measured directly: one SPSA comparison (theta+ against
// theta-) replayed on many seeds, once paired (the same deals and streams for both) and once
// unpaired (the baseline on deals of its own), and the spread of its score compared with the
// estimates `parlor tune` makes within one run (varianceReduction). Not part of `npm run bench`:
//
//   node --import tsx test/bench/tune-pairing.ts <game> <theta+ spec> <theta- spec> <opponent> <players> <blocks> <replicates>
import { builtinJobContext, runPairedBatches, varianceReduction, type PairedSpec, type PairedTotals } from '../../src/index.ts';
import { blockGames } from '../../src/runner/play/design.ts';
import { Runners } from '../../src/runner/job/runners.ts';

const [game, candidate, baseline, opponent, playersText, blocksText, replicatesText] = process.argv.slice(2);
const [players, blocks, replicates] = [playersText, blocksText, replicatesText].map(Number);
const context = builtinJobContext();
const runners = await Runners.create(1, context.loadExternalHost);
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const variance = (values: readonly number[]) =>
  mean(values.map((value) => (value - mean(values)) ** 2)) * (values.length / (values.length - 1));

async function play(spec: PairedSpec): Promise<PairedTotals> {
  let last: PairedTotals | null = null;
  const options = { workers: 1, registryModule: context.registryModule, loadExternalHost: context.loadExternalHost, runners };
  for await (const totals of runPairedBatches(context.registry, spec, { ...options, batchBlocks: blocks, maxBlocks: blocks }))
    last = totals;
  if (!last) throw new Error('nothing played');
  return last;
}

const scores = { paired: [] as number[], unpaired: [] as number[] };
const estimates = { paired: [] as number[], unpaired: [] as number[] };
try {
  for (let replicate = 0; replicate < replicates; replicate++) {
    const seed = `pairing-${replicate}`;
    const spec: PairedSpec = {
      game,
      candidate,
      baseline,
      opponents: Array(players - 1).fill(opponent),
      rules: {},
      seed,
      design: 'duplicate',
    };
    const paired = await play(spec);
    const unpaired = await play({ ...spec, baselineSeed: `${seed}/unpaired` });
    scores.paired.push(paired.difference.mean);
    scores.unpaired.push(unpaired.difference.mean);
    const within = varianceReduction(paired, blockGames('duplicate', players));
    estimates.paired.push(within.observed);
    estimates.unpaired.push(within.unpaired);
  }
} finally {
  await runners.close();
}
// The variance of a mean of `blocks` blocks, times blocks: the per-block variance.
const measured = { paired: variance(scores.paired) * blocks, unpaired: variance(scores.unpaired) * blocks };
const within = { paired: mean(estimates.paired), unpaired: mean(estimates.unpaired) };
console.log(
  JSON.stringify({
    perBlockVariance: { measured, within },
    fewerGamesPaired: { measured: measured.unpaired / measured.paired, within: within.unpaired / within.paired },
  }),
);
