import { test } from './arabic';
import { messagesInArabic } from './messages-ar-flow';

/** Secure messages in Arabic at desktop width (issue 16); the flow is in messages-ar-flow.ts. */
test('an investor sends a secure message in Arabic; an admin reads it and replies in Arabic', async ({ page, browser }, testInfo) => {
  await messagesInArabic(page, browser, testInfo, { width: 1280, height: 800 });
});
