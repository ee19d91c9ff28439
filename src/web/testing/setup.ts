// Component tests (vitest.web.config.ts): the app's stylesheet, so hidden means hidden, and a
// clean page after every test.
import '../styles.css';
import { afterEach } from 'vitest';
import { resetScreen } from './render';

afterEach(async () => {
  await resetScreen();
});
