CREATE TABLE "insights_daily_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "insights_daily_pages_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "insights_daily_sources" (
	"day" date NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"ref" text,
	"visitors" integer NOT NULL,
	"page_views" integer NOT NULL,
	"viewing_visitors" integer NOT NULL,
	"dialog_visitors" integer NOT NULL,
	"applying_visitors" integer NOT NULL,
	"lead_visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_rolled_up_days" (
	"day" date PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"complete" boolean NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "beta_applications" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "community_waitlist" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "from_post_id" bigint;--> statement-breakpoint
CREATE INDEX "insights_daily_sources_day_idx" ON "insights_daily_sources" USING btree ("day");--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_from_post_id_blog_posts_id_fk" FOREIGN KEY ("from_post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_visitor_idx" ON "analytics_events" USING btree ("visitor_hash","created_at");