import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('both read into config.admin, the e-mail lower-cased; unset by default', () => {
    expect(loadConfig({}).admin).toEqual({ email: undefined, password: undefined });
    expect(loadConfig({ ADMIN_EMAIL: ' Ops@Pong.Example ', ADMIN_PASSWORD: 'twelve chars!' }).admin).toEqual({
      email: 'ops@pong.example',
      password: 'twelve chars!',
    });
  });

  it('a short password is refused without being echoed, and a password needs an e-mail', () => {
    const short = () => loadConfig({ ADMIN_EMAIL: 'ops@pong.example', ADMIN_PASSWORD: 'hunter2' });
    expect(short).toThrow(ConfigError);
    expect(short).toThrow(/ADMIN_PASSWORD must be at least 12 characters long \(got "\[hidden\]"\)/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'a long password here' })).toThrow(
      /ADMIN_EMAIL is required when ADMIN_PASSWORD is set/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL must be an e-mail/);
  });
});
