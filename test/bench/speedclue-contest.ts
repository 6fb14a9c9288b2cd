// `pinpoint` against a contest entry in the contest's own 3-player tournament: the two and
// `infogain` in every seating, through `parlor contest` over TCP with the contest's 10 s per-move
// limit. The entry is the reimplemented constraint-propagation entry
// (strategies/external/speedclue_constraint_bot.py) unless --entry gives another: a launch line
// (`python3 ai01.py {ray} %%`) or a launch file of one line. Prints each entrant's wins with a
// Wilson 95% interval, and a two-sided sign test of pinpoint's wins against the entry's over the
// games one of them won. Run alone; with the default it takes about a minute:
//   node --import tsx test/bench/speedclue-contest.ts [per-seating=300] [seed=speedclue-contest] [--entry <line or file>]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { normalCdf } from '../../src/stats/normal.ts';
import { wilson } from '../../src/stats/wilson.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OURS = 'pinpoint';
const { values, positionals } = parseArgs({ options: { entry: { type: 'string' } }, allowPositionals: true });
const [perSeating = '300', seed = 'speedclue-contest'] = positionals;
const given = values.entry;
const PER_SEATING = Number(perSeating);
const entryLine = (
  given === undefined
    ? `python3 ${join(ROOT, 'strategies/external/speedclue_constraint_bot.py')} {constraint-entry} %%`
    : existsSync(given)
      ? readFileSync(given, 'utf8')
      : given
).trim();
const ENTRY = /\{([^}]+)\}/.exec(entryLine)?.[1];
if (ENTRY === undefined) throw new Error(`the entry's launch line names no {identifier}: ${entryLine}`);

interface Outcome {
  readonly identifier: string;
  readonly wins: number;
  readonly played: number;
  readonly disqualified: string | null;
}

const scratch = mkdtempSync(join(tmpdir(), 'speedclue-contest-'));
try {
  const launch = join(scratch, 'entries.txt');
  writeFileSync(launch, `${entryLine}\n`);
  const args = ['contest', '--game', 'speedclue', '--launch', launch, '--strategies', `${OURS},infogain`];
  args.push('--per-seating', String(PER_SEATING), '--move-timeout', '10', '--seed', seed, '-o', join(scratch, 'out'), '-q', '--json');
  const outcomes = JSON.parse(execFileSync(process.execPath, [join(ROOT, 'bin/parlor.js'), ...args], { encoding: 'utf8' })) as Outcome[];
  for (const outcome of outcomes) {
    const rate = wilson(outcome.wins, outcome.played);
    console.log(
      JSON.stringify({
        bench: 'speedclue-contest',
        entrant: outcome.identifier,
        wins: outcome.wins,
        played: outcome.played,
        winRate: Number(rate.p.toFixed(4)),
        winRateCi95: [Number(rate.low.toFixed(4)), Number(rate.high.toFixed(4))],
        disqualified: outcome.disqualified,
      }),
    );
  }
  const wins = (name: string) => outcomes.find((outcome) => outcome.identifier === name)!.wins;
  const ours = wins(OURS);
  const theirs = wins(ENTRY);
  const z = (ours - theirs) / Math.sqrt(ours + theirs);
  console.log(
    JSON.stringify({
      bench: 'speedclue-contest',
      seed,
      ourWins: ours,
      entryWins: theirs,
      signTestP: Number((2 * (1 - normalCdf(Math.abs(z)))).toFixed(4)),
    }),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
