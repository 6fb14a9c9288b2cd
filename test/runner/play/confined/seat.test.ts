// A confined seat's events wait on the runner's side and cross with its next choice: the
// strategy hears every one, in order, however many wait, and one that throws forfeits that
// choice, placed in the strategy's own file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinRegistry } from '../../../../src/app.ts';
import { GameEvent, setRecord } from '../../../../src/core/events.ts';
import { Rng } from '../../../../src/core/random.ts';
import type { Strategy } from '../../../../src/core/strategy.ts';
import { parseStrategySpec } from '../../../../src/core/strategy-spec.ts';
import { resolveStrategy } from '../../../../src/runner/play/loading/strategies.ts';
import { PlacedError } from '../../../../src/runner/play/table.ts';

const FILE = 'test/fixtures/strategies/counts-events.ts';
// Kinds Love Letter's view ignores, so that only the strategy reads them.
const QUIET_KIND = 50;

async function seat(): Promise<Strategy> {
  const { definition } = await resolveStrategy(builtinRegistry(), 'love-letter', parseStrategySpec(FILE));
  return definition.create({ seat: 0, players: 2, rules: {}, params: {} });
}

/** What the file answers after hearing `events` (kind, a) after one restart. */
function digestOf(events: readonly [number, number][]): number {
  let digest = 7;
  for (const [kind, a] of events) digest = (digest * 31 + kind * 101 + a) % 1_000_003;
  return digest;
}

function tell(strategy: Strategy, events: readonly [number, number][]): void {
  strategy.restart();
  for (const [kind, a] of events) strategy.inform(setRecord(new GameEvent(), 1, kind, a, 0, 0, 0));
}

const choose = (strategy: Strategy) => strategy.choose(null as never, Int32Array.of(0), 1, new Rng());

describe('a confined seat', () => {
  test('hears every waiting event in order at its next choice, past its own buffer too', async () => {
    for (const count of [1, 127, 128, 129, 1000]) {
      const events = Array.from({ length: count }, (_, i): [number, number] => [QUIET_KIND, i % 13]);
      const fresh = await seat();
      tell(fresh, events);
      assert.equal(choose(fresh), digestOf(events), `${count} events`);
    }
    // And again after a choice: only what came since.
    const strategy = await seat();
    tell(strategy, [[QUIET_KIND, 1]]);
    choose(strategy);
    strategy.inform(setRecord(new GameEvent(), 1, QUIET_KIND, 2, 0, 0, 0));
    assert.equal(choose(strategy), (digestOf([[QUIET_KIND, 1]]) * 31 + QUIET_KIND * 101 + 2) % 1_000_003);
  });

  test('an event that throws forfeits the next choice, wherever it waited; the rest of that wait is dropped', async () => {
    for (const at of [5, 300]) {
      const strategy = await seat();
      const events = Array.from({ length: 400 }, (_, i): [number, number] => [i === at ? 99 : QUIET_KIND, 1]);
      tell(strategy, events);
      assert.throws(
        () => choose(strategy),
        (error: unknown) =>
          error instanceof PlacedError &&
          error.message === 'kind 99 is not a Love Letter event' &&
          error.place === 'test/fixtures/strategies/counts-events.ts:18',
      );
      assert.equal(choose(strategy), digestOf(events.slice(0, at)));
    }
  });
});
