// Set up for the jsdom and Chromium projects: `findBy…` and `waitFor` give up after 5 s.
// Testing Library's 1 s is a ceiling that a busy two-core CI machine running Chromium beside
// jsdom went past (an answer arriving in 2.9 s); a test that passes waits no longer for it, and
// one that fails still fails.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
