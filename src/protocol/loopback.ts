import type { PlayerView } from '../core/game.ts';
import { Forfeit } from '../core/forfeits.ts';
import type { StrategyDefinition } from '../core/strategy.ts';
import type { ResolvedStrategy } from '../runner/play/loading/strategies.ts';
import { ProtocolBot } from './bot.ts';
import { externalDefinition } from './external.ts';
import type { BotLink, ReadResult } from './transport/process.ts';

/**
 * A `parlor bot` without the process: the host's messages go straight to a ProtocolBot in this
 * thread and its answers come straight back. The text the two exchange is exactly what crosses
 * the pipes, so this checks a strategy's play through the protocol at in-process speed, and
 * isolates the host's own cost per message from process start-up.
 */
class LoopbackLink implements BotLink {
  private readonly bot: ProtocolBot;
  private readonly lines: boolean;
  private readonly replies: string[] = [];

  constructor(bot: ProtocolBot, lines: boolean) {
    this.bot = bot;
    this.lines = lines;
  }

  send(text: string): void {
    for (const line of this.lines ? text.split('\n') : [text]) {
      const reply = this.bot.receive(line);
      if (reply !== null) this.replies.push(reply);
    }
  }

  readLine(): Promise<ReadResult> {
    const line = this.replies.shift();
    // The bot answers as soon as it has read what it needs: an empty queue is a reply never coming.
    return Promise.resolve(line === undefined ? { failure: Forfeit.TIMEOUT, detail: 'no reply' } : { line });
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }
}

/** Plays `strategy` through the protocol, as `parlor bot` would, with a fresh bot each connection. */
export function loopbackDefinition(gameId: string, strategy: ResolvedStrategy, seed = 'parlor'): StrategyDefinition<PlayerView> {
  const label = `loopback ${strategy.spec.text}`;
  return externalDefinition(gameId, label, `${strategy.definition.summary} (through the protocol)`, {
    label,
    open: (context) =>
      new LoopbackLink(
        new ProtocolBot({
          game: context.game,
          rules: context.rules,
          strategy,
          players: context.players,
          seed,
          name: strategy.spec.text,
          warn: context.log,
        }),
        context.framing === 'lines',
      ),
  });
}
