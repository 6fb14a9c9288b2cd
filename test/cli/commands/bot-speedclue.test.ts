import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { runCaptured } from '../cli.ts';

/** Reads one raw message from the socket: the contest's framing, one message per read. */
async function next(socket: Socket): Promise<string> {
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  return chunk.toString();
}

describe('parlor bot --game speedclue', () => {
  test('connects to the port, greets with its identifier, answers the server in lock-step and leaves on done', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
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
