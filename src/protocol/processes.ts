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
  const found: number[] = [];
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const pid = Number(name);
    const environ = readProc(pid, 'environ');
    if (environ === null || !environ.includes(prefix)) continue;
    const setting = environ.split('\0').find((entry) => entry.startsWith(prefix));
    if (setting !== undefined && pid !== process.pid && !isLive(setting.slice(BOT_TOKEN_VARIABLE.length + 1))) found.push(pid);
  }
  // Their children go too, token or not: a bot hosted on another thread may have started some with
  // an empty environment, and that thread's own stop (which freezes the bot's tree) may never run.
  signalProcesses(freezeTree(found), 'SIGKILL');
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone since.
  }
}

/**
 * What a process and everything below it are doing, as /proc shows them; null where there is no
 * /proc to ask.
 */
export interface TreeActivity {
  /** The process itself has exited, every thread of it (a zombie not reaped yet, or gone). */
  readonly exited: boolean;
  /** A thread of theirs is running, waiting for a processor, or in the kernel's uninterruptible wait. */
  readonly busy: boolean;
  /** Processor time they have used, their reaped children's included, in milliseconds. */
  readonly cpuMs: number;
}

/**
 * Whether a child not yet reaped has exited (it is a zombie): its parent may not have heard yet.
 * False where there is no /proc to ask.
 */
export function hasExited(pid: number): boolean {
  return readProc(pid, 'stat') !== null && threadsOf(pid).every((thread) => threadExited(pid, thread));
}

/** A thread is gone, or a zombie: its first thread stays one until the others have exited too. */
function threadExited(pid: number, thread: string): boolean {
  return exitedState(threadState(pid, thread));
}

/** A thread's state letter ('' once it is gone). */
function threadState(pid: number, thread: string): string {
  const stat = readProc(pid, `task/${thread}/stat`) ?? '';
  return stat.charAt(stat.lastIndexOf(')') + 2);
}

function exitedState(state: string): boolean {
  return state === '' || state === 'Z' || state === 'X';
}

/** Clock ticks a second in /proc's times: fixed at 100 for every program on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * What `root`'s tree is doing now (see TreeActivity). Every thread's state is read: a process's own
 * line tells only its first thread's, and the work of its exit may be another's (a runtime's
 * shutdown hooks), or its first thread may be gone while others run on.
 */
export function treeActivity(root: number): TreeActivity | null {
  if (readProc(process.pid, 'stat') === null) return null;
  let exited = true;
  let busy = false;
  let ticks = 0;
  const seen = new Set<number>();
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    if (seen.has(pid)) continue;
    seen.add(pid);
    const stat = readProc(pid, 'stat');
    if (stat === null) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime, of all its threads: a reaped child's time moves to its parent's.
    for (const index of [11, 12, 13, 14]) ticks += Number(fields[index]) || 0;
    for (const thread of threadsOf(pid)) {
      const state = threadState(pid, thread);
      if (state === 'R' || state === 'D') busy = true;
      if (pid === root && !exitedState(state)) exited = false;
    }
    pending.push(...childrenOf(pid));
  }
  return { exited, busy, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

function threadsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** Direct children, from every thread's list (the kernel keeps them per thread). */
function childrenOf(pid: number): number[] {
  const threads = threadsOf(pid);
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
