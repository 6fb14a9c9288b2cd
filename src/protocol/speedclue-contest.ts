import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Errors } from '../core/errors.ts';
import { keyValueText } from '../core/key-values.ts';
import type { Registry } from '../core/registry.ts';
import { isExternalSpec, parseStrategySpec } from '../core/strategy-spec.ts';
import { MatchPlayer } from '../runner/play/batch.ts';
import { confines } from '../runner/play/loading/trust.ts';
import { defaultWorkerMemory } from '../runner/job/worker-memory.ts';
import type { Counters } from '../runner/play/counters.ts';
import { newCounters, prepareMatch, type PreparedMatch, type StrategyResolver } from '../runner/play/match.ts';
import { makeFolder } from '../core/results-files.ts';
import { resolveStrategy as resolveInProcess, type ResolvedStrategy } from '../runner/play/loading/strategies.ts';
import { appendBotLog, botLogCap, finishBotLogs } from './bot-logs.ts';
import { externalDefinition, type BotConnector } from './external.ts';
import { botLogName, ProtocolHost, readAcknowledgement } from './host.ts';
import { launchBots, parseLaunchFile, type Launched, type LaunchEntry } from './launch-file.ts';
import { channelFor, framingFor, wireProtocol } from './protocols.ts';
import {
  DEFAULT_LIMITS,
  DEFAULT_MOVE_TIMEOUT_SECONDS,
  DEFAULT_START_TIMEOUT_SECONDS,
  type BotProcess,
  type ReadFailure,
} from './transport/process.ts';
import { IDENTIFIER_MARK } from './transport/tcp.ts';
import { checkSandbox } from './transport/sandbox.ts';
import type { SandboxLimits } from '../runner/play/external.ts';
import type { FramingKind } from '../core/wire.ts';

/**
 * The SpeedClue contest's tournament (its ContestServer): every combination of the entrants from
 * the game's smallest table to its largest, each seated in every order, playing `perSeating`
 * games. Bots from the launch file are started once, one at a time, and keep their connection for
 * the whole contest; built-in or file strategies may enter beside them, the built-ins playing in
 * this thread and each file as a `parlor bot` process of its own, so that a file that crashes,
 * hangs or fills its heap ends only its own process and is judged as any bot. As the contest rules it,
 * a bot that breaks a rule, fails or times out is disqualified: its game ends there, the rest of
 * its seating's orders and every later table with it are skipped, and every game it played is
 * dropped from everyone's figures. A bot that does not answer the final `done` is disqualified too, before the tally.
 */
export interface ContestSpec {
  readonly game: string;
  /** Bots, in the contest's launch file format. */
  readonly launchFile?: string;
  /** Strategies playing in-process beside them (built-in names or files). */
  readonly strategies?: readonly string[];
  readonly perSeating: number;
  readonly seed: string;
  readonly rules?: Readonly<Record<string, string>>;
  /** Seconds a bot may take per reply. */
  readonly moveTimeout?: number;
  /** Seconds a bot may take to start, connect and greet. */
  readonly startTimeout?: number;
  readonly framing?: string;
  /** Run the launch file's bots in a sandbox with these limits. */
  readonly sandbox?: SandboxLimits;
  /** The JavaScript heap, in MB, of each strategy file's bot process (and of its load check). */
  readonly entrantMemory?: number;
}

/** How one contest runs, apart from what it is. */
export interface ContestRun {
  readonly transcripts?: boolean;
  /** Where bot logs (bots/) and transcripts (transcripts/) go. */
  readonly resultsDir: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
  /** Told each seating as it starts, with how many there are at most. */
  readonly onSeating?: (seating: readonly string[], number: number, total: number) => void;
}

export interface EntrantOutcome {
  readonly identifier: string;
  /** Wins over the games that count (a win shared by k players counts 1/k). */
  readonly wins: number;
  readonly played: number;
  /** Why it was disqualified, or null. */
  readonly disqualified: string | null;
}

export interface ContestGame {
  readonly index: number;
  /** The entrants by seat. */
  readonly seats: readonly string[];
  /** Each seat's share of the win. */
  readonly shares: readonly number[];
  /** Whether it is left out of the figures (a disqualified entrant played in it). */
  readonly dropped: boolean;
}

export interface ContestResult {
  readonly entrants: readonly EntrantOutcome[];
  readonly games: readonly ContestGame[];
  /** Whether the run's signal stopped it: the games finished by then, tallied as they stand. */
  readonly stopped: boolean;
}

interface Entrant {
  readonly identifier: string;
  /** The seat spec standing for it in a match-up. */
  readonly seat: string;
  readonly strategy: ResolvedStrategy;
  readonly bot: BotProcess | null;
  disqualified: string | null;
}

/** A contest checked and loaded, before any bot starts. */
export interface ContestPlan {
  readonly spec: ContestSpec;
  readonly framing: FramingKind;
  readonly timeoutMs: number;
  /** How long each bot has to start, connect and greet. */
  readonly startTimeoutMs: number;
  readonly launch: readonly LaunchEntry[];
  /** The --strategies entrants, in the order given. */
  readonly strategies: readonly StrategyEntrant[];
}

/** A built-in plays in this thread; a strategy file as a bot process of its own. */
type StrategyEntrant = { readonly builtIn: Entrant } | { readonly file: LaunchEntry };

/** What V8 writes to stderr as it aborts a process whose JavaScript heap is full. */
const HEAP_FULL = 'JavaScript heap out of memory';

/** parlor's own command line, which a strategy file's bot process runs. */
const PARLOR = fileURLToPath(new URL('../../bin/parlor.js', import.meta.url));

/** Checks a contest and loads its entrants' definitions: every mistake of the user's shows here. */
export async function planContest(registry: Registry, spec: ContestSpec): Promise<ContestPlan> {
  const game = registry.game(spec.game);
  const wire = wireProtocol(game);
  const framing = framingFor(game, spec.framing);
  if (wire.lifecycle !== 'session' || channelFor(game) !== 'tcp') {
    throw Errors.badOption(
      `contest runs games whose bots stay connected for the whole contest (speedclue), not ${game.id}: give --game speedclue, or use tournament for ${game.id}`,
    );
  }
  game.parseRules(spec.rules ?? {});
  const launch = spec.launchFile === undefined ? [] : parseLaunchFile(spec.launchFile);
  if (spec.sandbox) checkSandbox();
  const texts = spec.strategies ?? [];
  const builtIn = texts.map((text) => registry.findStrategy(game.id, parseStrategySpec(text).name) !== undefined);
  const files = builtIn.filter((isBuiltIn) => !isBuiltIn).length;
  // Every file's process may fill its heap, and they all run at once.
  const memoryMb = spec.entrantMemory ?? defaultWorkerMemory(Math.max(1, files));
  const strategies: StrategyEntrant[] = [];
  // One at a time: each file's load check takes the heap its process will have.
  for (const [index, text] of texts.entries()) strategies.push(await strategyEntrant(registry, spec, text, builtIn[index], memoryMb));
  checkField(game, [...launch.map((entry) => entry.identifier), ...strategies.map(entrantIdentifier)]);
  const timeoutMs = Math.round((spec.moveTimeout ?? DEFAULT_MOVE_TIMEOUT_SECONDS) * 1000);
  const startTimeoutMs = Math.round((spec.startTimeout ?? DEFAULT_START_TIMEOUT_SECONDS) * 1000);
  return { spec, framing, timeoutMs, startTimeoutMs, launch, strategies };
}

/**
 * Starts the bots, plays the contest, says goodbye, stops them, and tallies. Stopped by the run's
 * signal, it stops its bots and tallies the games finished by then, with no goodbye.
 */
export async function runContest(registry: Registry, plan: ContestPlan, run: ContestRun): Promise<ContestResult> {
  const logs = join(run.resultsDir, 'bots');
  makeFolder(logs);
  const heapFilled = new Set<string>();
  const log = (identifier: string, line: string) => {
    if (line.includes(HEAP_FULL)) heapFilled.add(identifier);
    appendBotLog(join(logs, botLogName(identifier)), DEFAULT_LIMITS.maxLogBytes, line);
  };
  const logCap = (identifier: string) => botLogCap(() => join(logs, botLogName(identifier)));
  const settings = {
    framing: plan.framing,
    cwd: run.cwd ?? process.cwd(),
    env: run.env ?? process.env,
    limits: DEFAULT_LIMITS,
    timeoutMs: plan.startTimeoutMs,
    signal: run.signal,
    log,
    logCap,
  };
  const launched = await launchBots(plan.launch, { ...settings, sandbox: plan.spec.sandbox });
  // parlor's own bots need no sandbox: their files run confined in them, or trusted (--trust).
  const ownBots = await launchBots(
    plan.strategies.flatMap((entrant) => ('file' in entrant ? [entrant.file] : [])),
    settings,
  );
  // A stop while the bots start kills those starting: that failure is the stop's, not theirs.
  const blamed = run.signal?.aborted !== true;
  const entrants: Entrant[] = [
    ...launched.map((started) => botEntrant(plan.spec.game, started, blamed)),
    ...plan.strategies.map((entrant) => ('builtIn' in entrant ? entrant.builtIn : botEntrant(plan.spec.game, ownBots.shift()!, blamed))),
  ];
  const contest = new Contest(registry, plan, run, entrants, heapFilled);
  let stopped = false;
  try {
    await contest.play();
    // As the contest's clean-up does, before the tally: a bot that leaves without `dead` is out.
    await contest.sayGoodbye();
  } catch (error) {
    if (!run.signal?.aborted) throw error;
    stopped = true;
  } finally {
    await contest.stopBots();
    finishBotLogs();
  }
  return contest.result(stopped);
}

/** Refuses a field that cannot make one table, or names one entrant twice. */
function checkField(game: { id: string; minPlayers: number }, identifiers: readonly string[]): void {
  if (identifiers.length < game.minPlayers) {
    throw Errors.badOption(`a ${game.id} contest needs at least ${game.minPlayers} entrants, got ${identifiers.length}`);
  }
  const seen = new Set<string>();
  for (const identifier of identifiers) {
    if (seen.has(identifier.toLowerCase())) throw Errors.badOption(`two entrants are called ${identifier}`);
    seen.add(identifier.toLowerCase());
  }
}

function entrantIdentifier(entrant: StrategyEntrant): string {
  return 'builtIn' in entrant ? entrant.builtIn.identifier : entrant.file.identifier;
}

async function strategyEntrant(
  registry: Registry,
  spec: ContestSpec,
  text: string,
  builtIn: boolean,
  memoryMb: number,
): Promise<StrategyEntrant> {
  if (isExternalSpec(text)) throw Errors.badOption(`contest entrant '${text}': bots enter through the launch file (--launch)`);
  // Loaded here to show the user's mistakes (a wrong game, a parameter) before any bot starts; a
  // file's own code runs first on a thread of its own, with the heap its process will have.
  const strategy = await resolveInProcess(registry, spec.game, parseStrategySpec(text), {
    memoryMb,
    memoryOption: '--entrant-memory',
  });
  const identifier = strategy.spec.text;
  if (builtIn) {
    return { builtIn: { identifier, seat: identifier, strategy, bot: null, disqualified: null } };
  }
  return { file: ownBotEntry(spec, strategy.spec.name, identifier, memoryMb) };
}

/**
 * The launch line of a strategy file's bot: `parlor bot` on the contest's port under a heap limit,
 * with a random stream of its own drawn from the contest's seed, and the file trusted in it when
 * it is here. The identifier and the port go last, as the contest appends them.
 */
function ownBotEntry(spec: ContestSpec, path: string, identifier: string, memoryMb: number): LaunchEntry {
  const seed = createHash('sha256').update(`${spec.seed}\0${identifier}`).digest('hex').slice(0, 32);
  const rules = spec.rules ?? {};
  const absolute = resolve(path);
  const args = [
    `--max-old-space-size=${memoryMb}`,
    PARLOR,
    'bot',
    '--game',
    spec.game,
    '--seed',
    seed,
    ...(Object.keys(rules).length > 0 ? ['--rules', keyValueText(rules)] : []),
    ...(spec.framing === undefined ? [] : ['--framing', spec.framing]),
    ...(confines(absolute) ? [] : ['--trust', absolute]),
    identifier,
  ];
  // The contest writes the identifier and the port over its marks, and greets with the identifier.
  const marked = (word: string) => word.includes('%%') || new RegExp(IDENTIFIER_MARK.source).test(word);
  if (/\s/.test(identifier) || [process.execPath, ...args].some(marked)) {
    throw Errors.badOption(
      `contest entrant '${identifier}': a strategy file plays as a bot named after it, and the contest's greeting takes no spaces, its launch line no braces or %%: rename or move what holds them`,
    );
  }
  return { identifier, command: { program: process.execPath, args } };
}

/** A bot as an entrant: disqualified from the start when it failed to start, and `blamed` for it. */
function botEntrant(gameId: string, started: Launched, blamed: boolean): Entrant {
  const identifier = started.entry.identifier;
  const bot = 'bot' in started ? started.bot : null;
  // A `cmd:` spec is kept whole by the spec parser, whatever the identifier holds.
  const seat = `cmd:${identifier}`;
  const connector: BotConnector = {
    label: identifier,
    keepsBots: true,
    open: () => {
      if (bot === null) throw Errors.internal(`${identifier} never started, yet was seated`);
      return bot;
    },
  };
  const definition = externalDefinition(gameId, seat, `contest bot ${identifier}`, connector);
  const failure = 'failure' in started && blamed ? `failed to start: ${started.failure.detail}` : null;
  return { identifier, seat, strategy: { spec: parseStrategySpec(seat), definition, params: {} }, bot, disqualified: failure };
}

/** The seatings of the contest: tables of `min` to `max` entrants, each combination in every order. */
export function* contestSeatings(entrants: number, min: number, max: number): Generator<{ combination: number; order: number[] }> {
  let combination = 0;
  for (let size = min; size <= Math.min(max, entrants); size++) {
    for (const chosen of combinations(entrants, size)) {
      for (const order of permutations(chosen)) yield { combination, order };
      combination++;
    }
  }
}

function* combinations(n: number, k: number, start = 0, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === k) {
    yield prefix;
    return;
  }
  for (let i = start; i <= n - (k - prefix.length); i++) yield* combinations(n, k, i + 1, [...prefix, i]);
}

function* permutations(items: readonly number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i], ...rest];
  }
}

/** The number of seatings of `contestSeatings`. */
export function seatingCount(entrants: number, min: number, max: number): number {
  let total = 0;
  for (let size = min; size <= Math.min(max, entrants); size++) {
    let orders = 1;
    for (let i = 0; i < size; i++) orders *= entrants - i;
    total += orders;
  }
  return total;
}

class Contest {
  private readonly registry: Registry;
  private readonly spec: ContestSpec;
  private readonly run: ContestRun;
  private readonly entrants: readonly Entrant[];
  private readonly timeoutMs: number;
  private readonly games: ContestGame[] = [];
  /** Bots by identifier, the label the host tells their failures by. */
  private readonly bots: Map<string, Entrant>;
  private readonly stopping: Promise<void>[] = [];
  /** The bots whose logs say their heap filled: their crash is told as that. */
  private readonly heapFilled: ReadonlySet<string>;

  constructor(registry: Registry, plan: ContestPlan, run: ContestRun, entrants: readonly Entrant[], heapFilled: ReadonlySet<string>) {
    this.registry = registry;
    this.heapFilled = heapFilled;
    this.spec = plan.spec;
    this.run = run;
    this.entrants = entrants;
    this.timeoutMs = plan.timeoutMs;
    this.bots = new Map(entrants.filter((entrant) => entrant.bot).map((entrant) => [entrant.identifier, entrant]));
  }

  async play(): Promise<void> {
    const game = this.registry.game(this.spec.game);
    const total = seatingCount(this.entrants.length, game.minPlayers, game.maxPlayers);
    let number = 0;
    let skipping = -1;
    for (const { combination, order } of contestSeatings(this.entrants.length, game.minPlayers, game.maxPlayers)) {
      number++;
      this.run.signal?.throwIfAborted();
      const seated = order.map((index) => this.entrants[index]);
      // A disqualification skips the rest of its combination's orders, and every table with it.
      if (combination === skipping || seated.some((entrant) => entrant.disqualified !== null)) {
        skipping = combination;
        continue;
      }
      this.run.onSeating?.(
        seated.map((entrant) => entrant.identifier),
        number,
        total,
      );
      await this.playSeating(seated);
    }
  }

  private async playSeating(seated: readonly Entrant[]): Promise<void> {
    const resolver: StrategyResolver = async (_registry, _gameId, seatSpec) => {
      const entrant = seated.find((candidate) => candidate.seat === seatSpec.text);
      if (!entrant) throw Errors.internal(`no entrant for seat ${seatSpec.text}`);
      return entrant.strategy;
    };
    const match = await prepareMatch(
      this.registry,
      { game: this.spec.game, seats: seated.map((entrant) => entrant.seat), rules: this.spec.rules ?? {}, seed: this.spec.seed },
      resolver,
    );
    const host = new ProtocolHost(match, {
      moveTimeout: this.timeoutMs / 1000,
      framing: this.spec.framing,
      transcripts: this.run.transcripts,
      resultsDir: this.run.resultsDir,
      cwd: this.run.cwd,
      env: this.run.env,
      abandonAtForfeit: true,
      onFailure: (label, failure) => {
        // Stopping the run stops every bot: what they fail after that is not theirs.
        if (this.run.signal?.aborted) return;
        const reason = disqualification(match.game, failure);
        this.disqualify(this.bots.get(label), this.heapFilled.has(label) ? `${reason} (its JavaScript heap was full)` : reason);
      },
    });
    // Only built-ins play in this thread, trusted to answer.
    const player = new MatchPlayer(match, 'independent', null);
    const counters = newCounters(match);
    const shares = new Float64Array(seated.length);
    try {
      for (let local = 0; local < this.spec.perSeating; local++) {
        // Built-ins alone play a game without waiting on anything outside the thread: a turn of the
        // event loop before each lets a signal's handler run, and the stop take effect, between games.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const index = this.games.length;
        await host.playRange(player, { offset: index - local, from: local, to: local + 1 }, counters, this.run.signal);
        const table = player.tableFor(local);
        match.game.returns(table.state, shares);
        this.games.push({ index, seats: seated.map((entrant) => entrant.identifier), shares: Array.from(shares), dropped: false });
        this.disqualifyForfeits(match, counters, seated);
        if (seated.some((entrant) => entrant.disqualified !== null)) break;
      }
    } finally {
      await host.close();
    }
  }

  /** In-process entrants forfeit without a bot failure to tell of it: their counts say it. */
  private disqualifyForfeits(match: PreparedMatch, counters: Counters, seated: readonly Entrant[]): void {
    const layout = counters.layout;
    seated.forEach((entrant, seat) => {
      const at = layout.forfeits(layout.slot(match.seatSlot[seat]));
      for (let reason = 1; reason < layout.forfeitReasons; reason++) {
        if (counters.data[at + reason] > 0) this.disqualify(entrant, match.game.forfeitLabels[reason]);
      }
    });
  }

  private disqualify(entrant: Entrant | undefined, reason: string): void {
    if (!entrant || entrant.disqualified !== null) return;
    entrant.disqualified = reason;
    // A bot that broke the rules plays no more: it is stopped now, not at the contest's end.
    if (entrant.bot) this.stopping.push(entrant.bot.stop());
  }

  /** `done` to every bot still in, and its `dead` read back. */
  async sayGoodbye(): Promise<void> {
    const game = this.registry.game(this.spec.game);
    const wire = wireProtocol(game);
    const farewell = wire.server(game.parseRules(this.spec.rules ?? {}), game.minPlayers, 0).close();
    for (const entrant of this.entrants) {
      if (entrant.bot === null || entrant.disqualified !== null) continue;
      for (const message of farewell) {
        entrant.bot.send(message.text, message.padTo);
        if (message.expects !== 'ack') continue;
        const failure = await readAcknowledgement(entrant.bot.readLine(this.timeoutMs), message);
        if (failure) this.disqualify(entrant, disqualification(game, failure));
      }
    }
  }

  async stopBots(): Promise<void> {
    await Promise.all([...this.stopping, ...this.entrants.map((entrant) => entrant.bot?.stop())]);
  }

  /** The figures, every game with a disqualified entrant left out. */
  result(stopped: boolean): ContestResult {
    const out = new Set(this.entrants.filter((entrant) => entrant.disqualified !== null).map((entrant) => entrant.identifier));
    const games = this.games.map((game) => ({ ...game, dropped: game.seats.some((identifier) => out.has(identifier)) }));
    const wins = new Map<string, number>();
    const played = new Map<string, number>();
    for (const game of games) {
      if (game.dropped) continue;
      game.seats.forEach((identifier, seat) => {
        wins.set(identifier, (wins.get(identifier) ?? 0) + game.shares[seat]);
        played.set(identifier, (played.get(identifier) ?? 0) + 1);
      });
    }
    return {
      games,
      stopped,
      entrants: this.entrants.map((entrant) => ({
        identifier: entrant.identifier,
        wins: wins.get(entrant.identifier) ?? 0,
        played: played.get(entrant.identifier) ?? 0,
        disqualified: entrant.disqualified,
      })),
    };
  }
}

/** Why a bot is out, as every disqualification says it: the forfeit's kind, then what the bot did. */
function disqualification(game: { readonly forfeitLabels: readonly string[] }, failure: ReadFailure): string {
  return `${game.forfeitLabels[failure.failure]}: ${failure.detail}`;
}
