import type { MatchPlayer } from './batch.ts';
import { Counters, type ForfeitNote } from './counters.ts';

/**
 * Plays a noted forfeit's game again and says what went wrong in it, for its seat and reason:
 * games are reproducible, so the same call fails the same way. Undefined when the game, played
 * again, does not forfeit so.
 */
export function replayedDetail(player: MatchPlayer, offset: number, note: ForfeitNote): string | undefined {
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
    // A game that cannot be played again tells nothing more than its note.
  } finally {
    table.observer = null;
  }
  return detail;
}
