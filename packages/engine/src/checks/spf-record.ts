import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: RFC 7208 §4.6.4 allows 10 DNS-querying terms. */
export const thresholds = { maxLookups: 10 };

const messages = {
  lookupFailed: 'The DNS lookup for {domain} failed ({error}), so SPF and DMARC could not be checked.',
  none: 'The domain {domain} has no SPF record: anyone can send mail that claims to come from it.',
  several:
    'The domain {domain} has {count} SPF records; receivers treat that as an error and may reject its mail.',
  tooManyLookups:
    'The SPF record needs {lookups} DNS lookups, over the limit of {max}: receivers stop evaluating it and treat it as an error.',
  permissive: 'The SPF record ends in “{all}”, which lets any server send as {domain}.',
  neutralEnd:
    'The SPF record has no -all or ~all at the end, so mail from other servers is not marked as suspicious.',
  noDmarc:
    'The SPF record is sound, but {domain} has no DMARC record telling receivers what to do with mail that fails it.',
  ok: 'The domain {domain} has one SPF record and a DMARC policy.',
};

/** The qualifier of the record's `all` term, if any. */
function allTerm(record: string): string | null {
  return (
    record
      .trim()
      .split(/\s+/)
      .find((term) => /^[+\-~?]?all$/i.test(term)) ?? null
  );
}

export const spfRecord = defineCheck({
  key: 'spf-record',
  title: 'SPF (and DMARC)',
  category: 'server-security',
  relevance: 3,
  scope: 'origin',
  requires: ['dns'],
  description:
    'SPF is a DNS record listing the servers allowed to send e-mail for the domain; DMARC tells receivers what to do with mail that fails the check. Without them, spammers can send mail in the site’s name, and its own mail lands in spam.',
  recommendation: 'Publish one SPF record ending in -all or ~all, and a DMARC record.',
  howToFix:
    'Add a TXT record at the domain such as <code>v=spf1 include:_spf.google.com -all</code>, listing every service that sends your mail (your mail host, newsletter tool, shop). Keep it to one record and under 10 DNS lookups; merge several records into one. Then add a TXT record at <code>_dmarc.example.com</code>, starting with <code>v=DMARC1; p=none; rua=mailto:dmarc@example.com</code> and tightening to <code>p=quarantine</code> or <code>p=reject</code> once the reports look clean.',
  evaluate({ dns }, { format }) {
    const data = { spf_record: dns.spf[0] ?? null, dmarc_record: dns.dmarc[0] ?? null };
    if (dns.error)
      return notApplicable(format(messages.lookupFailed, { domain: dns.domain, error: dns.error }), data);
    const domain = dns.domain;
    if (dns.spf.length === 0) return failed(format(messages.none, { domain }), data);
    if (dns.spf.length > 1) return failed(format(messages.several, { domain, count: dns.spf.length }), data);
    const all = allTerm(dns.spf[0]!);
    if (dns.spfLookups !== null && dns.spfLookups > thresholds.maxLookups)
      return warning(
        format(messages.tooManyLookups, { lookups: dns.spfLookups, max: thresholds.maxLookups }),
        data,
      );
    if (all && /^[+?]?all$/i.test(all)) return warning(format(messages.permissive, { all, domain }), data);
    if (!all && !/redirect=/i.test(dns.spf[0]!)) return warning(messages.neutralEnd, data);
    if (dns.dmarc.length === 0) return warning(format(messages.noDmarc, { domain }), data);
    return passed(format(messages.ok, { domain }), data);
  },
});
