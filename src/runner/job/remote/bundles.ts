import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Errors } from '../../../core/errors.ts';
import { cachedUnlessFailed } from '../../../core/cached-promise.ts';
import { hashOf, localSources } from '../../play/loading/sources.ts';

/**
 * A strategy file and the local files it imports, named by content: what a worker on another
 * machine needs to play exactly the code the coordinator loaded. Paths are relative to the
 * folder holding them all, so the imports between them resolve the same way there.
 */
export interface StrategyBundle {
  /** The strategy file, relative to the bundle's folder. */
  readonly entry: string;
  /** Every file of the bundle: its relative path ('/'-separated) and the SHA-256 of its content. */
  readonly files: Readonly<Record<string, string>>;
}

/** A bundle with the contents the coordinator uploads, by hash. */
export interface PackedStrategy {
  readonly bundle: StrategyBundle;
  readonly contents: ReadonlyMap<string, Buffer>;
}

/** The Redis key holding a file's content (base64), by the SHA-256 of the content. */
export function fileKey(hash: string): string {
  return `parlor:file:${hash}`;
}

/** Reads a strategy file and the local files it imports into a bundle. */
export function packStrategy(path: string): PackedStrategy {
  const absolute = resolve(path);
  const paths = [...localSources([absolute]).keys()].sort();
  const root = commonFolder(paths);
  const files: Record<string, string> = {};
  const contents = new Map<string, Buffer>();
  for (const file of paths) {
    const content = readFileSync(file);
    const hash = hashOf(content);
    files[portable(relative(root, file))] = hash;
    contents.set(hash, content);
  }
  return { bundle: { entry: portable(relative(root, absolute)), files }, contents };
}

/** The bundle's name in a cache: the hash of its files and their places. */
export function bundleId(bundle: StrategyBundle): string {
  return createHash('sha256')
    .update(JSON.stringify([bundle.entry, Object.entries(bundle.files).sort()]))
    .digest('hex')
    .slice(0, 24);
}

/** Where workers keep the strategy files they were sent. */
export function defaultStrategyCache(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'parlor', 'strategies', INSTALL_KEY);
}

/** This parlor's own folder: cached strategies import `parlor` and `parlor/strategy` from it. */
const PARLOR_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
/**
 * Each parlor install keeps a cache of its own: the cached files import `parlor` through a link to
 * the install, so a cache shared with another install would load that one's API, and one whose
 * install was moved or deleted would fail every batch on its dead link.
 */
export const INSTALL_KEY = createHash('sha256').update(PARLOR_ROOT).digest('hex').slice(0, 16);

/**
 * A worker's cache of bundles, each written once into a folder named by its id. A file whose
 * content does not hash to its name is refused, so what plays is what the coordinator loaded.
 */
export class StrategyCache {
  readonly root: string;
  private readonly ready = new Map<string, Promise<string>>();

  constructor(root: string = defaultStrategyCache()) {
    this.root = root;
  }

  /**
   * The bundle's strategy file on this machine, fetching the contents it lacks by hash. A trusted
   * copy lies in a folder of its own: a worker thread trusts a file by its path for the rest of its
   * life, and a batch that does not trust the same content must still get it confined.
   */
  entryOf(bundle: StrategyBundle, fetch: (hash: string) => Promise<Buffer | null>, trusted = false): Promise<string> {
    const id = trusted ? join('trusted', bundleId(bundle)) : bundleId(bundle);
    return cachedUnlessFailed(this.ready, id, () => this.write(id, bundle, fetch));
  }

  /** Writes the bundle into the folder `local` under the cache's root. */
  private async write(local: string, bundle: StrategyBundle, fetch: (hash: string) => Promise<Buffer | null>): Promise<string> {
    const folder = join(this.root, local);
    const entry = join(folder, inside(bundle.entry));
    if (existsSync(entry)) return entry;
    mkdirSync(dirname(folder), { recursive: true });
    this.linkParlor();
    // Written whole into a folder of its own, then renamed into place: another worker process
    // sharing the cache never sees half a bundle.
    const staging = mkdtempSync(join(this.root, '.incoming-'));
    try {
      for (const [path, hash] of Object.entries(bundle.files)) {
        const content = await fetch(hash);
        if (content === null) throw Errors.badStrategyModule(bundle.entry, `the content of ${path} (${hash}) is not on the queue's server`);
        if (hashOf(content) !== hash)
          throw Errors.badStrategyModule(bundle.entry, `${path} arrived with content that does not match its hash`);
        const target = join(staging, inside(path));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, content);
      }
      try {
        renameSync(staging, folder);
      } catch (error) {
        // Another worker process wrote the same bundle first: its copy is the same files.
        if (!existsSync(entry)) throw error;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    return entry;
  }

  private linkParlor(): void {
    const link = join(this.root, 'node_modules', 'parlor');
    if (existsSync(link)) return;
    mkdirSync(dirname(link), { recursive: true });
    try {
      symlinkSync(PARLOR_ROOT, link, 'dir');
    } catch (error) {
      if (!existsSync(link)) throw error;
    }
  }
}

/** A bundle's relative path, refused if it would leave the bundle's folder. */
function inside(path: string): string {
  const local = normalize(path);
  if (isAbsolute(local) || local === '..' || local.startsWith(`..${sep}`))
    throw Errors.badOption(`a strategy bundle names a file outside itself: ${path}`);
  return local;
}

function portable(path: string): string {
  return path.split(sep).join('/');
}

function commonFolder(paths: readonly string[]): string {
  let folder = dirname(paths[0]);
  while (!paths.every((path) => path.startsWith(folder.endsWith(sep) ? folder : folder + sep))) folder = dirname(folder);
  return folder;
}
