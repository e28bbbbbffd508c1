ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Subscribers from before double opt-in signed up under the old rules and were sent a welcome email: they count as confirmed.
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at";
