import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Errors } from '../../core/errors.ts';
import { parseStrategySpec } from '../../core/strategy-spec.ts';
import { ProtocolBot, runBotSession } from '../../protocol/bot.ts';
import { isExternalSpec } from '../../protocol/command.ts';
import { resolveStrategy } from '../../runner/strategies.ts';
import type { CommandContext } from '../command.ts';

export interface BotOptions {
  readonly game: string;
  readonly handshake?: string;
  readonly players?: number;
  readonly rules?: Record<string, string>;
  /** Seeds the strategy's random stream; absent: a fresh seed. */
  readonly botSeed?: string;
}

/**
 * `parlor bot <strategy>`: one bot session on stdin/stdout, as a competition manager starts a
 * bot for each round. Replies go to stdout and nothing else does; notes go to stderr.
 */
export async function runBot(
  context: CommandContext,
  options: BotOptions,
  strategyText: string,
  input: Readable = process.stdin,
): Promise<void> {
  const game = context.registry.game(options.game);
  if (isExternalSpec(strategyText))
    throw Errors.badOption('parlor bot plays a parlor strategy; an external bot can enter a manager as it is');
  const rules = game.parseRules({ ...options.rules, ...(options.handshake ? { handshake: options.handshake } : {}) });
  const players = options.players ?? game.maxPlayers;
  if (players < game.minPlayers || players > game.maxPlayers) throw Errors.playerCount(game.id, players, game.minPlayers, game.maxPlayers);
  const strategy = await resolveStrategy(context.registry, game.id, parseStrategySpec(strategyText));
  const bot = new ProtocolBot({
    game,
    rules,
    strategy,
    players,
    // Without a seed each process gets a fresh one: a manager restarts bots every round, and a
    // fixed seed would replay the same random choices in each.
    seed: options.botSeed ?? randomUUID(),
    name: strategy.spec.text,
    warn: (text) => context.warn(`parlor bot: ${text}`),
  });
  await runBotSession(bot, input, (line) => context.print(line));
}
