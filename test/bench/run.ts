// `npm run bench`: parlor's speed and memory figures. Prints one readable line per measurement,
// or with --json one JSON object per line for scripts. --quick runs short counts for a first look;
// the full counts (the default) are the ones the targets are stated for.
import { benchConfinement } from './confined.ts';
import { benchDominion } from './dominion.ts';
import { benchEngine, type BenchLine } from './engine.ts';
import { benchHearts } from './hearts.ts';
import { benchNative } from './native.ts';
import { benchProtocol } from './protocol.ts';
import { benchRandom } from './random.ts';
import { benchScaling } from './scaling.ts';
import { benchSearch } from './search.ts';
import { benchStartUp } from './start-up.ts';
import { benchStats } from './stats.ts';
import { benchSpeedClue } from './speedclue.ts';
import { benchStrategies } from './strategies.ts';

const args = new Set(process.argv.slice(2));
const json = args.has('--json');
const quick = args.has('--quick');

function bytes(value: number): string {
  const sign = value < 0 ? '-' : '+';
  const size = Math.abs(value);
  return size < 1 << 20 ? `${sign}${(size / 1024).toFixed(0)} KiB` : `${sign}${(size / (1 << 20)).toFixed(1)} MiB`;
}

function readable(line: BenchLine): string {
  const parts = [line.bench.padEnd(10)];
  for (const [key, value] of Object.entries(line)) {
    if (key === 'bench') continue;
    if (typeof value === 'number' && key.endsWith('GrowthBytes')) parts.push(`${key.replace(/GrowthBytes$/, '')} ${bytes(value)}`);
    else if (typeof value === 'number' && key.endsWith('Bytes')) continue;
    else if (typeof value === 'number') parts.push(`${key} ${value.toLocaleString('en-US')}`);
    else parts.push(`${key} ${String(value)}`);
  }
  return parts.join('  ');
}

function report(line: BenchLine): void {
  process.stdout.write(`${json ? JSON.stringify(line) : readable(line)}\n`);
}

// `npm run bench -- stats [--reps N]`: the statistical conformance table alone, not a speed figure.
if (args.has('stats')) {
  const at = process.argv.indexOf('--reps');
  await benchStats({ reps: at > 0 ? Number(process.argv[at + 1]) : 20 }, (line) => process.stdout.write(`${line}\n`));
  process.exit(0);
}

if (!json && !(globalThis as { gc?: unknown }).gc) {
  process.stderr.write('note: run with node --expose-gc (npm run bench does) for heap figures after a full collection\n');
}
await benchNative({ quick }, report);
await benchEngine({ quick }, report);
report(benchRandom({ quick }));
await benchHearts({ quick }, report);
await benchDominion({ quick }, report);
await benchSpeedClue({ quick }, report);

for (const line of benchStrategies({ quick })) report(line);
for (const line of benchSearch({ quick })) report(line);
await benchConfinement({ quick }, report);
await benchProtocol({ quick }, report);
report(benchStartUp({ quick }));
await benchScaling({ quick }, report);
