/**
 * The idiomatic room's `@colyseus/schema` state: the fields of pong-fields.ts with compact wire types
 * (coordinates as float32, small counts as uint8, the tick as uint32), and the session of each seat so a
 * player knows its side.
 */
import { type SchemaType, schema, t } from '@colyseus/schema';

export const PongState = schema(
  {
    tick: t.uint32(),
    ballX: t.float32(),
    ballY: t.float32(),
    ballVx: t.float32(),
    ballVy: t.float32(),
    paddle0: t.float32(),
    paddle1: t.float32(),
    score0: t.uint8(),
    score1: t.uint8(),
    phase: t.string(),
    countdown: t.uint8(),
    server: t.uint8(),
    winner: t.int8(),
    seat0: t.string(),
    seat1: t.string(),
  },
  'PongState',
);
export type PongState = SchemaType<typeof PongState>;
