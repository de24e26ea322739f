import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { purgeExpired } from '../../platform/purge';
import { createTestDatabase } from '../../test/db';
import { startSmtpCapture } from '../../test/smtp';
import { actionMail, createMailer, LINK_REMOVED } from './mailer';

let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  smtp.close();
  await database.close();
});

const mail = actionMail(
  'someone@example.test',
  'Reset your Sitelens password',
  ['Hello <Ada>,', 'Use the link.'],
  {
    label: 'Choose a new password',
    url: 'http://sitelens.test/reset-password/abc',
  },
);

describe('the mailer', () => {
  it('sends through SMTP as text and HTML, and records the mail as sent', async () => {
    const mailer = createMailer({
      database,
      logger: pino({ level: 'silent' }),
      smtpUrl: smtp.url,
      from: 'Sitelens <no-reply@sitelens.test>',
    });
    await mailer.send(mail);
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got!.subject).toBe('Reset your Sitelens password');
    expect(got!.from?.value).toEqual([{ name: 'Sitelens', address: 'no-reply@sitelens.test' }]);
    expect(got!.text).toContain('Choose a new password: http://sitelens.test/reset-password/abc');
    expect(got!.html).toContain('href="http://sitelens.test/reset-password/abc"');
    expect(got!.html).toContain('Hello &#60;Ada&#62;,'); // text is escaped in the HTML part
    const [row] = await database.query<{ sent_at: Date | null; text: string; html: string; links: string[] }>(
      'select sent_at, text, html, links from mail_outbox where recipient = $1',
      ['someone@example.test'],
    );
    expect(row!.sent_at).toBeInstanceOf(Date);
    // What was sent is kept, its key-like link not: the mail server has it.
    expect(row!.text).toContain(`Choose a new password: ${LINK_REMOVED}`);
    expect(`${row!.text}${row!.html}${row!.links.join()}`).not.toContain('reset-password/abc');
    expect(row!.links).toEqual([]);
  });

  it('without SMTP keeps the mail in the outbox and logs one line with its links', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ database, logger, from: 'x <x@x.test>' });
    await mailer.send({ ...mail, to: 'local@example.test' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      to: 'local@example.test',
      subject: 'Reset your Sitelens password',
      links: ['http://sitelens.test/reset-password/abc'],
    });
    const rows = await database.query<{ sent_at: Date | null; links: string[] }>(
      'select sent_at, links from mail_outbox where recipient = $1',
      ['local@example.test'],
    );
    expect(rows).toEqual([{ sent_at: null, links: ['http://sitelens.test/reset-password/abc'] }]);
  });

  it('without SMTP keeps the links only until they stop working; the purge drops them then', async () => {
    const mailer = createMailer({ database, logger: pino({ level: 'silent' }), from: 'x <x@x.test>' });
    await mailer.send({ ...mail, to: 'soon@example.test', expiresAt: new Date(Date.now() + 60 * 60_000) });
    await mailer.send({ ...mail, to: 'over@example.test', expiresAt: new Date(Date.now() - 1_000) });
    await mailer.send({ ...mail, to: 'old@example.test', links: [] });
    await database.query(
      `update mail_outbox set created_at = now() - interval '31 days' where recipient = 'old@example.test'`,
    );
    await database.query(
      `insert into rate_limits (key, window_start, count) values ('old', now() - interval '2 days', 3),
              ('current', now(), 1)`,
    );
    const purged = await purgeExpired(database.query);
    expect(purged).toMatchObject({ mail_outbox: 2, rate_limits: 1 });
    const left = await database.query<{ recipient: string }>(
      `select recipient from mail_outbox where recipient in ('soon@example.test', 'over@example.test', 'old@example.test')`,
    );
    expect(left).toEqual([{ recipient: 'soon@example.test' }]);
    expect(await database.query('select key from rate_limits order by key')).toEqual([{ key: 'current' }]);
  });
});
