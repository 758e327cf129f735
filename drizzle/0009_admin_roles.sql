ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_known" CHECK ("admin_users"."role" in ('owner', 'admin', 'support', 'viewer'));--> statement-breakpoint
UPDATE "admin_users" SET "role" = 'owner' WHERE "id" = (SELECT "id" FROM "admin_users" ORDER BY "created_at", "id" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "admin_users" WHERE "role" = 'owner');
