ALTER TABLE "game_sessions" ADD COLUMN "node_id" text;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "node_id" text;