import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Finding every process a bot started, whatever it did to hide. A process group misses children
 * that call setsid, so on Linux each bot also carries a token in its environment, which its
 * descendants inherit, and /proc is searched for it; children that clear their environment are
 * still found through their parent links while they hang below the bot. Without /proc only the
 * process group is left.
 */
export const BOT_TOKEN_VARIABLE = 'PARLOR_BOT_TOKEN';

// Unique to this parlor process, so a sweep at exit never touches the bots of another run.
const runToken = `${process.pid}-${randomBytes(6).toString('hex')}`;
let botsStarted = 0;

/** A fresh token for one bot process; every bot token of this run starts with the run's. */
export function newBotToken(): string {
  return `${runToken}-${++botsStarted}`;
}

/** A process as seen at one moment: its start time tells it from a later process given the same pid. */
export interface ProcessId {
  readonly pid: number;
  readonly start: string;
}

interface ProcessEntry extends ProcessId {
  readonly parent: number;
}

/**
 * Live processes (zombies left out) whose environment carries `token`, or whose parent chain leads
 * to one of `roots`. `token` ending in '-' matches every bot of the run.
 */
export function findBotProcesses(token: string, roots: readonly number[] = []): ProcessId[] {
  const entries = listProcesses();
  if (entries === null) return [];
  const setting = `${BOT_TOKEN_VARIABLE}=${token}`;
  const prefixOnly = token.endsWith('-');
  const found = new Map<number, ProcessEntry>();
  for (const entry of entries) {
    const environ = readProc(entry.pid, 'environ');
    if (environ !== null && carries(environ, setting, prefixOnly)) found.set(entry.pid, entry);
  }
  // Descendants of the roots (and of what was found by token), to any depth.
  const below = new Set<number>([...roots, ...found.keys()]);
  for (let grew = below.size > 0; grew;) {
    grew = false;
    for (const entry of entries) {
      if (below.has(entry.pid) || !below.has(entry.parent)) continue;
      below.add(entry.pid);
      found.set(entry.pid, entry);
      grew = true;
    }
  }
  return [...found.values()].map(({ pid, start }) => ({ pid, start }));
}

/** Every process of every bot this run started, and the descendants of `roots`. */
export function findRunProcesses(roots: readonly number[]): ProcessId[] {
  return findBotProcesses(`${runToken}-`, roots);
}

/** Signals each process that is still the one that was found (not a new one with its pid). */
export function signalProcesses(processes: readonly ProcessId[], signal: NodeJS.Signals): void {
  for (const { pid, start } of processes) {
    if (pid === process.pid || statOf(pid)?.start !== start) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // Gone since.
    }
  }
}

function carries(environ: string, setting: string, prefixOnly: boolean): boolean {
  for (let at = environ.indexOf(setting); at >= 0; at = environ.indexOf(setting, at + 1)) {
    if (at !== 0 && environ[at - 1] !== '\0') continue;
    const end = at + setting.length;
    if (prefixOnly || end === environ.length || environ[end] === '\0') return true;
  }
  return false;
}

/** Live processes, or null where there is no /proc to read. */
function listProcesses(): ProcessEntry[] | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const entry = statOf(Number(name));
    if (entry !== null) entries.push(entry);
  }
  return entries;
}

/** Parent and start time from /proc/<pid>/stat; null for a zombie or a process gone. */
function statOf(pid: number): ProcessEntry | null {
  const stat = readProc(pid, 'stat');
  if (stat === null) return null;
  // The command name may hold spaces and parentheses: fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return null;
  return { pid, parent: Number(fields[1]), start: fields[19] };
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return null;
  }
}
