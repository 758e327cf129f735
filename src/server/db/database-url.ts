/**
 * A PostgreSQL URL reduced to host, port and database, for logs and error messages: the URL itself may
 * carry a password.
 */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const port = url.port || '5432';
    const database = url.pathname.replace(/^\//, '');
    return `${url.hostname}:${port}${database ? `/${database}` : ''}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
