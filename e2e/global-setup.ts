import { hasChromium, SKIP_LINE } from './harness';

/** Says once per run, not once per file, that the e2e tests are skipped and how to fix it. */
export default function setup(): void {
  if (!hasChromium) console.info(SKIP_LINE);
}
