CREATE TABLE "job_runs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"host" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
