import { describe, expect, it } from 'vitest';
import { requiredTextField } from '../queries/action-result.ts';
import {
  AdminInputError,
  actionBody,
  BAN_TARGET_REQUIRED,
  banTargetQuery,
  bodyObject,
  bodyOf,
  eventTypeQuery,
  flagQuery,
  pageQuery,
  searchQuery,
  severityQuery,
  uuidField,
  uuidInput,
} from './route-input.ts';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof AdminInputError) return error.message;
    throw error;
  }
  return null;
};

/** The admin routes' inputs, read by schemas: each refusal keeps the text the routes have always answered. */
describe('admin route inputs', () => {
  it('a page: limit 1..200 and a cursor, each given once and bounded', () => {
    expect(pageQuery({})).toEqual({ cursor: null });
    expect(pageQuery({ limit: '20', cursor: 'c' })).toEqual({ limit: 20, cursor: 'c' });
    expect(refusal(() => pageQuery({ limit: '0' }))).toBe('limit must be a whole number from 1 to 200');
    expect(refusal(() => pageQuery({ limit: '1.5' }))).toBe('limit must be a whole number from 1 to 200');
    expect(refusal(() => pageQuery({ limit: ['1', '2'] }))).toBe(
      'limit must be given once, at most 10 characters',
    );
    expect(refusal(() => pageQuery({ limit: 'x', cursor: 'c'.repeat(1001) }))).toBe(
      'cursor must be given once, at most 1000 characters',
    );
  });

  it('search, flags, severity and event type', () => {
    expect(searchQuery({ search: 'abcd' })).toBe('abcd');
    expect(searchQuery({})).toBeNull();
    expect([flagQuery({}, 'unresolved'), severityQuery({}), eventTypeQuery({})]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(flagQuery({ unresolved: '1' }, 'unresolved')).toBe(true);
    expect(flagQuery({ unresolved: 'false' }, 'unresolved')).toBe(false);
    expect(flagQuery({ unresolved: '' }, 'unresolved')).toBeUndefined();
    expect(refusal(() => flagQuery({ unresolved: 'yes' }, 'unresolved'))).toBe('unresolved must be 1 or 0');
    expect(severityQuery({ severity: 'critical' })).toBe('critical');
    expect(refusal(() => severityQuery({ severity: 'loud' }))).toMatch(/^severity must be one of /);
    expect(eventTypeQuery({ type: 'server_started' })).toBe('server_started');
    expect(refusal(() => eventTypeQuery({ type: 'Bad Type' }))).toBe(
      'type must be an event type: lower-case letters, digits and underscores',
    );
  });

  it('a ban target is exactly one valid wallet or ip; ids are UUIDs; a body is an object', () => {
    expect(banTargetQuery({ ip: '10.0.0.1' })).toEqual({ kind: 'ip', value: '10.0.0.1' });
    expect(refusal(() => banTargetQuery({}))).toBe(BAN_TARGET_REQUIRED);
    expect(refusal(() => banTargetQuery({ wallet: 'w', ip: '10.0.0.1' }))).toBe(BAN_TARGET_REQUIRED);
    expect(refusal(() => banTargetQuery({ ip: 'nope' }))).toBe('A valid IP address is required');
    expect(refusal(() => banTargetQuery({ wallet: 'nope' }))).toBe('A valid wallet address is required');
    expect(uuidInput('0F8FAD5B-D9CB-469F-A165-70867728950E', 'game id')).toBe(
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    expect(refusal(() => uuidInput('x', 'game id'))).toBe('A valid game id is required');
    expect(refusal(() => uuidInput(7, 'event id'))).toBe('A valid event id is required');
    expect(bodyObject({ a: 1 })).toEqual({ a: 1 });
    expect(refusal(() => bodyObject([]))).toBe('The request body must be a JSON object');
    expect(refusal(() => bodyObject(null))).toBe('The request body must be a JSON object');
  });

  it('an action body is an object first, then its fields are refused in the order the body names them', () => {
    const body = actionBody({
      flagId: uuidField('flag id'),
      resolution: requiredTextField('A resolution is required'),
    });
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(bodyOf(body, { flagId: id.toUpperCase(), resolution: ' done ', extra: 1 })).toEqual({
      flagId: id,
      resolution: 'done',
    });
    expect(refusal(() => bodyOf(body, 'x'))).toBe('The request body must be a JSON object');
    expect(refusal(() => bodyOf(body, {}))).toBe('A valid flag id is required');
    expect(refusal(() => bodyOf(body, { flagId: id }))).toBe('A resolution is required');
    expect(refusal(() => bodyOf(body, { flagId: id, resolution: '   ' }))).toBe('A resolution is required');
  });
});
