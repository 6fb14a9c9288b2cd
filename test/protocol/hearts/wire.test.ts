import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../../src/core/events.ts';
import { masterKey } from '../../../src/core/random.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { Illegal, hearts, parseAction as cardByName, type HeartsState } from '../../../src/games/hearts/index.ts';
import { wireProtocol } from '../../../src/protocol/protocols.ts';
import { createFramer } from '../../../src/protocol/transport/framing.ts';
import { LineKind, type ClientSeat, type ServerSeat } from '../../../src/core/wire.ts';
import { Table, playGame, type TableObserver } from '../../../src/runner/play/table.ts';
import { random } from '../../../strategies/hearts/random.ts';

type Record6 = [number, number, number, number, number, number];

function copy(e: GameEvent): Record6 {
  return [e.recipients, e.kind, e.a, e.b, e.c, e.d];
}

/**
 * Plays seeded random games and, for every seat, sends what the server side encodes of each
 * record through the client side (one client for the whole run, as one bot process serves a
 * session), checking that the client gives back the records the seat received, that it is asked
 * to play exactly when the engine asks the seat, that its legal list is the engine's, and that
 * its reply reads back as the card played.
 */
function roundTrip(players: number, rules: Record<string, string>, games: number): { records: number; decisions: number } {
  const values = hearts.parseRules(rules);
  const wire = wireProtocol(hearts);
  const seats = Array.from({ length: players }, () => ({
    strategy: random.create({ seat: 0, players, rules: values, params: {} }),
    trusted: true,
  }));
  const table = new Table(hearts, values, seats);
  const servers: ServerSeat[] = Array.from({ length: players }, (_, seat) => wire.server(values, players, seat));
  const clients: ClientSeat[] = Array.from({ length: players }, () => wire.client(values, players));
  const expected: Record6[][] = Array.from({ length: players }, () => []);
  const rebuilt: Record6[][] = Array.from({ length: players }, () => []);
  /** Per seat, where each game's records start in `expected`. */
  const gameStarts: number[][] = Array.from({ length: players }, () => []);
  const engineLegal = new Int32Array(hearts.maxActions);
  const clientLegal = new Int32Array(hearts.maxActions);
  const decoded = new Int32Array(1);
  let records = 0;
  let decisions = 0;
  const send = (seat: number, text: string) =>
    clients[seat].read(text, (e) => {
      rebuilt[seat].push(copy(e));
    });
  for (let seat = 0; seat < players; seat++) {
    const [greeting] = servers[seat].open();
    assert.equal(send(seat, greeting.text), LineKind.NAME_ASKED);
  }
  const observer: TableObserver = {
    onEvent(event) {
      for (let seat = 0; seat < players; seat++) {
        if (!event.isFor(seat)) continue;
        expected[seat].push(copy(event));
        records++;
        for (const message of servers[seat].encode(event)) assert.equal(send(seat, message.text), LineKind.MESSAGE, message.text);
      }
    },
    onAction(seat, action) {
      decisions++;
      assert.equal(send(seat, servers[seat].request()!.text), LineKind.PLAY_ASKED);
      const count = hearts.legalActions(table.state as HeartsState, engineLegal);
      const clientCount = clients[seat].legalActions(table.views[seat], clientLegal);
      assert.deepEqual(clientLegal.subarray(0, clientCount), engineLegal.subarray(0, count));
      const reply = clients[seat].reply(action, (e) => rebuilt[seat].push(copy(e)))!;
      assert.deepEqual(servers[seat].decode(reply, players, decoded), { count: 1 });
      assert.equal(decoded[0], action, `reply '${reply}'`);
    },
    onForfeit() {
      assert.fail('random play never forfeits');
    },
  };
  table.observer = observer;
  const key = masterKey(`hearts wire ${players} ${JSON.stringify(rules)}`);
  for (let game = 0; game <= games; game++) {
    for (let seat = 0; seat < players; seat++) gameStarts[seat].push(expected[seat].length);
    playGame(table, key, game);
  }
  // A game's last card reaches a bot's records with the next deal: the extra game brings the last one's.
  for (let seat = 0; seat < players; seat++) {
    const upTo = gameStarts[seat][games];
    assert.ok(rebuilt[seat].length >= upTo);
    assert.deepEqual(rebuilt[seat].slice(0, upTo), expected[seat].slice(0, upTo), `seat ${seat}`);
  }
  return { records, decisions };
}

describe('the Hearts wire protocol', () => {
  for (const players of [3, 4, 5, 6]) {
    test(`round-trips every record a seat receives, ${players} players, spec rules`, () => {
      const { records, decisions } = roundTrip(players, { endScore: '60' }, 20);
      assert.ok(records > 20 * 200 && decisions > 20 * 40, `${records} records, ${decisions} decisions`);
    });
  }

  test('round-trips the original server profile: 12 tricks, last-trick scores, carry-over', () => {
    roundTrip(4, { profile: 'zadikian-server', hands: '5' }, 30);
  });

  test("reads the server's messages and refuses what is not one", () => {
    const rules = hearts.parseRules({});
    const client = wireProtocol(hearts).client(rules, 4);
    const seen: Record6[] = [];
    const read = (text: string) => client.read(text, (e) => seen.push(copy(e)));
    assert.equal(read('@'), LineKind.NAME_ASKED);
    assert.equal(read('^'), LineKind.PING);
    for (const text of ['[', ']1,34', ':4,1', ':4,1,2,34,33', 'x', '@@', ';;']) assert.equal(read(text), LineKind.UNKNOWN, text);
    // The spec's own example deal: player 1 of 4, player 2 leads.
    assert.equal(read(':4,1,2,34,33,32,31,30,17,18,19,20,21,22,23,24'), LineKind.MESSAGE);
    assert.equal(client.seat, 1);
    assert.deepEqual(seen[0], [0b10, 1, 1, 2, 4, 0], 'hand 1 begins, player 2 leads');
    assert.equal(seen.length, 14, 'and 13 cards dealt');
    assert.equal(read(']3,29'), LineKind.UNKNOWN, 'player 2 plays first');
    assert.equal(read(']2,29'), LineKind.MESSAGE);
    assert.equal(read('['), LineKind.UNKNOWN, 'player 3 is next');
    assert.equal(read(']3,35'), LineKind.MESSAGE);
    assert.equal(read(']0,36'), LineKind.MESSAGE);
    assert.equal(read('['), LineKind.PLAY_ASKED);
    const legal = new Int32Array(hearts.maxActions);
    const sevenOfClubs = cardByName('7C');
    assert.deepEqual(
      [...legal.subarray(0, client.legalActions(hearts.createView(4, 1, rules), legal))],
      [14, 15, 16, 17, 18].map((c) => c),
      'a club',
    );
    assert.equal(
      client.reply(sevenOfClubs, (e) => seen.push(copy(e))),
      '0',
      'the seven of clubs was dealt first',
    );
    assert.deepEqual(
      seen.slice(-2),
      [
        [0b1111, 3, 1, sevenOfClubs, 0, 0],
        [0b1111, 4, 0, 0, 0, 0],
      ],
      'its own card is told as to everyone, then the trick, won by the nine',
    );
    assert.equal(read(';'), LineKind.END);
  });

  test("answers the name request with at most the spec's 15 characters", () => {
    const client = wireProtocol(hearts).client(hearts.parseRules({}), 4);
    assert.equal(client.nameReply?.('strategies/hearts/ducking.ts'), 'strategies/hear');
    assert.equal(client.nameReply?.('Moon Bot'), 'Moon Bot');
  });

  test("the original server's profile pads each ']' notice to 61 bytes; the spec's sends it as it is", () => {
    const played = { kind: 3, a: 2, b: 18, recipients: 0b1111 } as GameEvent;
    const notice = (rules: Record<string, string>) => wireProtocol(hearts).server(hearts.parseRules(rules), 4, 0).encode(played)[0];
    assert.deepEqual(notice({ profile: 'zadikian-server' }), { text: ']2,34', expects: 'nothing', padTo: 61 });
    assert.equal(createFramer('vlq-nul', 100).encode(']2,34', 61).length, 62);
    assert.deepEqual(notice({}), { text: ']2,34', expects: 'nothing', padTo: 0 });
    assert.deepEqual(wireProtocol(hearts).server(hearts.parseRules({}), 4, 2).encode(played), [], 'a player is not told its own card');
  });

  test('the server reads an index into the hand as dealt, and refuses anything else', () => {
    const rules = hearts.parseRules({});
    const server = wireProtocol(hearts).server(rules, 4, 1);
    const out = new Int32Array(1);
    server.encode({ kind: 1, a: 1, b: 0, c: 4 } as GameEvent);
    for (let i = 0; i < 13; i++) server.encode({ kind: 2, a: i, b: 51 - i } as GameEvent);
    assert.deepEqual(server.decode('3', 4, out), { count: 1 });
    assert.equal(out[0], 48);
    assert.deepEqual(server.decode(' 12 ', 4, out), { count: 1 });
    assert.equal(out[0], 39);
    assert.equal((server.decode('13', 4, out) as { invalid: number }).invalid, 9);
    assert.equal((server.decode('three', 4, out) as { invalid: number }).invalid, 2);
    assert.equal((server.decode('-1', 4, out) as { invalid: number }).invalid, 2);
    assert.equal((server.decode('3abc', 4, out) as { invalid: number }).invalid, Forfeit.MALFORMED);
  });

  test("the original server's profile reads a play as C's atoi does", () => {
    const server = wireProtocol(hearts).server(hearts.parseRules({ profile: 'zadikian-server' }), 4, 1);
    const out = new Int32Array(1);
    server.encode({ kind: 1, a: 1, b: 0, c: 4 } as GameEvent);
    for (let i = 0; i < 13; i++) server.encode({ kind: 2, a: i, b: 51 - i } as GameEvent);
    const played = (reply: string): number => {
      assert.deepEqual(server.decode(reply, 4, out), { count: 1 }, `reply '${reply}'`);
      return out[0];
    };
    assert.equal(played('3abc'), 48, 'the leading digits, the rest ignored');
    assert.equal(played(' \t+12x'), 39, 'white space and a sign before them');
    assert.equal(played('three'), 51, 'no digits: index 0');
    assert.equal(played(''), 51);
    assert.equal((server.decode('-1', 4, out) as { invalid: number }).invalid, Illegal.NOT_HELD, 'an index outside the hand is not held');
    assert.equal((server.decode('13 ', 4, out) as { invalid: number }).invalid, Illegal.NOT_HELD);
    assert.equal((server.decode('forfeit', 4, out) as { invalid: number }).invalid, Forfeit.RESIGNED, "parlor's own resignation");
  });
});
