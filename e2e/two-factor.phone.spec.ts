import { test } from '@playwright/test';
import { enrolAndSignIn } from './two-factor-flow';

test('phone: an admin enrols in two-factor, then signs in with a code and with a recovery code; wrong codes are refused', async ({
  page,
}) => {
  await enrolAndSignIn(page, 'phone');
});
