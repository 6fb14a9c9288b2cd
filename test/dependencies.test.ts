// The dependency rules: core <- (stats, games) <- runner <- (protocol, tune), with strategies on
// the games (each game's module in strategies/<game>/index.ts, gathered in the one list
// strategies/index.ts), the report on core and stats, and the command line and src/app.ts (the
// composition roots) on top. Every import counts here, type-only and `import()` ones too: a part
// that names another depends on it, even where it loads nothing.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT, importsOf } from './helpers/imports.ts';

/** What each part may import besides itself; the composition roots (ROOTS) compose the rest. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  'src/core': [],
  'src/stats': ['src/core'],
  'src/games': ['src/core'],
  // Each game's strategy API (`parlor/strategy/<game>`) and the seat adapter bundled with a
  // confined strategy file: what a strategy may reach, so the games and core only.
  'src/strategy': ['src/core', 'src/games'],
  'src/strategy-api.ts': ['src/core', 'src/games', 'src/strategy'],
  strategies: ['src/core', 'src/games', 'src/strategy-api.ts', 'src/strategy'],
  // The runner names the confined seat's interface (src/strategy/confined-seat.ts), which it
  // bundles into each compartment; it never loads a game itself.
  'src/runner': ['src/core', 'src/stats', 'src/compiled.ts', 'src/strategy'],
  'src/protocol': ['src/core', 'src/runner'],
  'src/report': ['src/core', 'src/stats'],
  // Tuning drives paired runs of the runner; the command line and the report draw what it wrote.
  'src/tune': ['src/core', 'src/stats', 'src/runner'],
  'src/compiled.ts': [],
};

/** The composition roots, which may import every part. */
const ROOTS = ['src/cli', 'src/app.ts', 'src/index.ts'];

function modulesUnder(part: string): string[] {
  if (part.endsWith('.ts')) return [part];
  return readdirSync(join(ROOT, part), { recursive: true })
    .map((name) => join(part, String(name)))
    .filter((name) => /\.(ts|js)$/.test(name));
}

const inside = (module: string, part: string) => module === part || module.startsWith(`${part}/`);

/** The imports of `part` that reach outside it and outside what it may import. */
function violations(part: string): string[] {
  const allowed = [part, ...ALLOWED[part]];
  return modulesUnder(part).flatMap((module) =>
    importsOf(module)
      .filter((target) => !allowed.some((other) => inside(target, other)))
      .map((target) => `${module} -> ${target}`),
  );
}

/** The cycles of a graph: each strongly connected group of two or more nodes (Tarjan's algorithm). */
function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (module: string) => {
    order.set(module, order.size);
    low.set(module, order.get(module)!);
    stack.push(module);
    for (const target of edges.get(module) ?? []) {
      if (!edges.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(module, Math.min(low.get(module)!, order.get(target)!));
      }
    }
    if (low.get(module) !== order.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== module);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const module of edges.keys()) if (!order.has(module)) visit(module);
  return cycles;
}

function importCycles(): string[][] {
  const modules = [...modulesUnder('src'), ...modulesUnder('strategies')];
  return cyclesOf(new Map(modules.map((module) => [module, importsOf(module)])));
}

describe('the dependency rules', () => {
  for (const part of Object.keys(ALLOWED)) {
    const others = ALLOWED[part].length > 0 ? ALLOWED[part].join(', ') : 'nothing else';
    test(`${part} imports only ${others}`, () => {
      assert.deepEqual(violations(part), []);
    });
  }

  test('every part of src is under a rule or is a composition root', () => {
    const parts = readdirSync(join(ROOT, 'src')).map((name) => `src/${name}`);
    assert.deepEqual(
      parts.filter((part) => !(part in ALLOWED) && !ROOTS.includes(part) && !part.endsWith('.md')),
      [],
    );
  });

  test('no module imports itself back through others', () => {
    assert.deepEqual(importCycles(), []);
  });

  test('a game module (strategies/<game>/index.ts) is imported by the one list of games alone', () => {
    const gameModules = modulesUnder('strategies').filter((module) => /^strategies\/[^/]+\/index\.ts$/.test(module));
    const listed = importsOf('strategies/index.ts');
    assert.deepEqual(
      gameModules.filter((module) => !listed.includes(module)),
      [],
      'every game module is in the list',
    );
    const importers = [...modulesUnder('src'), ...modulesUnder('strategies')].filter(
      (module) => module !== 'strategies/index.ts' && importsOf(module).some((target) => gameModules.includes(target)),
    );
    assert.deepEqual(importers, []);
  });

  test('the walk sees every kind of import, so a violation would show', () => {
    assert.ok(importsOf('src/app.ts').includes('src/protocol/index.ts'), 'import() seen');
    assert.ok(importsOf('src/app.ts').includes('src/runner/play/external.ts'), 'import type seen');
    assert.ok(importsOf('src/runner/job/jobs.ts').includes('src/runner/job/runners.ts'), 'static import seen');
  });

  test('the cycle search finds every cycle, so one would show', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', ['d', 'outside']],
      ['f', ['a']],
    ]);
    assert.deepEqual(cyclesOf(graph), [
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
  });
});
