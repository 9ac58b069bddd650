import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/** Writes each message as JSON into a folder and logs its links: password reset works with no mail server. */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true });
      const links = message.text.match(linkPattern) ?? [];
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(dir, `${Date.now()}-${safeTo}.json`);
      await writeFile(file, JSON.stringify({ from, ...message, links, sentAt: new Date().toISOString() }, null, 2));
      log.info({ to: message.to, subject: message.subject, links, file }, 'mail written to outbox');
    },
  };
}
