import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/**
 * Writes each message as JSON into a folder, so password reset works with no mail server: the log names the file,
 * never the links in it (a reset link is a credential, and logs travel further than the data folder).
 */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true });
      const links = message.text.match(linkPattern) ?? [];
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(dir, `${Date.now()}-${safeTo}.json`);
      await writeFile(file, JSON.stringify({ from, ...message, links, sentAt: new Date().toISOString() }, null, 2));
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox (open the file for its links)');
    },
  };
}
