/**
 * Component tests (jsdom) wait up to 10 s for what they expect to appear, not Testing Library's default 1 s:
 * CI shares two cores with browsers and databases, and a test must pass on a busy machine too. A test that
 * waits for something that never comes still fails, only later.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
