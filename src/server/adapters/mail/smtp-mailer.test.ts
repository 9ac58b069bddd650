import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp } from '../../test/test-app';
import { createSmtpMailer } from './smtp-mailer';

interface Received {
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP mail', () => {
  it('delivers a message over SMTP', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Resale Studio <no-reply@example.com>');
    await mailer.send({ to: 'seller@example.com', subject: 'Hello', text: 'Body text' });
    await mailer.close?.();
    const mail = received.find((m) => m.to.includes('seller@example.com'));
    expect(mail?.raw).toContain('Subject: Hello');
    expect(mail?.raw).toContain('Body text');
  });

  it('sends the password reset link over SMTP when SMTP_URL is set', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const user = await t.makeUser({ email: 'smtp-reset@example.com' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: user.email, redirectTo: '/reset-password' },
      });
      expect(res.statusCode).toBe(200);
      const mail = received.find((m) => m.to.includes(user.email));
      expect(mail?.raw).toMatch(/reset-password\/[\w-]+/);
    } finally {
      await t.close();
    }
  });
});
