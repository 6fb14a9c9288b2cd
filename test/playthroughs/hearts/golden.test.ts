// Golden Hearts logs: whole games of built-in random players for fixed seeds in both rule
// profiles, committed as the manager's log. Any change to the rules, the deal or seat streams,
// the random strategy or the line format changes some line and fails this test.
//
// When such a change is intended, regenerate the files and review the diff before committing:
//   UPDATE_GOLDEN=1 node test/run.js test/playthroughs/hearts
import { masterKey } from '../../../src/core/random.ts';
import { hearts } from '../../../src/games/hearts/index.ts';
import { playGame } from '../../../src/runner/play/table.ts';
import { TranscriptRecorder } from '../../../src/runner/play/transcript.ts';
import { random } from '../../../strategies/hearts/random.ts';
import { heartsTable } from '../../games/hearts/tables.ts';
import { goldenTests, type GoldenCase } from '../../helpers/golden.ts';
const REGENERATE = 'UPDATE_GOLDEN=1 node test/run.js test/playthroughs/hearts';

const PLAYTHROUGHS: readonly GoldenCase[] = [
  { file: 'spec-four-players.txt', players: 4, seed: 'golden', game: 0, rules: { endScore: '0', hands: '2' } },
  { file: 'spec-three-players.txt', players: 3, seed: 'golden', game: 1, rules: { endScore: '0', hands: '1' } },
  { file: 'zadikian-server.txt', players: 4, seed: 'golden', game: 2, rules: { profile: 'zadikian-server', hands: '2' } },
];

function render(p: GoldenCase): string {
  const table = heartsTable(Array(p.players).fill(random), p.rules);
  const recorder = new TranscriptRecorder(hearts, table.rules);
  recorder.beginGame(`seed ${p.seed}, game ${p.game}`);
  table.observer = recorder;
  playGame(table, masterKey(p.seed), p.game);
  const returns = new Float64Array(p.players);
  hearts.returns(table.state, returns);
  const rules = Object.entries(table.rules).map(([key, value]) => `${key}=${value}`);
  return [
    `# hearts, ${p.players} random players, seed '${p.seed}', game ${p.game}`,
    `# rules: ${rules.join(' ')}`,
    `# regenerate deliberately with: ${REGENERATE}`,
    ...recorder.lines,
    `{ game over: totals ${[...table.state.totals].join(' ')}; returns ${[...returns].map((share) => String(Math.round(share * 1e6) / 1e6)).join(' ')} }`,
    '',
  ].join('\n');
}

goldenTests(import.meta.url, 'test/playthroughs/hearts', REGENERATE, PLAYTHROUGHS, render);
