import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Errors } from '../../../core/errors.ts';
import { cachedUnlessFailed } from '../../../core/cached-promise.ts';
import type { Registry } from '../../../core/registry.ts';
import type { StrategyDefinition } from '../../../core/strategy.ts';
import { resolveParams, type StrategySpec } from '../../../core/strategy-spec.ts';
import { TimedStrategy } from '../choice-guard.ts';
import { loadConfinedStrategy } from '../confined/strategy.ts';
import type { LoadCheck } from '../confined/load-check.ts';
import { confines } from './trust.ts';
import { resolveParlorEverywhere } from './parlor-specifiers.ts';
import { NO_STRATEGY_EXPORTED, exportedStrategies } from '../../../core/strategy-exports.ts';
import type { ParamValue } from '../../../core/strategy.ts';
import { declaredParamsFault } from './declared-params.ts';
import { importFault } from './main-thread-esbuild.ts';

/** A strategy ready to create seats: its definition and checked parameters. */
export interface ResolvedStrategy {
  readonly spec: StrategySpec;
  readonly definition: StrategyDefinition<any>;
  readonly params: Readonly<Record<string, ParamValue>>;
}

export function looksLikePath(name: string): boolean {
  return name.includes('/') || name.includes('\\') || /\.((c|m)?(t|j)s|json)$/.test(name);
}

/** A built-in by name, or a user's strategy module by file path (TypeScript or JavaScript). */
export async function resolveStrategy(
  registry: Registry,
  gameId: string,
  spec: StrategySpec,
  check?: LoadCheck,
): Promise<ResolvedStrategy> {
  const builtin = registry.findStrategy(gameId, spec.name);
  const definition = builtin ?? (looksLikePath(spec.name) ? await loadStrategyFile(registry, spec.name, gameId, check) : undefined);
  if (!definition)
    throw Errors.unknownStrategy(
      spec.name,
      registry.strategiesOf(gameId).map((s) => s.name),
      registry.strategyReader(gameId) !== undefined,
    );
  return { spec, definition, params: resolveParams(spec.name, definition.params, spec.params) };
}

async function loadStrategyFile(registry: Registry, path: string, gameId: string, check?: LoadCheck): Promise<StrategyDefinition<any>> {
  const absolute = resolve(path);
  if (!existsSync(absolute)) throw Errors.unreadableFile(path, 'no such file');
  if (path.endsWith('.json')) return readStrategyData(registry, path, absolute, gameId);
  const confined = confines(absolute);
  const definition = confined
    ? await loadConfinedStrategy(path, absolute, engineBinaries(registry), check)
    : exportedStrategies(await importModule(path, absolute))[0];
  if (!definition) throw Errors.badStrategyModule(path, NO_STRATEGY_EXPORTED);
  if (definition.game !== gameId) throw otherGame(registry, path, definition.game, gameId);
  const fault = declaredParamsFault(definition.params);
  if (fault !== null) throw Errors.badStrategyModule(path, `declares its parameters wrongly: ${fault}`);
  // A confined file's definition times its calls itself: each seat's compartment is made before the clock starts.
  return confined ? definition : untrusted(definition);
}

/** The games' compiled engines by game id, which a confined strategy's bundle carries (see Game.engineBinary). */
function engineBinaries(registry: Registry): ReadonlyMap<string, () => Uint8Array> {
  return new Map(
    registry.gameIds().flatMap((id) => {
      const game = registry.game(id);
      return game.engineBinary ? [[id, () => game.engineBinary!()] as const] : [];
    }),
  );
}

/** A user's code is never trusted to return legal actions, nor to return at all. */
function untrusted(definition: StrategyDefinition<any>): StrategyDefinition<any> {
  // Every move goes through the checked apply, and each call is under the move timeout.
  return { ...definition, trusted: false, create: (context) => new TimedStrategy(context.seat, () => definition.create(context)) };
}

/** A strategy written as data, read by the game's own reader (Dominion's priority lists). */
function readStrategyData(registry: Registry, path: string, absolute: string, gameId: string): StrategyDefinition<any> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(absolute, 'utf8'));
  } catch (error) {
    throw Errors.badStrategyModule(path, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A Dominion list given without --game: name the game that reads it, rather than refuse JSON.
  const named = typeof data === 'object' && data !== null ? (data as { game?: unknown }).game : undefined;
  if (typeof named === 'string' && named !== gameId && registry.strategyReader(named)) throw otherGame(registry, path, named, gameId);
  const reader = registry.strategyReader(gameId);
  if (!reader) throw Errors.badStrategyModule(path, `${gameId} strategies cannot be written as JSON; use a .ts or .js module`);
  const definition = reader(data, path);
  if (definition.game !== gameId) throw otherGame(registry, path, definition.game, gameId);
  return untrusted(definition);
}

/** A file's strategy plays another game than the command's: say which option plays it. */
function otherGame(registry: Registry, path: string, game: string, gameId: string): Error {
  const games = registry.gameIds();
  if (!games.includes(game)) return Errors.badStrategyModule(path, `plays '${game}', which is no game (games: ${games.join(', ')})`);
  return Errors.badStrategyModule(path, `plays '${game}', not '${gameId}'; give --game ${game} to play it`);
}

/**
 * Deno (the notebooks' Jupyter kernel) compiles TypeScript itself and treats a .ts file as a module
 * wherever it lies, so it refuses an import of a name its module lacks itself; tsx's loader hooks
 * there would also take over Deno's loading of native addons. Under Node, tsx is loaded with the
 * first strategy file: the built-ins, and parlor run from its compiled cache, need no TypeScript
 * compiler.
 */
const importTypeScript: (absolute: string) => Promise<unknown> =
  'Deno' in globalThis
    ? (absolute) => import(pathToFileURL(absolute).href)
    : async (absolute) => {
        resolveParlorEverywhere();
        const fault = await importFault(absolute);
        if (fault !== null) throw new MissingExport(fault);
        const { tsImport } = await import('tsx/esm/api');
        return tsImport(pathToFileURL(absolute).href, import.meta.url);
      };

/** A trusted file imports a name its module does not export (importFault): said as it is. */
class MissingExport extends Error {}

// A tournament prepares many match-ups with the same file: load (and compile) it once per thread.
const loadedModules = new Map<string, Promise<Record<string, unknown>>>();

/**
 * Users keep bots in folders of their own, without a package.json or with `"type": "commonjs"`.
 * tsx's scoped import compiles such a file as CommonJS whatever the process registered; a plain
 * `import()` there would hand it to Node's require(esm) and fail.
 */
function importModule(path: string, absolute: string): Promise<Record<string, unknown>> {
  return cachedUnlessFailed(loadedModules, absolute, () =>
    (importTypeScript(absolute) as Promise<Record<string, unknown>>).catch(async (error: unknown) => {
      throw Errors.badStrategyModule(path, await loadFailure(absolute, error));
    }),
  );
}

/** One line that says why the module did not load; for a syntax error, where it is. */
async function loadFailure(absolute: string, error: unknown): Promise<string> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MissingExport) return message;
  // The TypeScript compiler's report: `Transform failed with 1 error:\n<file>:<line>:<column>: ERROR: <reason>`.
  const compiled = /^(.*):(\d+):(\d+): ERROR: (.*)$/m.exec(message);
  // It counts columns from 0; editors and Node count from 1.
  if (compiled) return `syntax error at line ${compiled[2]}, column ${Number(compiled[3]) + 1}: ${compiled[4]}`;
  if (error instanceof SyntaxError) {
    // Node's parser of JavaScript modules says where only on the command line: ask `node --check`.
    const located = await checkSyntax(absolute);
    if (located) return `syntax error at line ${located.line}, column ${located.column}: ${message}`;
    return `syntax error: ${message}`;
  }
  return `failed to load: ${message.split('\n')[0]}`;
}

function checkSyntax(absolute: string): Promise<{ line: number; column: number } | null> {
  return new Promise((done) => {
    execFile(process.execPath, ['--check', absolute], (_error, _stdout, stderr) => {
      // `<file>:<line>\n<source line>\n<spaces>^...`: the caret's offset is the column.
      const report = /:(\d+)\n.*\n( *)\^/.exec(stderr);
      done(report ? { line: Number(report[1]), column: report[2].length + 1 } : null);
    });
  });
}
