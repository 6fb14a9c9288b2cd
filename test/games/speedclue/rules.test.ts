// SpeedClue's rules, table by table: who disproves and whether it is asked, what each seat is
// told, the contest's restrictions and their codes, elimination and the end of a game.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { ErrorCodes } from '../../../src/core/errors.ts';
import { masterKey } from '../../../src/core/random.ts';
import {
  CARDS,
  Ev,
  FORFEIT_LABELS,
  Metric,
  NO_ACCUSATION,
  Outcome,
  TRIPLES,
  TRIPLE_MASK,
  handSizeOf,
  parseAction,
  speedClue,
  type SpeedClueState,
} from '../../../src/games/speedclue/index.ts';
import { FOUR_SEATS, THREE_SEATS, card, craftedGame, drain, legalOf, triple } from './tables.ts';

const PYTHON = { profile: 'python-port' };

/** Plays each move through the checked apply, every one of which must be accepted. */
function play(state: SpeedClueState, moves: readonly string[]): void {
  for (const move of moves) {
    const action = parseAction(move);
    assert.ok(action >= 0, `'${move}' does not parse`);
    const seat = speedClue.currentPlayer(state);
    assert.equal(
      speedClue.applyChecked(state, action),
      0,
      `seat ${seat} refused '${move}': ${FORFEIT_LABELS[speedClue.applyChecked(state, action)]}`,
    );
  }
}

function refusal(state: SpeedClueState, move: string): string {
  return FORFEIT_LABELS[speedClue.applyChecked(state, parseAction(move))];
}

describe('the deal', () => {
  for (const players of [3, 4, 5, 6]) {
    test(`${players} players: the solution apart, 18 cards in contiguous blocks, the extra cards to the first seats`, () => {
      const state = speedClue.createState(players, speedClue.parseRules({}));
      const expected = { 3: [6, 6, 6], 4: [5, 5, 4, 4], 5: [4, 4, 4, 3, 3], 6: [3, 3, 3, 3, 3, 3] }[players];
      assert.deepEqual(
        Array.from({ length: players }, (_, seat) => handSizeOf(players, seat)),
        expected,
      );
      for (let game = 0; game < 20; game++) {
        speedClue.reset(state, masterKey('deal'), game);
        const records = drain(state);
        let all = TRIPLE_MASK[state.solution];
        for (let seat = 0; seat < players; seat++) {
          const dealt = records.filter((r) => r.kind === Ev.DEALT && r.recipients === 1 << seat).map((r) => r.b);
          assert.equal(dealt.length, expected![seat]);
          const start = expected!.slice(0, seat).reduce((sum, size) => sum + size, 0);
          assert.deepEqual(dealt, [...state.deck.subarray(start, start + dealt.length)]);
          for (const c of dealt) {
            assert.equal(all & (1 << c), 0, `card ${c} dealt twice or in the solution`);
            all |= 1 << c;
          }
          assert.equal(
            state.hand[seat],
            dealt.reduce((mask, c) => mask | (1 << c), 0),
          );
        }
        assert.equal(all, (1 << CARDS) - 1);
      }
    });
  }

  test('the solution is uniform over its categories (3,240 deals, five standard deviations)', () => {
    const state = speedClue.createState(4, speedClue.parseRules({}));
    const counts = new Map<number, number>();
    const games = 3240;
    for (let game = 0; game < games; game++) {
      speedClue.reset(state, masterKey('uniform'), game);
      for (let rest = TRIPLE_MASK[state.solution]; rest !== 0; rest &= rest - 1) {
        const c = 31 - Math.clz32(rest & -rest);
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    }
    for (let c = 0; c < CARDS; c++) {
      const p = c < 12 ? 1 / 6 : 1 / 9;
      const mean = games * p;
      const sd = Math.sqrt(games * p * (1 - p));
      assert.ok(Math.abs((counts.get(c) ?? 0) - mean) < 5 * sd, `card ${c}: ${counts.get(c)} times, expected about ${mean}`);
    }
  });
});

interface DisproofCase {
  readonly name: string;
  readonly rules: Readonly<Record<string, string>>;
  readonly before: readonly string[];
  readonly suggestion: string;
  /** The seat that disproves, -1 for nobody. */
  readonly disprover: number;
  /** Whether it is asked to choose; otherwise the card shown for it. */
  readonly asked: boolean;
  readonly shown?: string;
}

// Four seats: 0 Mu Kn Bi Co Di, 1 Pe Pi Re Ha Ki, 2 Pl Ro Li Lo, 3 Sc Wh Wr St; solution Gr Ca Ba.
const DISPROOFS: readonly DisproofCase[] = [
  { name: 'several matches: the holder is asked', rules: {}, before: [], suggestion: 'Pe Pi Ha', disprover: 1, asked: true },
  { name: 'one match: shown for its holder', rules: {}, before: [], suggestion: 'Pl Kn Ba', disprover: 2, asked: false, shown: 'Pl' },
  { name: 'one match, python-port: asked all the same', rules: PYTHON, before: [], suggestion: 'Pl Kn Ba', disprover: 2, asked: true },
  {
    name: 'one match, askSingleMatch=true alone',
    rules: { askSingleMatch: 'true' },
    before: [],
    suggestion: 'Pl Kn Ba',
    disprover: 2,
    asked: true,
  },
  {
    name: 'the first holder clockwise disproves, not the others',
    rules: {},
    before: [],
    suggestion: 'Sc Pi Lo',
    disprover: 1,
    asked: false,
    shown: 'Pi',
  },
  { name: 'nobody holds a card: undisproved', rules: {}, before: [], suggestion: 'Gr Ca Ba', disprover: -1, asked: false },
  { name: "the suggester's own cards do not disprove", rules: {}, before: [], suggestion: 'Gr Kn Bi', disprover: -1, asked: false },
  {
    name: 'a player out of the game still disproves',
    rules: {},
    before: ['suggest Pe Ca Ba', 'accuse Pl Ro Li'],
    suggestion: 'Mu Kn Bi',
    disprover: 3,
    asked: true,
  },
];

describe('disproving', () => {
  for (const c of DISPROOFS) {
    test(c.name, () => {
      const state = craftedGame(FOUR_SEATS, c.rules);
      play(state, c.before);
      drain(state);
      const suggester = speedClue.currentPlayer(state);
      play(state, [`suggest ${c.suggestion}`]);
      const records = drain(state);
      if (c.asked) {
        assert.equal(speedClue.currentPlayer(state), (suggester + c.disprover) % 4);
        assert.deepEqual(records, [
          { recipients: 1 << state.current, kind: Ev.DISPROVE, a: suggester, b: triple(c.suggestion), c: 0, d: 0 },
        ]);
        assert.deepEqual(
          legalOf(state).map((action) => action - parseAction('show Gr')),
          c.suggestion
            .split(' ')
            .map(card)
            .filter((x) => (state.hand[state.current] & (1 << x)) !== 0),
        );
        return;
      }
      assert.equal(speedClue.currentPlayer(state), suggester, 'the suggester is asked to accuse next');
      const disprover = c.disprover < 0 ? -1 : (suggester + c.disprover) % 4;
      const outcome = records.filter((r) => r.kind === Ev.SUGGESTION);
      if (disprover < 0) {
        assert.deepEqual(outcome, [{ recipients: 0b1111, kind: Ev.SUGGESTION, a: suggester, b: triple(c.suggestion), c: -1, d: -1 }]);
        return;
      }
      const privy = (1 << suggester) | (1 << disprover);
      assert.deepEqual(outcome, [
        { recipients: 1 << suggester, kind: Ev.SUGGESTION, a: suggester, b: triple(c.suggestion), c: disprover, d: card(c.shown!) },
        { recipients: 1 << disprover, kind: Ev.SUGGESTION, a: suggester, b: triple(c.suggestion), c: disprover, d: card(c.shown!) },
        { recipients: 0b1111 & ~privy, kind: Ev.SUGGESTION, a: suggester, b: triple(c.suggestion), c: disprover, d: -1 },
      ]);
    });
  }

  test('the card chosen is told to the suggester and the disprover only', () => {
    const state = craftedGame(FOUR_SEATS);
    play(state, ['suggest Pe Pi Ha']);
    drain(state);
    play(state, ['show Ha']);
    assert.deepEqual(
      drain(state).filter((r) => r.kind === Ev.SUGGESTION),
      [
        { recipients: 0b0001, kind: Ev.SUGGESTION, a: 0, b: triple('Pe Pi Ha'), c: 1, d: card('Ha') },
        { recipients: 0b0010, kind: Ev.SUGGESTION, a: 0, b: triple('Pe Pi Ha'), c: 1, d: card('Ha') },
        { recipients: 0b1100, kind: Ev.SUGGESTION, a: 0, b: triple('Pe Pi Ha'), c: 1, d: -1 },
      ],
    );
    assert.ok((state.seen[0] & (1 << card('Ha'))) !== 0);
  });
});

interface RestrictionCase {
  readonly name: string;
  readonly hands: readonly string[];
  readonly before: readonly string[];
  readonly move: string;
  /** The forfeit label under the Java server's rules, and under the Python port's ('' when allowed). */
  readonly java: string;
  readonly python: string;
}

// Three seats: 0 Mu Pe Kn Pi Bi Co, 1 Pl Sc Re Ro Di Ha, 2 Wh Wr Ki Li Lo St; solution Gr Ca Ba.
const ROUND = ['suggest Pl Re Di', 'show Pl', '-', 'suggest Mu Kn Bi', 'show Mu', '-', 'suggest Wh Wr Ki', '-'];
const RESTRICTIONS: readonly RestrictionCase[] = [
  {
    name: 'a repeated suggestion',
    hands: THREE_SEATS,
    before: ROUND,
    move: 'suggest Pl Re Di',
    java: 'repeated-suggestion',
    python: 'repeated-suggestion',
  },
  {
    name: 'an accusation naming a card held',
    hands: THREE_SEATS,
    before: ['suggest Pl Re Di', 'show Pl'],
    move: 'accuse Mu Ca Ba',
    java: 'suicidal-accusation',
    python: '',
  },
  {
    name: 'an accusation naming a card shown',
    hands: THREE_SEATS,
    before: ['suggest Pl Re Di', 'show Pl'],
    move: 'accuse Pl Ca Ba',
    java: 'suicidal-accusation',
    python: '',
  },
  {
    name: 'no accusation after an undisproved unseen suggestion',
    hands: THREE_SEATS,
    before: ['suggest Gr Ca Ba'],
    move: '-',
    java: 'missed-accusation',
    python: '',
  },
  {
    name: 'an undisproved suggestion naming its own card obliges nothing',
    hands: THREE_SEATS,
    before: ['suggest Gr Ca Bi'],
    move: '-',
    java: '',
    python: '',
  },
  {
    name: 'showing a held card not suggested',
    hands: THREE_SEATS,
    before: ['suggest Pl Re Di'],
    move: 'show Sc',
    java: 'invalid-disprove',
    python: 'invalid-disprove',
  },
  {
    name: 'showing a suggested card not held',
    hands: FOUR_SEATS,
    before: ['suggest Pe Pi Lo'],
    move: 'show Lo',
    java: 'invalid-disprove',
    python: 'invalid-disprove',
  },
  {
    name: 'an accusation when asked to suggest',
    hands: THREE_SEATS,
    before: [],
    move: 'accuse Gr Ca Ba',
    java: 'out-of-order',
    python: 'out-of-order',
  },
  { name: 'no accusation when asked to suggest', hands: THREE_SEATS, before: [], move: '-', java: 'out-of-order', python: 'out-of-order' },
  { name: 'a card when asked to suggest', hands: THREE_SEATS, before: [], move: 'show Mu', java: 'out-of-order', python: 'out-of-order' },
  {
    name: 'a suggestion when asked to disprove',
    hands: THREE_SEATS,
    before: ['suggest Pl Re Di'],
    move: 'suggest Pl Re Di',
    java: 'out-of-order',
    python: 'out-of-order',
  },
  {
    name: 'a suggestion when asked to accuse',
    hands: THREE_SEATS,
    before: ['suggest Gr Ca Bi'],
    move: 'suggest Gr Ca Co',
    java: 'out-of-order',
    python: 'out-of-order',
  },
];

describe('restrictions', () => {
  for (const c of RESTRICTIONS) {
    for (const [profile, expected] of [
      ['java-server', c.java],
      ['python-port', c.python],
    ] as const) {
      test(`${c.name}, ${profile}: ${expected || 'allowed'}`, () => {
        const state = craftedGame(c.hands, { profile });
        play(state, c.before);
        const legal = legalOf(state);
        const action = parseAction(c.move);
        const before = legal.join(' ');
        assert.equal(refusal(state, c.move), expected || 'none');
        if (expected) {
          assert.equal(legalOf(state).join(' '), before, 'a refused move changed the state');
          assert.ok(!legal.includes(action), 'a refused move is listed as legal');
        } else {
          assert.ok(legal.includes(action), 'an allowed move is not listed');
        }
      });
    }
  }
});

describe('accusations and the end', () => {
  test('a right accusation wins at once, counted as solved in its own first turn', () => {
    const state = craftedGame(FOUR_SEATS);
    play(state, ['suggest Gr Ca Ba', 'accuse Gr Ca Ba']);
    assert.ok(speedClue.isTerminal(state));
    assert.equal(speedClue.currentPlayer(state), -1);
    const returns = new Float64Array(4);
    speedClue.returns(state, returns);
    assert.deepEqual([...returns], [1, 0, 0, 0]);
    const records = drain(state);
    assert.deepEqual(records.at(-2), { recipients: 0b1111, kind: Ev.ACCUSATION, a: 0, b: triple('Gr Ca Ba'), c: 1, d: 0 });
    assert.deepEqual(records.at(-1), { recipients: 0, kind: Ev.GAME_OVER, a: 0, b: Outcome.SOLVED, c: 0, d: 0 });
    const tally = state.tally;
    const turns = tally.metricOffset(Metric.TURNS_TO_SOLVE, 0);
    assert.deepEqual([...tally.counts.subarray(turns, turns + 3)], [1, 1, 1]);
    assert.equal(tally.counts[tally.metricOffset(Metric.OUTCOMES, 0) + Outcome.SOLVED], 1);
    assert.equal(tally.counts[tally.metricOffset(Metric.OUTCOMES, 1) + Outcome.LOST], 1);
  });

  test('wrong accusations put players out; the last one in wins without a message', () => {
    const state = craftedGame(THREE_SEATS);
    play(state, ['suggest Pl Re Di', 'show Pl', 'accuse Sc Wr Ki', 'suggest Mu Kn Bi', 'show Mu']);
    assert.equal(speedClue.currentPlayer(state), 1);
    drain(state);
    play(state, ['accuse Gr Wr Ki']);
    assert.ok(speedClue.isTerminal(state));
    const returns = new Float64Array(3);
    speedClue.returns(state, returns);
    assert.deepEqual([...returns], [0, 0, 1]);
    assert.deepEqual(drain(state), [
      { recipients: 0b111, kind: Ev.ACCUSATION, a: 1, b: triple('Gr Wr Ki'), c: 0, d: 0 },
      { recipients: 0, kind: Ev.GAME_OVER, a: 2, b: Outcome.LAST_STANDING, c: 0, d: 0 },
    ]);
    const outcomes = [0, 1, 2].map((seat) => {
      const at = state.tally.metricOffset(Metric.OUTCOMES, seat);
      return [...state.tally.counts.subarray(at, at + 5)].indexOf(1);
    });
    assert.deepEqual(outcomes, [Outcome.WRONG_ACCUSATION, Outcome.WRONG_ACCUSATION, Outcome.LAST_STANDING]);
  });

  for (const [profile, told] of [
    ['java-server', 0b1111],
    ['python-port', 0b1110],
  ] as const) {
    test(`${profile}: a player out is told ${told === 0b1111 ? 'every' : 'no'} later suggestion or accusation`, () => {
      const state = craftedGame(FOUR_SEATS, { profile });
      const showPe = profile === 'python-port' ? ['show Pe'] : [];
      play(state, ['suggest Pe Ca Ba', ...showPe, 'accuse Pl Ro Li']);
      drain(state);
      play(state, ['suggest Sc Wr Ba', 'show Sc']);
      const records = drain(state).filter((r) => r.kind === Ev.SUGGESTION);
      assert.equal(
        records.reduce((mask, r) => mask | r.recipients, 0),
        told,
      );
      play(state, ['accuse Gr Ca Co']);
      assert.equal(drain(state).find((r) => r.kind === Ev.ACCUSATION)!.recipients, told);
    });
  }

  test('a player that has made every suggestion must accuse (python-port, where nothing else obliges it)', () => {
    const state = craftedGame(THREE_SEATS, PYTHON);
    const legal = new Int32Array(speedClue.maxActions);
    while (state.turns[0] <= TRIPLES) {
      speedClue.legalActions(state, legal);
      speedClue.apply(state, legal[0]);
      state.events.clear();
    }
    const actions = legalOf(state);
    assert.ok(!actions.includes(NO_ACCUSATION));
    assert.equal(actions.length, TRIPLES);
    assert.equal(refusal(state, '-'), 'missed-accusation');
  });
});

describe('disqualification', () => {
  test('a disprover that forfeits is out; its lowest match is shown for it and it never plays again', () => {
    const state = craftedGame(FOUR_SEATS);
    play(state, ['suggest Pe Pi Ha']);
    drain(state);
    speedClue.forfeit(state, Forfeit.TIMEOUT);
    assert.deepEqual(drain(state), [
      { recipients: 0, kind: Ev.DISQUALIFIED, a: 1, b: Forfeit.TIMEOUT, c: 0, d: 0 },
      { recipients: 0b0001, kind: Ev.SUGGESTION, a: 0, b: triple('Pe Pi Ha'), c: 1, d: card('Pe') },
      { recipients: 0b0010, kind: Ev.SUGGESTION, a: 0, b: triple('Pe Pi Ha'), c: 1, d: card('Pe') },
      { recipients: 0b1100, kind: Ev.SUGGESTION, a: 0, b: triple('Pe Pi Ha'), c: 1, d: -1 },
    ]);
    assert.equal(speedClue.currentPlayer(state), 0);
    play(state, ['-']);
    assert.equal(speedClue.currentPlayer(state), 2, 'the turn skips the disqualified seat');
    // Its cards still disprove, chosen for it without asking: Re before Ha.
    play(state, ['suggest Gr Re Ha']);
    assert.equal(speedClue.currentPlayer(state), 2);
    assert.equal(drain(state).find((r) => r.kind === Ev.SUGGESTION && (r.recipients & 0b100) !== 0)!.d, card('Re'));
    assert.equal(state.tally.forfeits[1 * FORFEIT_LABELS.length + Forfeit.TIMEOUT], 1);
  });

  test('a disqualification that leaves one player in ends the game', () => {
    const state = craftedGame(THREE_SEATS);
    play(state, ['suggest Pl Re Di', 'show Pl', 'accuse Sc Wr Ki']);
    speedClue.forfeit(state, Forfeit.MALFORMED);
    assert.ok(speedClue.isTerminal(state));
    assert.equal(state.winner, 2);
    const at = state.tally.metricOffset(Metric.OUTCOMES, 1);
    assert.equal(state.tally.counts[at + Outcome.DISQUALIFIED], 1);
  });
});

describe('rule options', () => {
  test('the profiles preset their options, and options beside them override', () => {
    assert.deepEqual(speedClue.parseRules({}), {
      profile: 'java-server',
      askSingleMatch: false,
      tellEliminated: true,
      accusationRules: true,
    });
    assert.deepEqual(speedClue.parseRules(PYTHON), {
      profile: 'python-port',
      askSingleMatch: true,
      tellEliminated: false,
      accusationRules: false,
    });
    assert.equal(speedClue.parseRules({ profile: 'python-port', accusationRules: 'true' }).accusationRules, true);
  });

  test('unknown options and values are refused with a clear error', () => {
    for (const pairs of [{ profile: 'lua-port' }, { askSingleMatch: 'yes' }, { turnLimit: '10' }] as Record<string, string>[]) {
      assert.throws(
        () => speedClue.parseRules(pairs),
        (error: any) => error.code === ErrorCodes.BAD_RULE && /\S/.test(error.message),
      );
    }
  });

  test('tables of 2 or 7 players are refused', () => {
    for (const players of [2, 7]) assert.throws(() => speedClue.createState(players, speedClue.parseRules({})), /3 to 6 players/);
  });
});
