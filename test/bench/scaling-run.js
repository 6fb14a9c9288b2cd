// One timed run of the scaling bench (scaling.ts), in a process of its own started as the CLI
// starts: plain Node loading parlor's compiled bundle. A worker thread inherits its process's
// --import flags, so timed inside `node --import tsx` (as the benches run) every worker would load
// tsx's module hooks too, which the bundle never needs and which doubled the workers' start on 16
// cores. Where no bundle can be made, tsx is registered here, as bin/parlor.js does.
// Argument: one JSON ScalingRun (see scaling.ts); prints one JSON ScalingRunResult line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledModule, ROOT } from '../../bin/compile.js';

const { games, workers, strategies, players } = JSON.parse(process.argv[2]);
let api = await compiledModule(join(ROOT, 'src/index.ts'));
if (!api) {
  const { register } = await import('tsx/esm/api');
  register();
  api = '../../src/index.ts';
}
const { Timeline, builtinJobContext, planSim, startJob } = await import(api);

// One run unmeasured: the first loads the modules and compiles the hot path in this thread.
await timeRun(Math.min(games, 20_000), 1);
process.stdout.write(`${JSON.stringify(await timeRun(games, workers))}\n`);

async function timeRun(games, workers) {
  const out = mkdtempSync(join(tmpdir(), 'parlor-scaling-'));
  try {
    const origin = performance.now() / 1000;
    const timeline = new Timeline(origin);
    const context = builtinJobContext({ timeline });
    const plan = planSim(context.registry, { game: 'love-letter', players, strategies, games, seed: 'scaling', design: 'independent' });
    const outcome = await startJob(context, plan, { workers, out: join(out, 'run') });
    if (outcome.status !== 'complete') throw new Error(`the ${workers}-worker run ended ${outcome.status}`);
    // The run's whole time, the workers' shutdown included; the profile's phases end with its last mark.
    const seconds = performance.now() / 1000 - origin;
    const busySeconds = timeline.activity?.busySeconds ?? 0;
    return { seconds, busySeconds, profile: timeline.format().replace(/^profile: /, '') };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
