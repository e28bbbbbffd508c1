ALTER TABLE "beta_applications" ADD COLUMN "assigned_to" bigint;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD COLUMN "assigned_to" bigint;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "assigned_to" bigint;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "assigned_to" bigint;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD CONSTRAINT "beta_applications_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD CONSTRAINT "community_waitlist_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beta_applications_assigned_idx" ON "beta_applications" USING btree ("assigned_to","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "beta_applications"."assigned_to" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "community_waitlist_assigned_idx" ON "community_waitlist" USING btree ("assigned_to","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_waitlist"."assigned_to" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_assigned_idx" ON "contact_messages" USING btree ("assigned_to","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contact_messages"."assigned_to" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_assigned_idx" ON "newsletter_subscribers" USING btree ("assigned_to","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "newsletter_subscribers"."assigned_to" IS NOT NULL;