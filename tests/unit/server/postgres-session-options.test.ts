import { describe, expect, it } from 'vitest';
import { sessionOptions } from '../../../server/db/postgres.ts';

describe('PostgreSQL session options', () => {
  it.each([
    ['a plain URL', 'postgres://postgres@127.0.0.1:5432/test', undefined, 'postgres://postgres@127.0.0.1:5432/test', '-c jit=off'],
    ['a schema of its own', 'postgres://postgres@127.0.0.1:5432/test', 'api_1', 'postgres://postgres@127.0.0.1:5432/test', '-c jit=off -c search_path="api_1"'],
    ['options the URL gives are kept', 'postgres://postgres@127.0.0.1:5432/test?options=-c%20search_path%3Dbench&sslmode=disable', undefined,
      'postgres://postgres@127.0.0.1:5432/test?sslmode=disable', '-c search_path=bench -c jit=off'],
    ['an encoded password stays encoded', 'postgres://app:p%40ss%2Fword@db.internal:5432/console', undefined, 'postgres://app:p%40ss%2Fword@db.internal:5432/console', '-c jit=off'],
    ['a socket path is passed as it is', '/var/run/postgresql', undefined, '/var/run/postgresql', '-c jit=off'],
  ])('%s', (_, url, schema, connectionString, options) => {
    expect(sessionOptions(url, schema)).toEqual({ connectionString, options });
  });
});
