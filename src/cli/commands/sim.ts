import { Errors } from '../../core/errors.ts';
import type { Registry } from '../../core/registry.ts';
import { createTable, newCounters, playRange, prepareMatch } from '../../runner/match.ts';
import { summarizeMatch, type MatchSummary } from '../../runner/summary.ts';
import type { CommandContext } from '../command.ts';

export interface SimOptions {
  readonly game: string;
  readonly players?: number;
  readonly strategies?: string[];
  readonly seat?: string[];
  readonly games: number;
  readonly seed: string;
  readonly workers: number;
  readonly rules?: Record<string, string>;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

/** The strategy per seat, from --strategies or repeated --seat, checked against --players. */
export function seatSpecs(registry: Registry, options: SimOptions): string[] {
  if (options.strategies && options.seat) throw Errors.badOption('give --strategies or --seat, not both');
  const given = options.strategies ?? options.seat;
  const game = registry.game(options.game);
  const players = options.players ?? given?.length ?? game.maxPlayers;
  if (players < game.minPlayers || players > game.maxPlayers) throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  if (!given) return Array<string>(players).fill('random');
  if (given.length === 1) return Array<string>(players).fill(given[0]);
  if (given.length !== players) throw Errors.seatCount(given.length, players);
  return given;
}

export async function runSim(context: CommandContext, options: SimOptions): Promise<MatchSummary> {
  const seats = seatSpecs(context.registry, options);
  const match = await prepareMatch(context.registry, { game: options.game, seats, rules: options.rules ?? {}, seed: options.seed });
  const counters = newCounters(match);
  playRange(match, createTable(match), counters, 0, options.games);
  const summary = summarizeMatch(match, counters);
  context.print(options.json ? JSON.stringify(summary, null, 2) : formatSummary(summary));
  return summary;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

export function formatSummary(summary: MatchSummary): string {
  const lines = [`${summary.games} games of ${summary.game}, ${summary.players} players, ${summary.roundsPerGame.toFixed(2)} rounds a game`, ''];
  lines.push('seat  strategy              win rate   95% interval');
  for (const seat of summary.seats) {
    lines.push(`${String(seat.seat).padEnd(6)}${seat.strategy.padEnd(22)}${percent(seat.winRate).padStart(8)}   ${percent(seat.ci95[0])} - ${percent(seat.ci95[1])}`);
  }
  return lines.join('\n');
}
