// Tables of built-in random players, and whole games recorded as the manager's log: what the
// property tests and the golden transcripts play.
import { masterKey } from '../../src/core/random.ts';
import type { Strategy } from '../../src/core/strategy.ts';
import { loveLetter, type LoveLetterState, type LoveLetterView } from '../../src/games/love-letter/index.ts';
import { Table, playGame } from '../../src/runner/play/table.ts';
import { TranscriptRecorder } from '../../src/runner/play/transcript.ts';
import { random } from '../../strategies/love-letter/random.ts';

export type LoveLetterTable = Table<LoveLetterState, LoveLetterView>;

/** A table whose seats all play the built-in random strategy (trusted, as the CLI seats it). */
export function randomTable(players: number, rules: Readonly<Record<string, string>> = {}): LoveLetterTable {
  const values = loveLetter.parseRules(rules);
  const seats = Array.from({ length: players }, (_, seat) => ({
    strategy: random.create({ seat, players, rules: values, params: {} }) as Strategy<LoveLetterView>,
    trusted: random.trusted === true,
  }));
  return new Table(loveLetter, values, seats);
}

/** Plays game `game` of seed `seed` on `table` and returns its manager log. */
export function recordGame(table: LoveLetterTable, seed: string, game: number): string[] {
  const recorder = new TranscriptRecorder(loveLetter, table.rules);
  recorder.beginGame(`seed ${seed}, game ${game}`);
  const previous = table.observer;
  table.observer = recorder;
  try {
    playGame(table, masterKey(seed), game);
  } finally {
    table.observer = previous;
  }
  return recorder.lines;
}
