import { z } from 'zod';

/**
 * A route's generic built from the zod schemas it parses its inputs with, a small stand-in for Fastify's zod
 * type provider: `app.get<RouteOf<{ params: typeof CODE }, Replies<Answer>>>(…)`, and the handler reads
 * `CODE.parse(request.params)`, so no route writes the types of its params, query or body by hand. Parsing
 * stays in the handler, after the route's own rate limit and in its own order, so every refusal keeps its
 * status and its body (a type provider validates before the handler, with Fastify's own 400 body).
 */
interface InputSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}
type InputOf<S> = S extends z.ZodType ? z.input<S> : unknown;

export type RouteOf<S extends InputSchemas, Reply> = {
  Params: InputOf<S['params']>;
  Querystring: InputOf<S['querystring']>;
  Body: InputOf<S['body']>;
  Reply: Reply;
};

/** A path's named parameters: Fastify hands each as a text, matched or not by the route's own rule after. */
export function pathParams<Name extends string>(...names: Name[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<Name, z.ZodString>);
}
