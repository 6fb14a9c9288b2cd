import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { Errors } from '../../core/errors.ts';
import type { BotCommand } from '../command.ts';
import type { Confinement } from './channel.ts';
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

/** Stops a run that asks for the sandbox where there is none, with one line saying why. */
export function checkSandbox(): void {
  const problem = sandboxProblem();
  if (problem) throw Errors.badOption(`--sandbox: ${problem}`);
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

/** A folder of parlor's, readable by its owner alone, for what one sandboxed bot's channel brings into its sandbox. */
export function channelFolder(): string {
  return mkdtempSync(join(tmpdir(), 'parlor-bot-'));
}

/** Where a sandboxed bot's socket to parlor is in its sandbox (see FORWARDER). */
const FORWARDED_SOCKET = '/run/parlor/port.sock';

/**
 * Runs in the sandbox of a bot that connects over TCP, in front of it: it listens on
 * 127.0.0.1:<port> of the sandbox's own network, which nothing else is on, carries each
 * connection to parlor's socket for the bot, then starts the bot and ends as it ends (a signal as
 * 128 + its number, as bubblewrap reports one). Arguments: the socket, the port, the bot's command.
 */
const FORWARDER = `
const net = require('node:net');
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const [socket, port, program, ...args] = process.argv.slice(1);
const server = net.createServer({ noDelay: true }, (inside) => {
  const outside = net.connect(socket);
  for (const [from, to] of [[inside, outside], [outside, inside]]) {
    from.pipe(to);
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  }
});
server.listen({ host: '127.0.0.1', port: Number(port) }, () => {
  const bot = spawn(program, args, { stdio: 'inherit' });
  bot.on('error', (error) => {
    process.stderr.write('could not start ' + program + ': ' + error.message + '\\n');
    process.exit(127);
  });
  bot.on('exit', (code, signal) => process.exit(signal ? 128 + constants.signals[signal] : code));
});
`;

/**
 * The forwarder's tasks, counted in the bot's pids cgroup beside the bot's own: Node with one
 * V8 worker thread runs four.
 */
const FORWARDER_TASKS = 4;

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
 * Its channel, confined, brings in what reaches parlor: its /tmp is the folder of its FIFOs, or a
 * forwarder carries its one connection to parlor's port over a socket of its own.
 */
export function sandboxCommand(
  command: BotCommand,
  cwd: string,
  limits: SandboxLimits,
  name: string,
  channel: Confinement = {},
): SandboxedCommand {
  const own = botFolder(command, cwd);
  const program = executablePath(command.program, cwd);
  // Arguments naming files of the bot's folder are handed over by absolute path: its working folder changes.
  const args = command.args.map((arg) => (!arg.startsWith('-') && !isAbsolute(arg) && isFile(resolve(cwd, arg)) ? resolve(cwd, arg) : arg));
  const binds: string[] = [];
  for (const folder of SYSTEM_FOLDERS) if (existsSync(folder)) binds.push('--ro-bind', folder, folder);
  for (const executable of [program, ...(channel.forward ? [process.execPath] : [])]) {
    if (executable !== null && !SYSTEM_FOLDERS.some((folder) => executable.startsWith(`${folder}/`))) {
      binds.push('--ro-bind', programFolder(executable), programFolder(executable));
    }
  }
  binds.push('--proc', '/proc', '--dev', '/dev');
  binds.push(...(channel.tmp ? ['--bind', channel.tmp, '/tmp'] : ['--tmpfs', '/tmp']));
  if (channel.forward) binds.push('--ro-bind', channel.forward.socket, FORWARDED_SOCKET);
  const cgroup = pidsCgroup(name, limits.processes + (channel.forward ? FORWARDER_TASKS : 0));
  // The limits are the bot's, set inside the sandbox: the forwarder in front of it is parlor's.
  const bot = [
    'prlimit',
    `--data=${limits.memory * 1024 * 1024}`,
    `--cpu=${limits.cpu}`,
    ...(cgroup ? [] : [`--nproc=${limits.processes}`]),
    program ?? command.program,
    ...args,
  ];
  const inside = channel.forward
    ? [process.execPath, '--v8-pool-size=1', '-e', FORWARDER, FORWARDED_SOCKET, String(channel.forward.port), ...bot]
    : bot;
  const bwrap = [
    'bwrap',
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    ...binds,
    '--bind',
    own,
    own,
    '--chdir',
    own,
    '--',
    ...inside,
  ];
  // Joins its cgroup before anything of it runs: what it starts is counted from the first fork.
  const launch = cgroup ? ['sh', '-c', `echo $$ > "$0/cgroup.procs" && exec "$@"`, cgroup, ...bwrap] : bwrap;
  return {
    command: { program: launch[0], args: launch.slice(1) },
    cwd: own,
    release: () => {
      if (cgroup !== null) removeCgroup(cgroup, 10);
    },
  };
}
