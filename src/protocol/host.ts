import { createHash } from 'node:crypto';
import { botsStopped } from '../core/bots-stopped.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameEvent } from '../core/events.ts';
import type { GameState, PlayerView } from '../core/game.ts';
import { Forfeit, oneLineDetail } from '../core/forfeits.ts';
import type { GameRange, MatchPlayer } from '../runner/play/batch.ts';
import type { Counters } from '../runner/play/counters.ts';
import type { PreparedMatch } from '../runner/play/match.ts';
import {
  playGameAsync,
  type AsyncChooser,
  type DecisionOutcome,
  type ForfeitOutcome,
  type Table,
  type TableObserver,
} from '../runner/play/table.ts';
import { TranscriptRecorder } from '../runner/play/transcript.ts';
import { appendBotLog, botLogCap, finishBotLogs, flushBotLogs } from './bot-logs.ts';
import { ExternalSeatStrategy, type BotConnector, type LinkContext } from './external.ts';
import { channelFor, framingFor, wireProtocol } from './protocols.ts';
import {
  DEFAULT_LIMITS,
  DEFAULT_MOVE_TIMEOUT_SECONDS,
  DEFAULT_START_TIMEOUT_SECONDS,
  sweepBots,
  type BotLimits,
  type BotLink,
  type LogCap,
  type ReadFailure,
  type ReadResult,
} from './transport/process.ts';
import type { SandboxLimits } from '../runner/play/external.ts';
import {
  sentDetail,
  type ChannelKind,
  type FramingKind,
  type InvalidReply,
  type Outbound,
  type ServerSeat,
  type WireProtocol,
} from '../core/wire.ts';

export interface ExternalOptions {
  /** Aborting stops every bot at once; the range then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Seconds a bot may take per decision before it forfeits. */
  readonly moveTimeout?: number;
  /** Seconds a bot may take to start and open its channel (on stdio: added to its first answer's time). */
  readonly startTimeout?: number;
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
  /** How `cmd:` bots are reached (a ChannelKind); the game's own channel (its original server's) when absent. */
  readonly channel?: string;
  /** How messages are framed (a FramingKind the game offers); its original server's when absent. */
  readonly framing?: string;
  /** Run `cmd:` bots in a sandbox with these limits (--sandbox). */
  readonly sandbox?: SandboxLimits;
  /**
   * Told of every failure of a bot, by its label: each forfeit, and an acknowledgement or name
   * that failed out of turn (which forfeits only when the bot is next asked to play, if ever).
   */
  readonly onFailure?: (label: string, failure: ReadFailure) => void;
  /**
   * A forfeit ends its game where it stands, as the SpeedClue contest server aborts a match at a
   * disqualification: nobody is asked anything more in that game, so nobody else can break a rule
   * in a game the server would not have played on, and the next game's first message reaches the
   * others mid-game, as it does there.
   */
  readonly abandonAtForfeit?: boolean;
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
 * The range is a session of its own: bots that live for a session are stopped at its end.
 */
export async function playExternalRange(
  player: MatchPlayer,
  range: GameRange,
  counters: Counters,
  options: ExternalOptions = {},
): Promise<void> {
  const host = new ProtocolHost(player.match, options);
  try {
    await host.playRange(player, range, counters, options.signal);
  } finally {
    await host.close();
  }
}

/**
 * The ranges of one run, played on a host per match-up, with one pool of idle bots for them all
 * that keeps a game's bots from one range to the next until the session closes: a game whose bots
 * live for the session (Hearts, SpeedClue) runs a process per seat of each table in play at once
 * for the whole run. Callers run several ranges at once for parallel play; each borrows tables of
 * its own, so the number of ranges in flight bounds the processes.
 */
export class ExternalSession {
  private readonly options: ExternalOptions;
  private readonly hosts = new Map<PreparedMatch, ProtocolHost>();
  private readonly idle = new IdleBots();

  constructor(options: Omit<ExternalOptions, 'signal'>) {
    this.options = options;
  }

  play(player: MatchPlayer, range: GameRange, counters: Counters, signal?: AbortSignal): Promise<void> {
    let host = this.hosts.get(player.match);
    if (!host) {
      host = new ProtocolHost(player.match, this.options, this.idle);
      this.hosts.set(player.match, host);
    }
    return host.playRange(player, range, counters, signal);
  }

  /** Ends every bot's session; resolves when none is left running. */
  async close(): Promise<void> {
    await Promise.all([...this.hosts.values()].map((host) => host.close()));
  }
}

export function openSession(options: Omit<ExternalOptions, 'signal'>): ExternalSession {
  return new ExternalSession(options);
}

/**
 * The bots of a session (Hearts, SpeedClue) between their games, by label. A seat takes one when
 * its game first needs its bot and gives it back when the game ends, so one process plays the
 * tables of every seating of a design, and of every match-up, in turn: each game's first message
 * tells a bot its seat. A run then keeps, of each bot, as many processes as the tables in play at
 * once seat it, where one per table would pile up (a six-seat duplicate design has 720 seatings).
 *
 * Labels that never come back (tune's values, one bot command line each) would leave their bots
 * waiting to the end: the bots kept waiting are at most twice the most ever lent at once, those
 * given back longest ago stopped first. Twice, so that runs alternating two sets of tables (the
 * arms of compare and tune) find each other's bots still waiting.
 */
export class IdleBots<C extends { close(): Promise<void> } = Connection> {
  /** The waiting bots, those given back longest ago first. */
  private readonly waiting: { readonly label: string; readonly connection: C }[] = [];
  /** Bots stopped for being too many, until they are gone: the session's close waits for them too. */
  private readonly stopping = new Set<Promise<void>>();
  private lent = 0;
  private mostLent = 0;

  /**
   * Lends a seat a bot of `label`: the one that waited longest, or undefined when none waits and
   * the seat starts one of its own, which counts as lent all the same.
   */
  lend(label: string): C | undefined {
    this.mostLent = Math.max(this.mostLent, ++this.lent);
    const at = this.waiting.findIndex((entry) => entry.label === label);
    return at < 0 ? undefined : this.waiting.splice(at, 1)[0].connection;
  }

  /** Takes a lent bot back to wait for the next table. */
  give(label: string, connection: C): void {
    this.lent--;
    this.waiting.push({ label, connection });
    while (this.waiting.length > 2 * this.mostLent) {
      const stop = this.waiting.shift()!.connection.close();
      this.stopping.add(stop);
      const gone = () => this.stopping.delete(stop);
      stop.then(gone, gone);
    }
  }

  /** A lent bot that will not come back (it failed, or was stopped). */
  lost(): void {
    this.lent--;
  }

  /** Says goodbye to every waiting bot and stops it. */
  async closeAll(): Promise<void> {
    const waiting = this.waiting.splice(0);
    await Promise.all([...waiting.map((entry) => entry.connection.close()), ...this.stopping]);
  }
}

/** Hosts the external seats of one match-up's tables, game after game. */
export class ProtocolHost {
  readonly match: PreparedMatch;
  readonly wire: WireProtocol;
  readonly channel: ChannelKind;
  readonly framing: FramingKind;
  readonly moveTimeoutMs: number;
  readonly startTimeoutMs: number;
  readonly limits: BotLimits;
  readonly stats: HostStats;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly transcripts: boolean;
  readonly sandbox: SandboxLimits | undefined;
  readonly abandonAtForfeit: boolean;
  private readonly options: ExternalOptions;
  private readonly hosted = new Map<Table<GameState, PlayerView>, HostedTable>();
  private readonly logPaths = new Map<string, string>();
  /** Bots of the session between games (shared by the hosts of a session's match-ups). */
  readonly idle: IdleBots;
  aborted = false;

  /**
   * The run is stopping its bots itself (this host's task was aborted, or parlor was interrupted,
   * which the main thread may have acted on before this thread heard): what they fail now is not theirs.
   */
  get stopped(): boolean {
    return this.aborted || botsStopped();
  }

  constructor(match: PreparedMatch, options: ExternalOptions, idle: IdleBots = new IdleBots()) {
    this.match = match;
    this.idle = idle;
    this.wire = wireProtocol(match.game);
    this.channel = channelFor(match.game, options.channel);
    this.framing = framingFor(match.game, options.framing);
    this.options = options;
    this.moveTimeoutMs = Math.round((options.moveTimeout ?? DEFAULT_MOVE_TIMEOUT_SECONDS) * 1000);
    this.startTimeoutMs = Math.round((options.startTimeout ?? DEFAULT_START_TIMEOUT_SECONDS) * 1000);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.stats = options.stats ?? newHostStats();
    this.cwd = options.cwd ?? process.cwd();
    this.env = options.env ?? process.env;
    this.transcripts = options.transcripts === true;
    this.sandbox = options.sandbox;
    this.abandonAtForfeit = options.abandonAtForfeit === true;
  }

  /** Plays a range; aborting `signal` stops every bot of the host at once, and the range rejects with its reason. */
  async playRange(player: MatchPlayer, range: GameRange, counters: Counters, signal?: AbortSignal): Promise<void> {
    const onAbort = () => this.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await player.playAsync(range, counters, (table, gameIndex, dealIndex) => this.playGame(table, gameIndex, dealIndex, signal));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private async playGame(table: Table<GameState, PlayerView>, gameIndex: number, dealIndex: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    let hosted = this.hosted.get(table);
    if (!hosted) {
      hosted = new HostedTable(this, table);
      this.hosted.set(table, hosted);
    }
    await hosted.play(gameIndex, dealIndex);
    this.stats.games++;
    // An interrupted game still runs to its end (its bots forfeit at once): it must not count.
    signal?.throwIfAborted();
  }

  /** Ends every bot's session and stops it; resolves when none is left running. */
  async close(): Promise<void> {
    await Promise.all([...this.hosted.values()].map((hosted) => hosted.stopAll()));
    await this.idle.closeAll();
    sweepBots();
    // Whoever reads the logs next finds them whole.
    flushBotLogs();
  }

  private abort(): void {
    this.aborted = true;
    for (const hosted of this.hosted.values()) void hosted.stopAll();
    void this.idle.closeAll();
  }

  /** Where this run's files go: the results folder, or one temporary folder per parlor process. */
  private outputPath(folder: string, file: string): string {
    const dir = join(this.options.resultsDir ?? scratchFolder(), folder);
    mkdirSync(dir, { recursive: true });
    return join(dir, file);
  }

  /** Appends to the log of the bot `label` (every seat and round it plays shares one file, capped per run). */
  log(label: string, line: string): void {
    appendBotLog(this.logPath(label), this.limits.maxLogBytes, line);
  }

  /** The cap of the log of the bot `label`, as its output meets it. */
  logCap(label: string): LogCap {
    // A bot that has logged nothing has no file yet, and none is made for asking.
    return botLogCap(() => this.logPaths.get(label));
  }

  private logPath(label: string): string {
    let path = this.logPaths.get(label);
    if (path === undefined) {
      path = this.outputPath('bots', botLogName(label));
      this.logPaths.set(label, path);
    }
    return path;
  }

  /** Passes a bot's failure on to whoever asked to hear of them. */
  reportFailure(label: string, failure: ReadFailure): void {
    this.options.onFailure?.(label, failure);
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
  if (scratch === null) {
    const folder = mkdtempSync(join(tmpdir(), 'parlor-bots-'));
    // Nothing of a run is left in the temporary folder once parlor exits.
    process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
    scratch = folder;
  }
  return scratch;
}

/**
 * A file name from a bot's label: `cmd:python3 bots/x.py` becomes `cmd_python3_bots_x.py-<hash>.log`,
 * its readable part cut at 80 characters. The hash of the whole label keeps two bots apart, each
 * with a log and a cap of its own, where their labels differ only in what the readable part drops
 * (`bots/v1/bot.py` and `bots/v1_bot.py`, or the end of a long command line).
 */
export function botLogName(label: string): string {
  const hash = createHash('sha256').update(label).digest('hex').slice(0, 8);
  return `${label.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80)}-${hash}.log`;
}

/** One table of the match-up under the host: observes its log and answers for its external seats. */
class HostedTable implements TableObserver {
  readonly host: ProtocolHost;
  readonly table: Table<GameState, PlayerView>;
  private readonly seats: (BotSeat | null)[];
  private readonly choosers: (AsyncChooser | null)[];
  private readonly externalMask: number;
  private recorder: TranscriptRecorder<GameState, PlayerView> | null = null;
  /** Whether the game being played was ended at a forfeit (see abandonAtForfeit). */
  private abandoned = false;
  private readonly isAbandoned = () => this.abandoned;
  gameIndex = 0;

  constructor(host: ProtocolHost, table: Table<GameState, PlayerView>) {
    this.host = host;
    this.table = table;
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
      ? new TranscriptRecorder(table.game, table.rules, host.wire.greetsEachRound(table.rules) ? this.externalMask : 0)
      : null;
    recorder?.beginGame(dealIndex === gameIndex ? `game ${gameIndex}` : `game ${gameIndex} (deal ${dealIndex})`);
    this.recorder = recorder;
    this.abandoned = false;
    table.observer = this;
    try {
      await playGameAsync(table, host.match.key, gameIndex, this.choosers, dealIndex, this.isAbandoned);
      if (this.abandoned) recorder?.lines.push('{ game abandoned at the forfeit, as the contest server aborts a match }');
    } finally {
      table.observer = null;
      for (const bot of this.seats) bot?.settle();
      // A bot put out before it had said its name still says it, while it is being stopped.
      if (host.wire.lifecycle !== 'session') await this.stopAll();
      else for (const bot of this.seats) bot?.release();
      this.recorder = null;
    }
    if (recorder) host.writeTranscript(gameIndex, recorder.lines);
  }

  stopAll(): Promise<void> {
    return Promise.all(this.seats.map((bot) => bot?.leave())).then(() => undefined);
  }

  onEvent(event: GameEvent): void {
    this.recorder?.onEvent(event);
    const external = event.recipients & this.externalMask;
    for (let seat = 0; external >>> seat !== 0; seat++) {
      if ((external & (1 << seat)) !== 0) this.seats[seat]!.receive(event);
    }
    // A connection ends after the record that ends it, sent first to whoever receives it.
    for (const bot of this.seats) if (bot?.endsWith(event)) void bot.leave();
  }

  /**
   * Notes a message as it went to the bot in `seat` (`to`) or came from it, in the transcript:
   * `[wire manager -> 2] ...`, `[wire 2 -> manager] ...`, the text exactly (JSON-quoted where it
   * holds anything but printable characters).
   */
  onWire(seat: number, to: boolean, text: string): void {
    if (this.recorder === null || this.host.wire.transcriptIsWire) return;
    const number = this.table.game.seatNumber(seat, this.table.rules);
    const shown = /^[\x20-\x7e]*$/.test(text) ? text : JSON.stringify(text);
    this.recorder.lines.push(to ? `[wire manager -> ${number}] ${shown}` : `[wire ${number} -> manager] ${shown}`);
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

  /**
   * A wrong answer to a request that decided nothing (ServerSeat.asideRefused): counted as the
   * seat's forfeit, told in its log and the transcript, and nothing more is lost. It may come in
   * while the game goes on without the seat; the game's counts are taken after its bots are done.
   */
  noteForfeit(seat: number, reason: number, detail: string): void {
    const line = oneLineDetail(detail);
    this.recorder?.onForfeit(seat, reason, line);
    this.table.state.tally.forfeit(seat, reason);
    const bot = this.seats[seat];
    if (!bot || this.host.stopped) return;
    bot.log(bot.failureLine('forfeits', { failure: reason, detail: line }));
    this.host.reportFailure(bot.connector.label, { failure: reason, detail: line });
  }

  onForfeit(seat: number, reason: number, detail: string): void {
    this.recorder?.onForfeit(seat, reason, detail);
    if (this.host.abandonAtForfeit) this.abandoned = true;
    const bot = this.seats[seat];
    if (bot) {
      // A bot out for the game forfeits each later decision alike: its log tells why once. In an
      // interrupted run every bot is stopped and the game does not count: no news of this one.
      if (!bot.outFor(detail) && !this.host.stopped) bot.log(bot.failureLine('forfeits', { failure: reason, detail }));
      this.host.reportFailure(bot.connector.label, { failure: reason, detail });
    }
    bot?.server.forfeited?.();
    if (!bot || this.host.wire.lifecycle === 'round') return;
    const fate = this.host.wire.afterForfeit?.(this.table.rules, SILENT.has(reason)) ?? 'restart';
    if (fate === 'keep') return;
    if (fate === 'disqualify') bot.disqualify(reason, detail);
    // A bot kept beyond the round may still answer late, out of turn: it starts afresh instead.
    void bot.leave();
  }
}

/**
 * One external seat of a table: its side of the wire protocol, and its connection to the bot.
 * Connections follow the protocol's lifecycle: a new one each round (opened by the round's first
 * record), or one opened when first needed and kept for the game or the whole session. Each waits
 * for the last one to end, so a seat never has two bots alive.
 */
class BotSeat {
  readonly hosted: HostedTable;
  readonly seat: number;
  readonly connector: BotConnector;
  readonly server: ServerSeat;
  /** Rounds this seat has begun in the current game, for its log. */
  round = 0;
  private current: Connection | null = null;
  private previous: Promise<void> = Promise.resolve();
  /** A decision's actions, decoded from a reply. */
  readonly actions: Int32Array;
  private disqualified: { readonly forfeit: number; readonly detail: string } | null = null;
  /** Its bots live for the session and go back to the session's pool between games (IdleBots). */
  private readonly pooled: boolean;

  constructor(hosted: HostedTable, seat: number, connector: BotConnector) {
    this.hosted = hosted;
    this.seat = seat;
    this.connector = connector;
    // A contest's entrants stay with the connector that keeps them.
    this.pooled = hosted.host.wire.lifecycle === 'session' && connector.keepsBots !== true;
    const { table } = hosted;
    this.server = hosted.host.wire.server(table.rules, table.players, seat);
    this.actions = new Int32Array(table.game.maxActions);
  }

  newGame(): void {
    this.round = 0;
    this.disqualified = null;
  }

  /** What marks this seat's lines in its bot's log now. */
  logPrefix(): string {
    const { table, gameIndex } = this.hosted;
    return `[game ${gameIndex} round ${this.round} player ${table.game.seatNumber(this.seat, table.rules)}] `;
  }

  /** Appends to the bot's log, marked with this seat's game, round and player. */
  log(line: string): void {
    this.hosted.host.log(this.connector.label, `${this.logPrefix()}${line}`);
  }

  /**
   * A failure of the bot's, as its log tells it: `forfeits: timeout (no reply within 5000 ms)`.
   * Every one is told there, since nothing else may say it (a bot that hangs, or exits with 0).
   */
  failureLine(what: string, failure: ReadFailure): string {
    const label = this.hosted.table.game.forfeitLabels[failure.failure] ?? `reason ${failure.failure}`;
    return `${what}: ${label}${failure.detail === '' ? '' : ` (${failure.detail})`}`;
  }

  /** Whether `detail` is that of the forfeits of a seat out for the rest of the game. */
  outFor(detail: string): boolean {
    return this.disqualified?.detail === detail;
  }

  /** Out for the rest of the game: the seat's later decisions forfeit at once, for the same reason. */
  disqualify(reason: number, detail: string): void {
    this.disqualified ??= { forfeit: reason, detail: `disqualified earlier in the game (${detail})` };
  }

  receive(event: GameEvent): void {
    const { game } = this.hosted.table;
    if (event.kind === game.roundStartEvent) {
      this.round++;
      if (this.hosted.host.wire.lifecycle === 'round') {
        void this.leave();
        this.current = new Connection(this, this.previous);
      }
    }
    for (const message of this.server.encode(event)) this.send(message);
  }

  /** At a game's end, a bot that failed without forfeiting (out of turn) is let go: its failure is told then. */
  settle(): void {
    if (this.current?.failed) void this.leave();
  }

  endsWith(event: GameEvent): boolean {
    return this.current !== null && this.server.endsConnection(event);
  }

  send(message: Outbound): void {
    this.connection()?.send(message);
  }

  leave(): Promise<void> {
    if (this.current) {
      if (this.pooled) this.hosted.host.idle.lost();
      this.previous = this.current.close();
      this.current = null;
    }
    return this.previous;
  }

  /**
   * At a game's end (after settle, which let go of a bot that failed), gives a session's bot back
   * to the session for whichever table plays next.
   */
  release(): void {
    if (this.current === null || !this.pooled) return;
    this.hosted.host.idle.give(this.connector.label, this.current);
    this.current = null;
  }

  decide(): Promise<DecisionOutcome> {
    if (this.disqualified) return Promise.resolve(this.disqualified);
    const connection = this.connection();
    if (!connection) return Promise.resolve({ forfeit: Forfeit.CRASHED, detail: 'no bot was started this round' });
    return connection.decide();
  }

  /** The open connection; for bots that outlive a round, one is opened when first needed. */
  private connection(): Connection | null {
    // A disqualified bot is not started again this game: its messages go nowhere.
    if (this.current === null && this.hosted.host.wire.lifecycle !== 'round' && !this.disqualified) {
      const waiting = this.pooled ? this.hosted.host.idle.lend(this.connector.label) : undefined;
      waiting?.moveTo(this);
      this.current = waiting ?? new Connection(this, this.previous);
    }
    return this.current;
  }
}

/** One bot process (or loopback) for one seat: started, greeted, fed, asked, stopped. */
class Connection {
  /** The seat the bot plays now: a session's bot moves from table to table between games. */
  private bot: BotSeat;
  private readonly context: LinkContext;
  private link: BotLink | null = null;
  /** Messages held while the bot is not ready for them (not started yet, or asked its name). */
  private outbox: { readonly message: Outbound; readonly from: BotSeat }[] = [];
  /**
   * The seat whose message the flush sends, or whose answer it waits for: a session's bot may
   * have moved to another table before its last game's messages were all acknowledged, and those
   * stay that game's, in its transcript and its log lines.
   */
  private speaker: BotSeat | null = null;
  private ready = false;
  private failure: ReadFailure | null = null;
  private failureTold = false;
  private flushed: Promise<void>;
  private leaving: Promise<void> | null = null;
  /** The transcript line for the name reply. */
  private readonly nameLine: number;
  /** Time the bot's first answer has on top of the move's, to start: on stdio, where no channel opening takes it. */
  private startAllowanceMs: number;

  constructor(bot: BotSeat, previous: Promise<void>) {
    this.bot = bot;
    const hosted = bot.hosted;
    const host = hosted.host;
    const { table } = hosted;
    const label = bot.connector.label;
    // A bot of one round is known by that round, whenever its lines arrive.
    const pinned = host.wire.lifecycle === 'round' ? bot.logPrefix() : null;
    this.context = {
      game: table.game,
      wire: host.wire,
      channel: host.channel,
      framing: host.framing,
      rules: table.rules,
      players: table.players,
      seat: bot.seat,
      cwd: host.cwd,
      env: host.env,
      limits: host.limits,
      sandbox: host.sandbox,
      openTimeoutMs: host.startTimeoutMs,
      log: (line) => this.host.log(label, `${pinned ?? this.voice.logPrefix()}${line}`),
      logCap: host.logCap(label),
    };
    this.nameLine = hosted.nameLine(bot.seat);
    this.startAllowanceMs = host.channel === 'stdio' ? host.startTimeoutMs : 0;
    this.outbox.push(...bot.server.open().map((message) => ({ message, from: bot })));
    this.flushed = this.open(previous);
  }

  private get host(): ProtocolHost {
    return this.bot.hosted.host;
  }

  private get voice(): BotSeat {
    return this.speaker ?? this.bot;
  }

  /** Hands the bot to the seat of another table, of this match-up or another, for its next game. */
  moveTo(bot: BotSeat): void {
    this.bot = bot;
  }

  private async open(previous: Promise<void>): Promise<void> {
    await previous;
    if (this.host.stopped) {
      this.failure = { failure: Forfeit.CRASHED, detail: 'the run was interrupted' };
      return;
    }
    try {
      this.link = await this.bot.connector.open(this.context);
    } catch (error) {
      this.failure = { failure: Forfeit.CRASHED, detail: `could not start: ${error instanceof Error ? error.message : String(error)}` };
      return;
    }
    this.host.stats.botsStarted++;
    // A bot that never opens its channel fails for that, not for the first message it missed.
    this.failure = (await this.link.opened?.()) ?? null;
    await this.flush(this.link);
  }

  /** Sends what waits, in order; a name request, a message to acknowledge or one whose answer is set aside holds the rest back until the answer comes. */
  private async flush(link: BotLink): Promise<void> {
    for (let entry = this.outbox.shift(); entry !== undefined; entry = this.outbox.shift()) {
      // A bot that failed already hears no more: what it would answer can no longer count.
      if (this.failure) continue;
      const { message } = entry;
      this.speaker = entry.from;
      this.write(link, message);
      if (message.expects === 'name') await this.readName(link);
      else if (message.expects === 'ack') {
        this.failure = await readAcknowledgement(this.read(link), message);
        if (this.failure === null) this.host.stats.linesReceived++;
        else if (!this.host.stopped) this.context.log(this.failure.detail);
      } else if (message.expects === 'aside') await this.readAside(link);
    }
    this.speaker = null;
    this.ready = true;
  }

  private readTimeoutMs(): number {
    const timeoutMs = this.host.moveTimeoutMs + this.startAllowanceMs;
    this.startAllowanceMs = 0;
    return timeoutMs;
  }

  private async read(link: BotLink): Promise<ReadResult> {
    const reply = await link.readLine(this.readTimeoutMs());
    if ('line' in reply) this.voice.hosted.onWire(this.voice.seat, false, reply.line);
    return reply;
  }

  private write(link: BotLink, message: Outbound): void {
    this.voice.hosted.onWire(this.voice.seat, true, message.text);
    link.send(message.text, message.padTo);
  }

  /**
   * A failure the bot has not forfeited for (out of turn and never asked again, or in saying
   * goodbye), or null; told once. The game's forfeits are told as they happen.
   */
  private untoldFailure(): ReadFailure | null {
    if (this.failure === null || this.failureTold) return null;
    this.failureTold = true;
    return this.failure;
  }

  private async readName(link: BotLink): Promise<void> {
    const reply = await this.read(link);
    if ('failure' in reply) {
      const detail = `no name after the greeting: ${reply.detail}`;
      // Where a server would not play without the name, the bot is out for the game, for the reason it gave none.
      if (this.bot.server.nameRefused?.(null)) this.refuseName(reply.failure, detail);
      else this.failure ??= { failure: reply.failure, detail };
      return;
    }
    this.host.stats.linesReceived++;
    this.context.log(`name: ${reply.line}`);
    this.bot.hosted.onName(this.nameLine, this.bot.seat, reply.line);
    const refused = this.bot.server.nameRefused?.(reply.line);
    if (refused) this.refuseName(refused.invalid, `name refused: ${refused.detail}`);
  }

  private refuseName(reason: number, detail: string): void {
    this.context.log(detail);
    // The decision that waited on the name is forfeited for it too, and every later one.
    this.failure ??= { failure: reason, detail };
    this.bot.disqualify(reason, detail);
    void this.bot.leave();
  }

  /** Reads an answer the game needs nothing from, so that the next reply answers the next request. */
  private async readAside(link: BotLink): Promise<void> {
    const reply = await this.read(link);
    if ('failure' in reply) {
      this.failure ??= { failure: reply.failure, detail: `no answer to a request that decides nothing: ${reply.detail}` };
      return;
    }
    this.host.stats.linesReceived++;
    const refused = this.voice.server.asideRefused?.(reply.line);
    if (refused) this.voice.hosted.noteForfeit(this.voice.seat, refused.invalid, refused.detail);
  }

  send(message: Outbound): void {
    this.host.stats.linesSent += lineCount(message.text);
    if (this.ready && message.expects !== 'name' && message.expects !== 'ack' && message.expects !== 'aside') {
      this.write(this.link!, message);
      return;
    }
    this.outbox.push({ message, from: this.bot });
    if (this.ready && this.link) {
      this.ready = false;
      this.flushed = this.flush(this.link);
    }
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  /**
   * Says goodbye, unless the connector keeps the bot (a contest's entrants, told goodbye by it), and
   * leaves. A stopped run says none: its bots are being stopped, one may still be thinking over a
   * decision, and a goodbye then (SpeedClue's `done`) would reach it mid-decision and wait for a
   * second answer while the first is still awaited.
   */
  close(): Promise<void> {
    if (this.leaving === null && !this.bot.connector.keepsBots && !this.host.stopped) {
      for (const message of this.bot.server.close()) this.send(message);
    }
    return this.leave();
  }

  /** Tells a failure not forfeited for, and stops the bot (unless it is kept). */
  private leave(): Promise<void> {
    this.leaving ??= this.flushed.then(() => {
      const failure = this.untoldFailure();
      if (failure) {
        // Every bot of an interrupted run fails alike: that is no news of this one.
        if (!this.host.stopped) this.context.log(this.bot.failureLine('failed out of turn', failure));
        this.host.reportFailure(this.bot.connector.label, failure);
      }
      return this.bot.connector.keepsBots ? undefined : this.link?.stop();
    });
    return this.leaving;
  }

  async decide(): Promise<DecisionOutcome> {
    const request = this.bot.server.request();
    if (request) this.send(request);
    await this.flushed;
    if (this.failure) {
      this.failureTold = true;
      return { forfeit: this.failure.failure, detail: this.failure.detail };
    }
    const reply = await this.read(this.link!);
    if ('failure' in reply) {
      // A bot that did not answer is sent nothing more, nor waited on again (for a goodbye's answer).
      this.failure = reply;
      this.failureTold = true;
      return { forfeit: reply.failure, detail: reply.detail };
    }
    this.host.stats.linesReceived++;
    const actions = this.bot.actions;
    const decoded = this.bot.server.decode(reply.line, this.context.players, actions);
    if (!('count' in decoded)) return forfeitOf(decoded);
    if (decoded.then) return { actions, count: decoded.count, then: forfeitOf(decoded.then) };
    return decoded.count === 1 ? { action: actions[0] } : { actions, count: decoded.count };
  }
}

/** The forfeit for an invalid reply, and the decision it answered where the server says. */
function forfeitOf(invalid: InvalidReply): ForfeitOutcome {
  const { invalid: forfeit, detail, answered } = invalid;
  return answered === undefined ? { forfeit, detail } : { forfeit, detail, answered };
}

/** Forfeits of a bot that did not answer at all, as opposed to one that answered badly. */
const SILENT: ReadonlySet<number> = new Set([Forfeit.TIMEOUT, Forfeit.CRASHED, Forfeit.FLOODED]);

/**
 * Reads the set answer to `message` (an `ok`, a `dead`): null when it came, in any case, or the
 * failure (a wrong answer is malformed).
 */
export async function readAcknowledgement(read: Promise<ReadResult>, message: Outbound): Promise<ReadFailure | null> {
  const reply = await read;
  if ('failure' in reply) return { failure: reply.failure, detail: `no '${message.ack}' for '${message.text}': ${reply.detail}` };
  if (reply.line.toLowerCase() === message.ack?.toLowerCase()) return null;
  return { failure: Forfeit.MALFORMED, detail: `${sentDetail(reply.line)} for '${message.text}', not '${message.ack}'` };
}

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
