import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/events.ts';
import { masterKey } from '../../src/core/random.ts';
import { Ev, loveLetter, type LoveLetterState, type LoveLetterView } from '../../src/games/love-letter/index.ts';
import { wireProtocol } from '../../src/protocol/protocols.ts';
import { Due, LineKind, type ClientSeat as ProtocolReader } from '../../src/core/wire.ts';
import { Table, playGame, type TableObserver } from '../../src/runner/play/table.ts';
import { random } from '../../strategies/love-letter/random.ts';
import { managerLines } from '../helpers/love-letter-wire.ts';

type Record6 = [number, number, number, number, number, number];

function copy(e: GameEvent): Record6 {
  return [e.recipients, e.kind, e.a, e.b, e.c, e.d];
}

/**
 * Plays seeded random games and, for every seat, sends each record it receives through
 * the manager's lines and a fresh reader per round (as a bot process per round would), checking that the
 * reader gives back the same records, that it calls for a play exactly when the engine asks the
 * seat, and that its legal list is the engine's. A reader not `told` the table size (the classic
 * greeting without it) rebuilds them for a table of four, as a bot's view then sees them, and must
 * list some of the engine's plays and nothing else.
 */
function roundTrip(
  players: number,
  handshake: 'classic' | 'ident',
  games: number,
  told = true,
): { records: number; decisions: number; narrowed: number } {
  const rules = loveLetter.parseRules({ handshake });
  const protocol = wireProtocol(loveLetter);
  const seats = Array.from({ length: players }, () => ({
    strategy: random.create({ seat: 0, players, rules, params: {} }),
    trusted: true,
  }));
  const table = new Table(loveLetter, rules, seats);
  const readers: (ProtocolReader | null)[] = Array(players).fill(null);
  const assumed = told ? players : loveLetter.maxPlayers;
  const views = Array.from({ length: players }, (_, seat) => loveLetter.createView(assumed, seat, rules) as LoveLetterView);
  /** A record of the assumed table as the real one has it: the opening's table size, recipients among its seats. */
  const real = (record: Record6): Record6 => {
    const [recipients, kind, a, b, c, d] = record;
    return [recipients & ((1 << players) - 1), kind, a, kind === Ev.START ? players : b, c, d];
  };
  const expected: Record6[][] = Array.from({ length: players }, () => []);
  const rebuilt: Record6[][] = Array.from({ length: players }, () => []);
  const due = new Int32Array(players);
  const engineLegal = new Int32Array(loveLetter.maxActions);
  const readerLegal = new Int32Array(loveLetter.maxActions);
  let records = 0;
  let decisions = 0;
  let narrowed = 0;
  const observer: TableObserver = {
    onEvent(event) {
      for (let seat = 0; seat < players; seat++) {
        if (!event.isFor(seat)) continue;
        const text = managerLines(event, seat, rules);
        if (text === '') continue;
        if (event.kind === Ev.START) readers[seat] = told ? protocol.client(rules, players) : protocol.client(rules);
        const reader = readers[seat]!;
        expected[seat].push(copy(event));
        for (const line of text.split('\n')) {
          const kind = reader.read(line, (e) => {
            rebuilt[seat].push(real(copy(e)));
            views[seat].observe(e);
            if (reader.decisionDue(e, views[seat]) === Due.PLAY) due[seat]++;
          });
          assert.notEqual(kind, LineKind.UNKNOWN, line);
          assert.equal(kind === LineKind.NAME_ASKED, handshake === 'ident' && line.startsWith('ident '));
        }
        records++;
      }
    },
    onAction(seat) {
      assert.equal(due[seat], 1, `seat ${seat} was asked to play`);
      due[seat] = 0;
      decisions++;
      const count = loveLetter.legalActions(table.state as LoveLetterState, engineLegal);
      const readerCount = readers[seat]!.legalActions(views[seat], readerLegal);
      if (told) assert.deepEqual(readerLegal.subarray(0, readerCount), engineLegal.subarray(0, count));
      else {
        const legal = new Set(engineLegal.subarray(0, count));
        assert.ok(readerCount > 0, 'something to play');
        for (const action of readerLegal.subarray(0, readerCount)) assert.ok(legal.has(action), `action ${action} is legal`);
        if (readerCount < count) narrowed++;
      }
    },
    onForfeit() {
      assert.fail('random play never forfeits');
    },
  };
  table.observer = observer;
  const key = masterKey(`reader ${players} ${handshake}`);
  for (let game = 0; game < games; game++) {
    playGame(table, key, game);
    for (let seat = 0; seat < players; seat++) {
      assert.deepEqual(rebuilt[seat], expected[seat], `game ${game} seat ${seat}`);
      // A play is never due that the engine did not ask for (the last one of a game included).
      assert.equal(due[seat], 0, `game ${game} seat ${seat} expected to play`);
      expected[seat].length = 0;
      rebuilt[seat].length = 0;
    }
  }
  return { records, decisions, narrowed };
}

describe('the Love Letter protocol reader', () => {
  for (const handshake of ['classic', 'ident'] as const) {
    for (const players of [2, 3, 4]) {
      test(`rebuilds every record a seat receives, ${players} players, ${handshake} greeting`, () => {
        const { records, decisions } = roundTrip(players, handshake, 150);
        assert.ok(records > 150 * 40 && decisions > 150 * 10, `${records} records, ${decisions} decisions`);
      });
    }
  }

  for (const players of [2, 3, 4]) {
    test(`not told the table size, lists only legal plays, ${players} players, classic greeting`, () => {
      const { decisions, narrowed } = roundTrip(players, 'classic', 150, false);
      // Two players are the least a table has: there it lists every play. At more, only a play at
      // a player it has not heard of yet is left out.
      assert.ok(decisions > 150 * 10, `${decisions} decisions`);
      if (players === 2) assert.equal(narrowed, 0);
      else assert.ok(narrowed > 0 && narrowed < decisions / 4, `${narrowed} of ${decisions} decisions narrowed`);
    });
  }

  test('reads card names in any case and tells unknown lines apart', () => {
    const reader = wireProtocol(loveLetter).client(loveLetter.parseRules({}), 2);
    const seen: Record6[] = [];
    const read = (line: string) => reader.read(line, (e) => seen.push(copy(e)));
    assert.equal(read('draw soldier'), LineKind.UNKNOWN, 'nothing before the greeting');
    assert.equal(read('2'), LineKind.MESSAGE);
    assert.equal(reader.seat, 1);
    assert.equal(read('DRAW Princess'), LineKind.MESSAGE);
    assert.deepEqual(seen, [], 'the deal waits for the first player');
    assert.equal(read('player 1'), LineKind.MESSAGE);
    assert.deepEqual(seen, [
      [0b10, Ev.START, 0, 2, 0, 0],
      [0b10, Ev.DRAW, 8, 0, 0, 0],
      [0b11, Ev.PLAYER, 0, 0, 0, 0],
    ]);
    assert.equal(read('Played 1 SOLDIER 2 Wizard'), LineKind.MESSAGE);
    assert.deepEqual(seen.at(-1), [0b11, Ev.PLAYED, 0, 1, 1, 5]);
    for (const line of [
      'hello',
      'draw joker',
      'draw',
      'played 3 soldier 1 clown',
      'played 1 soldier 2 clown extra',
      'reveal 1',
      'out 1 clown clown clown',
      'player 0',
      'ident 1',
    ]) {
      assert.equal(read(line), LineKind.UNKNOWN, line);
    }
    assert.equal(read('out 1 wizard general'), LineKind.MESSAGE);
    assert.deepEqual(seen.at(-1), [0b11, Ev.OUT, 0, 5, 6, 0]);
    assert.equal(read('player 2'), LineKind.MESSAGE);
    assert.deepEqual(seen.at(-1), [0b10, Ev.PLAYER, 1, 0, 0, 0], 'public messages go to the players still in');
  });

  test('knows that no play is due after a draw that busts the minister', () => {
    const cases = [
      ['bust-at-12', 'priestess', 1],
      ['bust-at-12', 'wizard', 0],
      ['bust-over-12', 'wizard', 1],
      ['bust-over-12', 'general', 0],
      ['bust-over-12', 'princess', 0],
    ] as const;
    for (const [minister, drawn, plays] of cases) {
      const rules = loveLetter.parseRules({ minister });
      const reader = wireProtocol(loveLetter).client(rules, 2);
      const view = loveLetter.createView(2, 0, rules);
      let due = 0;
      let dueWhileOut = 0;
      for (const line of ['1', 'draw minister', 'player 1', `draw ${drawn}`]) {
        reader.read(line, (e) => {
          view.observe(e);
          const decision = reader.decisionDue(e, view);
          if (decision === Due.PLAY) due++;
          if (decision === Due.PLAY_WHILE_OUT) dueWhileOut++;
        });
      }
      assert.equal(due, plays, `${minister}: minister with ${drawn}`);
      assert.equal(dueWhileOut, 1 - plays, `${minister}: minister with ${drawn}, out by the bot's rules`);
    }
  });
});
