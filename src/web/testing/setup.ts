// Component tests (vitest.web.config.ts): the app's stylesheet, so hidden means hidden, and a
// clean page after every test.
import '../styles.css';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetScreen } from './render';

// No animations or transitions: axe measures colour contrast on what is painted now, and a toast
// or dialog caught half-faded-in reads as a contrast failure the settled screen does not have.
const still = document.createElement('style');
still.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }';
document.head.appendChild(still);

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
