import type { Message, OnResolveArgs, OnResolveResult, Plugin } from 'esbuild';
import { realpathSync, statSync } from 'node:fs';
import { SourceMap, isBuiltin } from 'node:module';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parlorSpecifiers } from '../loading/parlor-specifiers.ts';
import { shownPath } from '../table.ts';
import { choicesListed } from '../../../core/near-miss.ts';
import { oneLineDetail } from '../../../core/forfeits.ts';
import { missingExportFault } from '../loading/missing-export.ts';
import { cachedBundle, type BuiltBundle, type BundledStrategy, type EngineBinaries } from './bundle-cache.ts';

export type { BundledStrategy, EngineBinaries };

/** parlor's source tree, where the specifiers a strategy may import resolve. */
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const INSIDE = fileURLToPath(new URL('../../../strategy/confined-seat.ts', import.meta.url));
const WHOLE_API = fileURLToPath(new URL('../../../index.ts', import.meta.url));
/** Where esbuild is told the bundle goes (nothing is written): the source map's paths are relative to it. */
const OUTFILE = join(ROOT, 'confined-strategy.js');
/** The name of the bundle's entry (entryOf), which imports the strategy file: esbuild places it in ROOT. */
const ENTRY_SOURCE = 'confined-entry.ts';
const ENTRY = join(ROOT, ENTRY_SOURCE);
/** The lines bundleStrategy's wrapper puts before the bundled code. */
const WRAPPER_LINES = 4;
/** What each game's strategy API is called: `parlor/strategy/<game>`. */
const GAME_API = 'parlor/strategy/';
const FREEZE = fileURLToPath(new URL('../../../core/freeze.ts', import.meta.url));

/**
 * The extensions parlor loads strategy files by (looksLikePath, and sources.ts's hashes of what they
 * import), each of which esbuild compiles as code: any other file would reach the bundle as data.
 */
const SOURCE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);
const RELATIVE = /^\.\.?(?:[\\/]|$)/;
/** Marks the plugin's own calls of esbuild's resolver, which must answer as esbuild alone would. */
const OWN_RESOLVE = { resolve: 'parlor-confined-imports' };
const RULE =
  'a strategy file may import only parlor/strategy/<game> and, by relative path, JavaScript or TypeScript files (--trust it to lift this)';

function within(folder: string, path: string): boolean {
  const local = relative(folder, path);
  return local !== '..' && !local.startsWith(`..${sep}`) && !isAbsolute(local);
}

function attributes(given: Record<string, string>): string {
  const pairs = Object.entries(given).map(([key, value]) => `${key}: '${value}'`);
  return pairs.length === 0 ? '' : ` with { ${pairs.join(', ')} }`;
}

/** The folder of the package that `found` (a file) belongs to, `name` being what imported it. */
function packageFolder(found: string, name: string): string {
  const folder = join(...name.split('/').slice(0, name.startsWith('@') ? 2 : 1));
  const at = found.lastIndexOf(`${sep}node_modules${sep}${folder}${sep}`);
  return at < 0 ? dirname(found) : found.slice(0, at + `${sep}node_modules${sep}${folder}`.length);
}

/**
 * A strategy file reaches parlor's strategy API and its own source modules, nothing else: a
 * package, a Node built-in, a path that is not relative, or a file that is not code (whose
 * contents esbuild would bundle as data, whatever it holds: a results folder's job.json, with its
 * seed) fails the load with the reason, and each module so reached is held to the same. Code may
 * lie in any folder a relative path reaches (helpers shared by bots in folders side by side, as a
 * queue's workers place them too): it runs in the file's compartment, and what parlor writes (a
 * run's job.json, its tables) is never code. parlor's own modules (its src/, and the packages
 * those import) keep their imports, and those of Node they name (seedrandom's optional crypto)
 * fail only if called.
 */
function confinedImports(absolute: string, engines: EngineBinaries, carried: Set<string>): Plugin {
  const specifiers = parlorSpecifiers();
  return {
    name: 'parlor-confined-imports',
    setup(build) {
      const parlorSources = join(realpathSync(ROOT), 'src');
      const entryFile = realpathSync(absolute);
      const strategyTree = dirname(entryFile);
      // The strategy file and the modules it reaches, parlor's sources aside: what these import is screened.
      const strategyFiles = new Set<string>();
      const parlorPackages = new Set<string>();
      const parlors = (real: string) => within(parlorSources, real) || [...parlorPackages].some((folder) => within(folder, real));
      // `path` as esbuild will load it (its loader goes by the name), `real` what it holds.
      const code = (path: string, real: string) =>
        SOURCE_EXTENSIONS.has(extname(path)) && SOURCE_EXTENSIONS.has(extname(real)) && statSync(real).isFile();
      const refusal = (path: string, real: string) => (code(path, real) ? undefined : 'not a JavaScript or TypeScript file');
      const admit = (path: string, real: string) => {
        if (!within(parlorSources, real)) strategyFiles.add(path);
      };
      // esbuild's own answer, which this plugin's callback leaves to it.
      const esbuildResolve = (args: OnResolveArgs) =>
        build.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: OWN_RESOLVE });

      build.onResolve({ filter: /.*/ }, async (args): Promise<OnResolveResult | undefined> => {
        if (args.pluginData === OWN_RESOLVE) return undefined;
        const entry = args.importer === ENTRY && args.path === absolute;
        const screened = strategyFiles.has(args.importer);
        const importer =
          args.importer === entryFile || !screened
            ? ''
            : `${within(strategyTree, args.importer) ? relative(strategyTree, args.importer) : shownPath(args.importer)} `;
        const refuse = (why: string) => ({ errors: [{ text: `${importer}imports '${args.path}'${attributes(args.with)}${why}${RULE}` }] });
        if (screened && Object.keys(args.with).length > 0) return refuse(': import attributes load a file as data; ');
        const parlor = specifiers[args.path];
        if (parlor) return { path: parlor };
        if (!screened && !entry) {
          if (isBuiltin(args.path)) return { path: args.path, external: true };
          if (RELATIVE.test(args.path) || isAbsolute(args.path)) return undefined;
          const found = await esbuildResolve(args);
          if (found.errors.length > 0) return { errors: found.errors };
          parlorPackages.add(packageFolder(found.path, args.path));
          return { path: found.path, sideEffects: found.sideEffects };
        }
        // A game's API under a name no game has: named with the ones there are.
        if (args.path.startsWith(GAME_API)) {
          const apis = Object.keys(specifiers).filter((name) => name.startsWith(GAME_API));
          return refuse(` (${choicesListed("the games' APIs", args.path, apis)}): `);
        }
        if (!entry && !RELATIVE.test(args.path)) return refuse(': ');
        const found = await esbuildResolve(args);
        if (found.errors.length > 0) return { errors: [{ text: `${importer}imports '${args.path}': ${found.errors[0].text}` }] };
        const real = realpathSync(found.path);
        const why = refusal(real, real);
        if (why) return entry ? { errors: [{ text: `${shownPath(real)}: ${why}` }] } : refuse(` (${shownPath(real)}): ${why}; `);
        admit(real, real);
        return { path: real, sideEffects: found.sideEffects };
      });
      // An import by pattern (`import(`./data/${name}.json`)`) reaches every file it can match,
      // which esbuild loads without asking a plugin to resolve them.
      build.onLoad({ filter: /.*/ }, (args) => {
        if (strategyFiles.has(args.path)) return undefined;
        const real = realpathSync(args.path);
        if (parlors(real) && code(args.path, real)) return undefined;
        const why = refusal(args.path, real);
        if (why) return { errors: [{ text: `an import reaches ${shownPath(args.path)}: ${why}; ${RULE}` }] };
        admit(args.path, real);
        return undefined;
      });
      // parlor's whole API (`parlor`, src/index.ts) is the runner, statistics and charts besides the
      // strategy API, none of which a compartment could use: a file that imports it gets the strategy
      // API, and a load error naming anything else it imports from there.
      build.onLoad({ filter: /[\\/]src[\\/]index\.ts$/ }, (args) =>
        args.path === WHOLE_API
          ? { contents: "export * from './strategy-api.ts';", loader: 'ts', resolveDir: dirname(args.path) }
          : undefined,
      );
      // A game's compiled engine comes from a file its engine-binary.ts reads: the bundle carries
      // the bytes in that module's place (see Game.engineBinary), and its cache entry checks them.
      build.onLoad({ filter: /[\\/]src[\\/]games[\\/][^\\/]+[\\/]engine-binary\.ts$/ }, (args) => {
        const game = relative(join(ROOT, 'src', 'games'), dirname(args.path));
        const bytes = engines.get(game);
        if (!bytes) return { errors: [{ text: `${relative(ROOT, args.path)}: game '${game}' names no compiled engine` }] };
        carried.add(game);
        return {
          contents: `const bytes = new Uint8Array([${bytes().join(',')}]);\nexport const engineBytes = () => bytes;\n`,
          loader: 'js',
        };
      });
      // Freezing the strategy API keeps a trusted file from changing what the runner plays with. A
      // compartment's copy is its seat's alone, and the realm's built-ins are frozen already: there
      // freezing it would guard the seat only from itself, at 40% of each seat's setup (measured).
      build.onLoad({ filter: /[\\/]src[\\/]core[\\/]freeze\.ts$/ }, (args) =>
        args.path === FREEZE
          ? { contents: 'export const deepFreeze = (value) => value;\nexport const freezeExports = () => {};\n', loader: 'js' }
          : undefined,
      );
    },
  };
}

/**
 * The strategy file with everything it imports, and src/strategy/confined-seat.ts evaluated first, as
 * one script whose completion value is its ConfinedModule, with its source map. `require` answers
 * only with a failure: no module in a compartment comes from Node.
 */
export function bundleStrategy(absolute: string, engines: EngineBinaries): Promise<BundledStrategy> {
  return cachedBundle(absolute, engines, () => buildBundle(absolute, engines));
}

async function buildBundle(absolute: string, engines: EngineBinaries): Promise<BuiltBundle> {
  const carried = new Set<string>();
  // Loaded with the first strategy file: commands that load none (`parlor bot` of a built-in) skip it.
  const { build } = await import('esbuild');
  // The folder esbuild names files from, held: a resumed run changes the process's folder.
  const workingFolder = process.cwd();
  const output = await build({
    absWorkingDir: workingFolder,
    stdin: {
      contents: entryOf(absolute),
      resolveDir: ROOT,
      sourcefile: ENTRY_SOURCE,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
    // The map turns a place in the bundle back into the strategy's own file and line.
    sourcemap: 'external',
    outfile: OUTFILE,
    metafile: true,
    plugins: [confinedImports(absolute, engines, carried)],
  });
  const code = output.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const bundled = {
    code: `(() => {
  const module = { exports: {} };
  const require = (name) => { throw new Error(\`'\${name}' is not available to a confined strategy\`); };
  (function (module, exports, require) {\n${code}\n})(module, module.exports, require);
  return module.exports.default;
})()`,
    map: output.outputFiles.find((file) => file.path.endsWith('.map'))!.text,
  };
  // The metafile names what esbuild read from disk from the working folder; the entry, given as
  // text, is no file.
  const files = Object.keys(output.metafile.inputs)
    .map((input) => resolve(workingFolder, input))
    .filter((path) => path !== ENTRY);
  return { bundled, files, engines: [...carried] };
}

/** The bundle, with where in its sources a place of its code lies. */
export function strategyBundle(bundled: BundledStrategy): StrategyBundle {
  // Parsed when a failure is first placed, not at load: a map costs tens of milliseconds to parse,
  // a large part of a bot's start, and most bundles never fail.
  let map: SourceMap | null = null;
  return { code: bundled.code, sourceAt: (place) => sourceAt((map ??= new SourceMap(JSON.parse(bundled.map))), place) };
}

/** Why esbuild did not bundle the file: its first message, where a syntax error is, as the loader of trusted files says it too. */
export function bundleFailure(error: unknown, absolute: string): string {
  const first = (error as { errors?: Message[] }).errors?.[0];
  if (!first) return `failed to load: ${oneLineDetail(error instanceof Error ? error.message : String(error))}`;
  if (first.pluginName !== '' || !first.location) return first.text;
  const missing = missingExportFault(first, realpathSync(absolute));
  if (missing !== null) return missing;
  // esbuild counts columns from 0; editors and Node count from 1.
  return `syntax error at line ${first.location.line}, column ${first.location.column + 1}: ${first.text}`;
}

/**
 * The bundle's entry: the strategy file, and the game of each game's strategy API
 * (`parlor/strategy/<game>`, whose default export it is), among which the seat finds the one its
 * strategy plays.
 */
function entryOf(absolute: string): string {
  const apis = Object.keys(parlorSpecifiers()).filter((name) => name.startsWith(GAME_API));
  const loaders = apis.map((name) => `${JSON.stringify(name.slice(GAME_API.length))}: () => require(${JSON.stringify(name)}).default`);
  return [
    `import { confinedModule } from ${JSON.stringify(INSIDE)};`,
    `import * as strategy from ${JSON.stringify(absolute)};`,
    `export default confinedModule(strategy, { ${loaders.join(', ')} });`,
    '',
  ].join('\n');
}

/** The bundle's code, and where in its sources a place of that code ("line:column", from 1) lies. */
export interface StrategyBundle {
  readonly code: string;
  sourceAt(place: string): { readonly file: string; readonly line: number } | null;
}

function sourceAt(map: SourceMap, place: string): { file: string; line: number } | null {
  const [line, column] = place.split(':').map(Number);
  if (!(line > WRAPPER_LINES) || !(column > 0)) return null;
  // SourceMap counts lines and columns from 0.
  const entry = map.findEntry(line - WRAPPER_LINES - 1, column - 1) as { originalSource?: string; originalLine?: number };
  if (entry.originalSource === undefined || entry.originalLine === undefined) return null;
  const file = entry.originalSource.startsWith('file://')
    ? fileURLToPath(entry.originalSource)
    : resolve(dirname(OUTFILE), entry.originalSource);
  return { file, line: entry.originalLine + 1 };
}
