// Component tests (vitest.web.config.ts): the app's stylesheet, so hidden means hidden, and a
// clean page after every test.
import '../styles.css';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetScreen } from './render';

afterEach(async () => {
  await resetScreen();
});

// A failed query names what it looked for, without printing the whole page.
configure({
  getElementError: (message) => {
    const error = new Error((message ?? '').split('\n\n')[0]);
    error.name = 'TestingLibraryElementError';
    return error;
  },
});
