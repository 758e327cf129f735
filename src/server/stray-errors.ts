import type { ServerLogger } from './logger.ts';

/**
 * The process's last net, installed once by the entry point (main.ts): an exception nobody caught (thrown
 * from a timer's callback) or a promise rejected with nobody to hear it is logged at error level, through
 * the logger's safe error serialiser, and the node keeps serving. Node would otherwise end the process on
 * either, taking every match and search under way with it.
 *
 * Serving on rather than stopping, because what such an error can leave behind is bounded: every money move
 * is a database transaction or a payout job whose stored signature decides what a retry does, so a callback
 * cut short leaves no half-moved money; the loops that call the RPC or Redis catch their own failures and
 * run again at their next interval. Stopping would settle every live match of the node the way a restart
 * does (docs/rules.md) for what is usually one failed read. An operator sees each one in the log.
 * Returns the function that removes both handlers (tests).
 */
export function keepServingThroughStrayErrors(
  logger: ServerLogger,
  target: Pick<NodeJS.Process, 'on' | 'off'> = process,
): () => void {
  const onException = (error: unknown, origin: string) =>
    logger.error({ err: error, origin }, 'uncaught exception: logged, the node keeps serving');
  const onRejection = (reason: unknown) =>
    logger.error({ err: reason }, 'unhandled promise rejection: logged, the node keeps serving');
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
