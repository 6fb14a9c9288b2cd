import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameEvent } from '../core/events.ts';
import type { GameState, PlayerView } from '../core/game.ts';
import { Forfeit } from '../core/forfeits.ts';
import type { GameRange, MatchPlayer } from '../runner/batch.ts';
import type { Counters } from '../runner/counters.ts';
import type { PreparedMatch } from '../runner/match.ts';
import { playGameAsync, type AsyncChooser, type DecisionOutcome, type Table, type TableObserver } from '../runner/table.ts';
import { TranscriptRecorder } from '../runner/transcript.ts';
import { appendBotLog, finishBotLogs } from './bot-logs.ts';
import { ExternalSeatStrategy, type BotConnector, type LinkContext } from './external.ts';
import type { ManagerProtocol } from './manager.ts';
import { managerProtocol } from './protocols.ts';
import { DEFAULT_LIMITS, DEFAULT_MOVE_TIMEOUT_SECONDS, sweepBots, type BotLimits, type BotLink, type ReadFailure } from './transport.ts';

export interface ExternalOptions {
  /** Aborting stops every bot at once; the range then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Seconds a bot may take per decision before it forfeits. */
  readonly moveTimeout?: number;
  /** Keep each game's message log in `<resultsDir>/transcripts/game-<index>.txt`. */
  readonly transcripts?: boolean;
  /** Where bot logs (`bots/`) and transcripts go; a temporary folder when absent. */
  readonly resultsDir?: string;
  /** The bots' working directory and environment (this process's by default). */
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly limits?: Partial<BotLimits>;
  /** Counts the host adds to as it plays (for benchmarks and progress). */
  readonly stats?: HostStats;
}

export interface HostStats {
  games: number;
  botsStarted: number;
  linesSent: number;
  linesReceived: number;
}

export function newHostStats(): HostStats {
  return { games: 0, botsStarted: 0, linesSent: 0, linesReceived: 0 };
}

/**
 * Plays local games [range.from, range.to) of a match-up with external seats, one after another
 * on the player's tables, and counts them as in-process play does (the player records each game).
 * Callers run several ranges at once for parallel play: each holds at most one live process per
 * external seat, so the number of ranges in flight bounds the processes.
 */
export async function playExternalRange(
  player: MatchPlayer,
  range: GameRange,
  counters: Counters,
  options: ExternalOptions = {},
): Promise<void> {
  const host = new ProtocolHost(player.match, options);
  try {
    await player.playAsync(range, counters, (table, gameIndex, dealIndex) => host.playGame(table, gameIndex, dealIndex));
  } finally {
    await host.close();
  }
}

/** Hosts the external seats of one match-up's tables, game after game. */
export class ProtocolHost {
  readonly match: PreparedMatch;
  readonly protocol: ManagerProtocol;
  readonly moveTimeoutMs: number;
  readonly limits: BotLimits;
  readonly stats: HostStats;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly transcripts: boolean;
  private readonly options: ExternalOptions;
  private readonly hosted = new Map<Table<GameState, PlayerView>, HostedTable>();
  private readonly logPaths = new Map<string, string>();
  private readonly onAbort = () => this.abort();
  aborted = false;

  constructor(match: PreparedMatch, options: ExternalOptions) {
    this.match = match;
    this.protocol = managerProtocol(match.game.id);
    this.options = options;
    this.moveTimeoutMs = Math.round((options.moveTimeout ?? DEFAULT_MOVE_TIMEOUT_SECONDS) * 1000);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.stats = options.stats ?? newHostStats();
    this.cwd = options.cwd ?? process.cwd();
    this.env = options.env ?? process.env;
    this.transcripts = options.transcripts === true;
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  async playGame(table: Table<GameState, PlayerView>, gameIndex: number, dealIndex: number): Promise<void> {
    this.options.signal?.throwIfAborted();
    let hosted = this.hosted.get(table);
    if (!hosted) {
      hosted = new HostedTable(this, table);
      this.hosted.set(table, hosted);
    }
    await hosted.play(gameIndex, dealIndex);
    this.stats.games++;
    // An interrupted game still runs to its end (its bots forfeit at once): it must not count.
    this.options.signal?.throwIfAborted();
  }

  /** Stops every bot; resolves when none is left running. */
  async close(): Promise<void> {
    this.options.signal?.removeEventListener('abort', this.onAbort);
    await Promise.all([...this.hosted.values()].map((hosted) => hosted.stopAll()));
    sweepBots();
  }

  private abort(): void {
    this.aborted = true;
    for (const hosted of this.hosted.values()) void hosted.stopAll();
  }

  /** Where this run's files go: the results folder, or one temporary folder per parlor process. */
  private outputPath(folder: string, file: string): string {
    const dir = join(this.options.resultsDir ?? scratchFolder(), folder);
    mkdirSync(dir, { recursive: true });
    return join(dir, file);
  }

  /** Appends to the log of the bot `label` (every seat and round it plays shares one file, capped per run). */
  log(label: string, line: string): void {
    let path = this.logPaths.get(label);
    if (path === undefined) {
      path = this.outputPath('bots', logName(label));
      this.logPaths.set(label, path);
    }
    appendBotLog(path, this.limits.maxLogBytes, line);
  }

  writeTranscript(gameIndex: number, lines: readonly string[]): void {
    writeFileSync(this.outputPath('transcripts', `game-${gameIndex}.txt`), `${lines.join('\n')}\n`);
  }
}

/** Ends a run of external bots (every range played): each log that was cut says how much it dropped. */
export function finishRun(): void {
  finishBotLogs();
}

let scratch: string | null = null;

function scratchFolder(): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'parlor-bots-'));
  return scratch;
}

/** A file name from a bot's label: `cmd:python3 bots/x.py` becomes `cmd_python3_bots_x.py`. */
function logName(label: string): string {
  return `${label.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100)}.log`;
}

/** One table of the match-up under the host: observes its log and answers for its external seats. */
class HostedTable implements TableObserver {
  readonly host: ProtocolHost;
  readonly table: Table<GameState, PlayerView>;
  readonly wireBase: number;
  private readonly seats: (BotSeat | null)[];
  private readonly choosers: (AsyncChooser | null)[];
  private readonly externalMask: number;
  private recorder: TranscriptRecorder<GameState, PlayerView> | null = null;
  gameIndex = 0;

  constructor(host: ProtocolHost, table: Table<GameState, PlayerView>) {
    this.host = host;
    this.table = table;
    this.wireBase = table.game.wireBase(table.rules);
    this.seats = table.strategies.map((strategy, seat) =>
      strategy instanceof ExternalSeatStrategy ? new BotSeat(this, seat, strategy.connector) : null,
    );
    this.choosers = this.seats.map((bot) => (bot ? () => bot.decide() : null));
    this.externalMask = this.seats.reduce((mask, bot, seat) => (bot ? mask | (1 << seat) : mask), 0);
  }

  async play(gameIndex: number, dealIndex: number): Promise<void> {
    const { table, host } = this;
    this.gameIndex = gameIndex;
    for (const bot of this.seats) bot?.newGame();
    const recorder = host.transcripts
      ? new TranscriptRecorder(table.game, table.rules, host.protocol.asksName(table.rules) ? this.externalMask : 0)
      : null;
    recorder?.beginGame(dealIndex === gameIndex ? `game ${gameIndex}` : `game ${gameIndex} (deal ${dealIndex})`);
    this.recorder = recorder;
    table.observer = this;
    try {
      await playGameAsync(table, host.match.key, gameIndex, this.choosers, dealIndex);
    } finally {
      table.observer = null;
      // A bot put out before it had said its name still says it, while it is being stopped.
      await this.stopAll();
      this.recorder = null;
    }
    if (recorder) host.writeTranscript(gameIndex, recorder.lines);
  }

  stopAll(): Promise<void> {
    return Promise.all(this.seats.map((bot) => bot?.leave())).then(() => undefined);
  }

  onEvent(event: GameEvent): void {
    this.recorder?.onEvent(event);
    const { game, rules } = this.table;
    const protocol = this.host.protocol;
    const external = event.recipients & this.externalMask;
    if (external !== 0) {
      const opensRound = event.kind === game.roundStartEvent;
      for (let seat = 0; external >>> seat !== 0; seat++) {
        if ((external & (1 << seat)) === 0) continue;
        const bot = this.seats[seat]!;
        if (opensRound) bot.beginRound();
        const text = game.formatEvent(event, seat, rules);
        if (text !== '') bot.send(text);
      }
    }
    // A bot is stopped after the message that puts it out, and every bot when the round ends.
    const leaving = protocol.seatLeaving(event);
    if (leaving >= 0) void this.seats[leaving]?.leave();
    if (protocol.endsRound(event)) void this.stopAll();
  }

  /** Where the name reply to the greeting `seat` just got goes in the transcript (a bot may answer after its round). */
  nameLine(seat: number): number {
    return this.recorder?.nameLine(seat) ?? -1;
  }

  onName(line: number, seat: number, name: string): void {
    this.recorder?.onName(line, seat, name);
  }

  onAction(seat: number, action: number): void {
    this.recorder?.onAction(seat, action);
  }

  onForfeit(seat: number, reason: number, detail: string): void {
    this.recorder?.onForfeit(seat, reason, detail);
  }
}

/** One external seat of a table: a new connection each round, each waiting for the last to end. */
class BotSeat {
  readonly hosted: HostedTable;
  readonly seat: number;
  readonly connector: BotConnector;
  private round = 0;
  private current: RoundConnection | null = null;

  constructor(hosted: HostedTable, seat: number, connector: BotConnector) {
    this.hosted = hosted;
    this.seat = seat;
    this.connector = connector;
  }

  newGame(): void {
    this.round = 0;
  }

  beginRound(): void {
    this.round++;
    // The new process starts once the last one has exited, so a seat never has two alive.
    const previous = this.leave();
    this.current = new RoundConnection(this, this.round, previous);
  }

  send(text: string): void {
    this.current?.send(text);
  }

  leave(): Promise<void> {
    return this.current ? this.current.leave() : Promise.resolve();
  }

  decide(): Promise<DecisionOutcome> {
    if (!this.current) return Promise.resolve({ forfeit: Forfeit.CRASHED, detail: 'no bot was started this round' });
    return this.current.decide();
  }
}

/** One round's bot for one seat: started, greeted, fed, asked, stopped. */
class RoundConnection {
  private readonly bot: BotSeat;
  private readonly host: ProtocolHost;
  private readonly context: LinkContext;
  private link: BotLink | null = null;
  /** Lines sent before the bot is ready for them (not started yet, or greeted but not named). */
  private outbox: string[] = [];
  private ready = false;
  private failure: ReadFailure | null = null;
  private readonly opened: Promise<void>;
  private leaving: Promise<void> | null = null;
  /** The transcript line for this round's name reply. */
  private readonly nameLine: number;

  constructor(bot: BotSeat, round: number, previous: Promise<void>) {
    this.bot = bot;
    const hosted = bot.hosted;
    const host = hosted.host;
    this.host = host;
    const { table } = hosted;
    const gameIndex = hosted.gameIndex;
    const prefix = `[game ${gameIndex} round ${round} player ${bot.seat + hosted.wireBase}] `;
    const label = bot.connector.label;
    this.context = {
      game: table.game,
      rules: table.rules,
      players: table.players,
      seat: bot.seat,
      cwd: host.cwd,
      env: host.env,
      limits: host.limits,
      log: (line) => host.log(label, `${prefix}${line}`),
    };
    this.nameLine = hosted.nameLine(bot.seat);
    this.opened = this.open(previous);
  }

  private async open(previous: Promise<void>): Promise<void> {
    await previous;
    if (this.host.aborted) {
      this.failure = { failure: Forfeit.CRASHED, detail: 'the run was interrupted' };
      return;
    }
    let link: BotLink;
    try {
      link = this.bot.connector.open(this.context);
    } catch (error) {
      this.failure = { failure: Forfeit.CRASHED, detail: `could not start: ${error instanceof Error ? error.message : String(error)}` };
      return;
    }
    this.link = link;
    this.host.stats.botsStarted++;
    if (this.host.protocol.asksName(this.context.rules)) await this.readName(link);
    for (const text of this.outbox) link.send(text);
    this.outbox = [];
    this.ready = true;
  }

  /** The ident greeting: its first line goes alone, and the rest waits for the bot's name. */
  private async readName(link: BotLink): Promise<void> {
    const greeting = this.outbox.shift() ?? '';
    const newline = greeting.indexOf('\n');
    link.send(newline < 0 ? greeting : greeting.slice(0, newline));
    if (newline >= 0) this.outbox.unshift(greeting.slice(newline + 1));
    const reply = await link.readLine(this.host.moveTimeoutMs);
    if ('failure' in reply) {
      this.failure = { failure: reply.failure, detail: `no name after the greeting: ${reply.detail}` };
      return;
    }
    this.host.stats.linesReceived++;
    this.context.log(`name: ${reply.line}`);
    this.bot.hosted.onName(this.nameLine, this.bot.seat, reply.line);
  }

  send(text: string): void {
    this.host.stats.linesSent += lineCount(text);
    if (this.ready) this.link!.send(text);
    else this.outbox.push(text);
  }

  leave(): Promise<void> {
    this.leaving ??= this.opened.then(() => this.link?.stop());
    return this.leaving;
  }

  async decide(): Promise<DecisionOutcome> {
    await this.opened;
    if (this.failure) return { forfeit: this.failure.failure, detail: this.failure.detail };
    const reply = await this.link!.readLine(this.host.moveTimeoutMs);
    if ('failure' in reply) return { forfeit: reply.failure, detail: reply.detail };
    this.host.stats.linesReceived++;
    const { game, rules, players } = this.context;
    const action = game.parseAction(reply.line, players, rules);
    if (action < 0) return { forfeit: -action, detail: `sent '${clip(reply.line)}'` };
    return { action };
  }
}

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function clip(line: string): string {
  return line.length > 80 ? `${line.slice(0, 80)}...` : line;
}
