import { Forfeit } from '../../core/forfeits.ts';
import { isExternalSpec } from '../../core/strategy-spec.ts';
import { OUT_OF_MEMORY } from '../play/choice-guard.ts';
import type { Counters, ForfeitNote } from '../play/counters.ts';
import type { DesignName } from '../play/design.ts';
import type { PreparedMatch } from '../play/match.ts';
import { listedForfeitNotes, listedSeat } from '../summary/summary.ts';
import type { Runners } from './runners.ts';

/** A match-up whose forfeits a summary lists: its match, its first game index and its counters. */
export interface NotedMatchup {
  readonly match: PreparedMatch;
  readonly offset: number;
  readonly counters: Counters;
}

/** What went wrong in one of a match-up's listed forfeits, where it was found out (SummaryMatchup.forfeitDetail). */
export type ForfeitDetail = (note: ForfeitNote) => string | undefined;

/**
 * How a run's summary learns what went wrong in the forfeits it lists. For a strategy's error,
 * its message and file:line: games are reproducible, so the game is played again on a worker
 * thread (Runners.replayDetail), every listed one before the summary is built. An in-process seat
 * crashes only by filling its thread's memory, which playing the game again would only repeat.
 * Nothing else is found for a match-up with a bot, whose games cannot be played again without it.
 */
export async function forfeitDetails(
  runners: Runners,
  design: DesignName,
  matchups: readonly NotedMatchup[],
  moveTimeout?: number,
): Promise<ForfeitDetail[]> {
  const found = matchups.map(() => new Map<string, string>());
  const withBot = matchups.map(({ match }) => match.spec.seats.some(isExternalSpec));
  await Promise.all(
    listedForfeitNotes(matchups).map(async ({ note, matchup }) => {
      if (note.reason !== Forfeit.STRATEGY_ERROR || withBot[matchup]) return;
      const { match, offset } = matchups[matchup];
      const detail = await runners.replayDetail(match, design, offset, note, moveTimeout);
      if (detail !== undefined) found[matchup].set(noteKey(note), detail);
    }),
  );
  return found.map((details, index) => {
    const { match, offset } = matchups[index];
    const seats = match.spec.seats;
    const inProcess = (note: ForfeitNote) => !isExternalSpec(seats[listedSeat(design, { seats, offset }, note)]);
    return (note) => {
      if (note.reason === Forfeit.CRASHED) return inProcess(note) ? OUT_OF_MEMORY : undefined;
      return details.get(noteKey(note));
    };
  });
}

function noteKey(note: ForfeitNote): string {
  return `${note.game} ${note.seat} ${note.reason}`;
}
