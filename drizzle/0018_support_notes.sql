CREATE TABLE "support_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_kind" text NOT NULL,
	"target" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_notes_target_kind_known" CHECK ("support_notes"."target_kind" in ('wallet', 'game')),
	CONSTRAINT "support_notes_body_length" CHECK (char_length("support_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE INDEX "support_notes_target_created_at_idx" ON "support_notes" USING btree ("target_kind","target","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Append-only: a note is never edited or deleted, whoever asks (the product has no such route either).
CREATE FUNCTION "support_notes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'support notes are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "support_notes_append_only" BEFORE UPDATE OR DELETE ON "support_notes"
FOR EACH ROW EXECUTE FUNCTION "support_notes_append_only"();
