// External bots: hosting them through a game's wire protocol, and parlor strategies as bots.
export { isExternalSpec, parseBotCommand, type BotCommand } from './command.ts';
export {
  resolveStrategy,
  commandDefinition,
  externalDefinition,
  ExternalSeatStrategy,
  type BotConnector,
  type LinkContext,
} from './external.ts';
export { DEFAULT_MOVE_TIMEOUT_SECONDS, installCleanup } from './transport/process.ts';
export {
  playExternalRange,
  openSession,
  finishRun,
  ExternalSession,
  ProtocolHost,
  newHostStats,
  type ExternalOptions,
  type HostStats,
} from './host.ts';
export { ProtocolBot, runBotSession, type BotSetup } from './bot.ts';
export { loopbackDefinition } from './loopback.ts';
export { wireProtocol } from './protocols.ts';
export * from '../core/wire.ts';
export { BotProcess, DEFAULT_LIMITS, type BotLimits, type BotLink, type ReadFailure, type ReadResult } from './transport/process.ts';
