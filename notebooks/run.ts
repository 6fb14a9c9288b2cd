// Executes the notebooks headless, each through Jupyter's nbconvert on Deno's kernel, and writes the
// executed copies with their outputs into a folder (results/notebooks by default):
//
//   npm run notebooks [-- name ...]        (PARLOR_NOTEBOOK_GAMES=n plays n games a run)
//
// The kernel is described in a kernelspec written for the occasion into a folder of its own
// (`deno jupyter --install` always writes into the user's Jupyter data folder, whatever
// JUPYTER_PATH or JUPYTER_DATA_DIR say), and Jupyter is pointed at that folder alone for its data,
// configuration and runtime files: nothing of the user's Jupyter setup is read or changed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const NOTEBOOKS_DIR = fileURLToPath(new URL('.', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('../results/notebooks/', import.meta.url));

/** The kernel name the notebooks ask for: the one `deno jupyter --install` registers. */
const KERNEL_NAME = 'deno';
const NBCONVERT = 'jupyter-nbconvert';

/** The notebooks in notebooks/, by name (the file name without `.ipynb`), in name order. */
export function notebookNames(): string[] {
  return readdirSync(NOTEBOOKS_DIR)
    .filter((file) => file.endsWith('.ipynb'))
    .map((file) => basename(file, '.ipynb'))
    .sort();
}

/** Whether Jupyter's nbconvert can be started here. */
export function hasNbconvert(): boolean {
  return !spawnSync(NBCONVERT, ['--version'], { stdio: 'ignore' }).error;
}

/** The Deno executable of the pinned dev dependency. */
function denoPath(): string {
  return join(dirname(createRequire(import.meta.url).resolve('deno/package.json')), 'deno');
}

/**
 * A Jupyter home of its own: the Deno kernel's spec (Deno's own kernel runs with every permission
 * and resolves npm packages from the project's node_modules; the environment keeps it from looking
 * for updates or asking questions), and empty data, configuration and runtime folders.
 */
function jupyterHome(root: string): NodeJS.ProcessEnv {
  const kernel = join(root, 'path', 'kernels', KERNEL_NAME);
  mkdirSync(kernel, { recursive: true });
  const spec = {
    argv: [denoPath(), 'jupyter', '--kernel', '--conn', '{connection_file}'],
    display_name: 'Deno',
    language: 'typescript',
    env: { DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', NO_COLOR: '1' },
  };
  writeFileSync(join(kernel, 'kernel.json'), `${JSON.stringify(spec, null, 2)}\n`);
  return {
    JUPYTER_PATH: join(root, 'path'),
    JUPYTER_DATA_DIR: join(root, 'data'),
    JUPYTER_CONFIG_DIR: join(root, 'config'),
    JUPYTER_RUNTIME_DIR: join(root, 'runtime'),
    // Silences the debugger's note about frozen modules that Python prints at every start.
    PYDEVD_DISABLE_FILE_VALIDATION: '1',
  };
}

export interface NotebookRun {
  readonly notebook: string;
  /** The executed copy, when execution succeeded. */
  readonly executed: string | null;
  /** nbconvert's own output: on a failure, the cell that failed and its error. */
  readonly log: string;
  readonly seconds: number;
}

export interface ExecuteOptions {
  /** Where the executed copies go. */
  readonly outDir?: string;
  /** Added to the environment the kernels run in (PARLOR_NOTEBOOK_GAMES, PARLOR_NOTEBOOK_RESULTS). */
  readonly env?: Readonly<Record<string, string>>;
  /** The folder the notebook is in; notebooks/ by default. */
  readonly folder?: string;
  /** Seconds one cell may run; none by default. */
  readonly cellTimeout?: number;
}

/**
 * Seconds nbconvert waits, once a cell has finished, for the outputs still on their way (both for
 * the kernel's idle status and for flush_outputs.py's marker). nbconvert's own default is 4, after
 * which it drops them without a word. A minute is far past any delay seen; a delay past it fails
 * the run, naming the cell.
 */
const OUTPUT_WAIT_SECONDS = 60;

/** The executor of flush_outputs.py, beside this file. */
const FLUSHING_EXECUTOR = 'flush_outputs.FlushingExecutePreprocessor';

/** PYTHONPATH with this folder first, so that nbconvert finds flush_outputs.py. */
function pythonPath(): string {
  return [NOTEBOOKS_DIR, process.env.PYTHONPATH].filter(Boolean).join(delimiter);
}

function nbconvert(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NBCONVERT, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, log }));
  });
}

/** Executes one notebook, by name, of notebooks/ or options.folder (its folder as the kernel's working directory). */
export async function executeNotebook(notebook: string, options: ExecuteOptions = {}): Promise<NotebookRun> {
  const outDir = options.outDir ?? RESULTS_DIR;
  mkdirSync(outDir, { recursive: true });
  const home = mkdtempSync(join(tmpdir(), 'parlor-jupyter-'));
  const started = performance.now();
  try {
    // No bytecode cache: it would be written beside flush_outputs.py, into the project's tree.
    const env = { ...process.env, ...jupyterHome(home), PYTHONPATH: pythonPath(), PYTHONDONTWRITEBYTECODE: '1', ...options.env };
    const args = [
      '--to',
      'notebook',
      // In place of --execute: nbconvert's executor, made to wait for each cell's last outputs.
      `--Exporter.preprocessors=${FLUSHING_EXECUTOR}`,
      `--ExecutePreprocessor.kernel_name=${KERNEL_NAME}`,
      `--ExecutePreprocessor.timeout=${options.cellTimeout ?? -1}`,
      `--ExecutePreprocessor.iopub_timeout=${OUTPUT_WAIT_SECONDS}`,
      '--ExecutePreprocessor.raise_on_iopub_timeout=True',
      '--output-dir',
      outDir,
      join(options.folder ?? NOTEBOOKS_DIR, `${notebook}.ipynb`),
    ];
    const { status, log } = await nbconvert(args, env);
    const seconds = (performance.now() - started) / 1000;
    return { notebook, executed: status === 0 ? join(outDir, `${notebook}.ipynb`) : null, log, seconds };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function main(names: readonly string[]): Promise<number> {
  if (!hasNbconvert()) {
    process.stderr.write(`notebooks: ${NBCONVERT} not found; install Jupyter's nbconvert (Debian: apt-get install jupyter-nbconvert)\n`);
    return 3;
  }
  const known = notebookNames();
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    process.stderr.write(`notebooks: no notebook named ${unknown.join(', ')} (there are ${known.join(', ')})\n`);
    return 3;
  }
  // Ctrl-C reaches nbconvert as well (one process group), which shuts its kernel down (the kernel
  // runs in a session of its own): this process waits for nbconvert, so that the notebook's
  // temporary Jupyter home is removed, and runs no further notebook. A second Ctrl-C ends it at once.
  let interrupted = false;
  process.once('SIGINT', () => (interrupted = true));
  let failed = 0;
  for (const notebook of names.length > 0 ? names : known) {
    const run = await executeNotebook(notebook);
    if (interrupted) {
      process.stderr.write(`${notebook}: interrupted after ${run.seconds.toFixed(0)} s; no executed copy written\n`);
      return 130;
    }
    if (run.executed) {
      process.stdout.write(`${notebook}: ${run.seconds.toFixed(0)} s, written to ${run.executed}\n`);
    } else {
      failed++;
      process.stderr.write(`${notebook}: failed after ${run.seconds.toFixed(0)} s\n${run.log}\n`);
    }
  }
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
