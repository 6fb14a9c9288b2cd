// npm run notebooks' executor (notebooks/run.ts) apart from any notebook in git: it keeps every
// output a cell displays, and Ctrl-C stops it cleanly. notebooks.test.ts executes the notebooks.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { NOTEBOOKS_DIR, executeNotebook, notebookNames } from '../../notebooks/run.ts';
import { HUNG_MS, eventually } from '../helpers/patience.ts';
import { processesMarked } from '../protocol/helpers.ts';
import { codeCells, noNbconvert, readNotebook } from './notebook-files.ts';

describe('the executor', () => {
  // The kernel reports a cell finished while its outputs may still be queued for publishing; a cell
  // that displays many outputs at once leaves most of them in the queue when it ends.
  test('keeps every output of a cell, in order, and none of them in the next cell', { skip: noNbconvert }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'parlor-notebook-outputs-'));
    after(() => rmSync(root, { recursive: true, force: true }));
    const displays = 200;
    const codeCell = (id: string, source: string) => ({ cell_type: 'code', id, metadata: {}, source, execution_count: null, outputs: [] });
    const notebook = {
      cells: [
        codeCell(
          'displays',
          `for (let i = 0; i < ${displays}; i++) await Deno.jupyter.display({ 'text/plain': 'display ' + i }, { raw: true });`,
        ),
        codeCell('after', "console.log('next cell');"),
      ],
      metadata: { kernelspec: { name: 'deno', display_name: 'Deno', language: 'typescript' } },
      nbformat: 4,
      nbformat_minor: 5,
    };
    writeFileSync(join(root, 'many-outputs.ipynb'), JSON.stringify(notebook));
    const run = await executeNotebook('many-outputs', { folder: root, outDir: join(root, 'executed'), cellTimeout: 120 });
    assert.ok(run.executed, `the notebook failed:\n${run.log.slice(-4000)}`);
    const [first, second] = codeCells(readNotebook(run.executed));
    assert.deepEqual(
      // nbformat may keep a text as a list of lines.
      first.outputs?.map((output) => [output.data?.['text/plain']].flat().join('')),
      Array.from({ length: displays }, (_, i) => `display ${i}`),
    );
    assert.deepEqual(
      second.outputs?.map((output) => output.output_type),
      ['stream'],
    );
    assert.deepEqual([first.execution_count, second.execution_count], [1, 2], 'the executor takes no execution count of its own');
  });
});

describe('npm run notebooks', () => {
  test(
    'Ctrl-C stops the notebook under way and the ones after it, and leaves no kernel or Jupyter home',
    { skip: noNbconvert },
    async () => {
      // Its own temporary folder: the Jupyter home and the kernel's connection file go there, and
      // every process of the run carries the path in its environment.
      const root = mkdtempSync(join(tmpdir(), 'parlor-notebooks-interrupt-'));
      after(() => rmSync(root, { recursive: true, force: true }));
      const runs = join(root, 'runs');
      // Games enough that the first run is still playing when the interrupt comes.
      const env = { ...process.env, TMPDIR: root, PARLOR_NOTEBOOK_GAMES: '1000000000', PARLOR_NOTEBOOK_RESULTS: runs };
      const [first, second] = notebookNames();
      const child = spawn(process.execPath, ['--import', 'tsx', join(NOTEBOOKS_DIR, 'run.ts'), first, second], {
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.resume();
      const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      let exited = false;
      void exit.then(() => (exited = true));
      await eventually(`${first}'s first run starts`, () => exited || existsSync(join(runs, first)), HUNG_MS);
      assert.ok(!exited, `the run ended before it was interrupted:\n${stderr}`);
      // As a terminal's Ctrl-C: to the whole process group, nbconvert included (which shuts its kernel down).
      process.kill(-child.pid!, 'SIGINT');
      assert.equal(await exit, 130, stderr);
      assert.match(stderr, new RegExp(`^${first}: interrupted after \\d+ s; no executed copy written$`, 'm'));
      assert.ok(!existsSync(join(runs, second)), `${second} started after the interrupt`);
      assert.deepEqual(
        readdirSync(root).filter((entry) => entry.startsWith('parlor-jupyter-')),
        [],
        'the temporary Jupyter home is removed',
      );
      await eventually('the kernel and nbconvert have exited', () => processesMarked(root).length === 0);
    },
  );
});
