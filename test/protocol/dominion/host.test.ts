// Dominion bots as real child processes over JSON lines: one process per game, strategies that
// play alike in-process and through the protocol, and misbehaving bots handled as each profile
// says, recorded with their reasons, with nothing left running.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { Forfeit } from '../../../src/core/forfeits.ts';
import { CARD_NAMES, Illegal } from '../../../src/games/dominion/index.ts';
import { finishRun } from '../../../src/protocol/index.ts';
import { botLogName } from '../../../src/protocol/host.ts';
import { Field } from '../../../src/runner/play/counters.ts';
import {
  PYTHON,
  ROOT,
  assertSameGames,
  forfeitsOf,
  loopbackResolver,
  playExternal,
  playHosted,
  playInProcess,
  processesMarked,
  botZombies,
  type Played,
  type PlayedMatch,
} from '../helpers.ts';
import { scratchDir } from '../../helpers/scratch.ts';

const cmd = (...words: string[]) => `cmd:${quote(words)}`;
const fixture = (name: string) => cmd(PYTHON, join(ROOT, 'test/fixtures/bots/dominion', `${name}.py`));
const DIGEST = join(ROOT, 'test/fixtures/dominion-digest-strategy.ts');
const THROUGH_PROTOCOL = 'digest-through-protocol';
const BIG_MONEY = cmd(PYTHON, join(ROOT, 'strategies/external/dominion_big_money.py'));
/** The original server's rules as it ran them (mine's gain told to nobody), and with mine's gain announced. */
const SERVER_PROFILES: readonly [string, Record<string, string>][] = [
  ['as it ran', { profile: 'original-server' }],
  ["with mine's gain announced", { profile: 'original-server', mineGainAnnounced: 'true' }],
];

const marker = `PARLOR_DOMINION_TEST=${process.pid}`;
const env = { ...process.env, PARLOR_DOMINION_TEST: String(process.pid) };
const limits = { graceMs: 200 };

let scratch: string;
before(() => {
  scratch = scratchDir('dominion-host');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The log a fixture bot wrote in the results folder `name`. */
function botLog(name: string, bot: string): string {
  return readFileSync(join(scratch, name, 'bots', botLogName(fixture(bot))), 'utf8');
}

/** The message player 1 was sent next after each of its replies of `phase`, read from a game's transcript. */
function answersTo(transcript: string, phase: string): Record<string, unknown>[] {
  const lines = transcript.split('\n').filter((line) => line.startsWith('[wire manager -> 1] ') || line.startsWith('[wire 1 -> manager] '));
  const next: Record<string, unknown>[] = [];
  lines.forEach((line, at) => {
    if (!line.startsWith('[wire 1 -> manager] ') || JSON.parse(line.slice(20)).phase !== phase) return;
    const following = lines.slice(at + 1).find((later) => later.startsWith('[wire manager -> 1] '));
    if (following !== undefined) next.push(JSON.parse(following.slice(20)));
  });
  return next;
}

/**
 * Player 1's top discard as told after each of its replies that `wrong` picks (given the request it
 * answered), beside the last card it had played by that request, read from a game's transcript.
 */
function topsAfter(
  transcript: string,
  player: unknown,
  wrong: (reply: Record<string, unknown>, asked: Record<string, unknown> | null) => boolean,
): [unknown, unknown][] {
  let asked: Record<string, unknown> | null = null;
  let answered = false;
  const tops: [unknown, unknown][] = [];
  for (const line of transcript.split('\n')) {
    if (line.startsWith('[wire 1 -> manager] ') && wrong(JSON.parse(line.slice(20)), asked)) answered = true;
    const message = line.startsWith('[wire manager -> 1] ') ? JSON.parse(line.slice(20)) : null;
    if (message?.type === 'play-turn') asked = message;
    if (answered && message?.type === 'player-top-discard' && message.player_number === player) {
      tops.push([message.card, (asked!.cards_played as string[]).at(-1)]);
      answered = false;
    }
  }
  return tops;
}

/** One game of fixture `bot` against random under `rules`, in the results folder `name`: its counters and its transcript. */
async function playLogged(
  bot: string,
  name: string,
  rules: Record<string, string>,
): Promise<{ counters: PlayedMatch['counters']; transcript: string }> {
  const resultsDir = join(scratch, name);
  const { counters } = await playExternal([fixture(bot), 'random'], 1, {
    game: 'dominion',
    rules,
    resultsDir,
    transcripts: true,
    env,
    limits,
  });
  finishRun();
  return { counters, transcript: readFileSync(join(resultsDir, 'transcripts', 'game-0.txt'), 'utf8') };
}

async function assertNothingLeft(): Promise<void> {
  assert.deepEqual(processesMarked(marker), [], 'no bot process is left running');
  assert.deepEqual(await botZombies(), [], 'every bot process was reaped');
}

/**
 * What a parity check compares: the bots' name replies have no place in-process, and a reply's
 * treasures cannot say whether the strategy played them one by one or all at once (the same
 * records and the same game either way), so those action lines are left out on both sides.
 */
function comparable(played: Played): Played {
  const lines = /^\[\d+ -> manager\] (\{"type": ?"player-name-reply".*|treasure \w+|play-treasures)\n/gm;
  return { ...played, transcripts: played.transcripts.map((transcript) => transcript.replace(lines, '')) };
}

/** Plays through the host; `loopback` plays the digest through the protocol in this thread, else seats load as a run loads them. */
async function hosted(seats: readonly string[], games: number, rules: Record<string, string>, name: string, loopback = true) {
  const resultsDir = join(scratch, name);
  const played = await playHosted(seats, games, {
    game: 'dominion',
    rules,
    seed: 'dominion parity',
    resultsDir,
    env,
    limits,
    ...(loopback ? { resolve: throughLoopback } : {}),
  });
  finishRun();
  return played;
}

const throughLoopback = loopbackResolver(THROUGH_PROTOCOL, DIGEST);
const inProcess = (seats: readonly string[], games: number, rules: Record<string, string>) =>
  playInProcess('dominion', seats, games, rules, 'dominion parity');

describe('a Dominion strategy behind the protocol plays as it does in-process', () => {
  test('60 two-player games of the spec, militia attacks and all, through the bot in this thread', async () => {
    const expected = await inProcess([DIGEST, 'random'], 60, {});
    assertSameGames(comparable(await hosted([THROUGH_PROTOCOL, 'random'], 60, {}, 'loopback-spec')), comparable(expected));
  });

  for (const [label, rules] of SERVER_PROFILES) {
    test(`30 three-player games of the original server's profile ${label}, two seats through the protocol`, async () => {
      const expected = await inProcess([DIGEST, 'random', DIGEST], 30, rules);
      const played = await hosted(
        [THROUGH_PROTOCOL, 'random', THROUGH_PROTOCOL],
        30,
        rules,
        `loopback-server-${label.replace(/\W+/g, '-')}`,
      );
      assertSameGames(comparable(played), comparable(expected));
    });
  }

  test('`parlor bot` processes, one per game', async () => {
    const bot = cmd(process.execPath, join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'dominion', DIGEST);
    const expected = await inProcess([DIGEST, 'random'], 3, {});
    const played = await hosted([bot, 'random'], 3, {}, 'processes', false);
    assertSameGames(comparable(played), comparable(expected));
    assert.equal(played.stats.botsStarted, 3);
    // The transcript also shows each message exactly as it went to the bot and came back.
    assert.match(played.transcripts[0], /^\[wire manager -> 1\] \{"type":"player-name-request","player_number":"player1","version":1\}$/m);
    assert.match(played.transcripts[0], /^\[wire 1 -> manager\] \{"type":"player-name-reply",.*\}$/m);
    await assertNothingLeft();
  });

  test('`parlor bot` without rules answers the original server as asked: its cleanup after each buy, never a forfeit', async () => {
    const bot = cmd(process.execPath, join(ROOT, 'bin/parlor.js'), 'bot', '--game', 'dominion', 'big-money');
    const { counters } = await playExternal([bot, 'starter'], 2, {
      game: 'dominion',
      rules: { profile: 'original-server', turnLimit: '12' },
      resultsDir: join(scratch, 'bot-under-server'),
      env,
      limits,
    });
    finishRun();
    assert.equal(forfeitsOf(counters, 0).size, 0);
    await assertNothingLeft();
  });
});

describe('Dominion bots as processes', () => {
  test('the example big money bot beats random play, a process per game, every reply legal', async () => {
    const { counters, stats } = await playExternal([BIG_MONEY, 'random'], 4, {
      game: 'dominion',
      resultsDir: join(scratch, 'big-money'),
      env,
      limits,
    });
    finishRun();
    assert.equal(stats.botsStarted, 4);
    assert.equal(forfeitsOf(counters, 0).size, 0);
    const { layout, data } = counters;
    assert.equal(data[layout.slot(0) + Field.GAME_WINS], 4 * layout.shareUnits, 'big money wins every game');
    await assertNothingLeft();
  });

  test('a reply that is no JSON is recorded as malformed and the bot plays on', async () => {
    const { counters, stats } = await playExternal([fixture('garbage'), 'random'], 2, {
      game: 'dominion',
      resultsDir: join(scratch, 'garbage'),
      env,
      limits,
    });
    finishRun();
    assert.ok((forfeitsOf(counters, 0).get(Forfeit.MALFORMED) ?? 0) > 4);
    assert.equal(stats.botsStarted, 2, 'one process a game: a bad reply does not cost the bot its place');
    await assertNothingLeft();
  });

  test('a buy it cannot afford ends its buys, recorded as too expensive', async () => {
    const { counters } = await playExternal([fixture('illegal_buy'), 'random'], 1, {
      game: 'dominion',
      resultsDir: join(scratch, 'illegal'),
      env,
      limits,
    });
    finishRun();
    assert.deepEqual([...forfeitsOf(counters, 0).keys()], [Illegal.TOO_EXPENSIVE]);
    await assertNothingLeft();
  });

  test("under the original server's rules a buy that stops at a card it cannot afford is still followed by the cleanup's play-turn", async () => {
    const { counters, transcript } = await playLogged('overbuy', 'overbuy', { profile: 'original-server', turnLimit: '6' });
    assert.deepEqual([...forfeitsOf(counters, 0).keys()], [Illegal.TOO_EXPENSIVE]);
    const after = answersTo(transcript, 'buy');
    assert.equal(after.length, 6, 'a buy reply each turn');
    for (const next of after) assert.deepEqual([next.type, next.actions, next.buys], ['play-turn', 0, 0]);
    await assertNothingLeft();
  });

  test("under the original server's rules an action card it does not hold costs one action, and the turn goes on", async () => {
    const { counters, transcript } = await playLogged('phantom_action', 'phantom-action', { profile: 'original-server', turnLimit: '12' });
    const after = answersTo(transcript, 'action');
    assert.ok(after.length > 0, 'a smithy played that it did not hold');
    assert.deepEqual([...forfeitsOf(counters, 0).entries()], [[Illegal.NOT_IN_HAND, after.length]]);
    for (const next of after) assert.deepEqual([next.type, next.actions, next.buys], ['play-turn', 0, 1]);
    await assertNothingLeft();
  });

  test('an action sent where the hand holds no action card costs one action, as the spec and the original server have it; the buys stay', async () => {
    for (const [name, rules] of [
      ['spec', {}],
      ['original-server', { profile: 'original-server' }],
    ] as const) {
      const played = await playLogged('action_without_action', `action-without-action-${name}`, { ...rules, turnLimit: '6' });
      const { counters } = played;
      const after = answersTo(played.transcript, 'action');
      assert.ok(after.length > 0, 'a smithy played from a hand without action cards');
      assert.deepEqual([...forfeitsOf(counters, 0).entries()], [[Illegal.NOT_IN_HAND, after.length]], name);
      for (const next of after) assert.deepEqual([next.type, next.actions, next.buys], ['play-turn', 0, 1], name);
    }
    await assertNothingLeft();
  });

  test('a workshop asked for a card it cannot gain is refused before it is played: one action taken, the workshop kept in hand', async () => {
    for (const [name, rules] of [
      ['spec', {}],
      ['original-server', { profile: 'original-server' }],
    ] as const) {
      const played = await playLogged('bad_workshop', `bad-workshop-${name}`, { ...rules, turnLimit: '12' });
      const { counters } = played;
      const after = answersTo(played.transcript, 'action');
      assert.ok(after.length > 0, 'a workshop played for a province');
      assert.deepEqual([...forfeitsOf(counters, 0).entries()], [[Illegal.TOO_EXPENSIVE, after.length]], name);
      for (const next of after) {
        assert.deepEqual([next.type, next.actions, next.buys, next.cards_played], ['play-turn', 0, 1, []], name);
        assert.ok((next.hand as string[]).includes('workshop'), name);
      }
    }
    await assertNothingLeft();
  });

  test("a workshop that names no card: the spec's decline, played for nothing; under the original server's rules refused as a wrong one is", async () => {
    const spec = await playLogged('bare_workshop', 'bare-workshop-spec', { turnLimit: '12' });
    const declined = answersTo(spec.transcript, 'action');
    assert.ok(declined.length > 0, 'a workshop played with no card named');
    assert.equal(forfeitsOf(spec.counters, 0).size, 0, 'mayDecline=true: a decline is no fault');
    for (const next of declined)
      assert.deepEqual([next.type, next.actions, next.cards_played, next.cards_gained], ['play-turn', 0, ['workshop'], []]);
    const server = await playLogged('bare_workshop', 'bare-workshop-server', { profile: 'original-server', turnLimit: '12' });
    const refused = answersTo(server.transcript, 'action');
    assert.ok(refused.length > 0, 'a workshop played with no card named');
    // One action taken, the workshop kept in hand, the buys still to come: as for a card it cannot gain.
    assert.deepEqual([...forfeitsOf(server.counters, 0).entries()], [[Illegal.WRONG_DECISION, refused.length]]);
    for (const next of refused) {
      assert.deepEqual([next.type, next.actions, next.buys, next.cards_played, next.cards_gained], ['play-turn', 0, 1, [], []]);
      assert.ok((next.hand as string[]).includes('workshop'));
    }
    assert.match(botLog('bare-workshop-server', 'bare_workshop'), /workshop: a card could be gained, none was named/);
    await assertNothingLeft();
  });

  test("a mine played with no treasure in hand: the spec plays it for nothing; under the original server's rules it is refused, one action taken, the mine kept", async () => {
    const spec = await playLogged('idle_mine', 'idle-mine-spec', { turnLimit: '60' });
    const played = answersTo(spec.transcript, 'action');
    assert.ok(played.length > 0, 'a mine played with no treasure in hand');
    assert.equal(forfeitsOf(spec.counters, 0).size, 0, 'playsForNothing=true: no fault');
    for (const next of played) assert.deepEqual([next.type, next.actions, next.buys, next.cards_played], ['play-turn', 0, 1, ['mine']]);
    const server = await playLogged('idle_mine', 'idle-mine-server', { profile: 'original-server', turnLimit: '60' });
    const refused = answersTo(server.transcript, 'action');
    assert.ok(refused.length > 0, 'a mine played with no treasure in hand');
    assert.deepEqual([...forfeitsOf(server.counters, 0).entries()], [[Illegal.NOT_IN_HAND, refused.length]]);
    for (const next of refused) {
      assert.deepEqual([next.type, next.actions, next.buys, next.cards_played], ['play-turn', 0, 1, []]);
      assert.ok((next.hand as string[]).includes('mine'));
    }
    assert.match(botLog('idle-mine-server', 'idle_mine'), /mine: no treasure in hand to trash/);
    await assertNothingLeft();
  });

  test('a top discard it does not hold: the last card played goes on top, as the original server discards the hand, then the play', async () => {
    const { counters, transcript } = await playLogged('bad_top', 'bad-top', { turnLimit: '16' });
    const tops = topsAfter(transcript, 'player1', (reply) => reply.top_discard === 'province');
    assert.ok(tops.length > 0, 'a cleanup answered with a card not held');
    for (const [top, lastPlayed] of tops) assert.equal(top, lastPlayed);
    assert.deepEqual([...forfeitsOf(counters, 0).entries()], [[Illegal.NOT_IN_HAND, tops.length]]);
    await assertNothingLeft();
  });

  test("under the original server's rules a wrong answer to the cleanup asked after the buys is counted, leaves the last card played on top, and the next turn is played", async () => {
    const { counters, transcript } = await playLogged('wrong_cleanup', 'wrong-cleanup', { profile: 'original-server', turnLimit: '8' });
    const sent = transcript
      .split('\n')
      .filter((line) => line.startsWith('[wire manager -> 1] '))
      .map((line) => JSON.parse(line.slice(20)));
    const turns = sent.filter((message) => message.type === 'play-turn' && message.buys === 1).length;
    const cleanups = answersTo(transcript, 'buy').length - turns;
    // Each turn's hand is left with estates or nothing, and each cleanup is answered with a buy. The
    // server cleaned up and went on, the last card played on top: each turn is asked, none is lost.
    assert.ok(turns >= 7, `${turns} turns asked`);
    assert.equal(cleanups, turns);
    const tops = topsAfter(transcript, 1, (reply, asked) => reply.phase === 'buy' && asked?.buys === 0);
    assert.equal(tops.length, turns);
    for (const [top, lastPlayed] of tops) assert.equal(top, lastPlayed);
    // With estates left the cleanup was the engine's decision, which a buy does not answer; with
    // nothing left it was asked aside, and any answer but a cleanup is malformed.
    const forfeits = forfeitsOf(counters, 0);
    assert.ok((forfeits.get(Illegal.WRONG_DECISION) ?? 0) > 0, 'a cleanup asked with estates left in hand');
    assert.equal((forfeits.get(Illegal.WRONG_DECISION) ?? 0) + (forfeits.get(Forfeit.MALFORMED) ?? 0), turns);
    assert.equal(forfeits.size, forfeits.has(Forfeit.MALFORMED) ? 2 : 1);
    await assertNothingLeft();
  });

  test("under the original server's rules a buy reply that cannot be read cleans up at once, no cleanup asked; one read as a buy whose treasures are no list has its cleanup asked", async () => {
    const { counters, transcript } = await playLogged('garbage_buy', 'garbage-buy', { profile: 'original-server', turnLimit: '8' });
    let asked: Record<string, unknown> | null = null;
    let bad: 'unread' | 'no-list' | 'answered' | null = null;
    const unread: [unknown, unknown][] = [];
    const noList: [unknown, unknown][] = [];
    for (const line of transcript.split('\n')) {
      if (line.startsWith('[wire 1 -> manager] ')) {
        const reply = line.slice(20);
        if (bad !== 'answered')
          bad = !reply.startsWith('{') ? 'unread' : JSON.parse(reply).played_treasures === 'copper' ? 'no-list' : null;
        continue;
      }
      if (!line.startsWith('[wire manager -> 1] ')) continue;
      const message = JSON.parse(line.slice(20));
      if (bad === 'unread') {
        // The server's request chain raises and cleans up, discarding the hand, then the play
        // (nothing was played): the hand's last card, in parlor's card order, lies on top.
        assert.notEqual(message.type, 'play-turn', 'no cleanup asked after a reply that cannot be read');
        if (message.type === 'player-top-discard' && message.player_number === 1) {
          const hand = (asked!.hand as string[]).map((name) => CARD_NAMES.indexOf(name));
          unread.push([message.card, CARD_NAMES[Math.max(...hand)]]);
          bad = null;
        }
      } else if (bad === 'no-list' && message.type === 'play-turn') {
        // The buys end and the cleanup is asked, its answer (the fixture's: the hand's first card) on top.
        assert.deepEqual([message.actions, message.buys], [0, 0], 'the cleanup asked after a buy read');
        bad = 'answered';
      } else if (bad === 'answered' && message.type === 'player-top-discard' && message.player_number === 1) {
        noList.push([message.card, (asked!.hand as string[])[0]]);
        bad = null;
      }
      if (message.type === 'play-turn') asked = message;
    }
    assert.ok(unread.length > 0 && noList.length > 0, `${unread.length} replies not read, ${noList.length} with no list`);
    for (const [top, last] of [...unread, ...noList]) assert.equal(top, last);
    assert.deepEqual([...forfeitsOf(counters, 0).entries()], [[Forfeit.MALFORMED, unread.length + noList.length]]);
    await assertNothingLeft();
  });

  test("a bad name reply: the spec's default name and play on, or under the original server's rules the game lost and the bot stopped", async () => {
    const options = { game: 'dominion', env, limits };
    const spec = await playExternal([fixture('bad_name'), 'random'], 1, { ...options, resultsDir: join(scratch, 'bad-name-spec') });
    finishRun();
    assert.equal(forfeitsOf(spec.counters, 0).has(Forfeit.MALFORMED), false, 'badNameReply=default-name: the bot plays on');
    const server = await playExternal([fixture('bad_name'), 'random'], 2, {
      ...options,
      rules: { profile: 'original-server', turnLimit: '8' },
      resultsDir: join(scratch, 'bad-name-server'),
    });
    finishRun();
    assert.equal(server.stats.botsStarted, 2, 'one bot a game, not started again once refused');
    assert.deepEqual([...forfeitsOf(server.counters, 0).keys()], [Forfeit.MALFORMED]);
    assert.ok(forfeitsOf(server.counters, 0).get(Forfeit.MALFORMED)! >= 16, 'every decision of both games forfeited');
    assert.match(botLog('bad-name-server', 'bad_name'), /name refused: .*player9/);
    await assertNothingLeft();
  });

  test("a bot that never answers its name request: under the original server's rules the game lost, for that reason", async () => {
    const { counters, stats } = await playExternal([fixture('no_name'), 'random'], 1, {
      game: 'dominion',
      rules: { profile: 'original-server', turnLimit: '8' },
      resultsDir: join(scratch, 'no-name'),
      env,
      limits,
      moveTimeout: 0.3,
      startTimeout: 0.3,
    });
    finishRun();
    assert.equal(stats.botsStarted, 1, 'not started again once out');
    assert.deepEqual([...forfeitsOf(counters, 0).keys()], [Forfeit.TIMEOUT]);
    assert.ok(forfeitsOf(counters, 0).get(Forfeit.TIMEOUT)! >= 8, 'every decision of the game forfeited');
    assert.match(botLog('no-name', 'no_name'), /no name after the greeting: no reply within/);
    await assertNothingLeft();
  });

  for (const [bot, reason] of [
    ['timeout', Forfeit.TIMEOUT],
    ['crash', Forfeit.CRASHED],
  ] as const) {
    test(`a bot that stops answering (${bot}) is disqualified for the game under the spec, restarted under the original server`, async () => {
      const short = reason === Forfeit.TIMEOUT ? 0.3 : undefined;
      const options = { game: 'dominion', env, limits, moveTimeout: short, startTimeout: short };
      const spec = await playExternal([fixture(bot), 'random'], 1, { ...options, resultsDir: join(scratch, `${bot}-spec`) });
      finishRun();
      assert.equal(spec.stats.botsStarted, 1, 'no second process once disqualified');
      assert.ok((forfeitsOf(spec.counters, 0).get(reason) ?? 0) > 10, 'every later decision of the seat forfeits');
      const server = await playExternal([fixture(bot), 'random'], 1, {
        ...options,
        rules: { profile: 'original-server', turnLimit: '8' },
        resultsDir: join(scratch, `${bot}-server`),
      });
      finishRun();
      assert.ok(server.stats.botsStarted > 2, 'a fresh bot for the next turn');
      assert.ok(forfeitsOf(server.counters, 0).has(reason));
      assert.match(botLog(`${bot}-spec`, bot), /name: /);
      await assertNothingLeft();
    });
  }
});
