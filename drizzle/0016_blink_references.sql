CREATE TABLE "challenge_action_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"challenge_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
