import { randomInt, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
import { createConnection } from 'node:net';
import type { Readable } from 'node:stream';
import { Errors } from '../../core/errors.ts';
import { isExternalSpec, parseStrategySpec } from '../../core/strategy-spec.ts';
import { ProtocolBot, runBotSession } from '../../protocol/bot.ts';
import { channelFor, framingFor } from '../../protocol/protocols.ts';
import { fifoPaths, openFifoEnd, removeFifos, type FifoPaths } from '../../protocol/transport/fifo.ts';
import { createFramer } from '../../protocol/transport/framing.ts';
import type { FramingKind } from '../../core/wire.ts';
import { resolveStrategy } from '../../runner/play/loading/strategies.ts';
import type { CommandContext } from '../command.ts';
import { removedOnStop } from '../stopping.ts';

export interface BotOptions {
  readonly game: string;
  readonly handshake?: string;
  readonly players?: number;
  readonly rules?: Record<string, string>;
  /** Seeds the strategy's random stream; absent: a fresh seed. */
  readonly seed?: string;
  /** stdio or fifo; the game's own when absent. */
  readonly channel?: string;
  /** The bot's name, for the server's name request and its FIFOs' names; on TCP its identifier. */
  readonly name?: string;
  /** On TCP: the port the server listens on. */
  readonly port?: string;
  /** The game's original framing when absent. */
  readonly framing?: string;
}

/**
 * `parlor bot <strategy> [name] [port]`: one bot session as the game's competition server runs bots.
 * On stdio, replies go to stdout and nothing else does; notes go to stderr. On FIFOs, the bot makes
 * /tmp/<name>In and /tmp/<name>Out as the Hearts C template does, then waits for the server. On
 * TCP, as the SpeedClue contest launches bots, it connects to the port and says `<name> alive`.
 */
export async function runBot(
  context: CommandContext,
  options: BotOptions,
  strategyText: string,
  input: Readable = process.stdin,
): Promise<void> {
  const game = context.registry.game(options.game);
  if (isExternalSpec(strategyText))
    throw Errors.badOption('parlor bot plays a parlor strategy; an external bot can enter a manager as it is');
  const channel = channelFor(game, options.channel);
  const framing = framingFor(game, options.framing);
  // Only a bot that connects takes a port: on stdio or FIFOs a port typed would be dropped unseen.
  if (channel !== 'tcp' && options.port !== undefined)
    throw Errors.badOption(`a bot on ${channel} takes no [port] (got '${options.port}'): only one on tcp connects to a port`);
  const port = channel === 'tcp' ? portNumber(options) : 0;
  // --handshake is short for a rule: given both ways, it would be the rule's key given twice.
  if (options.handshake !== undefined && options.rules?.handshake !== undefined)
    throw Errors.badOption('--rules: handshake is given twice (also as --handshake)');
  // Said of the option typed, not as an unknown rule, whose nearest spelling is another rule altogether.
  if (options.handshake !== undefined && !game.ruleOptions.some((option) => option.name === 'handshake'))
    throw Errors.badOption(`--handshake: ${game.id} has no greeting to choose (its rules: parlor games)`);
  const rules = game.parseRules({ ...options.rules, ...(options.handshake ? { handshake: options.handshake } : {}) });
  const players = options.players;
  if (players !== undefined && (players < game.minPlayers || players > game.maxPlayers))
    throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  const strategy = await resolveStrategy(context.registry, game.id, parseStrategySpec(strategyText));
  const name = options.name ?? (channel === 'fifo' ? templateName() : strategy.spec.text);
  const bot = new ProtocolBot({
    game,
    rules,
    strategy,
    players,
    // Without a seed each process gets a fresh one: a manager restarts bots every round, and a
    // fixed seed would replay the same random choices in each.
    seed: options.seed ?? randomUUID(),
    name,
    warn: (text) => context.warn(`parlor bot: ${text}`),
  });
  if (channel === 'stdio') {
    if (framing === 'lines') return runBotSession(bot, input, (line) => context.print(line));
    const framer = createFramer(framing, 0);
    return runBotSession(bot, input, (reply) => process.stdout.write(framer.encode(reply)), framing);
  }
  if (channel === 'tcp') return playOnPort(bot, name, port, framing);
  const paths = fifoPaths(name);
  // Listening before the FIFOs exist: a signal that comes as soon as they can be seen would
  // otherwise end the process by default and leave them behind.
  const removed = removedOnStop(() => removeFifos(paths));
  try {
    makeFifos(paths);
    // A name it made up is the only way its server or operator can find its pipes.
    if (options.name === undefined) context.warn(`parlor bot: named ${name}: reading ${paths.botIn}, writing ${paths.botOut}`);
    // The template's order: its In first (where the server writes), then its Out.
    const fromServer = (await openFifoEnd(paths.botIn, false, () => false))!;
    const toServer = (await openFifoEnd(paths.botOut, true, () => false))!;
    toServer.on('error', () => fromServer.destroy());
    const framer = createFramer(framing, 0);
    await runBotSession(bot, fromServer, (reply) => toServer.write(framer.encode(reply)), framing);
    await new Promise<void>((resolve) => toServer.end(resolve));
  } finally {
    removed();
  }
}

function portNumber(options: BotOptions): number {
  if (options.name === undefined || options.port === undefined)
    throw Errors.badOption('a bot on tcp takes <identifier> <port> after the strategy');
  const port = Number(options.port);
  if (!/^\d+$/.test(options.port) || port < 1 || port > 65535)
    throw Errors.badNumber('the port', options.port, 'an integer from 1 to 65535');
  return port;
}

/**
 * Connects to the server on this machine, greets it with `<identifier> alive` and plays the
 * session on the connection; a connection refused is the user's mistake (a wrong port).
 */
async function playOnPort(bot: ProtocolBot, identifier: string, port: number, framing: FramingKind): Promise<void> {
  const socket = createConnection({ host: '127.0.0.1', port, noDelay: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', (error) => reject(Errors.badOption(`cannot connect to port ${port}: ${error.message}`)));
  });
  socket.on('error', () => socket.destroy());
  const framer = createFramer(framing, 0);
  socket.write(framer.encode(`${identifier} alive`));
  await runBotSession(
    bot,
    socket,
    (reply) => socket.write(framer.encode(reply)),
    framing,
    // Its last reply written, the bot shuts down, as the contest asks: the server may wait for that.
    () => socket.end(() => socket.destroy()),
  );
}

/** As the C template names itself when not given a name: 15 random letters. */
function templateName(): string {
  return Array.from({ length: 15 }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/** Makes the two FIFOs (Node has no mkfifo of its own); ones left by an earlier bot of the name are kept. */
function makeFifos(paths: FifoPaths): void {
  for (const path of [paths.botIn, paths.botOut]) {
    if (isFifo(path)) continue;
    const made = spawnSync('mkfifo', ['-m', '600', path], { encoding: 'utf8' });
    if (made.status !== 0) throw Errors.badOption(`cannot make the FIFO ${path}: ${(made.stderr || made.error?.message || '').trim()}`);
  }
}

function isFifo(path: string): boolean {
  try {
    return lstatSync(path).isFIFO();
  } catch {
    return false;
  }
}
