// Tables of Hearts strategies for the tests, built on the canonical play loop.
import { hearts, type HeartsState, type HeartsView } from '../../../src/games/hearts/index.ts';
import type { ParamValue, StrategyDefinition } from '../../../src/core/strategy.ts';
import { masterKey } from '../../../src/core/random.ts';
import { Table, playGame } from '../../../src/runner/play/table.ts';
import { random } from '../../../strategies/hearts/random.ts';
import { firstLegal } from '../../../strategies/hearts/first-legal.ts';
import { ducking } from '../../../strategies/hearts/ducking.ts';

export const HEARTS_STRATEGIES = { random, 'first-legal': firstLegal, ducking } as const;

export type HeartsTable = Table<HeartsState, HeartsView>;

/** `params` go to every seat's strategy (those that take none ignore them). */
export function heartsTable(
  seats: readonly StrategyDefinition<HeartsView>[],
  rules: Readonly<Record<string, string>> = {},
  params: Readonly<Record<string, ParamValue>> = {},
): HeartsTable {
  const values = hearts.parseRules(rules);
  return new Table(
    hearts,
    values,
    seats.map((definition, seat) => ({
      strategy: definition.create({ seat, players: seats.length, rules: values, params }),
      trusted: definition.trusted === true,
    })),
  );
}

/** Plays `games` games from `seed` and returns each seat's points per hand. */
export function pointsPerHand(table: HeartsTable, seed: string, games: number): number[] {
  const key = masterKey(seed);
  const points = new Array<number>(table.players).fill(0);
  let hands = 0;
  for (let game = 0; game < games; game++) {
    playGame(table, key, game);
    hands += table.state.hand;
    for (let seat = 0; seat < table.players; seat++) points[seat] += table.state.totals[seat];
  }
  return points.map((total) => total / hands);
}

/** Calls `check` with every decision and the legal cards it was chosen from. */
export function onEachDecision(table: HeartsTable, check: (seat: number, action: number, legal: number[]) => void): void {
  const buffer = new Int32Array(hearts.maxActions);
  table.observer = {
    onEvent() {},
    onForfeit() {},
    onAction(seat, action) {
      const count = hearts.legalActions(table.state, buffer);
      check(seat, action, [...buffer.subarray(0, count)]);
    },
  };
}
