/** Says once per run which database the server and job tests use, and how to choose the other. */
export default function announceDatabase(): void {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { host, pathname } = new URL(url);
    console.info(`server and job tests: PostgreSQL at ${host}${pathname} (TEST_DATABASE_URL)`);
  } else {
    console.info(
      'server and job tests: PGlite in memory; set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL',
    );
  }
}
