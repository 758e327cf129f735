import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { whileReachable } from './redis-connection.ts';

/**
 * A Lua script run by EVALSHA, falling back to EVAL (which also loads it) when this Redis has not seen it
 * yet (NOSCRIPT: a fresh or restarted Redis). A script runs atomically: no other command runs between its
 * steps, which is what every cluster guarantee built on one rests on.
 */
export interface LuaScript {
  readonly lua: string;
  readonly sha: string;
}

export function luaScript(lua: string): LuaScript {
  return { lua, sha: createHash('sha1').update(lua).digest('hex') };
}

export function runScript(
  client: Redis,
  script: LuaScript,
  keys: readonly string[],
  args: ReadonlyArray<string | number>,
): Promise<unknown> {
  return whileReachable(client, async () => {
    try {
      return await client.evalsha(script.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(script.lua, keys.length, ...keys, ...args);
    }
  });
}
