CREATE TABLE "selftest_results" (
	"id" uuid PRIMARY KEY NOT NULL,
	"worker_pid" integer NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
