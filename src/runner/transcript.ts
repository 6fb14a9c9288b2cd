import type { GameEvent } from '../core/events.ts';
import type { Game, GameState, PlayerView, RuleValues } from '../core/game.ts';
import type { TableObserver } from './table.ts';

const MANAGER = 'manager';

/**
 * Records a game as the manager's message log, in the layout of the competition spec:
 * `[manager -> 2] draw wizard`, `[manager -> all] player 1`, `[1 -> manager] play soldier 2 princess`.
 * Lines in braces are commentary (round boundaries, forfeit reasons), not protocol messages.
 */
export class TranscriptRecorder<S extends GameState, V extends PlayerView> implements TableObserver {
  readonly lines: string[] = [];
  private readonly game: Game<S, V>;
  private readonly rules: RuleValues;
  private readonly wireBase: number;
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
    this.wireBase = game.wireBase(rules);
    this.roundStart = game.roundStartEvent;
  }

  /** Marks the start of a game in the log; rounds are numbered from 1 again. */
  beginGame(label: string): void {
    this.lines.push(`{ ${label} }`);
    this.round = 0;
    this.roundOpen = false;
  }

  onEvent(event: GameEvent): void {
    if (event.kind === this.roundStart && !this.roundOpen) {
      this.round++;
      this.roundOpen = true;
      this.lines.push(`{ round ${this.round} }`);
    }
    const recipients = event.recipients;
    const single = (recipients & (recipients - 1)) === 0;
    const seat = single ? 31 - Math.clz32(recipients) : lowestSeat(recipients);
    const text = this.game.formatEvent(event, seat, this.rules);
    if (text === '') {
      const comment = this.game.formatComment(event, this.rules);
      if (comment !== '') {
        this.roundOpen = false;
        this.lines.push(`{ ${comment} }`);
      }
      return;
    }
    const to = single ? String(seat + this.wireBase) : 'all';
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
    if (at >= 0) this.lines[at] = `[${seat + this.wireBase} -> ${MANAGER}] ${name}`;
  }

  onAction(seat: number, action: number): void {
    const text = Number.isInteger(action) && action >= 0 ? this.game.actionToString(action, this.rules) : String(action);
    this.lines.push(`[${seat + this.wireBase} -> ${MANAGER}] ${text}`);
  }

  onForfeit(seat: number, reason: number, detail: string): void {
    const label = this.game.labels.forfeitReason[reason] ?? `reason ${reason}`;
    this.lines.push(`{ player ${seat + this.wireBase} forfeits: ${label}${detail ? ` (${detail})` : ''} }`);
  }
}

function lowestSeat(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}
