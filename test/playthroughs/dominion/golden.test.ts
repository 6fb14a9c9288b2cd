// Golden Dominion logs: whole games of built-in priority lists for fixed seeds in both rule
// profiles, committed as the transcript's lines. Any change to the rules, the shuffle streams, the
// strategies or the line format changes some line and fails this test.
//
// When such a change is intended, regenerate the files and review the diff before committing:
//   UPDATE_GOLDEN=1 node test/run.js test/playthroughs/dominion
import { readFileSync } from 'node:fs';
import { masterKey } from '../../../src/core/random.ts';
import { dominion } from '../../../src/games/dominion/index.ts';
import { Table, playGame } from '../../../src/runner/play/table.ts';
import { TranscriptRecorder } from '../../../src/runner/play/transcript.ts';
import { builtinRegistry } from '../../../src/app.ts';
import { readPriorityList } from '../../../strategies/dominion/list-file.ts';
import { goldenTests, type GoldenCase } from '../../helpers/golden.ts';

const REGENERATE = 'UPDATE_GOLDEN=1 node test/run.js test/playthroughs/dominion';
const REMODEL_BM = new URL('../../../strategies/examples/remodel-bm.json', import.meta.url);

interface DominionCase extends GoldenCase {
  readonly seats: readonly string[];
}

const PLAYTHROUGHS: readonly DominionCase[] = [
  { file: 'spec-militia-engine.txt', players: 2, seed: 'golden', game: 0, rules: {}, seats: ['militia-bm', 'engine'] },
  { file: 'spec-three-players.txt', players: 3, seed: 'golden', game: 1, rules: {}, seats: ['smithy-bm', 'militia-bm', 'remodel-bm'] },
  {
    file: 'original-server.txt',
    players: 2,
    seed: 'golden',
    game: 2,
    rules: { profile: 'original-server' },
    seats: ['militia-bm', 'remodel-bm'],
  },
];

function definitionOf(name: string) {
  if (name === 'remodel-bm') return readPriorityList(JSON.parse(readFileSync(REMODEL_BM, 'utf8')), 'remodel-bm.json');
  return builtinRegistry().findStrategy('dominion', name)!;
}

function render(p: DominionCase): string {
  const rules = dominion.parseRules(p.rules);
  const seats = p.seats.map((name, seat) => ({
    strategy: definitionOf(name).create({ seat, players: p.players, rules, params: {} }),
    trusted: false,
  }));
  const table = new Table(dominion, rules, seats);
  const recorder = new TranscriptRecorder(dominion, rules);
  recorder.beginGame(`seed ${p.seed}, game ${p.game}`);
  table.observer = recorder;
  playGame(table, masterKey(p.seed), p.game);
  const returns = new Float64Array(p.players);
  dominion.returns(table.state, returns);
  const values = Object.entries(rules).map(([key, value]) => `${key}=${value}`);
  return [
    `# dominion, ${p.seats.join(' vs ')}, seed '${p.seed}', game ${p.game}`,
    `# rules: ${values.join(' ')}`,
    `# regenerate deliberately with: ${REGENERATE}`,
    ...recorder.lines,
    `{ game over: VP ${[...table.state.vp].join(' ')}; turns ${[...table.state.turns].join(' ')}; returns ${[...returns].map((share) => String(Math.round(share * 1e6) / 1e6)).join(' ')} }`,
    '',
  ].join('\n');
}

goldenTests(import.meta.url, 'test/playthroughs/dominion', REGENERATE, PLAYTHROUGHS, render);
