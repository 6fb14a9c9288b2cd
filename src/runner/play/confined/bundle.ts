import type { Plugin } from 'esbuild';
import { SourceMap, isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parlorSpecifiers } from '../parlor-specifiers.ts';

/** parlor's source tree, where the specifiers a strategy may import resolve. */
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const INSIDE = fileURLToPath(new URL('../../../strategy/confined-seat.ts', import.meta.url));
const WHOLE_API = fileURLToPath(new URL('../../../index.ts', import.meta.url));
/** Where esbuild is told the bundle goes (nothing is written): the source map's paths are relative to it. */
const OUTFILE = join(ROOT, 'confined-strategy.js');
/** The lines bundleStrategy's wrapper puts before the bundled code. */
const WRAPPER_LINES = 4;
/** What each game's strategy API is called: `parlor/strategy/<game>`. */
const GAME_API = 'parlor/strategy/';
const FREEZE = fileURLToPath(new URL('../../../core/freeze.ts', import.meta.url));

/** parlor's own modules and the packages they use, as against a strategy's files (the repository's strategies/ among them). */
function parlorModule(path: string): boolean {
  const local = relative(ROOT, path);
  return local.startsWith('src/') || path.includes('node_modules');
}

/**
 * A strategy file reaches parlor's strategy API and its own local modules, nothing else: a package
 * or a Node built-in fails the load with the reason. parlor's own modules keep their imports, and
 * those of Node they name (seedrandom's optional crypto) fail only if called.
 */
function confinedImports(engines: EngineBinaries): Plugin {
  const specifiers = parlorSpecifiers();
  return {
    name: 'parlor-confined-imports',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const parlor = specifiers[args.path];
        if (parlor) return { path: parlor };
        if (args.importer === '' || parlorModule(args.importer)) {
          return isBuiltin(args.path) ? { path: args.path, external: true } : undefined;
        }
        return {
          errors: [
            {
              text: `imports '${args.path}': a strategy file may import only parlor/strategy and its own local modules (--trust it to lift this)`,
            },
          ],
        };
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
      // the bytes in that module's place (see Game.engineBinary).
      build.onLoad({ filter: /[\\/]src[\\/]games[\\/][^\\/]+[\\/]engine-binary\.ts$/ }, (args) => {
        const game = relative(join(ROOT, 'src', 'games'), dirname(args.path));
        const bytes = engines.get(game);
        if (!bytes) return { errors: [{ text: `${relative(ROOT, args.path)}: game '${game}' names no compiled engine` }] };
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
 * one script whose completion value is its ConfinedModule. `require` answers only with a failure: no module
 * in a compartment comes from Node.
 */
export async function bundleStrategy(absolute: string, engines: EngineBinaries): Promise<StrategyBundle> {
  // Loaded with the first strategy file: commands that load none (`parlor bot` of a built-in) skip it.
  const { build } = await import('esbuild');
  const output = await build({
    stdin: {
      contents: entryOf(absolute),
      resolveDir: ROOT,
      sourcefile: 'confined-entry.ts',
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
    plugins: [confinedImports(engines)],
  });
  const code = output.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const map = new SourceMap(JSON.parse(output.outputFiles.find((file) => file.path.endsWith('.map'))!.text));
  return {
    code: `(() => {
  const module = { exports: {} };
  const require = (name) => { throw new Error(\`'\${name}' is not available to a confined strategy\`); };
  (function (module, exports, require) {\n${code}\n})(module, module.exports, require);
  return module.exports.default;
})()`,
    sourceAt: (place) => sourceAt(map, place),
  };
}

/**
 * The bundle's entry: the strategy file, and the game of each game's strategy API
 * (`parlor/strategy/<game>`, whose default export it is), among which the seat finds the one its
 * strategy plays.
 */
function entryOf(absolute: string): string {
  const apis = Object.keys(parlorSpecifiers()).filter((name) => name.startsWith(GAME_API));
  return [
    `import { confinedModule } from ${JSON.stringify(INSIDE)};`,
    `import * as strategy from ${JSON.stringify(absolute)};`,
    ...apis.map((name, index) => `import game${index} from ${JSON.stringify(name)};`),
    `export default confinedModule(strategy, [${apis.map((_, index) => `game${index}`).join(', ')}]);`,
    '',
  ].join('\n');
}

/** The bytes of each game's compiled engine, by game id (Game.engineBinary). */
export type EngineBinaries = ReadonlyMap<string, () => Uint8Array>;

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
