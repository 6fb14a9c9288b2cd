import { Errors } from '../core/errors.ts';
import type { Game, PlayerView, RuleValues } from '../core/game.ts';
import type { Strategy, StrategyDefinition } from '../core/strategy.ts';
import { resolveStrategy as resolveInProcess } from '../runner/play/loading/strategies.ts';
import { checkProgram, isExternalSpec, parseBotCommand, type BotCommand } from './command.ts';
import { wireProtocol } from './protocols.ts';
import type { Channel } from './transport/channel.ts';
import { FifoChannel, freshFifoName } from './transport/fifo.ts';
import { createFramer } from './transport/framing.ts';
import { BotProcess, installCleanup, type BotLimits, type BotLink, type LogCap } from './transport/process.ts';
import { freshIdentifier, sharedBotPort, TcpChannel } from './transport/tcp.ts';
import { checkSandbox } from './transport/sandbox.ts';
import type { ExternalResolver, SandboxLimits } from '../runner/play/external.ts';
import type { ChannelKind, FramingKind, WireProtocol } from '../core/wire.ts';

/** What a connector needs to open one connection for one seat. */
export interface LinkContext {
  readonly game: Game<any, any>;
  readonly wire: WireProtocol;
  readonly channel: ChannelKind;
  readonly framing: FramingKind;
  readonly rules: RuleValues;
  readonly players: number;
  readonly seat: number;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly limits: BotLimits;
  /** Run the bot in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  /** How long a bot may take to open the FIFOs it makes, or to connect and greet. */
  readonly openTimeoutMs: number;
  /** Appends a line to this bot's log, marked with the game, round and player. */
  log(line: string): void;
  /** The cap of that log, as the bot's output meets it. */
  readonly logCap?: LogCap;
}

/** Starts a seat's bot: a process for `cmd:` seats, a strategy in this thread for loopbacks. */
export interface BotConnector {
  /** Names the bot's log file. */
  readonly label: string;
  /**
   * The bots it opens outlive the host's connections (a contest's entrants, connected once for
   * every match-up): a connection that ends neither says goodbye to its bot nor stops it.
   */
  readonly keepsBots?: boolean;
  open(context: LinkContext): BotLink | Promise<BotLink>;
}

/**
 * Stands in a table's seat for a bot played through the protocol. The host answers for the seat
 * (its choosers replace `choose`), so in-process play asking it to choose is a bug.
 */
export class ExternalSeatStrategy implements Strategy<PlayerView> {
  readonly observes = false;
  readonly connector: BotConnector;

  constructor(connector: BotConnector) {
    this.connector = connector;
  }

  restart(): void {}

  inform(): void {}

  choose(): number {
    throw Errors.internal(`the seat of ${this.connector.label} is played through the protocol host, not in-process`);
  }
}

export function externalDefinition(gameId: string, name: string, summary: string, connector: BotConnector): StrategyDefinition<PlayerView> {
  return {
    name,
    game: gameId,
    summary,
    params: [],
    // A bot's replies always go through the checked apply.
    trusted: false,
    create: () => new ExternalSeatStrategy(connector),
  };
}

/**
 * A process started from `command` for each connection, with no shell in between. On the FIFO
 * channel it is given a fresh name as its last argument, as the Hearts template takes its name,
 * and makes its FIFOs from it; on TCP a fresh identifier and the port, as the SpeedClue contest
 * launches bots (in the places its launch file marks, `{...}` and `%%`, or else appended).
 */
export function processConnector(label: string, command: BotCommand): BotConnector {
  return {
    label,
    async open(context) {
      installCleanup();
      if (context.sandbox) checkSandbox();
      const replyLimit = context.wire.replyLimit?.(context.rules) ?? Infinity;
      const framer = createFramer(context.framing, Math.min(context.limits.maxLineLength, replyLimit));
      return new BotProcess(command, { ...context, framer, channel: await openChannel(context) });
    },
  };
}

async function openChannel(context: LinkContext): Promise<Channel | undefined> {
  if (context.channel === 'fifo') return new FifoChannel(freshFifoName(), context.openTimeoutMs);
  if (context.channel !== 'tcp') return undefined;
  return new TcpChannel(await sharedBotPort(context.framing), freshIdentifier(), context.openTimeoutMs);
}

/** The definition of a `cmd:` seat; the program must exist (relative paths from `cwd`). */
export function commandDefinition(game: Game<any, any>, spec: string, cwd: string = process.cwd()): StrategyDefinition<PlayerView> {
  wireProtocol(game);
  const command = parseBotCommand(spec);
  checkProgram(command, cwd);
  return externalDefinition(
    game.id,
    spec,
    `external bot: ${[command.program, ...command.args].join(' ')}`,
    processConnector(spec, command),
  );
}

/** Loads a seat spec: `cmd:` seats become external bots (their program found from `cwd`); everything else loads as usual. */
export const resolveStrategy: ExternalResolver = async (registry, gameId, spec, check, cwd) => {
  if (!isExternalSpec(spec.text)) return resolveInProcess(registry, gameId, spec, check);
  return { spec, definition: commandDefinition(registry.game(gameId), spec.text, cwd), params: {} };
};
