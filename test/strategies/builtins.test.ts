import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Table, TranscriptRecorder, loveLetter, masterKey, playGame, type LoveLetterView, type RuleValues } from '../../src/index.ts';
import { builtinRegistry } from '../../src/app.ts';
import { parseStrategySpec, resolveParams } from '../../src/core/strategy-spec.ts';

const registry = builtinRegistry();
const SPECS = ['random', 'cautious', 'counter', 'ismcts:iterations=40'];

/** A table of the given specs, every seat untrusted so that any illegal choice would forfeit. */
function untrustedTable(specs: readonly string[], rules: RuleValues): Table<any, LoveLetterView> {
  const players = specs.length;
  const seats = specs.map((text, seat) => {
    const spec = parseStrategySpec(text);
    const definition = registry.findStrategy('love-letter', spec.name)!;
    const params = resolveParams(spec.name, definition.params, spec.params);
    return { strategy: definition.create({ seat, players, rules, params }), trusted: false };
  });
  return new Table(loveLetter, rules, seats);
}

function transcriptOf(specs: readonly string[], rules: RuleValues, seed: string, games: number): string[] {
  const table = untrustedTable(specs, rules);
  const transcript = new TranscriptRecorder(loveLetter, rules);
  table.observer = transcript;
  for (let game = 0; game < games; game++) {
    playGame(table, masterKey(seed), game);
    assert.equal(
      table.state.tally.forfeits.reduce((sum: number, count: number) => sum + count, 0),
      0,
      `a forfeit in game ${game}`,
    );
  }
  return transcript.lines;
}

describe('built-in strategies', () => {
  const ruleSets: Record<string, string>[] = [{}, { minister: 'bust-over-12', roundTie: 'discard-sum', revealHandOnPrincessPlay: 'true' }];
  for (const ruleText of ruleSets) {
    for (const players of [2, 3, 4]) {
      test(`only legal plays, ${players} players, rules ${JSON.stringify(ruleText)}`, () => {
        const rules = loveLetter.parseRules(ruleText);
        for (let first = 0; first < SPECS.length; first++) {
          const specs = Array.from({ length: players }, (_, seat) => SPECS[(first + seat) % SPECS.length]);
          assert.ok(transcriptOf(specs, rules, `legal-${players}-${first}`, 6).length > 100);
        }
      });
    }
  }

  test('the same seed replays the same games; another seed does not', () => {
    const rules = loveLetter.parseRules({});
    const first = transcriptOf(SPECS, rules, 'replay', 4);
    assert.deepEqual(transcriptOf(SPECS, rules, 'replay', 4), first);
    assert.notDeepEqual(transcriptOf(SPECS, rules, 'another', 4), first);
  });

  test('each is registered, trusted, summed up in one line and documented with its parameters', () => {
    const readme = readFileSync(new URL('../../strategies/README.md', import.meta.url), 'utf8');
    const strategies = registry.strategiesOf('love-letter');
    assert.deepEqual(strategies.map((s) => s.name).sort(), ['cautious', 'counter', 'ismcts', 'mcts', 'random']);
    for (const strategy of strategies) {
      assert.equal(strategy.trusted, true);
      assert.match(strategy.summary, /^[^\n]{10,120}$/);
      assert.match(readme, new RegExp(`### \`${strategy.name}\``));
      for (const param of strategy.params) assert.match(readme, new RegExp(`\`${param.name}\``), `${strategy.name}.${param.name}`);
    }
  });
});
