// The strategy APIs (`parlor/strategy` and `parlor/strategy/<game>`) as a strategy author meets
// them: each name says what it is for, none is the runner's own machinery, what the guide imports
// is there, and nothing they hand out can be changed by a strategy sharing the runner's process.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportDocs } from '../helpers/export-docs.ts';
import { ROOT } from '../helpers/imports.ts';

const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };

/** Each strategy API's module (from the project root), by the name a strategy imports it by. */
const APIS = new Map(
  Object.entries(exports)
    .filter(([name]) => name.startsWith('./strategy'))
    .map(([name, file]) => [`parlor${name.slice(1)}`, file.slice(2)]),
);

/**
 * The runner's own, which a strategy must not come to depend on: the engines' states and state
 * views, the rule option tables and their command-line parsers, the label and metric tables that
 * summaries print, the engines' scoring and phases, and the protocols' card codes.
 */
const INTERNALS = [
  /^(LoveLetter|Hearts|Dominion|SpeedClue)State(View)?$/,
  /_RULES$/,
  /^parse\w+Rules$/,
  /LABELS$/,
  /METRICS$/,
  /^(Metric|EndCause|OutCause|Outcome|Phase|Standing|scores)$/,
  /^(wireCard|cardOfWire|CARD_CODES|cardOfCode|tripleCodes|SERVER_SUPPLY_ORDER)$/,
];

const docs = exportDocs([...APIS.values()]);

describe('each strategy API', () => {
  test('package.json names the shared one and one for each game', () => {
    assert.deepEqual(
      [...APIS.keys()],
      ['parlor/strategy', 'parlor/strategy/love-letter', 'parlor/strategy/hearts', 'parlor/strategy/dominion', 'parlor/strategy/speedclue'],
    );
  });

  for (const [api, file] of APIS) {
    const exported = docs.get(file)!;

    test(`${api}: every export carries a doc comment`, () => {
      assert.ok(exported.size > 40, `exports found: ${exported.size}`);
      assert.deepEqual(
        [...exported].filter(([, doc]) => !doc).map(([name]) => name),
        [],
      );
    });

    test(`${api}: exports none of the runner's internals`, () => {
      assert.deepEqual(
        [...exported.keys()].filter((name) => INTERNALS.some((internal) => internal.test(name))),
        [],
      );
    });

    test(`${api}: what it hands out is frozen`, async () => {
      const module = (await import(join(ROOT, file))) as Record<string, unknown>;
      const open = Object.entries(module)
        .filter(([, value]) => (typeof value === 'object' || typeof value === 'function') && value !== null)
        .filter(([, value]) => !ArrayBuffer.isView(value) && !Object.isFrozen(value))
        .map(([name]) => name);
      assert.deepEqual(open, []);
      const game = module.default as { legalActions: unknown };
      assert.throws(() => {
        game.legalActions = () => 0;
      }, TypeError);
    });
  }

  test('exports every name that strategies/README.md and the examples import from it', () => {
    const sources = [
      'strategies/README.md',
      ...['first-card', 'hearts-low', 'dominion-big-money', 'moat-bm', 'speedclue-certain'].map((name) => `strategies/examples/${name}.ts`),
    ];
    const missing: string[] = [];
    let imported = 0;
    for (const source of sources) {
      const text = readFileSync(join(ROOT, source), 'utf8');
      for (const [, names, api] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(parlor\/strategy[^']*)'/g)) {
        for (const entry of names.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim())) {
          if (!entry) continue;
          imported++;
          if (!docs.get(APIS.get(api)!)?.has(entry)) missing.push(`${source}: ${entry} from ${api}`);
        }
      }
    }
    assert.ok(imported > 40, `names imported: ${imported}`);
    assert.deepEqual(missing, []);
  });
});
