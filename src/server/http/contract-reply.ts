import type { ApiError } from '../../common/api/wire-values.ts';

/**
 * A route's replies typed from the HTTP contract (src/common/api/): its answer on success, `{ error }` on a
 * refusal. `app.get<{ Reply: Replies<AdminStats> }>(…)` makes a handler that returns another shape fail to compile.
 */
export type Replies<Answer> = { 200: Answer; '4xx': ApiError; '5xx': ApiError };
