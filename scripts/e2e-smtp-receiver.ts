import http from 'node:http';
import { startReceiver } from '../src/server/testing/smtp-receiver.ts';

/**
 * The end-to-end tests' mail server: a real SMTP receiver (smtp-server) on loopback that the e2e
 * servers send to, and a small HTTP endpoint on loopback where the specs read what arrived.
 *   E2E_SMTP_PORT  SMTP port;  E2E_MAIL_API_PORT  HTTP port (GET /messages, GET /health)
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const apiPort = Number(process.env.E2E_MAIL_API_PORT);
if (!smtpPort || !apiPort) {
  console.error('Set E2E_SMTP_PORT and E2E_MAIL_API_PORT');
  process.exit(1);
}

const receiver = await startReceiver({ port: smtpPort });
const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (req.url?.startsWith('/messages')) {
    const list = receiver.messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, receivedAt: m.receivedAt }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  res.writeHead(404).end();
});
server.listen(apiPort, '127.0.0.1', () =>
  console.log(`SMTP receiver on 127.0.0.1:${smtpPort}, messages at http://127.0.0.1:${apiPort}/messages`),
);
const stop = () => {
  server.close();
  void receiver.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
