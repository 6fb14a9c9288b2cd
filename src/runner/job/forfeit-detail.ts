import { Forfeit } from '../../core/forfeits.ts';
import { isExternalSpec } from '../../core/strategy-spec.ts';
import type { MatchPlayer } from '../play/batch.ts';
import { OUT_OF_MEMORY } from '../play/choice-guard.ts';
import { Counters, type ForfeitNote } from '../play/counters.ts';

/**
 * How a run's summary learns what went wrong in a strategy's error (its message and file:line):
 * games are reproducible, so the noted game is played once more here on the match-up's own tables.
 * An in-process seat crashes only by filling its worker's heap: that game is not played again
 * here, where the same call would fill this thread's heap and end the run. Undefined where a seat
 * is a bot, whose games cannot be replayed in this thread.
 */
export function strategyErrorDetail(
  player: MatchPlayer,
  seats: readonly string[],
  offset: number,
): ((note: ForfeitNote) => string | undefined) | undefined {
  if (seats.some(isExternalSpec)) return undefined;
  return (note) =>
    note.reason === Forfeit.STRATEGY_ERROR
      ? replayedDetail(player, offset, note)
      : note.reason === Forfeit.CRASHED
        ? OUT_OF_MEMORY
        : undefined;
}

/** Plays a noted forfeit's game again and says what went wrong in it, for its seat and reason. */
function replayedDetail(player: MatchPlayer, offset: number, note: ForfeitNote): string | undefined {
  const local = note.game - offset;
  const table = player.tableFor(local);
  let detail: string | undefined;
  table.observer = {
    onEvent() {},
    onAction() {},
    onForfeit(seat, reason, text) {
      if (detail === undefined && seat === note.seat && reason === note.reason) detail = text;
    },
  };
  try {
    player.play({ offset, from: local, to: local + 1 }, new Counters(player.match.layout));
  } catch {
    // A game that cannot be played again here tells nothing more than its note.
  } finally {
    table.observer = null;
  }
  return detail;
}
