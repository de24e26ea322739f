import { describe, expect, it } from 'vitest';
import type { DnsArtifact } from '../artifacts';
import { format } from './define-check';
import { spfRecord } from './spf-record';

const run = (dns: Partial<DnsArtifact>) =>
  spfRecord.evaluate(
    {
      dns: {
        domain: 'example.com',
        spf: ['v=spf1 include:_spf.google.com -all'],
        spfLookups: 1,
        dmarc: ['v=DMARC1; p=reject'],
        error: null,
        ...dns,
      },
    },
    { format },
  );

describe('spf-record', () => {
  it('passes one strict SPF record with a DMARC policy', () => {
    expect(run({})).toEqual({
      status: 'passed',
      message: 'The domain example.com has one SPF record and a DMARC policy.',
      data: { spf_record: 'v=spf1 include:_spf.google.com -all', dmarc_record: 'v=DMARC1; p=reject' },
    });
    expect(run({ spf: ['v=spf1 mx ~all'] }).status).toBe('passed');
  });

  it('fails no SPF record, or several', () => {
    expect(run({ spf: [] })).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('example.com has no SPF record'),
      data: { spf_record: null },
    });
    expect(run({ spf: ['v=spf1 -all', 'v=spf1 mx -all'] }).message).toContain('has 2 SPF records');
  });

  it('warns about +all or ?all, over 10 lookups, or no DMARC', () => {
    expect(run({ spf: ['v=spf1 +all'] })).toMatchObject({
      status: 'warning',
      message: 'The SPF record ends in “+all”, which lets any server send as example.com.',
      data: { spf_record: 'v=spf1 +all' },
    });
    expect(run({ spf: ['v=spf1 mx all'] }).status).toBe('warning');
    expect(run({ spf: ['v=spf1 mx ?all'] }).status).toBe('warning');
    expect(run({ spfLookups: 12 }).message).toContain('12 DNS lookups, over the limit of 10');
    expect(run({ spfLookups: 10 }).status).toBe('passed');
    expect(run({ spf: ['v=spf1 mx'] }).message).toContain('no -all or ~all at the end');
    expect(run({ spf: ['v=spf1 redirect=_spf.example.net'] }).status).toBe('passed');
    expect(run({ dmarc: [] })).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('example.com has no DMARC record'),
      data: { dmarc_record: null },
    });
  });

  it('does not blame the site when DNS itself failed', () => {
    expect(run({ error: 'ETIMEOUT', spf: [], dmarc: [] })).toEqual({
      status: 'skipped',
      message: 'The DNS lookup for example.com failed (ETIMEOUT), so SPF and DMARC could not be checked.',
      data: { spf_record: null, dmarc_record: null },
    });
  });
});
