import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GameEvent, setRecord } from '../../../src/core/events.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { Ev, cardOfCode, formatAction, parseTriple, speedClue } from '../../../src/games/speedclue/index.ts';
import { wireProtocol } from '../../../src/protocol/protocols.ts';
import { LineKind, type Outbound } from '../../../src/core/wire.ts';

const wire = wireProtocol(speedClue);
const JAVA = speedClue.parseRules({});
const PYTHON_PORT = speedClue.parseRules({ profile: 'python-port' });

const record = (kind: number, a: number, b: number, c = 0, d = 0) => setRecord(new GameEvent(), 1, kind, a, b, c, d);
const triple = (codes: string) => parseTriple(...(codes.split(' ') as [string, string, string]));
const card = cardOfCode;
const texts = (messages: readonly Outbound[]) =>
  messages.map((message) => `${message.text} (${message.expects}${message.ack ? ` ${message.ack}` : ''})`);

describe("the server's side of a seat", () => {
  test("sends the hand as one reset once it is dealt, and the news as the spec's examples have them", () => {
    const server = wire.server(JAVA, 6, 3);
    assert.deepEqual(texts(server.encode(record(Ev.GAME_START, 6, 3, 3))), []);
    assert.deepEqual(texts(server.encode(record(Ev.DEALT, 0, card('Gr')))), []);
    assert.deepEqual(texts(server.encode(record(Ev.DEALT, 1, card('Ca')))), []);
    assert.deepEqual(texts(server.encode(record(Ev.DEALT, 2, card('Ba')))), ['reset 6 3 Gr Ca Ba (ack ok)']);
    assert.deepEqual(texts(server.encode(record(Ev.SUGGESTION, 0, triple('Gr Ca Ba'), 3, card('Ca')))), [
      'suggestion 0 Gr Ca Ba 3 Ca (ack ok)',
    ]);
    assert.deepEqual(texts(server.encode(record(Ev.SUGGESTION, 0, triple('Gr Ca Ba'), 3, -1))), ['suggestion 0 Gr Ca Ba 3 (ack ok)']);
    assert.deepEqual(texts(server.encode(record(Ev.SUGGESTION, 2, triple('Wh Pi Bi'), -1, -1))), ['suggestion 2 Wh Pi Bi - (ack ok)']);
    assert.deepEqual(texts(server.encode(record(Ev.ACCUSATION, 3, triple('Pe Kn Ha'), 0))), ['accusation 3 Pe Kn Ha - (ack ok)']);
    assert.deepEqual(texts(server.encode(record(Ev.GAME_OVER, 1, 0))), []);
    assert.deepEqual(texts(server.close()), ['done (ack dead)']);
  });

  test('asks for a suggestion, then the accusation after its own suggestion, and a disproof when one is due', () => {
    const server = wire.server(JAVA, 6, 3);
    assert.equal(server.request()?.text, 'suggest');
    server.encode(record(Ev.SUGGESTION, 3, triple('Pl Kn Li'), -1, -1));
    assert.equal(server.request()?.text, 'accuse');
    server.encode(record(Ev.DISPROVE, 4, triple('Sc Re Lo')));
    assert.equal(server.request()?.text, 'disprove 4 Sc Re Lo');
    assert.equal(server.request()?.text, 'suggest');
  });

  test('reads a reply as the Java server compares it: any case, single spaces, nothing around', () => {
    const server = wire.server(JAVA, 3, 0);
    const out = new Int32Array(1);
    const read = (reply: string) => {
      const decoded = server.decode(reply, 3, out);
      return 'invalid' in decoded ? decoded.invalid : formatAction(out[0]);
    };
    assert.equal(read('suggest Pl Kn Li'), 'suggest Pl Kn Li');
    assert.equal(read('SUGGEST pl kn LI'), 'suggest Pl Kn Li');
    assert.equal(read('accuse Mu Ro St'), 'accuse Mu Ro St');
    assert.equal(read('show Re'), 'show Re');
    assert.equal(read('-'), '-');
    for (const bad of ['suggest  Pl Kn Li', 'suggest Pl Kn Li\n', ' show Re', 'suggest Kn Pl Li', 'show Xx', 'ok'])
      assert.equal(read(bad), Forfeit.MALFORMED, bad);
    assert.equal(read('forfeit'), Forfeit.RESIGNED);
    const port = wire.server(PYTHON_PORT, 3, 0);
    const decoded = port.decode(' suggest Pl  Kn Li\r\n', 3, out);
    assert.ok(!('invalid' in decoded) && formatAction(out[0]) === 'suggest Pl Kn Li', 'the Python port forgives whitespace');
  });
});

describe("the bot's side", () => {
  function reader(players = 6) {
    const client = wire.client(JAVA, players);
    const view = speedClue.createView(players, 3, JAVA);
    const records: number[][] = [];
    const read = (message: string) =>
      client.read(message, (event) => {
        records.push([event.kind, event.a, event.b, event.c, event.d]);
        view.observe(event);
      });
    return { client, view, records, read };
  }

  test('reads reset in any case, tells the hand card by card, and answers ok', () => {
    const { client, records, read } = reader();
    assert.equal(read('RESET 6 3 gr CA Ba\0'), LineKind.ACK);
    assert.equal(client.acknowledgement?.(), 'ok');
    assert.deepEqual(records, [
      [Ev.GAME_START, 6, 3, 3, 0],
      [Ev.DEALT, 0, card('Gr'), 0, 0],
      [Ev.DEALT, 1, card('Ca'), 0, 0],
      [Ev.DEALT, 2, card('Ba'), 0, 0],
    ]);
    assert.equal(client.seat, 3);
  });

  test('lists what each question allows, as the engine lists it', () => {
    const { client, view, read } = reader();
    read('reset 6 3 Sc Lo Ca');
    const legal = new Int32Array(speedClue.maxActions);
    assert.equal(read('suggest'), LineKind.PLAY_ASKED);
    assert.equal(client.legalActions(view, legal), 324);
    assert.equal(read('disprove 4 Sc Re Lo'), LineKind.PLAY_ASKED);
    const count = client.legalActions(view, legal);
    assert.deepEqual(Array.from(legal.subarray(0, count), formatAction), ['show Sc', 'show Lo']);
    assert.equal(
      client.reply(legal[1], () => {}),
      'show Lo',
    );
    assert.equal(read('accuse'), LineKind.PLAY_ASKED);
    const accusations = client.legalActions(view, legal);
    assert.equal(formatAction(legal[0]), '-');
    // No accusation may name a card it holds: 1 + 5 * 5 * 8.
    assert.equal(accusations, 1 + 5 * 5 * 8);
  });

  test('reads the news with NULs, line ends and runs of spaces, and refuses what is not the protocol', () => {
    const { client, records, read } = reader();
    read('reset 6 3 Sc Lo Ca');
    records.length = 0;
    assert.equal(read('suggestion 3  Gr Ca Ba 0 Ca\r\n'), LineKind.ACK);
    assert.equal(read('suggestion 2 Wh Pi Bi -'), LineKind.ACK);
    assert.equal(read('accusation 1 Pe Kn Ha -\0'), LineKind.ACK);
    assert.deepEqual(records, [
      [Ev.SUGGESTION, 3, triple('Gr Ca Ba'), 0, card('Ca')],
      [Ev.SUGGESTION, 2, triple('Wh Pi Bi'), -1, -1],
      [Ev.ACCUSATION, 1, triple('Pe Kn Ha'), 0, 0],
    ]);
    for (const bad of [
      'hello',
      'suggestion 0 Gr Ca',
      'suggestion 0 Ca Gr Ba 1',
      'accusation 1 Pe Kn Ha ?',
      'disprove x Sc Re Lo',
      'reset 7 0 Gr',
    ]) {
      assert.equal(read(bad), LineKind.UNKNOWN, bad);
    }
    assert.equal(read('done'), LineKind.END);
    assert.equal(client.acknowledgement?.(), 'dead');
  });
});
