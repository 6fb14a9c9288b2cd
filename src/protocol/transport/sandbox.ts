import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import type { BotCommand } from '../command.ts';
import type { SandboxLimits } from '../../runner/play/external.ts';

/** System folders a bot sees, read-only, when they exist: its interpreter and libraries live there. */
const SYSTEM_FOLDERS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/etc', '/opt'];

let checked: string | null | undefined;

/**
 * Why bots cannot be sandboxed here, or null when they can: bubblewrap and prlimit must be
 * installed and the kernel must let bubblewrap make its namespaces. Asked once per process.
 */
export function sandboxProblem(): string | null {
  if (checked !== undefined) return checked;
  const probe = spawnSync('bwrap', ['--unshare-all', '--ro-bind', '/', '/', 'true'], { encoding: 'utf8' });
  const limits = spawnSync('prlimit', ['--version'], { encoding: 'utf8' });
  if ((probe.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    checked = 'bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)';
  else if (probe.status !== 0) checked = `bubblewrap cannot make namespaces here: ${(probe.stderr || `exit ${probe.status}`).trim()}`;
  else if (limits.status !== 0) checked = 'prlimit is not installed (Debian: util-linux)';
  else checked = null;
  return checked;
}

/** The executable `program` names, as a path search would find it; null when there is none. */
function executablePath(program: string, cwd: string): string | null {
  if (program.includes('/')) return resolve(cwd, program);
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder !== '' && existsSync(join(folder, program))) return join(folder, program);
  }
  return null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The bot's own folder: where the first argument that names a file is (the script an interpreter
 * runs), else where its program is when given by path (a compiled bot), else the working folder.
 * It is the one folder the bot may write, and its working folder inside the sandbox.
 */
export function botFolder(command: BotCommand, cwd: string): string {
  const script = command.args.find((arg) => !arg.startsWith('-') && isFile(resolve(cwd, arg)));
  if (script !== undefined) return dirname(resolve(cwd, script));
  return command.program.includes('/') ? dirname(resolve(cwd, command.program)) : cwd;
}

/**
 * What of the program's installation the bot must see: for an interpreter in a `bin` folder
 * outside the system's (a version manager's Python or Node), the installation above it, where its
 * libraries are; else the program's own folder.
 */
function programFolder(program: string): string {
  const folder = dirname(program);
  return folder.endsWith('/bin') ? dirname(folder) : folder;
}

/** A pids cgroup of its own for one bot, where this process may make one (cgroup v2, or v1's pids hierarchy). */
function pidsCgroup(name: string, processes: number): string | null {
  for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/pids']) {
    const folder = join(root, name);
    try {
      mkdirSync(folder);
    } catch {
      continue;
    }
    try {
      // A folder the kernel did not fill is no cgroup (a tmpfs where the hierarchies are mounted below).
      if (!existsSync(join(folder, 'cgroup.procs'))) throw new Error('not a cgroup');
      writeFileSync(join(folder, 'pids.max'), String(processes));
      return folder;
    } catch {
      rmdirSync(folder);
    }
  }
  return null;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Removes a bot's cgroup once the last of its processes, killed with the sandbox, is reaped: that
 * takes a few milliseconds after the bot's own exit, waited for here so that a run that ends next
 * leaves no cgroup behind; a slower one is tried again later.
 */
function removeCgroup(folder: string, tries: number): void {
  for (let attempt = 0; attempt < tries; attempt++) {
    try {
      rmdirSync(folder);
      return;
    } catch {
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  setTimeout(() => removeCgroup(folder, 1), 1000).unref();
}

/** A sandboxed launch: the command to run, and what to clean up once the bot is gone. */
export interface SandboxedCommand {
  readonly command: BotCommand;
  readonly cwd: string;
  release(): void;
}

/**
 * Wraps a bot's command in bubblewrap: no network, no other processes in sight, the system folders
 * read-only, its own folder read-write and its working folder, a private /tmp, and nothing else
 * of the machine (other bots' files and parlor's results included). prlimit sets its memory and
 * CPU time, and its process count where no cgroup can be made. The sandbox ends with the bot.
 */
export function sandboxCommand(command: BotCommand, cwd: string, limits: SandboxLimits, name: string): SandboxedCommand {
  const own = botFolder(command, cwd);
  const program = executablePath(command.program, cwd);
  // Arguments naming files of the bot's folder are handed over by absolute path: its working folder changes.
  const args = command.args.map((arg) => (!arg.startsWith('-') && !isAbsolute(arg) && isFile(resolve(cwd, arg)) ? resolve(cwd, arg) : arg));
  const binds: string[] = [];
  for (const folder of SYSTEM_FOLDERS) if (existsSync(folder)) binds.push('--ro-bind', folder, folder);
  if (program !== null && !SYSTEM_FOLDERS.some((folder) => program.startsWith(`${folder}/`))) {
    binds.push('--ro-bind', programFolder(program), programFolder(program));
  }
  const cgroup = pidsCgroup(name, limits.processes);
  const prlimit = [
    'prlimit',
    `--data=${limits.memory * 1024 * 1024}`,
    `--cpu=${limits.cpu}`,
    ...(cgroup ? [] : [`--nproc=${limits.processes}`]),
  ];
  const bwrap = ['bwrap', '--unshare-all', '--die-with-parent', '--new-session', ...binds];
  bwrap.push(
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--bind',
    own,
    own,
    '--chdir',
    own,
    '--',
    program ?? command.program,
    ...args,
  );
  // Joins its cgroup before anything of it runs: what it starts is counted from the first fork.
  const launch = cgroup ? ['sh', '-c', `echo $$ > "$0/cgroup.procs" && exec "$@"`, cgroup, ...prlimit, ...bwrap] : [...prlimit, ...bwrap];
  return {
    command: { program: launch[0], args: launch.slice(1) },
    cwd: own,
    release: () => {
      if (cgroup !== null) removeCgroup(cgroup, 10);
    },
  };
}
