import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Finding every process a bot started, whatever it did to hide. A process group misses children
 * that call setsid, so on Linux a stopped bot's descendants are found through /proc and frozen
 * before they are signalled (whatever their session or environment). A process that left the
 * bot's tree before that (a double fork, or a bot that exited first) still carries the bot's token
 * in its environment unless it cleared it: a sweep of /proc kills those soon after their bot is
 * stopped, and at exit. Without /proc only the process group is left.
 */
export const BOT_TOKEN_VARIABLE = 'PARLOR_BOT_TOKEN';

// Unique to this thread of this parlor process, so a sweep never touches the bots of another run
// or thread; every thread's starts with the process id, which a sweep of the whole process uses.
const processPrefix = `${process.pid}-`;
const runToken = `${processPrefix}${randomBytes(6).toString('hex')}`;
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

/**
 * Freezes `roots` and everything below them, each before its children are read so that none can
 * start another unseen, and returns them all (the roots included).
 */
export function freezeTree(roots: readonly number[]): ProcessId[] {
  const found = new Map<number, ProcessId>();
  const pending = [...roots];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    if (found.has(pid)) continue;
    const start = startOf(pid);
    if (start === null) continue;
    found.set(pid, { pid, start });
    signal(pid, 'SIGSTOP');
    pending.push(...childrenOf(pid));
  }
  return [...found.values()];
}

/** Signals each process that is still the one that was found (not a new one with its pid). */
export function signalProcesses(processes: readonly ProcessId[], name: NodeJS.Signals): void {
  for (const { pid, start } of processes) {
    if (pid !== process.pid && startOf(pid) === start) signal(pid, name);
  }
}

/**
 * Kills every process carrying a token of this run that `isLive` does not accept: what a stopped
 * bot left outside its tree.
 */
export function sweepRun(isLive: (token: string) => boolean): void {
  sweepTokens(`${runToken}-`, isLive);
}

/** Kills every process carrying a bot token of any thread of this process (bots hosted on other threads included). */
export function sweepProcess(): void {
  sweepTokens(processPrefix, () => false);
}

function sweepTokens(tokenPrefix: string, isLive: (token: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return;
  }
  const prefix = `${BOT_TOKEN_VARIABLE}=${tokenPrefix}`;
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const pid = Number(name);
    const environ = readProc(pid, 'environ');
    if (environ === null || !environ.includes(prefix)) continue;
    const setting = environ.split('\0').find((entry) => entry.startsWith(prefix));
    if (setting !== undefined && pid !== process.pid && !isLive(setting.slice(BOT_TOKEN_VARIABLE.length + 1))) signal(pid, 'SIGKILL');
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone since.
  }
}

/** Direct children, from every thread's list (the kernel keeps them per thread). */
function childrenOf(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const thread of threads) {
    const list = readProc(pid, `task/${thread}/children`);
    if (list === null) continue;
    for (const word of list.split(' ')) if (word !== '') children.push(Number(word));
  }
  return children;
}

/** The start time from /proc/<pid>/stat; null for a zombie or a process gone. */
function startOf(pid: number): string | null {
  const stat = readProc(pid, 'stat');
  if (stat === null) return null;
  // The command name may hold spaces and parentheses: fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[0] === 'Z' || fields[0] === 'X' ? null : fields[19];
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return null;
  }
}
