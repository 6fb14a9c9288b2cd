import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CARD_NAMES,
  Card,
  TranscriptRecorder,
  Table,
  encodeAction,
  loveLetter,
  masterKey,
  playGame,
  type GameEvent,
  type LoveLetterView,
  type Rng,
  type Strategy,
} from '../../src/index.ts';
import { builtinRegistry } from '../../src/app.ts';

/** What a view says at one decision, in plain numbers. */
interface Knowledge {
  hand: number[];
  inRound: number[];
  protectedSeat: number[];
  deckCount: number;
  seen: number[];
}

/** Wraps a strategy and records its view at every decision. */
class Recorder implements Strategy<LoveLetterView> {
  readonly observes = true;
  readonly decisions: Knowledge[] = [];
  constructor(private readonly inner: Strategy<LoveLetterView>) {}
  restart(): void {
    this.inner.restart();
  }
  inform(event: GameEvent): void {
    this.inner.inform(event);
  }
  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    this.decisions.push({
      hand: Array.from(view.hand.subarray(0, view.handCount)).sort(),
      inRound: Array.from(view.inRound),
      protectedSeat: Array.from(view.protectedSeat),
      deckCount: view.deckCount,
      seen: Array.from(view.seen.subarray(1)),
    });
    return this.inner.choose(view, legal, count, rng);
  }
}

/** Plays badly on purpose now and then (a card it does not hold), so forfeits appear. */
class Blunderer implements Strategy<LoveLetterView> {
  readonly observes = false;
  restart(): void {}
  inform(): void {}
  choose(view: LoveLetterView, legal: Int32Array, count: number, rng: Rng): number {
    return rng.int(12) === 0 ? encodeAction(Card.MINISTER, -1, 0) : legal[rng.int(count)];
  }
}

/**
 * One player's knowledge, rebuilt from nothing but the protocol lines it was sent, by reading
 * the messages as a bot would. Deliberately independent of the view's code.
 */
class TranscriptReader {
  hand: number[] = [];
  inRound: number[] = [];
  protectedSeat: number[] = [];
  deckCount = 0;
  seen: number[] = [];
  receiving = false;
  /** A wizard victim draws again unless an `out` for it follows the discard at once. */
  private redrawOf = -1;

  constructor(
    private readonly seat: number,
    private readonly players: number,
    private readonly base: number,
  ) {}

  startRound(): void {
    this.hand = [];
    this.inRound = Array(this.players).fill(1);
    this.protectedSeat = Array(this.players).fill(0);
    this.deckCount = 16 - 1 - this.players;
    this.seen = Array(8).fill(0);
    this.receiving = true;
    this.redrawOf = -1;
  }

  snapshot(): Knowledge {
    return {
      hand: [...this.hand].sort(),
      inRound: this.inRound,
      protectedSeat: this.protectedSeat,
      deckCount: this.deckCount,
      seen: this.seen,
    };
  }

  read(message: string): void {
    const [verb, ...words] = message.split(' ');
    const card = (word: string) => CARD_NAMES.indexOf(word);
    const player = (word: string) => Number(word) - this.base;
    const redrawOf = this.redrawOf;
    this.redrawOf = -1;
    switch (verb) {
      case 'draw':
        this.hand.push(card(words[0]));
        break;
      case 'swap':
        this.hand = [card(words[0])];
        break;
      case 'player':
        this.protectedSeat[player(words[0])] = 0;
        this.deckCount--;
        break;
      case 'played': {
        const [actor, played] = [player(words[0]), card(words[1])];
        this.seen[played - 1]++;
        if (played === Card.PRIESTESS) this.protectedSeat[actor] = 1;
        if (actor === this.seat) this.hand.splice(this.hand.indexOf(played), 1);
        break;
      }
      case 'discard': {
        const victim = player(words[0]);
        this.seen[card(words[1]) - 1]++;
        if (victim === this.seat) this.hand = [];
        this.deckCount--;
        this.redrawOf = victim;
        break;
      }
      case 'out': {
        const out = player(words[0]);
        for (const word of words.slice(1)) this.seen[card(word) - 1]++;
        if (out === redrawOf && words.length === 1) this.deckCount++;
        this.inRound[out] = 0;
        if (out === this.seat) {
          this.hand = [];
          this.receiving = false;
        }
        break;
      }
      default:
        // reveal: the view keeps no record of it; greetings are handled by the caller.
        break;
    }
  }
}

/** Replays the transcript for every seat and compares each decision with the recorded view. */
function checkTranscript(lines: readonly string[], recorders: readonly Recorder[], players: number, base: number, ident: boolean): number {
  const readers = recorders.map((_, seat) => new TranscriptReader(seat, players, base));
  const decisionsSeen = recorders.map(() => 0);
  let checked = 0;
  for (const line of lines) {
    const match = /^\[(\w+) -> (\w+)\] (.*)$/.exec(line);
    if (!match) continue;
    const [, from, to, message] = match;
    if (to === 'manager') {
      const seat = Number(from) - base;
      const expected = readers[seat].snapshot();
      const actual = recorders[seat].decisions[decisionsSeen[seat]++];
      assert.deepEqual(actual, expected, `decision ${decisionsSeen[seat]} of seat ${seat}, before line '${line}'`);
      checked++;
      continue;
    }
    if (to === 'all') {
      for (const reader of readers) if (reader.receiving) reader.read(message);
      continue;
    }
    const reader = readers[Number(to) - base];
    const greeting = ident ? message.startsWith('ident ') : /^\d+$/.test(message);
    if (greeting) reader.startRound();
    else if (!/^(players|start) /.test(message)) reader.read(message);
  }
  recorders.forEach((recorder, seat) => assert.equal(decisionsSeen[seat], recorder.decisions.length));
  return checked;
}

function playRecorded(players: number, ruleText: Record<string, string>, seed: string, games: number) {
  const registry = builtinRegistry();
  const rules = loveLetter.parseRules(ruleText);
  const names = ['counter', 'random', 'cautious', 'blunder'];
  const recorders = Array.from({ length: players }, (_, seat) => {
    const name = names[seat % names.length];
    const inner =
      name === 'blunder' ? new Blunderer() : registry.findStrategy('love-letter', name)!.create({ seat, players, rules, params: {} });
    return new Recorder(inner);
  });
  const table = new Table(
    loveLetter,
    rules,
    recorders.map((strategy, seat) => ({ strategy, trusted: names[seat % names.length] !== 'blunder' })),
  );
  const transcript = new TranscriptRecorder(loveLetter, rules);
  table.observer = transcript;
  const key = masterKey(seed);
  for (let game = 0; game < games; game++) {
    transcript.beginGame(`game ${game}`);
    playGame(table, key, game);
  }
  return { lines: transcript.lines, recorders, base: loveLetter.seatNumber(0, rules) };
}

describe('a view holds exactly what the protocol told its player', () => {
  for (const players of [2, 3, 4]) {
    test(`${players} players, classic handshake`, () => {
      const { lines, recorders, base } = playRecorded(players, {}, `knowledge-${players}`, 30);
      assert.ok(lines.some((line) => line.includes('forfeits')) || players < 4, 'the blunderer forfeited at least once');
      assert.ok(checkTranscript(lines, recorders, players, base, false) > 500);
    });
  }

  test('4 players, ident handshake, princess plays reveal the other card', () => {
    const { lines, recorders, base } = playRecorded(4, { handshake: 'ident', revealHandOnPrincessPlay: 'true' }, 'knowledge-ident', 30);
    assert.equal(base, 0);
    assert.ok(checkTranscript(lines, recorders, 4, base, true) > 500);
  });
});
