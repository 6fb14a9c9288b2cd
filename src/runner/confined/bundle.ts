import type { Plugin } from 'esbuild';
import { isBuiltin } from 'node:module';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parlorSpecifiers } from '../parlor-specifiers.ts';

/** parlor's source tree, where the specifiers a strategy may import resolve. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const INSIDE = fileURLToPath(new URL('inside.ts', import.meta.url));
const WHOLE_API = fileURLToPath(new URL('../../index.ts', import.meta.url));
const FREEZE = fileURLToPath(new URL('../../core/freeze.ts', import.meta.url));

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
function confinedImports(): Plugin {
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
 * The strategy file with everything it imports, and inside.ts evaluated first, as one script whose
 * completion value is inside.ts's ConfinedModule. `require` answers only with a failure: no module
 * in a compartment comes from Node.
 */
export async function bundleStrategy(absolute: string): Promise<string> {
  // Loaded with the first strategy file: commands that load none (`parlor bot` of a built-in) skip it.
  const { build } = await import('esbuild');
  const output = await build({
    stdin: {
      contents: `import { confinedModule } from ${JSON.stringify(INSIDE)};\nimport * as strategy from ${JSON.stringify(absolute)};\nexport default confinedModule(strategy);\n`,
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
    plugins: [confinedImports()],
  });
  const code = output.outputFiles[0].text;
  return `(() => {
  const module = { exports: {} };
  const require = (name) => { throw new Error(\`'\${name}' is not available to a confined strategy\`); };
  (function (module, exports, require) {\n${code}\n})(module, module.exports, require);
  return module.exports.default;
})()`;
}
