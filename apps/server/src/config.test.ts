import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.WEB_DIST).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads a PostgreSQL URL and coerces numbers', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', PORT: '8080' });
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.PORT).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT must be a number \(got "eighty"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT must be at most 65535 \(got "70000"\)$/],
    [
      { LOG_LEVEL: 'loud' },
      /^Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, .*\(got "loud"\)$/,
    ],
    [
      { DATABASE_URL: 'mysql://root@localhost/db' },
      /^Invalid configuration: DATABASE_URL must be a postgres/,
    ],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
    [
      {
        NODE_ENV: 'production',
        BILLING_PROVIDER: 'none',
        FETCH_ALLOW_PRIVATE: '127.0.0.1:8081',
        AUTH_SECRET: 'x'.repeat(32),
      },
      /^Invalid configuration: FETCH_ALLOW_PRIVATE must not be set when NODE_ENV=production/,
    ],
    [{ FETCH_ALLOW_PRIVATE: '127.0.0.1:notaport' }, /^Invalid configuration: FETCH_ALLOW_PRIVATE/],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) },
      /^Invalid configuration: NODE_ENV=production needs BILLING_PROVIDER set: recurly for real payments, none for no billing, or sandbox to let test cards buy any plan$/,
    ],
    [
      {
        NODE_ENV: 'production',
        BILLING_PROVIDER: 'none',
        FETCH_CONNECT_TO: 'shop.example.com:80:127.0.0.1:8081',
        AUTH_SECRET: 'x'.repeat(32),
      },
      /^Invalid configuration: FETCH_CONNECT_TO must not be set when NODE_ENV=production/,
    ],
    [
      { FETCH_CONNECT_TO: 'shop.example.com:80:127.0.0.1' },
      /^Invalid configuration: FETCH_CONNECT_TO: "shop.example.com:80:127.0.0.1"/,
    ],
  ])('stops with one line naming the variable for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('PROBE_REGIONS', () => {
  it('names the one region the embedded start probes from, us-east-1 by default, or none', () => {
    expect(loadConfig({}).PROBE_REGIONS).toBe('us-east-1');
    expect(loadConfig({ PROBE_REGIONS: ' eu-west-1 ' }).PROBE_REGIONS).toBe('eu-west-1');
    expect(loadConfig({ PROBE_REGIONS: 'none' }).PROBE_REGIONS).toBeNull();
  });

  it('refuses more than one region, naming the setting: a probe stands in one place', () => {
    const twice = () => loadConfig({ PROBE_REGIONS: 'us-east-1,eu-west-1' });
    expect(twice).toThrow(ConfigError);
    expect(twice).toThrow(
      'Invalid configuration: PROBE_REGIONS names one region or none: a probe measures from where it runs, so start `sitelens probe --region <code>` on a machine in each other region (got "us-east-1,eu-west-1")',
    );
    expect(() => loadConfig({ PROBE_REGIONS: 'mars-1' })).toThrow(
      /^Invalid configuration: PROBE_REGIONS "mars-1" is not a monitoring region/,
    );
  });
});

describe('FETCH_CONNECT_TO', () => {
  it('is accepted outside production, for local demos and tests', () => {
    const value = 'shop.example.com:80:127.0.0.1:8081,shop.example.com:443:127.0.0.1:8443';
    expect(loadConfig({ FETCH_CONNECT_TO: value }).FETCH_CONNECT_TO).toBe(value);
  });
});

describe('FETCH_ALLOW_PRIVATE', () => {
  it('is accepted outside production, for local demos and tests', () => {
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: '127.0.0.1:8081' }).FETCH_ALLOW_PRIVATE).toBe('127.0.0.1:8081');
  });
});

describe('BILLING_PROVIDER under NODE_ENV=production', () => {
  it('takes the sandbox when the operator names it, and every provider named', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, BILLING_PROVIDER: 'sandbox' }).BILLING_PROVIDER).toBe('sandbox');
    expect(loadConfig({ ...production, BILLING_PROVIDER: 'none' }).BILLING_PROVIDER).toBe('none');
    // Outside production the sandbox stays the default: a fresh install sells nothing for real.
    expect(loadConfig({}).BILLING_PROVIDER).toBe('sandbox');
  });
});
