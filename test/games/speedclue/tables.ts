// SpeedClue tables and crafted deals for the tests, built on the canonical play loop.
import { masterKey } from '../../../src/core/random.ts';
import type { ParamValue, StrategyDefinition } from '../../../src/core/strategy.ts';
import { EVENT_STRIDE } from '../../../src/core/events.ts';
import { speedClue, cardOfCode, parseTriple, type SpeedClueState, type SpeedClueView } from '../../../src/games/speedclue/index.ts';
import { Table } from '../../../src/runner/play/table.ts';

export type ClueTable = Table<SpeedClueState, SpeedClueView>;

export function clueTable(
  seats: readonly StrategyDefinition<SpeedClueView>[],
  rules: Readonly<Record<string, string>> = {},
  params: Readonly<Record<string, ParamValue>> = {},
): ClueTable {
  const values = speedClue.parseRules(rules);
  return new Table(
    speedClue,
    values,
    seats.map((definition, seat) => ({
      strategy: definition.create({ seat, players: seats.length, rules: values, params }),
      trusted: definition.trusted === true,
    })),
  );
}

/** `Gr Ca Ba` as a triple. */
export function triple(text: string): number {
  const [suspect, weapon, room] = text.split(' ');
  const value = parseTriple(suspect, weapon, room);
  if (value < 0) throw new Error(`not a triple: ${text}`);
  return value;
}

export function card(code: string): number {
  return cardOfCode(code);
}

/**
 * A four-player deal with the solution Gr Ca Ba:
 * seat 0 Mu Kn Bi Co Di, seat 1 Pe Pi Re Ha Ki, seat 2 Pl Ro Li Lo, seat 3 Sc Wh Wr St.
 */
export const FOUR_SEATS = ['Mu Kn Bi Co Di', 'Pe Pi Re Ha Ki', 'Pl Ro Li Lo', 'Sc Wh Wr St'];
/** A three-player deal with the solution Gr Ca Ba: six cards each. */
export const THREE_SEATS = ['Mu Pe Kn Pi Bi Co', 'Pl Sc Re Ro Di Ha', 'Wh Wr Ki Li Lo St'];

/** A game dealt as `hands` (codes, seat by seat) with `solution` (codes), ready for its first decision. */
export function craftedGame(hands: readonly string[], rules: Readonly<Record<string, string>> = {}, solution = 'Gr Ca Ba'): SpeedClueState {
  const state = speedClue.createState(hands.length, speedClue.parseRules(rules));
  state.stackedDeal = { solution: triple(solution), deck: hands.flatMap((hand) => hand.split(' ').map(card)) };
  speedClue.reset(state, masterKey('crafted'), 0);
  return state;
}

export interface LogRecord {
  readonly recipients: number;
  readonly kind: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

/** The records the state logged since the last call, and the log emptied as the table would. */
export function drain(state: SpeedClueState): LogRecord[] {
  const log = state.events;
  const records: LogRecord[] = [];
  for (let i = 0; i < log.count; i++) {
    const [recipients, kind, a, b, c, d] = log.data.subarray(i * EVENT_STRIDE, (i + 1) * EVENT_STRIDE);
    records.push({ recipients, kind, a, b, c, d });
  }
  log.clear();
  return records;
}

/** The current player's legal actions. */
export function legalOf(state: SpeedClueState): number[] {
  const buffer = new Int32Array(speedClue.maxActions);
  return [...buffer.subarray(0, speedClue.legalActions(state, buffer))];
}
