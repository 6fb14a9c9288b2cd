import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { invokedCommand } from '../../src/cli/invocation.ts';

const CLONE = '/home/ana/parlor';
const start = (script: string, env: Record<string, string> = {}, cwd = CLONE) => ({ argv: ['/usr/bin/node', script], env, cwd });

describe('the command a hint tells the user to type', () => {
  test('npx parlor when npx started it', () => {
    const env = { npm_command: 'exec', npm_lifecycle_event: 'npx', INIT_CWD: '/home/ana/work' };
    assert.equal(invokedCommand(start('/home/ana/work/node_modules/.bin/parlor', env, '/home/ana/work')), 'npx parlor');
  });

  test('parlor when the command on the PATH started it', () => {
    assert.equal(invokedCommand(start('/usr/local/bin/parlor')), 'parlor');
  });

  test('node and the script as seen from the folder the user is in', () => {
    assert.equal(invokedCommand(start(`${CLONE}/bin/parlor.js`)), 'node bin/parlor.js');
    assert.equal(
      invokedCommand(start(`${CLONE}/bin/parlor.js`, {}, `${CLONE}/results`)),
      `node ${CLONE}/bin/parlor.js`,
      'outside the folder: the full path',
    );
    assert.equal(invokedCommand(start(`${CLONE}/bin/parlor.js`, {}, '/')), 'node home/ana/parlor/bin/parlor.js');
  });

  test('the script under an npm script, whose own options a resume must not repeat', () => {
    const env = { npm_command: 'start', npm_lifecycle_event: 'start', INIT_CWD: CLONE };
    assert.equal(invokedCommand(start(`${CLONE}/bin/parlor.js`, env, CLONE)), 'node bin/parlor.js');
  });

  test('a path with spaces is quoted for the shell', () => {
    assert.equal(invokedCommand(start('/home/ana/my games/bin/parlor.js', {}, '/tmp')), "node '/home/ana/my games/bin/parlor.js'");
  });

  test('plain parlor when parlor is loaded by another program', () => {
    assert.equal(invokedCommand(start('/srv/app/server.js')), 'parlor');
  });
});
