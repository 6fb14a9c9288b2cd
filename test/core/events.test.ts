import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_STRIDE, EventLog, GameEvent } from '../../src/core/events.ts';

describe('EventLog', () => {
  test('records are read back field by field, in order', () => {
    const log = new EventLog(4);
    log.push(0b101, 3, 1, -1, 7, 0);
    log.push(0b010, 5, 2, 8, -1, 4);
    assert.equal(log.count, 2);
    const event = new GameEvent();
    assert.deepEqual({ ...event.read(log.data, 1) }, { recipients: 0b010, kind: 5, a: 2, b: 8, c: -1, d: 4 });
    assert.deepEqual({ ...event.read(log.data, 0) }, { recipients: 0b101, kind: 3, a: 1, b: -1, c: 7, d: 0 });
    assert.equal(log.data.length, 4 * EVENT_STRIDE);
  });

  test('a disabled log records nothing; clear empties it for reuse', () => {
    const log = new EventLog(2);
    log.enabled = false;
    log.push(1, 1, 0, 0, 0, 0);
    assert.equal(log.count, 0);
    log.enabled = true;
    log.push(1, 1, 0, 0, 0, 0);
    log.clear();
    assert.equal(log.count, 0);
    log.push(2, 9, 0, 0, 0, 0);
    assert.equal(new GameEvent().read(log.data, 0).kind, 9);
  });
});

describe('GameEvent.isFor', () => {
  test('reads the recipients bit of a seat', () => {
    const event = new GameEvent();
    event.recipients = 0b1010;
    assert.deepEqual(
      [0, 1, 2, 3].map((seat) => event.isFor(seat)),
      [false, true, false, true],
    );
  });
});
