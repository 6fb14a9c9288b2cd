import { join } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { ContestResult } from '../../protocol/speedclue-contest.ts';
import { openResultsFolder } from '../../runner/job/jobs.ts';
import { writeFileAtomic } from '../../core/results-files.ts';
import { toCsv } from '../../runner/summary/tables.ts';
import { wilson } from '../../stats/wilson.ts';
import type { CommandContext } from '../command.ts';
import type { SandboxLimits } from '../../runner/play/external.ts';
import { alignColumns } from '../../report/tables.ts';
import { SignalStop } from './run.ts';

export interface ContestOptions {
  readonly game: string;
  readonly launch?: string;
  readonly strategies?: readonly string[];
  readonly perSeating: number;
  readonly seed: string;
  readonly rules?: Record<string, string>;
  readonly moveTimeout: number;
  readonly startTimeout?: number;
  readonly framing?: string;
  /** Run the launch file's bots in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  /** The heap limit, in MB, of each strategy file's bot process (--entrant-memory). */
  readonly entrantMemory?: number;
  readonly transcripts?: boolean;
  readonly out?: string;
  readonly name?: string;
  readonly force?: boolean;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

/** What a contest folder holds besides bots/ and transcripts/; `contest.json` marks the folder as one. */
export const ContestFiles = { SPEC: 'contest.json', OUTCOMES: 'outcomes.csv', GAMES: 'games.csv' } as const;

/**
 * `parlor contest`: the SpeedClue contest's tournament over its own protocol, with bots from a
 * launch file in the contest's format and parlor strategies beside them; writes the outcome
 * tables to the results folder and prints the outcomes.
 */
export async function runContest(context: CommandContext, options: ContestOptions): Promise<number> {
  if (options.launch === undefined && (options.strategies ?? []).length === 0)
    throw Errors.badOption('a contest needs entrants: --launch <file>, --strategies <list>, or both');
  const { planContest, runContest: play } = await import('../../protocol/speedclue-contest.ts');
  const spec = {
    game: options.game,
    launchFile: options.launch,
    strategies: options.strategies,
    perSeating: options.perSeating,
    seed: options.seed,
    rules: options.rules,
    moveTimeout: options.moveTimeout,
    startTimeout: options.startTimeout,
    framing: options.framing,
    sandbox: options.sandbox,
    entrantMemory: options.entrantMemory,
  };
  const plan = await planContest(context.registry, spec);
  const stop = new SignalStop();
  const { dir, lock } = openResultsFolder(options, options.name ?? 'contest', ContestFiles.SPEC);
  try {
    const writeSpec = (extra: object) =>
      writeFileAtomic(join(dir, ContestFiles.SPEC), `${JSON.stringify({ ...spec, ...extra }, null, 2)}\n`);
    writeSpec({});
    const result = await play(context.registry, plan, {
      transcripts: options.transcripts,
      resultsDir: dir,
      signal: stop.signal,
      onSeating: (seats, number, total) => context.progress(`seating ${number} of at most ${total}: ${seats.join(', ')}`),
    });
    // A stopped contest keeps what it played: its folder says it stopped, and after how many games.
    if (result.stopped) writeSpec({ stoppedAfterGames: result.games.length });
    writeTables(dir, result);
    context.print(options.json ? JSON.stringify(result.entrants, null, 2) : formatOutcomes(result, dir).join('\n'));
    if (!result.stopped) return 0;
    context.warn(
      result.games.length === 0
        ? 'contest stopped before its first game ended: nothing was tallied'
        : `contest stopped after ${result.games.length.toLocaleString('en-US')} games: the tables hold them, tallied as they stand, with no final 'done' asked of the bots`,
    );
    return stop.exitCode;
  } finally {
    lock.release();
    stop.dispose();
  }
}

function writeTables(dir: string, result: ContestResult): void {
  writeFileAtomic(
    join(dir, ContestFiles.OUTCOMES),
    toCsv(
      ['entrant', 'wins', 'played', 'win_rate', 'ci95_low', 'ci95_high', 'disqualified'],
      result.entrants.map((entrant) => {
        const rate = wilson(entrant.wins, entrant.played);
        return [entrant.identifier, entrant.wins, entrant.played, rate.p, rate.low, rate.high, entrant.disqualified ?? ''];
      }),
    ),
  );
  const seats = Math.max(...result.games.map((game) => game.seats.length), 0);
  const seatColumns = Array.from({ length: seats }, (_, seat) => [`seat_${seat}`, `share_${seat}`]).flat();
  writeFileAtomic(
    join(dir, ContestFiles.GAMES),
    toCsv(
      ['game', 'players', 'counted', ...seatColumns],
      result.games.map((game) => [
        game.index,
        game.seats.length,
        game.dropped ? 0 : 1,
        ...Array.from({ length: seats }, (_, seat) => (seat < game.seats.length ? [game.seats[seat], game.shares[seat]] : ['', ''])).flat(),
      ]),
    ),
  );
}

/** The outcome table as printed: the counted games only, as the contest tallies them. */
function formatOutcomes(result: ContestResult, dir: string): string[] {
  const counted = result.games.filter((game) => !game.dropped).length;
  const dropped = result.games.length - counted;
  const rows = result.entrants.map((entrant) => {
    const rate = wilson(entrant.wins, entrant.played);
    return [
      entrant.identifier,
      entrant.wins.toLocaleString('en-US'),
      entrant.played.toLocaleString('en-US'),
      entrant.played === 0 ? '-' : `${(rate.p * 100).toFixed(1)}%`,
      entrant.played === 0 ? '-' : `${(rate.low * 100).toFixed(1)}% - ${(rate.high * 100).toFixed(1)}%`,
      entrant.disqualified === null ? '' : `disqualified: ${entrant.disqualified}`,
    ];
  });
  return [
    `${counted.toLocaleString('en-US')} games counted` +
      (dropped > 0 ? `, ${dropped.toLocaleString('en-US')} dropped because a disqualified entrant played in them` : ''),
    ...alignColumns(['entrant', 'wins', 'played', 'win rate', '95% interval', ''], rows, [false, true, true, true, true, false]),
    '',
    `tables in ${dir}`,
  ];
}
