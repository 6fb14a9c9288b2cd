import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { parlor, runCaptured } from '../cli.ts';
import { PROMPT_MS } from '../../helpers/patience.ts';

/** Reads one raw message from the socket: the contest's framing, one message per read. */
async function next(socket: Socket): Promise<string> {
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  return chunk.toString();
}

/** A server on a free port of this machine, as the contest's listens for its bots. */
async function listening(allowHalfOpen = false): Promise<{ server: Server; port: number }> {
  const server = createServer({ allowHalfOpen });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as { port: number }).port };
}

describe('parlor bot --game speedclue', () => {
  test('connects to the port, greets with its identifier, answers the server in lock-step and leaves on done', async () => {
    const { server, port } = await listening();
    const played = runCaptured(['bot', '--game', 'speedclue', 'simple', 'Sherlock', String(port)]);
    const [socket] = (await once(server, 'connection')) as [Socket];
    assert.equal(await next(socket), 'Sherlock alive');
    const exchange = async (message: string) => {
      socket.write(message);
      return next(socket);
    };
    assert.equal(await exchange('reset 3 0 Gr Ca Ba Pl Kn Li'), 'ok');
    assert.match(await exchange('suggest'), /^suggest (Mu|Pe|Sc|Wh) (Pi|Re|Ro|Wr) (Bi|Co|Di|Ha|Ki|Lo|St)$/);
    assert.equal(await exchange('suggestion 0 Mu Pi Bi 1 Pi'), 'ok');
    assert.equal(await exchange('accuse'), '-');
    assert.match(await exchange('disprove 2 Gr Kn St'), /^show (Gr|Kn)$/);
    assert.equal(await exchange('done'), 'dead');
    assert.equal((await played).code, 0);
    socket.destroy();
    server.close();
  });

  test('shuts down after dead, as the contest asks, while the server still holds the connection', async () => {
    // Half-open allowed: the server's end stays open after the bot's closes, until it closes it itself.
    const { server, port } = await listening(true);
    const bot = parlor(['bot', '--game', 'speedclue', 'simple', 'Watson', String(port)]);
    const [socket] = (await once(server, 'connection')) as [Socket];
    assert.equal(await next(socket), 'Watson alive');
    socket.write('reset 3 0 Gr Ca Ba Pl Kn Li');
    assert.equal(await next(socket), 'ok');
    socket.write('done');
    assert.equal(await next(socket), 'dead');
    // The server keeps its end open: the bot ends all the same, closing the connection itself.
    let late: NodeJS.Timeout | undefined;
    const stillRunning = new Promise<null>((resolve) => (late = setTimeout(() => resolve(null), PROMPT_MS)));
    const ended = await Promise.race([bot, stillRunning]);
    clearTimeout(late);
    assert.ok(ended !== null, `still running ${PROMPT_MS} ms after dead`);
    assert.equal(ended.code, 0, ended.stderr);
    socket.destroy();
    server.close();
  });

  test('without a port, or with no server on it, says so in one line and exits with status 3', async () => {
    const missing = await runCaptured(['bot', '--game', 'speedclue', 'simple', 'Sherlock']);
    assert.equal(missing.code, 3);
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    const refused = await runCaptured(['bot', '--game', 'speedclue', 'simple', 'Sherlock', String(port)]);
    assert.equal(refused.code, 3);
  });
});
