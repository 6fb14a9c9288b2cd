/**
 * Games report what each player learns as records in one preallocated Int16Array log, written in
 * order. A record is [recipients, kind, a, b, c, d]: `recipients` is a bit mask of seats, so a
 * message for everyone costs one record, not one per player. The play loop drains the log after
 * every move and decodes records into reused GameEvents, so the hot path allocates nothing.
 */
export const EVENT_STRIDE = 6;

export const EventField = {
  RECIPIENTS: 0,
  KIND: 1,
  A: 2,
  B: 3,
  C: 4,
  D: 5,
} as const;

/** A decoded record. The play loop reuses one instance per seat: copy what you want to keep. */
export class GameEvent {
  recipients = 0;
  kind = 0;
  a = 0;
  b = 0;
  c = 0;
  d = 0;

  read(log: Int16Array, index: number): this {
    decodeRecord(this, log, index);
    return this;
  }

  isFor(seat: number): boolean {
    return (this.recipients & (1 << seat)) !== 0;
  }
}

/**
 * Copies record `index` into `event` by plain field writes. The play loop fills the events it
 * hands to strategies this way rather than through `read`, which a strategy could shadow on its
 * own instance to see records meant for other seats.
 */
export function decodeRecord(event: GameEvent, log: Int16Array, index: number): void {
  const at = index * EVENT_STRIDE;
  event.recipients = log[at];
  event.kind = log[at + 1];
  event.a = log[at + 2];
  event.b = log[at + 3];
  event.c = log[at + 4];
  event.d = log[at + 5];
}

/** Fills `event` with one record's fields (a bot rebuilding the records a server's messages stand for). */
export function setRecord(event: GameEvent, recipients: number, kind: number, a: number, b: number, c: number, d: number): GameEvent {
  event.recipients = recipients;
  event.kind = kind;
  event.a = a;
  event.b = b;
  event.c = c;
  event.d = d;
  return event;
}

/** The append side of the log, kept by a game's state. */
export class EventLog {
  readonly data: Int16Array;
  count = 0;
  /**
   * Off when nobody reads the log (every seat plays without observing and no transcript is kept):
   * then a move writes nothing, which is a large share of a fast game's cost.
   */
  enabled = true;

  constructor(capacity: number) {
    this.data = new Int16Array(capacity * EVENT_STRIDE);
  }

  /**
   * This log while anyone reads it, else null. Engines write `log.ifEnabled()?.push(...)`: a game
   * nobody reads then skips each record's arguments, and the compiler, seeing no push in the hot
   * path, spends its inlining budget on the engine's own calls instead.
   */
  ifEnabled(): EventLog | null {
    return this.enabled ? this : null;
  }

  push(recipients: number, kind: number, a: number, b: number, c: number, d: number): void {
    if (!this.enabled) return;
    const at = this.count * EVENT_STRIDE;
    const data = this.data;
    data[at] = recipients;
    data[at + 1] = kind;
    data[at + 2] = a;
    data[at + 3] = b;
    data[at + 4] = c;
    data[at + 5] = d;
    this.count++;
  }

  clear(): void {
    this.count = 0;
  }
}
