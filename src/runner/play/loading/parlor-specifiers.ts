import { readFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = new URL('../../../../', import.meta.url);

/**
 * parlor's own module names (`parlor`, `parlor/strategy`, `parlor/strategy/hearts`...) and the
 * files they name, read from package.json's exports: a strategy file imports them wherever it
 * lies, with no package.json or node_modules of its own.
 */
export function parlorSpecifiers(): Record<string, string> {
  const { exports } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { exports: Record<string, string> };
  return Object.fromEntries(Object.entries(exports).map(([key, file]) => [`parlor${key.slice(1)}`, fileURLToPath(new URL(file, ROOT))]));
}

// Runs in Node's loader thread: hands the file's URL on to the next hook (tsx's), which compiles it.
const HOOK = `let names = {};
export function initialize(data) { names = data; }
export function resolve(specifier, context, next) {
  return next(names[specifier] ?? specifier, context);
}`;

let registered = false;

/** Node's CommonJS resolver, which `require` goes through and module hooks do not reach in Node 20. */
interface Resolver {
  _resolveFilename(request: string, ...rest: unknown[]): string;
}

/**
 * Makes parlor's names found from any file this process loads (trusted strategy files): `import`
 * through a module hook, and `require` (tsx compiles a file outside an ES module package as
 * CommonJS) through the CommonJS resolver.
 */
export function resolveParlorEverywhere(): void {
  if (registered) return;
  registered = true;
  const paths = parlorSpecifiers();
  const urls = Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, pathToFileURL(path).href]));
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`, { data: urls });
  const resolver = Module as unknown as Resolver;
  const resolveFilename = resolver._resolveFilename;
  resolver._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    return resolveFilename.call(this, paths[request] ?? request, ...rest);
  };
}
