// The Dominion JSON-lines codec on its own: what each profile writes, what the host reads from
// a bot's reply (and where it goes wrong), and the tolerant readers of both servers' forms.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GameEvent } from '../../../src/core/events.ts';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { Action, Card, Ev, Family, GainedBy, Illegal, Phase, actionOf, dominion } from '../../../src/games/dominion/index.ts';
import { readSupply, seatOfPlayer, supplyCards } from '../../../src/games/dominion/wire/messages.ts';
import { DominionServer } from '../../../src/games/dominion/wire/server.ts';

function record(kind: number, a = 0, b = 0, c = 0, d = 0, recipients = 0b11): GameEvent {
  const event = new GameEvent();
  Object.assign(event, { recipients, kind, a, b, c, d });
  return event;
}

/** A two-player server seat 0, its opening told, holding `hand` on its first turn. */
function seatOnTurn(rules: Record<string, string>, hand: readonly number[]): { server: DominionServer; sent: string[] } {
  const server = new DominionServer(dominion.parseRules(rules), 2, 0);
  const sent: string[] = [];
  const tell = (event: GameEvent) => sent.push(...server.encode(event).map((message) => message.text));
  tell(record(Ev.GAME_START, 2, 0, 100, 0, 0b01));
  for (const seat of [0, 1]) for (const card of STARTING_DECK) tell(record(Ev.GAINED, seat, card, GainedBy.STARTING_DECK));
  for (const card of hand) tell(record(Ev.DREW, card, 0, 0, 0, 0b01));
  tell(record(Ev.TURN_START, 0, 1));
  return { server, sent };
}

const STARTING_DECK = [...Array<number>(7).fill(Card.COPPER), ...Array<number>(3).fill(Card.ESTATE)];

/** What seat 0 is sent as its turn is played and ends with three coppers: every message, the requests among them, and each request as [type, expects, actions, buys]. */
function turnEndRequests(server: DominionServer) {
  const sent = [...server.encode(record(Ev.TURN_PLAYED, 0, Card.COPPER, 0, 3)), ...server.encode(record(Ev.TURN_END, 0, 3))];
  const requests = sent.filter((message) => message.expects !== 'nothing');
  const shown = requests.map((message) => {
    const { type, actions, buys } = JSON.parse(message.text);
    return [type, message.expects, actions, buys];
  });
  return { sent, requests, shown };
}

const messages = (sent: readonly string[]) => sent.map((text) => JSON.parse(text));
const ofType = (sent: readonly string[], type: string) => messages(sent).filter((message) => message.type === type);

describe('what the host writes', () => {
  test('the spec profile: names first, supply as a list, players as "playerN", no empty player-played', () => {
    const { server, sent } = seatOnTurn({}, [Card.COPPER]);
    const [name, info] = messages(sent);
    const [supply] = ofType(sent, 'supply-info');
    assert.deepEqual(name, { type: 'player-name-request', player_number: 'player1', version: 1 });
    assert.equal(ofType(sent, 'player-gained').length, 20, 'a message per starting card');
    assert.equal(info.type, 'game-info');
    assert.equal(info.kingdom_cards.length, 10);
    assert.deepEqual(supply.cards[0], { card: 'curse', count: 10 });
    const gained = messages(server.encode(record(Ev.GAINED, 1, Card.SILVER, GainedBy.BUY)).map((m) => m.text));
    assert.deepEqual(gained[0], { type: 'player-gained', player_number: 'player2', gained: ['silver'] });
    assert.equal(gained[1].type, 'supply-info', 'every change of the supply is announced');
    assert.deepEqual(server.encode(record(Ev.TURN_END, 1, 0)), []);
    const reveal = JSON.parse(server.encode(record(Ev.REVEALED, 1, Card.MOAT))[0].text);
    assert.deepEqual(reveal, { type: 'player-reveal', player_number: 'player2', from: 'hand', cards: ['moat'] });
  });

  test("the original server's profile: supply as an object before the turn, integer players, empty player-played, bare reveal", () => {
    const { server, sent } = seatOnTurn({ profile: 'original-server' }, [Card.COPPER]);
    assert.equal(messages(sent)[0].type, 'player-name-request', 'asked before its own starting cards');
    const [info] = ofType(sent, 'game-info');
    const [supply] = ofType(sent, 'supply-info');
    assert.equal(info.player_bot_names.length, 2);
    assert.equal(supply.cards.copper, 46);
    // The order of the server's Python 2.7 dict, which its sample bot buys by.
    assert.deepEqual(Object.keys(supply.cards).slice(0, 4), ['province', 'copper', 'cellar', 'smithy']);
    assert.deepEqual(
      server.encode(record(Ev.GAINED, 1, Card.SILVER, GainedBy.BUY)).map((m) => JSON.parse(m.text)),
      [{ type: 'player-gained', player_number: 2, gained: ['silver'] }],
    );
    assert.deepEqual(JSON.parse(server.encode(record(Ev.TURN_END, 1, 0))[0].text), { type: 'player-played', player_number: 2, played: [] });
    assert.deepEqual(JSON.parse(server.encode(record(Ev.REVEALED, 1, Card.MOAT))[0].text), {
      type: 'player-reveal',
      player_number: 2,
      cards: 'moat',
    });
    assert.deepEqual(server.encode(record(Ev.GAINED, 0, Card.SILVER, GainedBy.GAIN_TO_HAND, 1)), [], "mine's gain goes unannounced");
  });

  test("the original server deals before it asks, estates first: the name request comes before the seat's own starting cards", () => {
    const server = new DominionServer(dominion.parseRules({ startupOrder: 'deal-first' }), 2, 1);
    assert.deepEqual(server.encode(record(Ev.GAME_START, 2, 1, 100, 0, 0b10)), []);
    // The engine deals 7 coppers, then 3 estates; the server told the estates first.
    const deal = (seat: number) =>
      [...Array<number>(7).fill(Card.COPPER), ...Array<number>(3).fill(Card.ESTATE)].flatMap((card) =>
        server.encode(record(Ev.GAINED, seat, card, GainedBy.STARTING_DECK)).map((m) => JSON.parse(m.text)),
      );
    const gained = (player: number, card: string) => ({ type: 'player-gained', player_number: `player${player}`, gained: [card] });
    const startingCards = (player: number) => [
      ...Array.from({ length: 3 }, () => gained(player, 'estate')),
      ...Array.from({ length: 7 }, () => gained(player, 'copper')),
    ];
    assert.deepEqual(deal(0), startingCards(1), "player 1's starting cards first");
    const own = deal(1);
    assert.equal(own[0].type, 'player-name-request');
    assert.deepEqual(own.slice(1), startingCards(2));
  });

  test('play-turn shows the hand, the counters and the turn so far', () => {
    const { server } = seatOnTurn({}, [Card.COPPER, Card.COPPER, Card.SMITHY, Card.ESTATE]);
    const request = server.request();
    assert.equal(request.expects, 'decision');
    assert.deepEqual(JSON.parse(request.text), {
      type: 'play-turn',
      actions: 1,
      buys: 1,
      extra_money: 0,
      hand: ['copper', 'copper', 'estate', 'smithy'],
      cards_played: [],
      cards_gained: [],
    });
  });
});

describe('what the host reads', () => {
  const out = new Int32Array(dominion.maxActions);
  const decode = (server: DominionServer, reply: unknown) => {
    server.request();
    return server.decode(typeof reply === 'string' ? reply : JSON.stringify(reply), 2, out);
  };
  /** The reason a reply is recorded under, whether it went wrong at once or part-way. */
  const faultOf = (decoded: ReturnType<DominionServer['decode']>) => ('count' in decoded ? decoded.then?.invalid : decoded.invalid);
  const buy = (treasures: string[], cards: string[]) => ({
    type: 'play-reply',
    phase: 'buy',
    played_treasures: treasures,
    cards_to_buy: cards,
  });

  test('a buy reply in the action phase is the end of actions, the treasures, the buys and the end of buys', () => {
    const { server } = seatOnTurn({}, [Card.COPPER, Card.COPPER, Card.SILVER, Card.SMITHY]);
    assert.deepEqual(decode(server, buy(['copper', 'silver'], ['silver', 'copper'])), { count: 4 });
    // The last buy ends the buy phase by itself; the card past the buys is not bought.
    assert.deepEqual(Array.from(out.subarray(0, 4)), [
      Action.END_ACTIONS,
      actionOf(Family.TREASURE, Card.COPPER),
      actionOf(Family.TREASURE, Card.SILVER),
      actionOf(Family.BUY, Card.SILVER),
    ]);
    const { server: none } = seatOnTurn({}, [Card.COPPER, Card.ESTATE]);
    assert.deepEqual(decode(none, buy([], [])), { count: 1 });
    assert.equal(out[0], Action.END_BUYS);
  });

  test('a buy that leaves no choice of top discard: the original server asks the cleanup all the same, its answer set aside', () => {
    for (const [rules, asked] of [
      [{}, []],
      [{ profile: 'original-server' }, [['play-turn', 'aside', 0, 0]]],
    ] as const) {
      const { server } = seatOnTurn(rules, [Card.COPPER, Card.COPPER, Card.COPPER]);
      assert.ok('count' in decode(server, buy(['copper', 'copper', 'copper'], ['silver'])));
      const { sent, requests, shown } = turnEndRequests(server);
      assert.deepEqual(shown, asked, JSON.stringify(rules));
      if (asked.length > 0) assert.equal(sent[0], requests[0], 'asked before the turn is announced as played');
    }
  });

  test('a buy that stops at a card it cannot buy: the original server asks the cleanup after it all the same', () => {
    for (const [rules, asked] of [
      [{}, []],
      [{ profile: 'original-server' }, [['play-turn', 'aside', 0, 0]]],
    ] as const) {
      const { server } = seatOnTurn(rules, [Card.COPPER, Card.COPPER, Card.COPPER]);
      const decoded = decode(server, buy(['copper', 'copper', 'copper'], ['province']));
      assert.equal(faultOf(decoded), Illegal.TOO_EXPENSIVE);
      server.forfeited();
      assert.deepEqual(turnEndRequests(server).shown, asked, JSON.stringify(rules));
    }
    // Where the hand left offers a choice, that play-turn is the engine's own cleanup: asked once.
    const { server } = seatOnTurn({ profile: 'original-server' }, [Card.COPPER, Card.COPPER, Card.ESTATE, Card.CELLAR]);
    decode(server, buy(['copper', 'copper'], ['province']));
    server.forfeited();
    const cleanup = JSON.parse(server.request().text);
    assert.deepEqual([cleanup.type, cleanup.actions, cleanup.buys], ['play-turn', 0, 0]);
    const sent = [...server.encode(record(Ev.TURN_PLAYED, 0, Card.COPPER, 0, 2)), ...server.encode(record(Ev.TURN_END, 0, 2))];
    assert.deepEqual(
      sent.filter((message) => message.expects !== 'nothing'),
      [],
    );
  });

  test("every treasure in hand, in the engine's order, is the engine's one action for it; keys in any order", () => {
    const { server } = seatOnTurn({}, [Card.COPPER, Card.COPPER, Card.SILVER, Card.ESTATE]);
    const reply = '{"cards_to_buy": ["silver"], "played_treasures": ["copper", "copper", "silver"], "phase": "buy", "type": "play-reply"}';
    assert.deepEqual(decode(server, reply), { count: 2 });
    assert.deepEqual(Array.from(out.subarray(0, 2)), [Action.PLAY_TREASURES, actionOf(Family.BUY, Card.SILVER)]);
  });

  test('a buy it cannot afford ends the buys there, recorded as too expensive', () => {
    const { server } = seatOnTurn({}, [Card.COPPER, Card.COPPER, Card.ESTATE]);
    const decoded = decode(server, buy(['copper', 'copper'], ['province']));
    assert.ok('count' in decoded && decoded.count === 1 && decoded.then?.invalid === Illegal.TOO_EXPENSIVE, JSON.stringify(decoded));
  });

  test('a treasure it does not hold, a card that does not exist, and a line that is no JSON', () => {
    const { server } = seatOnTurn({}, [Card.COPPER, Card.ESTATE]);
    assert.equal(faultOf(decode(server, buy(['gold'], []))), Illegal.NOT_IN_HAND);
    assert.equal(faultOf(decode(server, buy([], ['dragon']))), Illegal.UNKNOWN_CARD);
    assert.deepEqual(decode(server, 'buy me a province'), {
      invalid: Forfeit.MALFORMED,
      detail: "sent 'buy me a province': not a JSON object",
    });
  });

  test('a card name where a list belongs is malformed, not an empty list; lists left out are empty', () => {
    const { server } = seatOnTurn({}, [Card.COPPER, Card.COPPER, Card.COPPER]);
    const decoded = decode(server, {
      type: 'play-reply',
      phase: 'buy',
      played_treasures: ['copper', 'copper', 'copper'],
      cards_to_buy: 'silver',
    });
    assert.equal(faultOf(decoded), Forfeit.MALFORMED);
    assert.match('count' in decoded ? decoded.then!.detail : decoded.detail, /cards_to_buy is not a list/);
    const { server: again } = seatOnTurn({}, [Card.COPPER, Card.ESTATE]);
    assert.equal(faultOf(decode(again, { type: 'play-reply', phase: 'buy', played_treasures: 'copper' })), Forfeit.MALFORMED);
    const { server: bare } = seatOnTurn({}, [Card.COPPER, Card.ESTATE]);
    assert.deepEqual(decode(bare, { type: 'play-reply', phase: 'buy' }), { count: 1 });
  });

  test('an action where the hand holds none, with an action left, answers the action phase the engine skipped', () => {
    const action = (card: string) => ({ type: 'play-reply', phase: 'action', card, additional_parameters: {} });
    for (const [card, reason] of [
      ['smithy', Illegal.NOT_IN_HAND],
      ['gold', Illegal.WRONG_TYPE],
      ['dragon', Illegal.UNKNOWN_CARD],
    ] as const) {
      const decoded = decode(seatOnTurn({}, [Card.COPPER, Card.ESTATE]).server, action(card));
      assert.ok(!('count' in decoded));
      assert.deepEqual([decoded.invalid, decoded.answered], [reason, Phase.ACTION], card);
    }
  });

  test('the cleanup asked after the buys takes a cleanup; anything else is refused', () => {
    const { server } = seatOnTurn({ profile: 'original-server' }, [Card.COPPER]);
    assert.equal(server.asideRefused('{"type": "play-reply", "phase": "cleanup", "top_discard": null}'), null);
    assert.equal(server.asideRefused(JSON.stringify(buy(['copper'], ['copper'])))?.invalid, Forfeit.MALFORMED);
  });

  test('an action card with its choices: cellar discards left to right while they are in hand', () => {
    const { server } = seatOnTurn({}, [Card.CELLAR, Card.ESTATE, Card.ESTATE, Card.COPPER]);
    const reply = { type: 'play-reply', phase: 'action', card: 'cellar', additional_parameters: { cards: ['estate', 'estate'] } };
    assert.deepEqual(decode(server, reply), { count: 4 });
    assert.deepEqual(Array.from(out.subarray(0, 4)), [
      actionOf(Family.PLAY, Card.CELLAR),
      actionOf(Family.DISCARD, Card.ESTATE),
      actionOf(Family.DISCARD, Card.ESTATE),
      Action.DONE,
    ]);
    const { server: again } = seatOnTurn({}, [Card.CELLAR, Card.ESTATE, Card.COPPER]);
    // A card not held ends the discards there, with no fault (spec: "cellar will discard all the
    // cards up to that"; the original server discards "while they are in hand"): the cellar is done.
    const stopped = decode(again, { ...reply, additional_parameters: { cards: ['estate', 'gold', 'copper'] } });
    assert.deepEqual(stopped, { count: 3 }, JSON.stringify(stopped));
    assert.deepEqual(Array.from(out.subarray(0, 3)), [
      actionOf(Family.PLAY, Card.CELLAR),
      actionOf(Family.DISCARD, Card.ESTATE),
      Action.DONE,
    ]);
  });

  test("remodel: both cards right or the card is not played; no card named is the engine's decline", () => {
    const hand = [Card.REMODEL, Card.ESTATE, Card.COPPER];
    const remodel = (extra: object) => ({ type: 'play-reply', phase: 'action', card: 'remodel', additional_parameters: extra });
    const { server } = seatOnTurn({}, hand);
    assert.deepEqual(decode(server, remodel({ card_to_trash: 'estate', desired_card: 'silver' })), { count: 3 });
    assert.deepEqual(Array.from(out.subarray(1, 3)), [actionOf(Family.TRASH, Card.ESTATE), actionOf(Family.GAIN, Card.SILVER)]);
    assert.deepEqual(decode(seatOnTurn({}, hand).server, remodel({})), { count: 2 });
    assert.equal(out[1], Action.DONE);
  });

  test('remodel, mine and workshop with choices that cannot be made are refused before the card is played, in both profiles', () => {
    const action = (card: string, extra: object) => ({ type: 'play-reply', phase: 'action', card, additional_parameters: extra });
    const cases: [number[], string, object, number][] = [
      [[Card.REMODEL, Card.ESTATE], 'remodel', { card_to_trash: 'estate', desired_card: 'gold' }, Illegal.TOO_EXPENSIVE],
      [[Card.REMODEL, Card.ESTATE], 'remodel', { card_to_trash: 'gold', desired_card: 'silver' }, Illegal.NOT_IN_HAND],
      [[Card.REMODEL, Card.ESTATE], 'remodel', { card_to_trash: 'estate', desired_card: 'dragon' }, Illegal.UNKNOWN_CARD],
      [[Card.REMODEL, Card.ESTATE], 'remodel', { card_to_trash: 'estate' }, Illegal.WRONG_DECISION],
      [[Card.MINE, Card.COPPER], 'mine', { card_to_trash: 'copper', desired_card: 'gold' }, Illegal.TOO_EXPENSIVE],
      [[Card.MINE, Card.COPPER], 'mine', { card_to_trash: 'copper', desired_card: 'village' }, Illegal.WRONG_TYPE],
      [[Card.MINE, Card.COPPER, Card.ESTATE], 'mine', { card_to_trash: 'estate', desired_card: 'silver' }, Illegal.WRONG_TYPE],
      [[Card.MINE, Card.COPPER], 'mine', { card_to_trash: 'silver', desired_card: 'gold' }, Illegal.NOT_IN_HAND],
      [[Card.WORKSHOP, Card.COPPER], 'workshop', { desired_card: 'province' }, Illegal.TOO_EXPENSIVE],
      [[Card.WORKSHOP, Card.COPPER], 'workshop', { desired_card: 'dragon' }, Illegal.UNKNOWN_CARD],
    ];
    for (const rules of [{}, { profile: 'original-server' }] as Record<string, string>[]) {
      for (const [hand, card, extra, reason] of cases) {
        const decoded = decode(seatOnTurn(rules, hand).server, action(card, extra));
        // No action of the reply is played: the forfeit comes in the action phase, the card in hand.
        assert.ok(!('count' in decoded), `${card} ${JSON.stringify(extra)}: refused before the play`);
        assert.equal(decoded.invalid, reason, `${card} ${JSON.stringify(extra)}`);
      }
    }
    // The original server's remodel resolves in hand (playedCardInHand): it may trash itself; the spec's may not.
    const itself = action('remodel', { card_to_trash: 'remodel', desired_card: 'silver' });
    assert.deepEqual(decode(seatOnTurn({ profile: 'original-server' }, [Card.REMODEL, Card.COPPER]).server, itself), { count: 3 });
    const spec = decode(seatOnTurn({}, [Card.REMODEL, Card.COPPER]).server, itself);
    assert.ok(!('count' in spec) && spec.invalid === Illegal.NOT_IN_HAND);
  });

  test('a cleanup that names no top discard lets the host pick the first card of the hand', () => {
    const { server } = seatOnTurn({}, [Card.ESTATE, Card.COPPER]);
    assert.deepEqual(decode(server, buy([], [])), { count: 1 });
    assert.deepEqual(JSON.parse(server.request().text).buys, 0, 'the cleanup is asked after the buys');
    assert.deepEqual(server.decode(JSON.stringify({ type: 'play-reply', phase: 'cleanup', top_discard: null }), 2, out), { count: 1 });
    assert.equal(out[0], actionOf(Family.TOP, Card.COPPER));
  });

  test('militia: the whole discard list must be right, a moat may be revealed instead', () => {
    const attacked = (hand: number[]) => {
      const { server } = seatOnTurn({}, hand);
      server.encode(record(Ev.TURN_START, 1, 1));
      server.encode(record(Ev.ATTACKED, 1, hand.length - 3, 0, 0, 0b01));
      return server;
    };
    const hand = [Card.COPPER, Card.COPPER, Card.ESTATE, Card.ESTATE, Card.SILVER];
    const server = attacked(hand);
    assert.deepEqual(JSON.parse(server.request().text), {
      type: 'attack-request',
      discard: 2,
      options: ['copper', 'copper', 'silver', 'estate', 'estate'],
    });
    assert.deepEqual(decode(server, { type: 'attack-reply', discard: ['estate', 'estate'] }), { count: 2 });
    const short = decode(attacked(hand), { type: 'attack-reply', discard: ['estate'] });
    assert.ok('invalid' in short && short.invalid === Illegal.WRONG_DECISION);
    const moat = decode(attacked([Card.MOAT, ...hand]), { type: 'attack-reply-reaction', reaction: 'moat' });
    assert.deepEqual(moat, { count: 1 });
    assert.equal(out[0], Action.REVEAL_MOAT);
  });
});

describe('reading either server', () => {
  test('player numbers as "player2", "PLAYER2", 2 or "2"', () => {
    for (const value of ['player2', 'PLAYER2', 2, '2', ' player2 ']) assert.equal(seatOfPlayer(value, 4), 1, String(value));
    for (const value of ['player0', 'player5', 'two', null, 2.5]) assert.equal(seatOfPlayer(value, 4), -1, String(value));
  });

  test('supply-info as a list of {card, count} or as one object', () => {
    const counts = Int16Array.from({ length: 17 }, (_, card) => card + 1);
    for (const asObject of [false, true]) {
      const read = new Int16Array(17);
      assert.ok(readSupply(JSON.parse(JSON.stringify(supplyCards(counts, asObject))), read));
      assert.deepEqual(read, counts);
    }
    assert.equal(readSupply([{ card: 'dragon', count: 1 }], new Int16Array(17)), false);
    assert.equal(readSupply('copper', new Int16Array(17)), false);
  });
});
