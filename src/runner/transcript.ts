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
  private round = 0;
  private roundOpen = false;

  constructor(game: Game<S, V>, rules: RuleValues) {
    this.game = game;
    this.rules = rules;
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
    for (const line of text.split('\n')) this.lines.push(`[${MANAGER} -> ${to}] ${line}`);
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
