CREATE INDEX "games_id_prefix_idx" ON "games" USING btree (CAST("id" AS text) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_id_suffix_idx" ON "games" USING btree (reverse(CAST("id" AS text)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_player1_prefix_idx" ON "games" USING btree ("player1_wallet" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_player1_suffix_idx" ON "games" USING btree (reverse("player1_wallet") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_player2_prefix_idx" ON "games" USING btree ("player2_wallet" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_player2_suffix_idx" ON "games" USING btree (reverse("player2_wallet") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_player1_entry_transaction_idx" ON "games" USING btree ("player1_entry_transaction_id");--> statement-breakpoint
CREATE INDEX "games_player2_entry_transaction_idx" ON "games" USING btree ("player2_entry_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_wallet_prefix_idx" ON "transactions" USING btree ("wallet_address" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_wallet_suffix_idx" ON "transactions" USING btree (reverse("wallet_address") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_signature_prefix_idx" ON "transactions" USING btree ("transaction_signature" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_signature_suffix_idx" ON "transactions" USING btree (reverse("transaction_signature") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ip_addresses_ip_prefix_idx" ON "ip_addresses" USING btree ("ip_address" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ip_addresses_ip_suffix_idx" ON "ip_addresses" USING btree (reverse("ip_address") text_pattern_ops);