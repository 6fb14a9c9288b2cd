import { wilson } from '../stats/wilson.ts';
import { Counters, Field, FirstCardField, Global } from './counters.ts';
import type { PreparedMatch } from './match.ts';

export interface RateWithInterval {
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
}

export interface SeatSummary extends RateWithInterval {
  readonly seat: number;
  readonly strategy: string;
  readonly rounds: number;
  readonly roundWins: number;
  readonly roundWinRate: number;
}

export interface FirstCardRow {
  readonly strategy: string;
  readonly card: string;
  /** Rounds begun holding this card. */
  readonly rounds: number;
  /** Of those, rounds won (every tied winner counts as a winner). */
  readonly roundWins: number;
  readonly roundWinRate: number;
  readonly ci95: readonly [number, number];
  /** Games whose first round was dealt this card, and the game wins among them (shared: 1/k). */
  readonly games: number;
  readonly gameWins: number;
}

export interface CountRow {
  readonly strategy: string;
  readonly what: string;
  readonly count: number;
}

export interface MatchSummary {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly rounds: number;
  readonly roundsPerGame: number;
  readonly seats: readonly SeatSummary[];
  readonly strategies: Readonly<Record<string, RateWithInterval>>;
  readonly firstCard: readonly FirstCardRow[];
  readonly outs: readonly CountRow[];
  readonly forfeits: readonly CountRow[];
}

function rate(wins: number, games: number): RateWithInterval {
  const interval = wilson(wins, games);
  return { games, wins: round6(wins), winRate: round6(interval.p), ci95: [round6(interval.low), round6(interval.high)] };
}

// Shares of 1/3 sum to long binary fractions; six decimals keep JSON readable and stable.
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Turns a match's counters into the figures users read: win rates with Wilson 95% intervals. */
export function summarizeMatch(match: PreparedMatch, counters: Counters): MatchSummary {
  const { layout, data } = counters;
  const names = match.slots.map((slot) => slot.spec.text);
  const labels = match.game.labels;
  const games = data[Global.GAMES];
  const seats = Array.from({ length: layout.players }, (_, seat): SeatSummary => {
    const at = layout.seat(seat);
    const rounds = data[at + Field.ROUNDS];
    const roundWins = data[at + Field.ROUND_WIN_SHARE];
    return {
      seat,
      strategy: names[match.seatSlot[seat]],
      ...rate(data[at + Field.GAME_WINS], data[at + Field.GAMES]),
      rounds,
      roundWins: round6(roundWins),
      roundWinRate: rounds > 0 ? round6(roundWins / rounds) : 0,
    };
  });
  const strategies: Record<string, RateWithInterval> = {};
  const firstCard: FirstCardRow[] = [];
  const outs: CountRow[] = [];
  const forfeits: CountRow[] = [];
  names.forEach((name, slot) => {
    const at = layout.slot(slot);
    strategies[name] = rate(data[at + Field.GAME_WINS], data[at + Field.GAMES]);
    for (let card = 0; card < layout.firstCards; card++) {
      const cell = layout.firstCard(at, card);
      const rounds = data[cell + FirstCardField.ROUNDS];
      if (rounds === 0) continue;
      const roundWins = data[cell + FirstCardField.ROUND_WINS];
      const interval = wilson(roundWins, rounds);
      firstCard.push({
        strategy: name,
        card: labels.firstCard[card],
        rounds,
        roundWins,
        roundWinRate: round6(interval.p),
        ci95: [round6(interval.low), round6(interval.high)],
        games: data[cell + FirstCardField.GAMES],
        gameWins: round6(data[cell + FirstCardField.GAME_WINS]),
      });
    }
    labels.outCause.forEach((cause, index) => {
      const count = data[layout.outs(at) + index];
      if (count > 0) outs.push({ strategy: name, what: cause, count });
    });
    labels.forfeitReason.forEach((reason, index) => {
      const count = data[layout.forfeits(at) + index];
      if (count > 0) forfeits.push({ strategy: name, what: reason, count });
    });
  });
  return {
    game: match.game.id,
    players: layout.players,
    games,
    rounds: data[Global.ROUNDS],
    roundsPerGame: games > 0 ? round6(data[Global.ROUNDS] / games) : 0,
    seats,
    strategies,
    firstCard,
    outs,
    forfeits,
  };
}
