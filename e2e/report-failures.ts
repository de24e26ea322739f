import { afterEach } from 'vitest';
import { runningServers } from './harness';

/** Lines of a server's log printed with a failed test: its last requests (with their times) and errors. */
const LOG_LINES = 40;

// A test that fails under load is a race to find: the server's side of it goes with the failure.
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const server of runningServers)
    console.error(
      `--- the last ${LOG_LINES} lines of the log of the server at ${server.url} ---\n${server
        .output()
        .trimEnd()
        .split('\n')
        .slice(-LOG_LINES)
        .join('\n')}`,
    );
});
