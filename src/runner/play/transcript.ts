import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lowestBit } from '../../core/bits.ts';
import type { GameEvent } from '../../core/events.ts';
import type { Game, GameState, PlayerView, RuleValues } from '../../core/game.ts';
import type { GameRange, MatchPlayer } from './batch.ts';
import type { Counters } from './counters.ts';
import { playGame, type Table, type TableObserver } from './table.ts';

const MANAGER = 'manager';

/** The folder of a results folder that keeps the games' message logs, one file a game. */
export const TRANSCRIPTS_FOLDER = 'transcripts';

/** Where a results folder keeps one game's transcript, to read a run's transcripts from code. */
export function transcriptPath(resultsDir: string, gameIndex: number): string {
  return join(resultsDir, TRANSCRIPTS_FOLDER, `game-${gameIndex}.txt`);
}

/** A transcript's first line: the game, what replays it (seed, deal) and who sat where. */
export function gameHeading(player: MatchPlayer, offset: number, local: number): string {
  const { match } = player;
  const seating = Array.from(
    player.listedSeatsFor(local),
    (listed, seat) => `${match.game.seatNumber(seat, match.rules)} ${match.slots[match.seatSlot[listed]].spec.text}`,
  ).join(', ');
  return `game ${offset + local}, seed ${match.spec.seed}, deal ${player.dealFor(local)}: ${seating}`;
}

/**
 * Plays a range as MatchPlayer.play does and writes each game's transcript into the results
 * folder. Only runs that ask for transcripts come here: recording allocates (a line a message),
 * which the plain play loop must not.
 */
export async function playTranscribed(player: MatchPlayer, range: GameRange, counters: Counters, resultsDir: string): Promise<void> {
  mkdirSync(join(resultsDir, TRANSCRIPTS_FOLDER), { recursive: true });
  const { game, rules, key } = player.match;
  await player.playAsync(range, counters, async (table, gameIndex, dealIndex) => {
    const recorder = new TranscriptRecorder<GameState, PlayerView>(game, rules);
    recorder.beginGame(gameHeading(player, range.offset, gameIndex - range.offset));
    table.observer = recorder;
    try {
      playGame(table, key, gameIndex, dealIndex);
    } finally {
      table.observer = null;
    }
    recorder.endGame(table);
    writeFileSync(transcriptPath(resultsDir, gameIndex), `${recorder.lines.join('\n')}\n`);
  });
}

/**
 * Records a game as the manager's message log, in the layout of the competition spec:
 * `[manager -> 2] draw wizard`, `[manager -> all] player 1`, `[1 -> manager] play soldier 2 princess`.
 * Lines in braces are commentary (round boundaries, forfeit reasons), not protocol messages.
 */
export class TranscriptRecorder<S extends GameState, V extends PlayerView> implements TableObserver {
  readonly lines: string[] = [];
  private readonly game: Game<S, V>;
  private readonly rules: RuleValues;
  private readonly roundStart: number;
  private readonly namedSeats: number;
  /** Per seat, the line kept for its name in reply to its latest greeting. */
  private readonly nameLines: number[] = [];
  private round = 0;
  private roundOpen = false;

  /** `namedSeats`: the seats (a bit each) whose greeting's first line asks a bot its name; its reply is logged after it. */
  constructor(game: Game<S, V>, rules: RuleValues, namedSeats = 0) {
    this.game = game;
    this.rules = rules;
    this.namedSeats = namedSeats;
    this.roundStart = game.roundStartEvent;
  }

  /** Marks the start of a game in the log; rounds are numbered from 1 again. */
  beginGame(label: string): void {
    this.lines.push(`{ ${label} }`);
    this.round = 0;
    this.roundOpen = false;
  }

  /** Closes the game's log with its winners (several when they share the win). */
  endGame(table: Table<S, V>): void {
    const shares = new Float64Array(table.players);
    this.game.returns(table.state, shares);
    const winners = [...shares].flatMap((share, seat) => (share > 0 ? [this.number(seat)] : []));
    this.lines.push(`{ game over: ${winners.length > 1 ? 'winners' : 'winner'} ${winners.join(' ')} }`);
  }

  onEvent(event: GameEvent): void {
    if (event.kind === this.roundStart && !this.roundOpen) {
      this.round++;
      this.roundOpen = true;
      this.lines.push(`{ round ${this.round} }`);
    }
    const recipients = event.recipients;
    const single = (recipients & (recipients - 1)) === 0;
    // The one recipient, or the lowest of several; -1 for none.
    const seat = lowestBit(recipients);
    const text = this.game.describeEvent(event, seat, this.rules);
    if (text === '') {
      const comment = this.game.describeComment(event, this.rules);
      if (comment !== '') {
        this.roundOpen = false;
        this.lines.push(`{ ${comment} }`);
      }
      return;
    }
    const to = single ? String(this.number(seat)) : 'all';
    const lines = text.split('\n');
    this.lines.push(`[${MANAGER} -> ${to}] ${lines[0]}`);
    // The reply comes later, with other messages logged meanwhile: its place is kept now.
    if (single && (this.namedSeats & recipients) !== 0 && event.kind === this.roundStart) {
      this.nameLines[seat] = this.lines.length;
      this.lines.push(`{ no name from player ${to} }`);
    }
    for (let i = 1; i < lines.length; i++) this.lines.push(`[${MANAGER} -> ${to}] ${lines[i]}`);
  }

  /** The line kept for the name of the bot in `seat` in reply to its latest greeting, or -1. */
  nameLine(seat: number): number {
    return this.nameLines[seat] ?? -1;
  }

  /** The name the bot in `seat` gave in reply to the greeting whose line is `at` (from nameLine). */
  onName(at: number, seat: number, name: string): void {
    if (at >= 0) this.lines[at] = `[${this.number(seat)} -> ${MANAGER}] ${name}`;
  }

  onAction(seat: number, action: number): void {
    const text = Number.isInteger(action) && action >= 0 ? this.game.actionToString(action, this.rules) : String(action);
    this.lines.push(`[${this.number(seat)} -> ${MANAGER}] ${text}`);
  }

  onForfeit(seat: number, reason: number, detail: string): void {
    const label = this.game.forfeitLabels[reason] ?? `reason ${reason}`;
    this.lines.push(`{ player ${this.number(seat)} forfeits: ${label}${detail ? ` (${detail})` : ''} }`);
  }

  private number(seat: number): number {
    return this.game.seatNumber(seat, this.rules);
  }
}
