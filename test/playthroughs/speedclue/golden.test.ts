// Golden SpeedClue logs: whole games of the built-in strategies for fixed seeds in both rule
// profiles, committed as the manager's log. Any change to the rules, the deal or seat streams,
// the strategies or the line format changes some line and fails this test.
//
// When such a change is intended, regenerate the files and review the diff before committing:
//   UPDATE_GOLDEN=1 node test/run.js test/playthroughs/speedclue
import { masterKey } from '../../../src/core/random.ts';
import { speedClue } from '../../../src/games/speedclue/index.ts';
import { playGame } from '../../../src/runner/play/table.ts';
import { TranscriptRecorder } from '../../../src/runner/play/transcript.ts';
import { infogain } from '../../../strategies/speedclue/infogain.ts';
import { inference } from '../../../strategies/speedclue/inference.ts';
import { random } from '../../../strategies/speedclue/random.ts';
import { simple } from '../../../strategies/speedclue/simple.ts';
import { clueTable } from '../../games/speedclue/tables.ts';
import { goldenTests, type GoldenCase } from '../../helpers/golden.ts';

const REGENERATE = 'UPDATE_GOLDEN=1 node test/run.js test/playthroughs/speedclue';
const STRATEGIES = { random, simple, inference, infogain } as const;

interface ClueGolden extends GoldenCase {
  readonly seats: readonly (keyof typeof STRATEGIES)[];
}

const PLAYTHROUGHS: readonly ClueGolden[] = [
  {
    file: 'java-server-four-players.txt',
    players: 4,
    seed: 'golden',
    game: 0,
    rules: {},
    seats: ['infogain', 'inference', 'simple', 'random'],
  },
  {
    file: 'python-port-three-players.txt',
    players: 3,
    seed: 'golden',
    game: 1,
    rules: { profile: 'python-port' },
    seats: ['random', 'inference', 'infogain'],
  },
  {
    file: 'java-server-six-players.txt',
    players: 6,
    seed: 'golden',
    game: 2,
    rules: {},
    seats: ['simple', 'random', 'inference', 'random', 'infogain', 'simple'],
  },
];

function render(p: ClueGolden): string {
  const table = clueTable(
    p.seats.map((name) => STRATEGIES[name]),
    p.rules,
  );
  const recorder = new TranscriptRecorder(speedClue, table.rules);
  recorder.beginGame(`seed ${p.seed}, game ${p.game}`);
  table.observer = recorder;
  playGame(table, masterKey(p.seed), p.game);
  recorder.endGame(table);
  const rules = Object.entries(table.rules).map(([key, value]) => `${key}=${value}`);
  return [
    `# speedclue, ${p.players} players (${p.seats.join(', ')}), seed '${p.seed}', game ${p.game}`,
    `# rules: ${rules.join(' ')}`,
    `# regenerate deliberately with: ${REGENERATE}`,
    ...recorder.lines,
    '',
  ].join('\n');
}

goldenTests(import.meta.url, 'test/playthroughs/speedclue', REGENERATE, PLAYTHROUGHS, render);
