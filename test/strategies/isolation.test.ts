import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Table,
  TranscriptRecorder,
  loveLetter,
  masterKey,
  playGame,
  type GameEvent,
  type LoveLetterView,
  type Rng,
  type Strategy,
  type StrategyContext,
} from '../../src/index.ts';
import { builtinRegistry } from '../../src/app.ts';

/** Every object reachable from `roots` through properties, prototypes, array buffers and collections. */
function reachable(roots: readonly unknown[]): Set<object> {
  const seen = new Set<object>();
  const queue: unknown[] = [...roots];
  while (queue.length > 0) {
    const value = queue.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) queue.push(value.buffer);
    if (value instanceof Map) for (const [k, v] of value) queue.push(k, v);
    if (value instanceof Set) for (const v of value) queue.push(v);
    queue.push(Object.getPrototypeOf(value));
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (descriptor && 'value' in descriptor) queue.push(descriptor.value);
      else if (descriptor) queue.push(descriptor.get, descriptor.set);
    }
  }
  return seen;
}

/** Keeps everything the table hands a strategy, to inspect after the game. */
class Collector implements Strategy<LoveLetterView> {
  readonly observes = true;
  readonly given = new Set<unknown>();
  constructor(
    readonly inner: Strategy<LoveLetterView>,
    context: StrategyContext,
  ) {
    this.given.add(context);
  }
  restart(): void {
    this.inner.restart();
  }
  inform(event: GameEvent): void {
    this.given.add(event);
    this.inner.inform(event);
  }
  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    this.given.add(view).add(legal).add(rng);
    return this.inner.choose(view, legal, count, rng);
  }
}

/** Writes garbage into every typed array it is given, after choosing like random would. */
class Scribbler implements Strategy<LoveLetterView> {
  readonly observes = true;
  constructor(private readonly inner: Strategy<LoveLetterView>) {}
  restart(): void {}
  inform(event: GameEvent): void {
    event.a = 7;
    event.b = 7;
  }
  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    const action = this.inner.choose(view, legal, count, rng);
    for (const object of reachable([view])) if (ArrayBuffer.isView(object)) (object as Int8Array).fill(5);
    view.deckCount = 99;
    return action;
  }
}

describe('a strategy cannot reach the game state', () => {
  test('nothing a strategy is given leads to the state or its arrays', () => {
    const registry = builtinRegistry();
    const rules = loveLetter.parseRules({});
    const names = ['counter', 'ismcts:iterations=20', 'cautious', 'random'];
    const collectors = names.map((text, seat) => {
      const [name] = text.split(':');
      const definition = registry.findStrategy('love-letter', name)!;
      const context: StrategyContext = { seat, players: 4, rules, params: name === 'ismcts' ? { iterations: 20, c: 0.7, prior: 30 } : {} };
      return new Collector(definition.create(context), context);
    });
    const table = new Table(
      loveLetter,
      rules,
      collectors.map((strategy) => ({ strategy, trusted: true })),
    );
    playGame(table, masterKey('isolation'), 0);
    const state = table.state;
    const forbidden = new Set<unknown>([state, state.events, state.tally, state.dealRng]);
    const stateBuffers = new Set<unknown>();
    for (const value of Object.values(state)) {
      if (ArrayBuffer.isView(value)) stateBuffers.add(value.buffer);
      if (typeof value === 'object' && value !== null)
        for (const inner of Object.values(value)) if (ArrayBuffer.isView(inner)) stateBuffers.add(inner.buffer);
    }
    assert.ok(stateBuffers.size >= 10);
    for (const collector of collectors) {
      assert.ok(collector.given.size > 3);
      const graph = reachable([...collector.given, collector.inner]);
      for (const object of graph) {
        assert.ok(!forbidden.has(object), 'a strategy can reach the state');
        assert.ok(!stateBuffers.has(object), 'a strategy can reach the memory of a state array');
      }
    }
  });

  test('scribbling on everything it was given changes nothing in the game', () => {
    const registry = builtinRegistry();
    const rules = loveLetter.parseRules({});
    const names = ['random', 'counter', 'cautious', 'counter'];
    const transcriptOf = (scribble: boolean) => {
      const seats = names.map((name, seat) => {
        const strategy = registry.findStrategy('love-letter', name)!.create({ seat, players: 4, rules, params: {} });
        return { strategy: scribble && seat === 0 ? new Scribbler(strategy) : strategy, trusted: true };
      });
      const table = new Table(loveLetter, rules, seats);
      const transcript = new TranscriptRecorder(loveLetter, rules);
      table.observer = transcript;
      for (let game = 0; game < 20; game++) playGame(table, masterKey('scribble'), game);
      return transcript.lines;
    };
    // Seat 0 plays random, which reads nothing it scribbles on; the others read their views.
    const clean = transcriptOf(false);
    assert.ok(clean.length > 1000);
    assert.deepEqual(transcriptOf(true), clean);
  });
});
