import type { Message, Plugin } from 'esbuild';
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { parlorSpecifiers } from './parlor-specifiers.ts';

/** esbuild's refusal of an import that names something its module does not export. */
const NO_MATCHING_EXPORT = /^No matching export in "(.+)" for import "(.+)"$/;
const RELATIVE = /^\.\.?(?:[\\/]|$)/;

/**
 * An import of a name its module lacks, said of parlor's API by the name the file imported
 * (esbuild names parlor's source file): most often a helper taken from another game's API.
 */
function missingExport(module: string, name: string, shown: (file: string) => string): string {
  const api = Object.entries(parlorSpecifiers()).find(([, path]) => path === module)?.[0];
  if (api === undefined) return `imports '${name}' from ${shown(module)}, which does not export it`;
  return `imports '${name}' from ${api}, which does not export it (each game's cards, events and action helpers are in parlor/strategy/<game>)`;
}

/**
 * What the strategy file `entry` is told of esbuild's message, where it is an import of a name its
 * module lacks; null otherwise. The place is in the file, or in the module of its own named first;
 * modules are named from the file's folder, as it imports them.
 */
export function missingExportFault(message: Message, entry: string): string | null {
  const missing = NO_MATCHING_EXPORT.exec(message.text);
  if (!missing || !message.location) return null;
  const { file, line, column } = message.location;
  const shown = (path: string) => {
    const local = relative(dirname(entry), path);
    return local.startsWith('..') || isAbsolute(local) ? path : local;
  };
  // esbuild names files from the working folder.
  const importer = resolve(file);
  const module = importer === entry ? '' : `${shown(importer)}, `;
  // esbuild counts columns from 0; editors and Node count from 1.
  return `${module}line ${line}, column ${column + 1}: ${missingExport(resolve(missing[1]), missing[2], shown)}`;
}

/**
 * Where a trusted strategy file, or a module of its own it imports, imports a name its module
 * does not export. Node would refuse such an import of an ES module when it links it, but tsx
 * compiles a file outside an ES module package as CommonJS, where the name reads as undefined and
 * the strategy fails only once a game calls it, a forfeit in every game. esbuild links the file's
 * modules and parlor's API as a confined file's bundle is linked, so both are told the same at
 * load. Packages and Node's modules are left out: they are loaded as they are, and CommonJS
 * exports are known only by running them. Any other failure is left to the load itself to report.
 */
export async function trustedImportFault(absolute: string): Promise<string | null> {
  const { build } = await import('esbuild');
  // esbuild places its messages in the files links lead to.
  const entry = realpathSync(absolute);
  const specifiers = parlorSpecifiers();
  const imports: Plugin = {
    name: 'parlor-trusted-imports',
    setup(built) {
      built.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const parlor = specifiers[args.path];
        if (parlor) return { path: parlor };
        if (RELATIVE.test(args.path) || isAbsolute(args.path)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
  try {
    await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      logLevel: 'silent',
      plugins: [imports],
    });
    return null;
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors ?? [];
    for (const message of messages) {
      const fault = missingExportFault(message, entry);
      if (fault !== null) return fault;
    }
    return null;
  }
}
