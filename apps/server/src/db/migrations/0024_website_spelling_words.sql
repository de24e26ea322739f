CREATE TABLE "website_spelling_words" (
	"website_id" uuid NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_spelling_words_website_id_word_pk" PRIMARY KEY("website_id","word")
);
--> statement-breakpoint
ALTER TABLE "website_spelling_words" ADD CONSTRAINT "website_spelling_words_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;