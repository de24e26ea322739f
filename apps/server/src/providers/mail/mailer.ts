import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail carries, logged so a local user without SMTP can follow them. */
  links: string[];
  /** Files sent with the mail (the outbox keeps their names and sizes, not their bytes). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** When its links stop working (a reset's or an invitation's token): the outbox drops it then. */
  expiresAt?: Date;
}

/** What the outbox keeps of a link in a mail that was sent: the mail server has the link. */
export const LINK_REMOVED = '[link removed]';

/** The mail with its links taken out of the text, the HTML (escaped there) and the list. */
function withoutLinks(mail: Mail): Pick<Mail, 'text' | 'html' | 'links'> {
  let { text, html } = mail;
  // Longest first: a link that starts another is not cut in two.
  for (const link of [...mail.links].sort((a, b) => b.length - a.length)) {
    text = text.replaceAll(link, LINK_REMOVED);
    html = html.replaceAll(escapeHtml(link), LINK_REMOVED).replaceAll(link, LINK_REMOVED);
  }
  return { text, html, links: [] };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail goes into the outbox table. With `SMTP_URL` it is sent through nodemailer and the
 * outbox keeps it without its links (a reset or an invitation link is a key: the mail server has
 * it, the database need not). Without SMTP, one log line names the recipient, the subject and the
 * links (the operator passes them on), and the row keeps them until they stop working.
 */
export function createMailer(options: {
  database: Database;
  logger: Logger;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const { database, logger } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const kept = transport ? withoutLinks(mail) : mail;
      const [row] = await database.query<{ id: string }>(
        `insert into mail_outbox (recipient, subject, text, html, links, attachments, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          mail.to,
          mail.subject,
          kept.text,
          kept.html,
          JSON.stringify(kept.links),
          JSON.stringify(
            (mail.attachments ?? []).map((file) => ({
              filename: file.filename,
              content_type: file.contentType,
              bytes: file.content.length,
            })),
          ),
          transport ? null : (mail.expiresAt ?? null),
        ],
      );
      if (!transport) {
        logger.info(
          { to: mail.to, subject: mail.subject, links: mail.links },
          `mail kept in the outbox (no SMTP_URL): ${mail.subject}`,
        );
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
        });
        await database.query('update mail_outbox set sent_at = now() where id = $1', [row!.id]);
      } catch (error) {
        await database.query('update mail_outbox set error = $2 where id = $1', [
          row!.id,
          (error as Error).message,
        ]);
        throw error;
      }
    },
  };
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A short mail with one call to action, as text and HTML. */
export function actionMail(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): Mail {
  const text = `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n\n— Sitelens\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2329;line-height:1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#8a9099;font-size:13px">Or open this link: ${escapeHtml(action.url)}</p>
<p>— Sitelens</p></body></html>`;
  return { to, subject, text, html, links: [action.url] };
}
